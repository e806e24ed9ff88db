"""Record: run the bundled sample and keep it as a run. ``tfgpu-wizard record`` and the Monitor page drive it;
the Monitor's "Open run or recording…" is ``replay`` beside it, its live GPU readings ``GpuWatch``.

Steps: sample the GPUs (NVML; the window passes the sampler that also feeds its live chart); open the run file
under the run's one name (``run_label``: the user's label, else what ran and where); run ``target/sample.py``
with TensorFlow's INFO log on, so its "Created device … with N MB memory" line is kept as a ``tf-pool`` note;
record every event of the sample (on the CPU its progress events carry the training process's host RAM,
``rss``); follow the sample's prediction against the measured peaks (``predict.PeakTracker``); when the sample
has ended keep sampling a moment, so the memory release is in the run; close the run with its status, an
English detail and the prediction's score; when the run folder cannot be written, save the whole run in
``fallback_dir`` (the CLI: the home folder; the window asks where, ``RecordResult.save_to``).

Progress kinds:

- ``recording`` (text: "Recording run … -> …"; data: the ``RecordResult`` the flow fills in; it is complete when
  the flow has returned, or ended by an exception such as the CLI's ``Stopped``)
- ``no-gpu`` (text: why no GPU is sampled; the run keeps the sample's events only)
- ``started`` (data: pid), ``event`` (data: the sample's event dict), ``line`` (data: an output line)
- ``step`` (done: steps so far, total: steps asked for)
- ``estimate`` (data: ``predict.Prediction``: the sample's prediction of its memory, before the first step)
- ``pool`` (data: ``core.monitor.panel.PoolLine``: TensorFlow's pool size from its log)
- ``loss-scale`` (text: one sentence; data: ``core.monitor.lossscale.ScaleEvent``): with ``mixed_float16`` the
  loss scale's first value, each overflow (the step skipped, the scale halved), each growth after clean steps
- ``memory`` (data: ``(t, {"tf.current": MiB, "tf.peak": MiB, "host.rss": MiB})``, what a progress event says of
  the framework's memory (summed over GPUs) and a CPU run's host RAM; ``t``: seconds since ``t0``, the chart's
  axis, by ``event_time``)
- ``write-problem`` (text: the run file cannot be written; the run is kept in memory)
- ``ending`` (text): the sample has ended; the memory release is being recorded

Which side was right where the faces disagreed (issue 21): the run's label is one name (the window's live
"limit 4096 MB · fp32 · gpu:0" and the reopened "limit · fp32 · TensorFlow · NVIDIA H200" become one); the
header's ``source`` is ``nvml``/``none`` (the window wrote ``gui``, which docs/run-format.md does not know) with
``interval`` and ``tf_to_nvml`` (the window wrote neither); the end detail is English, in the file (as the
window did) and says why (as the CLI did, with the error output's tail); a CPU run records its host RAM (the
window did, the CLI did not); both faces pause for the memory release, mark "gpu-lost", stop a sample that is
silent for ``idle_timeout`` and score the prediction (the CLI did, the window did not).
"""

from __future__ import annotations

import math
import os
import threading
import time
from collections.abc import Callable, Generator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tfgpu_wizard.core import lifecycle
from tfgpu_wizard.core.flows.base import Progress, is_cancelled, resolve_python, run_target
from tfgpu_wizard.core.flows.predict import PeakTracker, Prediction, Score, prediction_from_event
from tfgpu_wizard.core.i18n import tr
from tfgpu_wizard.core.monitor import nvml
from tfgpu_wizard.core.monitor import sampler as sm
from tfgpu_wizard.core.monitor.compare import RunStats, describe_run, overlay_label, run_stats
from tfgpu_wizard.core.monitor.lossscale import LossScaleFollower
from tfgpu_wizard.core.monitor.nvml import DeviceInfo
from tfgpu_wizard.core.monitor.panel import PoolLine, parse_pool_lines
from tfgpu_wizard.core.monitor.procmem import process_rss
from tfgpu_wizard.core.monitor.progress import memory_rows, progress_memory
from tfgpu_wizard.core.monitor.runs import RunRecorder
from tfgpu_wizard.core.monitor.snapshot import GpuSnapshot
from tfgpu_wizard.core.target.runner import SAMPLE_SCRIPT, ConfigError, SampleConfig, TargetResult, TargetRun

