"""Loss scaling, live (issue 25): a small plot of the loss scale (log axis) with a marker at each skipped step,
shown under the Monitor's memory chart for mixed_float16 runs, and one plain sentence per event in a list.

The events and their sentences are core's (``core.monitor.lossscale``, the CLI's ``record`` prints the same); this
module only draws them. The "Show an overflow" button belongs to the page (it starts the sample with
``--overflow-demo``); ``LossScaleList`` holds it so the lesson and its button sit together.
"""

from __future__ import annotations

import math

import pyqtgraph as pg
from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QLabel, QListWidget, QPushButton, QVBoxLayout, QWidget

from tfgpu_wizard.core.monitor.lossscale import LossScaleFollower, ScaleEvent
from tfgpu_wizard.gui.widgets import wrap_label

SCALE_COLOUR = "#1f4e99"
SKIP_COLOUR = "#b42318"


def _t(text: str) -> str:
    return QCoreApplication.translate("LossScale", text)


class LossScalePlot(pg.PlotWidget):
    """The loss scale over the steps (log y axis), a red marker where steps were skipped. Hidden until a run
    reports a loss scale."""

    HEIGHT = 78

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("loss-scale-plot")
        self.setMenuEnabled(False)
        self.setMouseEnabled(x=False, y=False)
        self.hideButtons()
        self.setLogMode(x=False, y=True)
        self.showGrid(x=False, y=True, alpha=0.25)
        self.getAxis("left").setWidth(62)  # aligned with the memory chart's axis
        self.setFixedHeight(self.HEIGHT)
        self.curve = self.plot([], [], pen=pg.mkPen(SCALE_COLOUR, width=2))
        # a PlotDataItem (not a bare ScatterPlotItem): it follows the log axis
        self.marks = self.plot([], [], pen=None, symbol="x", symbolSize=11,
                               symbolPen=pg.mkPen(SKIP_COLOUR, width=2), symbolBrush=pg.mkBrush(SKIP_COLOUR))
        self.follower = LossScaleFollower()
        self.setVisible(False)
        self.retranslate()

    def retranslate(self) -> None:
        self.setLabel("left", _t("loss scale"))
        self.setToolTip(_t("The loss scale at each progress point (log axis) over the training steps; a red × "
                           "marks where steps were skipped because the gradients overflowed."))

    def clear_run(self) -> None:
        self.follower = LossScaleFollower()
        self.curve.setData([], [])
        self.marks.setData([], [])
        self.setVisible(False)

    def feed(self, ev: dict) -> list[ScaleEvent]:
        """A progress event of the sample; returns the loss-scale events it showed."""
        said = self.follower.feed(ev)
        pts = [(s, sc) for s, sc, _ in self.follower.points if s is not None and sc is not None]
        if pts:
            self.curve.setData([s for s, _ in pts], [sc for _, sc in pts])
            skips = [e for e in self.follower.events if e.kind == "overflow" and e.step is not None]
            # a skipped step is marked at the progress point that saw it, at the scale it left behind
            self.marks.setData([e.step for e in skips], [max(e.after or 1.0, 1e-12) for e in skips])
            # two round ticks (the lowest and highest scale): the axis has room for no more
            ends = sorted({min(sc for _, sc in pts), max(sc for _, sc in pts)})
            self.getAxis("left").setTicks([[(math.log10(v), f"{v:,.0f}" if v >= 1 else f"{v:g}") for v in ends], []])
            self.setVisible(True)
        return said

    def scale_points(self) -> list[tuple[int, float]]:
        return [(s, sc) for s, sc, _ in self.follower.points if s is not None and sc is not None]

    def skip_marks(self) -> list[int]:
        return [e.step for e in self.follower.events if e.kind == "overflow" and e.step is not None]


class LossScaleList(QWidget):
    """The sentences, one per loss-scale event, newest last; the demonstration button above them."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(2, 2, 2, 2)
        self.intro = wrap_label()
        self.btn_demo = QPushButton()
        self.demo_note = wrap_label()
        self.list = QListWidget()
        self.list.setWordWrap(True)
        self.empty = QLabel()
        self.empty.setWordWrap(True)
        self.empty.setStyleSheet("color: #555;")
        for w in (self.intro, self.btn_demo, self.demo_note, self.empty):
            lay.addWidget(w)
        lay.addWidget(self.list, 1)
        self.events: list[ScaleEvent] = []
        self.demo_note.setVisible(False)
        self.retranslate()

    def retranslate(self) -> None:
        self.intro.setText(_t("With mixed_float16 the loss is multiplied by a loss scale; when the gradients "
                              "overflow, the step is skipped and the scale halved."))
        self.btn_demo.setText(_t("Show an overflow"))
        self.btn_demo.setToolTip(_t("Starts the sample with mixed_float16 and --overflow-demo: three steps are "
                                    "made to overflow, so you see them skipped and the scale halve."))
        self.empty.setText(_t("No loss-scale events yet (only mixed_float16 runs scale the loss)."))
        self.list.clear()
        for e in self.events:  # core's sentences, in the current language
            self.list.addItem(e.sentence())
        self.empty.setVisible(not self.events)

    def clear_run(self) -> None:
        self.events = []
        self.list.clear()
        self.empty.setVisible(True)
        self.demo_note.setText("")
        self.demo_note.setVisible(False)

    def demo_started(self, started: bool, why_not: str = "") -> None:
        """Say that the demonstration runs, or why it could not start (the page's words, rich text)."""
        self.demo_note.setText(_t("The demonstration runs: three steps overflow; each appears below.") if started
                               else why_not)
        self.demo_note.setVisible(bool(self.demo_note.text()))

    def add(self, events: list[ScaleEvent]) -> None:
        for e in events:
            self.events.append(e)
            self.list.addItem(e.sentence())
        if events:
            self.empty.setVisible(False)
            self.list.scrollToBottom()

    def sentences(self) -> list[str]:
        return [self.list.item(i).text() for i in range(self.list.count())]
