"""Predict a training run's GPU memory before it runs, and score the prediction after it (issue 25).

The prediction is made in the *target* interpreter by ``target/estimate.py`` (TensorFlow builds the model on
the CPU; no GPU is touched), through ``core.target.runner``'s process machinery with a timeout. This module
turns its JSON into typed parts and says them in words; the app never imports TensorFlow.

API::

    spec = spec_for(sample_config)                       # {"model", "dataset", "batch_size", "precision", "xla"}
    result = predict([spec], python=..., timeout=300)    # PredictResult: .predictions, .error
    p = result.predictions[0]                            # Prediction: parts, tf_peak_bytes, needed_bytes
    p.line()                                             # "Predicted peak 1,663 MiB in TensorFlow's pool: ..."
    p.at_batch(2048)                                     # (needed, tf_peak) bytes at another batch, no TensorFlow
    p.largest_batch(limit_bytes)                         # the largest batch whose need fits under a limit
    p.nvml_expected("growth")                            # what NVML should show for the process, in words
    s = score(p, tf_peak=..., nvml_peak=...)             # Score: error_pct (vs TensorFlow's measured peak)

    for item in predict_flow([spec], python=...): ...    # the same as a flow: Progress items, then the result

A flow is a generator that yields ``Progress`` and returns its result (the shape of ``core.flows.base`` on the
flows branch, issue 21: ``Progress`` here has the same fields, so the two meet without change of callers).

The sample emits the same prediction as an ``estimate`` event before its first step (it calls
``estimate.estimate_model``): ``prediction_from_event`` reads both.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Generator, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from tfgpu_wizard.core.i18n import N_, tr
from tfgpu_wizard.core.monitor.progress import progress_memory

CTX = "memory"
ESTIMATE_SCRIPT = "estimate.py"
MIB = 1024 * 1024
DEFAULT_TIMEOUT_S = 300.0  # a TensorFlow import (up to a minute on a slow disk) and building the models
GOAL_PCT = 15.0  # the goal of issue 25: within +-15 % of TensorFlow's measured peak

# Part name -> label, translated where shown (context "memory").
PART_LABELS = {
    "weights": N_("weights"),
    "weight_copies": N_("16-bit weight copies"),
    "gradients": N_("gradients"),
    "optimizer": N_("optimizer slots"),
    "activations": N_("activations"),
    "backward": N_("backward working set"),
    "input": N_("input batch"),
    "xla_autotune": N_("XLA autotuning"),
    "cuda_context": N_("CUDA context"),
    "libraries": N_("cuDNN/cuBLAS"),
    "reserve": N_("TensorFlow's reserve"),
}


@dataclass(frozen=True)
class Progress:
    """One thing a flow reports while it works (the same fields as ``core.flows.base.Progress``)."""

    kind: str
    text: str = ""
    done: float | None = None
    total: float | None = None
    data: Any = None


def is_cancelled(cancel: threading.Event | None) -> bool:
    return cancel is not None and cancel.is_set()


def _mib(n: float | None) -> str:
    return "?" if n is None else f"{n / MIB:,.0f}"


@dataclass(frozen=True)
class Part:
    name: str
    bytes: int
    what: str = ""  # the estimator's English explanation (with numbers)
    source: str = ""  # where the number comes from: "computed from the model", measured, fitted, TF's source

    @property
    def mib(self) -> float:
        return self.bytes / MIB

    def label(self, lang: str | None = None) -> str:
        return tr(CTX, PART_LABELS[self.name], lang) if self.name in PART_LABELS else self.name


@dataclass
class Prediction:
    """What ``target/estimate.py`` predicted for one configuration."""

    model: str
    batch_size: int
    precision: str
    xla: bool
    parts: list[Part]  # inside TensorFlow's pool: they add up to tf_peak_bytes
    outside: list[Part]  # on top of the pool in NVML (context, libraries) and TF's reserve
    tf_peak_bytes: int  # what get_memory_info's peak should show with memory to spare
    needed_bytes: int  # the training step itself: what must fit under a limit
    params: int = 0
    trainable_params: int = 0
    optimizer_slots: int = 1
    notes: list[str] = field(default_factory=list)
    scaling: dict[str, Any] = field(default_factory=dict)
    raw: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Prediction:
        """From estimate.py's JSON (or the sample's ``estimate`` event). Raises ValueError when malformed."""
        try:
            parts = [Part(str(p["name"]), int(p["bytes"]), str(p.get("what", "")), str(p.get("source", "")))
                     for p in d["parts"]]
            outside = [Part(str(p["name"]), int(p["bytes"]), str(p.get("what", "")), str(p.get("source", "")))
                       for p in d.get("outside_pool") or ()]
            return cls(
                model=str(d.get("model") or ""), batch_size=int(d["batch_size"]),
                precision=str(d.get("precision") or "fp32"), xla=bool(d.get("xla", True)), parts=parts,
                outside=outside, tf_peak_bytes=int(d["tf_peak_bytes"]),
                needed_bytes=int(d.get("needed_bytes", d["tf_peak_bytes"])), params=int(d.get("params") or 0),
                trainable_params=int(d.get("trainable_params") or 0),
                optimizer_slots=int(d.get("optimizer_slots", 1)),
                notes=[str(n) for n in d.get("notes") or ()], scaling=dict(d.get("scaling") or {}), raw=dict(d),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"not an estimate: {exc}") from None

    def to_dict(self) -> dict[str, Any]:
        """The estimate as estimate.py wrote it (what a run record keeps)."""
        if self.raw:
            return dict(self.raw)
        return {"type": "estimate", "model": self.model, "batch_size": self.batch_size, "precision": self.precision,
                "xla": self.xla, "tf_peak_bytes": self.tf_peak_bytes, "needed_bytes": self.needed_bytes,
                "parts": [vars(p) for p in self.parts], "outside_pool": [vars(p) for p in self.outside]}

    def part(self, name: str) -> Part | None:
        return next((p for p in self.parts + self.outside if p.name == name), None)

    @property
    def outside_pool_bytes(self) -> int:
        """CUDA context + libraries: what NVML shows for the process on top of TensorFlow's pool."""
        return sum(p.bytes for p in self.outside if p.name in ("cuda_context", "libraries"))

    def at_batch(self, batch: int) -> tuple[int, int]:
        """(needed, tf_peak) bytes at another batch size, from the estimate's straight lines (no TensorFlow)."""
        s = self.scaling
        try:
            needed = int(s["step_fixed"] + s["step_per_sample"] * batch)
        except (KeyError, TypeError):  # an estimate without scaling: proportional, the safe side
            needed = int(self.needed_bytes * batch / max(1, self.batch_size))
        peak = needed
        if s.get("autotune_fixed") is not None and s.get("autotune_per_sample") is not None:
            peak = max(needed, int(s["autotune_fixed"] + s["autotune_per_sample"] * batch))
        return needed, peak

    def largest_batch(self, limit_bytes: int, multiple: int = 1) -> int:
        """The largest batch (a multiple of ``multiple``) whose training step fits in ``limit_bytes`` of pool."""
        s = self.scaling
        try:
            fixed, per = float(s["step_fixed"]), float(s["step_per_sample"])
        except (KeyError, TypeError):
            fixed, per = 0.0, self.needed_bytes / max(1, self.batch_size)
        if per <= 0 or limit_bytes <= fixed:
            return 0
        n = int((limit_bytes - fixed) // per)
        return max(0, n - n % max(1, multiple))

    def line(self, lang: str | None = None) -> str:
        """One line: the predicted peak and its parts (what ``sample`` and ``record`` print before the run)."""
        parts = " + ".join(f"{p.label(lang)} {_mib(p.bytes)}" for p in self.parts if p.bytes >= MIB // 2)
        text = tr(CTX, "Predicted for batch {batch} ({precision}): peak {peak} MiB in TensorFlow's pool ({parts} "
                       "MiB), plus about {outside} MiB of CUDA context and libraries outside it", lang).format(
            batch=f"{self.batch_size:,}", precision=self.precision, peak=_mib(self.tf_peak_bytes),
            parts=parts or "0", outside=_mib(self.outside_pool_bytes))
        if self.needed_bytes < self.tf_peak_bytes:
            text += "; " + tr(CTX, "the step itself needs {needed} MiB", lang).format(needed=_mib(self.needed_bytes))
        return text

    def nvml_expected(self, mode: str, limit_mb: float | None = None, free_mib: float | None = None,
                      cc_major: int | None = None, lang: str | None = None) -> NvmlExpectation:
        """What NVML should show for the training process in memory mode ``mode`` (TensorFlow)."""
        outside = self.outside_pool_bytes
        if mode == "limit" and limit_mb:
            level = outside + int(limit_mb * MIB)
            return NvmlExpectation(level, level, tr(CTX, "about {mib} MiB: the {limit} MB limit (TensorFlow's "
                                                         "pool) plus the CUDA context and libraries", lang).format(
                mib=_mib(level), limit=f"{limit_mb:,.0f}"))
        if mode == "default":
            if free_mib:
                reserve = _reserve_mib(cc_major, free_mib)
                level = outside + int((free_mib - reserve) * MIB)
                return NvmlExpectation(level, level, tr(CTX, "about {mib} MiB: the free memory less TensorFlow's "
                                                             "{reserve} MiB reserve, whatever the model needs",
                                                        lang).format(mib=_mib(level), reserve=f"{reserve:,}"))
            return NvmlExpectation(None, None, tr(CTX, "nearly the whole card, whatever the model needs", lang))
        # growth: the pool grows in steps that double, so NVML shows more than TensorFlow's peak
        low = outside + self.tf_peak_bytes
        high = outside + int(GROWTH_POOL_RATIO[1] * self.tf_peak_bytes)
        return NvmlExpectation(low, high, tr(CTX, "between {low} and {high} MiB: TensorFlow's pool grows in steps "
                                                  "that double, so it holds up to {ratio:.1f}x its peak", lang).format(
            low=_mib(low), high=_mib(high), ratio=GROWTH_POOL_RATIO[1]))


# NVML's process memory less 630 MiB (context + libraries), over TensorFlow's peak, in the H200 growth runs
# (docs/h200-results.md): ResNet-20 fp32 3,712/1,658 = 2.24, mixed_float16 1.86, mixed_bfloat16 1.98, CNN 2.37.
GROWTH_POOL_RATIO = (1.0, 2.5)


def _reserve_mib(cc_major: int | None, available_mib: float | None) -> int:
    """TensorFlow's MinSystemMemory (gpu_device.cc), as target/estimate.py's tf_reserve_mib says."""
    if available_mib is not None and available_mib < 2048:
        return 225
    if cc_major is None or cc_major >= 8:
        return 1536
    return 1050 if cc_major >= 7 else 500


@dataclass(frozen=True)
class NvmlExpectation:
    low: int | None  # bytes
    high: int | None
    text: str


@dataclass
class PredictResult:
    """The predictions of one estimate.py run, in the order of the specs (None where one failed)."""

    predictions: list[Prediction | None]
    errors: list[str | None]  # per spec: the estimator's message, in English
    error: str | None = None  # the whole run failed (no TensorFlow, a crash, a timeout), in words
    cancelled: bool = False
    versions: dict[str, Any] = field(default_factory=dict)
    stderr_tail: str = ""

    @property
    def ok(self) -> bool:
        return self.error is None and all(p is not None for p in self.predictions)


def xla_for(config: Any) -> bool:
    """Whether the sample's step is XLA-compiled for ``config`` (a SampleConfig): ``--jit on``, or ``auto`` with
    Keras 3 (its ``jit_compile="auto"`` compiles on a GPU; Keras 2 does not)."""
    jit = getattr(config, "jit", "auto")
    if jit == "on":
        return True
    if jit == "off":
        return False
    return not getattr(config, "keras2", False)


def spec_for(config: Any, batch_size: int | None = None, precision: str | None = None) -> dict[str, Any]:
    """The estimator's spec for a SampleConfig (the bundled model at its batch, precision and dataset)."""
    return {"model": config.model, "dataset": config.dataset,
            "batch_size": int(batch_size if batch_size is not None else config.batch_size),
            "precision": precision or config.precision, "xla": xla_for(config)}


def spec_for_record(record: Any) -> dict[str, Any] | None:
    """The estimator's spec for what a recorded run really ran (a ``core.monitor.runs.RunRecord`` of the bundled
    TensorFlow sample), None for other runs. XLA: ``--jit on``, or ``auto`` on a GPU where the sample did not turn
    it off (its ``xla-off-cudnn`` warning); the batch is the one the sample used (``devices.global_batch``)."""
    cfg = record.config
    if (cfg.get("backend") or "tensorflow") != "tensorflow" or not cfg.get("model"):
        return None
    events = [e for _, e in record.events if isinstance(e, dict)]
    summary = next((e for e in events if e.get("type") == "summary"), {})
    devices = next((e for e in events if e.get("type") == "devices"), {})
    jit = summary.get("jit") or cfg.get("jit", "auto")
    if jit == "on":
        xla = True
    elif jit == "off" or cfg.get("keras2"):
        xla = False
    elif any(e.get("type") == "warning" and e.get("code") == "xla-off-cudnn" for e in events):
        xla = False
    else:
        xla = bool(devices.get("gpus")) or not devices  # auto compiles on a GPU (no devices event: assume one)
    try:
        batch = int(devices.get("global_batch") or cfg["batch_size"])
    except (KeyError, TypeError, ValueError):
        return None
    return {"model": str(cfg["model"]), "dataset": str(cfg.get("dataset") or "cifar10"), "batch_size": batch,
            "precision": str(cfg.get("precision") or "fp32"), "xla": xla}


def _read_output(events: Iterable[Any], n: int) -> tuple[list[Prediction | None], list[str | None], dict]:
    preds: list[Prediction | None] = [None] * n
    errs: list[str | None] = [None] * n
    versions: dict[str, Any] = {}
    for ev in events:
        data = getattr(ev, "data", ev)
        kind = getattr(ev, "type", data.get("type") if isinstance(data, dict) else None)
        if kind not in ("estimate", "estimates") or not isinstance(data, dict):
            continue
        versions = dict(data.get("versions") or {})
        items = data.get("estimates") if kind == "estimates" else [data]
        for i, item in enumerate(items or ()):
            if i >= n:
                break
            if isinstance(item, dict) and item.get("error"):
                err = item["error"]
                errs[i] = str(err.get("message") if isinstance(err, dict) else err)
                continue
            try:
                preds[i] = Prediction.from_dict(item)
            except ValueError as exc:
                errs[i] = str(exc)
    return preds, errs, versions


def predict_flow(specs: list[dict[str, Any]], python: str | None = None, *, timeout: float = DEFAULT_TIMEOUT_S,
                 env: dict[str, str] | None = None, keras2: bool = False,
                 cancel: threading.Event | None = None) -> Generator[Progress, None, PredictResult]:
    """Run the estimator once for every spec (one TensorFlow import). Yields ``Progress("phase", data="predict")``
    and ``Progress("waiting", data=elapsed_s)`` every 5 s; returns a PredictResult. Cancelling stops the child."""
    import time

    from tfgpu_wizard.core.target.runner import TargetRun

    args = ["--specs-json", json.dumps(specs)]
    if keras2:
        args.append("--keras2")
    run = TargetRun(ESTIMATE_SCRIPT, args, python=python, timeout=timeout, env=env)
    yield Progress("phase", tr(CTX, "Predicting the memory in the target Python (TensorFlow on the CPU) ..."),
                   data="predict")
    run.start()
    t0 = time.monotonic()
    next_note = 5.0
    try:
        while run.is_running():
            if is_cancelled(cancel):
                result = run.stop(grace=3.0, reason="cancelled")
                return PredictResult([None] * len(specs), [None] * len(specs),
                                     error=tr(CTX, "The prediction was cancelled."), cancelled=True)
            time.sleep(0.1)
            elapsed = time.monotonic() - t0
            if elapsed >= next_note:
                next_note += 5.0
                yield Progress("waiting", tr(CTX, "still predicting ({seconds:.0f} s)").format(seconds=elapsed),
                               data=elapsed)
        result = run.wait()
    finally:
        if run.is_running():
            run.stop(grace=3.0)
    preds, errs, versions = _read_output(result.events, len(specs))
    error = None
    whole = next((e.data.get("error") for e in result.events
                  if e.type == "estimate" and isinstance(e.data.get("error"), dict) and "spec" not in e.data), None)
    if result.returncode == 6:
        error = tr(CTX, "TensorFlow could not be imported in this Python, so nothing can be predicted there.")
        preds, errs = [None] * len(specs), [None] * len(specs)
    elif whole is not None:  # the run as a whole was refused (bad flags): no spec was estimated
        error = tr(CTX, "The estimator refused the request: {message}").format(message=whole.get("message", ""))
        preds, errs = [None] * len(specs), [None] * len(specs)
    elif not any(p is not None for p in preds) and not any(errs):
        error = tr(CTX, "The estimator {end}.").format(end=result.describe_end())
    return PredictResult(preds, errs, error=error, versions=versions, stderr_tail=result.stderr_tail(15))


def predict(specs: list[dict[str, Any]] | dict[str, Any], python: str | None = None, *,
            timeout: float = DEFAULT_TIMEOUT_S, env: dict[str, str] | None = None,
            keras2: bool = False) -> PredictResult:
    """``predict_flow`` driven to its end in this thread."""
    flow = predict_flow([specs] if isinstance(specs, dict) else list(specs), python, timeout=timeout, env=env,
                        keras2=keras2)
    while True:
        try:
            next(flow)
        except StopIteration as stop:
            return stop.value


def prediction_from_event(ev: Mapping[str, Any]) -> Prediction | None:
    """The sample's ``estimate`` event (or a stored prediction dict) as a Prediction; None when it is not one."""
    if not isinstance(ev, Mapping) or ev.get("error"):
        return None
    try:
        return Prediction.from_dict(ev)
    except ValueError:
        return None


# -- after the run: the score ----------------------------------------------------------------------------------


@dataclass
class Score:
    """The prediction against what the run measured (bytes). ``error_pct`` is against TensorFlow's peak."""

    predicted_bytes: int | None
    tf_peak_bytes: int | None
    nvml_peak_bytes: int | None
    nvml_source: str = ""  # "process" (NVML's per-process figure) or "device" (the device's used, less the start)

    @property
    def error_pct(self) -> float | None:
        if not self.predicted_bytes or not self.tf_peak_bytes:
            return None
        return (self.predicted_bytes - self.tf_peak_bytes) / self.tf_peak_bytes * 100.0

    @property
    def within_goal(self) -> bool | None:
        e = self.error_pct
        return None if e is None else abs(e) <= GOAL_PCT

    def to_dict(self) -> dict[str, Any]:
        """The run record's ``end.memory`` (docs/run-format.md)."""
        out: dict[str, Any] = {"predicted_tf_peak": self.predicted_bytes, "tf_peak": self.tf_peak_bytes,
                               "nvml_peak": self.nvml_peak_bytes}
        if self.nvml_source:
            out["nvml_source"] = self.nvml_source
        e = self.error_pct
        out["error_pct"] = None if e is None else round(e, 2)
        return out

    def line(self, lang: str | None = None) -> str:
        nvml = ""
        if self.nvml_peak_bytes:
            nvml = "; " + tr(CTX, "NVML's peak for the process {nvml} MiB", lang).format(nvml=_mib(self.nvml_peak_bytes))
        if self.predicted_bytes is None:
            return tr(CTX, "Measured: TensorFlow's peak {tf} MiB (no prediction)", lang).format(
                tf=_mib(self.tf_peak_bytes)) + nvml
        if self.error_pct is None:
            return tr(CTX, "Predicted {pred} MiB; TensorFlow reported no peak (no GPU?)", lang).format(
                pred=_mib(self.predicted_bytes)) + nvml
        return tr(CTX, "Predicted {pred} MiB, TensorFlow's measured peak {tf} MiB: error {err:+.1f}%", lang).format(
            pred=_mib(self.predicted_bytes), tf=_mib(self.tf_peak_bytes), err=self.error_pct) + nvml


def score(prediction: Prediction | None, tf_peak: int | None, nvml_peak: int | None,
          nvml_source: str = "") -> Score:
    return Score(prediction.tf_peak_bytes if prediction else None, tf_peak, nvml_peak, nvml_source)


class PeakTracker:
    """Follows a run as it happens: the prediction (the sample's ``estimate`` event), TensorFlow's peak (its
    ``progress``/``summary`` memory, summed over GPUs) and NVML's peak for the run's process.

    ``add_event`` takes the sample's events (dicts or runner Events), ``add_tick`` the sampler's ticks. Thread-safe
    enough for one writer per kind (the sampler thread and the runner's reader thread)."""

    def __init__(self, prediction: Prediction | None = None) -> None:
        self.prediction = prediction
        self.tf_peak: int | None = None
        self._pid_peak: int | None = None
        self._dev_start: dict[int, int] = {}
        self._dev_peak: int | None = None

    def add_event(self, ev: Any) -> None:
        data = getattr(ev, "data", ev)
        if not isinstance(data, Mapping):
            return
        kind = data.get("type")
        if kind == "estimate" and self.prediction is None:
            self.prediction = prediction_from_event(data)
        elif kind in ("progress", "summary"):
            _, peak = progress_memory(data)
            if isinstance(peak, (int, float)) and peak > 0:
                self.tf_peak = int(max(self.tf_peak or 0, peak))

    def add_tick(self, tick: Any) -> None:
        for s in getattr(tick, "snapshots", ()):
            pid = getattr(s, "pid_mem", None)
            if isinstance(pid, (int, float)):
                self._pid_peak = int(max(self._pid_peak or 0, pid))
            used = getattr(s, "mem_used", None)
            if isinstance(used, (int, float)):
                start = self._dev_start.setdefault(s.gpu, int(used))
                self._dev_peak = int(max(self._dev_peak or 0, used - start))

    def score(self) -> Score:
        if self._pid_peak:
            return score(self.prediction, self.tf_peak, self._pid_peak, "process")
        return score(self.prediction, self.tf_peak, self._dev_peak, "device" if self._dev_peak else "")
