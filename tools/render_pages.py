"""Render every page of the app to PNG at 1024x600 (a small laptop screen), in English and Chinese, and check
that each one fits that size: nothing cut off, nothing overlapping, no text elided unexpectedly.

    QT_QPA_PLATFORM=offscreen python tools/render_pages.py [out_dir] [--host detect|recording] [--size WxH]
    xvfb-run -s "-screen 0 1366x768x24" python tools/render_pages.py out   # a real X server

``--host recording`` (default) shows the doctor report recorded on an H200
(resources/recordings/doctor-h200.json) as the detected machine, so the Setup steps look as they do on
a GPU machine; ``--host detect`` runs the real detection of this machine. Every *scene* (``scenes()``) is one
screenshot: each Setup step, the Monitor with one recording and with three overlaid (the comparison table
under them), Benchmark empty and with the H200 recordings, Diagnose and Check with findings, Classroom,
Sanity before and after a check (of a Python without TensorFlow), Learn. ``fit_problems()`` is what tests/gui/test_gui_fit_1024.py asserts empty for every scene; this
tool prints the problems it finds (exit status 1 when there are some).
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

os.environ.setdefault("PYQTGRAPH_QT_LIB", "PySide6")

REPO = Path(__file__).resolve().parents[1]
SIZE = (1024, 600)  # a common small laptop screen (issue 23): every page must fit it
MONITOR_RECORDING = "sample-tf-resnet20-fp32-growth.run.jsonl"
OVERLAY_RECORDINGS = ("sample-tf-resnet20-fp32-default.run.jsonl", "sample-tf-resnet20-fp32-limit.run.jsonl",
                      "sample-tf-resnet20-fp32-growth.run.jsonl")
DIAGNOSE_LOG = REPO / "tests" / "fixtures" / "logs" / "gh_tf_63362_wsl_tf216_dlopen.log"
CHECK_TEXT = REPO / "tests" / "fixtures" / "check" / "f03_wsl_conda_tf212.md"
# a log written for the screenshots when the test fixtures are not there (a CUDA library that did not open)
_FALLBACK_LOG = ("W tensorflow/compiler/xla/stream_executor/platform/default/dso_loader.cc:64] Could not load "
                 "dynamic library 'libcudart.so.11.0'; dlerror: libcudart.so.11.0: cannot open shared object "
                 "file: No such file or directory\n")


def _events(app, until: Callable[[], bool] | None = None, timeout_s: float = 60.0) -> None:
    import time

    end = time.monotonic() + timeout_s
    for _ in range(5):
        app.processEvents()
    while until is not None and not until():
        if time.monotonic() > end:
            raise TimeoutError("the page did not finish in time")
        app.processEvents()
        time.sleep(0.01)


def open_runs(app, monitor, names) -> None:
    """The Monitor showing just these recordings (the earlier ones kept as the overlay, the last one current)."""
    from tfgpu_wizard.core.paths import resources_dir

    monitor.btn_clear.click()
    monitor.chart.clear()
    for name in names:
        done: list[bool] = []
        monitor.replay_done.connect(done.append)
        monitor.open_run(resources_dir() / "recordings" / name)
        _events(app, lambda done=done: bool(done))
        monitor.replay_done.disconnect()


def scenes(win, app) -> Iterator[str]:
    """Put the window in each state worth a screenshot, one after the other; yields the scene's name while
    the window shows it (in the window's current language)."""
    from tfgpu_wizard.gui.mainwindow import PAGES
    from tfgpu_wizard.gui.pages.setup import STEPS

    for name in PAGES:
        page = win.show_page(name)
        if name == "setup":
            for i, step in enumerate(STEPS):
                page.show_step(i)
                _events(app)
                yield f"setup-{i + 1}-{step}"
                if step == "commands" and os.name == "posix":  # after "Run it for me": the result, the log
                    import tempfile

                    from tfgpu_wizard.core.setup.shells import Step

                    view = page.commands
                    with tempfile.TemporaryDirectory() as tmp:
                        steps = [Step("Create the environment", argv=("echo", "created")),
                                 Step("Install TensorFlow", snippet={"posix": "for i in 1 2 3; do echo pip $i; done"}),
                                 Step("Verify", argv=("echo", "ok"))]
                        done: list = []
                        view.runner.finished.connect(done.append)
                        view.run_steps(steps, tmp)
                        _events(app, lambda done=done: bool(done), 60)
                        view.runner.finished.disconnect(done.append)
                        _events(app)
                        yield "setup-3-commands-run"
            page.show_step(0)
        elif name == "monitor":
            open_runs(app, page, [MONITOR_RECORDING])
            yield "monitor"
            # the overlay that teaches: default, limit, then growth (each its colour, the table under it)
            open_runs(app, page, OVERLAY_RECORDINGS)
            yield "monitor-overlay"
        elif name == "benchmark":
            page.results, page.demo = [], False
            page.retranslate()
            yield "benchmark"
            # the demo a user without a GPU sees: the H200 recordings (labelled as recordings)
            page.show_recordings()
            _events(app)
            yield "benchmark-demo"
            page.results, page.demo = [], False
            page.retranslate()
        elif name == "diagnose":
            text = DIAGNOSE_LOG.read_text(encoding="utf-8") if DIAGNOSE_LOG.is_file() else _FALLBACK_LOG
            page.input.edit.setPlainText(text)
            page.run_diagnosis()
            _events(app)
            yield "diagnose"
        elif name == "sanity":
            _events(app)
            yield "sanity"
            if os.name == "posix":  # the answer for a Python without TensorFlow: the log, the note, "Setup →"
                import shlex
                import tempfile

                with tempfile.TemporaryDirectory() as tmp:
                    fake = Path(tmp) / "python"
                    fake.write_text(f"#!/bin/sh\nexec {shlex.quote(sys.executable)} -I -S \"$@\"\n", encoding="utf-8")
                    fake.chmod(0o755)
                    shown = win.state.target_python
                    win.state.target_python = str(fake)
                    page.start(steps=5)
                    _events(app, lambda page=page: page.phase == "done" and not page.busy(), 120)
                    win.state.target_python = shown
                    page.python_label.setText(page.python_label.text().replace(str(fake), shown))
                    # the traceback names this checkout's folder: an example folder in the pictures, as above
                    page.log.setPlainText(page.log.toPlainText().replace(str(REPO / "src"), "/home/ana/tfgpu-wizard/src"))
                    _events(app)
                    yield "sanity-no-tensorflow"
        elif name == "check":
            text = CHECK_TEXT.read_text(encoding="utf-8") if CHECK_TEXT.is_file() else "pip install tensorflow-gpu\n"
            page.input.edit.setPlainText(text)
            page.run_check()
            _events(app, lambda page=page: not page.busy())
            yield "check"
        else:
            _events(app)
            yield name
    win.show_page("sanity")


# ------------------------------------------------------------------------------------------------ the checks

def _inside_scroll_area(w, stop) -> bool:
    from PySide6.QtWidgets import QAbstractScrollArea

    p = w.parentWidget()
    while p is not None and p is not stop:
        if isinstance(p.parentWidget(), QAbstractScrollArea) and p is p.parentWidget().viewport():
            return True
        if isinstance(p, QAbstractScrollArea) and p.viewport() is not w and w is not p:
            pass
        p = p.parentWidget()
    return False


def _plain(text: str) -> str:
    from PySide6.QtGui import QTextDocument

    doc = QTextDocument()
    doc.setHtml(text)
    return doc.toPlainText()


def _describe(w) -> str:
    text = ""
    for attr in ("text", "currentText", "title"):
        fn = getattr(w, attr, None)
        if callable(fn):
            try:
                text = str(fn())
            except TypeError:
                continue
            break
    name = w.objectName() or type(w).__name__
    return f"{name} {text[:50]!r}" if text else name


def fit_problems(win, size: tuple[int, int] = SIZE) -> list[str]:
    """What does not fit when the window is ``size``: its minimum size, and every visible widget of the current
    page (and of the window's frame) that is cut off (outside the page and not in a scroll area, or smaller
    than it needs), overlaps a sibling, or shows its text elided or clipped."""
    from PySide6.QtCore import QRect
    from PySide6.QtWidgets import (
        QAbstractButton,
        QAbstractScrollArea,
        QApplication,
        QComboBox,
        QLabel,
        QLineEdit,
        QScrollBar,
        QSizePolicy,
        QTabBar,
        QWidget,
    )

    app = QApplication.instance()
    problems: list[str] = []
    _events(app)  # layouts activate on the next event-loop turn: the hint is stale before that
    hint = win.minimumSizeHint().expandedTo(win.minimumSize())
    if hint.width() > size[0] or hint.height() > size[1]:
        problems.append(f"the window needs at least {hint.width()}x{hint.height()}, more than {size[0]}x{size[1]}")
    win.resize(*size)
    _events(app)
    if win.width() > size[0] or win.height() > size[1]:
        problems.append(f"the window stays {win.width()}x{win.height()} when made {size[0]}x{size[1]}")
    page = win.stack.currentWidget()
    root = win.centralWidget()
    area = root.rect()
    checked = (QLabel, QAbstractButton, QComboBox, QLineEdit)
    for w in root.findChildren(QWidget):
        if not w.isVisibleTo(win) or w.isWindow() or isinstance(w, (QScrollBar, QTabBar)):
            continue
        if page is not None and not (w is page or page.isAncestorOf(w)) and win.stack.isAncestorOf(w):
            continue
        where = _describe(w)
        in_scroll = _inside_scroll_area(w, root)
        geo = QRect(w.mapTo(root, w.rect().topLeft()), w.size())
        if not in_scroll and not area.contains(geo) and w.parentWidget() is not None \
                and not isinstance(w.parentWidget(), QAbstractScrollArea):
            problems.append(f"{where}: cut off by the window edge ({geo.getRect()} not in {area.getRect()})")
        if not isinstance(w, checked):
            continue
        pol = w.sizePolicy()
        need = w.minimumSizeHint()
        if pol.horizontalPolicy() != QSizePolicy.Policy.Ignored and need.isValid() \
                and w.width() < need.width() - 1:
            problems.append(f"{where}: {w.width()} px wide, needs {need.width()}")
        if isinstance(w, QLabel):
            text = w.text()
            if not text or w.pixmap() is not None and not w.pixmap().isNull():
                continue
            cr = w.contentsRect()
            if w.wordWrap():
                if w.hasHeightForWidth() and w.height() + 1 < w.heightForWidth(w.width()) and not in_scroll:
                    problems.append(f"{where}: {w.height()} px high, its text needs {w.heightForWidth(w.width())}")
            else:
                plain = _plain(text) if w.textFormat() != 0 and "<" in text else text  # 0: Qt.PlainText
                longest = max((w.fontMetrics().horizontalAdvance(line) for line in plain.splitlines() or [""]),
                              default=0)
                if longest > cr.width() + 1:
                    problems.append(f"{where}: text {longest} px in {cr.width()} px (cut)")
        elif isinstance(w, QComboBox):
            text = w.currentText()
            room = w.width() - 34  # the arrow and the frame
            if text and w.fontMetrics().horizontalAdvance(text) > room and text not in (w.toolTip() or ""):
                problems.append(f"{where}: the chosen item is elided and not in the tooltip")
    problems += _axis_problems(root, win)
    # siblings laid out on top of each other
    for parent in [root, *root.findChildren(QWidget)]:
        if not parent.isVisibleTo(win) or isinstance(parent, QAbstractScrollArea):
            continue
        kids = [k for k in parent.children() if isinstance(k, checked) and k.isVisibleTo(win) and not k.isWindow()]
        for i, a in enumerate(kids):
            for b in kids[i + 1:]:
                inter = a.geometry().intersected(b.geometry())
                if inter.width() > 2 and inter.height() > 2:
                    problems.append(f"{_describe(a)} overlaps {_describe(b)}")
    return problems


def _axis_problems(root, win) -> list[str]:
    """pyqtgraph's axis titles are painted text, not widgets: a title longer than its axis is cut (the
    "Utilization (%" of gui-audit F17)."""
    problems: list[str] = []
    try:
        import pyqtgraph as pg
    except ImportError:
        return problems
    for view in root.findChildren(pg.PlotWidget):
        if not view.isVisibleTo(win):
            continue
        legend = view.getPlotItem().legend
        if legend is not None and legend.isVisible() and legend.items:
            room = view.getPlotItem().vb.boundingRect().width()
            if legend.boundingRect().width() > room + 1:  # a legend line wider than the plot is cut at its edge
                problems.append(f"legend {legend.boundingRect().width():.0f} px wide in a {room:.0f}-px plot (cut)")
        for side in ("left", "bottom"):
            axis = view.getAxis(side)
            if not axis.isVisible() or not axis.label.isVisible() or not axis.labelText:
                continue
            extent = axis.label.boundingRect().width()  # the title's length along the axis (rotated on the left)
            room = axis.geometry().height() if side == "left" else axis.geometry().width()
            if extent > room + 1:
                problems.append(f"axis title {view.parentWidget().objectName() or type(view.parentWidget()).__name__} {axis.labelText!r}: {extent:.0f} px on a {room:.0f}-px axis (cut)")
    return problems


def main(argv: list[str]) -> int:
    args = [a for a in argv[1:] if not a.startswith("--")]
    host_mode = "detect" if "--host=detect" in argv or ("--host" in argv and "detect" in argv) else "recording"
    size = SIZE
    for i, a in enumerate(argv):
        if a.startswith("--size"):
            spec = a.split("=", 1)[1] if "=" in a else argv[i + 1]
            size = tuple(int(v) for v in spec.lower().split("x"))  # type: ignore[assignment]
            args = [x for x in args if x != spec]
    out = Path(args[0] if args else "page-renders")
    out.mkdir(parents=True, exist_ok=True)
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication(argv[:1])
    from tfgpu_wizard.core.paths import resources_dir
    from tfgpu_wizard.core.setup.host_model import HostReport
    from tfgpu_wizard.gui.app import create_window

    win = create_window("en")
    if host_mode == "recording":  # an example Python, not this machine's (the pages that name it are built later)
        win.state.target_python = "/home/ana/tf 2.21 环境/bin/python"
    win.resize(*size)
    win.show()
    setup = win.page("setup")
    if host_mode == "recording":
        data = json.loads((resources_dir() / "recordings" / "doctor-h200.json").read_text(encoding="utf-8"))
        # An example folder (not this machine's home): spaces and Chinese show how the commands quote them.
        setup.commands.prefix.setText("/home/ana/tf 2.21 环境")
        win.state.host = HostReport.from_dict(data)
        setup.set_host(win.state.host)
    else:
        detected: list = []
        win.host_ready.connect(detected.append)
        if win.detect_host():
            _events(app, lambda: bool(detected), 120)

    bad = 0
    for lang in ("en", "zh_CN"):
        win.set_language(lang)
        for scene in scenes(win, app):
            _events(app)
            monitor = win.page("monitor")
            monitor.chart.repaint_now()
            for problem in fit_problems(win, size):
                print(f"{scene}-{lang}: {problem}", file=sys.stderr)
                bad += 1
            path = out / f"{scene}-{lang}.png"
            win.grab().save(str(path))
            print(path)
    win.shutdown()
    win.close()
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
