"""Run the standalone target scripts (probe, sample) in a chosen Python, and read their JSON-lines events.

Qt-free and TensorFlow-free: TensorFlow only ever runs in the child process.

Public API (stable; the GUI and the CLI build on it)::

    from tfgpu_wizard.core.target.runner import (
        SampleConfig, ConfigError, Event, TargetRun, TargetResult,
        parse_event_line, run_target, run_probe, run_sample, sample_argv, probe_argv,
        PROTOCOL_VERSION, PROBE_SCRIPT, SAMPLE_SCRIPT,
    )

    cfg = SampleConfig(model="resnet20", precision="mixed_float16", steps=300, memory="growth")
    cfg = SampleConfig(backend="jax", devices="all")   # Keras 3 on JAX (DataParallel) or "torch" (one GPU)
    cfg = SampleConfig(keras2=True)     # Keras 2: the sample sets TF_USE_LEGACY_KERAS=1 (tf-keras on TF >= 2.16)
    cfg.validate()                      # raises ConfigError (one clear message per problem)
    argv = cfg.to_argv()                # ["--model", "resnet20", ...] for target/sample.py

    run_probe(python, keras2=True)      # the probe with TF_USE_LEGACY_KERAS=1; keras_label(report["keras"])

    # Blocking, with a timeout; events also reach on_event (on the reader thread) as they arrive:
    result = run_sample(cfg, python="/path/to/python", timeout=600, on_event=print)
    result.ok, result.returncode, result.signal, result.timed_out, result.stderr_tail()
    result.events_of("progress"), result.last("summary"), result.error_event()

    # Non-blocking, with control:
    run = TargetRun(SAMPLE_SCRIPT, cfg.to_argv(), python=..., timeout=600)
    run.start(); ev = run.events.get(timeout=1); run.terminate(); result = run.wait()

    # The flows run the same runner for both faces (core.flows.base.run_target relays its callbacks as progress):
    run = TargetRun(command=[python, *sample_argv(cfg)], on_event=..., on_text=..., on_exit=...,
                    idle_timeout=120)   # no output line for 120 s -> stopped, result.stalled_s == 120

Events: ``Event(type, data, recv_t, raw)``. ``type`` is the protocol's event type ("start", "devices",
"data", "progress", "warning", "error", "summary", or "probe" for the probe's one report); a stdout
line that is not a protocol object becomes ``type="raw"`` (never an exception). ``recv_t`` is this
process's ``time.monotonic()`` at receipt: the same clock as the NVML sampler (core/monitor/sampler.py), so
both share one time axis. The protocol is documented in docs/sample-protocol.md.

A crash, a hang past the timeout, a kill, or a Python that does not start is a ``TargetResult``,
not an exception: ``returncode`` (None if it never ran), ``signal`` (POSIX signal number that ended
it), ``timed_out``, ``stopped`` (we terminated it on request), ``start_error`` and the captured
stderr (the first and last parts when it is long).
"""

from __future__ import annotations

import json
import math
import os
import queue
import signal as _signal
import subprocess
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from tfgpu_wizard.core.i18n import tr
from tfgpu_wizard.core.paths import target_script

PROTOCOL_VERSION = 1
PROBE_SCRIPT = "probe.py"
SAMPLE_SCRIPT = "sample.py"

# The sample's exit codes live in target/sample.py alone (docs/sample-protocol.md): the app reads the sample's
# error event and the run's end, never a copy of the numbers (a copy here had gone stale and was used nowhere).

STDERR_LIMIT = 1_000_000  # characters kept from stderr: the head and the tail, the middle is dropped

MODELS = ("cnn", "resnet20", "resnet50")
DATASETS = ("mnist", "cifar10", "cifar100")
PRECISIONS = ("fp32", "mixed_float16", "mixed_bfloat16")
MEMORY_MODES = ("default", "growth", "limit")
LOOPS = ("fit", "custom")
JIT_MODES = ("auto", "on", "off")
BACKENDS = ("tensorflow", "jax", "torch")  # Keras 3 backends of the sample (jax/torch never import TensorFlow)


# The largest batch the sample is started with (the Monitor's spin box, fit's largest probe): 999999999 was
# accepted and then sat in step 0 until the idle timeout (drills-3 N30).
MAX_BATCH = 1 << 16


def timeout_problem(value: Any, name: str = "--timeout") -> str | None:
    """What is wrong with a time limit in seconds (translated), or None. ``nan`` never ends a run and never
    says it waits (drills-3 N30); 0 and negatives end it at once. ``inf`` is no limit, and allowed."""
    ok = isinstance(value, (int, float)) and not isinstance(value, bool) and value > 0  # nan > 0 is False
    if ok:
        return None
    return tr("target", "{name} must be a number of seconds above 0 (got {value})").format(name=name, value=value)


def seconds(text: str) -> float:
    """``type=`` of every ``--timeout SECONDS`` flag: the one check of a time limit (``timeout_problem``);
    argparse prints "argument --timeout: a number of seconds above 0 is needed (got 'nan')"."""
    import argparse

    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if timeout_problem(value) is not None:
        raise argparse.ArgumentTypeError(tr("target", "a number of seconds above 0 is needed (got {value!r})")
                                         .format(value=text))
    return value


class ConfigError(ValueError):
    """A SampleConfig that the sample would refuse; ``problems`` lists every reason, in English."""

    def __init__(self, problems: list[str]):
        super().__init__("; ".join(problems))
        self.problems = problems


# -- events ------------------------------------------------------------------------------------


@dataclass
class Event:
    type: str  # protocol event type, or "raw" for a line that is not a protocol object
    data: dict[str, Any]
    recv_t: float  # app's time.monotonic() when the line arrived
    raw: str = ""

    def get(self, key: str, default: Any = None) -> Any:
        return self.data.get(key, default)


_GLUED_TRIES = 8  # places a glued-on protocol object may start; junk lines are not searched further


