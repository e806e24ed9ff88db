"""Benchmark page: the tutorial's comparison (one GPU FP32, all GPUs FP32, all GPUs mixed precision,
growth vs limit) run one after another into a table and a speedup chart, exportable as CSV.

The comparison is ``core.flows.benchmark`` (``tfgpu-wizard benchmark`` too), driven through ``FlowTask``: the same
settings (the GPU ones when the host report lists an NVIDIA GPU), the same rows and statuses. This page shows them.

Without a GPU, "Show the H200 recordings" fills the same table and chart from the bundled recordings
``resources/recordings/sample-*.run.jsonl`` (Keras 3 on JAX and PyTorch on one H200: FP32 vs mixed
precision, default vs growth vs limit), read through ``core.monitor.runs.read_run``, the real run reader. They are
labelled as recordings (GPU, driver, date, backend) everywhere they show: the note above the table, the
Result column and the CSV.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import (
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
)

from tfgpu_wizard.core.flows import benchmark as core_benchmark
from tfgpu_wizard.core.flows.benchmark import benchmark, settings
from tfgpu_wizard.gui.run_box import why_it_failed
from tfgpu_wizard.gui.widgets import (
    Page,
    empty_state,
    heading,
    save_start,
    saved_html,
    verdict_html,
    wrap_label,
)
from tfgpu_wizard.gui.workers import FlowTask

# The settings compared are core's (core.target.sampleopts.BENCHMARK_GPU / BENCHMARK_CPU, English labels translated
# here in the BenchmarkPage context), the same as `tfgpu-wizard benchmark` runs.
TIMEOUT_S = 900.0  # per setting (`benchmark --timeout`, the same default)


def _t(text: str) -> str:
    return QCoreApplication.translate("BenchmarkPage", text)


def recording_rows(paths: list[Path] | None = None) -> list[dict[str, Any]]:
    """The bundled sample recordings as benchmark rows (``core.monitor.benchmark.recording_rows``)."""
    return core_benchmark.recording_rows(paths)


class BenchmarkPage(Page):
    def __init__(self, state, parent=None) -> None:
        super().__init__(parent)
        self.state = state
        self.runner = FlowTask(benchmark, self, name="tfgpu-benchmark")  # core.flows.benchmark, the CLI's too
        self.runner.progress.connect(self._on_progress)
        self.runner.finished.connect(self._on_finished)
        self.runner.failed.connect(self._on_failed)
        self.planned: list[tuple[str, Any]] = []  # the settings of the current / last comparison
        self.results: list[dict[str, Any]] = []
        self._current: int | None = None  # the index of the setting running now
        self.demo = False  # the table shows the bundled recordings, not runs on this computer
        self._demo_paths: list[Path] | None = None  # the recordings shown (None: the bundled ones)

        lay = QVBoxLayout(self)
        self.title = heading()
        lay.addWidget(self.title)
        self.hint = wrap_label()
        lay.addWidget(self.hint)
        self.source_note = wrap_label()
        self.source_note.setStyleSheet(
            "QLabel { background: #fff8e1; border: 1px solid #e0c36a; border-radius: 4px; padding: 6px; }")
        self.source_note.setVisible(False)
        lay.addWidget(self.source_note)
        row = QHBoxLayout()
        self.steps = QSpinBox()
        self.steps.setRange(10, 100_000)
        self.steps.setValue(200)
        self.btn_run = QPushButton()
        self.btn_run.clicked.connect(self.toggle)
        self.btn_csv = QPushButton()
        self.btn_csv.clicked.connect(self._export_dialog)
        row.addWidget(self.steps)
        row.addWidget(self.btn_run)
        row.addWidget(self.btn_csv)
        row.addStretch(1)
        self.lab_demo = QLabel()
        row.addWidget(self.lab_demo)
        self.btn_demo = QPushButton()
        self.btn_demo.clicked.connect(lambda: self.show_recordings())  # clicked(bool) must not reach `paths`
        row.addWidget(self.btn_demo)
        lay.addLayout(row)
        self.saved_note = wrap_label()  # "Saved to …" after an export (N14)
        self.saved_note.setOpenExternalLinks(True)
        self.saved_note.setTextInteractionFlags(Qt.TextInteractionFlag.TextBrowserInteraction)
        self.saved_note.setVisible(False)
        lay.addWidget(self.saved_note)
        self.table = QTableWidget(0, 5)
        # Row numbers: the speedup chart labels its bars with them.
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        lay.addWidget(self.table, 1)
        import pyqtgraph as pg

        self.plot = pg.PlotWidget(background="w")
        self.plot.setMinimumHeight(140)  # with the table and a two-line note: fits 600 px
        self.plot.setMouseEnabled(x=False, y=False)
        self.plot.hideButtons()
        self.bars = pg.BarGraphItem(x=[], height=[], width=0.6, brush="#1f77b4")
        self.plot.addItem(self.bars)
        lay.addWidget(self.plot, 1)
        self.plot_empty = empty_state()
        lay.addWidget(self.plot_empty, 1)
        self.retranslate()

    def configs(self, steps: int | None = None) -> list[tuple[str, Any]]:
        """(English label, ``SampleConfig``) of each setting: GPU settings when detection found GPUs."""
        return settings(self.state.host, steps or self.steps.value())

    def retranslate(self) -> None:
        self._render_title()
        self._render_hint()
        self.steps.setSuffix(" " + _t("steps"))
        self.btn_run.setText(_t("■ Stop") if self.busy() else _t("▶ Run the comparison"))
        self.btn_csv.setText(_t("Export CSV…"))
        self.lab_demo.setText(_t("No GPU here?"))
        self.btn_demo.setText(_t("Show the H200 recordings"))
        self.btn_demo.setToolTip(_t("A finished comparison recorded on an NVIDIA H200 (Keras 3 on JAX and "
                                    "PyTorch), read from the bundled run files: nothing runs on this computer."))
        if self.demo and not self.busy():
            # The rows carry words read with the recordings (a file's problems): read them again in this language.
            self.results = recording_rows(self._demo_paths)
        self._render_source_note()
        self.table.setHorizontalHeaderLabels(
            [_t("Setting"), _t("Images/s"), _t("Step time"), _t("Speedup"), _t("Result")]
        )
        self.plot.setLabel("left", _t("Speedup (×)"))
        self.plot_empty.setText(_t("The speedup chart appears here after the first two settings have run. "
                                   "Press “Run the comparison”; each setting takes about a minute. "
                                   "Or press “Show the H200 recordings” to see a finished comparison."))
        self._fill()

    def _render_hint(self) -> None:
        """What the page does; on a computer without a GPU also why mixed precision is no faster there (gui-audit
        F13: "bf16 slower" was left unexplained)."""
        host = self.state.host
        text = _t("Runs the sample once per setting below, one after another, with the same model and batch, "
                  "and compares images per second. Without a GPU it compares CPU settings.")
        if host is not None and not getattr(host, "gpus", None) and not self.demo:
            text += " " + _t("On a CPU, mixed precision is usually no faster than FP32: it speeds up GPUs with "
                             "Tensor Cores (compute capability 7.0 or newer; 1.6–1.7× for ResNet-20 in the H200 "
                             "recordings).")
        self.hint.setText(text)

    def _render_title(self) -> None:
        """A computer without an NVIDIA GPU compares CPU settings: the title says so (gui-audit-2 F13); the H200
        recordings keep the GPU question."""
        host = self.state.host
        no_gpu = host is not None and not getattr(host, "gpus", None)
        self.title.setText(_t("Benchmark: compare CPU settings") if no_gpu and not self.demo
                           else _t("Benchmark: how much faster is the GPU?"))

    def on_shown(self) -> None:
        self._render_title()  # the machine may have been detected since
        self._render_hint()
        self._fill()  # the detected GPUs decide which settings are compared

    def busy(self) -> bool:
        return self.runner.is_running()

    def toggle(self) -> None:
        if self.busy():
            self.runner.cancel()
        else:
            self.start()

    def start(self, configs=None, steps: int | None = None) -> None:
        self.results = []
        self.demo = False
        self._render_source_note()
        self._render_hint()
        self.btn_demo.setEnabled(False)
        if steps:
            self.steps.setValue(steps)
        self.planned = list(configs or self.configs())
        self._current = 0
        self.btn_run.setText(_t("■ Stop"))
        self.status.emit(_t("Benchmark: {0}…").format(_t(self.planned[0][0])) if self.planned else "")
        self.runner.start(self.state.target_python, configs=self.planned, host=self.state.host, timeout=TIMEOUT_S)
        self._fill()

    def _on_progress(self, item) -> None:
        if item.kind == "setting":
            self._current = item.data
            self.status.emit(_t("Benchmark: {0}…").format(_t(self.planned[item.data][0])))
            self._fill()
        elif item.kind == "row":
            self.results.append(item.data)
            self._fill()

    def _on_finished(self, _result) -> None:
        self._ended()

    def _on_failed(self, message: str) -> None:
        self._ended()
        self.source_note.setText(verdict_html("bad", message))
        self.source_note.setVisible(True)

    def _ended(self) -> None:
        self._current = None
        self.btn_demo.setEnabled(True)
        self.btn_run.setText(_t("▶ Run the comparison"))
        self.status.emit("")
        self._fill()

    # -- the H200 recordings ----------------------------------------------------------------

    def show_recordings(self, paths: list[Path] | None = None) -> int:
        """Fill the table and the chart from the bundled H200 recordings (or ``paths``); returns the rows shown.

        Refused (0) while a comparison runs. Reading 13 small files takes a few tens of milliseconds, so
        this runs on the GUI thread.
        """
        if self.busy():
            return 0
        self._demo_paths = list(paths) if paths is not None else None
        rows = recording_rows(self._demo_paths)
        self.demo = True
        self.results = rows
        self.planned = []
        self._render_source_note()
        self._render_title()
        self._render_hint()
        self._fill()
        return len(rows)

    def _render_source_note(self) -> None:
        if not self.demo:
            self.source_note.setVisible(False)
            return
        rows = [r for r in self.results if r.get("key") is not None]
        if not rows:
            self.source_note.setText(verdict_html("warn", _t("No H200 recordings could be read.")))
            self.source_note.setVisible(True)
            return

        def joined(key: str) -> str:
            return ", ".join(dict.fromkeys(str(r.get(key) or "?") for r in rows))

        backends = ", ".join(dict.fromkeys(core_benchmark.BACKEND_NAMES.get(r["backend"], r["backend"]) for r in rows))
        text = _t("Recordings, not measured on this computer: {0}, driver {1}, recorded {2}; Keras 3 on {3}. "
                  "Speedup is against FP32 with default memory of the same backend and model.").format(
            joined("gpu"), joined("driver"), joined("date"), backends)
        self.source_note.setText(verdict_html("info", text))
        self.source_note.setVisible(True)

    # -- table and chart ------------------------------------------------------------------

    def speedups(self) -> list[float | None]:
        """Speedup of each result: a recording's own (against its FP32 baseline), else against the first row."""
        return core_benchmark.speedups(self.results)

    def _fill(self) -> None:
        """Every setting of the comparison is a row from the start: done, running, or waiting."""
        planned = self.planned or ([] if self.demo else list(self.configs()))
        speeds = self.speedups()
        self.table.setRowCount(max(len(planned), len(self.results)))
        xs, hs = [], []
        for i in range(self.table.rowCount()):
            r = self.results[i] if i < len(self.results) else None
            label = r["setting"] if r else planned[i][0]
            if r is None:
                running = self._current == i and self.busy()
                cells = [_t(label), "—", "—", "—", ("… " + _t("running")) if running else _t("not run yet")]
            else:
                ips = r["images_per_sec"]
                speed = speeds[i]
                ok = r["status"] == "ok" and ips is not None
                if str(r["status"]).startswith("recording"):
                    result = "● " + _t("recording")
                    if "failed" in str(r["status"]):  # "recording (failed)": say so, and what stopped it (N7)
                        why = why_it_failed(str(r.get("end_detail") or ""))
                        result = "✗ " + _t("recording of a failed run") + (" · " + why if why else "")
                    if r.get("peak_mib"):
                        result += " · " + _t("peak {0:.1f} GiB").format(r["peak_mib"] / 1024)
                    if r["message"]:
                        result += " · " + r["message"][:120]
                else:
                    result = "✓ " + _t("done") if ok else "✗ " + (r["message"][:120] or r["status"])
                cells = [
                    r["setting"] if "key" in r else _t(r["setting"]),
                    f"{ips:,.0f}" if ips else "—",
                    f"{r['step_time_s'] * 1000:.2f} ms" if r["step_time_s"] else "—",
                    f"{speed:.2f}×" if speed else "—",
                    result,
                ]
                if speed:
                    xs.append(i)
                    hs.append(speed)
            for c, text in enumerate(cells):
                self.table.setItem(i, c, QTableWidgetItem(text))
        self.table.resizeColumnsToContents()
        self.table.horizontalHeader().setStretchLastSection(True)
        self.bars.setOpts(x=xs, height=hs, width=0.6)
        ax = self.plot.getAxis("bottom")
        ax.setTicks([[(i, str(i + 1)) for i in range(self.table.rowCount())]])
        has_chart = len(xs) >= 2
        self.plot.setVisible(has_chart)
        self.plot_empty.setVisible(not has_chart)

    CSV_FIELDS = core_benchmark.CSV_FIELDS

    def export_csv(self, path: str) -> None:
        """The table as CSV (``core.monitor.benchmark.write_csv``); a recording's rows say so."""
        core_benchmark.write_csv(path, self.results)

    def _export_dialog(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, _t("Export CSV"), save_start("benchmark.csv"), "CSV (*.csv)")
        if not path:
            return
        try:
            self.export_csv(path)
        except OSError as exc:
            self.saved_note.setText(verdict_html("bad", _t("Could not write {0}: {1}").format(path, exc.strerror or exc)))
        else:
            self.saved_note.setText(saved_html(_t("Saved to"), path))
        self.saved_note.setVisible(True)

    def shutdown(self) -> None:
        self.runner.shutdown()