CTX = "monitor"
DEFAULT_INTERVAL = 0.1  # seconds between GPU samples (`record --interval`; the window's live chart too)
DEFAULT_TIMEOUT_S = 1800.0
DEFAULT_IDLE_TIMEOUT_S = 300.0  # no output line for this long ends the run: a hung import, a hung step
LOG_ENV = {"TF_CPP_MIN_LOG_LEVEL": "0"}  # TensorFlow's INFO lines: the pool size ("Created device ...")
END_STATUSES = ("finished", "failed", "stopped", "gpu-lost")
MIB = 1024 * 1024


@dataclass
class RecordResult:
    """One recorded run: where it is, how it ended, and what the window and the CLI say about it.

    ``status`` is the run file's (finished | failed | stopped | gpu-lost); ``end`` is how the sample's process
    ended, for the words a face shows (ok | cancelled | timeout | crashed | not-started | failed).
    """

    run_id: str
    path: Path  # the run file in the run folder (it may not exist: write_problem)
    label: str
    config: SampleConfig
    python: str
    sampled: bool  # a GPU was sampled
    target: TargetResult | None = None  # None until the sample has ended (or when it never started)
    status: str = "failed"
    detail: str = ""
    cancelled: bool = False  # stopped by ``cancel`` (the window) or a signal (the CLI: ``stop_reason`` says which)
    stop_reason: str = ""
    error_event: dict[str, Any] | None = None  # the sample's ``error`` event
    warnings: list[dict[str, Any]] = field(default_factory=list)  # its ``warning`` events (the first few)
    last_progress: dict[str, Any] | None = None
    score: Score | None = None  # the prediction against the measured peaks (issue 25)
    write_problem: str | None = None  # the run file could not be written (English + the OS's reason)
    saved_to: Path | None = None  # where the whole run is; None while it is only in memory
    save_problem: str = ""  # saving it elsewhere failed too
    done: bool = False
    _recorder: RunRecorder | None = field(default=None, repr=False, compare=False)

    @property
    def end(self) -> str:
        """How the sample's process ended: ok | cancelled | timeout | crashed | not-started | failed."""
        t = self.target
        if t is None or t.start_error:
            return "not-started"
        if self.cancelled:
            return "cancelled"
        if t.timed_out or t.stalled:
            return "timeout"
        if t.signal is not None:
            return "crashed"
        return "ok" if t.ok else "failed"

    @property
    def exit_code(self) -> int | None:
        """The process's exit code; None when it did not exit by itself (a signal) or never started."""
        code = None if self.target is None else self.target.returncode
        return code if code is not None and code >= 0 else None

    @property
    def signal(self) -> int | None:
        return None if self.target is None else self.target.signal

    @property
    def start_error(self) -> str:
        return "" if self.target is None else (self.target.start_error or "")

    @property
    def duration_s(self) -> float:
        return 0.0 if self.target is None else self.target.duration_s

    @property
    def stderr_tail(self) -> str:
        return "" if self.target is None else self.target.stderr_tail()

    def describe_end(self) -> str:
        """How the sample ended, in the user's language (``TargetResult.describe_end``)."""
        if self.target is None:
            return tr("target", "could not be started: {error}").format(error=self.stop_reason or "?")
        return self.target.describe_end()

    def save_to(self, path: Path) -> None:
        """Write the whole run (what reached the disk and what is only in memory) to ``path``. Raises OSError."""
        if self._recorder is None:
            raise OSError(f"run {self.run_id} is not open here")
        self._recorder.save_to(Path(path))
        self.saved_to = Path(path)

    def stats(self) -> RunStats | None:
        """The run's numbers from its file (what ``runs compare`` reads); None while it is only in memory."""
        return run_stats(self.saved_to) if self.saved_to is not None else None


