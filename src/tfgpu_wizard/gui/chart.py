"""The live memory chart: every sample kept, only the visible window drawn, at a human rate.

Measured costs (../shared/facts/qt-stack-notes.md): redrawing pyqtgraph curves costs per *frame*,
not per point, so samples go into ``SeriesStore`` at whatever rate they arrive (10-20 Hz) and a
``QTimer`` on the GUI thread repaints at ~3 Hz (the utilization plot at ~1 Hz). Each repaint takes the visible window only (by
default the last five minutes, or the whole run when shorter) and reduces it to min/max pairs
per pixel column, so a one-hour history costs the same to draw as a one-minute one. Missing
values are NaN and show as gaps, never as zero.

Series names (what ``add_sample`` takes; anything else is stored and exported but not drawn):

``gpu{i}.used``   device memory in use, MiB (NVML, v2 where the driver has it)
``gpu{i}.total``  device memory size, MiB (stored and exported; the y range follows the drawn curves, so a
                  6 GB run on a 141 GB card is not a flat line at the bottom)
``gpu{i}.proc``   the training process's own memory on that GPU, MiB (N/A on Windows/WSL)
``gpu{i}.util``   utilization, %
``tf.current`` / ``tf.peak``  TensorFlow's own ``get_memory_info`` numbers from the sample, MiB
"""

from __future__ import annotations

import csv
import math
from collections.abc import Iterable, Mapping
from pathlib import Path

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QCoreApplication, Qt, QTimer
from PySide6.QtWidgets import QGraphicsItem, QLabel, QVBoxLayout, QWidget

# The live / current run's GPUs. None of these is a memory-mode hue (core.monitor.compare.MODE_COLOURS: default
# red, growth green, limit blue...), so the run being watched never looks like a kept run of another mode.
PALETTE = [
    "#222222",
    "#8c564b",
    "#e377c2",
    "#bcbd22",
    "#7f7f7f",
    "#393b79",
    "#637939",
    "#843c39",
]


def _t(text: str) -> str:
    return QCoreApplication.translate("MemoryChart", text)


_DASH = {"solid": Qt.PenStyle.SolidLine, "dash": Qt.PenStyle.DashLine, "dot": Qt.PenStyle.DotLine,
         "dashdot": Qt.PenStyle.DashDotLine}


def _paler(color: str, amount: float = 0.55) -> str:
    """``color`` mixed with white (an opaque colour: no alpha blending when painting)."""
    c = pg.mkColor(color)
    mix = [round(v + (255 - v) * amount) for v in (c.red(), c.green(), c.blue())]
    return "#{:02x}{:02x}{:02x}".format(*mix)