def _object_at_end(text: str) -> dict[str, Any] | None:
    """A protocol object that ends the line behind text glued to its front (a login banner, or a
    ``print(..., end="")`` in a sitecustomize, ran before the target script), else None."""
    if not text.endswith("}"):
        return None
    decoder = json.JSONDecoder()
    start = text.find('{"')
    for _ in range(_GLUED_TRIES):
        if start < 0:
            return None
        try:
            data, end = decoder.raw_decode(text, start)
        except (ValueError, RecursionError):
            data, end = None, -1
        if end == len(text) and isinstance(data, dict) and ("type" in data or "probe_version" in data):
            return data
        start = text.find('{"', start + 1)
    return None


def parse_event_line(line: str | bytes, recv_t: float | None = None) -> Event:
    """One stdout line -> Event. Never raises: anything that is not a JSON object with ``type`` is ``raw``."""
    if recv_t is None:
        recv_t = time.monotonic()
    if isinstance(line, bytes):
        line = line.decode("utf-8", errors="replace")
    text = line.rstrip("\r\n")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        data = _object_at_end(text)
        if data is None:
            return Event("raw", {"text": text}, recv_t, text)
    if not isinstance(data, dict):
        return Event("raw", {"text": text}, recv_t, text)
    kind = data.get("type")
    if not isinstance(kind, str) or not kind:
        if "probe_version" in data:
            kind = "probe"
        else:
            return Event("raw", {"text": text}, recv_t, text)
    return Event(kind, data, recv_t, text)


# -- sample configuration ------------------------------------------------------------------------


def _parse_limit(text: str) -> tuple[str, float] | None:
    t = text.strip()
    try:
        if t.endswith("%"):
            value, kind = float(t[:-1]) / 100.0, "fraction"
        elif "." in t:
            value, kind = float(t), "fraction"
        else:
            value, kind = float(int(t)), "mb"
    except ValueError:
        return None
    if kind == "fraction" and not (0.0 < value <= 1.0):
        return None
    if kind == "mb" and value < 1:
        return None
    return kind, value


def _valid_devices(text: str) -> bool:
    t = text.strip().lower()
    if t in ("auto", "cpu", "all", "gpu"):
        return True
    if t.startswith("gpu:"):
        parts = [p.strip() for p in t[4:].split(",")]
        return bool(parts) and all(p.isdigit() for p in parts)
    return False


