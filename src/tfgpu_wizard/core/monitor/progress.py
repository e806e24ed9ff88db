"""The framework's own memory figures from the sample's events (one home for the window and the CLI).

The sample's ``progress`` events carry ``memory: [{device, current, peak}]``, one entry per GPU in bytes
(``tf.config.experimental.get_memory_info``; docs/sample-protocol.md). A run's total is the sum over its GPUs,
and only when every GPU gave a number (a partial sum would understate it). The bundled PyTorch/JAX recordings
carry ``step`` events with ``allocated`` / ``peak`` of their allocator instead.

Qt-free and TensorFlow-free.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

MIB = 1024 * 1024
_FRAMEWORKS = {"torch": "PyTorch", "jax": "JAX"}


def _total(values: list[Any]) -> int | float | None:
    if values and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in values):
        return sum(values)
    return None


def progress_memory(ev: Mapping[str, Any]) -> tuple[int | float | None, int | float | None]:
    """(current, peak) bytes of one event summed over its GPUs; None where not every GPU reported."""
    mem = ev.get("memory")
    if isinstance(mem, list):
        entries = [m for m in mem if isinstance(m, Mapping)]
        return _total([m.get("current") for m in entries]), _total([m.get("peak") for m in entries])
    if isinstance(ev.get("allocated"), (int, float)):  # a PyTorch/JAX recording's step event
        peak = ev.get("peak")
        return ev["allocated"], peak if isinstance(peak, (int, float)) else None
    return None, None


def framework_name(ev: Mapping[str, Any], default: str = "TensorFlow") -> str:
    """Whose allocator a run's memory figures come from, from its start event (TensorFlow, JAX, PyTorch)."""
    if ev.get("event") == "start" and ev.get("framework"):
        return _FRAMEWORKS.get(str(ev["framework"]), str(ev["framework"]))
    if ev.get("type") == "start" and isinstance(ev.get("config"), Mapping):
        return _FRAMEWORKS.get(str(ev["config"].get("backend")), default)
    return default


def memory_rows(events: Iterable[tuple[float, Any]], t0: float) -> tuple[list[tuple[float, dict[str, float]]], str]:
    """A run's events -> rows ``(t - t0, {"tf.current": MiB, "tf.peak": MiB, "host.rss": MiB})`` and the
    framework's name. ``host.rss`` is the training process's RAM that core.flows.record adds to a CPU run's
    progress events: the curve the live Monitor draws, so a saved CPU run reopens with it (gui-audit-2 N6)."""
    rows: list[tuple[float, dict[str, float]]] = []
    name = "TensorFlow"
    for t, ev in events:
        if not isinstance(ev, Mapping):
            continue
        if ev.get("event") == "start" or ev.get("type") == "start":
            name = framework_name(ev, name)
            continue
        if ev.get("type") not in ("progress", None) and "allocated" not in ev:
            continue
        cur, peak = progress_memory(ev)
        values = {}
        if cur is not None:
            values["tf.current"] = cur / MIB
        if peak is not None:
            values["tf.peak"] = peak / MIB
        if isinstance(ev.get("rss"), int) and not isinstance(ev.get("rss"), bool):
            values["host.rss"] = ev["rss"] / MIB
        if values:
            rows.append((float(t) - t0, values))
    return rows, name
