"""The flows floor (core/flows/base.py): the driver, questions, and a target run as progress that a cancel,
a closed consumer or a signal stops with its child. Real subprocesses throughout (the leak guard in
tests/conftest.py fails a test that leaves one running)."""

from __future__ import annotations

import os
import sys
import threading
import time

import pytest

from tfgpu_wizard.core.flows.base import Ask, Progress, drive, run_target
from tfgpu_wizard.core.target.runner import TargetRun

posix_only = pytest.mark.skipif(os.name != "posix", reason="a shell script as the program")


def _asks(answers: list[str]):
    first = Ask("question", "Run step 1?", choices=("run", "skip", "stop"), default="skip")
    yield first
    answers.append(first.wait())
    second = Ask("question", "Run step 2?", choices=("run", "skip", "stop"), default="skip")
    yield second
    answers.append(second.wait())
    return len(answers)


def test_drive_returns_the_flows_result_and_answers_questions_with_their_default() -> None:
    answers: list[str] = []
    assert drive(_asks(answers)) == 2
    assert answers == ["skip", "skip"]


def test_a_face_answers_a_question_and_a_wrong_answer_is_refused() -> None:
    answers: list[str] = []
    seen: list[Progress] = []

    def on_progress(item: Progress) -> None:
        seen.append(item)
        with pytest.raises(ValueError):
            item.reply("maybe")
        item.reply("run" if len(seen) == 1 else "stop")

    assert drive(_asks(answers), on_progress) == 2
    assert answers == ["run", "stop"] and [s.text for s in seen] == ["Run step 1?", "Run step 2?"]


def test_a_question_answered_from_another_thread_and_one_left_on_cancel() -> None:
    ask = Ask("question", choices=("run", "skip"), default="skip")
    threading.Timer(0.2, ask.reply, args=("run",)).start()
    assert ask.wait() == "run"
    cancel = threading.Event()
    cancel.set()
    assert Ask("question", choices=("run", "skip"), default="skip").wait(cancel) == "skip"


def _events_script(tmp_path, body: str):
    script = tmp_path / "事件 script.py"
    script.write_text(body, encoding="utf-8")
    return [sys.executable, str(script)]


def test_a_target_run_relays_events_and_lines_in_order_and_returns_its_result(tmp_path) -> None:
    command = _events_script(tmp_path, (
        "import json, sys\n"
        "print(json.dumps({'type': 'start', 'n': 1}), flush=True)\n"
        "print('a stray line', flush=True)\n"
        "print('错误输出', file=sys.stderr, flush=True)\n"
        "print(json.dumps({'type': 'summary', 'n': 2}), flush=True)\n"))
    items: list[Progress] = []
    result = drive(run_target(TargetRun(command=command, timeout=60)), items.append)
    assert result.ok and [e.type for e in result.events if e.type != "raw"] == ["start", "summary"]
    kinds = [(i.kind, i.data if i.kind != "started" else None) for i in items]
    assert kinds[0] == ("started", None)
    assert ("event", {"type": "start", "n": 1}) in kinds and ("line", "a stray line") in kinds
    assert ("line", "错误输出") in kinds
    events = [k for k in kinds if k[0] == "event"]
    assert events == [("event", {"type": "start", "n": 1}), ("event", {"type": "summary", "n": 2})]


def test_a_program_that_cannot_start_ends_the_run_with_its_reason(tmp_path) -> None:
    items: list[Progress] = []
    result = drive(run_target(TargetRun(command=[str(tmp_path / "no such python")], timeout=10)), items.append)
    assert result.start_error and "no such python" in result.start_error
    assert not items


@posix_only
def test_cancel_stops_the_childs_group_and_the_run_still_returns(tmp_path) -> None:
    cancel = threading.Event()
    items: list[Progress] = []

    def on_progress(item: Progress) -> None:
        items.append(item)
        if item.kind == "started":
            threading.Timer(0.3, cancel.set).start()

    t0 = time.monotonic()
    # a wrapper that forks a sleeper: the group kill must take the grandchild too
    result = drive(run_target(TargetRun(command=["/bin/sh", "-c", "sleep 60 & wait"], timeout=120), cancel),
                   on_progress)
    assert time.monotonic() - t0 < 8
    assert result.stopped and not result.ok


@posix_only
def test_notes_come_while_it_waits() -> None:
    items: list[Progress] = []
    note = lambda elapsed: Progress("waiting", f"{elapsed:.1f}", done=elapsed)  # noqa: E731
    drive(run_target(TargetRun(command=["/bin/sh", "-c", "sleep 1.2"], timeout=30), note_every=0.4, note=note),
          items.append)
    waits = [i.done for i in items if i.kind == "waiting"]
    assert 2 <= len(waits) <= 3 and waits == sorted(waits)


@posix_only
def test_an_exception_in_the_consumer_closes_the_flow_and_stops_the_child() -> None:
    """The CLI's Ctrl-C (core.lifecycle raises Stopped in the thread that drives the flow) or a closed pipe."""

    def on_progress(item: Progress) -> None:
        if item.kind == "started":
            raise KeyboardInterrupt

    t0 = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        drive(run_target(TargetRun(command=["/bin/sh", "-c", "sleep 60 & wait"], timeout=120)), on_progress)
    assert time.monotonic() - t0 < 8  # and the leak guard sees no child left