@dataclass
class SampleConfig:
    """The sample's flags as data. Field names follow the flags (``batch_size`` -> ``--batch-size``)."""

    model: str = "cnn"
    dataset: str = "cifar10"
    real_data: bool = False
    allow_download: bool = False
    batch_size: int = 64  # global batch, over all replicas
    strict_batch: bool = False
    steps: int = 100
    log_every: int = 10
    memory: str = "default"  # default | growth | limit
    memory_limit: str | None = None  # "1024" (MB) or "0.5" / "50%" (fraction of the card)
    gpu_total_mb: int | None = None  # the card's total memory (from NVML) for a fractional limit
    devices: str = "auto"  # auto | cpu | all | gpu:0 | gpu:0,1
    logical_cpus: int = 1
    multi_worker: bool = False
    precision: str = "fp32"
    prefetch: bool = True
    loop: str = "fit"  # fit | custom
    jit: str = "auto"  # auto | on | off
    learning_rate: float = 0.01
    seed: int = 0
    backend: str = "tensorflow"  # tensorflow | jax | torch (Keras 3; see docs/sample-protocol.md)
    steps_per_execution: int = 0  # 0 = the sample's default (on a GPU a divisor of the log interval; else 1)
    # mixed_float16 only: force a few gradient overflows so the loss scale is seen halving (``--overflow-demo``)
    overflow_demo: bool = False
    # Keras 2 instead of Keras 3: ``--keras2``, with which the sample sets TF_USE_LEGACY_KERAS=1 before it
    # imports TensorFlow (TF >= 2.16 then needs tf-keras in that Python; TF <= 2.15 has Keras 2 built in).
    keras2: bool = False
    extra_args: list[str] = field(default_factory=list)  # passed through verbatim, after the others

    def problems(self) -> list[str]:
        """Every reason the sample would refuse this configuration (empty when it is fine)."""
        out: list[str] = []

        def positive_int(name: str, value: Any, most: int | None = None) -> None:
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                out.append(tr("target", "{name} must be a whole number of at least 1 (got {value!r})").format(
                    name=name, value=value))
            elif most is not None and value > most:
                out.append(tr("target", "{name} must be at most {most} (got {value})").format(
                    name=name, most=most, value=value))

        if self.model not in MODELS:
            out.append(tr("target", "unknown model {value!r}: choose one of {choices}").format(
                value=self.model, choices=", ".join(MODELS)))
        if self.dataset not in DATASETS:
            out.append(tr("target", "unknown dataset {value!r}: choose one of {choices}").format(
                value=self.dataset, choices=", ".join(DATASETS)))
        if self.precision not in PRECISIONS:
            out.append(tr("target", "unknown precision {value!r}: choose one of {choices}").format(
                value=self.precision, choices=", ".join(PRECISIONS)))
        if self.memory not in MEMORY_MODES:
            out.append(tr("target", "unknown memory mode {value!r}: choose one of {choices}").format(
                value=self.memory, choices=", ".join(MEMORY_MODES)))
        if self.loop not in LOOPS:
            out.append(tr("target", "loop must be fit or custom (got {value!r})").format(value=self.loop))
        if self.jit not in JIT_MODES:
            out.append(tr("target", "jit must be auto, on or off (got {value!r})").format(value=self.jit))
        if self.backend not in BACKENDS:
            out.append(tr("target", "unknown backend {value!r}: choose one of {choices}").format(
                value=self.backend, choices=", ".join(BACKENDS)))
        if isinstance(self.steps_per_execution, bool) or not isinstance(self.steps_per_execution, int) \
                or self.steps_per_execution < 0:
            out.append(tr("target", "steps per execution must be a whole number (0 = automatic), got "
                                    "{value!r}").format(value=self.steps_per_execution))
        elif self.steps_per_execution and (self.loop != "fit" or self.multi_worker):
            out.append(tr("target", "steps per execution only applies to the fit loop"))
        if self.backend in ("jax", "torch"):
            if self.keras2:
                out.append(tr("target", "Keras 2 (tf-keras) runs on TensorFlow only; the JAX and PyTorch backends "
                                        "are Keras 3"))
            if self.multi_worker:
                out.append(tr("target", "a multi-worker run needs the TensorFlow backend"))
            if self.loop != "fit":
                out.append(tr("target", "the custom loop needs the TensorFlow backend; use the fit loop"))
        if self.backend == "torch":
            if self.logical_cpus > 1:
                out.append(tr("target", "logical CPUs need a multi-device distribution, which Keras 3's PyTorch "
                                        "backend does not have"))
            if isinstance(self.steps_per_execution, int) and self.steps_per_execution > 1:
                out.append(tr("target", "the PyTorch backend runs one step per execution"))
            dev = str(self.devices).strip().lower()
            if dev.startswith("gpu:") and len([p for p in dev[4:].split(",") if p.strip()]) > 1:
                out.append(tr("target", "the PyTorch backend trains on one GPU only (Keras 3 has no multi-GPU "
                                        "distribution for it): choose one GPU, or the JAX or TensorFlow backend"))
        if self.overflow_demo and (self.precision != "mixed_float16" or self.backend != "tensorflow"
                                   or self.loop != "fit" or self.keras2 or self.multi_worker):
            out.append(tr("target", "the overflow demonstration needs mixed_float16 with the TensorFlow backend, "
                                    "Keras 3 and the fit loop"))
        positive_int("batch size", self.batch_size, MAX_BATCH)
        positive_int("steps", self.steps)
        positive_int("log every", self.log_every)
        positive_int("logical CPUs", self.logical_cpus)
        if self.gpu_total_mb is not None:
            positive_int("GPU total MB", self.gpu_total_mb)
        if not _valid_devices(str(self.devices)):
            out.append(tr("target", "devices {value!r}: use auto, cpu, all, gpu:0 or a list like gpu:0,1").format(
                value=self.devices))
        if self.memory == "limit":
            if not self.memory_limit:
                out.append(tr("target", "the limit memory mode needs a limit: megabytes (1024) or a fraction of "
                                        "the card (0.5 or 50%)"))
            elif _parse_limit(str(self.memory_limit)) is None:
                out.append(tr("target", "memory limit {value!r} is neither megabytes (1024) nor a fraction of "
                                        "the card (0.5 or 50%)").format(value=self.memory_limit))
        elif self.memory_limit:
            out.append(tr("target", "a memory limit only applies to the limit memory mode"))
        if self.allow_download and not self.real_data:
            out.append(tr("target", "allowing a download only applies to the real dataset"))
        if self.multi_worker and self.logical_cpus > 1:
            out.append(tr("target", "logical CPUs cannot be combined with a multi-worker run"))
        if str(self.devices).strip().lower() == "cpu" and self.memory != "default":
            out.append(tr("target", "the {mode} memory mode needs a GPU, but the CPU was chosen").format(
                mode=self.memory))
        if not (isinstance(self.learning_rate, (int, float)) and math.isfinite(self.learning_rate)
                and self.learning_rate > 0):
            out.append(tr("target", "the learning rate must be a positive number"))
        return out

    def validate(self) -> SampleConfig:
        problems = self.problems()
        if problems:
            raise ConfigError(problems)
        return self

    def to_argv(self) -> list[str]:
        """Flags for target/sample.py (validated first)."""
        self.validate()
        argv = [
            "--model", self.model, "--dataset", self.dataset,
            "--batch-size", str(self.batch_size), "--steps", str(self.steps),
            "--log-every", str(self.log_every), "--memory", self.memory,
            "--devices", str(self.devices).strip().lower(), "--precision", self.precision,
            "--prefetch", "on" if self.prefetch else "off", "--loop", self.loop, "--jit", self.jit,
            "--learning-rate", repr(float(self.learning_rate)), "--seed", str(self.seed),
        ]
        if self.memory_limit:
            argv += ["--memory-limit", str(self.memory_limit).strip()]
        if self.gpu_total_mb:
            argv += ["--gpu-total-mb", str(self.gpu_total_mb)]
        if self.logical_cpus > 1:
            argv += ["--logical-cpus", str(self.logical_cpus)]
        if self.backend != "tensorflow":
            argv += ["--backend", self.backend]
        if self.steps_per_execution:
            argv += ["--steps-per-execution", str(self.steps_per_execution)]
        if self.keras2:
            argv.append("--keras2")
        for flag, on in (("--real-data", self.real_data), ("--allow-download", self.allow_download),
                         ("--strict-batch", self.strict_batch), ("--multi-worker", self.multi_worker),
                         ("--overflow-demo", self.overflow_demo)):
            if on:
                argv.append(flag)
        return argv + list(self.extra_args)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def default_python() -> str:
    """The interpreter used when none is chosen: this one, or ``python3`` on PATH in the frozen app."""
    from tfgpu_wizard.core.paths import default_python as _default

    return _default()


def sample_argv(config: SampleConfig) -> list[str]:
    """Arguments for ``python``: the sample script's path, then its flags (the command of a TargetRun after the interpreter)."""
    return [str(target_script(SAMPLE_SCRIPT)), *config.to_argv()]


def probe_argv() -> list[str]:
    return [str(target_script(PROBE_SCRIPT))]


