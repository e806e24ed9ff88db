"""The comparison table under the Monitor's chart: one row per shown run (the current one and each earlier,
faded one) with its peak and steady memory, images/s and first-step time.

The numbers are ``core.monitor.compare.RunStats``, the same objects ``tfgpu-wizard runs compare`` prints, so the window
and the terminal never disagree; the labels and colours are the overlay's (``core.monitor.compare.unique_labels`` /
``style_for``, chosen by the chart). This widget only formats them. Each number cell keeps the unformatted
value in ``Qt.ItemDataRole.UserRole`` (None when the run has no such number).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QCoreApplication, QPointF, Qt
from PySide6.QtGui import QColor, QIcon, QPainter, QPen, QPixmap
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableWidget, QTableWidgetItem

_DASH = {"solid": Qt.PenStyle.SolidLine, "dash": Qt.PenStyle.DashLine, "dot": Qt.PenStyle.DotLine,
         "dashdot": Qt.PenStyle.DashDotLine}


def _t(text: str) -> str:
    return QCoreApplication.translate("CompareTable", text)


# The columns: (English header, RunStats field, format). The formats are the CLI's (`runs compare`). The last
# three are the prediction against TensorFlow's measured peak (issue 25, `runs compare`'s second table), shown
# only when a row has one of them.
COLUMNS = ("Run", "Peak (MiB)", "Steady (MiB)", "img/s", "First step (s)", "TF peak (MiB)", "Predicted (MiB)",
           "Error")
FIELDS = (None, "peak_mib", "steady_mib", "images_per_s", "first_step_s", "tf_peak_mib", "predicted_mib",
          "error_pct")
FORMATS = (None, "{:,.0f}", "{:,.0f}", "{:,.0f}", "{:.2f}", "{:,.0f}", "{:,.0f}", "{:+.1f}%")
PREDICTION_COLUMNS = (5, 6, 7)
# Where the memory numbers come from (core.monitor.compare.RunStats.source), said in the peak cell's tooltip.
SOURCE_TEXT = {
    "nvml": "GPU memory used (NVML), busiest GPU",
    "framework": "the framework's own allocator (no GPU readings in this run)",
    "host-ram": "host RAM of the training process (a CPU run)",
    "none": "no memory readings in this run",
}


@dataclass
class CompareRow:
    """One run as the overlay shows it: its unique legend label, its pen (colour, dash) and its numbers."""

    label: str
    colour: str
    dash: str
    stats: Any = None  # core.monitor.compare.RunStats, None while a live run has not finished
    current: bool = False  # the run drawn in full colour (live or just opened); the others are earlier runs


def swatch(colour: str, dash: str, size: tuple[int, int] = (28, 12)) -> QIcon:
    """A short line in the run's colour and dash pattern: the overlay's legend sample."""
    pix = QPixmap(*size)
    pix.fill(Qt.GlobalColor.transparent)
    p = QPainter(pix)
    pen = QPen(QColor(colour or "#444"))
    pen.setWidth(3)
    pen.setStyle(_DASH.get(dash, Qt.PenStyle.SolidLine))
    p.setPen(pen)
    p.drawLine(QPointF(1, size[1] / 2), QPointF(size[0] - 1, size[1] / 2))
    p.end()
    return QIcon(pix)


class CompareTable(QTableWidget):
    """Peak, steady, img/s and first-step time of every shown run; hidden while no run is shown."""

    MAX_VISIBLE_ROWS = 4

    def __init__(self, parent=None) -> None:
        super().__init__(0, len(COLUMNS), parent)
        self.setObjectName("compare-table")
        self.rows: list[CompareRow] = []
        self.verticalHeader().setVisible(False)
        # compact rows: the table must not squeeze the chart above it (1366x768 screens)
        self.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 6)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setWordWrap(False)
        hdr = self.horizontalHeader()
        hdr.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for c in range(1, len(COLUMNS)):
            hdr.setSectionResizeMode(c, QHeaderView.ResizeMode.ResizeToContents)
        self.setVisible(False)
        self.retranslate()

    def retranslate(self) -> None:
        self.setHorizontalHeaderLabels([_t(c) for c in COLUMNS])
        self.set_rows(self.rows)

    def set_rows(self, rows: list[CompareRow]) -> None:
        self.rows = list(rows)
        self.setRowCount(len(self.rows))
        for r, row in enumerate(self.rows):
            s = row.stats
            label = _t("{0} (current)").format(row.label) if row.current else row.label
            first = QTableWidgetItem(swatch(row.colour, row.dash), label)
            first.setData(Qt.ItemDataRole.UserRole, row.label)
            if s is not None and getattr(s, "path", ""):
                first.setToolTip(str(s.path))
            if row.current:
                f = first.font()
                f.setBold(True)
                first.setFont(f)
            self.setItem(r, 0, first)
            for c in range(1, len(COLUMNS)):
                value = getattr(s, FIELDS[c], None) if s is not None else None
                if s is None:
                    text = "…"  # a live run: its numbers come when it ends
                else:
                    text = "—" if value is None else FORMATS[c].format(value)
                item = QTableWidgetItem(text)
                item.setData(Qt.ItemDataRole.UserRole, value)
                item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                if c in (1, 2) and s is not None:
                    item.setToolTip(_t(SOURCE_TEXT.get(s.source, SOURCE_TEXT["none"])))
                elif c in PREDICTION_COLUMNS:
                    item.setToolTip(_t("The peak predicted before the run against TensorFlow's own measured peak "
                                       "(get_memory_info), as `tfgpu-wizard runs compare` shows them."))
                self.setItem(r, c, item)
        predicted = any(getattr(row.stats, FIELDS[c], None) is not None for row in self.rows
                        for c in PREDICTION_COLUMNS)
        for c in PREDICTION_COLUMNS:
            self.setColumnHidden(c, not predicted)
        self.setVisible(bool(self.rows))
        shown = min(len(self.rows), self.MAX_VISIBLE_ROWS)
        height = self.horizontalHeader().sizeHint().height() + 2 * self.frameWidth()
        height += sum(self.rowHeight(r) for r in range(shown)) if shown else 0
        self.setFixedHeight(height + (2 if shown else 0))

    def values(self) -> list[dict[str, Any]]:
        """The table as data (label + the raw numbers), in row order: what the tests compare."""
        out = []
        for r in range(self.rowCount()):
            d: dict[str, Any] = {"label": self.item(r, 0).data(Qt.ItemDataRole.UserRole)}
            for c in range(1, len(COLUMNS)):
                d[FIELDS[c]] = self.item(r, c).data(Qt.ItemDataRole.UserRole)
            out.append(d)
        return out
