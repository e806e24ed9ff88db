"""The classroom: N machines at once, each with its live GPU memory and, when it runs tfgpu-wizard's own
endpoint, its latest doctor verdict. ``tfgpu-wizard monitor --remote URL ...`` and the window's Classroom page
both use it.

The app is a *client* of Prometheus-format endpoints (``core.monitor.remote``): NVIDIA's DCGM exporter,
nvitop's exporter, or ``tfgpu-wizard monitor --serve`` on the other machine. Each machine is one
``RemoteSource`` in a ``Sampler`` of its own (a thread, ring buffers): a machine that dies or answers garbage is
marked and retried while the others go on. One more thread fetches ``/doctor.json`` from the app's own
endpoints every ``doctor_every`` seconds. A remote machine's doctor report is only *shown*: it never feeds
this machine's setup.

:class:`Classroom` is the live object a view polls (``machines()``, ``series()``); :func:`watch` is the task as
a generator for the CLI: it yields a :class:`Round` (every machine's state) every ``every`` seconds and returns a
:class:`ClassroomResult` when ``count`` rounds are done or ``cancel`` is set, stopping every thread it started.
Words are made when asked (``MachineView.state_text``, ``Verdict.headline``), so a view re-words them after a
language switch.
"""

from __future__ import annotations

import threading
import time
from array import array
from collections.abc import Generator, Sequence
from dataclasses import dataclass
from typing import Any

from tfgpu_wizard.core.i18n import tr
from tfgpu_wizard.core.monitor import remote as rm
from tfgpu_wizard.core.monitor.sampler import Sampler

CTX = "remote"
DOCTOR_EVERY_S = 60.0
DEFAULT_HISTORY_S = 900.0


def parse_target(text: str) -> tuple[str, str]:
    """``"name=host:port"`` or ``"host:port"`` -> (label, normalized URL). Raises ValueError in words."""
    text = text.strip()
    label = ""
    head, sep, rest = text.partition("=")
    if sep and head and not any(c in head for c in ":/[") and rest:
        label, text = head.strip(), rest.strip()
    return label, rm.normalize_url(text)


# -- the doctor verdict of another machine ------------------------------------------------------------


@dataclass(frozen=True)
class Verdict:
    """A machine's latest doctor report in one line. ``level``: ok | warn | bad; words made when asked."""

    report: Any  # core.setup.host_model.HostReport of that machine
    fetched: float  # monotonic time it arrived

    @property
    def level(self) -> str:
        return self._judge()[0]

    @property
    def headline(self) -> str:
        return self._judge()[1]

    @property
    def created(self) -> str:
        return getattr(self.report, "created", "") or ""

    def _judge(self) -> tuple[str, str]:
        from tfgpu_wizard.core.diagnose.verdict import host_fact
        from tfgpu_wizard.core.setup.host import note_text, sorted_notes

        r = self.report
        fact = host_fact(r)
        if fact is not None:
            code, sentence = fact
            return ("warn" if code == "no-nvidia-gpu" else "bad"), sentence
        notes = sorted_notes(list(r.notes or []))
        if notes and notes[0].severity == "error":
            return "bad", note_text(notes[0])
        tf = r.tensorflow
        if tf is None or not tf.version:
            python = (tf.python if tf is not None else "") or (r.python.executable if r.python else "")
            return "warn", tr(CTX, "The driver works; TensorFlow is not installed in {python}").format(python=python)
        if notes and notes[0].severity == "warning":
            return "warn", note_text(notes[0])
        return "ok", tr(CTX, "Ready: driver {driver}, {gpus} GPU(s), TensorFlow {tf}").format(
            driver=r.driver.version or "?", gpus=len(r.gpus), tf=tf.version)


# -- what a view shows --------------------------------------------------------------------------------


@dataclass(frozen=True)
class GpuView:
    index: int  # its place on that machine (what series() takes)
    name: str
    used: int | None  # bytes
    total: int | None
    util: float | None  # percent
    key: str = ""  # the exporter's own name for it: "0", "0/mig3"

    @property
    def label(self) -> str:
        """"GPU 0", "GPU 0 MIG 3" (a MIG instance shown by DCGM)."""
        return rm.key_label(self.key) if self.key else f"GPU {self.index}"


