"""Numbers for comparing runs (growth vs limit vs default, fp32 vs mixed): the Monitor's overlay and
``tfgpu-wizard runs compare`` both use these, so the window and the terminal never disagree.

API::

    run_stats(record_or_path) -> RunStats   # peak, steady, img/s, first-step time, and what the run was
    overlay_label(stats) -> str              # the run's label, else "growth · fp32 · JAX · NVIDIA H200"
    describe_run(config, where) -> str       # "limit 4096 MB · fp32 · TensorFlow · NVIDIA H200": a run's one name
    unique_labels(labels) -> list[str]       # repeats get " (2)", " (3)"
    style_for(mode, precision) -> (colour, dash)   # memory mode -> hue, precision -> dash pattern name

Memory is NVML's "used" of the busiest GPU (MiB); a run with no GPU samples (CPU, no NVML) falls back to the
framework's own current memory from the sample's progress events, and to host RAM (``rss``) when that is all
there is. ``steady`` is the median over the second half of the run: what the run settled at, where ``peak``
is what it reached once.
"""

from __future__ import annotations

import statistics
from collections.abc import Mapping
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

MIB = 1024 * 1024

# memory mode -> hue: the lesson of the overlay is that these differ, so they never share a colour
MODE_COLOURS = {
    "default": "#d62728",  # red: takes (nearly) all of the GPU at start
    "growth": "#2ca02c",  # green: grows as needed
    "limit": "#1f77b4",  # blue: capped
    "fraction": "#9467bd",
    "ondemand": "#17becf",
    "caching": "#ff7f0e",
}
OTHER_COLOURS = ("#8c564b", "#e377c2", "#7f7f7f", "#bcbd22")
# precision -> dash pattern (names of Qt pen styles; the chart maps them)
PRECISION_DASH = {"fp32": "solid", "mixed_float16": "dash", "mixed_bfloat16": "dot"}
BACKEND_NAMES = {"tensorflow": "TensorFlow", "jax": "JAX", "torch": "PyTorch", "pytorch": "PyTorch"}


@dataclass
class RunStats:
    run_id: str
    path: str
    mode: str  # memory mode of the sample's config ("" when unknown)
    precision: str
    backend: str  # TensorFlow | JAX | PyTorch | ""
    gpu: str  # name of the GPU the peak was on, "CPU" for runs without GPU samples
    source: str  # "nvml" (GPU used), "framework" (the allocator's own numbers), "host-ram", "none"
    peak_mib: float | None
    peak_t: float | None
    steady_mib: float | None
    images_per_s: float | None
    first_step_s: float | None
    status: str
    # Issue 25: TensorFlow's own measured peak (get_memory_info, summed over GPUs), the prediction made before
    # the run (the sample's ``estimate`` event, or the app's, kept in the header or the end line) and its error
    # against that peak in %.
    tf_peak_mib: float | None = None
    predicted_mib: float | None = None
    error_pct: float | None = None
    # The name the run was recorded under (its header's ``label``: the user's own, or ``describe_run`` of what
    # ran, written by core.flows.record for both faces); "" for a bundled recording, whose header label is a
    # paragraph (its name is then made from what it ran).
    label: str = ""

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def style_for(mode: str, precision: str, index: int = 0) -> tuple[str, str]:
    colour = MODE_COLOURS.get(mode) or OTHER_COLOURS[index % len(OTHER_COLOURS)]
    return colour, PRECISION_DASH.get(precision, "dashdot")


def _progress(events: list[tuple[float, dict[str, Any]]]) -> list[tuple[float, dict[str, Any]]]:
    return [(t, e) for t, e in events if isinstance(e, dict) and e.get("type") in ("progress", "summary", "done")]