def run_label(config: SampleConfig | Mapping[str, Any], devices: Sequence[DeviceInfo] = (),
              tf_to_nvml: Mapping[int, int] | None = None, label: str = "") -> str:
    """The run's one name: ``label`` when the user gave one, else what runs and where
    (``core.monitor.compare.describe_run``: "limit 4096 MB · fp32 · TensorFlow · NVIDIA H200", "fp32 · TensorFlow ·
    CPU"). ``devices`` are the sampled GPUs, ``tf_to_nvml`` TensorFlow's GPU numbers on them (default: the
    mapping ``CUDA_VISIBLE_DEVICES`` gives); without them the GPU is not named."""
    if label.strip():
        return label.strip()
    cfg = config.to_dict() if isinstance(config, SampleConfig) else dict(config)
    return describe_run(cfg, _gpu_name(str(cfg.get("devices") or "auto"), devices, tf_to_nvml))


def _gpu_name(devices_flag: str, devices: Sequence[DeviceInfo], tf_to_nvml: Mapping[int, int] | None) -> str:
    """The name of the (first) GPU a run trains on: ``gpu:N`` is TensorFlow's GPU:N, ``auto``/``all`` its GPU:0."""
    if not devices or devices_flag.strip().lower() == "cpu":
        return ""
    mapping = dict(tf_to_nvml) if tf_to_nvml is not None else nvml.map_tf_devices(devices, os.environ).tf_to_nvml
    flag = devices_flag.strip().lower()
    first = 0
    if flag.startswith("gpu:"):
        wanted = [int(p) for p in flag[4:].split(",") if p.strip().isdigit()]
        first = wanted[0] if wanted else 0
    index = mapping.get(first)
    return next((d.name for d in devices if d.index == index), "")


def event_time(ev: Mapping[str, Any], t0: float, now: float | None = None) -> float:
    """Seconds since ``t0`` (monotonic) of one of the sample's events: its own ``t`` (the child's monotonic clock,
    the same clock as ours on Linux and Windows) when that is plausibly so, else ``now``, when it arrived."""
    now = time.monotonic() if now is None else now
    t = ev.get("t")
    if isinstance(t, (int, float)) and not isinstance(t, bool) and abs(now - float(t)) < 5.0:
        return float(t) - t0
    return now - t0


def memory_reading(ev: Mapping[str, Any], t0: float) -> tuple[float, dict[str, float]] | None:
    """A progress event's memory for the chart: ``(seconds since t0, {"tf.current", "tf.peak", "host.rss"})``
    in MiB (the framework's figures summed over the GPUs, only when every GPU reported); None: none in it."""
    values: dict[str, float] = {}
    cur, peak = progress_memory(ev)
    if cur is not None:
        values["tf.current"] = cur / MIB
    if peak is not None:
        values["tf.peak"] = peak / MIB
    if isinstance(ev.get("rss"), int):
        values["host.rss"] = ev["rss"] / MIB
    return (event_time(ev, t0), values) if values else None


def end_detail(target: TargetResult | None, *, stopped: bool, reason: str = "", timeout: float | None = None,
               error_event: Mapping[str, Any] | None = None) -> str:
    """Why the run ended, for the run file's end line: English (the format's language), the first line the
    reason, then the last lines of the error output for a failure. "" for a run that finished."""
    if target is None or target.start_error:
        return f"could not start: {target.start_error if target is not None else reason or 'unknown'}"
    if stopped:
        return reason or "stopped"
    if target.ok:
        return ""
    if target.stalled_s is not None:
        last = target.last_event()
        head = f"stopped: no output for {target.stalled_s:.0f} s" + (
            f" (last event: {last.type})" if last is not None else " (no event yet: it hung while starting)")
    elif target.timed_out:
        head = f"stopped after the time limit of {timeout:.0f} s" if timeout else "stopped after the time limit"
    elif target.signal is not None:
        head = f"the training process was killed by signal {target.signal} ({_signal_name(target.signal)})"
    else:
        head = f"the sample exited with code {target.returncode}"
        if error_event and error_event.get("message"):
            head += f": {str(error_event['message'])[:300]}"
    tail = target.stderr_tail(10)
    return head + ("\n" + tail if tail else "")