@dataclass(frozen=True)
class MachineView:
    """One machine at one moment, as a view or the CLI shows it."""

    index: int
    url: str
    label: str
    dialect: str | None
    state: str  # core.monitor.remote.STATE_*
    reason: Any  # why it is not ok (core.monitor.remote.Words, worded when asked), None when it is
    retry_in: float | None
    age_s: float | None  # seconds since its last good answer
    wait_s: float  # the current wait between two scrapes
    gpus: tuple[GpuView, ...] = ()
    verdict: Verdict | None = None
    doctor_error: str = ""

    @property
    def alive(self) -> bool:
        return self.state == rm.STATE_OK

    @property
    def detail(self) -> str:
        """Why it is not ok, in the current language."""
        return "" if self.reason is None else str(self.reason)

    @property
    def kind(self) -> str:
        """What answers there: "DCGM exporter", "nvitop-exporter", "tfgpu-wizard", or "?"."""
        return rm.DIALECT_NAMES.get(self.dialect or "", "?")

    @property
    def state_text(self) -> str:
        """The machine's state in words ("not answering: connection refused; trying again in 4 s")."""
        if self.state == rm.STATE_OK:
            return tr(CTX, "live, every {seconds:g} s").format(seconds=round(self.wait_s, 1))
        if self.state == rm.STATE_CONNECTING:
            return tr(CTX, "connecting …")
        what = {
            rm.STATE_DOWN: tr(CTX, "not answering: {detail}"),
            rm.STATE_GARBAGE: tr(CTX, "answers, but not with GPU metrics: {detail}"),
            rm.STATE_REFUSED: tr(CTX, "refused: {detail}"),
        }.get(self.state, "{detail}").format(detail=self.detail)
        if self.retry_in is not None:
            what += tr(CTX, "; trying again in {seconds:.0f} s").format(seconds=max(1.0, self.retry_in))
        return what


@dataclass(frozen=True)
class Round:
    """What :func:`watch` yields: every machine's state, in the order given."""

    kind: str
    machines: tuple[MachineView, ...]


@dataclass
class ClassroomResult:
    rounds: int = 0
    cancelled: bool = False
    machines: tuple[MachineView, ...] = ()


# -- the live object -----------------------------------------------------------------------------------


@dataclass
class _Doctor:
    report: Any = None
    verdict: Verdict | None = None
    fetched: float = -1e18
    error: str = ""


