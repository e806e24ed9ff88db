"""core.lifecycle (children stop with the CLI) and core.safe_io (writes that replace nothing by surprise)."""

from __future__ import annotations

import os
import signal
import socket
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tfgpu_wizard.core import lifecycle, safe_io

posix = pytest.mark.skipif(os.name != "posix", reason="process groups, symlinks and FIFOs")


def _sleeper() -> subprocess.Popen:
    # a shell with a child of its own: the whole group must go
    return subprocess.Popen(["/bin/sh", "-c", "sleep 60 & sleep 60; wait"], start_new_session=True)


@posix
def test_the_handler_stops_tracked_groups_and_raises_stopped() -> None:
    procs = [_sleeper(), _sleeper()]
    for p in procs:
        lifecycle.track(p)
    try:
        with pytest.raises(lifecycle.Stopped) as info:
            lifecycle._handler(signal.SIGHUP, None)
        assert info.value.exit_code == 129 and "SIGHUP" in str(info.value)
        assert lifecycle.stop_reason() and "SIGHUP" in lifecycle.stop_reason()
        for p in procs:
            assert p.wait(timeout=5) == -signal.SIGTERM
        # a child started while the stop is under way (the signal came during Popen) is stopped at once
        late = _sleeper()
        lifecycle.track(late)
        assert late.wait(timeout=5) == -signal.SIGTERM
        lifecycle.untrack(late)
        # a second signal during the clean-up does not raise again
        lifecycle._handler(signal.SIGTERM, None)
    finally:
        for p in procs:
            lifecycle.untrack(p)
            if p.poll() is None:
                os.killpg(p.pid, signal.SIGKILL)
                p.wait()
        lifecycle.reset_for_tests()
    time.sleep(0.1)
    subprocess.run(["true"])  # nothing else is disturbed


@posix
def test_a_signal_while_a_child_is_being_started_waits_until_it_is_tracked() -> None:
    """The handler may run inside Popen, after the fork: Stopped must not unwind past an untracked child."""
    proc = None
    try:
        with pytest.raises(lifecycle.Stopped):
            with lifecycle.starting():
                proc = _sleeper()
                lifecycle._handler(signal.SIGTERM, None)  # as if it came right now: held back, no raise
                lifecycle.track(proc)  # stopped at once, since a stop is under way
        assert proc.wait(timeout=5) == -signal.SIGTERM
    finally:
        if proc is not None:
            lifecycle.untrack(proc)
            if proc.poll() is None:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()
        lifecycle.reset_for_tests()


@posix
def test_symlink_is_written_through_and_kept(tmp_path: Path) -> None:
    real = tmp_path / "real.json"
    real.write_text("old")
    real.chmod(0o604)
    mid = tmp_path / "mid"
    mid.symlink_to(real)
    link = tmp_path / "link"
    link.symlink_to(mid)
    written = safe_io.write_text(link, "new")
    assert written == real and real.read_text() == "new"
    assert link.is_symlink() and mid.is_symlink()
    assert stat.S_IMODE(real.stat().st_mode) == 0o604


@posix
def test_dangling_symlink_creates_its_target(tmp_path: Path) -> None:
    link = tmp_path / "link"
    link.symlink_to(tmp_path / "made.json")
    safe_io.write_text(link, "x")
    assert link.is_symlink() and (tmp_path / "made.json").read_text() == "x"


@posix
def test_folder_and_socket_are_refused(tmp_path: Path) -> None:
    with pytest.raises(safe_io.UnsafeWrite, match="is a folder"):
        safe_io.write_text(tmp_path, "x")
    sock_path = tmp_path / "s.sock"
    with socket.socket(socket.AF_UNIX) as s:
        s.bind(str(sock_path))
        with pytest.raises(safe_io.UnsafeWrite, match="not a regular file"):
            safe_io.write_text(sock_path, "x")
        assert stat.S_ISSOCK(os.stat(sock_path).st_mode)


@posix
def test_a_fifo_with_a_reader_gets_the_data(tmp_path: Path) -> None:
    fifo = tmp_path / "p"
    os.mkfifo(fifo)
    reader = subprocess.Popen([sys.executable, "-c", f"print(open({str(fifo)!r}).read(), end='')"],
                              stdout=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 10
    while True:  # until the reader has the pipe open
        try:
            safe_io.write_text(fifo, "hello")
            break
        except safe_io.UnsafeWrite:
            assert time.monotonic() < deadline
            time.sleep(0.05)
    out, _ = reader.communicate(timeout=10)
    assert out == "hello" and stat.S_ISFIFO(os.stat(fifo).st_mode)


def test_missing_folder_is_a_sentence(tmp_path: Path) -> None:
    with pytest.raises(OSError) as info:
        safe_io.write_text(tmp_path / "nope" / "x.json", "x")
    assert "does not exist" in str(info.value)
    assert not list(tmp_path.iterdir())
