"""Issue 18: a language switch re-renders everything, results included. Every page first produces results with
its real actions (Diagnose explains a bundled log, the Monitor opens two recordings, the Benchmark shows the H200
recordings, Setup plans for the recorded H200 host report and verifies a Python, the Sanity check runs), then the
window switches to 中文 and every visible text is searched for English words.

Not searched: logs and commands (plain-text editors: the sample's output, the plan's script, paste boxes), the
contents of <code>/<pre>, file paths and file names, numbers, and technical tokens (product and library names,
acronyms, identifiers with _ or ., option values such as ``growth`` / ``fp32`` that are typed as they are).
"""

from __future__ import annotations

import html
import re
import shlex
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QGroupBox,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QTableWidget,
    QTabWidget,
    QTextEdit,
    QTreeWidget,
    QWidget,
)

pytestmark = pytest.mark.gui
ROOT = Path(__file__).resolve().parents[2]

# Names and technical words that stay as they are in Chinese text (case-sensitive where it matters).
ALLOWED = {
    # products, libraries, vendors, tools
    "TensorFlow", "Keras", "JAX", "PyTorch", "NVIDIA", "GeForce", "RTX", "Tesla", "Ampere", "Hopper", "Blackwell",
    "CUDA", "cuDNN", "TensorRT", "NVML", "Python", "pip", "conda", "venv", "uv", "Docker", "docker", "NGC",
    "Linux", "Windows", "WSL", "WSL2", "WSL1", "macOS", "Ubuntu", "Debian", "PowerShell", "bash", "zsh", "cmd",
    "exe", "DirectML", "tf-keras", "tensorflow", "tensorflow-cpu", "nvidia-smi", "sudo", "apt", "Miniforge",
    "Anaconda", "Miniconda", "Container", "Toolkit", "Tensor", "Core", "nvcc", "wheel", "Version", "Qt", "PySide6", "tfgpu-wizard", "ResNet", "NumPy", "numpy", "XLA", "protobuf", "Apple",
    "Metal", "Intel", "AMD", "ROCm", "Keras2", "Keras3", "H200", "H100", "A100", "GPU", "GPUs", "CPU",
    # units and short technical words
    "MiB", "GiB", "MB", "GB", "KB", "TB", "ms", "img", "Hz", "CC", "sm", "fp", "bf", "MHz", "dtype",
    "PNG", "CSV", "JSON", "EN", "PID", "RAM", "VRAM", "OOM", "ID", "cp", "x86", "amd64", "aarch64", "arm64",
    # option values typed as they are (the sample's --memory / --precision / --model, the matrix's methods)
    "default", "growth", "limit", "fraction", "ondemand", "caching", "fp32", "mixed_float16", "mixed_bfloat16",
    "cnn", "resnet20", "resnet50", "auto", "and-cuda", "compute", "linux", "wsl2",
    "oneDNN",  # a library TensorFlow names in its start-up lines (the Sanity log note quotes them)
    "batch",  # a run's name says "cnn · batch 1024 · …" (the sample's --batch, written into its run file)
}
ALLOWED_LOWER = {w.lower() for w in ALLOWED}
# A Python exception quoted from the target's output ("ModuleNotFoundError: No module named 'x'") is log text.
QUOTED_ERROR = re.compile(r"\b[A-Z]\w*(Error|Exception|Warning): [^\n。；]*")
WORD = re.compile(r"[A-Za-z][A-Za-z'’]*")


def _strip_code(rich: str) -> str:
    """Rich text without its code: <code>/<pre>/<tt>, and what a QTextEdit's toHtml() makes of them (spans in a
    monospace font family)."""
    rich = re.sub(r"<(code|pre|tt)[^>]*>.*?</\1>", " ", rich, flags=re.S | re.I)
    return re.sub(r"<span style=\"[^\"]*font-family:'(Courier New|monospace)[^\"]*\">.*?</span>", " ", rich,
                  flags=re.S | re.I)


def _plain(rich: str) -> str:
    doc = QTextDocument()
    doc.setHtml(_strip_code(rich))
    return doc.toPlainText()


