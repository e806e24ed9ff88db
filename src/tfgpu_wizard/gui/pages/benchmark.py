"""Benchmark page: the tutorial's comparison (one GPU FP32, all GPUs FP32, all GPUs mixed precision,
growth vs limit) run one after another into a table and a speedup chart, exportable as CSV."""

from __future__ import annotations

import csv
from typing import Any

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import (
    QFileDialog,
    QHBoxLayout,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
)

from tfgpu_wizard.core.paths import target_script
from tfgpu_wizard.gui.widgets import Page, empty_state, heading, wrap_label
from tfgpu_wizard.gui.workers import FinishInfo, TargetProcess

# (English label, sample arguments)
CONFIGS: tuple[tuple[str, list[str]], ...] = (
    ("One GPU, FP32", ["--devices", "gpu:0", "--precision", "fp32", "--memory", "growth"]),
    ("All GPUs, FP32", ["--devices", "all", "--precision", "fp32", "--memory", "growth"]),
    ("All GPUs, mixed precision", ["--devices", "all", "--precision", "mixed_float16", "--memory", "growth"]),
    ("One GPU, FP32, memory limit 4 GB", ["--devices", "gpu:0", "--memory", "limit", "--memory-limit", "4096"]),
)
CPU_CONFIGS: tuple[tuple[str, list[str]], ...] = (
    ("CPU, FP32", ["--devices", "cpu", "--precision", "fp32"]),
    ("CPU, mixed_bfloat16", ["--devices", "cpu", "--precision", "mixed_bfloat16"]),
)


def _t(text: str) -> str:
    return QCoreApplication.translate("BenchmarkPage", text)


