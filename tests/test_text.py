"""core.text: display width from rich.cells, the terminal's width, wrapping for Chinese and English; and the
CLI output that uses it (doctor, runs, plan) fitting the terminal."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tfgpu_wizard.commands import doctor
from tfgpu_wizard.core.setup.host_model import HostReport, Note
from tfgpu_wizard.core.text import display_width, pad, terminal_width, wrap

FIX = Path(__file__).parent / "fixtures" / "host"
SRC = Path(__file__).resolve().parents[1] / "src" / "tfgpu_wizard"


def test_display_width_follows_unicode_not_code_points() -> None:
    assert display_width("驱动 CUDA") == 9
    assert display_width("ＡＢ") == 4  # full-width Latin
    assert display_width("e\u0301") == 1  # a combining accent takes no column (the old rule counted 2)
    assert display_width("\u200b") == 0  # zero-width space
    assert display_width("a\x1bb") == 2  # a control character: the rest is still counted
    assert pad("驱动", 6) == "驱动  " and pad("abcdefg", 3, minimum=1) == "abcdefg "


def test_one_width_rule_in_the_cli() -> None:
    """The three hand-written copies of the East-Asian width rule are gone: everything uses core.text."""
    for path in [*(SRC / "commands").glob("*.py"), SRC / "cli.py"]:
        text = path.read_text(encoding="utf-8")
        assert "east_asian_width" not in text and "import textwrap" not in text, path.name


def test_terminal_width_from_columns(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "72")
    assert terminal_width() == 72
    monkeypatch.setenv("COLUMNS", "5")
    assert terminal_width() == 40  # never narrower than that
    monkeypatch.delenv("COLUMNS")
    assert terminal_width(fallback=88) in (88, os.get_terminal_size().columns if sys.stdout.isatty() else 88)


@pytest.mark.parametrize("width", [20, 33, 40, 61])
def test_chinese_and_mixed_text_wraps_by_columns(width: int) -> None:
    text = "驱动：你的 NVIDIA 驱动 580.159.04 能运行为 CUDA 13.0 及更早版本编译的程序。" * 3
    lines = wrap(text, width, "  ")
    assert len(lines) > 2 and all(display_width(line) <= width for line in lines)
    assert "".join(line.strip() for line in lines).replace(" ", "") == text.replace(" ", "")
    assert not any(line.strip()[0] in "，。：）" for line in lines)  # closing punctuation never starts a line
    for word in ("NVIDIA", "580.159.04", "CUDA"):  # English words and version numbers are not split
        assert all(word in line for line in lines if word[:3] in line), word


def test_english_wraps_at_spaces_with_hanging_indent() -> None:
    text = "The quick brown fox jumps over the lazy dog and a /very/long/path/that/cannot/fit/on/one/line/at/all"
    lines = wrap(text, 30, "> ", "  ")
    assert lines[0].startswith("> The quick") and all(ln.startswith("  ") for ln in lines[1:])
    assert all(display_width(ln) <= 30 for ln in lines)
    assert "".join(ln[2:] for ln in lines).replace(" ", "") == text.replace(" ", "")
    assert wrap("", 30) == [] and wrap("a\nb", 30) == ["a", "b"]


def _long_note_report() -> HostReport:
    report = HostReport.from_json((FIX / "doctor-h200.json").read_text(encoding="utf-8"))
    report.notes.append(Note(code="cuda-visible-devices-empty", severity="warning",
                             message="CUDA_VISIBLE_DEVICES is empty or -1, so TensorFlow sees no GPU at all even "
                                     "though the driver and the card are fine; unset it or set it to 0",
                             detail="x" * 10 + " a detail that is long enough to need wrapping on every "
                                    "terminal narrower than about a hundred and fifty columns"))
    return report


@pytest.mark.parametrize("lang", ["en", "zh_CN"])
def test_doctor_report_fits_the_terminal(lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Before: a fixed width of 100 and notes not wrapped (a 60-column terminal got 150-column lines)."""
    from tfgpu_wizard.core import i18n

    i18n.set_language(lang)
    try:
        monkeypatch.setenv("COLUMNS", "60")
        text = doctor.render_text(_long_note_report())
    finally:
        i18n.set_language("en")
    long = [ln for ln in text.splitlines() if display_width(ln) > 60]
    assert not long, long
    assert "unset it or set" in text.replace("\n", " ").replace("  ", " ") or lang == "zh_CN"


@pytest.mark.parametrize("lang", ["en", "zh_CN"])
def test_doctor_section_title_with_a_long_path_fits(lang: str) -> None:
    """Before: section titles were not wrapped, so "TensorFlow in <target python>" overflowed when the target
    lives in a deep folder (CI's clone path made a 54-column line on a 50-column terminal)."""
    from tfgpu_wizard.core import i18n

    report = _long_note_report()
    assert report.tensorflow is not None
    report.tensorflow.python = "/home/学生 用户/projects/very long folder name/envs/tf-gpu/bin/python3.11"
    i18n.set_language(lang)
    try:
        text = doctor.render_text(report, width=50)
    finally:
        i18n.set_language("en")
    long = [ln for ln in text.splitlines() if display_width(ln) > 50]
    assert not long, long
    assert "very long folder" in " ".join(text.split())


def test_doctor_cli_follows_columns() -> None:
    env = dict(os.environ, COLUMNS="50", PYTHONIOENCODING="utf-8")
    out = subprocess.run([sys.executable, "-m", "tfgpu_wizard", "--lang", "zh_CN", "doctor"], capture_output=True,
                         text=True, encoding="utf-8", env=env, timeout=120)
    assert out.returncode == 0, out.stderr
    assert max(display_width(ln) for ln in out.stdout.splitlines()) <= 50
