"""Monitor page: the live memory chart, the sample's controls, live numbers, earlier runs faded.

A view over ``core.flows.record``, the flow ``tfgpu-wizard record`` drives too. Start runs ``record`` through
``FlowTask`` with the sampler of the page's ``GpuWatch``, so the run file holds what the chart shows; the page
draws what the flow reports (the framework's memory, a CPU run's host RAM, the steps) and the watch's GPU
snapshots, taken at 10 Hz. "Open run or recording…" runs ``record.replay`` (the sampler's replay source, the
same code path as live NVML). The chart repaints on its own timer at ~3 Hz whatever the sampling rate.

Widgets: gui/monitor_controls.py (the settings), gui/run_box.py (the readings and the run's state in words),
gui/chart.py (the chart), gui/compare_table.py (one row per shown run).
"""

from __future__ import annotations

import math
import time
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, QTimer, Signal
from PySide6.QtWidgets import QCheckBox, QFileDialog, QHBoxLayout, QPushButton, QTabWidget, QVBoxLayout

from tfgpu_wizard.core.flows.record import (
    ConfigError,
    GpuWatch,
    RecordResult,
    Replay,
    record,
    replay,
    run_label,
)
from tfgpu_wizard.core.paths import target_script
from tfgpu_wizard.gui.chart import MIB, MemoryChart, snapshot_rows  # noqa: F401 - MIB: the chart's unit
from tfgpu_wizard.gui.compare_table import CompareRow, CompareTable
from tfgpu_wizard.gui.fit_box import FitBox
from tfgpu_wizard.gui.loss_scale_plot import LossScaleList, LossScalePlot
from tfgpu_wizard.gui.memory_panel import MemoryPanel, nvml_trace
from tfgpu_wizard.gui.monitor_controls import BACKEND_NAMES, SampleControls
from tfgpu_wizard.gui.run_box import RunBox, pick
from tfgpu_wizard.gui.widgets import Page, heading, save_start, saved_html, verdict_html, wrap_label
from tfgpu_wizard.gui.workers import FlowTask

# The run file's words for a run the window stopped (English, like the rest of the format).
STOPPED_BY_BUTTON = "stopped with the window's Stop button"
STOPPED_BY_CLOSING = "the app was closed while the sample was running"


def _t(text: str) -> str:
    return QCoreApplication.translate("MonitorPage", text)


def _same_file(a: str | Path | None, b: str | Path | None) -> bool:
    if not a or not b:
        return False
    try:
        return Path(a).resolve() == Path(b).resolve()
    except OSError:
        return False


