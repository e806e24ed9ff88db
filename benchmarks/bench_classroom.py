"""The classroom's load (issue 27): 30 machines read at 1 s, what it costs the window's GUI thread and memory.

    QT_QPA_PLATFORM=offscreen python benchmarks/bench_classroom.py [seconds] [--machines N] [--json]

A second process serves N loopback endpoints (tests/remote_endpoints.py) that each refresh once a second:
nvitop-exporter answers of an H200 training run (tests/fixtures/remote, replayed in a loop) and the real DCGM
exporter captures (a busy T4, eight A800s with three MIG instances, an idle RTX 4000 Ada), each answer of those
marked with a "# collected" comment line that changes every second so the body changes as a real exporter's does
(its values are the recording's). This process runs the real Classroom page (core.flows.classroom: one scraping
thread per machine, the GUI timer at 1 s), side by side and then overlaid, for ``seconds`` each, with 1 machine
and then N machines in the same run, and prints:

- GUI thread: CPU seconds of the main thread per wall second (``time.thread_time``: Qt's painting included) and
  the page's own refresh (ms per refresh: mean, 95th percentile, max), and the ratio N machines / 1 machine;
- the scrapes done per second against N (each machine once a second at most: the pacing holds);
- memory: the process's resident set before watching and after, and the ring buffers' bytes.

Measured on the project's 2-core machine, 2026-12-03, load average 4.5 from other work, 20 s per case:
  side by side: 1 machine GUI thread 1.4 % of a core (refresh 0.9 ms), 30 machines 4.0 % (x2.8; refresh 50 ms mean,
  77 ms p95, 101 ms max), whole process 11 %, 30.0 scrapes/s, RSS 124 -> 164 MB, ring buffers 3.0 MB;
  overlaid: 1 machine 3.1 %, 30 machines 6.4 % (x2.1; refresh 33 ms mean, 75 ms p95), process 14 %, RSS +40 MB.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("PYQTGRAPH_QT_LIB", "PySide6")

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))


def rss_mb() -> float:
    with open("/proc/self/statm") as fh:
        return int(fh.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


def serve(n: int) -> None:
    """The endpoints' process: N loopback endpoints refreshing every second; prints their URLs, one line."""
    from remote_endpoints import (
        DCGM_BUSY,
        DCGM_IDLE,
        DCGM_MIG,
        NVITOP_H200,
        RecordedEndpoint,
        recorded,
        recorded_sequence,
    )

    nvitop = recorded_sequence(NVITOP_H200)[1]
    dcgm = [recorded(DCGM_BUSY), recorded(DCGM_MIG), recorded(DCGM_IDLE)]
    eps = []
    for i in range(n):
        if i % 2 == 0:
            bodies = nvitop
        else:
            base = dcgm[(i // 2) % len(dcgm)]
            bodies = [f"{base}# collected {k}\n" for k in range(60)]
        eps.append(RecordedEndpoint(bodies, period=1.0).start())
    print(" ".join(f"m{i:02d}={ep.url}" for i, ep in enumerate(eps)), flush=True)
    try:
        sys.stdin.read()  # until the measuring process closes the pipe
    finally:
        for ep in eps:
            ep.stop()


def measure(app, targets: list[str], seconds: float, overlay: bool) -> dict:
    from tfgpu_wizard.gui.pages.classroom import ClassroomPage

    page = ClassroomPage(state=None)
    page.resize(1024 - 170, 600)
    page.show()
    page.layout_box.setCurrentIndex(1 if overlay else 0)
    app.processEvents()
    rss0 = rss_mb()
    assert page.start_watching(targets, interval=1.0)
    room = page.room
    # warm up: every machine answered once, the windows built
    end = time.monotonic() + 5.0
    while time.monotonic() < end:
        app.processEvents()
        time.sleep(0.01)
    page.refresh_ms_spent.clear()
    scrapes0 = sum(s.scrapes for s in room.sources)
    cpu0, thr0, t0 = time.process_time(), time.thread_time(), time.monotonic()
    while time.monotonic() - t0 < seconds:
        app.processEvents()
        time.sleep(0.005)
    wall = time.monotonic() - t0
    gui_cpu = time.thread_time() - thr0
    proc_cpu = time.process_time() - cpu0
    scrapes = sum(s.scrapes for s in room.sources) - scrapes0
    ms = sorted(page.refresh_ms_spent)
    out = {
        "machines": len(targets), "layout": "overlay" if overlay else "side by side", "seconds": round(wall, 1),
        "alive": sum(1 for m in room.machines() if m.alive),
        "gui_thread_cpu_pct": round(100 * gui_cpu / wall, 2),
        "refresh_ms_mean": round(sum(ms) / len(ms), 2) if ms else None,
        "refresh_ms_p95": round(ms[int(0.95 * (len(ms) - 1))], 2) if ms else None,
        "refresh_ms_max": round(ms[-1], 2) if ms else None,
        "process_cpu_pct": round(100 * proc_cpu / wall, 1),
        "scrapes_per_s": round(scrapes / wall, 2),
        "rss_before_mb": round(rss0, 1), "rss_after_mb": round(rss_mb(), 1),
        "ring_buffers_kb": round(room.buffer_nbytes / 1024, 1),
    }
    page.shutdown()
    page.deleteLater()
    app.processEvents()
    return out


def main() -> int:
    if "--serve" in sys.argv:
        serve(int(sys.argv[sys.argv.index("--serve") + 1]))
        return 0
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    n = int(sys.argv[sys.argv.index("--machines") + 1]) if "--machines" in sys.argv else 30
    if "--machines" in sys.argv:
        args.remove(str(n))
    seconds = float(args[0]) if args else 20.0
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT / "src"), os.environ.get("PYTHONPATH", "")]))
    server = subprocess.Popen([sys.executable, __file__, "--serve", str(n)], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True, env=env)
    try:
        targets = server.stdout.readline().split()
        from PySide6.QtWidgets import QApplication

        app = QApplication.instance() or QApplication([])
        rows = []
        for overlay in (False, True):
            one = measure(app, targets[:1], seconds, overlay)
            many = measure(app, targets, seconds, overlay)
            many["gui_ratio_vs_1_machine"] = round(many["gui_thread_cpu_pct"] / max(one["gui_thread_cpu_pct"], 0.01),
                                                   2)
            rows += [one, many]
    finally:
        server.stdin.close()
        server.wait(30)
    for r in rows:
        print(f"{r['machines']:>3} machines, {r['layout']:<12}: GUI thread {r['gui_thread_cpu_pct']:5.2f} % of a "
              f"core (refresh {r['refresh_ms_mean']} ms mean, {r['refresh_ms_p95']} p95, {r['refresh_ms_max']} "
              f"max), process {r['process_cpu_pct']} %, {r['scrapes_per_s']} scrapes/s, {r['alive']} answering, "
              f"RSS {r['rss_before_mb']} -> {r['rss_after_mb']} MB, rings {r['ring_buffers_kb']} kB"
              + (f", GUI x{r['gui_ratio_vs_1_machine']} of 1 machine" if "gui_ratio_vs_1_machine" in r else ""))
    if "--json" in sys.argv:
        print(json.dumps(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
