"""The CLI as a new user meets it: help, version, and the no-display fallback."""

from __future__ import annotations

import os
import subprocess
import sys

from tfgpu_wizard.cli import COMMANDS


def _cli(*args: str, env: dict[str, str] | None = None, timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "tfgpu_wizard", *args], capture_output=True, text=True, timeout=timeout, env=env
    )


def test_help_lists_every_command() -> None:
    out = _cli("--help")
    assert out.returncode == 0, out.stderr
    for name in COMMANDS:
        assert name in out.stdout


def test_every_command_has_its_own_help() -> None:
    for name in COMMANDS:
        out = _cli(name, "--help")
        assert out.returncode == 0, (name, out.stderr)
        assert "not available in this build" not in out.stdout + out.stderr, name


def test_no_display_prints_the_terminal_report_and_how_to_get_the_window() -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    out = _cli(env=env)
    assert out.returncode == 0, out.stderr
    assert "No display found" in out.stderr
    assert "ssh -X" in out.stderr
    assert out.stdout.strip(), "the doctor report should follow"


def test_unknown_command_is_a_clear_error() -> None:
    out = _cli("frobnicate")
    assert out.returncode == 2
    assert "invalid choice" in out.stderr