def run_stats(record: Any) -> RunStats:
    """``record``: a core.monitor.runs.RunRecord or a path to a run file."""
    from tfgpu_wizard.core.monitor.runs import read_run

    if not hasattr(record, "ticks"):
        record = read_run(Path(record))
    cfg = record.config
    mode = str(cfg.get("memory") or "")
    precision = str(cfg.get("precision") or "")
    backend = BACKEND_NAMES.get(str(cfg.get("backend") or "").lower(), str(cfg.get("backend") or ""))
    names = {d.index: d.name for d in record.devices}
    # NVML first: the busiest GPU
    best: tuple[float, float, int] | None = None  # (peak bytes, t, gpu)
    per_gpu: dict[int, list[tuple[float, float]]] = {}
    for t, snaps in record.ticks:
        for s in snaps:
            if s.mem_used is None:
                continue
            per_gpu.setdefault(s.gpu, []).append((t, float(s.mem_used)))
            if best is None or s.mem_used > best[0]:
                best = (float(s.mem_used), t, s.gpu)
    source, series, gpu = "none", [], "CPU"
    if best is not None and best[0] > 0:
        source, series, gpu = "nvml", per_gpu[best[2]], names.get(best[2], f"GPU {best[2]}")
    else:
        fw: list[tuple[float, float]] = []
        rss: list[tuple[float, float]] = []
        for t, e in record.events:
            if not isinstance(e, dict):
                continue
            for m in e.get("memory") or ():
                if isinstance(m, dict) and isinstance(m.get("current"), (int, float)):
                    fw.append((t, float(m["current"])))
                    break
            if isinstance(e.get("rss"), (int, float)):
                rss.append((t, float(e["rss"])))
        if fw:
            source, series = "framework", fw
        elif rss:
            source, series = "host-ram", rss
    peak_mib = peak_t = steady = None
    if series:
        peak_v, peak_t = max(((v, t) for t, v in series), key=lambda p: p[0])
        peak_mib = peak_v / MIB
        t_end = series[-1][0]
        t_mid = series[0][0] + (t_end - series[0][0]) / 2
        tail = [v for t, v in series if t >= t_mid] or [series[-1][1]]
        steady = statistics.median(tail) / MIB
    prog = _progress(record.events)
    speeds = [float(e["images_per_sec"]) for _, e in prog
              if isinstance(e.get("images_per_sec"), (int, float)) and not e.get("warmup")]
    first = next((float(e["first_step_s"]) for _, e in record.events
                  if isinstance(e, dict) and isinstance(e.get("first_step_s"), (int, float))), None)
    tf_peak, predicted = memory_prediction(record)
    error = (predicted - tf_peak) / tf_peak * 100.0 if tf_peak and predicted else None
    own = "" if record.header.get("recorded_on") else str(record.header.get("label") or "")
    if not own and isinstance(record.header.get("config"), dict):
        own = "" if not (mode or precision) else describe_run(cfg, gpu)  # a run kept before labels were written
    return RunStats(record.run_id, str(record.path), mode, precision, backend, gpu, source, peak_mib, peak_t,
                    steady, statistics.median(speeds) if speeds else None, first, record.status,
                    tf_peak / MIB if tf_peak else None, predicted / MIB if predicted else None, error, own)


def _num(v: Any) -> float | None:
    return float(v) if isinstance(v, (int, float)) and not isinstance(v, bool) and v > 0 else None


def memory_prediction(record: Any) -> tuple[float | None, float | None]:
    """(TensorFlow's measured peak, the predicted peak) in bytes for a run, None where it has none.

    The measured peak is the largest ``memory[].peak`` of the sample's progress/summary events (summed over
    GPUs, core.monitor.progress). The prediction is, first found: the end line's ``memory.predicted_tf_peak``
    (what ``record`` scored), the header's ``prediction`` (made by the app before the run), the sample's own
    ``estimate`` event (docs/run-format.md); of a prediction, the peak for the run's memory mode."""
    from tfgpu_wizard.core.monitor.progress import progress_memory

    peaks = [progress_memory(e)[1] for _, e in record.events
             if isinstance(e, dict) and e.get("type") in ("progress", "summary")]
    tf_peak = max((p for p in peaks if _num(p)), default=None)
    end_mem = (record.end or {}).get("memory") if isinstance(record.end, dict) else None
    predicted = None
    if isinstance(end_mem, dict):
        predicted = _num(end_mem.get("predicted_tf_peak"))
        tf_peak = tf_peak or _num(end_mem.get("tf_peak"))
    # a prediction's peak for the run's memory mode: with growth, whole chunks of the pool count (issue 25)
    key = "growth_peak_bytes" if str((record.config or {}).get("memory") or "") == "growth" else "tf_peak_bytes"

    def peak_of(pred: Any) -> float | None:
        return _num(pred.get(key)) or _num(pred.get("tf_peak_bytes")) if isinstance(pred, dict) else None

    header_pred = record.header.get("prediction")
    if predicted is None:
        predicted = peak_of(header_pred)
    if predicted is None:
        predicted = next((peak_of(e) for _, e in record.events
                          if isinstance(e, dict) and e.get("type") == "estimate" and peak_of(e)), None)
    return (float(tf_peak) if tf_peak else None), predicted