def target_env(extra: dict[str, str] | None = None) -> dict[str, str]:
    """Environment for a target process: ours, UTF-8 I/O, unbuffered, quiet TF C++ logs by default."""
    env = dict(os.environ)
    env.setdefault("TF_CPP_MIN_LOG_LEVEL", "1")
    env["PYTHONIOENCODING"] = "utf-8"
    env["PYTHONUNBUFFERED"] = "1"
    if extra:
        env.update(extra)
    return env


# -- results -----------------------------------------------------------------------------------


@dataclass
class TargetResult:
    command: list[str]
    events: list[Event] = field(default_factory=list)
    returncode: int | None = None
    signal: int | None = None  # the POSIX signal that ended the process, if one did
    timed_out: bool = False
    stopped: bool = False  # terminated/killed on request (TargetRun.terminate/kill)
    stop_reason: str = ""  # why it was stopped, in words ("the terminal was closed (SIGHUP)"), when known
    stalled_s: float | None = None  # the idle timeout that ended it: no output line for this many seconds
    consumer_error: BaseException | None = None  # on_event raised (e.g. BrokenPipeError): the run was stopped
    last_seen: Event | None = None  # the last protocol event, also when events were not collected
    start_error: str | None = None  # the interpreter could not be started (missing file, permissions)
    stderr: str = ""
    stderr_truncated: bool = False
    duration_s: float = 0.0
    started_t: float | None = None  # monotonic, when the process was started

    @property
    def ok(self) -> bool:
        return (self.returncode == 0 and not self.timed_out and self.start_error is None
                and self.stalled_s is None and self.consumer_error is None)

    @property
    def stalled(self) -> bool:
        return self.stalled_s is not None

    def last_event(self) -> Event | None:
        """The last protocol event (not a stray output line, nor the sample's echo of the stop this side sent:
        "stopped by signal 15" after a stall or a timeout says nothing of where it was), or None."""
        for ev in reversed(self.events):
            if ev.type != "raw" and not (ev.type == "error" and ev.get("code") == "terminated"):
                return ev
        return self.last_seen

    @property
    def crashed(self) -> bool:
        """Ended by a signal nobody here sent (segfault, abort, OOM killer), or the timeout."""
        return (self.signal is not None and not self.stopped) or self.timed_out or self.stalled

    def events_of(self, kind: str) -> list[Event]:
        return [e for e in self.events if e.type == kind]

    def last(self, kind: str) -> Event | None:
        found = self.events_of(kind)
        return found[-1] if found else None

    def error_event(self) -> Event | None:
        return self.last("error")

    def stderr_tail(self, lines: int = 30) -> str:
        return "\n".join(self.stderr.rstrip().splitlines()[-lines:])

    def describe_end(self) -> str:
        """How the process ended, in words (English source text, translated)."""
        if self.start_error:
            return tr("target", "could not be started: {error}").format(error=self.start_error)
        if self.stalled_s is not None:  # one sentence that names the phase (newcomer-2 #19)
            return tr("target", "stalled {phase}: no output for {seconds:g} s, so it was stopped").format(
                phase=stall_phase(self.last_event()), seconds=round(self.stalled_s, 1))
        if self.timed_out:
            return tr("target", "did not finish within the time limit and was stopped")
        if self.stopped and self.stop_reason:
            return tr("target", "was stopped: {reason}").format(reason=self.stop_reason)
        if self.signal is not None:
            name = _signal_name(self.signal)
            if self.stopped:
                return tr("target", "was stopped ({signal})").format(signal=name)
            return tr("target", "crashed ({signal})").format(signal=name)
        if self.returncode == 0:
            return tr("target", "finished")
        return tr("target", "ended with exit code {code}").format(code=self.returncode)


def stall_phase(last: Event | None) -> str:
    """Where a run was when it went silent, from its last event, in words ("while importing TensorFlow")."""
    if last is None:
        return tr("target", "while starting (importing TensorFlow)")
    if last.type == "start":
        return tr("target", "while looking for its devices")
    if last.type in ("devices", "data"):
        return tr("target", "while preparing the data and building the model")
    if last.type == "estimate":
        return tr("target", "before the first training step (compiling it)")
    if last.type == "progress" and last.get("step") is not None:
        return tr("target", "while training, after step {step}/{steps}").format(step=last.get("step"),
                                                                               steps=last.get("steps", "?"))
    if last.type == "summary":
        return tr("target", "while ending, after its summary")
    return tr("target", "after its last message ({event})").format(event=_event_words(last))


def _event_words(ev: Event) -> str:
    """An event in a few words for a message: its type, and the step for progress."""
    if ev.type == "progress" and ev.get("step") is not None:
        return f"progress, step {ev.get('step')}/{ev.get('steps', '?')}"
    if ev.type in ("warning", "error", "stalled") and ev.get("message"):
        return f"{ev.type}: {str(ev.get('message'))[:120]}"
    return ev.type


def _signal_name(num: int) -> str:
    try:
        return _signal.Signals(num).name
    except ValueError:
        return f"signal {num}"


# -- the runner --------------------------------------------------------------------------------