class BenchmarkPage(Page):
    def __init__(self, state, parent=None) -> None:
        super().__init__(parent)
        self.state = state
        self.proc = TargetProcess(self)
        self.proc.event.connect(self._on_event)
        self.proc.finished.connect(self._on_finished)
        self.queue: list[tuple[str, list[str]]] = []
        self.planned: list[tuple[str, list[str]]] = []  # the settings of the current / last comparison
        self.results: list[dict[str, Any]] = []
        self._current: tuple[str, list[str]] | None = None
        self._summary: dict[str, Any] | None = None
        self._error: dict[str, Any] | None = None

        lay = QVBoxLayout(self)
        self.title = heading()
        lay.addWidget(self.title)
        self.hint = wrap_label()
        lay.addWidget(self.hint)
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
        lay.addLayout(row)
        self.table = QTableWidget(0, 5)
        self.table.verticalHeader().setVisible(False)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        lay.addWidget(self.table, 1)
        import pyqtgraph as pg

        self.plot = pg.PlotWidget(background="w")
        self.plot.setMinimumHeight(180)
        self.plot.setMouseEnabled(x=False, y=False)
        self.plot.hideButtons()
        self.bars = pg.BarGraphItem(x=[], height=[], width=0.6, brush="#1f77b4")
        self.plot.addItem(self.bars)
        lay.addWidget(self.plot, 1)
        self.plot_empty = empty_state()
        lay.addWidget(self.plot_empty, 1)
        self.retranslate()

    def configs(self) -> tuple[tuple[str, list[str]], ...]:
        return CONFIGS if getattr(self.state.host, "gpus", None) else CPU_CONFIGS

    def retranslate(self) -> None:
        self.title.setText(_t("Benchmark: how much faster is the GPU?"))
        self.hint.setText(
            _t("Runs the sample once per setting below, one after another, with the same model and batch, "
               "and compares images per second. Without a GPU it compares CPU settings.")
        )
        self.steps.setSuffix(" " + _t("steps"))
        self.btn_run.setText(_t("■ Stop") if self.busy() else _t("▶ Run the comparison"))
        self.btn_csv.setText(_t("Export CSV…"))
        self.table.setHorizontalHeaderLabels(
            [_t("Setting"), _t("Images/s"), _t("Step time"), _t("Speedup"), _t("Result")]
        )
        self.plot.setLabel("left", _t("Speedup (×)"))
        self.plot_empty.setText(_t("The speedup chart appears here after the first two settings have run. "
                                   "Press “Run the comparison”; each setting takes about a minute."))
        self._fill()

    def on_shown(self) -> None:
        self._fill()  # the detected GPUs decide which settings are compared

    def busy(self) -> bool:
        return self.proc.is_running() or bool(self.queue)

    def toggle(self) -> None:
        if self.busy():
            self.queue.clear()
            self.proc.cancel()
        else:
            self.start()

    def start(self, configs=None, steps: int | None = None) -> None:
        self.results = []
        self.queue = list(configs or self.configs())
        self.planned = list(self.queue)
        if steps:
            self.steps.setValue(steps)
        self._fill()
        self._next()

    def _next(self) -> None:
        if not self.queue:
            self._current = None
            self.btn_run.setText(_t("▶ Run the comparison"))
            self.status.emit("")
            return
        self._current = self.queue.pop(0)
        self._summary = self._error = None
        label, args = self._current
        self.btn_run.setText(_t("■ Stop"))
        self.status.emit(_t("Benchmark: {0}…").format(_t(label)))
        self.proc.start(
            self.state.target_python,
            [str(target_script("sample.py")), *args, "--steps", str(self.steps.value())],
            timeout_s=900,
        )
        self._fill()

    def _on_event(self, ev: dict[str, Any]) -> None:
        if ev.get("type") == "summary":
            self._summary = ev
        elif ev.get("type") == "error":
            self._error = ev

    def _on_finished(self, info: FinishInfo) -> None:
        if self._current is None:
            return
        label, args = self._current
        s = self._summary or {}
        ips = s.get("steady_images_per_sec") or s.get("images_per_sec")
        st = s.get("step_time") or s.get("steady_step_time")
        res = {
            "setting": label,
            "images_per_sec": float(ips) if isinstance(ips, (int, float)) else None,
            "step_time_s": float(st) if isinstance(st, (int, float)) else None,
            "status": info.status,
            "message": str((self._error or {}).get("message") or ""),
        }
        self.results.append(res)
        self._fill()
        if info.status == "cancelled":
            self.queue.clear()
        self._next()

    def _fill(self) -> None:
        """Every setting of the comparison is a row from the start: done, running, or waiting."""
        planned = self.planned or list(self.configs())
        base = next((r["images_per_sec"] for r in self.results if r["images_per_sec"]), None)
        self.table.setRowCount(max(len(planned), len(self.results)))
        xs, hs = [], []
        for i in range(self.table.rowCount()):
            r = self.results[i] if i < len(self.results) else None
            label = r["setting"] if r else planned[i][0]
            if r is None:
                running = self._current is not None and self._current[0] == label and self.proc.is_running()
                cells = [_t(label), "—", "—", "—", ("… " + _t("running")) if running else _t("not run yet")]
            else:
                ips = r["images_per_sec"]
                speed = ips / base if ips and base else None
                ok = r["status"] == "ok" and ips is not None
                cells = [
                    _t(r["setting"]),
                    f"{ips:,.0f}" if ips else "—",
                    f"{r['step_time_s'] * 1000:.1f} ms" if r["step_time_s"] else "—",
                    f"{speed:.2f}×" if speed else "—",
                    "✓ " + _t("done") if ok else "✗ " + (r["message"][:120] or r["status"]),
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

    def export_csv(self, path: str) -> None:
        with open(path, "w", newline="", encoding="utf-8") as fh:
            w = csv.DictWriter(fh, fieldnames=["setting", "images_per_sec", "step_time_s", "status", "message"])
            w.writeheader()
            for r in self.results:
                w.writerow(r)

    def _export_dialog(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, _t("Export CSV"), "benchmark.csv", "CSV (*.csv)")
        if path:
            self.export_csv(path)

    def shutdown(self) -> None:
        self.queue.clear()
        self.proc.shutdown()
