"""Classroom: the GPUs of other machines, each with its live memory curve and (for tfgpu-wizard's own endpoint) its
latest doctor verdict; side by side (one card per machine) or overlaid (one plot).

The page is a timer-driven view over ``core.flows.classroom.Classroom``: every machine is scraped on a thread of
its own (``core.monitor.remote``, never faster than the endpoint refreshes), and a ``QTimer`` on the GUI thread
reads the latest values and the last five minutes of each curve once a second. Nothing on the GUI thread waits
for the network: "Stop" only tells the threads to end; they are joined when the page shuts down. A machine that
does not answer keeps its card, marked in words (✗ not answering: …, trying again in …), and its curve shows
the gap.
"""

from __future__ import annotations

import html
import math
import time

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QCoreApplication, Qt, QTimer
from PySide6.QtWidgets import (
    QComboBox,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from tfgpu_wizard.gui.settings import settings
from tfgpu_wizard.gui.widgets import Page, empty_state, heading, verdict_html, wrap_label

WINDOW_S = 300.0  # the curves show the last five minutes (less while watching has run shorter, 30 s at least)
MIN_WINDOW_S = 30.0
REFRESH_MS = 1000
CARD_WIDTH = 380
PALETTE = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b", "#e377c2", "#7f7f7f",
           "#bcbd22"]
LEVEL_KIND = {"ok": "ok", "warn": "warn", "bad": "bad"}


def _t(text: str) -> str:
    return QCoreApplication.translate("ClassroomPage", text)


def _gib(v: int | None) -> str:
    return "?" if v is None else f"{v / 2**30:.1f}"


def _arrays(t, v, now: float) -> tuple[np.ndarray, np.ndarray]:
    x = np.frombuffer(t, dtype=np.float64) - now if len(t) else np.empty(0)
    y = np.frombuffer(v, dtype=np.float64) / 1024.0 if len(v) else np.empty(0)  # MiB -> GiB
    return x, y