class TargetRun:
    """One target script in a subprocess: reader threads for stdout (events) and stderr (bounded text).

    The one process runner of the app: the flows run it for both faces (``core.flows.base.run_target``, which
    the window drives on a worker thread through ``gui.workers.FlowTask``). The child runs in its own process
    group (POSIX) / new process group (Windows), and everything that ends it (``terminate``, ``kill``, the
    timeouts, a broken consumer, a signal to the CLI through ``core.lifecycle``) signals the whole group: a
    forking interpreter wrapper cannot leave its trainer behind. When the child itself exits, whatever it left
    in its group is killed.

    Callbacks (all on the runner's threads; keep them quick):

    * ``on_event(event)`` for each stdout line (protocol events, and ``raw`` for stray lines). If it
      raises (``sample --json | head -1``: BrokenPipeError) the run is stopped and the exception is kept
      in ``result.consumer_error``; ``run_target`` re-raises it once the child is gone.
    * ``on_text(line)`` for each stderr line.
    * ``on_heartbeat(elapsed_s, idle_s)`` about once a second while it runs (a "still importing
      TensorFlow ..." line in the CLI).
    * ``on_exit(result)`` once, after the process and its readers are done.

    ``collect=False`` keeps no events (no ``events`` queue, none in the result): for a consumer that has
    them all through ``on_event`` and runs for hours.

    ``idle_timeout``: no line on stdout or stderr for that many seconds ends the run as stalled
    (``result.stalled_s``; ``describe_end`` names the last event). Any line counts as activity, including
    the sample's own ``stalled`` events.
    """

    POLL_S = 0.05
    KILL_GRACE_S = 3.0  # SIGTERM first; SIGKILL to the group after this

    def __init__(
        self,
        script: str | os.PathLike[str] | None = None,
        args: Sequence[str] = (),
        *,
        python: str | os.PathLike[str] | None = None,
        timeout: float | None = None,
        env: dict[str, str] | None = None,
        cwd: str | os.PathLike[str] | None = None,
        on_event: Callable[[Event], None] | None = None,
        idle_timeout: float | None = None,
        on_text: Callable[[str], None] | None = None,
        on_heartbeat: Callable[[float, float], None] | None = None,
        on_exit: Callable[[TargetResult], None] | None = None,
        command: Sequence[str] | None = None,
        collect: bool = True,
    ):
        for limit, flag in ((timeout, "timeout"), (idle_timeout, "idle timeout")):
            problem = None if limit is None else timeout_problem(limit, flag)
            if problem:  # a nan limit never ends a hung child (drills-3 N30)
                raise ConfigError([problem])
        if command is not None:
            self.command = [str(c) for c in command]  # any program (the GUI: python + sample_argv(cfg))
        else:
            if script is None:
                raise ValueError("TargetRun needs a script or a command")
            script_path = Path(script)
            if not script_path.is_absolute() and not script_path.exists():
                script_path = target_script(str(script))
            self.command = [str(python or default_python()), str(script_path), *[str(a) for a in args]]
        self.timeout = timeout
        self.idle_timeout = idle_timeout
        self.env = target_env(env)
        self.cwd = str(cwd) if cwd is not None else None
        self.on_event = on_event
        self.on_text = on_text
        self.on_heartbeat = on_heartbeat
        self.on_exit = on_exit
        # collect=False: events only reach on_event (the GUI, whose runs may last hours), not the queue/result
        self.collect = collect
        self.events: queue.Queue[Event] = queue.Queue()
        self._proc: subprocess.Popen[bytes] | None = None
        self._threads: list[threading.Thread] = []
        self._watcher: threading.Thread | None = None
        self._collected: list[Event] = []
        self._stderr_head: list[str] = []
        self._stderr_tail: list[str] = []
        self._stderr_size = 0
        self._stderr_dropped = False
        self._lock = threading.Lock()
        self._stopped = False
        self._stop_reason = ""
        self._timed_out = False
        self._stalled_s: float | None = None
        self._consumer_error: BaseException | None = None
        self._last_seen: Event | None = None
        self._start_error: str | None = None
        self._t0: float | None = None
        self._last_activity = 0.0
        self._kill_at: float | None = None
        self._exited = False  # the leader has exited (it may still be an unreaped zombie)
        self._reaped = False
        self._done = threading.Event()
        self._result: TargetResult | None = None

    # -- lifecycle

    def start(self) -> TargetRun:
        from tfgpu_wizard.core import lifecycle

        kwargs: dict[str, Any] = {}
        if os.name == "posix":
            kwargs["start_new_session"] = True
        else:
            kwargs["creationflags"] = getattr(subprocess, "CREATE_NEW_PROCESS_GROUP", 0)
        self._t0 = self._last_activity = time.monotonic()
        with lifecycle.starting():  # a signal now is raised only once the child is tracked and watched
            try:
                self._proc = subprocess.Popen(
                    self.command, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                    env=self.env, cwd=self.cwd, **kwargs,
                )
            except (OSError, ValueError) as exc:
                self._start_error = f"{type(exc).__name__}: {exc}"
                self._finish()
                return self
            lifecycle.track(self._proc)  # a signal to the CLI now stops this group too (even right now)
            for name, target in (("target-stdout", self._read_stdout), ("target-stderr", self._read_stderr)):
                t = threading.Thread(target=target, name=name, daemon=True)
                t.start()
                self._threads.append(t)
            self._watcher = threading.Thread(target=self._watch, name="target-watch", daemon=True)
            self._watcher.start()
        return self

    @property
    def pid(self) -> int | None:
        return self._proc.pid if self._proc else None

    def is_running(self) -> bool:
        """True until the process has exited (a run that never started is not running)."""
        return self._proc is not None and not self._exited and not self._done.is_set()

    def _signal_group(self, sig: int) -> None:
        proc = self._proc
        if proc is None or self._reaped:
            return  # once reaped, its group id could belong to someone else
        try:
            if os.name == "posix":
                os.killpg(proc.pid, sig)
            elif sig == getattr(_signal, "SIGKILL", None):
                proc.kill()
            else:
                proc.terminate()
        except (ProcessLookupError, PermissionError, OSError):
            pass

    def _end(self, grace: float | None = None) -> None:
        """SIGTERM to the group now, SIGKILL after ``grace`` (the watcher does it)."""
        self._signal_group(_signal.SIGTERM)
        at = time.monotonic() + (self.KILL_GRACE_S if grace is None else grace)
        if self._kill_at is None or at < self._kill_at:
            self._kill_at = at

    def terminate(self, grace: float | None = None, reason: str = "") -> None:
        """Ask it to stop (SIGTERM: the sample emits an error event "terminated" and exits); the group is
        killed if it is still there after ``grace`` seconds (default ``KILL_GRACE_S``)."""
        self._stopped = True
        if reason and not self._stop_reason:
            self._stop_reason = reason
        self._end(grace)

    def kill(self) -> None:
        self._stopped = True
        self._signal_group(getattr(_signal, "SIGKILL", _signal.SIGTERM))

    def stop(self, grace: float = 5.0, reason: str = "") -> TargetResult:
        """terminate, wait up to ``grace`` seconds, then kill; returns the result."""
        self.terminate(grace=grace, reason=reason)
        return self.wait()

    def wait(self, timeout: float | None = None) -> TargetResult:
        """Wait for the end (the run's own timeouts apply) and return the result.

        ``timeout`` here only bounds this call: past it, the process is killed as hung.
        """
        if self._result is not None and self._done.is_set():
            return self._result
        if self._t0 is None:  # never started
            self._finish()
            return self._result  # type: ignore[return-value]
        if not self._done.wait(timeout):
            self._timed_out = True
            self._end()
            self._done.wait()
        if self._watcher is not None:
            self._watcher.join()
        assert self._result is not None
        return self._result

    def __enter__(self) -> TargetRun:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        if self.is_running():
            self.stop(grace=3)
        else:
            self.wait()

    # -- the watcher: timeouts, the group kill, reaping

    def _leader_exited(self) -> bool:
        proc = self._proc
        assert proc is not None
        if os.name == "posix":
            try:  # WNOWAIT: it stays a zombie, so its group id stays ours for the final group kill
                info = os.waitid(os.P_PID, proc.pid, os.WEXITED | os.WNOWAIT | os.WNOHANG)
            except ChildProcessError:
                return True
            return info is not None
        return proc.poll() is not None

    def _watch(self) -> None:
        proc = self._proc
        assert proc is not None and self._t0 is not None
        next_beat = self._t0 + 1.0
        while not self._leader_exited():
            now = time.monotonic()
            if self.timeout is not None and now - self._t0 > self.timeout and not self._timed_out:
                self._timed_out = True
                self._end()
            if (self.idle_timeout is not None and self._stalled_s is None and not self._timed_out
                    and now - self._last_activity > self.idle_timeout):
                self._stalled_s = float(self.idle_timeout)
                self._end()
            if self._consumer_error is not None and self._kill_at is None:
                self._end()
            if self._kill_at is not None and now >= self._kill_at:
                self._signal_group(getattr(_signal, "SIGKILL", _signal.SIGTERM))
                self._kill_at = now + 1.0
            if self.on_heartbeat is not None and now >= next_beat:
                next_beat = now + 1.0
                try:
                    self.on_heartbeat(now - self._t0, now - self._last_activity)
                except Exception:  # noqa: BLE001 - a progress line must not keep the child alive
                    self.on_heartbeat = None
            time.sleep(self.POLL_S)
        self._exited = True
        # Nothing left behind: what the child started in its group (a forking wrapper's trainer, a
        # background grandchild holding our pipes) goes with it.
        self._signal_group(getattr(_signal, "SIGKILL", _signal.SIGTERM))
        proc.wait()
        self._reaped = True
        for t in self._threads:
            t.join(timeout=5)  # a process outside the group holding the pipes: give up on its output
        self._finish()

    def _finish(self) -> None:
        from tfgpu_wizard.core import lifecycle

        if self._proc is not None:
            lifecycle.untrack(self._proc)
            if lifecycle.stop_reason() and not self._stopped:
                self._stopped = True  # the CLI was told to stop and took its children down
            if lifecycle.stop_reason() and not self._stop_reason:
                self._stop_reason = lifecycle.stop_reason() or ""
        self._result = self._make_result()
        self._done.set()
        if self.on_exit is not None:
            try:
                self.on_exit(self._result)
            except Exception:  # noqa: BLE001 - the result is kept; the callback's failure is its own
                pass

    # -- readers

    def _read_stdout(self) -> None:
        assert self._proc is not None and self._proc.stdout is not None
        for line in self._proc.stdout:
            self._last_activity = time.monotonic()
            event = parse_event_line(line, self._last_activity)
            if event.type == "raw" and not event.raw.strip():
                continue
            if event.type != "raw" and not (event.type == "error" and event.get("code") == "terminated"):
                self._last_seen = event  # (the sample's echo of a stop sent from here says nothing of where it was)
            if self.collect:
                with self._lock:
                    self._collected.append(event)
                self.events.put(event)
            if self.on_event is not None and self._consumer_error is None:
                try:
                    self.on_event(event)
                except BaseException as exc:  # noqa: BLE001 - a broken consumer stops the run
                    self._consumer_error = exc
                    self._stopped = True
                    self._end()
        self._proc.stdout.close()

    def _read_stderr(self) -> None:
        assert self._proc is not None and self._proc.stderr is not None
        half = STDERR_LIMIT // 2
        for raw in self._proc.stderr:
            self._last_activity = time.monotonic()
            text = raw.decode("utf-8", errors="replace")
            with self._lock:
                if self._stderr_size < half:
                    self._stderr_head.append(text)
                    self._stderr_size += len(text)
                else:
                    self._stderr_tail.append(text)
                    tail_size = sum(len(t) for t in self._stderr_tail)
                    while tail_size > half and len(self._stderr_tail) > 1:
                        tail_size -= len(self._stderr_tail.pop(0))
                        self._stderr_dropped = True
            if self.on_text is not None:
                try:
                    self.on_text(text.rstrip("\r\n"))
                except Exception:  # noqa: BLE001 - stderr is for people; losing a line is not a stop
                    self.on_text = None
        self._proc.stderr.close()

    def _make_result(self) -> TargetResult:
        proc = self._proc
        rc = proc.returncode if proc is not None else None
        sig = -rc if (rc is not None and rc < 0) else None
        with self._lock:
            stderr = "".join(self._stderr_head)
            if self._stderr_dropped:
                stderr += "\n[... middle of the error output left out ...]\n"
            stderr += "".join(self._stderr_tail)
            events = list(self._collected)
        return TargetResult(
            command=list(self.command), events=events, returncode=rc, signal=sig,
            timed_out=self._timed_out, stopped=self._stopped and not self._timed_out and self._stalled_s is None,
            stop_reason=self._stop_reason, stalled_s=self._stalled_s, consumer_error=self._consumer_error,
            last_seen=self._last_seen,
            start_error=self._start_error, stderr=stderr, stderr_truncated=self._stderr_dropped,
            duration_s=(time.monotonic() - self._t0) if self._t0 is not None else 0.0, started_t=self._t0,
        )


