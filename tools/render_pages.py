"""Render every page of the app to PNG, at 1366x768, in English and Chinese.

    QT_QPA_PLATFORM=offscreen python tools/render_pages.py [out_dir] [--host detect|recording]
    xvfb-run -s "-screen 0 1366x768x24" python tools/render_pages.py out   # a real X server

``--host recording`` (default) shows the doctor report recorded on an H200
(resources/recordings/doctor-h200.json) as the detected machine, so the Setup steps look as they do on
a GPU machine; ``--host detect`` runs the real detection of this machine. The Setup page is rendered
once per wizard step (setup-1-machine ... setup-4-verify). monitor-overlay shows TensorFlow 2.21's default, limit and
growth recordings overlaid (each memory mode its own colour). The Benchmark page is rendered empty and with the H200 recordings
(benchmark-demo). The monitor page shows a bundled recording
(resources/recordings/*.run.jsonl) replayed through the core sampler.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

os.environ.setdefault("PYQTGRAPH_QT_LIB", "PySide6")

SIZE = (1366, 768 - 40)  # the window on a 1366x768 screen, minus a task bar
MONITOR_RECORDING = "sample-tf-resnet20-fp32-growth.run.jsonl"
OVERLAY_RECORDINGS = ("sample-tf-resnet20-fp32-default.run.jsonl", "sample-tf-resnet20-fp32-limit.run.jsonl",
                      "sample-tf-resnet20-fp32-growth.run.jsonl")


def main(argv: list[str]) -> int:
    args = [a for a in argv[1:] if not a.startswith("--")]
    host_mode = "detect" if "--host=detect" in argv or ("--host" in argv and "detect" in argv) else "recording"
    out = Path(args[0] if args else "page-renders")
    out.mkdir(parents=True, exist_ok=True)
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication(argv[:1])
    from tfgpu_wizard.core.paths import resources_dir
    from tfgpu_wizard.core.setup.host_model import HostReport
    from tfgpu_wizard.gui.app import create_window
    from tfgpu_wizard.gui.mainwindow import PAGES
    from tfgpu_wizard.gui.pages.setup import STEPS

    win = create_window("en")
    win.resize(*SIZE)
    win.show()
    setup = win.page("setup")
    if host_mode == "recording":
        data = json.loads((resources_dir() / "recordings" / "doctor-h200.json").read_text(encoding="utf-8"))
        # An example folder (not this machine's home): spaces and Chinese show how the commands quote them.
        setup.commands.prefix.setText("/home/ana/tf 2.21 环境")
        setup.set_host(HostReport.from_dict(data))
    else:
        detected = []
        win.host_ready.connect(detected.append)
        if win.detect_host():
            while not detected:
                app.processEvents()
    monitor = win.page("monitor")
    recordings = sorted((resources_dir() / "recordings").glob("*.run.jsonl"))
    chosen = [p for p in recordings if p.name == MONITOR_RECORDING] or recordings[:1]
    def open_runs(paths) -> None:
        """The Monitor showing just these runs (the earlier ones kept as the overlay, the last one current)."""
        monitor.btn_clear.click()
        monitor.chart.clear()
        for path in paths:
            done: list[bool] = []
            monitor.replay_done.connect(done.append)
            monitor.open_run(path)
            while not done:
                app.processEvents()
            monitor.replay_done.disconnect()

    if chosen:
        open_runs(chosen[:1])

    def shot(name: str) -> None:
        for _ in range(5):
            app.processEvents()
        monitor.chart.repaint_now()
        path = out / f"{name}.png"
        win.grab().save(str(path))
        print(path)

    for lang in ("en", "zh_CN"):
        win.set_language(lang)
        for name in PAGES:
            win.show_page(name)
            if name == "setup":
                for i, step in enumerate(STEPS):
                    setup.show_step(i)
                    shot(f"setup-{i + 1}-{step}-{lang}")
                setup.show_step(0)
            elif name == "monitor":
                if chosen:
                    open_runs(chosen[:1])
                shot(f"{name}-{lang}")
                # the overlay that teaches: default, limit, then growth (each its colour, the table under it)
                open_runs([resources_dir() / "recordings" / rec for rec in OVERLAY_RECORDINGS])
                shot(f"{name}-overlay-{lang}")
            elif name == "benchmark":
                bench = win.page("benchmark")
                shot(f"{name}-{lang}")
                # the demo a user without a GPU sees: the H200 recordings (labelled as recordings)
                bench.show_recordings()
                shot(f"{name}-demo-{lang}")
                bench.results, bench.demo = [], False
                bench.retranslate()
            else:
                shot(f"{name}-{lang}")
        win.show_page("sanity")
    win.shutdown()
    win.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
