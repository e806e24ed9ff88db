"""The memory panel's words: which number is which, and what each memory mode's curve should look like.

Four figures describe one GPU's memory during a TensorFlow run, and beginners mix them up. Each gets a label and
a sentence saying where it comes from (the window's memory panel and the CLI show the same words, en + zh_CN):

* NVML **device used**: everything on the card, every process (``GpuSnapshot.mem_used``);
* NVML **process**: the training process alone (``pid_mem``; not given on Windows WDDM / WSL2);
* TensorFlow's **pool limit**: how much TensorFlow may take, from its own log line
  ``Created device /job:localhost/replica:0/task:0/device:GPU:0 with N MB memory`` (or the configured limit);
* TensorFlow **in use** and **peak**: what its allocator has handed out now and at most
  (``tf.config.experimental.get_memory_info``, the sample's progress events), and the **prediction**.

Each memory mode's shape is stated before the run (``expected_shape``) and checked after it (``check_shape``,
through ``core.monitor.compare.memory_shape``): default = one jump, growth = a staircase, limit = capped.

The log line is INFO: TensorFlow prints it only with ``TF_CPP_MIN_LOG_LEVEL=0`` (the app's default for target
processes is 1); ``tfgpu-wizard record`` asks for it and keeps the line as a ``tf-pool`` note.

Qt-free and TensorFlow-free.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from tfgpu_wizard.core.i18n import N_, tr
from tfgpu_wizard.core.monitor.compare import memory_shape

CTX = "memory"
MIB = 1024 * 1024
# Over the limit, NVML also shows the CUDA context and libraries: 630 MiB on the H200 (docs/h200-results.md);
# up to this much above the limit still reads as "capped at the limit".
OUTSIDE_POOL_MAX_MIB = 1536

# TF >= 2.5: "Created device /job:localhost/replica:0/task:0/device:GPU:0 with 14045 MB memory:  -> device: 0, ..."
# older:     "Created TensorFlow device (/job:localhost/replica:0/task:0/device:GPU:0 with 14787 MB memory) -> ..."
_POOL_RE = re.compile(
    r"Creat(?:ed|ing) (?:TensorFlow )?device \(?(?P<device>/job:\S*?/device:GPU:(?P<index>\d+)) with "
    r"(?P<mb>\d+) MB memory\)?(?:[:\s]*->\s*(?:physical GPU \()?device: (?P<physical>\d+))?")


@dataclass(frozen=True)
class PoolLine:
    """One of TensorFlow's "Created device ... with N MB memory" lines."""

    device: str  # /job:localhost/replica:0/task:0/device:GPU:0
    index: int  # the logical GPU (GPU:0)
    mb: int  # the pool's size in MB (MiB: TensorFlow shifts bytes by 20)
    physical: int | None  # "-> device: 0": the physical GPU behind it, when the line says
    line: str


def parse_pool_lines(text: str | Iterable[str]) -> list[PoolLine]:
    """Every pool line in a log (stderr text or lines); the last one per logical device wins."""
    lines = text.splitlines() if isinstance(text, str) else list(text)
    found: dict[int, PoolLine] = {}
    for line in lines:
        m = _POOL_RE.search(line)
        if m:
            phys = m.group("physical")
            found[int(m.group("index"))] = PoolLine(m.group("device"), int(m.group("index")), int(m.group("mb")),
                                                    int(phys) if phys is not None else None, line.strip())
    return [found[k] for k in sorted(found)]


@dataclass(frozen=True)
class Figure:
    """One number of the memory panel, labelled."""

    key: str  # nvml.device | nvml.process | tf.pool | tf.current | tf.peak | predicted
    value: int | None  # bytes; None = not available (the sentence says why)
    label: str
    what: str
    source: str

    @property
    def mib(self) -> float | None:
        return None if self.value is None else self.value / MIB


