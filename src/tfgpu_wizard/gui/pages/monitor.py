"""Monitor page: the live memory chart, the sample's controls, live numbers, earlier runs faded.

Data flows in two ways, both ending in ``MemoryChart.add_sample`` on the GUI thread:

* the bundled sample (``target/sample.py``) under ``TargetProcess``: its JSON-line events carry
  loss, images/s, step time and TensorFlow's own current/peak memory;
* GPU readings from the core sampler's own thread (``core.monitor.sampler``), polled from its buffer
  by a GUI timer at 10 Hz, or a saved run / bundled recording replayed through ``core.monitor.runs``.

The chart repaints on its own timer at ~3 Hz whatever the sampling rate.
"""

from __future__ import annotations

import logging
import math
import time
from pathlib import Path
from typing import Any

import numpy as np
from PySide6.QtCore import QCoreApplication, Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFileDialog,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
)

from tfgpu_wizard.core.monitor.progress import progress_memory
from tfgpu_wizard.core.paths import target_script
from tfgpu_wizard.core.target.runner import ConfigError, sample_argv
from tfgpu_wizard.core.target.sampleopts import BACKEND_MODE_TEXT, DEFAULT_MEMORY, MEMORY_MODES, MODE_TEXT  # noqa: F401
from tfgpu_wizard.gui.advice import advice_for
from tfgpu_wizard.gui.chart import MemoryChart
from tfgpu_wizard.gui.compare_table import CompareRow, CompareTable
from tfgpu_wizard.gui.widgets import Page, heading, verdict_html, wrap_label
from tfgpu_wizard.gui.workers import FinishInfo, TargetProcess

MIB = 1024 * 1024


def _t(text: str) -> str:
    return QCoreApplication.translate("MonitorPage", text)


def pick(ev: dict[str, Any], *keys: str) -> Any:
    """First present key of an event (the sample protocol names are read tolerantly)."""
    for k in keys:
        if k in ev and ev[k] is not None:
            return ev[k]
    return None


# The explanation table lives in core (one home for the CLI and the window); shown here translated.


# Keras backend of the sample -> (combo text, whose allocator the framework memory series show)
BACKEND_NAMES = {"tensorflow": ("TensorFlow", "TensorFlow"), "jax": ("JAX (Keras 3)", "JAX"),
                 "torch": ("PyTorch (Keras 3)", "PyTorch")}
_FRAMEWORK_SHORT = {"TensorFlow": "TF", "JAX": "JAX", "PyTorch": "PyTorch"}  # the run box is narrow


def snapshot_rows(snaps, t0: float, scale: float = 1.0) -> list[tuple[float, dict[str, float | None]]]:
    """Core ``GpuSnapshot``s (bytes, one per GPU per tick) -> chart rows (seconds since ``t0``, MiB).

    ``scale``: a replay at N x real time has its snapshot times compressed N-fold; multiplying by N
    gives the recorded time axis back.
    """
    rows: list[tuple[float, dict[str, float | None]]] = []
    last_t = None
    for s in snaps:
        if s.t != last_t:
            rows.append(((s.t - t0) * scale, {}))
            last_t = s.t
        vals = rows[-1][1]
        g = s.gpu
        vals[f"gpu{g}.used"] = None if s.mem_used is None else s.mem_used / MIB
        vals[f"gpu{g}.total"] = None if s.mem_total is None else s.mem_total / MIB
        vals[f"gpu{g}.proc"] = None if s.pid_mem is None else s.pid_mem / MIB
        vals[f"gpu{g}.util"] = s.util_gpu
    return rows


def event_memory_rows(events, t0: float) -> tuple[list[tuple[float, dict[str, float | None]]], str]:
    """A run file's events -> chart rows of the framework's own current/peak memory (MiB), and its name
    (``core.monitor.progress.memory_rows``: the sample's ``progress`` memory summed over the GPUs, or the PyTorch/JAX
    recordings' ``step`` events). ``t0``: the run time of the chart's first row."""
    from tfgpu_wizard.core.monitor.progress import memory_rows

    return memory_rows(events, t0)


