"""What every flow shares: typed progress, questions, cancellation, the driver, a target run as steps.

A flow is one user task written once for both faces. It is a generator function::

    def verify(python, *, keras2=False, cancel=None) -> Generator[Progress, None, VerifyResult]: ...

It yields ``Progress`` while it works and *returns* its result (a dataclass of its own module). The CLI
drives it in its main thread (``drive(flow, on_progress)``, printing what it wants); the window drives it
on a Python thread through ``gui.workers.FlowTask``, which relays every item and the result to the GUI
thread. Rules every flow keeps:

- **Cancellable.** It takes ``cancel: threading.Event | None``, looks at it between steps and while it
  waits, stops its children when it is set, and still *returns* a result that says it was cancelled.
- **A signal passes through.** In the CLI, ``core.lifecycle`` raises ``Stopped`` (a ``KeyboardInterrupt``)
  in the main thread, which is the thread running the flow: the flow's ``finally`` blocks stop its
  children (``run_target`` does it for target scripts) and the exception reaches the command.
- **Words are made when asked.** Results keep the facts and compute their sentences in properties, so the
  window re-words a result after a language switch; ``Progress.text`` is worded when yielded (a status line).
- **A question is a progress item.** ``Ask`` waits until a face answers it (``reply``); ``drive`` answers
  the default for a face that did not.
"""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable, Generator, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, TypeVar

from tfgpu_wizard.core.i18n import tr
from tfgpu_wizard.core.target.runner import PROBE_SCRIPT, TargetResult, TargetRun

R = TypeVar("R")
Flow = Generator["Progress", None, R]


@dataclass(frozen=True)
class Progress:
    """One thing a flow reports while it works.

    ``kind`` is a code a face can act on (``"phase"``, ``"line"``, ``"event"``, ``"waiting"``, ``"step"`` ...
    each flow's docstring lists its own); ``text`` the same in words for a status line, translated when
    yielded ("" when the item is only data); ``done``/``total`` fill a progress bar; ``data`` carries the
    payload (an output line, a target event's dict, the phase's name).
    """

    kind: str
    text: str = ""
    done: float | None = None
    total: float | None = None
    data: Any = None


@dataclass(frozen=True)
class Ask(Progress):
    """A question the flow waits on after yielding it (an administrator step: run / skip / stop).

    A face answers with ``reply(answer)`` from any thread; the flow's ``wait`` returns the answer, or
    ``default`` when the flow is cancelled first.
    """

    choices: tuple[str, ...] = ()
    default: str = ""
    _answered: threading.Event = field(default_factory=threading.Event, repr=False, compare=False)
    _answer: list[str] = field(default_factory=list, repr=False, compare=False)

    def reply(self, answer: str) -> None:
        if self.choices and answer not in self.choices:
            raise ValueError(f"{answer!r} is not one of {self.choices}")
        if not self._answered.is_set():
            self._answer.append(answer)
            self._answered.set()

    @property
    def answered(self) -> bool:
        return self._answered.is_set()

    def wait(self, cancel: threading.Event | None = None) -> str:
        while not self._answered.wait(0.1):
            if cancel is not None and cancel.is_set():
                return self.default
        return self._answer[0]


def is_cancelled(cancel: threading.Event | None) -> bool:
    return cancel is not None and cancel.is_set()


@contextmanager
def on_cancel(cancel: threading.Event | None, action: Callable[[], None]) -> Iterator[None]:
    """Call ``action()`` once if ``cancel`` is set while the block runs: for a step that blocks in a read
    (a plan step's output) and is ended by stopping its process. The watching thread ends with the block."""
    if cancel is None:
        yield
        return
    done = threading.Event()

    def watch() -> None:
        while not done.is_set():
            if cancel.wait(0.1):
                action()
                return

    thread = threading.Thread(target=watch, name="tfgpu-flow-cancel", daemon=True)
    thread.start()
    try:
        yield
    finally:
        done.set()
        thread.join()


def drive(flow: Flow[R], on_progress: Callable[[Progress], None] | None = None, *,
          answers_later: bool = False) -> R:
    """Run ``flow`` to its end in this thread; each item goes to ``on_progress``; returns the flow's result.

    An ``Ask`` that ``on_progress`` left unanswered gets its default, unless ``answers_later`` (a face that
    answers from another thread, ``gui.workers.FlowTask``). An exception from ``on_progress`` (a closed pipe,
    Ctrl-C) closes the flow first, so its ``finally`` blocks stop what it started."""
    while True:
        try:
            item = next(flow)
        except StopIteration as stop:
            return stop.value
        try:
            if on_progress is not None:
                on_progress(item)
            if isinstance(item, Ask) and not item.answered and not answers_later:
                item.reply(item.default)
        except BaseException:
            flow.close()
            raise