class SeriesStore:
    """Columns of samples sharing one time axis: ``t`` (float64 s) + named float32 series.

    Arrays grow by doubling, so appending is amortised O(1) and a slice is a view (no copy).
    An hour of 8 GPUs x 4 series at 20 Hz is 72,000 rows x 33 columns, about 10 MB; the store keeps at
    most ``max_rows`` rows (two hours at 20 Hz by default), dropping the oldest quarter when full.

    Two kinds of "no value" are kept apart: a value given as None (the GPU did not answer) is NaN and
    is drawn as a gap; a series not mentioned in a row at all (a TensorFlow event row carries no GPU
    readings) is ``ABSENT`` (+inf) in ``raw()`` and is skipped when drawing, so interleaved rows from
    two sources do not chop each other's curves into dashes. ``col()`` shows both as NaN.
    """

    ABSENT = np.inf
    # Bounded like the core sampler's ring buffer: two hours at 20 Hz. When full, the oldest quarter goes
    # (one copy per max_rows/4 appends, so appending stays amortised O(1) and slices stay views).
    MAX_ROWS = 144_000

    def __init__(self, capacity: int = 1024, max_rows: int | None = None) -> None:
        self.max_rows = max(4, int(max_rows or self.MAX_ROWS))
        self._cap = min(capacity, self.max_rows)
        self._n = 0
        self.dropped = 0  # rows dropped from the start to stay within max_rows
        self._t = np.empty(capacity, dtype=np.float64)
        self._cols: dict[str, np.ndarray] = {}

    def __len__(self) -> int:
        return self._n

    @property
    def names(self) -> list[str]:
        return list(self._cols)

    def _drop_oldest(self) -> None:
        keep = self._n - self._n // 4
        start = self._n - keep
        self._t[:keep] = self._t[start:self._n]
        for col in self._cols.values():
            col[:keep] = col[start:self._n]
            col[keep:] = self.ABSENT
        self.dropped += start
        self._n = keep

    def _grow(self) -> None:
        if self._cap >= self.max_rows:
            self._drop_oldest()
            return
        self._cap = min(self._cap * 2, self.max_rows)
        t = np.empty(self._cap, dtype=np.float64)
        t[: self._n] = self._t[: self._n]
        self._t = t
        for name, col in self._cols.items():
            new = np.full(self._cap, self.ABSENT, dtype=np.float32)
            new[: self._n] = col[: self._n]
            self._cols[name] = new

    def append(self, t: float, values: Mapping[str, float | None]) -> None:
        if self._n >= self._cap:
            self._grow()
        i = self._n
        self._t[i] = t
        for name, v in values.items():
            col = self._cols.get(name)
            if col is None:
                col = np.full(self._cap, self.ABSENT, dtype=np.float32)
                self._cols[name] = col
            col[i] = np.nan if v is None else v
        self._n += 1

    def t(self) -> np.ndarray:
        return self._t[: self._n]

    def raw(self, name: str) -> np.ndarray:
        """The column as stored (a view): NaN = no value, ``ABSENT`` = not in that row."""
        col = self._cols.get(name)
        if col is None:
            return np.full(self._n, self.ABSENT, dtype=np.float32)
        return col[: self._n]

    def col(self, name: str) -> np.ndarray:
        """The column with every missing value as NaN (a copy)."""
        col = self.raw(name)
        return np.where(np.isinf(col), np.float32(np.nan), col)

    def window(self, t0: float, t1: float) -> slice:
        t = self.t()
        return slice(int(np.searchsorted(t, t0, "left")), int(np.searchsorted(t, t1, "right")))

    def nbytes(self) -> int:
        return self._t.nbytes + sum(c.nbytes for c in self._cols.values())

    def write_csv(self, path: Path, framework: str = "TensorFlow") -> None:
        """Every series as a column (MiB, %), ``t_s`` first. The framework's own memory columns are named after
        it (``pytorch.current`` for a PyTorch run, not ``tf.current``: gui-audit-2 F14)."""
        names = sorted(self._cols)
        t = self.t()
        prefix = {"TensorFlow": "tf", "JAX": "jax", "PyTorch": "pytorch"}.get(framework, "tf")
        header = [f"{prefix}.{n[3:]}" if n.startswith("tf.") else n for n in names]
        with open(path, "w", newline="", encoding="utf-8") as fh:
            w = csv.writer(fh)
            w.writerow(["t_s", *header])
            cols = [self.col(n) for n in names]
            for i in range(self._n):
                w.writerow([f"{t[i]:.3f}", *("" if math.isnan(c[i]) else f"{c[i]:.1f}" for c in cols)])

    def present(self, name: str, sl: slice) -> tuple[np.ndarray, np.ndarray]:
        """``(t, y)`` of the rows in ``sl`` that carry this series (NaN gaps kept)."""
        t = self._t[: self._n][sl]
        y = self.raw(name)[sl]
        keep = y != self.ABSENT
        if keep.all():
            return t, y
        return t[keep], y[keep]


def nice_ceil(value: float) -> float:
    """The smallest 1/1.2/1.5/2/2.5/3/4/5/6/8 x 10^k that is >= ``value`` (axis tops that read well)."""
    if value <= 0 or not math.isfinite(value):
        return 1.0
    exp = 10.0 ** math.floor(math.log10(value))
    for m in (1.0, 1.2, 1.5, 2.0, 2.5, 3.0, 4.0, 5.0, 6.0, 8.0, 10.0):
        if m * exp >= value * (1 - 1e-9):
            return m * exp
    return 10.0 * exp


