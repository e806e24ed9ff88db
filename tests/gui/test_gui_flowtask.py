"""gui.workers.FlowTask: the window's one bridge to core.flows. Progress and the result arrive on the GUI thread,
a question waits for the page's answer, Cancel stops a real child, a failure is a signal, shutdown leaves nothing."""

from __future__ import annotations

import os
import threading

import pytest

from tfgpu_wizard.core.flows.base import Ask, Progress, run_target
from tfgpu_wizard.core.target.runner import TargetRun
from tfgpu_wizard.gui.workers import FlowTask, ThreadTask

pytestmark = pytest.mark.gui
posix_only = pytest.mark.skipif(os.name != "posix", reason="a shell command as the child")


def counting(n: int, *, cancel: threading.Event | None = None):
    for i in range(n):
        yield Progress("step", f"step {i}", done=i + 1, total=n, data=threading.get_ident())
    return {"steps": n, "worker": threading.get_ident()}


def test_progress_and_result_arrive_on_the_gui_thread_in_order(qtbot) -> None:
    task = FlowTask(counting)
    seen: list[Progress] = []
    task.progress.connect(seen.append)
    with qtbot.waitSignal(task.finished, timeout=10_000) as blocker:
        task.start(5)
        assert task.is_running()
    assert not task.is_running()
    assert [p.done for p in seen] == [1, 2, 3, 4, 5]
    result = blocker.args[0]
    assert result["steps"] == 5 and result["worker"] != threading.get_ident()
    assert {p.data for p in seen} == {result["worker"]}  # made on the worker, shown here
    with pytest.raises(RuntimeError):  # one run at a time
        task.start(1)
        task.start(1)
    qtbot.waitUntil(lambda: not task.is_running(), timeout=10_000)
    task.wait()


def asking(*, cancel: threading.Event | None = None):
    ask = Ask("question", "Run the administrator step?", choices=("run", "skip", "stop"), default="stop")
    yield ask
    return ask.wait(cancel)


def test_a_question_waits_for_the_pages_answer(qtbot) -> None:
    task = FlowTask(asking)
    task.progress.connect(lambda item: item.reply("skip"))
    with qtbot.waitSignal(task.finished, timeout=10_000) as blocker:
        task.start()
    assert blocker.args == ["skip"]
    task.wait()


def test_cancel_answers_an_open_question_with_its_default(qtbot) -> None:
    task = FlowTask(asking)
    task.progress.connect(lambda _item: task.cancel())
    with qtbot.waitSignal(task.finished, timeout=10_000) as blocker:
        task.start()
    assert blocker.args == ["stop"]
    task.wait()


def sleeping(*, cancel: threading.Event | None = None):
    result = yield from run_target(TargetRun(command=["/bin/sh", "-c", "sleep 60 & wait"], timeout=120), cancel)
    return result


@posix_only
def test_cancel_stops_the_flows_child(qtbot) -> None:
    task = FlowTask(sleeping)
    task.progress.connect(lambda item: task.cancel() if item.kind == "started" else None)
    with qtbot.waitSignal(task.finished, timeout=15_000) as blocker:
        task.start()
    assert blocker.args[0].stopped
    task.wait()


@posix_only
def test_shutdown_stops_the_child_and_delivers_the_result_now(qtbot) -> None:
    task = FlowTask(sleeping)
    results = []
    task.finished.connect(results.append)
    started = []
    task.progress.connect(started.append)
    task.start()
    qtbot.waitUntil(lambda: bool(started), timeout=10_000)
    task.shutdown(wait_ms=10_000)
    assert len(results) == 1 and results[0].stopped and not task.is_running()


def failing(*, cancel: threading.Event | None = None):
    yield Progress("step")
    raise ValueError("the matrix is broken")


def test_a_flow_that_raises_ends_in_failed(qtbot) -> None:
    task = FlowTask(failing)
    with qtbot.waitSignal(task.failed, timeout=10_000) as blocker:
        task.start()
    assert blocker.args == ["ValueError: the matrix is broken"] and not task.is_running()
    task.wait()


def test_thread_task_is_a_plain_call_through_the_same_bridge(qtbot) -> None:
    task = ThreadTask(lambda a, b: a + b, 2, 3)
    with qtbot.waitSignal(task.done, timeout=10_000) as blocker:
        task.start()
    assert blocker.args == [5]
    assert task.wait()