def _signal_name(num: int) -> str:
    import signal

    try:
        return signal.Signals(num).name
    except ValueError:
        return f"signal {num}"


def end_status(target: TargetResult | None, *, stopped: bool, gpu_lost: bool) -> str:
    """The run file's status: gpu-lost (every sampled GPU was lost) > stopped > finished > failed."""
    if gpu_lost:
        return "gpu-lost"
    if stopped:
        return "stopped"
    return "finished" if target is not None and target.ok else "failed"


def record(config: SampleConfig, python: str | None = None, *, label: str = "", sampler: sm.Sampler | None = None,
           gpus: Sequence[int] | None = None, interval: float = DEFAULT_INTERVAL,
           timeout: float = DEFAULT_TIMEOUT_S, idle_timeout: float | None = DEFAULT_IDLE_TIMEOUT_S,
           fallback_dir: Path | None = None, t0: float | None = None,
           stop_reason: Callable[[], str] | None = None, prediction: Prediction | None = None,
           cancel: threading.Event | None = None) -> Generator[Progress, None, RecordResult]:
    """Run the sample with ``config`` in ``python`` (an interpreter or an environment folder; default this one)
    and record it. Raises ``ConfigError`` for a config the sample would refuse (before anything starts).

    ``sampler``: a started sampler to record from (the window's; it is left running), else one on NVML
    (``gpus``: only these, every ``interval`` s) that the flow stops. ``t0``: the run's time zero (monotonic;
    the window's chart). ``stop_reason()``: the words for the run file when ``cancel`` stops it ("the app was
    closed ..."). ``fallback_dir``: where the whole run goes when the run folder cannot be written.
    ``prediction``: the app's own prediction for these settings (``predict_flow``; the window's memory panel made
    it before the run): kept in the header and scored instead of the sample's ``estimate`` event.
    """
    argv = config.to_argv()  # validates: ConfigError before any process starts
    python = resolve_python(python)
    own = sampler is None
    if sampler is None:
        sampler = sm.Sampler(sm.NvmlSource(gpus), interval=interval)
        sampler.start()
    else:
        deadline = time.monotonic() + 5.0
        while sampler.state == sm.STATE_IDLE and time.monotonic() < deadline and not is_cancelled(cancel):
            time.sleep(0.02)  # the window's sampler may still be opening NVML
    sampled = sampler.state == sm.STATE_RUNNING
    extra: dict[str, Any] = {"python": python}
    if prediction is not None:
        extra["prediction"] = prediction.to_dict()
    mapping: dict[int, int] | None = None
    if sampled:
        mapping = dict(nvml.map_tf_devices(sampler.devices, os.environ).tf_to_nvml)
        extra["tf_to_nvml"] = {str(k): v for k, v in mapping.items()}
    name = run_label(config, sampler.devices if sampled else (), mapping, label)
    rec = RunRecorder(config=config.to_dict(), devices=sampler.devices if sampled else [], label=name,
                      interval=sampler.interval, source="nvml" if sampled else "none", extra=extra, t0=t0)
    result = RecordResult(rec.run_id, rec.path, name, config, python, sampled, _recorder=rec)
    tracker = PeakTracker(prediction)
    unsubscribe: Callable[[], None] | None = None
    run: TargetRun | None = None
    stopped_by: BaseException | None = None
    try:
        if sampled:
            rec.attach(sampler)
            unsubscribe = sampler.subscribe(tracker.add_tick)
        else:
            rec.add_note("no-gpu-sampled", sampler.state_detail)
            yield Progress("no-gpu", tr(CTX, "No GPU is sampled ({reason}); recording the sample's events only.")
                           .format(reason=sampler.state_detail), data=sampler.state_detail)
        yield Progress("recording", tr(CTX, "Recording run {id} -> {path}").format(id=rec.run_id, path=rec.path),
                       data=result)
        idle = idle_timeout if idle_timeout and idle_timeout > 0 else None
        run = TargetRun(SAMPLE_SCRIPT, argv, python=python, timeout=timeout, idle_timeout=idle, env=dict(LOG_ENV),
                        collect=False)  # events reach the run file, not a list: a run may last hours
        yield from _follow(run, result, rec, tracker, sampler, cancel)
    except BaseException as exc:  # Ctrl-C / a signal (the CLI's Stopped), or the driver closing the flow
        stopped_by = exc
        raise
    finally:
        if run is not None and run.is_running():
            run.stop(grace=3.0)
        target = run.wait() if run is not None else None
        cancelled = is_cancelled(cancel) and not (target is not None and target.ok)  # a late cancel changes nothing
        stopped = stopped_by is not None or cancelled
        if stopped_by is not None:
            reason = str(stopped_by) if isinstance(stopped_by, KeyboardInterrupt) and str(stopped_by) else (
                lifecycle.stop_reason() or "interrupted")
        elif cancelled:
            reason = (stop_reason() if stop_reason is not None else "") or "stopped from the window"
        else:
            reason = ""
        again: KeyboardInterrupt | None = None
        try:
            if sampled and target is not None and not target.start_error:
                time.sleep(min(1.0, 5 * sampler.interval))  # the memory release after the exit belongs to the run
        except KeyboardInterrupt as exc:  # a second Ctrl-C: the run is still closed, then it goes on
            again = exc
        if unsubscribe is not None:
            unsubscribe()
        if own:
            sampler.stop()
        else:
            sampler.set_pid(None)
        _close(result, rec, target, tracker, stopped=stopped, reason=reason, timeout=timeout,
               gpu_lost=sampler.state == sm.STATE_GPU_LOST, fallback_dir=fallback_dir)
        if again is not None and stopped_by is None:
            raise again
    return result