def minmax_reduce(t: np.ndarray, y: np.ndarray, buckets: int) -> tuple[np.ndarray, np.ndarray]:
    """Reduce to ``2 * buckets`` points keeping each bucket's min and max (peaks stay visible)."""
    n = len(t)
    if n <= 2 * buckets:
        return t, y
    per = -(-n // buckets)  # ceil: at most ``buckets`` full buckets, a remainder shorter than one bucket
    buckets = n // per
    m = per * buckets
    tb = t[:m].reshape(buckets, per)
    yb = y[:m].reshape(buckets, per)
    lo = np.fmin.reduce(yb, axis=1)
    hi = np.fmax.reduce(yb, axis=1)
    tt = np.empty(2 * buckets + (n - m), dtype=t.dtype)
    yy = np.empty(2 * buckets + (n - m), dtype=np.float32)
    tt[0 : 2 * buckets : 2] = tb[:, 0]
    tt[1 : 2 * buckets : 2] = tb[:, -1]
    yy[0 : 2 * buckets : 2] = lo
    yy[1 : 2 * buckets : 2] = hi
    tt[2 * buckets :] = t[m:]
    yy[2 * buckets :] = y[m:]
    return tt, yy


class MemoryChart(QWidget):
    """GPU memory (top) and utilization (bottom) over time; see the module docstring for series names.

    Cost control (benchmarks/bench_gui_chart.py; goal <= 10 % of one core for 8 GPUs at 20 Hz with an
    hour of history): a frame costs the same whatever the number of points, so the memory plot is
    redrawn every ``REPAINT_MS`` and the utilization plot only every ``UTIL_EVERY`` frames (its own x
    range, not linked); curves whose visible data did not change get no ``setData``; axis ranges are
    set only when they change (the y range in round steps); auto-range is off (we know the ranges); thin
    cosmetic pens (width 1) for the many per-GPU curves, which Qt's raster engine draws far faster than
    wide ones; the y axes and the legend are painted from a cached pixmap. Measured: 26-27 % -> ~6 %.
    """

    REPAINT_MS = 300  # ~3 Hz: in a 5-minute window a frame moves the curves by about one pixel
    UTIL_EVERY = 3  # utilization plot: ~1 Hz
    BUCKETS = 400  # min/max pairs per curve per frame: ~1 pair per pixel column at 1366x768
    MAX_FADED = 6
    faded_prefix = True  # kept runs are "earlier: …" beside a current one (not in `runs compare --png`)
    LEGEND_CHARS = 44  # an earlier run's name in the window's legend, at most (the table has it whole)

    def __init__(self, parent=None, window_s: float = 300.0) -> None:
        super().__init__(parent)
        self._empty_text: str | None = None
        pg.setConfigOptions(antialias=False, background="w", foreground="#222")
        self.store = SeriesStore()
        self.window_s = window_s
        self.follow = True
        self._dirty = False
        self._curves: dict[str, pg.PlotDataItem] = {}
        self._drawn: dict[str, tuple[int, int]] = {}  # curve -> (first, last) store rows it shows
        self._faded: list[tuple[str, list[pg.PlotDataItem]]] = []
        self._faded_peak: dict[int, float | None] = {}  # legend item id -> its run's peak (MiB)
        # legend item id -> (colour, dash, what the page keeps about the run: its core.monitor.compare.RunStats)
        self._faded_info: dict[int, tuple[str, str, object]] = {}
        self._gpu_names: dict[int, str] = {}
        self._framework = "TensorFlow"
        self._xrange: dict[int, tuple[float, float]] = {}
        self._ymax = 0.0
        self.y_floor = 0.0  # MiB the y range always shows: the prediction's line (gui/memory_panel.py)
        self.frames = 0
        self.util_frames = 0

        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(2)
        self.mem_plot = pg.PlotWidget()
        self.util_plot = pg.PlotWidget()
        for p in (self.mem_plot, self.util_plot):
            p.setMenuEnabled(False)
            p.showGrid(x=False, y=True, alpha=0.25)
            p.setMouseEnabled(x=False, y=False)
            p.hideButtons()
            p.disableAutoRange()
            p.getAxis("left").setWidth(62)  # room for "100000" ticks beside the label; both plots align
        self.util_plot.setYRange(0, 100, padding=0.02)
        # At 1024x600 the utilization plot is ~30 px high: a rotated axis title is cut there ("Utilization (%"),
        # and ticks every 20 % overlap. Its title is written across the top of the plot instead, ticks at 0/50/100.
        self.util_plot.getAxis("left").setTicks([[(0, "0"), (50, "50"), (100, "100")]])
        self.util_title = pg.LabelItem("", size="8pt", color="#444")
        self.util_title.setParentItem(self.util_plot.getPlotItem().vb)
        self.util_title.anchor(itemPos=(0, 0), parentPos=(0, 0), offset=(4, -4))
        # The time axis is labelled once, under the utilization plot; tick text is the dearest part of a frame.
        self.mem_plot.getAxis("bottom").setStyle(showValues=False)
        self.mem_legend = self.mem_plot.addLegend(offset=(8, 8), labelTextSize="9pt")
        # Items that do not change while the curves scroll are painted from a cached pixmap: the y axes
        # (their text is the dearest part of a frame) and the legend.
        cache = QGraphicsItem.CacheMode.DeviceCoordinateCache
        for item in (self.mem_plot.getAxis("left"), self.util_plot.getAxis("left"), self.mem_legend):
            item.setCacheMode(cache)
        self.util_legend = None  # same colours as the memory legend: a second legend only cost paint time
        self.empty_label = QLabel()
        self.empty_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty_label.setWordWrap(True)
        self.empty_label.setStyleSheet("color: #555; padding: 4px;")
        lay.addWidget(self.empty_label)
        lay.addWidget(self.mem_plot, 3)
        lay.addWidget(self.util_plot, 1)
        self._timer = QTimer(self)
        self._timer.setInterval(self.REPAINT_MS)
        self._timer.timeout.connect(self._on_timer)
        self.retranslate()

    # -- text -------------------------------------------------------------------------------

    def retranslate(self) -> None:
        self._axis_title()
        self.util_title.setText(_t("Utilization (%)"))
        self.util_plot.setLabel("bottom", _t("time (s)"))
        self._show_empty_text()
        # Legend entries carry the words; re-create them in the new language.
        for name, item in list(self._curves.items()):
            self._relabel(name, item)
        for label, items in self._faded:
            self.mem_legend.removeItem(items[0])
            self.mem_legend.addItem(items[0], self._faded_text(label, items[0]))

    def set_empty_text(self, text: str | None) -> None:
        """What the chart says while it has nothing to draw (None: the default hint). The caller passes
        translated text and sets it again on retranslate; e.g. "training on the CPU: no GPU memory"."""
        self._empty_text = text
        self._show_empty_text()

    def empty_text(self) -> str | None:
        return self._empty_text

    def _show_empty_text(self) -> None:
        self.empty_label.setText(
            self._empty_text
            or _t(
                "No data yet. Start the sample below, or open a saved run or a bundled recording "
                "(works on a machine without a GPU)."
            )
        )

    def set_gpu_names(self, names: Mapping[int, str]) -> None:
        self._gpu_names = dict(names)

    def set_framework(self, name: str) -> None:
        """Whose allocator the ``tf.current`` / ``tf.peak`` series come from (recordings: PyTorch, JAX)."""
        if name != self._framework:
            self._framework = name
            for key, item in list(self._curves.items()):
                if key.startswith("tf."):
                    self._relabel(key, item)

    def _label(self, name: str) -> str:
        if name.startswith("gpu"):
            idx_s, _, kind = name[3:].partition(".")
            idx = int(idx_s)
            gpu = _t("GPU {0}").format(idx)
            if kind == "used":
                return _t("{0} used").format(gpu)
            if kind == "proc":
                return _t("{0} training process").format(gpu)
            if kind == "util":
                return gpu
        if name == "host.rss":
            return _t("host RAM of the training process (CPU run)")
        if name == "tf.current":
            if self._framework != "TensorFlow":
                return _t("{0} in use (current)").format(self._framework)
            return _t("TF in use (current)")
        if name == "tf.peak":
            if self._framework != "TensorFlow":
                return _t("{0} peak").format(self._framework)
            return _t("TF peak")
        return name

    def _relabel(self, name: str, item: pg.PlotDataItem) -> None:
        # One legend entry per GPU (+ TF): the per-process and utilization curves share the GPU's colour,
        # and every legend row is repainted with each frame.
        if name.endswith(".util") or name.endswith(".proc"):
            return
        self.mem_legend.removeItem(item)
        self.mem_legend.addItem(item, self._label(name))

    # -- data -------------------------------------------------------------------------------

    def start(self) -> None:
        """Start repainting (call when the chart becomes visible or a run starts)."""
        if not self._timer.isActive():
            self._timer.start()

    def stop(self) -> None:
        self._timer.stop()

    def is_active(self) -> bool:
        return self._timer.isActive()

    def add_sample(self, t: float, values: Mapping[str, float | None]) -> None:
        """Record one sample at ``t`` seconds since the run began. Cheap: no drawing here."""
        self.store.append(t, values)
        self._dirty = True

    def add_samples(self, rows: Iterable[tuple[float, Mapping[str, float | None]]]) -> None:
        for t, values in rows:
            self.store.append(t, values)
        self._dirty = True

    def _axis_title(self) -> None:
        """The memory axis says whose memory it shows: a CPU run's host RAM alone is not "GPU memory"
        (gui-audit-2 N8)."""
        host_only = "host.rss" in self._curves and not any(n.endswith(".used") for n in self._curves)
        # Above 16 GiB the ticks are GiB ("140000 MiB" read badly: gui-audit-2 F14); the data stay MiB.
        gib = self._ymax > 16 * 1024
        self.mem_plot.getAxis("left").setScale(1 / 1024 if gib else 1.0)
        if host_only and not self._faded:
            self.mem_plot.setLabel("left", _t("Host RAM (GiB)") if gib else _t("Host RAM (MiB)"))
        elif host_only:
            self.mem_plot.setLabel("left", _t("Memory (GiB): GPU, host RAM") if gib else _t("Memory (MiB): GPU, host RAM"))
        else:
            self.mem_plot.setLabel("left", _t("GPU memory (GiB)") if gib else _t("GPU memory (MiB)"))

    def clear(self) -> None:
        for name, item in self._curves.items():
            (self.util_plot if name.endswith(".util") else self.mem_plot).removeItem(item)
            self.mem_legend.removeItem(item)
        self._curves.clear()
        self._drawn.clear()
        self._framework = "TensorFlow"
        self._xrange.clear()
        self._ymax = 0.0
        self.store = SeriesStore()
        self._dirty = True
        self._axis_title()
        self.repaint_now()

    def set_y_floor(self, mib: float) -> None:
        """Keep ``mib`` inside the y range (a line drawn before the run's curves, such as the prediction)."""
        self.y_floor = max(0.0, float(mib))
        self._ymax = 0.0  # choose the range again at the next frame
        self._dirty = True

    def _curve(self, name: str) -> pg.PlotDataItem | None:
        item = self._curves.get(name)
        if item is not None:
            return item
        if name.startswith("gpu"):
            idx_s, _, kind = name[3:].partition(".")
            if kind not in ("used", "proc", "util"):
                return None
            color = PALETTE[int(idx_s) % len(PALETTE)]
            if kind == "proc":
                # A thin line in a paler shade of the GPU's colour: a filled area, a dash pattern or
                # alpha blending each multiplied the paint cost per frame.
                item = pg.PlotDataItem(pen=pg.mkPen(_paler(color), width=1))
            else:
                item = pg.PlotDataItem(pen=pg.mkPen(color, width=1))
        elif name == "tf.current":
            item = pg.PlotDataItem(pen=pg.mkPen("#000", width=2, style=Qt.PenStyle.DashLine))
        elif name == "tf.peak":
            item = pg.PlotDataItem(pen=pg.mkPen("#555", width=1, style=Qt.PenStyle.DotLine))
        elif name == "host.rss":  # a CPU run: the training process's resident memory, same MiB axis
            item = pg.PlotDataItem(pen=pg.mkPen("#8c564b", width=2))
        else:
            return None
        item.setData(connect="finite")
        plot = self.util_plot if name.endswith(".util") else self.mem_plot
        plot.addItem(item)
        self._relabel(name, item)
        self._curves[name] = item
        if name == "host.rss" or name.endswith(".used"):
            self._axis_title()
        return item

    def visible_range(self) -> tuple[float, float]:
        t = self.store.t()
        if len(t) == 0:
            return 0.0, max(10.0, min(self.window_s, 60.0))
        t_end = float(t[-1])
        t_start = max(float(t[0]), t_end - self.window_s) if self.follow else float(t[0])
        return t_start, max(t_end, t_start + 1.0)

    def _on_timer(self) -> None:
        self.repaint_now(util=self.frames % self.UTIL_EVERY == 0)

    def _set_xrange(self, plot: pg.PlotWidget, t0: float, t1: float) -> None:
        key = id(plot)
        if self._xrange.get(key) != (t0, t1):
            self._xrange[key] = (t0, t1)
            plot.setXRange(t0, t1, padding=0.01)

    def repaint_now(self, util: bool = True) -> None:
        """Draw the visible window (called by the timer; tests and exports call it directly).

        ``util=False`` leaves the utilization plot as it is (the timer updates it at 1 Hz).
        """
        # A hint the page set (e.g. "training on the CPU: no GPU memory") stays above the curves: an earlier
        # run's faded curve or the host-RAM line must not read as this run's GPU memory.
        has_data = (len(self.store) > 0 or bool(self._faded)) and self._empty_text is None
        if self.empty_label.isHidden() != has_data:
            self.empty_label.setHidden(has_data)
        if not self._dirty:
            return
        self._dirty = util is False  # the utilization plot still has to catch up
        t0, t1 = self.visible_range()
        sl = self.store.window(t0, t1)
        ymax = 0.0
        for name in self.store.names:
            is_util = name.endswith(".util")
            if is_util and not util:
                continue
            item = self._curve(name)
            if item is None:
                continue
            ty, y = self.store.present(name, sl)
            finite = y[np.isfinite(y)]
            if not is_util and len(finite):
                ymax = max(ymax, float(finite.max()))
            if self._drawn.get(name) == (sl.start, sl.stop):
                continue  # nothing new in this curve's window
            self._drawn[name] = (sl.start, sl.stop)
            tt, yy = minmax_reduce(ty, y, self.BUCKETS)
            item.setData(tt, yy, connect="finite")
        for _, items in self._faded:
            for it in items:
                _, fy = it.getData()
                if fy is not None and len(fy):
                    ymax = max(ymax, float(np.nanmax(fy)))
        self._set_xrange(self.mem_plot, t0, t1)
        if util:
            self._set_xrange(self.util_plot, t0, t1)
            self.util_frames += 1
        ymax = max(ymax, self.y_floor)
        # Change the y range only when the curves leave it or shrink to under half of it, and then to a
        # round number: a new range re-renders the axis, which costs more than the curves.
        if ymax > self._ymax or ymax < 0.5 * self._ymax or self._ymax == 0.0:
            top = nice_ceil(max(ymax * 1.05, 100.0))
            if top != self._ymax:
                self._ymax = top
                self.mem_plot.setYRange(0, top, padding=0)
                self._axis_title()  # MiB or GiB, by the range
        self.frames += 1

    # -- comparison -------------------------------------------------------------------------

    def keep_as_faded(self, label: str, mode: str = "", precision: str = "", info: object = None) -> bool:
        """Keep the current run's memory curves as an earlier run labelled ``label``; returns False if empty.

        Each earlier run has its own look (``core.monitor.compare.style_for``: memory mode -> hue, precision -> dash),
        a legend label that is never repeated, and its peak marked, so growth, limit and default can be told
        apart at a glance. ``info`` is kept with the run (``faded_runs``): the page's comparison table."""
        from tfgpu_wizard.core.monitor.compare import style_for, unique_labels

        if len(self.store) == 0:
            return False
        t_first = float(self.store.t()[0])
        items: list[pg.GraphicsObject] = []
        everything = slice(0, len(self.store))
        colour, dash = style_for(mode, precision, len(self._faded))
        peak: tuple[float, float] | None = None
        for name in self.store.names:
            if not (name.endswith(".used") or name == "tf.current" or name == "host.rss"):
                continue
            t, y = self.store.present(name, everything)
            tt, yy = minmax_reduce(t - t_first, y, self.BUCKETS)
            color = pg.mkColor(_paler(colour, 0.25) if name == "tf.current" else colour)
            color.setAlpha(170)
            style = _DASH.get(dash, Qt.PenStyle.SolidLine)
            item = pg.PlotDataItem(tt, yy, pen=pg.mkPen(color, width=2, style=style), connect="finite")
            item.setZValue(-10)
            self.mem_plot.addItem(item)
            items.append(item)
            finite = np.isfinite(yy)
            if finite.any() and name != "tf.current":
                i = int(np.nanargmax(np.where(finite, yy, -np.inf)))
                if peak is None or yy[i] > peak[1]:
                    peak = (float(tt[i]), float(yy[i]))
        if not items:
            return False
        taken = [lab for lab, _ in self._faded]
        label = unique_labels([*taken, label])[-1]
        if peak is not None:
            mark = pg.ScatterPlotItem([peak[0]], [peak[1]], symbol="t", size=11, brush=pg.mkBrush(colour),
                                      pen=pg.mkPen(colour))
            mark.setZValue(-9)
            self.mem_plot.addItem(mark)
            items.append(mark)
        self._faded_peak[id(items[0])] = peak[1] if peak is not None else None
        self._faded_info[id(items[0])] = (colour, dash, info)
        self.mem_legend.addItem(items[0], self._faded_text(label, items[0]))
        self._faded.append((label, items))
        while len(self._faded) > self.MAX_FADED:
            _, old = self._faded.pop(0)
            self._faded_info.pop(id(old[0]), None)
            for it in old:
                self.mem_plot.removeItem(it)
                self.mem_legend.removeItem(it)
        return True

    def _faded_text(self, label: str, item) -> str:
        peak = self._faded_peak.get(id(item))
        if self.faded_prefix and len(label) > self.LEGEND_CHARS:
            # In the window the table under the chart names every run in full; a legend line longer than the
            # plot at 1024 px was cut at its edge ("… NVIDIA H20"), so it is shortened here, visibly.
            parts = label.split(" · ")  # whole words only: the last parts (GPU, backend) give way first
            while len(parts) > 1 and len(" · ".join(parts)) > self.LEGEND_CHARS - 2:
                parts.pop()
            label = " · ".join(parts) + " …"
        return (_t("earlier: {0}").format(label) if self.faded_prefix else label) + (
            " · " + _t("peak {0} MiB").format(f"{peak:,.0f}") if peak is not None else "")

    def faded_labels(self) -> list[str]:
        return [label for label, _ in self._faded]

    def kept_label(self, label: str) -> str:
        """``label`` as ``keep_as_faded`` would name that run now: unique against the kept runs' labels."""
        from tfgpu_wizard.core.monitor.compare import unique_labels

        return unique_labels([*self.faded_labels(), label])[-1]

    def faded_runs(self) -> list[tuple[str, str, str, object]]:
        """(unique label, colour, dash, info) of each earlier run, oldest first: as the legend shows them."""
        return [(label, *self._faded_info.get(id(items[0]), ("", "", None))) for label, items in self._faded]

    def current_style(self) -> tuple[str, str]:
        """(colour, dash) of the current run's main curve: the first GPU's "used" line, else host RAM (a CPU
        run), else the framework's own memory; ("", "") when nothing is drawn."""
        names = self.store.names
        gpus = sorted(int(n[3:].partition(".")[0]) for n in names if n.startswith("gpu") and n.endswith(".used"))
        if gpus:
            return PALETTE[gpus[0] % len(PALETTE)], "solid"
        if "host.rss" in names:
            return "#8c564b", "solid"
        if "tf.current" in names:
            return "#000000", "dash"
        return "", ""

    def remove_faded(self, index: int) -> None:
        """Take one earlier run (``faded_runs()[index]``) off the chart, its legend entry and its peak mark."""
        _, items = self._faded.pop(index)
        self._faded_info.pop(id(items[0]), None)
        for it in items:
            self.mem_plot.removeItem(it)
            self.mem_legend.removeItem(it)

    def clear_faded(self) -> None:
        for _, items in self._faded:
            for it in items:
                self.mem_plot.removeItem(it)
                self.mem_legend.removeItem(it)
        self._faded.clear()
        self._faded_info.clear()

    # -- export -----------------------------------------------------------------------------

    def export_png(self, path: str | Path) -> bool:
        """Save the chart as PNG; False when it could not be written (missing folder, no permission)."""
        self._dirty = True
        self.repaint_now()
        return self.grab().save(str(path), "PNG")

    def export_csv(self, path: str | Path) -> None:
        self.store.write_csv(Path(path), self._framework)

    def curve_names(self) -> list[str]:
        return list(self._curves)

    def curve_data(self, name: str) -> tuple[np.ndarray, np.ndarray]:
        item = self._curves[name]
        x, y = item.getData()
        return (np.asarray(x if x is not None else []), np.asarray(y if y is not None else []))


MIB = 1024 * 1024


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
