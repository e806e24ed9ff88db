"""The largest batch that fits, measured (issue 25): ``tfgpu-wizard fit`` and, later, the window's button.

A search in child processes: each probe is a short run of the bundled sample (``--steps 3 --memory limit
--memory-limit MB``) through ``core.target.runner``, so TensorFlow's own pool is capped at the limit the user
picks and a batch that does not fit ends in TensorFlow's out-of-memory error (the sample's exit 4, event
``error`` code ``oom``). The search needs few probes: it starts at the batch the prediction says is the
largest (``core.flows.predict``), grows or shrinks by x1.25, then by doubling, until
one probe fits and one does not, then halves the gap until it is within ``tolerance`` of the batch (and at
least ``multiple``). The steps are x1.25 first (a prediction is usually that close), then doubling. It ends with "batch N fits, N+k runs out of memory" and the headroom left under the limit.

Probes that stall are counted as "does not fit", with a note: with XLA on and a too-small limit, TensorFlow
2.21's first step can spin instead of raising out of memory (docs/h200-results.md); every probe has its own
timeout (``probe_timeout``, passed to the sample's watchdog too) and its process group is killed at the end
of the probe, of the search, or on cancel: no child is left behind.

Without a GPU (NVML finds none, or TensorFlow in that Python registers none) the flow says why it cannot
measure and returns the prediction only (the largest batch predicted under the limit, when one is given).

The flow is a generator: it yields ``Progress`` (kinds: ``phase``, ``waiting``, ``probe`` with data=batch,
``probe-done`` with data=Probe, ``prediction`` with data=Prediction) and returns a ``FitResult``.
"""

from __future__ import annotations

import math
import queue
import threading
import time
from collections.abc import Generator, Sequence
from dataclasses import dataclass, field
from typing import Any

from tfgpu_wizard.core.flows.predict import (
    MIB,
    Prediction,
    Progress,
    _reserve_mib,
    is_cancelled,
    predict_flow,
)
from tfgpu_wizard.core.i18n import tr

CTX = "memory"  # the translation context (resources/i18n/memory_zh_CN.ts), as core.flows.predict

# The first step of a probe: import + tracing + (with XLA) compilation and cuDNN autotuning. On the H200 with
# XLA: 10-30 s (docs/h200-results.md); without XLA a few seconds. The timeout is the first step's allowance
# plus TensorFlow's import.
PROBE_TIMEOUT_XLA_S = 150.0
PROBE_TIMEOUT_S = 90.0
REFERENCE_BATCH = 256  # the batch the prediction is made at (it scales linearly; see Prediction.at_batch)


@dataclass
class GpuFacts:
    """The GPU the probes run on, as NVML saw it before the search."""

    index: int
    name: str
    total_mib: float | None
    free_mib: float | None
    cc_major: int | None


def find_gpu(index: int = 0) -> tuple[GpuFacts | None, str]:
    """The NVML GPU ``index`` (free memory now), or None and why not, in words."""
    from tfgpu_wizard.core.monitor import nvml

    devices = nvml.devices()
    if not devices:
        reason = tr("monitor", devices.reason) if nvml.is_na(devices) else tr(CTX, "no NVIDIA GPU was found")
        return None, reason
    dev = next((d for d in devices if d.index == index), None)
    if dev is None:
        return None, tr(CTX, "there is no GPU {index} (NVML sees {count})").format(index=index, count=len(devices))
    mem = nvml.read_memory(index)
    free = mem.free / MIB if mem else None
    try:
        cc = int(str(dev.compute_capability).split(".")[0]) if dev.compute_capability else None
    except ValueError:
        cc = None
    total = dev.memory_total / MIB if dev.memory_total else None
    return GpuFacts(index, dev.name, total, free, cc), ""


@dataclass
class Probe:
    batch: int
    outcome: str  # fits | oom | stalled | no-gpu | error | cancelled
    tf_peak_bytes: int | None = None
    seconds: float = 0.0
    detail: str = ""

    @property
    def fits(self) -> bool:
        return self.outcome == "fits"

    def to_dict(self) -> dict[str, Any]:
        return {"batch": self.batch, "outcome": self.outcome, "tf_peak_bytes": self.tf_peak_bytes,
                "seconds": round(self.seconds, 2), "detail": self.detail}


