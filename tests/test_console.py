"""commands/_console.py (issue 23): the CLI's output through rich — colour only on a terminal (a real
pseudo-terminal from the stdlib ``pty``), never with NO_COLOR or TERM=dumb or in a pipe; width from COLUMNS;
Chinese wrapped by display columns; data never becomes markup or terminal control; ASCII marks on a Latin-1
console (drills-3 #6, #9)."""

from __future__ import annotations

import os
import pty
import subprocess
import sys
from pathlib import Path

import pytest

from tfgpu_wizard.core.text import display_width

SRC = str(Path(__file__).resolve().parents[1] / "src")

SCRIPT = r"""
from tfgpu_wizard.commands._console import out
from tfgpu_wizard.core import verdicts as v
o = out()
o.verdict(v.OK_CPU, "TensorFlow 2.21.0 works on the CPU here, which is all this machine can do: it has no NVIDIA GPU.")
o.verdict(v.NOT_WORKING, "这台电脑没有 NVIDIA GPU；TensorFlow 在这里使用 CPU，这是预期的，不需要做任何事情。请继续。")
o.bullet("1.", "Install the 32 locked packages (pasted, so without the hash check of the script).")
o.command("/tmp/env/bin/python -m pip install absl-py==2.5.1 astunparse==1.6.3 certifi==2026.10.19 charset-normalizer==3.5.3")
o.line("[bold]a label[/bold] \x1b]0;PWNED\x07\x1b[2J\x1b]52;c;ZWNobyBwd25lZA==\x07", data=True)
o.table(["run", "label", "steps"], [["20261203-1805-ab12", "默认 · fp32 · TensorFlow · NVIDIA H200 (4 workers) " * 3, 12]],
        ellipsis=[1])
"""

LONG_COMMAND = ("/tmp/env/bin/python -m pip install absl-py==2.5.1 astunparse==1.6.3 certifi==2026.10.19 "
                "charset-normalizer==3.5.3")


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "COLUMNS", "TERM", "FORCE_COLOR")}
    env.update(PYTHONPATH=SRC, PYTHONIOENCODING="utf-8", TERM="xterm-256color")
    env.update(extra)
    return env


def _pipe(**extra: str) -> str:
    r = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, env=_env(**extra), timeout=60)
    assert r.returncode == 0, r.stderr.decode()
    return r.stdout.decode("utf-8")


def _tty(**extra: str) -> str:
    """The script's output on a real pseudo-terminal (80 columns unless COLUMNS says otherwise)."""
    master, slave = pty.openpty()
    try:
        import fcntl
        import struct
        import termios

        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        proc = subprocess.Popen([sys.executable, "-c", SCRIPT], stdout=slave, stderr=subprocess.PIPE,
                                env=_env(**extra))
        os.close(slave)
        slave = -1
        chunks = []
        while True:
            try:
                data = os.read(master, 65536)
            except OSError:  # EIO: the child closed the terminal
                break
            if not data:
                break
            chunks.append(data)
        assert proc.wait(timeout=60) == 0, proc.stderr.read().decode() if proc.stderr else ""
        if proc.stderr:
            proc.stderr.close()
        return b"".join(chunks).decode("utf-8").replace("\r\n", "\n")
    finally:
        os.close(master)
        if slave >= 0:
            os.close(slave)


def test_colour_on_a_terminal() -> None:
    text = _tty()
    assert "\x1b[" in text  # the marks are coloured
    assert "\x1b]0;PWNED" not in text and "\x1b]52" not in text and "\x1b[2J" not in text
    assert "\\x1b]0;PWNED\\x07" in text


@pytest.mark.parametrize("extra", [{"NO_COLOR": "1"}, {"NO_COLOR": ""}, {"TERM": "dumb"}])
def test_no_colour_with_no_color_or_a_dumb_terminal(extra: dict[str, str]) -> None:
    text = _tty(**extra)
    assert "\x1b" not in text
    assert "✓ TensorFlow 2.21.0 works" in text


def test_a_pipe_gets_plain_text_and_data_stays_data() -> None:
    text = _pipe()
    assert "\x1b" not in text and "\x07" not in text
    assert "[bold]a label[/bold] \\x1b]0;PWNED\\x07\\x1b[2J\\x1b]52;c;ZWNobyBwd25lZA==\\x07" in text


@pytest.mark.parametrize("columns", [80, 50])
def test_wrapped_to_columns_chinese_by_display_width_commands_whole(columns: int) -> None:
    text = _pipe(COLUMNS=str(columns))
    lines = text.splitlines()
    assert LONG_COMMAND in lines[lines.index(next(ln for ln in lines if LONG_COMMAND in ln))]
    for ln in lines:
        if LONG_COMMAND not in ln:
            assert display_width(ln) <= columns, ln
    # the Chinese verdict took more than one line, each line within the width
    zh = [ln for ln in lines if "电脑" in ln or "CPU，" in ln or "请继续" in ln]
    assert len(zh) >= 2
    # the table: the label cut with an ellipsis, the run id and the step count kept whole
    row = next(ln for ln in lines if ln.startswith("20261203-1805-ab12"))
    assert "…" in row and row.rstrip().endswith("12")


def test_latin1_console_gets_ascii_marks_and_no_traceback() -> None:
    r = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True,
                       env=_env(PYTHONIOENCODING="latin-1:replace"), timeout=60)
    assert r.returncode == 0, r.stderr.decode()
    text = r.stdout.decode("latin-1")
    assert text.startswith("+ TensorFlow 2.21.0 works")
    assert "\nx " in text
