"""GUI-thread CPU of the live chart: 8 GPUs sampled at 20 Hz with one hour of history (replayed fast),
repainted at the chart's own ~3 Hz (utilization plot ~1 Hz); goal <= 10 % of one core with every sample
kept. Then the resident memory of the process after that hour (bound stated below and checked).

    QT_QPA_PLATFORM=offscreen python benchmarks/bench_gui_chart.py [seconds] [--json]

Measured on the 2-core CI machine, 10 s runs side by side (machine load ~2.7): the chart before the changes
26.5-27.5 % (5 Hz, both plots every frame, width-2 pens, y range set every frame); after 6.2-6.3 %
(~3 Hz, utilization ~1 Hz, unchanged curves and ranges skipped, thin pens, cached y axes and legend).
Resident memory after the hour: ~129 MB (bound 400 MB). 2026-12-03, quiet machine (load 0.1), 10 s runs:
the last landed commit of session 1 6.2-6.4 %, after issue 11 5.8-6.0 %, after issue 18's comparison table and
colours 6.5-6.6 %; RSS 139 MB in each.
``--json`` adds one JSON line at the end (tests/gui/test_gui_chart_cost.py reads it).
"""

from __future__ import annotations

import os
import resource
import sys
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("PYQTGRAPH_QT_LIB", "PySide6")

RSS_BOUND_MB = 400  # whole app process (Qt + pyqtgraph + numpy + one hour of 8 GPUs at 20 Hz)


def rss_mb() -> float:
    with open("/proc/self/statm") as fh:
        return int(fh.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


def main() -> int:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    seconds = float(args[0]) if args else 10.0
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from tfgpu_wizard.gui.chart import MemoryChart

    app = QApplication([])
    chart = MemoryChart()
    chart.resize(1100, 560)
    chart.show()
    rss0 = rss_mb()
    hz, gpus = 20, 8
    n_hour = 3600 * hz

    def row(i: int) -> dict[str, float]:
        v = {}
        for g in range(gpus):
            v[f"gpu{g}.used"] = 1000.0 * g + (i % 600)
            v[f"gpu{g}.util"] = float((i + g) % 100)
            v[f"gpu{g}.proc"] = 500.0 + g
            v[f"gpu{g}.total"] = 81559.0
        return v

    t_fill = time.perf_counter()
    chart.add_samples((i / hz, row(i)) for i in range(n_hour))  # the hour, replayed fast
    t_fill = time.perf_counter() - t_fill
    chart.start()
    i = n_hour

    def tick() -> None:
        nonlocal i
        chart.add_sample(i / hz, row(i))
        i += 1

    feeder = QTimer()
    feeder.setInterval(1000 // hz)
    feeder.timeout.connect(tick)
    feeder.start()
    frames0 = chart.frames
    c0, w0 = time.thread_time(), time.perf_counter()
    QTimer.singleShot(int(seconds * 1000), app.quit)
    app.exec()
    cpu, wall = time.thread_time() - c0, time.perf_counter() - w0
    feeder.stop()
    chart.stop()
    rss = rss_mb()
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    share = 100 * cpu / wall
    print(f"history: {len(chart.store)} samples x {len(chart.store.names)} series, store {chart.store.nbytes() / 2**20:.1f} MiB"
          f" (filled in {t_fill:.1f} s)")
    print(f"GUI thread CPU: {share:.1f} % of one core over {wall:.1f} s; {chart.frames - frames0} frames "
          f"({(chart.frames - frames0) / wall:.1f}/s), samples at {hz} Hz (goal <= 10 %)")
    print(f"resident memory: {rss:.0f} MB now, peak {peak:.0f} MB, chart window alone {rss0:.0f} MB "
          f"(bound {RSS_BOUND_MB} MB)")
    if "--json" in sys.argv:
        import json

        print(json.dumps({"cpu_share": share, "rss_mb": rss, "peak_mb": peak, "samples": len(chart.store),
                          "frames": chart.frames - frames0, "wall_s": wall, "rss_bound_mb": RSS_BOUND_MB}))
    return 0 if share <= 10 and rss <= RSS_BOUND_MB else 1


if __name__ == "__main__":
    raise SystemExit(main())