def english_words(text: str) -> list[str]:
    """The English words left in ``text`` once paths, file names, identifiers and allowed tokens are removed."""
    out = []
    text = QUOTED_ERROR.sub(" ", text)
    text = re.sub(r'"[^"\n]*"|“[^”\n]*”', " ", text)  # quoted log lines and labels of other programs
    for token in re.split(r"[\s,;:()（）\[\]{}“”\"「」、。，：；！？|·•→←✓✗!?…]+", text):
        if not token or re.search(r"[/\\<>]", token) or token.lower() in ALLOWED_LOWER:  # path, command, name
            continue
        if token.startswith("lib"):  # a library file: libnvidia-ml, libcudart
            continue
        if re.search(r"\.[A-Za-z0-9]{1,6}$", token) and "." in token[:-1]:  # file names, tf.config, dotted ids
            continue
        if "_" in token or "$" in token or "=" in token or token.startswith("-"):  # identifiers, options, env
            continue
        for word in WORD.findall(token):
            w = word.strip("'’")
            if len(w) < 2 or w.lower() in ALLOWED_LOWER:
                continue
            if w.isupper():  # acronyms: CUDA, PCI, LD, ...
                continue
            if re.fullmatch(r"[A-Za-z]+\d[\w-]*", token) or re.search(r"\d", token):  # sm_80, cu12, 2.21.0rc1
                continue
            out.append(w)
    return out


def visible_texts(root: QWidget) -> list[tuple[str, str]]:
    """(where, text) of every text a user sees in ``root``: labels, buttons, rich text views, tables, trees,
    combo boxes, tab titles, group box titles, spin box suffixes, placeholders of empty fields, chart words."""
    out: list[tuple[str, str]] = []
    for w in [root, *root.findChildren(QWidget)]:
        if not w.isVisible():
            continue
        name = f"{type(w).__name__}:{w.objectName() or ''}"
        if isinstance(w, QLabel):
            rich = w.textFormat() == Qt.TextFormat.RichText or (
                w.textFormat() == Qt.TextFormat.AutoText and ("<" in w.text() and ">" in w.text()))
            out.append((name, _plain(w.text()) if rich else w.text()))
        elif isinstance(w, QAbstractButton):
            out.append((name, w.text()))
        elif isinstance(w, QPlainTextEdit):  # logs, scripts, paste boxes: only an empty box's hint
            if not w.toPlainText():
                out.append((name + " placeholder", w.placeholderText()))
        elif isinstance(w, QTextEdit):
            out.append((name, _plain(w.toHtml())))
        elif isinstance(w, QTableWidget):
            for c in range(w.columnCount()):
                h = w.horizontalHeaderItem(c)
                if h is not None and not w.isColumnHidden(c):
                    out.append((name + " header", h.text()))
            for r in range(w.rowCount()):
                for c in range(w.columnCount()):
                    it = w.item(r, c)
                    if it is not None:
                        out.append((f"{name} [{r},{c}]", it.text()))
        elif isinstance(w, QTreeWidget):
            for i in range(w.topLevelItemCount()):
                it = w.topLevelItem(i)
                out += [(name, it.text(c)) for c in range(w.columnCount())]
        elif isinstance(w, QComboBox):
            out.append((name, w.currentText()))
        elif isinstance(w, QTabWidget):
            out += [(name + " tab", w.tabText(i)) for i in range(w.count())]
        elif isinstance(w, QAbstractSpinBox):
            out.append((name, w.text()))
        elif isinstance(w, QLineEdit) and not w.text():
            out.append((name + " placeholder", w.placeholderText()))
        if isinstance(w, QGroupBox):
            out.append((name + " title", w.title()))
    # The charts' own words (pyqtgraph draws them in a QGraphicsScene: legends and axis titles)
    import pyqtgraph as pg

    for plot in root.findChildren(pg.PlotWidget):
        if not plot.isVisible():
            continue
        item = plot.getPlotItem()
        for side in ("left", "bottom"):
            ax = item.getAxis(side)
            if ax.isVisible() and ax.labelText:
                out.append(("axis", ax.labelText))
        legend = item.legend
        if legend is not None:
            out += [("legend", lab.text) for _, lab in legend.items]
    return [(where, html.unescape(t)) for where, t in out if t]


def english_left(root: QWidget) -> list[str]:
    return [f"{where}: {text!r} -> {words}" for where, text in visible_texts(root)
            if (words := english_words(text))]