class MonitorPage(Page):
    SAMPLE_TIMEOUT_S = 1800.0
    REPLAY_SPEED = math.inf  # a recording replays through the core sampler at once, recorded times kept
    replay_done = Signal(bool)

    def __init__(self, state, parent=None) -> None:
        super().__init__(parent)
        self.state = state
        self.proc = TargetProcess(self)
        self.proc.event.connect(self._on_event)
        self.proc.text.connect(self._on_text)
        self.proc.finished.connect(self._on_finished)
        self._t0: float | None = None
        self._run_label = ""
        self._run_style: tuple[str, str] = ("", "")  # (memory mode, precision) of the current run: its overlay look
        self._run_stats = None  # core.monitor.compare.RunStats of the current run (opened, or finished); None while live
        self._cpu_run = False  # the current live run trains on the CPU: chart its host RAM (core.monitor.procmem)
        self._train_pid: int | None = None
        self._last: dict[str, Any] = {}
        self._error_event: dict[str, Any] | None = None
        self._warnings: list[dict[str, Any]] = []  # the sample's warnings (e.g. "trains on the CPU"), shown in the run box
        self._sampler = None
        self._sampler_t = 0.0  # monotonic time of the last snapshot pulled from the sampler
        self._replay = None
        self._poll = QTimer(self)
        self._poll.setInterval(100)  # 10 Hz: pull new GPU readings from the sampler's buffer
        self._poll.timeout.connect(self._poll_sampler)
        self.last_finish: FinishInfo | None = None
        self._gpu_note_state: tuple[str, str] = ("", "")
        self._recorder = None  # core.monitor.runs.RunRecorder of the running sample
        self._config = None  # core.target.runner.SampleConfig of the running / last sample (its run file stores it)
        self._unsaved = None  # core.monitor.runs.RunRecorder whose file could not be written (kept in memory)
        self._showing: tuple[str, str] | None = None  # (file name, GPU names) of an opened run/recording
        self._opened: dict[str, Any] | None = None  # the opened run's end line and read problems
        self.last_run_path: Path | None = None  # the run file of the last finished sample
        self._framework = "TensorFlow"  # whose memory the run box and the chart show (TensorFlow / JAX / PyTorch)
        self.log_lines: list[str] = []

        root = QVBoxLayout(self)
        top = QHBoxLayout()
        self.title = heading()
        top.addWidget(self.title, 1)
        self.btn_open = QPushButton()
        self.btn_open.clicked.connect(self._open_run_dialog)
        self.btn_png = QPushButton()
        self.btn_png.clicked.connect(self._export_png_dialog)
        self.btn_csv = QPushButton()
        self.btn_csv.clicked.connect(self._export_csv_dialog)
        for b in (self.btn_open, self.btn_png, self.btn_csv):
            top.addWidget(b)
        root.addLayout(top)

        mid = QHBoxLayout()
        self.chart = MemoryChart(self)
        mid.addWidget(self.chart, 1)
        self.run_box = QGroupBox()
        self.run_box.setFixedWidth(230)
        form = QFormLayout(self.run_box)
        self.lab_step_k, self.lab_step = QLabel(), QLabel("—")
        self.lab_ips_k, self.lab_ips = QLabel(), QLabel("—")
        self.lab_steptime_k, self.lab_steptime = QLabel(), QLabel("—")
        self.lab_loss_k, self.lab_loss = QLabel(), QLabel("—")
        self.lab_tfmem_k, self.lab_tfmem = QLabel(), QLabel("—")
        for k, v in (
            (self.lab_step_k, self.lab_step),
            (self.lab_ips_k, self.lab_ips),
            (self.lab_steptime_k, self.lab_steptime),
            (self.lab_loss_k, self.lab_loss),
            (self.lab_tfmem_k, self.lab_tfmem),
        ):
            v.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            v.setWordWrap(True)  # "PyTorch memory" leaves little room: the reading wraps, never clips
            form.addRow(k, v)
        self.run_state = wrap_label()
        form.addRow(self.run_state)
        mid.addWidget(self.run_box)
        root.addLayout(mid, 1)
        # One row per shown run (this one and the earlier, faded ones): the numbers of `runs compare`.
        self.compare = CompareTable(self)
        root.addWidget(self.compare)

        grid = QGridLayout()
        self.lab_mode = QLabel()
        self.mode = QComboBox()
        for m in MEMORY_MODES:
            self.mode.addItem(m, m)
        self.mode.setCurrentIndex(self.mode.findData(DEFAULT_MEMORY))  # the CLI's default
        self.lab_limit = QLabel()
        self.limit_mb = QSpinBox()
        self.limit_mb.setRange(256, 1_000_000)
        self.limit_mb.setValue(4096)
        self.limit_mb.setSuffix(" MB")
        self.lab_devices = QLabel()
        self.devices = QComboBox()
        self._devices_chosen = False  # set when the user picks a device (activated: user actions only)
        self._filled_for = None  # the host report the device list was last filled from
        self.devices.activated.connect(self._on_devices_chosen)
        self.lab_precision = QLabel()
        self.precision = QComboBox()
        for p in ("fp32", "mixed_float16", "mixed_bfloat16"):
            self.precision.addItem(p, p)
        self.lab_model = QLabel()
        self.model = QComboBox()
        for m in ("cnn", "resnet20", "resnet50"):
            self.model.addItem(m, m)
        self.lab_batch = QLabel()
        self.batch = QSpinBox()
        self.batch.setRange(1, 65536)
        self.batch.setValue(128)
        self.lab_steps = QLabel()
        self.steps = QSpinBox()
        self.steps.setRange(1, 1_000_000)
        self.steps.setValue(300)
        row0 = [
            (self.lab_mode, self.mode),
            (self.lab_limit, self.limit_mb),
            (self.lab_devices, self.devices),
            (self.lab_precision, self.precision),
        ]
        self.lab_backend = QLabel()
        self.backend = QComboBox()
        for b, (text, _) in BACKEND_NAMES.items():
            self.backend.addItem(text, b)
        self.keras2 = QCheckBox()
        self.keras2.setChecked(bool(getattr(self.state, "keras2", False)))
        row1 = [(self.lab_model, self.model), (self.lab_batch, self.batch), (self.lab_steps, self.steps),
                (self.lab_backend, self.backend)]
        for r, row in enumerate((row0, row1)):
            for c, (lab, w) in enumerate(row):
                lab.setBuddy(w)
                grid.addWidget(lab, r, 2 * c, alignment=Qt.AlignmentFlag.AlignRight)
                grid.addWidget(w, r, 2 * c + 1)
        self.keep = QCheckBox()
        self.keep.setChecked(True)
        buttons = QHBoxLayout()
        self.btn_start = QPushButton()
        self.btn_start.clicked.connect(lambda: self.start_sample())  # not clicked(bool) as `extra_args`
        self.btn_stop = QPushButton()
        self.btn_stop.clicked.connect(self.stop_sample)
        self.btn_stop.setEnabled(False)
        self.btn_clear = QPushButton()
        self.btn_clear.clicked.connect(self._clear_faded)
        # Shown when the run file could not be written (disk full, read-only folder): like `record` in the CLI,
        # the whole run is kept in memory and can be saved somewhere else.
        self.btn_save_elsewhere = QPushButton()
        self.btn_save_elsewhere.clicked.connect(self._save_elsewhere_dialog)
        self.btn_save_elsewhere.setVisible(False)
        buttons.addWidget(self.btn_start)
        buttons.addWidget(self.btn_stop)
        buttons.addWidget(self.btn_clear)
        buttons.addWidget(self.btn_save_elsewhere)
        buttons.addStretch(1)
        buttons.addWidget(self.keras2)
        buttons.addSpacing(16)
        buttons.addWidget(self.keep)
        grid.addLayout(buttons, 2, 0, 1, 8)
        root.addLayout(grid)
        self.mode_text = wrap_label()
        self.mode_text.setStyleSheet("color: #333; font-style: italic;")
        root.addWidget(self.mode_text)
        self.gpu_note = wrap_label()
        root.addWidget(self.gpu_note)

        self.mode.currentIndexChanged.connect(self._mode_changed)
        self.devices.currentIndexChanged.connect(self._mode_changed)
        self.backend.currentIndexChanged.connect(self._mode_changed)
        self.keras2.toggled.connect(self._on_keras2)
        self.retranslate()
        self._mode_changed()

    # -- text -------------------------------------------------------------------------------

    def retranslate(self) -> None:
        self.title.setText(_t("GPU memory while {0} trains").format(self._framework))
        self.btn_open.setText(_t("Open run or recording…"))
        self.btn_png.setText(_t("Export PNG…"))
        self.btn_csv.setText(_t("Export CSV…"))
        self.run_box.setTitle(_t("Run"))
        self.lab_step_k.setText(_t("Step"))
        self.lab_ips_k.setText(_t("Images/s"))
        self.lab_steptime_k.setText(_t("Step time"))
        self.lab_loss_k.setText(_t("Loss"))
        self.lab_tfmem_k.setText(self.memory_label())
        self.lab_mode.setText(_t("Memory"))
        self.lab_limit.setText(_t("Limit"))
        self.lab_devices.setText(_t("Devices"))
        self.lab_precision.setText(_t("Precision"))
        self.lab_model.setText(_t("Model"))
        self.lab_batch.setText(_t("Batch"))
        self.lab_steps.setText(_t("Steps"))
        self.lab_backend.setText(_t("Backend"))
        self.keras2.setText(_t("Keras 2 (tf-keras)"))
        self.keep.setText(_t("Keep finished runs as faded curves"))
        self.btn_start.setText("▶ " + _t("Start"))
        self.btn_stop.setText("■ " + _t("Stop"))
        self.btn_clear.setText(_t("Clear earlier runs"))
        self.btn_save_elsewhere.setText(_t("Save run elsewhere…"))
        # The choices in words, with the flag the CLI takes in brackets (what recordings and the table show)
        words = {"default": _t("default allocation"), "growth": _t("memory growth"), "limit": _t("fixed limit"),
                 "fp32": "FP32", "mixed_float16": _t("mixed precision, float16"),
                 "mixed_bfloat16": _t("mixed precision, bfloat16")}
        for combo in (self.mode, self.precision):
            for i in range(combo.count()):
                value = str(combo.itemData(i))
                combo.setItemText(i, f"{words[value]} ({value})" if value in words else value)
        self._fill_devices()
        self._mode_changed()
        self._update_run_state()
        self._update_numbers()  # the readings carry words too ("peak")
        self._render_gpu_note()
        self.chart.retranslate()
        self.compare.retranslate()

    def _fill_devices(self) -> None:
        current = self.devices.currentData()
        self.devices.blockSignals(True)
        self.devices.clear()
        self.devices.addItem(_t("CPU only"), "cpu")
        gpus = list(getattr(self.state.host, "gpus", None) or [])
        for g in gpus:
            self.devices.addItem(_t("GPU {0}: {1}").format(g.index, g.name), f"gpu:{g.index}")
        if len(gpus) > 1:
            self.devices.addItem(_t("All {0} GPUs").format(len(gpus)), "all")
        if not gpus:
            self.devices.addItem(_t("GPU 0 (if TensorFlow finds one)"), "gpu:0")
        idx = self.devices.findData(current)
        self.devices.blockSignals(False)
        new_host = self.state.host is not self._filled_for
        self._filled_for = self.state.host
        if new_host and not gpus and self.state.host is not None and not self._devices_chosen:
            idx = -1  # detection found no NVIDIA GPU: the hopeful "GPU 0" picked before it gives way to the CPU
        if idx < 0:
            # A machine known to have no NVIDIA GPU trains on the CPU by default (a GPU run would only fail
            # with "TensorFlow sees 0 GPUs"); before detection has finished, GPU 0 is the hopeful default.
            no_gpu = self.state.host is not None and not gpus
            idx = 0 if no_gpu else (1 if self.devices.count() > 1 else 0)
        self.devices.setCurrentIndex(idx)

    def _mode_changed(self) -> None:
        mode = self.mode.currentData()
        on_cpu = self._on_cpu()
        backend = self.backend.currentData() or "tensorflow"
        self.mode.setEnabled(not on_cpu)
        self.limit_mb.setEnabled(mode == "limit" and not on_cpu)
        # Keras 2 is tf-keras inside TensorFlow; JAX and PyTorch are Keras 3 only.
        self.keras2.setEnabled(backend == "tensorflow")
        self.keras2.setToolTip(
            _t("Train with Keras 2 (TF_USE_LEGACY_KERAS=1 and the tf-keras package) instead of Keras 3.")
            if backend == "tensorflow" else _t("Keras 2 runs on the TensorFlow backend only."))
        if on_cpu:  # the memory modes are GPU settings; the sample ignores them on the CPU
            self.mode_text.setText(_t("On the CPU the memory setting does not apply: TensorFlow uses ordinary RAM."))
        elif backend != "tensorflow":
            self.mode_text.setText(_t(BACKEND_MODE_TEXT[f"{backend}:{mode}"]))
        else:
            self.mode_text.setText(_t(MODE_TEXT[mode]))

    def _on_devices_chosen(self, _index: int) -> None:
        self._devices_chosen = True

    def _on_keras2(self, on: bool) -> None:
        self.state.keras2 = bool(on)

    def memory_label(self) -> str:
        """The run box's memory row names whose allocator the shown run used: TF, JAX or PyTorch."""
        return _t("{0} memory").format(_FRAMEWORK_SHORT.get(self._framework, self._framework))

    def _set_framework(self, name: str) -> None:
        self._framework = name
        self.chart.set_framework(name)
        self.lab_tfmem_k.setText(self.memory_label())
        self.title.setText(_t("GPU memory while {0} trains").format(name))  # not "TensorFlow" for a JAX run

    def on_shown(self) -> None:
        self._fill_devices()
        if not self.busy() and self.keras2.isChecked() != bool(getattr(self.state, "keras2", False)):
            self.keras2.setChecked(bool(self.state.keras2))  # chosen in Setup → Verify
        self.chart.start()
        self._start_sampler()

    # -- the sample -------------------------------------------------------------------------

    def sample_config(self):
        """The controls as a ``core.target.runner.SampleConfig`` (core's CPU rule, ``--gpu-total-mb`` from NVML).

        Raises ``core.target.runner.ConfigError`` for a combination the sample would refuse.
        """
        from tfgpu_wizard.core.target.sampleopts import config_from_controls

        return config_from_controls(
            memory=self.mode.currentData(), limit_mb=self.limit_mb.value(),
            devices=self.devices.currentData() or "cpu", precision=self.precision.currentData(),
            model=self.model.currentData(), batch_size=self.batch.value(), steps=self.steps.value(),
            backend=self.backend.currentData() or "tensorflow", keras2=self.keras2.isChecked(),
            host=self.state.host,
        )

    def sample_args(self) -> list[str]:
        """Command-line arguments for ``target/sample.py`` from the controls: ``SampleConfig.to_argv()``."""
        return self.sample_config().to_argv()

    def run_label(self) -> str:
        backend = self.backend.currentData() or "tensorflow"
        tail = ""
        if backend != "tensorflow":
            tail = f" · {BACKEND_NAMES[backend][1]}"
        elif self.keras2.isChecked():
            tail = " · Keras 2"
        if (self.devices.currentData() or "cpu") == "cpu":
            return f"CPU · {self.precision.currentData()}{tail}"  # the memory modes apply to GPUs only
        mode = self.mode.currentData()
        if mode == "limit":
            mode = f"limit {self.limit_mb.value()} MB"
        return f"{mode} · {self.precision.currentData()} · {self.devices.currentData()}{tail}"

    def busy(self) -> bool:
        return self.proc.is_running()

    def start_sample(self, extra_args: list[str] | None = None, python: str | None = None) -> bool:
        if self.proc.is_running():
            return False
        script = target_script("sample.py")
        if not script.is_file():
            self.run_state.setText(verdict_html("bad", _t("The sample script is missing from this build.")))
            return False
        try:
            cfg = self.sample_config()
            if extra_args:
                cfg.extra_args = list(extra_args)
        except ConfigError as exc:  # a combination the sample would refuse: say so before anything starts
            self.run_state.setText(verdict_html("bad", _t("These settings cannot run: {0}").format(exc)))
            return False
        self._config = cfg
        if self.keep.isChecked() and len(self.chart.store) and self._run_label:
            self.chart.keep_as_faded(self._run_label, *self._run_style, info=self._run_stats)
        self.chart.clear()
        self._set_framework(BACKEND_NAMES[self.backend.currentData() or "tensorflow"][1])
        self._last = {}
        self._reset_numbers()
        self._error_event = None
        self._warnings = []
        self.log_lines = []
        self._t0 = time.monotonic()
        self._run_label = self.run_label()
        self._run_stats = None  # live: its numbers come from its run file when it ends
        cpu = (self.devices.currentData() or "cpu") == "cpu"
        self._cpu_run, self._train_pid = cpu, None
        self._run_style = ("" if cpu else str(self.mode.currentData() or ""), str(self.precision.currentData() or ""))
        self._showing = None
        self._opened = None
        self._open_recorder()
        self._refresh_compare()
        self.chart.set_empty_text(self._cpu_hint() if self._on_cpu() else None)
        self.btn_start.setEnabled(False)
        self.btn_stop.setEnabled(True)
        self.chart.start()
        self.proc.start(
            python or self.state.target_python,
            sample_argv(cfg),
            timeout_s=self.SAMPLE_TIMEOUT_S,
        )
        self.status.emit(_t("Training: starting TensorFlow (this takes a few seconds)…"))
        self._update_run_state()
        return True

    def _on_cpu(self) -> bool:
        return (self.devices.currentData() or "cpu") == "cpu"

    @staticmethod
    def _cpu_hint() -> str:
        return _t("Training on the CPU: there is no GPU memory to draw. Step, speed and loss on the right are live.")

    def stop_sample(self) -> None:
        if self.proc.is_running():
            self.status.emit(_t("Training: stopping…"))
            self.proc.cancel()

    def _now(self) -> float:
        return 0.0 if self._t0 is None else time.monotonic() - self._t0

    def _on_text(self, line: str) -> None:
        self.log_lines.append(line)

    def _event_time(self, ev: dict[str, Any]) -> float:
        """Chart time of an event: the child's ``time.monotonic()`` is the same clock as ours on Linux and
        Windows; if it is not plausibly so (another host, another clock), use the time it arrived."""
        now = time.monotonic()
        t = ev.get("t")
        if isinstance(t, (int, float)) and abs(now - float(t)) < 5.0 and self._t0 is not None:
            return float(t) - self._t0
        return self._now()

    def _open_recorder(self) -> None:
        """Record this run (sample events + live GPU ticks) with ``core.monitor.runs``, so it can be opened later."""
        self._close_recorder("stopped")
        self.last_run_path = None
        self._unsaved = None
        self.btn_save_elsewhere.setVisible(False)
        try:
            from tfgpu_wizard.core.monitor.runs import RunRecorder

            sampler = self._sampler
            live = sampler is not None and sampler.state in ("idle", "running")
            self._recorder = RunRecorder(
                config=self._config.to_dict() if self._config is not None else {},
                devices=list(sampler.devices) if live else [],
                label=self._run_label,
                t0=self._t0,
                source="gui",
            )
            if live:
                self._recorder.attach(sampler)
        except Exception as exc:  # noqa: BLE001 - the run goes on without a record, and says so
            self._recorder = None
            self.log_lines.append(f"run not recorded: {exc}")

    def _close_recorder(self, status: str, exit_code: int | None = None, detail: str = "") -> None:
        rec = self._recorder
        if rec is None:
            return
        self._recorder = None
        try:
            rec.close(status=status, exit_code=exit_code, detail=detail)
            if rec.write_problem is None:
                self.last_run_path = rec.path
            else:  # not silent: the run box says so and offers to save it elsewhere
                self._unsaved = rec
                self.log_lines.append(f"run not saved: {rec.write_problem}")
                self.btn_save_elsewhere.setVisible(True)
        except Exception as exc:  # noqa: BLE001
            self.log_lines.append(f"run record not closed: {exc}")

    def _on_event(self, ev: dict[str, Any]) -> None:
        kind = ev.get("type")
        if kind == "start" and isinstance(ev.get("pid"), int):
            self._train_pid = ev["pid"]
        if kind == "progress" and self._train_pid and self._cpu_run:
            # a CPU run: the training process's host RAM is what there is to draw (and to keep in the record)
            from tfgpu_wizard.core.monitor.procmem import process_rss

            rss = process_rss(self._train_pid)
            if rss is not None:
                ev = dict(ev, rss=rss)
        if self._recorder is not None:
            self._recorder.add_event(ev, t=time.monotonic())
        if kind == "start":
            pid = ev.get("pid")
            if isinstance(pid, int) and self._sampler is not None:
                self._sampler.set_pid(pid)
            backend = (ev.get("config") or {}).get("backend") if isinstance(ev.get("config"), dict) else None
            if backend in BACKEND_NAMES:  # what the sample says it runs on
                self._set_framework(BACKEND_NAMES[backend][1])
        elif kind == "error":
            self._error_event = ev
        elif kind == "warning" and len(self._warnings) < 5:
            self._warnings.append(ev)
            self._update_run_state()
        if kind != "progress":
            if kind == "devices":
                self._last["strategy"] = ev.get("strategy")
            return
        self._last.update(ev)
        values: dict[str, float | None] = {}
        cur, peak = progress_memory(ev)  # summed over the GPUs, only when every GPU reported (core.monitor.progress)
        if cur is not None:
            values["tf.current"] = cur / MIB
        if peak is not None:
            values["tf.peak"] = peak / MIB
        if isinstance(ev.get("rss"), int):
            values["host.rss"] = ev["rss"] / MIB
        if values:
            self.chart.add_sample(self._event_time(ev), values)
        self._update_numbers()
        step, steps = pick(ev, "step"), pick(ev, "steps")
        ips = pick(ev, "images_per_sec")
        if step is not None:
            msg = _t("Training: step {0}/{1}").format(step, steps if steps is not None else "?")
            if ips is not None:
                msg += _t(", {0} img/s").format(f"{float(ips):,.0f}")
            self.status.emit(msg)

    def _reset_numbers(self) -> None:
        """Blank the run box's readings: a new run or an opened file must not show the last one's numbers."""
        for lab in (self.lab_step, self.lab_ips, self.lab_steptime, self.lab_loss, self.lab_tfmem):
            lab.setText("—")

    def _update_numbers(self) -> None:
        ev = self._last
        step, steps = pick(ev, "step"), pick(ev, "steps")
        if step is not None:
            self.lab_step.setText(f"{step} / {steps}" if steps is not None else str(step))
        ips = pick(ev, "images_per_sec")
        if ips is not None:
            self.lab_ips.setText(f"{float(ips):,.0f}")
        st = pick(ev, "step_time")
        if st is not None:
            self.lab_steptime.setText(f"{float(st) * 1000:.1f} ms")
        loss = pick(ev, "loss")
        if loss is not None:
            lv = float(loss)
            self.lab_loss.setText("NaN ✗" if math.isnan(lv) else f"{lv:.4f}")
        # The latest framework reading (GPU rows in between carry NaN in these columns).
        cur, peak = self.chart.store.col("tf.current"), self.chart.store.col("tf.peak")
        have = np.flatnonzero(~np.isnan(cur))
        if len(have):
            i = int(have[-1])
            pk = float(peak[i]) if i < len(peak) and not math.isnan(float(peak[i])) else float(cur[i])
            self.lab_tfmem.setText(_t("{0:,.0f} MiB (peak {1:,.0f})").format(float(cur[i]), pk))

    def _on_finished(self, info: FinishInfo) -> None:
        status = {"ok": "finished", "cancelled": "stopped"}.get(info.status, "failed")
        detail = ""  # why, in the run file (English, like the rest of the format)
        if info.status == "crashed":
            sig = info.extra.get("signal")
            detail = f"the training process was killed by signal {sig}" if sig else "the training process crashed"
        elif info.status == "timeout":
            detail = f"stopped after the time limit of {self.SAMPLE_TIMEOUT_S:.0f} s"
        elif info.status == "not-started":
            detail = f"could not start: {info.error}"
        self._close_recorder(status, info.exit_code, detail)
        self.last_finish = info
        self._run_stats = None
        if self.last_run_path is not None:
            try:  # the finished run's numbers, from its run file (what `runs compare` reads)
                from tfgpu_wizard.core.monitor.compare import run_stats

                self._run_stats = run_stats(self.last_run_path)
            except Exception:  # noqa: BLE001 - the row keeps "…"; the chart and the run box stand
                logging.getLogger("tfgpu_wizard.gui").warning("no numbers for %s", self.last_run_path,
                                                              exc_info=True)
        if self.chart.empty_text() == self._cpu_hint():  # no longer live
            self.chart.set_empty_text(_t("The last run trained on the CPU: there was no GPU memory to draw."))
        self.btn_start.setEnabled(True)
        self.btn_stop.setEnabled(False)
        self.chart.repaint_now()
        self._update_run_state()
        self._refresh_compare()
        self.status.emit("")

    def _update_run_state(self) -> None:
        self._show_run_state()
        if self._warnings and (self.proc.is_running() or self.last_finish is not None):
            from tfgpu_wizard.core.target.runner import warning_text

            self.run_state.setText(self.run_state.text() + "".join(
                "<br>" + verdict_html("warn", warning_text(w)) for w in self._warnings))

    def _show_run_state(self) -> None:
        info = self.last_finish
        if self.proc.is_running():
            problem = getattr(self._recorder, "write_problem", None)
            self.run_state.setText(verdict_html("busy", _t("Running: {0}").format(self._run_label))
                                   + ("<br>" + verdict_html("warn", problem) if problem else ""))
        elif info is None and self._showing is not None:
            name, gpus = self._showing
            self.run_state.setText(
                verdict_html("info", _t("Showing {0}").format(_breakable(name)))
                + "<br><small>" + _html(gpus) + "</small>" + self._opened_html()
            )
        elif info is None:
            self.run_state.setText(_t("No run yet."))
        elif info.status == "ok":
            self.run_state.setText(
                verdict_html("ok", _t("Finished in {0:.0f} s").format(info.duration_s)) + self._saved_html()
            )
        elif info.status == "cancelled":
            self.run_state.setText(verdict_html("warn", _t("Stopped by you.")) + self._saved_html())
        elif info.status == "timeout":
            self.run_state.setText(
                verdict_html("bad", _t("Stopped: it ran longer than the time limit.")) + self._saved_html()
            )
        elif info.status == "crashed":
            sig = info.extra.get("signal")
            what = (_t("The training process was killed (signal {0}).").format(sig) if sig
                    else _t("The training process crashed."))
            step, steps = pick(self._last, "step"), pick(self._last, "steps")
            where = (_t("It had reached step {0} of {1}.").format(step, steps if steps is not None else "?")
                     if step is not None else _t("It ended before the first step."))
            self.run_state.setText(
                verdict_html("bad", what) + "<br>" + _html(where) + self._saved_html(kept=True)
            )
        elif info.status == "not-started":
            self.run_state.setText(
                verdict_html("bad", _t("Could not start the Python interpreter: {0}").format(info.error))
            )
        else:
            err = self._error_event or {}
            last = info.stderr_tail.strip().splitlines()[-1:] or [""]
            detail = str(err.get("message") or last[0])[:300]
            advice = advice_for(err)
            self.run_state.setText(
                verdict_html("bad", _t("The sample failed (exit code {0}).").format(info.exit_code))
                + "<br><small>"
                + _html(detail)
                + "</small><br>"
                + (_html(advice) + "<br>" if advice else "")
                + _t("The Diagnose page explains the full log.")
                + self._saved_html()
            )

    def _saved_html(self, kept: bool = False) -> str:
        """Where the run was saved (every outcome keeps its run file, a failed or killed run too)."""
        if self._unsaved is not None:
            return ("<br>" + verdict_html("warn", str(self._unsaved.write_problem or ""))
                    + "<br><small>" + _html(_t("The run is not saved yet: press “Save run elsewhere…” to keep it."))
                    + "</small>")
        if self.last_run_path is None:
            return ""
        name = _html(self.last_run_path.name)  # unbroken: it is copied from here to find the file
        text = (_t("Everything up to then is kept in {0}.") if kept else _t("Saved as {0}")).format(name)
        return "<br><small>" + text + "</small>"

    def _opened_html(self) -> str:
        """How an opened run ended and what was wrong with its file (cut off, corrupt lines skipped)."""
        info = self._opened or {}
        parts: list[str] = []
        end = info.get("end")
        if isinstance(end, dict):
            status = str(end.get("status", ""))
            detail = str(end.get("detail") or "")
            words = {
                "finished": _t("The run finished."),
                "stopped": _t("The run was stopped."),
                "failed": _t("The run failed."),
                "gpu-lost": _t("The GPU was lost during the run."),
            }.get(status, _t("The run ended ({0}).").format(status))
            if status == "failed" and end.get("exit_code") is not None:
                words = _t("The run failed (exit code {0}).").format(end["exit_code"])
            parts.append(_html(words) + (" <small>" + _html(detail) + "</small>" if detail else ""))
        for problem in info.get("problems") or ():
            from tfgpu_wizard.core.i18n import tr

            parts.append(verdict_html("warn", tr("monitor", str(problem))))
        return "".join("<br>" + p for p in parts)

    # -- GPU sampling and replay ---------------------------------------------------------

    def _start_sampler(self) -> None:
        """Start the core sampler's thread on live NVML (10 Hz); if there is no GPU it says why."""
        if self._sampler is not None:
            return
        try:
            from tfgpu_wizard.core.monitor.sampler import NvmlSource, Sampler
        except ImportError:
            self._gpu_note_state = ("missing", "")
            self._render_gpu_note()
            return
        self._sampler = Sampler(NvmlSource(), interval=0.1, history_s=600.0, name="tfgpu-gui-sampler")
        self._sampler.start(wait=False)
        if self._t0 is None:
            self._t0 = time.monotonic()
        self._sampler_t = self._t0
        self._poll.start()

    def _poll_sampler(self) -> None:
        sampler = self._sampler
        if sampler is None:
            return
        if sampler.state not in ("idle", "running"):
            self._poll.stop()
            self._gpu_note_state = ("unavailable", sampler.state_detail or sampler.state)
            self._render_gpu_note()
            return
        if self._t0 is None:
            return
        snaps = sampler.since(self._sampler_t)
        if not snaps:
            return
        self._sampler_t = snaps[-1].t
        self.chart.add_samples(snapshot_rows(snaps, self._t0))
        if self._gpu_note_state[0] != "live":
            names = {d.index: d.name for d in sampler.devices}
            self.chart.set_gpu_names(names)
            self._gpu_note_state = ("live", str(len(names)))
            self._render_gpu_note()

    def _render_gpu_note(self) -> None:
        """The line under the controls about live GPU readings, in the current language."""
        from tfgpu_wizard.core.i18n import tr

        kind, arg = self._gpu_note_state
        if kind == "missing":
            self.gpu_note.setText(_t("GPU sampling is not available in this build."))
        elif kind == "unavailable":
            self.gpu_note.setText(
                verdict_html("warn", _t("No live GPU readings: {0}").format(tr("monitor", arg)))
                + " "
                + _html(_t("You can still open a saved run or a bundled recording."))
            )
        elif kind == "live":
            self.gpu_note.setText(verdict_html("ok", _t("Live readings from {0} GPU(s) at 10 Hz.").format(arg)))
        else:
            self.gpu_note.setText("")

    def open_run(self, path: str | Path) -> bool:
        """Replay a saved run or a recording into the chart, through the core sampler's replay source.

        The replay runs on the sampler's own thread at full speed; ``replay_done`` fires when the
        chart has it. Returns False (and says why) when the file cannot be read.
        """
        from tfgpu_wizard.core.monitor.sampler import ReplaySource, Sampler

        path = Path(path)
        if self._replay is not None and self._replay.is_running():
            return False
        try:
            source = ReplaySource(path, speed=self.REPLAY_SPEED, allow_empty=True)
        except Exception as exc:  # noqa: BLE001 - bad file: say so, lose nothing
            self.run_state.setText(verdict_html("bad", _t("Could not open {0}: {1}").format(path.name, exc)))
            return False

        def replay() -> tuple[list, list, str, str, list, dict]:
            sampler = Sampler(source, interval=0.01, history_s=36_000.0, name="tfgpu-replay")
            sampler.start(wait=True)
            sampler.join(120.0)
            sampler.stop()
            record = getattr(source, "record", None)
            ticks = getattr(record, "ticks", None) or [(0.0, [])]
            events = [(t - ticks[0][0], ev) for t, ev in (getattr(record, "events", None) or [])]
            about = {"end": getattr(record, "end", None), "problems": list(getattr(record, "problems", None) or []),
                     "read": record is not None}  # False: the reader refused the file (state_detail says why)
            snaps = sampler.since(-math.inf)
            return snaps, list(sampler.devices), sampler.state, sampler.state_detail, events, about

        from tfgpu_wizard.gui.workers import ThreadTask

        self._replay = ThreadTask(replay, name="tfgpu-replay-load")
        self._replay.done.connect(lambda result, p=path: self._on_replayed(p, result))
        self._replay.failed.connect(lambda msg, p=path: self._replay_failed(p, msg))
        self.status.emit(_t("Opening {0}…").format(path.name))
        self._replay.start()
        return True

    def _replay_failed(self, path: Path, message: str) -> None:
        self.status.emit("")
        self.run_state.setText(verdict_html("bad", _t("Could not open {0}: {1}").format(path.name, message)))
        self.replay_done.emit(False)

    def _on_replayed(self, path: Path, result: tuple[list, list, str, str, list, dict]) -> None:
        snaps, devices, state, detail, events, about = result
        self.status.emit("")
        if not snaps and not about.get("read"):
            # The reader refused the file (empty, not a run, newer format): its message says why. A run
            # file it could read is shown even when it holds nothing yet (a run cut off before its first
            # step): how it ended, or that it has no end, is the news.
            self.run_state.setText(
                verdict_html("bad", _t("Could not open {0}: {1}").format(path.name, detail or state))
            )
            self.replay_done.emit(False)
            return
        # A run recorded without a GPU (or without NVML) has only the sample's events: show those.
        if self.keep.isChecked() and len(self.chart.store) and self._run_label:
            self.chart.keep_as_faded(self._run_label, *self._run_style, info=self._run_stats)
        self.chart.clear()
        self.chart.set_gpu_names({d.index: d.name for d in devices})
        scale = 1.0 if math.isinf(self.REPLAY_SPEED) else self.REPLAY_SPEED
        rows = snapshot_rows(snaps, snaps[0].t, scale) if snaps else []
        mem_rows, framework = event_memory_rows(events, 0.0)
        merged = sorted(rows + mem_rows, key=lambda r: r[0])  # the store's time axis must be sorted
        self._set_framework(framework)
        self.chart.add_samples(merged)
        self._last = {}
        self._reset_numbers()
        for _, ev in events:  # the run box shows the recording's last step (loss, speed)
            if isinstance(ev, dict) and (isinstance(ev.get("step"), int) or isinstance(ev.get("steps"), int)):
                self._last.update(ev)
                if "images_per_s" in ev:
                    self._last["images_per_sec"] = ev["images_per_s"]
        self._update_numbers()
        self._run_label = path.name.removesuffix(".jsonl").removesuffix(".run")
        self._run_style = ("", "")
        self._run_stats = None
        try:  # the overlay names what the run was: mode · precision · backend · GPU (core.monitor.compare)
            from tfgpu_wizard.core.monitor.compare import overlay_label, run_stats

            stats = run_stats(path)
            if stats.mode or stats.precision:
                self._run_label = overlay_label(stats)
            self._run_style = (stats.mode, stats.precision)
            self._run_stats = stats
        except Exception:  # noqa: BLE001 - the file name stays the label
            logging.getLogger("tfgpu_wizard.gui").warning("no overlay label for %s", path, exc_info=True)
        self.chart.set_empty_text(None if rows or mem_rows else _t(
            "This run has no GPU memory readings (it trained on the CPU, or NVML was not available). "
            "Its steps, speed and loss are on the right."))
        self._opened = about
        self.chart.follow = False
        self.chart.repaint_now()
        self.chart.follow = True
        names = ", ".join(sorted({d.name for d in devices})) or _t("no GPU readings in this run")
        self._showing = (path.name, names)
        self.last_finish = None
        self._update_run_state()
        self._refresh_compare()
        self.replay_done.emit(True)

    def open_dialog_places(self) -> tuple[Path, list[Path]]:
        """Where "Open run or recording…" starts, and the folders one click away in its sidebar: your runs
        when you have any, else the bundled recordings (what a machine without a GPU can look at)."""
        from tfgpu_wizard.core.paths import resources_dir, user_data_dir

        runs, recordings = user_data_dir() / "runs", resources_dir() / "recordings"
        has_runs = runs.is_dir() and any(runs.glob("*.run.jsonl"))
        places = [p for p in (runs, recordings, Path.home()) if p.is_dir()]
        return (runs if has_runs else recordings), places

    def _open_run_dialog(self) -> None:
        from PySide6.QtCore import QUrl

        start, places = self.open_dialog_places()
        dlg = QFileDialog(self, _t("Open run or recording"), str(start),
                          _t("Runs and recordings (*.run.jsonl);;All files (*)"))
        dlg.setFileMode(QFileDialog.FileMode.ExistingFile)
        dlg.setOption(QFileDialog.Option.DontUseNativeDialog, True)  # the sidebar (bundled recordings) shows
        dlg.setSidebarUrls([QUrl.fromLocalFile(str(p)) for p in places])
        if dlg.exec() and dlg.selectedFiles():
            self.open_run(dlg.selectedFiles()[0])

    @staticmethod
    def _save_start(name: str) -> str:
        """Save dialogs open in Documents (or home), not in whatever folder the app was started from."""
        docs = Path.home() / "Documents"
        return str((docs if docs.is_dir() else Path.home()) / name)

    def _nothing_to_export(self, faded_count: bool = True) -> bool:
        """Say so instead of writing a bare header or an empty picture (audit F4). The PNG shows earlier
        (faded) runs too; the CSV holds the current run only."""
        if len(self.chart.store) or (faded_count and self.chart.faded_labels()):
            return False
        self.run_state.setText(verdict_html("info", _t(
            "Nothing to export yet: start a run or open a recording first.")))
        return True

    def _export_png_dialog(self) -> None:
        if self._nothing_to_export():
            return
        path, _ = QFileDialog.getSaveFileName(self, _t("Export PNG"), self._save_start("gpu-memory.png"),
                                              "PNG (*.png)")
        if path and not self.export_png(path):
            self.run_state.setText(verdict_html("bad", _t("Could not write {0}.").format(_html(path))))

    def export_png(self, path: str | Path) -> bool:
        return self.chart.export_png(path)

    def export_csv(self, path: str | Path) -> str | None:
        """Write the chart's data as CSV; None when written, else the reason (shown in the run box)."""
        try:
            self.chart.export_csv(path)
        except OSError as exc:
            return _t("Could not write {0}: {1}").format(str(path), exc.strerror or exc)
        return None

    def _export_csv_dialog(self) -> None:
        if self._nothing_to_export(faded_count=False):
            return
        path, _ = QFileDialog.getSaveFileName(self, _t("Export CSV"), self._save_start("gpu-memory.csv"),
                                              "CSV (*.csv)")
        if path:
            problem = self.export_csv(path)
            if problem:
                self.run_state.setText(verdict_html("bad", problem))

    def save_unsaved(self, path: str | Path) -> bool:
        """Write the run whose file could not be written to ``path`` (``RunRecorder.save_to``)."""
        rec = self._unsaved
        if rec is None:
            return False
        try:
            rec.save_to(Path(path))
        except OSError as exc:
            self.run_state.setText(verdict_html("bad", _t("Saving elsewhere failed too: {0}").format(exc)))
            return False
        self._unsaved = None
        self.last_run_path = Path(path)
        self.btn_save_elsewhere.setVisible(False)
        self._update_run_state()
        return True

    def _save_elsewhere_dialog(self) -> None:
        rec = self._unsaved
        if rec is None:
            return
        path, _ = QFileDialog.getSaveFileName(self, _t("Save run elsewhere"), str(Path.home() / rec.path.name),
                                              "Run (*.run.jsonl)")
        if path:
            self.save_unsaved(path)

    def _clear_faded(self) -> None:
        self.chart.clear_faded()
        self.chart.repaint_now()
        self._refresh_compare()

    def compare_rows(self) -> list[CompareRow]:
        """The comparison table's rows: each earlier (faded) run as the legend names it, then the current run
        (its label made unique against theirs, as it will be when it is kept)."""
        from tfgpu_wizard.core.monitor.compare import unique_labels

        faded = self.chart.faded_runs()
        rows = [CompareRow(label, colour, dash, info) for label, colour, dash, info in faded]
        has_current = bool(self._run_label) and (
            self.proc.is_running() or len(self.chart.store) > 0 or self._run_stats is not None)
        if has_current:
            label = unique_labels([*(f[0] for f in faded), self._run_label])[-1]
            colour, dash = self.chart.current_style()
            rows.append(CompareRow(label, colour, dash, self._run_stats, current=True))
        return rows

    def _refresh_compare(self) -> None:
        self.compare.set_rows(self.compare_rows())

    def shutdown(self) -> None:
        self._close_recorder("stopped", detail="the app was closed while the sample was running")
        self._poll.stop()
        self.chart.stop()
        self.proc.shutdown()
        if self._sampler is not None:
            self._sampler.stop()
            self._sampler = None
        if self._replay is not None:
            self._replay.wait(130_000)


def _html(text: str) -> str:
    import html

    return html.escape(text)


def _breakable(text: str) -> str:
    """Escaped text that may wrap after '-', '/' and '.' (long run file names in the narrow run box)."""
    out = _html(text)
    for ch in "-/.":
        out = out.replace(ch, ch + "\u200b")
    return out
