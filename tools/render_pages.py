"""Render every page of the app to PNG, at 1366x768, in English and Chinese.

    QT_QPA_PLATFORM=offscreen python tools/render_pages.py [out_dir]
    xvfb-run -s "-screen 0 1366x768x24" python tools/render_pages.py out   # a real X server

The monitor page is shown with a bundled recording when one exists (resources/recordings), else
with a synthetic staircase clearly labelled as such in the output name.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("PYQTGRAPH_QT_LIB", "PySide6")


def main(argv: list[str]) -> int:
    out = Path(argv[1] if len(argv) > 1 else "page-renders")
    out.mkdir(parents=True, exist_ok=True)
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication(argv[:1])
    from tfgpu_wizard.gui.app import create_window
    from tfgpu_wizard.gui.mainwindow import PAGES

    win = create_window("en")
    win.resize(1366, 768 - 40)
    win.show()
    detected = []
    win.host_ready.connect(detected.append)
    if win.detect_host():
        while not detected:
            app.processEvents()
    monitor = win.page("monitor")
    recordings = sorted((Path(__file__).resolve().parents[1] / "resources" / "recordings").glob("*.run.jsonl"))
    tag = ""
    if recordings:
        done = []
        monitor.replay_done.connect(done.append)
        monitor.open_run(recordings[0])
        while not done:
            app.processEvents()
    else:
        tag = "-synthetic"
        for i in range(600):
            t = i / 10
            monitor.chart.add_sample(t, {"gpu0.used": 600 + 2000 * min(4, i // 120), "gpu0.util": 40 + (i % 50),
                                         "tf.current": 1500 + (i % 30) * 10, "tf.peak": 1900})
    for lang in ("en", "zh_CN"):
        win.set_language(lang)
        for name in PAGES:
            win.show_page(name)
            for _ in range(5):
                app.processEvents()
            if name == "monitor":
                monitor.chart.repaint_now()
            path = out / f"{name}{tag if name == 'monitor' else ''}-{lang}.png"
            win.grab().save(str(path))
            print(path)
    win.shutdown()
    win.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
