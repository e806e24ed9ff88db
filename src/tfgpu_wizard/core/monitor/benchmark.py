"""The benchmark table: one row per sample run (or bundled recording), images/s, step time and speed-ups.

Shared by the window's Benchmark page and ``tfgpu-wizard benchmark``. Every number comes from what the
sample really sends (docs/sample-protocol.md): the ``summary`` event's ``images_per_sec`` (steady state,
after the first window) and ``global_batch``. The sample sends no step time in its summary, so the step
time is ``global_batch / images_per_sec`` (seconds per step of the steady state).

Qt-free and TensorFlow-free.
"""

from __future__ import annotations

import csv
import re
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

RECORDING_GLOB = "sample-*.run.jsonl"
BACKEND_NAMES = {"jax": "JAX", "torch": "PyTorch", "tensorflow": "TensorFlow"}
_ORDER = {
    "backend": ("jax", "torch", "tensorflow"),
    "model": ("resnet20", "cnn", "resnet50"),
    "precision": ("fp32", "mixed_float16", "mixed_bfloat16"),
    "memory": ("default", "growth", "limit"),
}
CSV_FIELDS = ("setting", "images_per_sec", "step_time_s", "speedup", "first_step_s", "status", "message", "source")


def _rank(key: str, value: Any) -> int:
    order = _ORDER[key]
    return order.index(value) if value in order else len(order)


def _positive(value: Any) -> float | None:
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) and value > 0 else None


def summary_numbers(summary: Mapping[str, Any] | None, batch_size: Any = None) -> tuple[float | None, float | None]:
    """(images per second, step time in s) of a sample ``summary`` event; None where it says nothing.

    ``images_per_sec`` is the steady state; the step time is the global batch over it (the summary has no
    step-time field). ``batch_size`` is the configured batch, used when the summary lacks ``global_batch``.
    """
    s = summary or {}
    ips = _positive(s.get("images_per_sec"))
    batch = _positive(s.get("global_batch")) or _positive(batch_size)
    return ips, (batch / ips if ips and batch else None)


def result_row(label: str, summary: Mapping[str, Any] | None, status: str, message: str = "",
               batch_size: Any = None) -> dict[str, Any]:
    """A benchmark row for a run of this computer (``status``: ok / failed / cancelled / timeout ...)."""
    ips, step = summary_numbers(summary, batch_size)
    return {"setting": label, "images_per_sec": ips, "step_time_s": step,
            "first_step_s": _positive((summary or {}).get("first_step_s")), "status": status, "message": message}