def run_target(
    script: str | os.PathLike[str],
    args: Sequence[str] = (),
    *,
    python: str | os.PathLike[str] | None = None,
    timeout: float | None = 600,
    env: dict[str, str] | None = None,
    cwd: str | os.PathLike[str] | None = None,
    on_event: Callable[[Event], None] | None = None,
    idle_timeout: float | None = None,
    on_heartbeat: Callable[[float, float], None] | None = None,
) -> TargetResult:
    """Run a target script to the end (or a timeout) and return what happened.

    A signal to the CLI (Ctrl-C, SIGTERM, SIGHUP through ``core.lifecycle``) stops the child's group and
    is re-raised; so is an exception from ``on_event`` (after the child is gone).
    """
    run = TargetRun(script, args, python=python, timeout=timeout, env=env, cwd=cwd, on_event=on_event,
                    idle_timeout=idle_timeout, on_heartbeat=on_heartbeat)
    run.start()
    try:
        result = run.wait()
    except BaseException as exc:  # Ctrl-C / a signal in the CLI: take the child down with us, then re-raise
        run.stop(grace=3, reason=str(exc) if isinstance(exc, KeyboardInterrupt) else "")
        raise
    if result.consumer_error is not None:
        raise result.consumer_error
    return result


def run_probe(python: str | os.PathLike[str] | None = None, timeout: float = 180,
              env: dict[str, str] | None = None, keras2: bool = False, idle_timeout: float | None = None,
              on_heartbeat: Callable[[float, float], None] | None = None) -> TargetResult:
    """Run the probe; ``keras2`` sets TF_USE_LEGACY_KERAS=1 for it (the probe then reports tf-keras)."""
    if keras2:
        env = {**(env or {}), "TF_USE_LEGACY_KERAS": "1"}
    return run_target(PROBE_SCRIPT, [], python=python, timeout=timeout, env=env, idle_timeout=idle_timeout,
                      on_heartbeat=on_heartbeat)


