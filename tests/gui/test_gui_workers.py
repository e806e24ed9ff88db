"""A target interpreter driven from the window (issue 11): a flow's ``run_target`` step through
``gui.workers.FlowTask``, the path the Monitor, Benchmark, Sanity and Verify pages take. Cancel and the timeouts
reach the whole process group, a forking interpreter wrapper included."""

from __future__ import annotations

import os
import signal
import stat
import sys
import threading
import time
from pathlib import Path

import pytest
from _procs import alive

from tfgpu_wizard.core.flows.base import Progress, run_target
from tfgpu_wizard.core.target.runner import TargetRun
from tfgpu_wizard.gui.workers import FlowTask

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


def target(command: list[str], *, timeout: float = 60, idle_timeout: float | None = None,
           cancel: threading.Event | None = None):
    """A flow with one step: ``command`` as a target run (what a page's flow does with the probe or the sample)."""
    result = yield from run_target(TargetRun(command=command, timeout=timeout, idle_timeout=idle_timeout), cancel)
    return result


def _relay(task: FlowTask) -> tuple[list[dict], list[str]]:
    events: list[dict] = []
    lines: list[str] = []

    def on_progress(item: Progress) -> None:
        if item.kind == "event":
            events.append(item.data)
        elif item.kind == "line":
            lines.append(item.data)

    task.progress.connect(on_progress)
    return events, lines


def test_cancel_through_a_forking_wrapper_leaves_nothing_behind(qtbot, tmp_path: Path) -> None:
    script = tmp_path / "trainer.py"
    script.write_text(TRAINER)
    task = FlowTask(target)
    events, lines = _relay(task)
    task.start([str(_wrapper(tmp_path)), str(script)])
    qtbot.waitUntil(lambda: any(e.get("type") == "progress" for e in events), timeout=20_000)
    trainer = events[0]["pid"]
    with open(f"/proc/{trainer}/stat", encoding="ascii") as fh:
        parent = int(fh.read().rsplit(")", 1)[1].split()[1])
    assert parent != os.getpid()  # the wrapper is the direct child; the trainer is its child
    with qtbot.waitSignal(task.finished, timeout=10_000) as blocker:
        task.cancel()
    result = blocker.args[0]
    assert result.stopped and not result.ok and not task.is_running()
    assert _gone_within(trainer, 3), "Cancel said cancelled, but the trainer kept running"
    assert "a stray line" in lines and "to stderr" in lines
    assert events[-1]["type"] == "progress"  # every event came through, in order
    assert [e["step"] for e in events[1:]] == list(range(len(events) - 1))
    task.wait()


def test_shutdown_kills_the_group_and_finishes_now(qtbot, tmp_path: Path) -> None:
    script = tmp_path / "trainer.py"
    script.write_text(TRAINER)
    task = FlowTask(target)
    events, _ = _relay(task)
    finished: list = []
    task.finished.connect(finished.append)
    task.start([str(_wrapper(tmp_path)), str(script)])
    qtbot.waitUntil(lambda: bool(events), timeout=20_000)
    trainer = events[0]["pid"]
    task.shutdown(wait_ms=10_000)
    assert len(finished) == 1 and finished[0].stopped and not task.is_running()
    assert _gone_within(trainer, 2)


def test_silent_child_ends_as_stalled(qtbot, tmp_path: Path) -> None:
    script = tmp_path / "silent.py"
    script.write_text("import json, time\nprint(json.dumps({'type': 'progress', 'step': 7, 'steps': 9}), "
                      "flush=True)\ntime.sleep(300)\n")
    task = FlowTask(target)
    with qtbot.waitSignal(task.finished, timeout=15_000) as blocker:
        task.start([sys.executable, str(script)], idle_timeout=1.5)
    result = blocker.args[0]
    assert result.stalled and result.stalled_s == 1.5 and not result.ok
    assert result.describe_end() == "stalled while training, after step 7/9: no output for 1.5 s, so it was stopped"
    assert result.signal == signal.SIGTERM
    task.wait()


def test_a_missing_interpreter_is_not_started(qtbot, tmp_path: Path) -> None:
    task = FlowTask(target)
    events, lines = _relay(task)
    with qtbot.waitSignal(task.finished, timeout=5_000) as blocker:
        task.start([str(tmp_path / "no-such-python"), "x.py"])
    assert blocker.args[0].start_error and "no-such-python" in blocker.args[0].start_error
    assert not events and not lines
    task.wait()
