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


# -- the display, asked before Qt starts (newcomer-2 #14, #15; gui-audit-2 N3) ---------------------------


def _clean_env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    env.update(extra)
    return env


def _free_x_display() -> int:
    """A display number whose X socket nobody listens on (neither /tmp/.X11-unix/X<n> nor TCP 6000+n)."""
    import socket

    for n in range(57, 99):
        if os.path.exists(f"/tmp/.X11-unix/X{n}"):
            continue
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", 6000 + n)) != 0:
                return n
    raise AssertionError("no free display number")


def test_an_unreachable_display_falls_back_to_the_terminal_report() -> None:
    """Before: `DISPLAY=:59 scripts/app` aborted (exit 134) with Qt's "xcb-cursor0 … is needed"."""
    n = _free_x_display()
    out = _cli(env=_clean_env(DISPLAY=f":{n}"))
    assert out.returncode == 0, out.stderr
    assert f"cannot connect to the display :{n}" in out.stderr and "Reinstalling the application" not in out.stderr
    assert "echo $DISPLAY" in out.stderr and "QT_QPA_PLATFORM" not in out.stderr
    assert out.stdout.strip(), "the doctor report should follow"
    # asked for by name, the window says why it cannot open, in the chosen language, and exits 2 (no abort)
    out = _cli("--lang", "zh_CN", "gui", env=_clean_env(DISPLAY=f"127.0.0.1:{n}"))
    assert out.returncode == 2, (out.returncode, out.stderr)
    assert f"无法显示窗口：无法连接到显示 127.0.0.1:{n}" in out.stderr and "tfgpu-wizard --help" in out.stderr


def test_an_offscreen_platform_without_a_command_gives_the_report_not_an_invisible_window() -> None:
    """Before: `env -u DISPLAY QT_QPA_PLATFORM=offscreen scripts/app` showed nothing and printed nothing."""
    out = _cli(env=_clean_env(QT_QPA_PLATFORM="offscreen"))
    assert out.returncode == 0, out.stderr
    assert "QT_QPA_PLATFORM=offscreen draws the window off screen" in out.stderr
    assert out.stdout.strip()


def test_lang_before_no_command_reaches_the_window(monkeypatch) -> None:
    """`scripts/app --lang zh_CN` (the README's command) opened in English: the default command was parsed
    afresh and lost --lang. A real X-like socket listens, so the display counts as reachable."""
    import socket

    from tfgpu_wizard import cli
    from tfgpu_wizard.core.display import display_problem

    n = _free_x_display()
    with socket.socket() as server:
        server.bind(("127.0.0.1", 6000 + n))
        server.listen(1)
        monkeypatch.delenv("QT_QPA_PLATFORM", raising=False)
        monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
        monkeypatch.setenv("DISPLAY", f"127.0.0.1:{n}")
        assert display_problem() is None
        args = cli.build_parser().parse_args(["--lang", "zh_CN"])
        assert args.command is None
        chosen = cli._default_command(args)
    assert chosen.command == "gui" and chosen.lang == "zh_CN"