def run_sample(config: SampleConfig, python: str | os.PathLike[str] | None = None, timeout: float | None = 1800,
               env: dict[str, str] | None = None,
               on_event: Callable[[Event], None] | None = None,
               idle_timeout: float | None = None) -> TargetResult:
    return run_target(SAMPLE_SCRIPT, config.to_argv(), python=python, timeout=timeout, env=env,
                      on_event=on_event, idle_timeout=idle_timeout)


def probe_report(result: TargetResult) -> dict[str, Any] | None:
    """The probe's JSON report from a result, or None when it printed none."""
    ev = result.last("probe")
    return ev.data if ev is not None else None


# -- the probe's verdict -------------------------------------------------------------------------


@dataclass
class ProbeVerdict:
    """What the probe says, in words. ``status`` is one of STATUSES; ``reasons`` explain a missing GPU."""

    status: str
    headline: str
    reasons: list[str] = field(default_factory=list)
    details: list[str] = field(default_factory=list)
    report: dict[str, Any] | None = None

    STATUSES = ("gpu", "gpu-broken", "no-gpu", "no-tensorflow", "crashed", "hung", "not-started")

    @property
    def exit_code(self) -> int:
        """0: TF uses the GPU; 1: TF works without a GPU / GPU broken; 3: no TF, crash, hang, no start."""
        return {"gpu": 0, "no-gpu": 1, "gpu-broken": 1}.get(self.status, 3)


def warning_text(d: dict[str, Any]) -> str:
    """A sample warning for people (CLI and Monitor): the known codes in the user's language, any other as the
    sample wrote it (docs/sample-protocol.md lists the codes)."""
    code = d.get("code")
    if code == "gpu-not-used":
        return tr("target", "An NVIDIA driver is installed and this TensorFlow is a CUDA build, but TensorFlow "
                            "registered no GPU: this run trains on the CPU. Usually a GPU library did not load; "
                            "`tfgpu-wizard verify` names it and says how to fix it.")
    if code == "memory-mode-no-effect" and d.get("mode"):
        return tr("target", "No GPU is in use, so --memory {mode} has no effect").format(mode=d["mode"])
    if code == "gpu-hidden":
        return tr("target", "CUDA_VISIBLE_DEVICES hides every GPU from TensorFlow: this run trains on the CPU. "
                            "Unset it (or set it to 0) to use the GPU.")
    if code == "xla-off-small-limit" and d.get("limit_mb") and d.get("need_mb"):
        return tr("target", "The memory limit ({limit} MB) is far below what this model needs at this batch (about "
                            "{need} MB before XLA's savings): with XLA the first step was seen to spin instead of "
                            "failing, so this run does not compile with XLA and ends with TensorFlow's "
                            "out-of-memory error instead.").format(limit=d["limit_mb"], need=d["need_mb"])
    return str(d.get("message", ""))


def keras_label(keras: dict[str, Any]) -> str | None:
    """The probe's ``keras.source`` in words (translated): the Keras that ``tf.keras`` is in that Python."""
    source = keras.get("source")
    if source == "tf_keras":
        return tr("target", "Keras 2 (tf-keras, TF_USE_LEGACY_KERAS=1)")
    if source == "tf.keras":
        return tr("target", "Keras 2 (tf.keras)")
    if source == "keras":
        return tr("target", "Keras 3")
    return None