class Classroom:
    """N remote machines, each scraped on its own thread. ``targets``: URLs or ``name=URL`` (see
    :func:`parse_target`); ``interval``: the shortest wait between two scrapes of one machine (seconds);
    ``history_s``: how much of each machine's curve is kept (ring buffers)."""

    def __init__(self, targets: Sequence[str], *, interval: float = rm.DEFAULT_INTERVAL_S,
                 history_s: float = DEFAULT_HISTORY_S, timeout: float = rm.DEFAULT_TIMEOUT_S,
                 token: str | None = None, doctor_every: float = DOCTOR_EVERY_S):
        if not targets:
            raise ValueError(tr(CTX, "no machine to watch: give at least one address"))
        self.sources: list[rm.RemoteSource] = []
        for text in targets:
            label, url = parse_target(text)
            self.sources.append(rm.RemoteSource(url, interval=interval, timeout=timeout, token=token,
                                                label=label))
        self.samplers = [Sampler(s, interval=max(0.01, min(s.interval, 60.0)), history_s=history_s,
                                 name=f"tfgpu-remote-{i}") for i, s in enumerate(self.sources)]
        self.token = token
        self.timeout = timeout
        self.doctor_every = float(doctor_every)
        self._doctors = [_Doctor() for _ in self.sources]
        self._stop = threading.Event()
        self._doctor_thread: threading.Thread | None = None
        self.started = False

    def __len__(self) -> int:
        return len(self.sources)

    def start(self) -> Classroom:
        for s in self.samplers:
            s.start(wait=False)
        self._doctor_thread = threading.Thread(target=self._doctor_loop, name="tfgpu-classroom-doctor",
                                               daemon=True)
        self._doctor_thread.start()
        self.started = True
        return self

    def stop(self, wait: bool = True) -> None:
        """Stop every thread: all are told at once, then joined (``wait``; each ends within the fetch timeout)."""
        self._stop.set()
        for s in self.samplers:
            s.stop(timeout=0)
        if wait:
            self.join()

    def join(self, timeout: float | None = None) -> None:
        limit = (timeout if timeout is not None else self.timeout + 2.0)
        for s in self.samplers:
            s.join(limit)
        if self._doctor_thread is not None:
            self._doctor_thread.join(limit)

    @property
    def running(self) -> bool:
        return any(s.running for s in self.samplers) or bool(self._doctor_thread and self._doctor_thread.is_alive())

    def __enter__(self) -> Classroom:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # -- the doctor thread --

    def _doctor_loop(self) -> None:
        from tfgpu_wizard.core.setup.host_model import HostReport

        while not self._stop.wait(0.25):
            for src, doc in zip(self.sources, self._doctors, strict=True):
                if self._stop.is_set():
                    return
                if src.dialect != rm.DIALECT_APP or src.state != rm.STATE_OK:
                    continue
                if time.monotonic() - doc.fetched < self.doctor_every:
                    continue
                doc.fetched = time.monotonic()
                try:
                    body = rm.fetch(rm.sibling_url(src.url, rm.DOCTOR_PATH), token=src.token, timeout=self.timeout,
                                    accept="application/json")
                    report = HostReport.from_json(body.decode("utf-8", errors="replace"))
                except rm.FetchError as exc:
                    doc.error = str(exc)
                    continue
                except ValueError as exc:
                    doc.error = tr(CTX, "its doctor report could not be read: {error}").format(error=exc)
                    continue
                doc.report, doc.error = report, ""
                doc.verdict = Verdict(report, doc.fetched)

    # -- what views read --

    def machine(self, i: int) -> MachineView:
        src = self.sources[i]
        smp = self.samplers[i]
        doc = self._doctors[i]
        last = {s.gpu: s for s in smp.latest(1)}
        keys = src.keys
        gpus = []
        for d in src.devices:
            s = last.get(d.index)
            gpus.append(GpuView(d.index, d.name, s.mem_used if s else None, s.mem_total if s else d.memory_total,
                                s.util_gpu if s else None, keys[d.index] if d.index < len(keys) else ""))
        age = None if src.last_ok is None else max(0.0, time.monotonic() - src.last_ok)
        return MachineView(i, src.url, src.label, src.dialect, src.state, src.words, src.retry_in, age,
                           src.wait_s, tuple(gpus), doc.verdict if src.dialect == rm.DIALECT_APP else None,
                           doc.error)

    def machines(self) -> list[MachineView]:
        return [self.machine(i) for i in range(len(self.sources))]

    def gpu_indices(self, i: int) -> list[int]:
        return [d.index for d in self.sources[i].devices]

    def series(self, i: int, gpu: int, name: str = "mem_used", since: float | None = None) -> tuple[array, array]:
        """Times (monotonic s) and values (MiB for memory, % for utilization; NaN = a gap) of one GPU."""
        return self.samplers[i].series(gpu, name, since)

    @property
    def buffer_nbytes(self) -> int:
        return sum(s.buffer_nbytes for s in self.samplers)


def watch(targets: Sequence[str], *, interval: float = rm.DEFAULT_INTERVAL_S, every: float = 1.0,
          count: int | None = None, first_wait: float | None = None, timeout: float = rm.DEFAULT_TIMEOUT_S,
          token: str | None = None, cancel: threading.Event | None = None,
          classroom: Classroom | None = None) -> Generator[Round, None, ClassroomResult]:
    """Watch the machines: yields a :class:`Round` every ``every`` seconds (the first once every machine has
    answered or failed once, at most ``first_wait`` s, by default the fetch timeout + 1 s); returns after
    ``count`` rounds or when ``cancel`` is set. Every thread it started is stopped when it returns or is closed
    (Ctrl-C in the CLI)."""
    room = classroom if classroom is not None else Classroom(targets, interval=interval, timeout=timeout,
                                                             token=token)
    result = ClassroomResult()
    room.start()
    try:
        limit = time.monotonic() + (first_wait if first_wait is not None else timeout + 1.0)
        while time.monotonic() < limit and any(s.state == rm.STATE_CONNECTING for s in room.sources):
            if cancel is not None and cancel.wait(0.05):
                result.cancelled = True
                return result
            if cancel is None:
                time.sleep(0.05)
        # the doctor verdict comes with the first round when the endpoint is quick to give it
        doc_limit = time.monotonic() + min(timeout, 2.0)
        while time.monotonic() < doc_limit and any(
                s.dialect == rm.DIALECT_APP and s.state == rm.STATE_OK and d.report is None and not d.error
                for s, d in zip(room.sources, room._doctors, strict=True)):
            time.sleep(0.05)
        while True:
            result.machines = tuple(room.machines())
            result.rounds += 1
            yield Round("round", result.machines)
            if count is not None and result.rounds >= count:
                return result
            if cancel is not None:
                if cancel.wait(every):
                    result.cancelled = True
                    return result
            else:
                time.sleep(every)
    finally:
        room.stop()