def test_the_check_finds_english_and_allows_technical_tokens():
    assert english_words("Run it for me") == ["Run", "it", "for", "me"]
    assert english_words("用 pip 安装 tensorflow[and-cuda]，CUDA 12.5，/home/ana/tf env/bin/python") == []
    assert english_words("按需增长 growth · fp32 · TensorFlow · NVIDIA H200 峰值 4,247 MiB") == []
    assert english_words("tf.config.experimental.set_memory_growth 和 TF_FORCE_GPU_ALLOW_GROWTH=true") == []
    assert english_words("✗ TensorFlow works but sees no GPU") == ["works", "but", "sees", "no"]
    assert english_words("此 Python 中没有 TensorFlow：ModuleNotFoundError: No module named 'tensorflow'") == []
    assert english_words("留空：主目录中的文件夹（tf-<version>-gpu）") == []


def _python_without_tensorflow(folder: Path) -> str:
    """This interpreter without site-packages (-I -S): a real Python with no TensorFlow, so Verify and Sanity
    give a real verdict in seconds."""
    fake = folder / "python"
    fake.write_text(f"#!/bin/sh\nexec {shlex.quote(sys.executable)} -I -S \"$@\"\n", encoding="utf-8")
    fake.chmod(0o755)
    return str(fake)


@pytest.mark.skipif(sys.platform == "win32", reason="a shell-script interpreter")
def test_every_page_has_no_english_left_after_switching_to_chinese(window, qtbot, tmp_path):
    NO_TF_PYTHON = _python_without_tensorflow(tmp_path)
    from tfgpu_wizard.core.monitor.runs import bundled_recordings
    from tfgpu_wizard.core.setup.host_model import HostReport

    click = qtbot.mouseClick
    left = Qt.MouseButton.LeftButton
    # The Sanity check on a Python without TensorFlow: a real run, a real verdict (in seconds).
    window.state.target_python = NO_TF_PYTHON
    sanity = window.show_page("sanity")
    click(sanity.btn, left)
    qtbot.waitUntil(lambda: sanity.phase == "done", timeout=60_000)

    # Setup: the recorded H200 host report, its recommendation and plan; Verify on the same Python.
    setup = window.show_page("setup")
    setup.set_host(HostReport.from_json((ROOT / "resources" / "recordings" / "doctor-h200.json").read_text("utf-8")))
    setup.show_step(3)
    setup.python_edit.setText(NO_TF_PYTHON)
    with qtbot.waitSignal(setup.verifier.finished, timeout=60_000):
        click(setup.btn_verify, left)

    # Diagnose: a bundled real log
    diag = window.show_page("diagnose")
    diag.log.setPlainText((ROOT / "tests" / "fixtures" / "logs" / "gh_apapiu_8_dnn_not_found.log").read_text("utf-8"))
    click(diag.btn, left)

    # Monitor: two recordings, overlaid, with the comparison table
    monitor = window.show_page("monitor")
    by_name = {p.name.removesuffix(".run.jsonl"): p for p in bundled_recordings()}
    for n in ("sample-tf-resnet20-fp32-growth", "sample-tf-resnet20-fp32-limit"):
        with qtbot.waitSignal(monitor.replay_done, timeout=30_000):
            assert monitor.open_run(by_name[n])  # what "Open run or recording…" calls with the picked file

    # Benchmark: the H200 recordings
    bench = window.show_page("benchmark")
    click(bench.btn_demo, left)
    assert bench.table.rowCount() > 3

    window.set_language("zh_CN")
    found: list[str] = []
    for name in ("sanity", "setup", "monitor", "classroom", "benchmark", "diagnose", "learn"):
        page = window.show_page(name)
        steps = range(4) if name == "setup" else [None]
        for step in steps:
            if step is not None:
                page.show_step(step)
            for _ in range(3):
                QApplication.processEvents()
            found += [f"[{name}{'' if step is None else ' step ' + str(step + 1)}] {x}" for x in english_left(page)]
    found += [f"[window] {x}" for x in english_left(window.statusBar())]
    found += [f"[window] nav: {window.nav.item(i).text()!r}" for i in range(window.nav.count())
              if english_words(window.nav.item(i).text())]
    assert not found, f"{len(found)} texts with English left:\n" + "\n".join(found)