class MachineCard(QFrame):
    """One machine: its name, state, doctor verdict, GPUs in words, and a small memory plot."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("machine-card")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setMinimumWidth(CARD_WIDTH - 40)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(8, 6, 8, 6)
        self.title = QLabel()
        font = self.title.font()
        font.setBold(True)
        self.title.setFont(font)
        self.title.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.state = wrap_label()
        self.verdict = wrap_label()
        self.gpus = wrap_label()
        self.plot = pg.PlotWidget()
        self.plot.setBackground("w")
        self.plot.setMinimumHeight(100)
        self.plot.setMaximumHeight(130)
        self.plot.showGrid(x=True, y=True, alpha=0.2)
        self.plot.setMouseEnabled(x=False, y=False)
        self.plot.hideButtons()
        self.plot.setXRange(-WINDOW_S, 0, padding=0)
        self.curves: dict[int, pg.PlotDataItem] = {}
        for w in (self.title, self.state, self.verdict, self.gpus, self.plot):
            lay.addWidget(w)
        self.alive: bool | None = None

    def set_alive(self, alive: bool) -> None:
        if alive == self.alive:
            return
        self.alive = alive
        colour = "#c8d3e6" if alive else "#b42318"
        self.setStyleSheet(f"QFrame#machine-card {{ border: 2px solid {colour}; border-radius: 6px; }}")

    def curve(self, gpu: int) -> pg.PlotDataItem:
        c = self.curves.get(gpu)
        if c is None:
            c = self.plot.plot(pen=pg.mkPen(PALETTE[gpu % len(PALETTE)], width=2), connect="finite")
            self.curves[gpu] = c
        return c


class ClassroomPage(Page):
    def __init__(self, state, parent=None) -> None:
        super().__init__(parent)
        self.state = state
        self.room = None  # core.flows.classroom.Classroom while watching
        self._stopping: list = []  # rooms told to stop, joined at shutdown (the GUI thread never waits)
        self.cards: list[MachineCard] = []
        self._overlay_curves: dict[tuple[int, int], pg.PlotDataItem] = {}
        self.refresh_ms_spent: list[float] = []  # GUI-thread time of each refresh (the benchmark reads it)
        self._started = 0.0
        self._window = 0.0

        outer = QVBoxLayout(self)
        self.title = heading()
        outer.addWidget(self.title)
        self.intro = wrap_label()
        outer.addWidget(self.intro)

        row = QHBoxLayout()
        self.addresses = QPlainTextEdit()
        self.addresses.setObjectName("classroom-addresses")
        self.addresses.setMaximumHeight(64)
        row.addWidget(self.addresses, 1)
        side = QVBoxLayout()
        buttons = QHBoxLayout()
        self.btn_watch = QPushButton()
        self.btn_stop = QPushButton()
        self.btn_stop.setEnabled(False)
        buttons.addWidget(self.btn_watch)
        buttons.addWidget(self.btn_stop)
        side.addLayout(buttons)
        self.token = QLineEdit()
        self.token.setEchoMode(QLineEdit.EchoMode.Password)
        side.addWidget(self.token)
        self.layout_box = QComboBox()
        self.layout_box.addItem("", "side")
        self.layout_box.addItem("", "overlay")
        side.addWidget(self.layout_box)
        row.addLayout(side)
        outer.addLayout(row)

        self.summary = wrap_label()
        outer.addWidget(self.summary)

        self.stack = QStackedWidget()
        self.empty = empty_state()
        self.stack.addWidget(self.empty)
        self.grid_host = QWidget()
        self.grid = QGridLayout(self.grid_host)
        self.grid.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.scroll = QScrollArea()
        self.scroll.setWidgetResizable(True)
        self.scroll.setWidget(self.grid_host)
        self.stack.addWidget(self.scroll)
        self.overlay = pg.PlotWidget()
        self.overlay.setBackground("w")
        self.overlay.showGrid(x=True, y=True, alpha=0.2)
        self.overlay.setXRange(-WINDOW_S, 0, padding=0)
        self.overlay_legend = self.overlay.addLegend(offset=(10, 10), colCount=2)
        self.stack.addWidget(self.overlay)
        self.stack.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        outer.addWidget(self.stack, 1)

        self.timer = QTimer(self)
        self.timer.setInterval(REFRESH_MS)
        self.timer.timeout.connect(self.refresh)
        self.btn_watch.clicked.connect(lambda: self.start_watching())  # clicked(bool) is not a target list
        self.btn_stop.clicked.connect(self.stop_watching)
        self.layout_box.currentIndexChanged.connect(self._show_layout)
        self.addresses.setPlainText(self._saved_addresses())
        self.retranslate()

    # -- texts --

    def retranslate(self) -> None:
        self.title.setText(_t("Classroom: the GPUs of other machines"))
        self.intro.setText(html.escape(_t(
            "Addresses of machines that run {serve} (port 9480), NVIDIA's {dcgm} (port 9400) or {nvitop} (port "
            "8000): one per line or separated by spaces; NAME=address names a machine. Each machine is read as "
            "often as it refreshes, at most once a second.")).format(
            serve="<code>tfgpu-wizard monitor --serve</code>", dcgm="<code>dcgm-exporter</code>",
            nvitop="<code>nvitop-exporter</code>"))
        self.addresses.setPlaceholderText(_t("for example: alice=192.168.1.21:9480  lab-gpu-2:9400"))
        self.btn_watch.setText(_t("Watch"))
        self.btn_stop.setText(_t("Stop"))
        self.token.setPlaceholderText(_t("token (if the machines ask for one)"))
        self.layout_box.setItemText(0, _t("Side by side"))
        self.layout_box.setItemText(1, _t("Overlaid"))
        self.empty.setText(_t("Nothing watched yet. Give the addresses above and press Watch."))
        for plot in [self.overlay] + [c.plot for c in self.cards]:
            plot.setLabel("left", _t("memory used (GiB)"))
            plot.setLabel("bottom", _t("seconds (0 = now)"))
        if self.room is not None:
            self.refresh()
        else:
            self.summary.setText("")

    # -- watching --

    def _saved_addresses(self) -> str:
        value = settings().value("classroom/addresses")  # a missing (or odd) setting is an empty box
        return value if isinstance(value, str) else ""

    def targets(self) -> list[str]:
        return [w for w in self.addresses.toPlainText().replace(",", " ").split() if w.strip()]

    def start_watching(self, targets: list[str] | None = None, *, interval: float = 1.0) -> bool:
        """Watch ``targets`` (default: the addresses in the box). Returns False, with the reason shown, when an
        address cannot be read."""
        from tfgpu_wizard.core.flows.classroom import Classroom

        targets = self.targets() if targets is None else targets
        if not targets:
            self.summary.setText(verdict_html("warn", _t("Give at least one address.")))
            return False
        try:
            room = Classroom(targets, interval=interval, token=self.token.text().strip() or None)
        except ValueError as exc:
            self.summary.setText(verdict_html("bad", str(exc)))
            return False
        self.stop_watching()
        settings().setValue("classroom/addresses", " ".join(targets))
        self.room = room.start()
        self._started = time.monotonic()
        self._window = 0.0
        self._build_cards()
        self.btn_watch.setEnabled(True)
        self.btn_stop.setEnabled(True)
        self._show_layout()
        self.timer.start()
        self.refresh()
        self.status.emit(_t("Watching {n} machines").format(n=len(room)))
        return True

    def stop_watching(self) -> None:
        self.timer.stop()
        if self.room is not None:
            self.room.stop(wait=False)  # each thread ends within its fetch timeout; joined at shutdown
            self._stopping.append(self.room)
            self.room = None
            self.status.emit("")
        self._stopping = [r for r in self._stopping if r.running]
        self.btn_stop.setEnabled(False)

    def _build_cards(self) -> None:
        for card in self.cards:
            card.setParent(None)
            card.deleteLater()
        self.cards = []
        self.overlay.clear()
        self.overlay_legend.clear()
        self._overlay_curves = {}
        cols = max(1, (self.width() - 40) // CARD_WIDTH)
        for i in range(len(self.room)):
            card = MachineCard()
            self.grid.addWidget(card, i // cols, i % cols)
            self.cards.append(card)
        self.retranslate_plots()

    def retranslate_plots(self) -> None:
        for c in self.cards:
            c.plot.setLabel("left", _t("memory used (GiB)"))
            c.plot.setLabel("bottom", _t("seconds (0 = now)"))

    def _show_layout(self) -> None:
        if self.room is None:
            self.stack.setCurrentWidget(self.empty)
        else:
            self.stack.setCurrentWidget(self.overlay if self.layout_box.currentData() == "overlay" else self.scroll)
        if self.room is not None:
            self.refresh()

    # -- the timer --

    def refresh(self) -> None:
        """Read every machine's state and last five minutes (GUI thread; no network)."""
        room = self.room
        if room is None:
            return
        t0 = time.perf_counter()
        now = time.monotonic()
        machines = room.machines()
        overlay = self.layout_box.currentData() == "overlay"
        window = min(WINDOW_S, max(MIN_WINDOW_S, math.ceil((now - self._started) / 30.0) * 30.0))
        if window != self._window:
            self._window = window
            for plot in [self.overlay] + [c.plot for c in self.cards]:
                plot.setXRange(-window, 0, padding=0)
        live = sum(1 for m in machines if m.alive)
        self.summary.setText(_t("{live} of {n} machines answering").format(live=live, n=len(machines)))
        for m, card in zip(machines, self.cards, strict=True):
            name = m.label + (f"  ({m.kind})" if m.dialect else "")
            card.title.setText(name)
            card.set_alive(m.alive)
            kind = "ok" if m.alive else ("busy" if m.state == "connecting" else "bad")
            card.state.setText(verdict_html(kind, m.state_text))
            if m.verdict is not None:
                card.verdict.setText(verdict_html(LEVEL_KIND.get(m.verdict.level, "info"),
                                                  _t("Doctor: {verdict}").format(verdict=m.verdict.headline)))
            elif m.doctor_error:
                card.verdict.setText(verdict_html("warn", _t("Doctor: {verdict}").format(verdict=m.doctor_error)))
            elif m.dialect == "app":
                card.verdict.setText(verdict_html("busy", _t("Doctor: waiting for its report …")))
            elif m.dialect:
                note = html.escape(_t("No doctor verdict: only {command} publishes one.")).format(
                    command="<code>tfgpu-wizard monitor --serve</code>")
                card.verdict.setText(f'<span style="color:#555;">{note}</span>')
            else:
                card.verdict.setText("")
            card.gpus.setText("<br>".join(
                _t("{gpu} {name}: {used} of {total} GiB, {util} %").format(
                    gpu=g.label, name=g.name, used=_gib(g.used), total=_gib(g.total),
                    util="?" if g.util is None else f"{g.util:.0f}") for g in m.gpus))
            top = 0.0
            for g in m.gpus:
                t, v = room.series(m.index, g.index, "mem_used", since=now - WINDOW_S)
                x, y = _arrays(t, v, now)
                if overlay:
                    self._overlay_curve(m, g).setData(x, y)
                else:
                    card.curve(g.index).setData(x, y)
                if g.total:
                    top = max(top, g.total / 2**30)
            if top and not overlay:
                card.plot.setYRange(0, top, padding=0.02)
        self.refresh_ms_spent.append((time.perf_counter() - t0) * 1000.0)
        del self.refresh_ms_spent[:-600]

    def _overlay_curve(self, m, g) -> pg.PlotDataItem:
        """One colour per machine, one legend entry per machine (its first GPU's curve carries the name); a
        machine's other GPUs are dashed in the same colour."""
        key = (m.index, g.index)
        c = self._overlay_curves.get(key)
        if c is None:
            colour = PALETTE[m.index % len(PALETTE)]
            first = not any(k[0] == m.index for k in self._overlay_curves)
            style = Qt.PenStyle.SolidLine if first else Qt.PenStyle.DashLine
            c = self.overlay.plot(pen=pg.mkPen(colour, width=2, style=style), connect="finite",
                                  name=m.label if first else None)
            self._overlay_curves[key] = c
        return c

    # -- page hooks --

    def busy(self) -> bool:
        return False

    def shutdown(self) -> None:
        self.timer.stop()
        if self.room is not None:
            self.room.stop(wait=False)
            self._stopping.append(self.room)
            self.room = None
        for room in self._stopping:
            room.join()
        self._stopping = []