def keras_legacy_problem(keras: dict[str, Any], tf_version: str | None = None) -> str | None:
    """What is wrong with a requested Keras 2 (TF_USE_LEGACY_KERAS=1), in words; None when nothing is."""
    problem = keras.get("legacy_problem")
    requirement = keras.get("tf_keras_requirement") or "tf-keras"
    if problem == "tf-keras-missing":
        return tr("target", "TF_USE_LEGACY_KERAS=1 asks for Keras 2, but tf-keras is not installed, so tf.keras "
                            "does not work: install it (pip install \"{requirement}\") or unset "
                            "TF_USE_LEGACY_KERAS to use Keras 3.").format(requirement=requirement)
    if problem == "tf-keras-mismatch":
        return tr("target", "tf-keras {tf_keras} does not match TensorFlow {tensorflow}: install "
                            "\"{requirement}\".").format(tf_keras=keras.get("tf_keras_version"),
                                                         tensorflow=tf_version or "?", requirement=requirement)
    return None


def probe_verdict(result: TargetResult) -> ProbeVerdict:
    """Turn a probe run into a verdict a beginner can read (strings translated, context "target")."""
    report = probe_report(result)
    if result.start_error:
        return ProbeVerdict("not-started", tr("target", "This Python could not be started: {error}").format(
            error=result.start_error), report=report)
    if result.timed_out:
        return ProbeVerdict("hung", tr("target", "The Python hung: the probe did not finish in {seconds:.0f} s "
                                                 "and was stopped.").format(seconds=result.duration_s),
                            report=report)
    tf_info = (report or {}).get("tensorflow") or {}
    if report is None or not tf_info.get("version"):
        if report is not None and tf_info.get("error"):
            return ProbeVerdict("no-tensorflow", tr("target", "This Python has no working TensorFlow: {error}").format(
                error=tf_info["error"]), report=report)
        return ProbeVerdict("crashed", tr("target", "The Python crashed while loading TensorFlow: it {end}.").format(
            end=result.describe_end()), report=report)
    version = tf_info["version"]
    gpus = report.get("gpus") or []
    matmul = report.get("matmul") or []
    gpu_mm = [m for m in matmul if str(m.get("device", "")).startswith("GPU")]
    details = [tr("target", "TensorFlow {version} in {location}").format(
        version=version, location=tf_info.get("location") or "?")]
    build = report.get("build_info") or {}
    if build.get("cuda_version"):
        details.append(tr("target", "built with CUDA {cuda}, cuDNN {cudnn}").format(
            cuda=build.get("cuda_version"), cudnn=build.get("cudnn_version", "?")))
    keras = report.get("keras") or {}
    if keras.get("version"):
        label = keras_label(keras)
        if label:
            details.append(tr("target", "Keras {version}: {label}").format(version=keras["version"], label=label))
        else:
            details.append(tr("target", "Keras {version} (Keras {major})").format(
                version=keras["version"], major=keras.get("major")))
    keras_problem = keras_legacy_problem(keras, version)
    if keras_problem:
        details.append(keras_problem)
    for m in matmul:
        if m.get("error"):
            details.append(tr("target", "matrix multiply on {device}: failed ({error})").format(
                device=m.get("device"), error=m["error"]))
        else:
            line = tr("target", "matrix multiply on {device}: {state}, {gflops:.0f} GFLOP/s").format(
                device=m.get("device"), state=tr("target", "correct") if m.get("ok") else tr("target", "WRONG"),
                gflops=m.get("gflops") or 0.0)
            if m.get("speedup_vs_cpu"):
                line += tr("target", ", {x:.1f}x the CPU").format(x=m["speedup_vs_cpu"])
            details.append(line)
    if gpus:
        names = ", ".join(f"{g.get('name') or g.get('device')} (CC {g.get('compute_capability') or '?'})"
                          for g in gpus)
        if gpu_mm and all(m.get("ok") for m in gpu_mm):
            best = max((m.get("speedup_vs_cpu") or 0.0) for m in gpu_mm)
            return ProbeVerdict("gpu", tr("target", "TensorFlow {version} uses your GPU(s): {names}; a matrix "
                                                    "multiply is correct and {x:.0f}x faster than on the CPU.").format(
                version=version, names=names, x=best), details=details, report=report)
        return ProbeVerdict("gpu-broken", tr("target", "TensorFlow {version} sees your GPU(s) ({names}) but a "
                                                       "computation on them failed or gave a wrong result.").format(
            version=version, names=names), details=details, report=report)
    reasons: list[str] = []
    visible = (report.get("env") or {}).get("CUDA_VISIBLE_DEVICES")
    if visible is not None and visible.strip() in ("", "-1"):
        reasons.append(tr("target", "CUDA_VISIBLE_DEVICES is set to {value!r}, which hides every GPU.").format(
            value=visible))
    if report.get("is_cuda_build") is False:
        python = report.get("python") or {}
        if python.get("platform") == "win32":
            reasons.append(tr("target", "This TensorFlow has no CUDA support: on native Windows the last GPU "
                                        "release was 2.10. Use WSL2, or TensorFlow 2.10 with Python 3.10 or older."))
        elif python.get("platform") == "darwin":
            reasons.append(tr("target", "TensorFlow has no NVIDIA GPU support on macOS."))
        else:
            reasons.append(tr("target", "This TensorFlow is a CPU-only build (for example tensorflow-cpu): "
                                        "install the GPU build, e.g. tensorflow[and-cuda]."))
    if not reasons:
        reasons.append(tr("target", "TensorFlow was built with CUDA but found no usable GPU: usually the driver "
                                    "or the CUDA/cuDNN libraries did not load. The error output below says which."))
    return ProbeVerdict("no-gpu", tr("target", "TensorFlow {version} works but sees no GPU.").format(version=version),
                        reasons=reasons, details=details, report=report)
