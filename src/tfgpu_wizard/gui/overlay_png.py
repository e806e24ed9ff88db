"""``tfgpu-wizard runs compare --png``: the Monitor's overlay of runs, drawn off screen into a PNG (SSH users).

The one place the CLI pulls in Qt: ``commands/runs.py`` imports this module only when ``--png`` is given, and
the contract "the CLI commands never pull in Qt or TensorFlow" (pyproject.toml) names that edge in its
``ignore_imports``, so the exception is written down where the contracts are, not hidden in an ``importlib``.

Runs are drawn as the window keeps earlier runs (``MemoryChart.keep_as_faded``: each memory mode its colour,
peaks marked) under the names the caller gives (``runs compare``'s: the run's own label), without the window's
"earlier:" (nothing here is current). A run without GPU samples is drawn from what it has, said in its legend
entry (the framework's own memory, or the training process's host RAM); a run with nothing to draw is named in
the result, and a PNG with nothing in it is not written.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from tfgpu_wizard.core.monitor.compare import overlay_label, run_stats, unique_labels
from tfgpu_wizard.core.monitor.progress import memory_rows
from tfgpu_wizard.core.monitor.runs import read_run

SIZE = (1100, 620)
DRAWN = ("tf.current", "host.rss")  # besides each GPU's "used": what the window's kept runs show


def _t(text: str) -> str:
    from PySide6.QtCore import QCoreApplication

    return QCoreApplication.translate("MemoryChart", text)


@dataclass(frozen=True)
class Drawn:
    """What the PNG shows of one run: ``what`` is gpu | framework | host-ram, "" (nothing to draw), or "left-out"
    (drawable, but the chart keeps only the last ``MemoryChart.MAX_FADED`` runs); ``legend`` its legend entry."""

    label: str
    what: str
    legend: str = ""


def _app():
    os.environ.setdefault("PYQTGRAPH_QT_LIB", "PySide6")
    from PySide6.QtWidgets import QApplication

    if QApplication.instance() is None and not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    return QApplication.instance() or QApplication([])


def render_overlay_png(paths: Sequence[str | Path], out: str | Path, labels: Sequence[str] | None = None,
                       size: tuple[int, int] = SIZE) -> list[Drawn]:
    """Draw the runs in ``paths`` (their names: ``labels``, else their own) into the PNG ``out``.

    Returns what was drawn of each run. Writes nothing when no run has memory readings; raises OSError when the
    file cannot be written (a missing folder, no permission)."""
    app = _app()  # noqa: F841 - must live while drawing
    from tfgpu_wizard.gui.chart import MIB, MemoryChart, SeriesStore, nice_ceil, snapshot_rows

    records = [read_run(Path(p)) for p in paths]
    stats = [run_stats(r) for r in records]
    names = list(labels) if labels is not None else unique_labels([overlay_label(s) for s in stats])
    chart = MemoryChart()
    chart.faded_prefix = False
    chart.resize(*size)
    drawn: list[Drawn] = []
    for record, st, name in zip(records, stats, names, strict=True):
        t0 = record.ticks[0][0] if record.ticks else 0.0
        what = {"nvml": "gpu", "framework": "framework", "host-ram": "host-ram"}.get(st.source, "")
        rows: list = []
        if what == "gpu":  # NVML's curves, with the framework's own figures beside them as the window keeps them
            rows = snapshot_rows([s for _, snaps in record.ticks for s in snaps], t0)
        if what in ("gpu", "framework"):
            rows = sorted(rows + memory_rows(record.events, t0)[0], key=lambda r: r[0])
        elif what == "host-ram":
            rows = [(t - t0, {"host.rss": e["rss"] / MIB}) for t, e in record.events
                    if isinstance(e.get("rss"), (int, float))]
        chart.store = SeriesStore()
        for t, vals in rows:
            chart.store.append(t, {k: v for k, v in vals.items() if k.endswith(".used") or k in DRAWN})
        legend = name
        if what == "framework":
            legend = _t("{0} (no GPU samples: {1}'s own memory)").format(name, st.backend or "TensorFlow")
        elif what == "host-ram":
            legend = _t("{0} (no GPU samples: host RAM of its training process)").format(name)
        if what and not chart.keep_as_faded(legend, st.mode, st.precision):
            what = ""
        shown = chart.mem_legend.items[-1][1].text if what else ""
        drawn.append(Drawn(name, what, shown))
    chart.store = SeriesStore()
    # The chart keeps the last MAX_FADED runs (more curves cannot be told apart): the earlier ones are named as
    # left out, not dropped in silence (drills-3 #13).
    drawable = [i for i, d in enumerate(drawn) if d.what]
    for i in drawable[: max(0, len(drawable) - chart.MAX_FADED)]:
        drawn[i] = Drawn(drawn[i].label, "left-out")
    if not any(d.what and d.what != "left-out" for d in drawn):
        return drawn
    chart.set_empty_text(" ")
    chart.empty_label.setVisible(False)
    xs = [it.xData for _, items in chart._faded for it in items if getattr(it, "xData", None) is not None]
    ys = [it.yData for _, items in chart._faded for it in items if getattr(it, "yData", None) is not None]
    xmax = max((float(np.nanmax(x)) for x in xs if len(x)), default=1.0)
    ymax = max((float(np.nanmax(y)) for y in ys if len(y)), default=1.0)
    chart.mem_plot.setXRange(0, max(xmax, 1.0), padding=0.02)
    chart.mem_plot.setYRange(0, nice_ceil(max(ymax, 1.0) * 1.05), padding=0)
    if any(d.what in ("framework", "host-ram") for d in drawn):  # (left-out runs are not on the chart)
        chart.mem_plot.setLabel("left", _t("memory (MiB)"))
    chart.util_plot.setVisible(False)
    chart.mem_plot.getAxis("bottom").setStyle(showValues=True)
    chart.mem_plot.setLabel("bottom", _t("time (s)"))
    if not chart.grab().save(str(out), "PNG"):
        raise OSError(f"cannot write {out}")
    return drawn