def _follow(run: TargetRun, result: RecordResult, rec: RunRecorder, tracker: PeakTracker, sampler: sm.Sampler,
            cancel: threading.Event | None) -> Generator[Progress, None, None]:
    """Relay the running sample: record its events (with a CPU run's host RAM), its pool line; steps, the
    prediction, loss-scale events and a run file that cannot be written, as progress."""
    cpu_run = str(result.config.devices).strip().lower() == "cpu"
    train_pid: int | None = None
    popen_pid: int | None = None
    scales = LossScaleFollower()
    told_problem = False
    steps = result.config.steps
    train = run_target(run, cancel)
    try:
        for item in train:
            if item.kind == "started":
                popen_pid = item.data
                sampler.set_pid(popen_pid)
                yield item
                continue
            if item.kind == "line":
                for pool in parse_pool_lines([item.data]):
                    rec.add_note("tf-pool", pool.line, data={"pool_mb": pool.mb, "device": f"GPU:{pool.index}"})
                    yield Progress("pool", data=pool)
                yield item
                continue
            if item.kind != "event" or not isinstance(item.data, dict):
                yield item
                continue
            ev: dict[str, Any] = item.data
            kind = ev.get("type")
            if kind == "start" and isinstance(ev.get("pid"), int):
                train_pid = ev["pid"]  # the trainer itself (the interpreter may be a wrapper that forks)
                sampler.set_pids([p for p in (popen_pid, train_pid) if p])
            elif kind == "devices" and not ev.get("gpus") and str(ev.get("memory_effect") or "").startswith("no GPU"):
                cpu_run = True  # the sample found no GPU: its host RAM is what there is to draw
            elif kind == "progress" and cpu_run and train_pid:
                rss = process_rss(train_pid)
                if rss is not None:
                    ev = dict(ev, rss=rss)
            elif kind == "error":
                result.error_event = ev
            elif kind == "warning" and len(result.warnings) < 5:
                result.warnings.append(ev)
            rec.add_event(ev, t=time.monotonic())
            tracker.add_event(ev)
            yield Progress("event", data=ev)
            if kind == "progress":
                reading = memory_reading(ev, rec.t0)
                if reading is not None:
                    yield Progress("memory", data=reading)
            if kind == "estimate":
                pred = prediction_from_event(ev)
                if pred is not None:
                    yield Progress("estimate", pred.line(), data=pred)
            elif kind == "progress":
                result.last_progress = ev
                if isinstance(ev.get("step"), int):
                    yield Progress("step", done=ev["step"], total=ev.get("steps") or steps)
                for said in scales.feed(ev)[:20]:  # one sentence per skipped step, growth, the first scale
                    yield Progress("loss-scale", said.sentence(), data=said)
            if rec.write_problem and not told_problem:
                told_problem = True
                yield Progress("write-problem", rec.write_problem)
    finally:
        train.close()  # left early (Ctrl-C, the window closing): run_target's finally stops the sample
    yield Progress("ending", tr(CTX, "The sample has ended; recording the memory release ..."))


