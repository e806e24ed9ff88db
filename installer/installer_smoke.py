"""Smoke check of the built app, used by ``build.sh --smoke`` and tests/test_installer.py.

Set ``TFGPU_WIZARD_SMOKE_EXIT_MS=<ms>`` and start the bundled app (``tfgpu-wizard gui`` or
``tfgpu-wizard-gui``): after that many milliseconds of running its normal event loop the app
reports what it shows and quits through the window's own close path. The report is one JSON
object, written to ``TFGPU_WIZARD_SMOKE_REPORT`` (a file; the windowed launcher has no stdout on
Windows) or printed after ``TFGPU-SMOKE ``. ``TFGPU_WIZARD_SMOKE_SHOT`` names a PNG to save the
window's rendering to (works offscreen too).

This lives in the installer's entry scripts, not in the app: it only exists in the frozen build,
and only does anything when the variable is set.
"""

from __future__ import annotations

import json
import os
import sys
from typing import Any

ENV_MS = "TFGPU_WIZARD_SMOKE_EXIT_MS"
ENV_REPORT = "TFGPU_WIZARD_SMOKE_REPORT"
ENV_SHOT = "TFGPU_WIZARD_SMOKE_SHOT"


def requested() -> int | None:
    """The delay in ms when a smoke run was asked for, else None (bad values are said, then ignored)."""
    raw = os.environ.get(ENV_MS)
    if not raw:
        return None
    try:
        ms = int(raw)
    except ValueError:
        print(f"{ENV_MS}={raw!r} is not a whole number of milliseconds; ignored", file=sys.stderr)
        return None
    return max(ms, 0)


def _find_main_window(app: Any) -> Any:
    for w in app.topLevelWidgets():
        if hasattr(w, "state") and hasattr(w, "nav") and w.isVisible():
            return w
    return None


def _colours(image: Any) -> int:
    """Distinct colours on a coarse grid: a blank or black window has 1, a drawn one many."""
    seen = set()
    step = 7
    for y in range(0, image.height(), step):
        for x in range(0, image.width(), step):
            seen.add(image.pixel(x, y))
    return len(seen)


def _report(app: Any) -> dict[str, Any]:
    from tfgpu_wizard.core import i18n, paths

    out: dict[str, Any] = {
        "frozen": paths.is_frozen(),
        "data_root": str(paths.data_root()),
        "matrix_found": paths.matrix_path().is_file(),
        "i18n_files": sorted(p.name for p in (paths.resources_dir() / "i18n").glob("*_zh_CN.ts")),
        "target_scripts": {n: paths.target_script(n).is_file() for n in ("probe.py", "sample.py")},
        "default_python": paths.default_python(),
        "language": i18n.language(),
    }
    win = _find_main_window(app)
    out["window"] = win is not None
    if win is None:
        return out
    out["title"] = win.windowTitle()
    out["size"] = [win.width(), win.height()]
    out["pages"] = [win.nav.item(i).text() for i in range(win.nav.count())]
    out["current_page"] = win.current_page_name()
    state = win.state
    out["host_detected"] = state.host is not None
    out["host_error"] = state.host_error
    image = win.grab().toImage()
    out["colours"] = _colours(image)
    shot = os.environ.get(ENV_SHOT)
    if shot:
        out["shot_saved"] = bool(image.save(shot, "PNG"))
    return out


def install(ms: int) -> None:
    """Create the QApplication now and queue the report + quit ``ms`` after the event loop starts."""
    os.environ.setdefault("PYQTGRAPH_QT_LIB", "PySide6")
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication(sys.argv[:1])

    def finish() -> None:
        try:
            data = _report(app)
        except Exception as exc:  # noqa: BLE001 - the report must come out even when something is broken
            data = {"error": f"{type(exc).__name__}: {exc}"}
        text = json.dumps(data, ensure_ascii=False)
        target = os.environ.get(ENV_REPORT)
        if target:
            with open(target, "w", encoding="utf-8") as fh:
                fh.write(text)
        else:
            print("TFGPU-SMOKE " + text, flush=True)
        win = _find_main_window(app)
        if win is not None:
            win.close()  # the app's own shutdown path (stops workers)
        app.quit()

    QTimer.singleShot(ms, finish)