def recording_rows(paths: Iterable[str | Path] | None = None) -> list[dict[str, Any]]:
    """The bundled sample recordings as benchmark rows (one per run, read with ``core.monitor.runs.read_run``).

    Each row: ``setting`` (backend · model · precision · memory), ``images_per_sec`` (the sample's own
    steady state, ``summary.images_per_sec``), ``step_time_s`` (global batch / images per second),
    ``speedup`` against the FP32 / default-memory run of the same backend and model (None when the
    recordings have no such run), ``peak_mib`` (the process's peak GPU memory that NVML saw), ``status``
    ("recording"), ``source`` (the header's ``recorded_on``: GPU, driver, date), ``gpu``, ``driver``,
    ``date``, ``backend``. A file that cannot be read becomes a row whose ``message`` says why.
    """
    from tfgpu_wizard.core.monitor.runs import RunFileError, bundled_recordings, read_run

    if paths is None:
        paths = [p for p in bundled_recordings() if p.match(RECORDING_GLOB)]
    rows: list[dict[str, Any]] = []
    for path in paths:
        try:
            rec = read_run(path)
        except (RunFileError, OSError) as exc:
            rows.append({"setting": Path(path).name, "images_per_sec": None, "step_time_s": None, "speedup": None,
                         "status": "unreadable", "message": str(exc), "source": "", "key": None})
            continue
        cfg = rec.header.get("config") or {}
        summary = next((e for _, e in reversed(rec.events) if e.get("type") == "summary"), {})
        ips, step = summary_numbers(summary, cfg.get("batch_size"))
        peak = max((s.pid_mem or 0 for _, snaps in rec.ticks for s in snaps), default=0)
        backend = str(cfg.get("backend") or "tensorflow")
        memory = str(cfg.get("memory") or "default")
        limit = cfg.get("memory_limit")
        recorded_on = str(rec.header.get("recorded_on") or "")
        driver = re.search(r"driver ([0-9][0-9.]*)", recorded_on)
        devices = rec.devices
        rows.append({
            "setting": " · ".join([BACKEND_NAMES.get(backend, backend), str(cfg.get("model")),
                                   str(cfg.get("precision")),
                                   f"{memory} {limit} MB" if memory == "limit" and limit else memory]),
            "images_per_sec": ips,
            "step_time_s": step,
            "first_step_s": _positive(summary.get("first_step_s")),  # recordings before it was sent: None
            "status": "recording" if rec.status == "finished" else f"recording ({rec.status})",
            "message": "; ".join(rec.problems),
            # how it ended, in the run file's words (a failed recording's error output: the window says what it was)
            "end_detail": str((rec.end or {}).get("detail") or "") if rec.status != "finished" else "",
            "peak_mib": peak / 2**20 if peak else None,
            "source": recorded_on,
            "gpu": devices[0].name if devices else "",
            "driver": driver.group(1) if driver else "",
            "date": str(rec.header.get("created") or "")[:10],
            "backend": backend,
            "key": (backend, cfg.get("model"), cfg.get("precision"), memory),
        })
    rows.sort(key=lambda r: (1, r["setting"]) if r["key"] is None else (
        0, _rank("backend", r["key"][0]), _rank("model", r["key"][1]), _rank("memory", r["key"][3]),
        _rank("precision", r["key"][2])))
    for r in rows:
        r["speedup"] = None
        if r["key"] is None or not r["images_per_sec"]:
            continue
        backend, model = r["key"][:2]
        base = next((b for b in rows if b["key"] == (backend, model, "fp32", "default") and b["images_per_sec"]),
                    None)
        if base is not None:
            r["speedup"] = r["images_per_sec"] / base["images_per_sec"]
    return rows


def speedups(rows: list[Mapping[str, Any]]) -> list[float | None]:
    """Speed-up of each row: a recording's own (against its FP32 baseline), else against the first measured row."""
    base = next((r["images_per_sec"] for r in rows if r.get("images_per_sec")), None)
    out: list[float | None] = []
    for r in rows:
        if "speedup" in r:
            out.append(r["speedup"])
        else:
            ips = r.get("images_per_sec")
            out.append(ips / base if ips and base else None)
    return out


def write_csv(path: str | Path, rows: list[Mapping[str, Any]]) -> None:
    """The table as CSV; a recording's rows say so (``status`` recording, ``source`` GPU/driver/date)."""
    with open(path, "w", newline="", encoding="utf-8") as fh:
        w = csv.DictWriter(fh, fieldnames=list(CSV_FIELDS), extrasaction="ignore")
        w.writeheader()
        for r, speed in zip(rows, speedups(list(rows)), strict=True):
            w.writerow({**r, "speedup": speed, "source": r.get("source", "")})


def table_lines(rows: list[Mapping[str, Any]]) -> list[str]:
    """The table as aligned text lines: setting, images/s, step time, speed-up, result."""
    cells = table_cells(rows)
    widths = [max(len(c[i]) for c in cells) for i in range(4)]
    return ["  ".join(c[i].ljust(widths[i]) for i in range(4)) + "  " + c[4] for c in cells]


def table_cells(rows: list[Mapping[str, Any]]) -> list[tuple[str, str, str, str, str]]:
    """The table's header and rows as cells (the CLI lays them out to the terminal's width)."""
    cells = [("setting", "images/s", "step time", "speed-up", "result")]
    for r, speed in zip(rows, speedups(list(rows)), strict=True):
        ips, step = r.get("images_per_sec"), r.get("step_time_s")
        result = str(r.get("status") or "")
        if r.get("peak_mib"):
            result += f" · peak {r['peak_mib'] / 1024:.1f} GiB"
        if r.get("message"):
            result += " · " + str(r["message"])[:120]
        cells.append((str(r.get("setting")), f"{ips:,.0f}" if ips else "—",
                      f"{step * 1000:.2f} ms" if step else "—", f"{speed:.2f}×" if speed else "—", result))
    return cells