def run_target(run: TargetRun, cancel: threading.Event | None = None, *,
               note_every: float | None = None,
               note: Callable[[float], Progress] | None = None) -> Generator[Progress, None, TargetResult]:
    """Start ``run`` (not yet started) and relay it as progress until it ends; returns its ``TargetResult``.

    Items: ``Progress("started", data=pid)``, ``("event", data=<event dict>)`` per protocol line,
    ``("line", data=<text>)`` per stderr line or stray stdout line, and ``note(elapsed)`` every
    ``note_every`` seconds while it runs ("still waiting for TensorFlow"). ``cancel`` terminates the
    child's process group (SIGTERM, SIGKILL after 3 s); so does leaving the generator early (``close``,
    an exception such as the CLI's ``Stopped``), which also waits for its threads.

    The runner's reader threads only put items on a queue; this generator, in the driving thread, is the
    one place they come out, in order, with the exit last.
    """
    items: queue.SimpleQueue[tuple[str, Any]] = queue.SimpleQueue()
    run.on_event = lambda ev: items.put(("event", ev))
    run.on_text = lambda line: items.put(("line", line))
    run.on_exit = lambda result: items.put(("exit", result))
    ended = False
    run.start()
    try:
        if run.pid is not None:
            yield Progress("started", data=run.pid)
        t0 = time.monotonic()
        next_note = note_every
        stopping = False
        while True:
            if not stopping and is_cancelled(cancel):
                stopping = True
                run.terminate(grace=3.0, reason="cancelled")
            try:
                kind, value = items.get(timeout=0.1)
            except queue.Empty:
                elapsed = time.monotonic() - t0
                if note is not None and next_note is not None and elapsed >= next_note and not stopping:
                    next_note += note_every or elapsed
                    yield note(elapsed)
                continue
            if kind == "exit":
                ended = True
                return value
            if kind == "event":
                if value.type == "raw":
                    line = value.raw.rstrip("\r\n")
                    if line.strip():
                        yield Progress("line", data=line)
                else:
                    yield Progress("event", data=value.data)
            elif value.strip():
                yield Progress("line", data=value)
    finally:
        if not ended:
            if run.is_running():
                run.stop(grace=3.0)
            else:
                run.wait()


NOTE_EVERY_S = 15.0


def waiting_note(limit: float) -> Callable[[float], Progress]:
    """``note`` for ``run_target``: "... still waiting for TensorFlow (45 s; it stops after 180 s)"."""
    def note(elapsed: float) -> Progress:
        return Progress("waiting", tr("target", "... still waiting for TensorFlow ({seconds:.0f} s; it stops after "
                                                "{limit:.0f} s)").format(seconds=elapsed, limit=limit),
                        done=elapsed, total=limit)
    return note


def run_probe(python: str, *, env: dict[str, str] | None = None, timeout: float,
              cancel: threading.Event | None = None) -> Generator[Progress, None, TargetResult]:
    """The verification probe (``target/probe.py``) in ``python`` as steps (``run_target``), with a "still
    waiting" note every 15 s: a step of Verify and of Sanity."""
    run = TargetRun(PROBE_SCRIPT, [], python=python, timeout=timeout, env=env)
    return (yield from run_target(run, cancel, note_every=NOTE_EVERY_S, note=waiting_note(timeout)))


def resolve_python(python: str | None) -> str:
    """The interpreter to run: a path, an environment folder (its Python), a name on PATH; default this one."""
    if python:
        from tfgpu_wizard.core.setup.host import resolve_python as _resolve

        return _resolve(python)
    from tfgpu_wizard.core.paths import default_python

    return default_python()


LAST_PYTHON_FILE = "last-verified-python.txt"  # in user_data_dir(): the Python that verify last found TF in


def remember_python(python: str) -> None:
    """Note ``python`` as the last environment where TensorFlow was verified (``report`` includes its TensorFlow
    by default: newcomer-2 #16). Best effort: a read-only data folder loses nothing else."""
    try:
        from tfgpu_wizard.core.paths import user_data_dir

        folder = user_data_dir()
        folder.mkdir(parents=True, exist_ok=True)
        (folder / LAST_PYTHON_FILE).write_text(python + "\n", encoding="utf-8")
    except OSError:
        pass


def last_verified_python() -> str | None:
    """The Python ``remember_python`` noted, while it still exists; else None."""
    import os

    try:
        from tfgpu_wizard.core.paths import user_data_dir

        text = (user_data_dir() / LAST_PYTHON_FILE).read_text(encoding="utf-8").strip()
    except (OSError, UnicodeDecodeError):
        return None
    return text if text and os.path.exists(text) else None


def detect_host(python: str | None = None) -> Any:
    """This machine's ``HostReport`` (driver, GPUs) for a verdict's first sentence, with the TensorFlow of
    ``python`` when given; None when detection fails."""
    try:
        from tfgpu_wizard.core.setup.host import detect_host as _detect

        return _detect(python) if python else _detect()
    except Exception:  # noqa: BLE001 - a verdict stands on the probe alone
        return None