@dataclass
class PrecisionFit:
    """The search for one precision."""

    precision: str
    prediction: Prediction | None = None
    predicted_batch: int | None = None  # the largest batch the prediction says fits under the limit
    probes: list[Probe] = field(default_factory=list)
    largest_fit: int | None = None
    smallest_fail: int | None = None
    fail_outcome: str = ""  # oom | stalled
    notes: list[str] = field(default_factory=list)

    def fitting_peak(self) -> int | None:
        return next((p.tf_peak_bytes for p in self.probes if p.fits and p.batch == self.largest_fit), None)

    def headroom_bytes(self, limit_mb: float | None) -> int | None:
        peak = self.fitting_peak()
        return None if peak is None or not limit_mb else int(limit_mb * MIB) - peak

    def sentence(self, limit_mb: float | None, lang: str | None = None) -> str:
        """"batch N fits, N+k runs out of memory; headroom ..." (or what is known), translated."""
        name = self.precision
        if self.largest_fit is None and self.smallest_fail is None:
            if self.predicted_batch is not None and limit_mb:
                return tr(CTX, "{precision}: predicted largest batch {batch} under {limit} MB (not measured)",
                          lang).format(precision=name, batch=f"{self.predicted_batch:,}", limit=f"{limit_mb:,.0f}")
            per = (self.prediction.scaling.get("step_per_sample") if self.prediction else None)
            fixed = (self.prediction.scaling.get("step_fixed") if self.prediction else None)
            if isinstance(per, (int, float)) and isinstance(fixed, (int, float)):
                return tr(CTX, "{precision}: each sample of the batch adds {kib} KiB to {fixed} MiB of weights and "
                               "optimizer state (not measured; give a memory limit for the largest batch)",
                          lang).format(precision=name, kib=f"{per / 1024:,.0f}", fixed=f"{fixed / MIB:,.1f}")
            return tr(CTX, "{precision}: not measured", lang).format(precision=name)
        fail = (tr(CTX, "runs out of memory", lang) if self.fail_outcome != "stalled"
                else tr(CTX, "stalls (counted as not fitting)", lang))
        if self.largest_fit is None:
            return tr(CTX, "{precision}: even batch {fail_batch} {fail} under {limit} MB", lang).format(
                precision=name, fail_batch=f"{self.smallest_fail:,}", fail=fail, limit=f"{limit_mb:,.0f}")
        text = tr(CTX, "{precision}: batch {batch} fits", lang).format(precision=name, batch=f"{self.largest_fit:,}")
        if self.smallest_fail is not None:
            text += ", " + tr(CTX, "{fail_batch} {fail}", lang).format(fail_batch=f"{self.smallest_fail:,}", fail=fail)
        else:
            text += " " + tr(CTX, "(the largest batch tried)", lang)
        head = self.headroom_bytes(limit_mb)
        if head is not None:
            text += "; " + tr(CTX, "headroom {free} MiB of the {limit} MB limit (TensorFlow's peak {peak} MiB)",
                              lang).format(free=f"{head / MIB:,.0f}", limit=f"{limit_mb:,.0f}",
                                           peak=f"{(self.fitting_peak() or 0) / MIB:,.0f}")
        if self.predicted_batch is not None and self.largest_fit:
            err = (self.predicted_batch - self.largest_fit) / self.largest_fit * 100.0
            text += "; " + tr(CTX, "predicted {batch} ({err:+.0f}%)", lang).format(
                batch=f"{self.predicted_batch:,}", err=err)
        return text

    def to_dict(self, limit_mb: float | None = None) -> dict[str, Any]:
        return {"precision": self.precision, "largest_fit": self.largest_fit, "smallest_fail": self.smallest_fail,
                "fail_outcome": self.fail_outcome or None, "predicted_batch": self.predicted_batch,
                "headroom_bytes": self.headroom_bytes(limit_mb), "tf_peak_bytes": self.fitting_peak(),
                "probes": [p.to_dict() for p in self.probes], "notes": list(self.notes),
                "prediction": self.prediction.to_dict() if self.prediction else None}


@dataclass
class FitResult:
    model: str
    dataset: str
    limit_mb: float | None
    jit: str
    measured: bool
    reason: str = ""  # why nothing was measured (no GPU ...), in words
    gpu: GpuFacts | None = None
    fits: list[PrecisionFit] = field(default_factory=list)
    error: str | None = None  # the search stopped on an error (not out of memory), in words
    cancelled: bool = False
    seconds: float = 0.0

    def lines(self, lang: str | None = None) -> list[str]:
        out = [f.sentence(self.limit_mb, lang) for f in self.fits]
        if not self.measured and self.reason:
            out.insert(0, tr(CTX, "Cannot measure here: {reason}. The prediction only:", lang).format(
                reason=self.reason))
        if self.error:
            out.append(tr(CTX, "The search stopped: {error}", lang).format(error=self.error))
        if self.cancelled:
            out.append(tr(CTX, "The search was cancelled.", lang))
        return out

    def to_dict(self) -> dict[str, Any]:
        return {"model": self.model, "dataset": self.dataset, "limit_mb": self.limit_mb, "jit": self.jit,
                "measured": self.measured, "reason": self.reason or None,
                "gpu": vars(self.gpu) if self.gpu else None, "error": self.error, "cancelled": self.cancelled,
                "seconds": round(self.seconds, 1), "fits": [f.to_dict(self.limit_mb) for f in self.fits]}


