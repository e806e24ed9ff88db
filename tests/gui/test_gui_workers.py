"""TargetProcess on core's runner (issue 11): Cancel and the timeouts reach the whole process group."""

from __future__ import annotations

import os
import signal
import stat
import sys
import time
from pathlib import Path

import pytest
from _procs import alive

from tfgpu_wizard.gui.workers import TargetProcess

pytestmark = pytest.mark.skipif(os.name != "posix", reason="process groups and /bin/sh")

TRAINER = """
import json, os, sys, time
print(json.dumps({"type": "start", "pid": os.getpid()}), flush=True)
print("a stray line", flush=True)
print("to stderr", file=sys.stderr, flush=True)
for step in range(100000):
    try:  # like Python's logging, a trainer's log writer swallows a closed pipe and trains on
        print(json.dumps({"type": "progress", "step": step}), flush=True)
    except OSError:
        pass
    time.sleep(0.1)
"""


def _wrapper(folder: Path) -> Path:
    """An interpreter wrapper that forks (a shell runs the real Python as its child): the fault."""
    path = folder / "python-wrapper"
    path.write_text(f'#!/bin/sh\n"{sys.executable}" "$@"\n')
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return path


def _gone_within(pid: int, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if not alive(pid):
            return True
        time.sleep(0.05)
    return False


def test_cancel_through_a_forking_wrapper_leaves_nothing_behind(qtbot, tmp_path: Path) -> None:
    script = tmp_path / "trainer.py"
    script.write_text(TRAINER)
    proc = TargetProcess()
    events: list[dict] = []
    texts: list[str] = []
    proc.event.connect(events.append)
    proc.text.connect(texts.append)
    proc.start(str(_wrapper(tmp_path)), [str(script)], timeout_s=60)
    qtbot.waitUntil(lambda: any(e.get("type") == "progress" for e in events), timeout=20_000)
    trainer = events[0]["pid"]
    with open(f"/proc/{trainer}/stat", encoding="ascii") as fh:
        parent = int(fh.read().rsplit(")", 1)[1].split()[1])
    assert parent != os.getpid()  # the wrapper is the direct child; the trainer is its child
    with qtbot.waitSignal(proc.finished, timeout=10_000) as blocker:
        proc.cancel()
    info = blocker.args[0]
    assert info.status == "cancelled" and not proc.is_running()
    assert _gone_within(trainer, 3), "Cancel said cancelled, but the trainer kept running"
    assert "a stray line" in texts and "to stderr" in texts
    assert info.events == len(events) and info.last_event == events[-1]


def test_shutdown_kills_the_group_and_finishes_now(qtbot, tmp_path: Path) -> None:
    script = tmp_path / "trainer.py"
    script.write_text(TRAINER)
    proc = TargetProcess()
    events: list[dict] = []
    finished: list = []
    proc.event.connect(events.append)
    proc.finished.connect(finished.append)
    proc.start(str(_wrapper(tmp_path)), [str(script)], timeout_s=60)
    qtbot.waitUntil(lambda: bool(events), timeout=20_000)
    trainer = events[0]["pid"]
    proc.shutdown()
    assert len(finished) == 1 and finished[0].status == "cancelled"
    assert _gone_within(trainer, 2)


def test_silent_child_ends_as_stalled(qtbot, tmp_path: Path) -> None:
    script = tmp_path / "silent.py"
    script.write_text("import json, time\nprint(json.dumps({'type': 'progress', 'step': 7, 'steps': 9}), "
                      "flush=True)\ntime.sleep(300)\n")
    proc = TargetProcess()
    with qtbot.waitSignal(proc.finished, timeout=15_000) as blocker:
        proc.start(sys.executable, [str(script)], timeout_s=60, idle_timeout_s=1.5)
    info = blocker.args[0]
    assert info.status == "timeout" and info.extra.get("stalled_s") == 1.5
    assert "no output for 2 s" in info.error and "step 7/9" in info.error  # where it hung
    assert info.extra.get("signal") == signal.SIGTERM


def test_a_missing_interpreter_is_not_started(qtbot, tmp_path: Path) -> None:
    proc = TargetProcess()
    with qtbot.waitSignal(proc.finished, timeout=5_000) as blocker:
        proc.start(str(tmp_path / "no-such-python"), ["x.py"])
    assert blocker.args[0].status == "not-started" and blocker.args[0].error