def describe_run(config: Mapping[str, Any], where: str = "") -> str:
    """A run's name, made from what ran: model · batch · memory mode (a limit with its size) · precision · backend
    (· Keras 2) · where it trained (a GPU's name, or CPU). The memory mode is left out of a CPU run: it applies to GPUs only.

    The one name of a run: ``tfgpu-wizard record`` and the Monitor page write it as the run's label when the user
    gave none (core.flows.record), the Monitor shows it while the run is live, and the overlay, the comparison
    table and ``runs compare`` show it when the run is opened again.
    """
    cpu = str(config.get("devices") or "").strip().lower() == "cpu"
    memory = str(config.get("memory") or "")
    limit = str(config.get("memory_limit") or "").strip()
    if memory == "limit" and limit:
        memory = f"limit {limit} MB" if limit.isdigit() else f"limit {limit}"
    raw_backend = str(config.get("backend") or "tensorflow").lower()
    backend = BACKEND_NAMES.get(raw_backend, raw_backend)
    keras2 = "Keras 2" if config.get("keras2") and backend == "TensorFlow" else ""
    # What was trained comes first: two runs with the same settings but another model or batch are not copies
    # of each other (gui-audit-2 N5: a cnn run and a resnet20 run both read "default · fp32 · … (2)").
    model = str(config.get("model") or "")
    batch = config.get("batch_size")
    if model and isinstance(batch, int) and not isinstance(batch, bool) and batch > 0:
        model = f"{model} · batch {batch}"
    parts = [model, "" if cpu else memory, str(config.get("precision") or ""), backend, keras2,
             "CPU" if cpu else where]
    return " · ".join(p for p in parts if p)


def overlay_label(s: RunStats) -> str:
    """The run's name: its own label (``RunStats.label``), else what it ran and where, else its id."""
    if s.label:
        return s.label
    parts = [p for p in (s.mode, s.precision, s.backend, s.gpu) if p]
    return " · ".join(parts) if parts else s.run_id


def unique_labels(labels: list[str]) -> list[str]:
    seen: dict[str, int] = {}
    out = []
    for label in labels:
        n = seen.get(label, 0) + 1
        seen[label] = n
        out.append(label if n == 1 else f"{label} ({n})")
    return out


def memory_levels(values: list[float], step: float) -> list[float]:
    """The plateaus a memory trace climbs through, in order (rises smaller than ``step`` are ignored)."""
    out: list[float] = []
    for v in values:
        if v is None or v != v or v <= 0:
            continue
        if not out or v - out[-1] >= step:
            out.append(v)
    return out


def memory_shape(values: list[float], total: float) -> str:
    """What a training process's memory trace looks like, in the words the Monitor uses for the modes.

    ``one-jump`` (TensorFlow's default: most of the card at once), ``staircase`` (memory growth: several
    rises, none of them most of the peak, far from the card's size) or ``capped`` (one rise to a level
    below the card: a fixed limit), ``none`` when nothing was held. Checked against TensorFlow 2.21's runs on
    an H200 (tests/test_tf_recordings.py): growth 520 → 832 → 1090 → 2114 → 4232 MiB, a 4096 MB limit
    520 → 4616 MiB. Rises under 64 MiB (allocator noise) do not count."""
    vals = [v for v in values if v is not None and v == v and v > 0]
    if not vals or total <= 0:
        return "none"
    peak = max(vals)
    levels = memory_levels(vals, max(64 * 2**20, total / 200))
    if peak > 0.8 * total and len(memory_levels(vals, total / 20)) <= 2:
        return "one-jump"
    # A fixed limit is taken in one rise (TensorFlow reserves its pool at once, after the CUDA context);
    # growth climbs in several rises, none of them most of the peak.
    rises = [b - a for a, b in zip(levels, levels[1:], strict=False)] or [peak]
    if len(levels) >= 3 and max(rises) < 0.7 * peak and peak < 0.5 * total:
        return "staircase"
    return "capped"