def _close(result: RecordResult, rec: RunRecorder, target: TargetResult | None, tracker: PeakTracker, *,
           stopped: bool, reason: str, timeout: float, gpu_lost: bool, fallback_dir: Path | None) -> None:
    result.target = target
    result.cancelled = stopped
    result.stop_reason = reason
    result.status = end_status(target, stopped=stopped, gpu_lost=gpu_lost)
    result.detail = end_detail(target, stopped=stopped, reason=reason, timeout=timeout,
                               error_event=result.error_event)
    score = tracker.score()
    result.score = score if (score.predicted_bytes or score.tf_peak_bytes) else None
    exit_code = target.returncode if target is not None and (target.returncode or 0) >= 0 else None
    rec.close(status=result.status, exit_code=exit_code, detail=result.detail,
              memory=result.score.to_dict() if result.score is not None else None)
    result.write_problem = rec.write_problem
    if rec.write_problem is None:
        result.saved_to = rec.path
    elif fallback_dir is not None:
        other = Path(fallback_dir) / rec.path.name
        try:
            rec.save_to(other)
            result.saved_to = other
        except OSError as exc:
            result.save_problem = str(exc)
    result.done = True


# -- the window's live GPU readings, and a run opened again ------------------------------------------------


class GpuWatch:
    """The window's live GPU readings: one NVML sampler (10 Hz) from the moment the Monitor is shown, whose new
    snapshots the page takes as it repaints; a run started meanwhile records from the same sampler."""

    def __init__(self, interval: float = DEFAULT_INTERVAL, history_s: float = 600.0) -> None:
        self.interval = interval
        self.history_s = history_s
        self.sampler: sm.Sampler | None = None
        self._last_t = -math.inf

    def start(self, since: float | None = None) -> None:
        """Start sampling (once); ``since``: take only snapshots after this monotonic time."""
        if self.sampler is not None:
            return
        self.sampler = sm.Sampler(sm.NvmlSource(), interval=self.interval, history_s=self.history_s,
                                  name="tfgpu-gui-sampler")
        self.sampler.start(wait=False)
        self._last_t = time.monotonic() if since is None else since

    @property
    def state(self) -> str:
        """starting | live | unavailable (no GPU readings: ``detail`` says why) | stopped."""
        s = self.sampler
        if s is None:
            return "stopped"
        if s.state == sm.STATE_IDLE:
            return "starting"
        return "live" if s.state == sm.STATE_RUNNING else "unavailable"

    @property
    def detail(self) -> str:
        s = self.sampler
        return "" if s is None else (s.state_detail or s.state)

    @property
    def devices(self) -> list[DeviceInfo]:
        s = self.sampler
        return list(s.devices) if s is not None and s.state == sm.STATE_RUNNING else []

    def take(self) -> list[GpuSnapshot]:
        """The snapshots taken since the last call (oldest first)."""
        s = self.sampler
        if s is None:
            return []
        snaps = s.since(self._last_t)
        if snaps:
            self._last_t = snaps[-1].t
        return snaps

    def stop(self) -> None:
        if self.sampler is not None:
            self.sampler.stop()
            self.sampler = None