def memory_figures(snapshot: Any = None, *, tf_current: int | None = None, tf_peak: int | None = None,
                   pool_mb: int | None = None, pool_from: str = "log", predicted: int | None = None,
                   lang: str | None = None) -> list[Figure]:
    """The panel's figures for one GPU, each labelled and explained (translated).

    ``snapshot``: a ``core.monitor.snapshot.GpuSnapshot`` (or None without NVML); ``pool_from``: "log" (TensorFlow's
    line) or "limit" (the configured ``--memory-limit``)."""
    used = getattr(snapshot, "mem_used", None)
    total = getattr(snapshot, "mem_total", None)
    pid = getattr(snapshot, "pid_mem", None)
    na = dict(getattr(snapshot, "unavailable", ()) or ())
    out = [
        Figure("nvml.device", used, tr(CTX, "Device used (NVML)", lang),
               (tr(CTX, "Everything on the card, by every process, of {total} MiB.", lang).format(
                   total=f"{total / MIB:,.0f}") if total else tr(CTX, "Everything on the card, by every process.",
                                                                 lang)) if snapshot is not None else
               tr(CTX, "No NVIDIA driver answered (NVML), so the card itself is not seen.", lang), "NVML"),
        Figure("nvml.process", pid, tr(CTX, "This run's process (NVML)", lang),
               tr(CTX, "Not given by this driver (Windows WDDM and WSL2 do not report memory per process).", lang)
               if pid is None and ("pid_mem" in na or "processes" in na) else
               tr(CTX, "The training process alone: TensorFlow's pool plus the CUDA context and libraries.", lang),
               "NVML"),
        Figure("tf.pool", int(pool_mb * MIB) if pool_mb else None, tr(CTX, "TensorFlow's pool limit", lang),
               (tr(CTX, "The most TensorFlow may take: its log line \"Created device ... with {mb} MB memory\".",
                   lang).format(mb=pool_mb) if pool_from == "log" else
                tr(CTX, "The most TensorFlow may take: the limit you set ({mb} MB).", lang).format(mb=pool_mb))
               if pool_mb else tr(CTX, "Not known: TensorFlow prints its pool size only at INFO log level "
                                       "(TF_CPP_MIN_LOG_LEVEL=0).", lang),
               tr(CTX, "TensorFlow log", lang) if pool_from == "log" else tr(CTX, "configuration", lang)),
        Figure("tf.current", tf_current, tr(CTX, "TensorFlow in use", lang),
               tr(CTX, "Tensors TensorFlow's allocator holds right now (get_memory_info): between steps only the "
                       "weights and the optimizer's slots.", lang), "TensorFlow"),
        Figure("tf.peak", tf_peak, tr(CTX, "TensorFlow's peak", lang),
               tr(CTX, "The most it held at once, during a step (get_memory_info): what the prediction is checked "
                       "against.", lang), "TensorFlow"),
    ]
    if predicted is not None:
        out.append(Figure("predicted", predicted, tr(CTX, "Predicted peak", lang),
                          tr(CTX, "Computed before the run from the model, the batch and the precision.", lang),
                          tr(CTX, "estimate", lang)))
    return out


# -- the shapes of the memory modes ----------------------------------------------------------------------------

MODE_SHAPES = {"default": "one-jump", "growth": "staircase", "limit": "capped"}
SHAPE_WORDS = {
    "one-jump": N_("one jump: TensorFlow takes nearly all free memory at its first GPU operation, then a flat line"),
    "staircase": N_("a staircase: it rises as the run needs memory and never comes down"),
    "capped": N_("capped: one rise to the limit plus the CUDA context, then a flat line"),
    "none": N_("nothing held"),
}


@dataclass(frozen=True)
class ShapeExpectation:
    mode: str
    shape: str  # one-jump | staircase | capped
    text: str  # translated


def shape_words(shape: str, lang: str | None = None) -> str:
    return tr(CTX, SHAPE_WORDS[shape], lang) if shape in SHAPE_WORDS else shape


def expected_shape(mode: str, backend: str = "tensorflow", lang: str | None = None) -> ShapeExpectation | None:
    """What the NVML curve of a TensorFlow run in ``mode`` will look like (None: no statement for this backend)."""
    if backend not in ("", "tensorflow") or mode not in MODE_SHAPES:
        return None
    shape = MODE_SHAPES[mode]
    return ShapeExpectation(mode, shape, tr(CTX, "Expected: {words}.", lang).format(words=shape_words(shape, lang)))


@dataclass(frozen=True)
class ShapeCheck:
    mode: str
    expected: str
    seen: str
    ok: bool
    text: str  # translated


def check_shape(mode: str, values: Sequence[float | None], total: float, *, limit_mb: float | None = None,
                backend: str = "tensorflow", lang: str | None = None) -> ShapeCheck | None:
    """The run's NVML trace (bytes of its process, or of the device) against what its memory mode promised."""
    exp = expected_shape(mode, backend, lang)
    if exp is None:
        return None
    seen = memory_shape(list(values), total)
    vals = [v for v in values if v is not None and v == v and v > 0]
    peak = max(vals) if vals else 0.0
    ok = seen == exp.shape
    text = ""
    if ok and mode == "limit" and limit_mb and peak > (limit_mb + OUTSIDE_POOL_MAX_MIB) * MIB:
        ok = False
        text = tr(CTX, "Expected a cap near the {limit} MB limit, but the process reached {peak} MiB: the limit "
                       "did not hold.", lang).format(limit=f"{limit_mb:,.0f}", peak=f"{peak / MIB:,.0f}")
    elif ok:
        text = tr(CTX, "As expected: {words}.", lang).format(words=shape_words(seen, lang))
    elif mode == "growth" and seen == "capped" and peak < 0.5 * total:
        ok = True  # a small run's staircase has one or two steps: the 64 MiB rule sees one rise
        text = tr(CTX, "As expected for memory growth: one small rise to {peak} MiB (the run needed little "
                       "memory, so the staircase had only a step or two).", lang).format(peak=f"{peak / MIB:,.0f}")
    elif mode == "default" and seen != "one-jump":
        text = tr(CTX, "Expected one jump to nearly the whole card, but the process rose to {peak} MiB of {total} "
                       "MiB: another process may hold memory, or TF_FORCE_GPU_ALLOW_GROWTH=true is set.",
                  lang).format(peak=f"{peak / MIB:,.0f}", total=f"{total / MIB:,.0f}")
    else:
        text = tr(CTX, "Expected {expected}; the trace shows {seen}.", lang).format(
            expected=shape_words(exp.shape, lang), seen=shape_words(seen, lang))
    return ShapeCheck(mode, exp.shape, seen, ok, text)
