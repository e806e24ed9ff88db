"""Cold start to the first painted window vs a bare ``import PySide6.QtWidgets, pyqtgraph`` (goal <= 1.3x).

Each measurement is a fresh interpreter (best of N, same run, side by side). Detection is not counted:
it starts on a worker thread after the first paint.

    QT_QPA_PLATFORM=offscreen python benchmarks/bench_gui_startup.py [N]
"""

from __future__ import annotations

import os
import subprocess
import sys
import time

BARE = "import PySide6.QtWidgets, pyqtgraph"
APP = "from tfgpu_wizard.gui.app import main; main([])"


def best(code: str, n: int, env: dict[str, str]) -> float:
    times = []
    for _ in range(n):
        t0 = time.perf_counter()
        subprocess.run([sys.executable, "-c", code], check=True, env=env, timeout=120)
        times.append(time.perf_counter() - t0)
    return min(times)


def main() -> int:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    env = dict(os.environ, QT_QPA_PLATFORM=os.environ.get("QT_QPA_PLATFORM", "offscreen"),
               TFGPU_WIZARD_QUIT_AFTER_PAINT="1")
    bare = best(BARE, n, env)
    app = best(APP, n, env)
    print(f"bare import: {bare:.3f} s   app to first paint: {app:.3f} s   ratio {app / bare:.2f}x (goal <= 1.3x)")
    return 0 if app / bare <= 1.3 else 1


if __name__ == "__main__":
    raise SystemExit(main())