class MonitorPage(Page):
    SAMPLE_TIMEOUT_S = 1800.0
    REPLAY_SPEED = math.inf  # a recording replays through the core sampler at once, recorded times kept
    replay_done = Signal(bool)

    def __init__(self, state, parent=None) -> None:
        super().__init__(parent)
        self.state = state
        self.watch = GpuWatch()  # live GPU readings; a run records from the same sampler
        self.trainer = FlowTask(record, self, name="tfgpu-record")  # core.flows.record, `tfgpu-wizard record` too
        self.trainer.progress.connect(self._on_progress)
        self.trainer.finished.connect(self._on_finished)
        self.trainer.failed.connect(self._on_failed)
        self.opener = FlowTask(replay, self, name="tfgpu-replay-load")  # core.flows.record.replay
        self.opener.finished.connect(self._on_replayed)
        self.opener.failed.connect(self._replay_failed)
        self._opening: Path | None = None
        self._t0: float | None = None  # monotonic time of the chart's zero
        self._run_label = ""
        self._run_style: tuple[str, str] = ("", "")  # (memory mode, precision) of the current run: its overlay look
        self._run_stats = None  # core.monitor.compare.RunStats of the current run (opened, or finished); None while live
        self._last: dict[str, Any] = {}  # the shown run's last step (the run box's readings)
        self._warnings: list[dict[str, Any]] = []  # the sample's warnings (e.g. "trains on the CPU"), in the run box
        self._write_problem: str | None = None  # the running sample's file cannot be written (yet)
        self._why_stopped = STOPPED_BY_BUTTON
        self._config = None  # core.target.runner.SampleConfig of the running / last sample
        self.result: RecordResult | None = None  # how the last sample ended (core.flows.record)
        self._unsaved: RecordResult | None = None  # a run whose file could not be written (kept in memory)
        self._showing: Replay | None = None  # an opened run or recording
        self.last_run_path: Path | None = None  # the run file of the last finished sample
        self._gpu_note_state: tuple[str, str] = ("", "")
        self._no_readings = False  # the opened run has no memory readings: the chart says so
        self.log_lines: list[str] = []
        self._poll = QTimer(self)
        self._poll.setInterval(100)  # 10 Hz: take new GPU readings from the watch
        self._poll.timeout.connect(self._poll_sampler)

        root = QVBoxLayout(self)
        top = QHBoxLayout()
        self.title = heading()
        top.addWidget(self.title, 1)
        self.btn_open, self.btn_png, self.btn_csv = QPushButton(), QPushButton(), QPushButton()
        self.btn_open.clicked.connect(self._open_run_dialog)
        self.btn_png.clicked.connect(self._export_png_dialog)
        self.btn_csv.clicked.connect(self._export_csv_dialog)
        for b in (self.btn_open, self.btn_png, self.btn_csv):
            top.addWidget(b)
        root.addLayout(top)
        mid = QHBoxLayout()
        self.chart = MemoryChart(self)
        left = QVBoxLayout()
        left.addWidget(self.chart, 1)
        self.loss_plot = LossScalePlot(self)  # under the chart, shown for runs that scale the loss
        left.addWidget(self.loss_plot)
        mid.addLayout(left, 1)
        self.run_box = RunBox(self)
        # The right column's tabs: the run's state, the memory panel (issue 25: prediction, score, which number
        # is which).
        self.side = QTabWidget(self)
        self.side.setObjectName("monitor-side")
        self.side.setFixedWidth(self.run_box.width() + 40)  # the memory tab: figure names and values side by side
        self.memory = MemoryPanel(self.chart, self)
        self.memory.btn_predict.clicked.connect(lambda: self.predict_settings(now=True))
        self.side.addTab(self.run_box, "")
        self.side.addTab(self.memory, "")
        self.fit = FitBox(self)  # "Largest batch that fits": core.flows.fit, `tfgpu-wizard fit` too
        self.fit.btn_fit.clicked.connect(lambda: self.find_largest_batch())
        self.memory.add_section(self.fit)
        self.loss_list = LossScaleList(self)
        self.loss_list.btn_demo.clicked.connect(lambda: self.show_overflow())
        self.side.addTab(self.loss_list, "")
        mid.addWidget(self.side)
        root.addLayout(mid, 1)
        self.compare = CompareTable(self)  # one row per shown run: the numbers of `runs compare`
        root.addWidget(self.compare)
        self.controls = SampleControls(bool(getattr(self.state, "keras2", False)), self)
        self.controls.keras2_changed.connect(self._on_keras2)
        root.addWidget(self.controls)
        self.btn_start, self.btn_stop, self.btn_clear = QPushButton(), QPushButton(), QPushButton()
        self.btn_start.clicked.connect(lambda: self.start_sample())  # not clicked(bool) as `extra_args`
        self.btn_stop.clicked.connect(self.stop_sample)
        self.btn_stop.setEnabled(False)
        self.btn_clear.clicked.connect(self._clear_faded)
        # Shown when the run file could not be written (disk full, read-only folder): the whole run is kept in
        # memory and can be saved somewhere else (the CLI saves it in the home folder by itself).
        self.btn_save_elsewhere = QPushButton()
        self.btn_save_elsewhere.clicked.connect(self._save_elsewhere_dialog)
        self.btn_save_elsewhere.setVisible(False)
        for i, b in enumerate((self.btn_start, self.btn_stop, self.btn_clear, self.btn_save_elsewhere)):
            self.controls.buttons.insertWidget(i, b)
        self.keep = QCheckBox()
        self.keep.setChecked(True)
        self.controls.buttons.addWidget(self.keep)
        self.gpu_note = wrap_label()
        self.gpu_note.setSizePolicy(self.controls.mode_text.sizePolicy())  # its height follows its width
        root.addWidget(self.gpu_note)
        # The settings and the readings by their names (what tests and the tutorial's screenshots use).
        for name in ("mode", "limit_mb", "devices", "precision", "model", "batch", "steps", "backend", "keras2",
                     "mode_text"):
            setattr(self, name, getattr(self.controls, name))
        for name in ("lab_step", "lab_ips", "lab_steptime", "lab_loss", "lab_tfmem", "lab_tfmem_k"):
            setattr(self, name, getattr(self.run_box, name))
        self.run_state = self.run_box.state
        # Detection may answer while this page is on screen (it is the first page shown): the device list must
        # follow then, not only on the next visit ("GPU 0" on a machine without one made Start fail: N4).
        win = parent if parent is not None and hasattr(parent, "host_ready") else None
        if win is not None:
            win.host_ready.connect(self._on_host)
        self._mode_to_panel()
        # A setting the user picks is predicted (core.flows.predict in the target Python, after a pause)
        for combo in (self.model, self.precision, self.mode, self.devices, self.backend):
            combo.activated.connect(self.predict_settings)
        for spin in (self.batch, self.limit_mb):  # typed or stepped by the user (not set by the program)
            spin.valueChanged.connect(lambda _v, s=spin: s.hasFocus() and self.predict_settings())
        self.keras2.clicked.connect(self.predict_settings)
        for combo in (self.mode, self.devices):  # the mode's expected shape, stated before the run
            combo.currentIndexChanged.connect(self._mode_to_panel)
        self.retranslate()

    # -- text -------------------------------------------------------------------------------

    def retranslate(self) -> None:
        self.title.setText(_t("GPU memory while {0} trains").format(self.run_box.framework))
        self.btn_open.setText(_t("Open run or recording…"))
        self.btn_png.setText(_t("Export PNG…"))
        self.btn_csv.setText(_t("Export CSV…"))
        self.keep.setText(_t("Keep finished runs as faded curves"))
        self.btn_start.setText("▶ " + _t("Start"))
        self.btn_stop.setText("■ " + _t("Stop"))
        self.btn_clear.setText(_t("Clear earlier runs"))
        self.btn_save_elsewhere.setText(_t("Save run elsewhere…"))
        self.run_box.retranslate()
        for i, text in enumerate(("Run", "Memory", "Loss scale")):  # short: three fit the column
            self.side.setTabText(i, QCoreApplication.translate("MonitorTabs", text))
        self.memory.retranslate()
        self.fit.retranslate()
        self.loss_plot.retranslate()
        self.loss_list.retranslate()
        self.controls.retranslate(self.state.host)
        self._update_run_state()
        self._update_numbers()  # the readings carry words too ("peak")
        self._render_gpu_note()
        self.chart.retranslate()
        if self._showing is not None and self._no_readings:
            self._render_no_readings()
        self.compare.retranslate()

    def _on_keras2(self, on: bool) -> None:
        self.state.keras2 = bool(on)

    def _set_framework(self, name: str) -> None:
        self.run_box.set_framework(name)
        self.chart.set_framework(name)
        self.title.setText(_t("GPU memory while {0} trains").format(name))  # not "TensorFlow" for a JAX run

    def _on_host(self, _report) -> None:
        if not self.busy():
            self.controls.fill_devices(self.state.host)
            self.controls.mode_changed()

    def on_shown(self) -> None:
        self.controls.fill_devices(self.state.host)
        if not self.busy() and self.keras2.isChecked() != bool(getattr(self.state, "keras2", False)):
            self.keras2.setChecked(bool(self.state.keras2))  # chosen in Setup → Verify
        self.chart.start()
        self._start_watch()

    # -- the sample -------------------------------------------------------------------------

    def sample_config(self):
        """The controls as a ``core.target.runner.SampleConfig``; raises ``ConfigError`` for a combination the
        sample would refuse."""
        return self.controls.config(self.state.host)

    def sample_args(self) -> list[str]:
        """Command-line arguments for ``target/sample.py`` from the controls: ``SampleConfig.to_argv()``."""
        return self.sample_config().to_argv()

    def run_label(self) -> str:
        """The name a run of these settings gets (``core.flows.record.run_label``, the CLI's too)."""
        return run_label(self.sample_config(), self.watch.devices)

    def busy(self) -> bool:
        return self.trainer.is_running() or self.fit.running()  # the sample, or the search's probes

    def find_largest_batch(self) -> bool:
        """Search the largest batch of the chosen model and precision that trains under the chosen limit (the
        GPU's free memory when the mode is not "limit"). Not while the sample trains: the probes need the GPU."""
        if self.busy():
            return False
        try:
            cfg = self.sample_config()
        except ConfigError as exc:
            self.fit.answer.setText(verdict_html("bad", _t("These settings cannot run: {0}").format(exc)))
            return False
        limit = float(self.limit_mb.value()) if self.mode.currentData() == "limit" else None
        dev = str(self.devices.currentData() or "")
        gpu = int(dev.split(":")[1]) if dev.startswith("gpu:") and dev[4:].isdigit() else 0
        return self.fit.start(cfg.model, cfg.precision, limit, self.state.target_python, keras2=cfg.keras2,
                              gpu_index=gpu, dataset=cfg.dataset)

    def _mode_to_panel(self, *_args) -> None:
        if not self.busy() and self._showing is None:
            self.memory.set_mode("" if self.controls.on_cpu() else str(self.mode.currentData() or ""),
                                 float(self.limit_mb.value()))

    def predict_settings(self, *_args, now: bool = False) -> None:
        """Predict the memory of the chosen settings (the memory panel; its line on the chart)."""
        if self.busy():  # a run shows its own prediction
            return
        try:
            cfg = self.sample_config()
        except ConfigError:
            return
        self.memory.request(cfg, self.state.target_python, cfg.keras2, on_cpu=self.controls.on_cpu(), now=now)

    def show_overflow(self) -> bool:
        """The loss-scaling demonstration: the sample in mixed_float16 with ``--overflow-demo`` (three forced
        overflows), on the chosen device (the CPU too), with the TensorFlow backend and Keras 3."""
        if self.busy():
            return False
        self.precision.setCurrentIndex(self.precision.findData("mixed_float16"))
        self.backend.setCurrentIndex(self.backend.findData("tensorflow"))
        self.keras2.setChecked(False)
        started = self.start_sample(overflow_demo=True)
        self.loss_list.demo_started(started, self.run_state.text())  # why not, where the button is
        return started

    def start_sample(self, extra_args: list[str] | None = None, python: str | None = None,
                     overflow_demo: bool = False) -> bool:
        if self.busy():  # the sample, or the search's probes (they use the GPU)
            return False
        if not target_script("sample.py").is_file():
            self.run_state.setText(verdict_html("bad", _t("The sample script is missing from this build.")))
            return False
        try:
            cfg = self.sample_config()
            if extra_args:
                cfg.extra_args = list(extra_args)
            if overflow_demo:
                cfg.overflow_demo = True
                cfg.validate()
        except ConfigError as exc:  # a combination the sample would refuse: say so before anything starts
            self.run_state.setText(verdict_html("bad", _t("These settings cannot run: {0}").format(exc)))
            return False
        self._config = cfg
        self._keep_current()
        self.chart.clear()
        self._set_framework(self.controls.backend_name())
        self._last, self._warnings, self.log_lines = {}, [], []
        self.run_box.reset()
        self.memory.run_started(cfg, self.controls.on_cpu())
        self.loss_plot.clear_run()
        self.loss_list.clear_run()
        self._start_watch()
        self._t0 = time.monotonic()
        self._run_label = self.run_label()  # the flow's "recording" item confirms it
        self._run_stats = None  # live: its numbers come from its run file when it ends
        cpu = self.controls.on_cpu()
        self._run_style = ("" if cpu else str(self.mode.currentData() or ""), str(self.precision.currentData() or ""))
        self._showing = self.result = self._unsaved = None
        self._write_problem, self._why_stopped, self.last_run_path = None, STOPPED_BY_BUTTON, None
        self.btn_save_elsewhere.setVisible(False)
        self._refresh_compare()
        self.chart.set_empty_text(self._cpu_hint() if cpu else None)
        self.btn_start.setEnabled(False)
        self.btn_stop.setEnabled(True)
        self.chart.start()
        target = python or self.state.target_python
        self.trainer.start(cfg, target, sampler=self.watch.sampler, t0=self._t0, timeout=self.SAMPLE_TIMEOUT_S,
                           stop_reason=lambda: self._why_stopped,
                           prediction=self.memory.prediction_for(cfg, target, cfg.keras2))  # kept and scored
        self.status.emit(_t("Training: starting TensorFlow (this takes a few seconds)…"))
        self._update_run_state()
        return True

    @staticmethod
    def _cpu_hint() -> str:
        return _t("Training on the CPU: there is no GPU memory to draw. Step, speed and loss on the right are live.")

    def stop_sample(self) -> None:
        if self.trainer.is_running():
            self.status.emit(_t("Training: stopping…"))
            self.trainer.cancel()

    def _on_progress(self, item) -> None:
        self.memory.on_progress(item)
        if item.kind == "recording":
            self._run_label = item.data.label
            self._update_run_state()
        elif item.kind == "event":
            self._on_event(item.data)
        elif item.kind == "memory":
            self.chart.add_sample(*item.data)
            self._update_numbers()
        elif item.kind == "line":
            self.log_lines.append(item.data)
        elif item.kind == "write-problem":
            self._write_problem = item.text
            self._update_run_state()

    def _on_event(self, ev: dict[str, Any]) -> None:
        kind = ev.get("type")
        if kind == "start":
            backend = (ev.get("config") or {}).get("backend") if isinstance(ev.get("config"), dict) else None
            if backend in BACKEND_NAMES:  # what the sample says it runs on
                self._set_framework(BACKEND_NAMES[backend][1])
        elif kind == "warning" and len(self._warnings) < 5:
            self._warnings.append(ev)
            self._update_run_state()
        elif kind == "devices":
            self._last["strategy"] = ev.get("strategy")
        elif kind == "progress":
            self.loss_list.add(self.loss_plot.feed(ev))  # mixed_float16: the loss scale and skipped steps
            self._last.update(ev)
            self._update_numbers()
            step, steps, ips = pick(ev, "step"), pick(ev, "steps"), pick(ev, "images_per_sec")
            if step is not None:
                msg = _t("Training: step {0}/{1}").format(step, steps if steps is not None else "?")
                if ips is not None:
                    msg += _t(", {0} img/s").format(f"{float(ips):,.0f}")
                self.status.emit(msg)

    def _update_numbers(self) -> None:
        import numpy as np

        cur, peak = self.chart.store.col("tf.current"), self.chart.store.col("tf.peak")
        have = np.flatnonzero(~np.isnan(cur))  # the latest framework reading (GPU rows carry NaN here)
        memory = None
        if len(have):
            i = int(have[-1])
            pk = float(peak[i]) if i < len(peak) and not math.isnan(float(peak[i])) else float(cur[i])
            memory = (float(cur[i]), pk)
            self.memory.set_tf_memory(*memory)
        last = self._last
        stats = self._run_stats
        ips = getattr(stats, "images_per_s", None) if not self.trainer.is_running() else None
        if ips:  # an ended or opened run: the table's figure (the median of its steps), not its last step's (N6)
            last = dict(last, images_per_sec=ips)
        self.run_box.show_readings(last, memory)
        self.run_box.lab_ips.setToolTip(_t("The median over the run's steps, as in the table below") if ips else "")

    def _on_finished(self, result: RecordResult) -> None:
        self.result = result
        self._write_problem = None
        if result.write_problem:  # not silent: the run box says so and offers to save it elsewhere
            self._unsaved = result
            self.log_lines.append(f"run not saved: {result.write_problem}")
            self.btn_save_elsewhere.setVisible(True)
        else:
            self.last_run_path = result.saved_to
        self._run_stats = self._stats_of(result)
        self._update_numbers()
        self.memory.run_finished(result.score, *nvml_trace(self.chart.store))
        if self.chart.empty_text() == self._cpu_hint():  # no longer live
            self.chart.set_empty_text(_t("The last run trained on the CPU: there was no GPU memory to draw."))
        self._run_ended()

    def _on_failed(self, message: str) -> None:
        self._run_ended()
        self.run_state.setText(verdict_html("bad", _t("These settings cannot run: {0}").format(message)))

    def _run_ended(self) -> None:
        self.btn_start.setEnabled(True)
        self.btn_stop.setEnabled(False)
        self.chart.repaint_now()
        self._update_run_state()
        self._refresh_compare()
        self.status.emit("")

    @staticmethod
    def _stats_of(result: RecordResult):
        try:  # the finished run's numbers, from its run file (what `runs compare` reads)
            return result.stats()
        except Exception:  # noqa: BLE001 - the row keeps "…"; the chart and the run box stand
            import logging

            logging.getLogger("tfgpu_wizard.gui").warning("no numbers for %s", result.saved_to, exc_info=True)
            return None

    def _update_run_state(self) -> None:
        box = self.run_box
        if self.trainer.is_running():
            text = box.running_html(self._run_label, self._write_problem)
        elif self._showing is not None:
            rep = self._showing
            gpus = ", ".join(sorted({d.name for d in rep.devices})) or _t("no GPU readings in this run")
            text = box.opened_html(rep.path.name, gpus, rep.end, rep.problems)
        elif self.result is None:
            text = _t("No run yet.")
        else:
            problem = self._unsaved.write_problem if self._unsaved is not None else None
            saved = box.saved_html(problem, self.last_run_path, kept=self.result.end == "crashed")
            text = box.end_html(self.result, self._last, saved)
        if self._warnings and self._showing is None and (self.trainer.is_running() or self.result is not None):
            text += box.warnings_html(self._warnings)
        self.run_state.setText(text)

    # -- GPU readings and opened runs -----------------------------------------------------------

    def _start_watch(self) -> None:
        """Start the live NVML readings (10 Hz) once; without a GPU the note under the controls says why."""
        if self.watch.sampler is not None:
            return
        self.watch.start()
        if self._t0 is None:
            self._t0 = time.monotonic()
        self._poll.start()

    def _poll_sampler(self) -> None:
        snaps = self.watch.take()
        if self.watch.state == "unavailable":
            self._poll.stop()
            self._gpu_note_state = ("unavailable", self.watch.detail)
            self._render_gpu_note()
            return
        if not snaps or self._t0 is None:
            return
        self.chart.add_samples(snapshot_rows(snaps, self._t0))
        self.memory.set_snapshot(min((s for s in snaps if s.t == snaps[-1].t), key=lambda s: s.gpu))
        if self._gpu_note_state[0] != "live":
            names = {d.index: d.name for d in self.watch.devices}
            self.chart.set_gpu_names(names)
            self._gpu_note_state = ("live", str(len(names)))
            self._render_gpu_note()

    def _render_gpu_note(self) -> None:
        """The line under the controls about live GPU readings, in the current language."""
        from tfgpu_wizard.core.i18n import tr

        kind, arg = self._gpu_note_state
        if kind == "unavailable":
            self.gpu_note.setText(verdict_html("warn", _t("No live GPU readings: {0}").format(tr("monitor", arg)))
                                  + " " + _t("You can still open a saved run or a bundled recording."))
        elif kind == "live":
            self.gpu_note.setText(verdict_html("ok", _t("Live readings from {0} GPU(s) at 10 Hz.").format(arg)))
        else:
            self.gpu_note.setText("")

    def open_run(self, path: str | Path) -> bool:
        """Show a saved run or a recording (``core.flows.record.replay``, on a thread); ``replay_done`` fires
        when the chart has it. False while another file is being opened."""
        if self.opener.is_running():
            return False
        # One entry per file (gui-audit-2 N5): the file already shown stays as it is, and a file kept as an earlier
        # run comes back as the current one instead of being drawn a second time beside its copy.
        if self._showing is not None and _same_file(self._showing.path, path) and not self.trainer.is_running():
            self.replay_done.emit(True)
            return True
        for i, (_, _, _, info) in enumerate(self.chart.faded_runs()):
            if _same_file(getattr(info, "path", ""), path):
                self.chart.remove_faded(i)
                break
        self._opening = Path(path)
        self.status.emit(_t("Opening {0}…").format(self._opening.name))
        self.opener.start(self._opening, speed=self.REPLAY_SPEED)
        return True

    def _replay_failed(self, message: str) -> None:
        self.status.emit("")
        name = self._opening.name if self._opening is not None else ""
        self.run_state.setText(verdict_html("bad", _t("Could not open {0}: {1}").format(name, message)))
        self.replay_done.emit(False)

    def _on_replayed(self, rep: Replay) -> None:
        self.status.emit("")
        if not rep.ok:
            # The reader refused the file (empty, not a run, newer format): its message says why. A run file it
            # could read is shown even when it holds nothing yet (cut off before its first step).
            self.run_state.setText(verdict_html("bad", _t("Could not open {0}: {1}").format(
                rep.path.name, rep.detail or rep.state)))
            self.replay_done.emit(False)
            return
        self._keep_current()
        self.chart.clear()
        self.chart.set_gpu_names({d.index: d.name for d in rep.devices})
        scale = 1.0 if math.isinf(self.REPLAY_SPEED) else self.REPLAY_SPEED
        rows = snapshot_rows(rep.snapshots, rep.snapshots[0].t, scale) if rep.snapshots else []
        self._set_framework(rep.framework)
        self.chart.add_samples(sorted(rows + rep.memory, key=lambda r: r[0]))  # the time axis must be sorted
        self._last = {}
        self.run_box.reset()
        for _, ev in rep.events:  # the run box shows the recording's last step (loss, speed)
            if isinstance(ev, dict) and (isinstance(ev.get("step"), int) or isinstance(ev.get("steps"), int)):
                self._last.update(ev)
                if "images_per_s" in ev:
                    self._last["images_per_sec"] = ev["images_per_s"]
        self._update_numbers()
        self._show_settings_of(rep)
        self._run_label, self._run_style, self._run_stats = rep.label, (rep.mode, rep.precision), rep.stats
        self._update_numbers()
        self._no_readings = not (rows or rep.memory)
        self._render_no_readings()
        self.chart.follow = False
        self.chart.repaint_now()
        self.chart.follow = True
        self._showing = rep
        self.memory.show_replay(rep)
        self.loss_plot.clear_run()
        self.loss_list.clear_run()
        for _, ev in rep.events:
            if isinstance(ev, dict) and ev.get("type") == "progress":
                self.loss_list.add(self.loss_plot.feed(ev))
        self._update_run_state()
        self._refresh_compare()
        self.replay_done.emit(True)

    def _show_settings_of(self, rep: Replay) -> None:
        """The controls show the opened run's settings (model, batch, steps, precision, memory, backend): they
        said "cnn · TensorFlow" while a resnet20 or PyTorch recording was open (gui-audit-2 F14). Start then runs
        what is shown. The device choice stays this computer's."""
        if self.trainer.is_running():
            return
        cfg = next((ev.get("config") for _, ev in rep.events
                    if isinstance(ev, dict) and ev.get("type") == "start" and isinstance(ev.get("config"), dict)), None)
        if not cfg:
            return
        c = self.controls
        for combo, key in ((c.model, "model"), (c.precision, "precision"), (c.mode, "memory"),
                           (c.backend, "backend")):
            i = combo.findData(cfg.get(key))
            if i >= 0:
                combo.setCurrentIndex(i)
        for spin, key in ((c.batch, "batch_size"), (c.steps, "steps")):
            value = cfg.get(key)
            if isinstance(value, int) and not isinstance(value, bool):
                spin.setValue(max(spin.minimum(), min(spin.maximum(), value)))
        limit = str(cfg.get("memory_limit") or "")
        if limit.isdigit():
            c.limit_mb.setValue(max(c.limit_mb.minimum(), min(c.limit_mb.maximum(), int(limit))))
        if c.backend.currentData() == "tensorflow" and isinstance(cfg.get("keras2"), bool):
            c.keras2.setChecked(cfg["keras2"])

    def _render_no_readings(self) -> None:
        """The chart's hint for an opened run without memory readings, in the current language (N12: it stayed
        English after a switch to 中文)."""
        self.chart.set_empty_text(_t(
            "This run has no GPU memory readings (it trained on the CPU, or NVML was not available). "
            "Its steps, speed and loss are on the right.") if self._no_readings else None)

    def _keep_current(self) -> None:
        """Keep the run on the chart as an earlier, faded one (the checkbox), before another is drawn."""
        if self.keep.isChecked() and len(self.chart.store) and self._run_label:
            self.chart.keep_as_faded(self._run_label, *self._run_style, info=self._run_stats)

    def open_dialog_places(self) -> tuple[Path, list[Path]]:
        """Where "Open run or recording…" starts, and the folders one click away in its sidebar: your runs
        when you have any, else the bundled recordings (what a machine without a GPU can look at)."""
        from tfgpu_wizard.core.paths import resources_dir, user_data_dir

        runs, recordings = user_data_dir() / "runs", resources_dir() / "recordings"
        has_runs = runs.is_dir() and any(runs.glob("*.run.jsonl"))
        places = [p for p in (runs, recordings, Path.home()) if p.is_dir()]
        return (runs if has_runs else recordings), places

    def open_run_dialog(self) -> QFileDialog:
        """The "Open run or recording…" dialog (not shown yet): wide enough, in the detail view with the name
        column sized to the longest name, so "sample-jax-cnn-mi…default.run.jsonl" no longer appears twice
        (gui-audit-2 N17); the sidebar has runs, recordings and home."""
        from PySide6.QtCore import QUrl
        from PySide6.QtWidgets import QTreeView

        start, places = self.open_dialog_places()
        dlg = QFileDialog(self, _t("Open run or recording"), str(start),
                          _t("Runs and recordings (*.run.jsonl);;All files (*)"))
        dlg.setFileMode(QFileDialog.FileMode.ExistingFile)
        dlg.setOption(QFileDialog.Option.DontUseNativeDialog, True)  # the sidebar (bundled recordings) shows
        dlg.setSidebarUrls([QUrl.fromLocalFile(str(p)) for p in places])
        dlg.setViewMode(QFileDialog.ViewMode.Detail)
        screen = self.screen().availableGeometry() if self.screen() is not None else None
        width = min(1000, screen.width() - 40) if screen is not None else 1000
        dlg.resize(width, min(600, screen.height() - 60) if screen is not None else 560)
        names = [p.name for p in start.glob("*.run.jsonl")] if start.is_dir() else []
        tree = dlg.findChild(QTreeView, "treeView")
        if tree is not None and names:
            longest = max(tree.fontMetrics().horizontalAdvance(n) for n in names) + 40
            tree.header().resizeSection(0, min(longest, width - 360))  # size and type keep ~200 px
        return dlg

    def _open_run_dialog(self) -> None:
        dlg = self.open_run_dialog()
        if dlg.exec() and dlg.selectedFiles():
            self.open_run(dlg.selectedFiles()[0])

    # -- export, save elsewhere, the comparison ----------------------------------------------------

    @staticmethod
    def _save_start(name: str) -> str:
        """Save dialogs open in Documents (or home), not in whatever folder the app was started from."""
        return save_start(name)

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
            self.run_state.setText(verdict_html("bad", _t("Could not write {0}.").format(path)))
        elif path:
            self.run_state.setText(saved_html(_t("Saved to"), path))

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
            self.run_state.setText(verdict_html("bad", problem) if problem else saved_html(_t("Saved to"), path))

    def save_unsaved(self, path: str | Path) -> bool:
        """Write the run whose file could not be written to ``path`` (``RecordResult.save_to``)."""
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
        self._run_stats = self._stats_of(rec)
        self.btn_save_elsewhere.setVisible(False)
        self._update_run_state()
        self._refresh_compare()
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
        faded = self.chart.faded_runs()
        rows = [CompareRow(label, colour, dash, info) for label, colour, dash, info in faded]
        has_current = bool(self._run_label) and (
            self.trainer.is_running() or len(self.chart.store) > 0 or self._run_stats is not None)
        if has_current:
            label = self.chart.kept_label(self._run_label)
            colour, dash = self.chart.current_style()
            rows.append(CompareRow(label, colour, dash, self._run_stats, current=True))
        return rows

    def _refresh_compare(self) -> None:
        self.compare.set_rows(self.compare_rows())

    def shutdown(self) -> None:
        self._why_stopped = STOPPED_BY_CLOSING
        self._poll.stop()
        self.chart.stop()
        self.memory.shutdown()
        self.fit.shutdown()  # cancels the search: its probe (a child process) is stopped
        self.trainer.shutdown(wait_ms=8000)  # the flow stops the sample and closes its run file
        self.opener.shutdown(wait_ms=130_000)
        self.watch.stop()