def _round_down(n: float, multiple: int) -> int:
    return max(multiple, int(n) // multiple * multiple)


def _round_up(n: float, multiple: int) -> int:
    return max(multiple, int(math.ceil(n / multiple)) * multiple)


def default_limit_mb(gpu: GpuFacts) -> float | None:
    """What TensorFlow's default mode would take on that GPU now: the free memory less its reserve."""
    if gpu.free_mib is None:
        return None
    return max(0.0, gpu.free_mib - _reserve_mib(gpu.cc_major, gpu.free_mib))


def probe_config(model: str, batch: int, precision: str, limit_mb: float, *, dataset: str = "cifar10",
                 jit: str = "auto", steps: int = 3, gpu_index: int = 0, timeout: float = PROBE_TIMEOUT_S,
                 python_keras2: bool = False) -> Any:
    """The sample's configuration for one probe: a few steps under TensorFlow's memory limit."""
    from tfgpu_wizard.core.target.runner import SampleConfig

    return SampleConfig(model=model, dataset=dataset, batch_size=int(batch), steps=steps, log_every=1,
                        memory="limit", memory_limit=str(int(limit_mb)), devices=f"gpu:{gpu_index}",
                        precision=precision, jit=jit, keras2=python_keras2,
                        extra_args=["--stall-warn", str(int(timeout)), "--stall-limit", str(int(timeout))])


def _classify(result: Any) -> Probe:
    """A finished probe run -> its outcome (fits / oom / stalled / no-gpu / error)."""
    from tfgpu_wizard.core.monitor.progress import progress_memory

    devices = result.last("devices")
    if devices is not None and not devices.get("gpus"):
        return Probe(0, "no-gpu", detail=tr(CTX, "TensorFlow in this Python registered no GPU"))
    summary = result.last("summary")
    err = result.error_event()
    peaks = [progress_memory(e.data)[1] for e in result.events if e.type in ("progress", "summary")]
    peaks = [int(p) for p in peaks if isinstance(p, (int, float)) and p > 0]
    peak = max(peaks) if peaks else None
    if summary is not None and result.returncode == 0:
        return Probe(0, "fits", peak)
    code = err.get("code") if err is not None else None
    if code == "gpu-not-found":  # --devices gpu:N and TensorFlow registered no such GPU
        return Probe(0, "no-gpu", detail=str(err.get("message", "")))
    if code == "oom" or result.returncode == 4:
        return Probe(0, "oom", peak, detail=str(err.get("message", "")) if err is not None else "")
    if code == "stalled" or result.timed_out or result.stalled:
        return Probe(0, "stalled", peak, detail=result.describe_end())
    message = str(err.get("message")) if err is not None and err.get("message") else result.describe_end()
    return Probe(0, "error", peak, detail=message)


def _run_probe(config: Any, python: str | None, timeout: float,
               cancel: threading.Event | None) -> Generator[Progress, None, Probe]:
    from tfgpu_wizard.core.target.runner import SAMPLE_SCRIPT, TargetRun

    run = TargetRun(SAMPLE_SCRIPT, config.to_argv(), python=python, timeout=timeout + 30.0)
    t0 = time.monotonic()
    run.start()
    next_note = 10.0
    try:
        while run.is_running():
            if is_cancelled(cancel):
                run.stop(grace=3.0, reason="cancelled")
                return Probe(config.batch_size, "cancelled", seconds=time.monotonic() - t0)
            try:
                ev = run.events.get(timeout=0.1)
            except queue.Empty:
                ev = None
            if ev is not None and ev.type == "devices" and not ev.get("gpus"):
                run.stop(grace=3.0, reason="no GPU")  # it would train on the CPU: not a measurement
                break
            elapsed = time.monotonic() - t0
            if elapsed >= next_note:
                next_note += 10.0
                yield Progress("waiting", tr(CTX, "batch {batch}: {seconds:.0f} s").format(
                    batch=f"{config.batch_size:,}", seconds=elapsed), data=elapsed)
        result = run.wait()
    finally:
        if run.is_running():
            run.stop(grace=3.0)
    probe = _classify(result)
    probe.batch = config.batch_size
    probe.seconds = time.monotonic() - t0
    return probe


def fit_flow(model: str = "resnet20", precisions: Sequence[str] = ("fp32", "mixed_float16"),
             limit_mb: float | None = None, python: str | None = None, *, dataset: str = "cifar10",
             jit: str = "auto", keras2: bool = False, steps: int = 3, multiple: int = 8, tolerance: float = 0.05,
             max_batch: int = 1 << 16, max_probes: int = 8, probe_timeout: float | None = None,
             gpu_index: int = 0, gpu: GpuFacts | None | str = "detect", predict_timeout: float = 300.0,
             cancel: threading.Event | None = None) -> Generator[Progress, None, FitResult]:
    """Find the largest batch of ``model`` that trains under ``limit_mb`` (MB of TensorFlow's pool) for each
    precision. ``gpu="detect"`` asks NVML; pass a GpuFacts (or None: no GPU) to decide it yourself."""
    t_start = time.monotonic()
    reason = ""
    if isinstance(gpu, str):
        gpu, reason = find_gpu(gpu_index)
    elif gpu is None:
        reason = tr(CTX, "no NVIDIA GPU was found")
    if limit_mb is None and gpu is not None:
        limit_mb = default_limit_mb(gpu)
    timeout = probe_timeout or (PROBE_TIMEOUT_S if jit == "off" else PROBE_TIMEOUT_XLA_S)
    xla = jit == "on" or (jit == "auto" and not keras2)
    result = FitResult(model, dataset, limit_mb, jit, measured=gpu is not None, reason=reason, gpu=gpu,
                       fits=[PrecisionFit(p) for p in precisions])
    # 1. the prediction (TensorFlow on the CPU), which seeds the search
    specs = [{"model": model, "dataset": dataset, "batch_size": REFERENCE_BATCH, "precision": p, "xla": xla}
             for p in precisions]
    predicted = yield from predict_flow(specs, python, timeout=predict_timeout, keras2=keras2, cancel=cancel)
    if predicted.cancelled:
        result.cancelled = True
        return result
    for fit, pred, err in zip(result.fits, predicted.predictions, predicted.errors, strict=True):
        fit.prediction = pred
        if pred is not None:
            yield Progress("prediction", pred.line(), data=pred)
            if limit_mb:
                fit.predicted_batch = pred.largest_batch(int(limit_mb * MIB), 1)
        elif err or predicted.error:
            fit.notes.append(err or predicted.error or "")
    if predicted.error and gpu is None:
        result.error = predicted.error
    if gpu is None or not limit_mb:
        if gpu is not None and not limit_mb:
            result.measured = False
            result.reason = tr(CTX, "the GPU's free memory is not known: give a limit")
        result.seconds = time.monotonic() - t_start
        return result
    # 2. the search, one precision after the other
    if gpu.free_mib is not None and limit_mb > gpu.free_mib:
        note = tr(CTX, "the limit ({limit} MB) is more than the GPU has free now ({free} MiB): a batch near it can "
                       "fail for lack of free memory rather than the limit").format(
            limit=f"{limit_mb:,.0f}", free=f"{gpu.free_mib:,.0f}")
        for fit in result.fits:
            fit.notes.append(note)
    for fit in result.fits:
        yield Progress("phase", tr(CTX, "Searching the largest batch for {precision} under {limit} MB ...").format(
            precision=fit.precision, limit=f"{limit_mb:,.0f}"), data=fit.precision)
        stop = yield from _search(fit, model, limit_mb, python, dataset=dataset, jit=jit, keras2=keras2, steps=steps,
                                  multiple=multiple, tolerance=tolerance, max_batch=max_batch, max_probes=max_probes,
                                  timeout=timeout, gpu_index=gpu_index, cancel=cancel)
        if stop == "cancelled":
            result.cancelled = True
            break
        if stop == "no-gpu":
            result.measured = False
            result.reason = tr(CTX, "TensorFlow in this Python registered no GPU (`tfgpu-wizard verify` says why)")
            break
        if stop:
            result.error = stop
            break
    result.seconds = time.monotonic() - t_start
    return result


class BatchSearch:
    """The search's arithmetic, apart from running anything: exponential steps from the seed until one batch
    fits and one does not, then halving the gap until it is within ``tolerance`` of the batch (and at least
    ``multiple``). ``next()`` gives the batch to try (None: done), ``record(batch, fits)`` what it did."""

    def __init__(self, seed: int, *, multiple: int = 8, tolerance: float = 0.05, max_batch: int = 1 << 16,
                 max_probes: int = 8) -> None:
        self.multiple = max(1, int(multiple))
        self.tolerance = tolerance
        self.max_batch = _round_down(max_batch, self.multiple)
        self.max_probes = max_probes
        self.lo: int | None = None  # largest batch that fitted
        self.hi: int | None = None  # smallest batch that did not
        self.tried: list[int] = []
        self._factor = 1.25
        self._next: int | None = min(_round_down(max(1, seed), self.multiple), self.max_batch)

    def next(self) -> int | None:
        if len(self.tried) >= self.max_probes or self._next is None or self._next in self.tried:
            return None
        return self._next

    def record(self, batch: int, fits: bool) -> None:
        self.tried.append(batch)
        if fits:
            self.lo = batch if self.lo is None else max(self.lo, batch)
        else:
            self.hi = batch if self.hi is None else min(self.hi, batch)
        m = self.multiple
        if self.hi is None:  # everything so far fitted: grow
            self._next = None if batch >= self.max_batch else min(_round_up(batch * self._factor, m), self.max_batch)
            self._factor = 2.0  # x1.25 first (a prediction is usually that close), then doubling
        elif self.lo is None:  # everything so far failed: shrink
            self._next = None if batch <= m else _round_down(batch / self._factor, m)
            self._factor = 2.0
        elif self.hi - self.lo <= max(m, _round_up(self.lo * self.tolerance, m)):
            self._next = None  # bracketed closely enough
        else:
            mid = _round_down((self.lo + self.hi) / 2, m)
            self._next = mid if self.lo < mid < self.hi else None


def _search(fit: PrecisionFit, model: str, limit_mb: float, python: str | None, *, dataset: str, jit: str,
            keras2: bool, steps: int, multiple: int, tolerance: float, max_batch: int, max_probes: int,
            timeout: float, gpu_index: int, cancel: threading.Event | None) -> Generator[Progress, None, str]:
    """Run the probes the BatchSearch asks for. Returns "" when done, else "cancelled", "no-gpu" or an error
    message (a probe that failed for another reason than memory)."""
    search = BatchSearch(fit.predicted_batch or REFERENCE_BATCH, multiple=multiple, tolerance=tolerance,
                         max_batch=max_batch, max_probes=max_probes)
    outcome_at: dict[int, str] = {}
    try:
        while (batch := search.next()) is not None:
            yield Progress("probe", tr(CTX, "{precision}: trying batch {batch} ...").format(
                precision=fit.precision, batch=f"{batch:,}"), data=batch)
            cfg = probe_config(model, batch, fit.precision, limit_mb, dataset=dataset, jit=jit, steps=steps,
                               gpu_index=gpu_index, timeout=timeout, python_keras2=keras2)
            probe = yield from _run_probe(cfg, python, timeout, cancel)
            fit.probes.append(probe)
            yield Progress("probe-done", _probe_words(fit.precision, probe), data=probe)
            if probe.outcome == "cancelled":
                return "cancelled"
            if probe.outcome == "no-gpu":
                return "no-gpu"
            if probe.outcome == "error":
                return tr(CTX, "batch {batch} failed for another reason than memory: {detail}").format(
                    batch=f"{batch:,}", detail=probe.detail)
            outcome_at[batch] = probe.outcome
            if probe.outcome == "stalled":
                note = tr(CTX, "batch {batch} stalled in its first step (XLA can spin instead of running out of "
                               "memory): counted as not fitting").format(batch=f"{batch:,}")
                fit.notes.append(note)
            search.record(batch, probe.fits)
        return ""
    finally:
        fit.largest_fit, fit.smallest_fail = search.lo, search.hi
        fit.fail_outcome = outcome_at.get(search.hi, "") if search.hi is not None else ""


def _probe_words(precision: str, probe: Probe) -> str:
    words = {"fits": tr(CTX, "fits"), "oom": tr(CTX, "out of memory"), "stalled": tr(CTX, "stalled"),
             "no-gpu": tr(CTX, "no GPU"), "error": tr(CTX, "failed"), "cancelled": tr(CTX, "cancelled")}
    text = tr(CTX, "{precision}: batch {batch} {outcome} ({seconds:.0f} s)").format(
        precision=precision, batch=f"{probe.batch:,}", outcome=words.get(probe.outcome, probe.outcome),
        seconds=probe.seconds)
    if probe.tf_peak_bytes:
        text += " · " + tr(CTX, "TensorFlow's peak {peak} MiB").format(peak=f"{probe.tf_peak_bytes / MIB:,.0f}")
    return text


def fit(*args: Any, **kwargs: Any) -> FitResult:
    """``fit_flow`` driven to its end in this thread."""
    flow = fit_flow(*args, **kwargs)
    while True:
        try:
            next(flow)
        except StopIteration as stop:
            return stop.value