@dataclass
class Replay:
    """A run file or bundled recording read through the sampler's replay source (the same code path as live
    NVML), at once, with its recorded time axis."""

    path: Path
    snapshots: list[GpuSnapshot]  # times rebased onto this process's clock, spacing as recorded
    devices: list[DeviceInfo]
    events: list[tuple[float, dict[str, Any]]]  # seconds since the first tick
    end: dict[str, Any] | None  # the end line (None: the run has none: still running, or killed)
    problems: list[str]  # English: a cut-off last line, corrupt lines skipped
    read: bool  # False: the reader refused the file (``detail`` says why)
    state: str
    detail: str
    stats: RunStats | None = None
    label: str = ""  # the run's one name (overlay_label), else the file's name
    mode: str = ""
    precision: str = ""
    memory: list[tuple[float, dict[str, float]]] = field(default_factory=list)  # the framework's, as ``memory``
    framework: str = "TensorFlow"  # whose allocator those figures are (TensorFlow, JAX, PyTorch)
    notes: list[dict[str, Any]] = field(default_factory=list)  # the run's notes (e.g. TensorFlow's pool line)
    prediction: dict[str, Any] | None = None  # the header's: the app's own prediction made before the run

    @property
    def ok(self) -> bool:
        """Something to show: GPU samples, or a run file that could be read (even one with nothing in it yet)."""
        return bool(self.snapshots) or self.read


def replay(path: str | Path, *, speed: float = math.inf,
           cancel: threading.Event | None = None) -> Generator[Progress, None, Replay]:
    """Open a saved run or a bundled recording: its GPU samples through ``sampler.ReplaySource`` (at ``speed``
    x real time; inf: at once), its events, how it ended, its numbers and its name. Never raises for a bad file:
    ``Replay.read`` is False and ``detail`` says why."""
    path = Path(path)
    yield Progress("phase", data="open")
    try:
        source = sm.ReplaySource(path, speed=speed, allow_empty=True)
    except Exception as exc:  # noqa: BLE001 - a bad speed: said, never raised into a page
        return Replay(path, [], [], [], None, [], False, sm.STATE_UNAVAILABLE, str(exc), label=_file_label(path))
    sampler = sm.Sampler(source, interval=0.01, history_s=36_000.0, name="tfgpu-replay")
    sampler.start(wait=True)
    deadline = time.monotonic() + 120.0
    while sampler.running and time.monotonic() < deadline and not is_cancelled(cancel):
        sampler.join(0.1)
    sampler.stop()
    record = getattr(source, "record", None)  # set once the source opened the file
    snaps = sampler.since(-math.inf)
    if record is None:
        return Replay(path, snaps, list(sampler.devices), [], None, [], False, sampler.state, sampler.state_detail,
                      label=_file_label(path))
    ticks = record.ticks or [(0.0, [])]
    events = [(t - ticks[0][0], ev) for t, ev in record.events]
    out = Replay(path, snaps, list(sampler.devices), events, record.end, list(record.problems), True, sampler.state,
                 sampler.state_detail, label=_file_label(path))
    out.memory, out.framework = memory_rows(events, 0.0)
    out.notes = [n for n in getattr(record, "notes", ()) if isinstance(n, dict)]
    header_pred = record.header.get("prediction") if isinstance(record.header, dict) else None
    out.prediction = header_pred if isinstance(header_pred, dict) else None
    try:
        out.stats = run_stats(record)
        out.mode, out.precision = out.stats.mode, out.stats.precision
        if out.stats.mode or out.stats.precision or out.stats.label:
            out.label = overlay_label(out.stats)
    except Exception:  # noqa: BLE001 - the file name stays the name; the chart and the run box stand
        out.stats = None
    return out


def _file_label(path: Path) -> str:
    return path.name.removesuffix(".jsonl").removesuffix(".run")


# ConfigError: what ``record`` raises for a config the sample would refuse (a face catches it before a run)
__all__ = ["DEFAULT_INTERVAL", "END_STATUSES", "ConfigError", "GpuWatch", "PoolLine", "RecordResult", "Replay",
           "end_detail", "end_status", "event_time", "memory_reading", "record", "replay",
           "run_label"]
