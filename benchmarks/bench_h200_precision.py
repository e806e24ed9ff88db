"""FP32 vs mixed precision, and GPU utilisation in the steady state, from the H200 recordings of the sample.

    python benchmarks/bench_h200_precision.py [--dir resources/recordings] [--json]

Reads every ``sample-*.run.jsonl`` recording (made in one device call by tools/gpu/h200_sample_runs.py)
through the real run reader (core.monitor.runs.read_run) and prints, per run: the sample's own steady-state
images/s (``summary.images_per_sec``: every step after the first progress window, which holds the
compilation), the mean NVML GPU utilisation over the same window (the ticks between the end of the first
progress window and the summary), and the peak memory NVML saw for the process. Then the ratio of mixed
precision to FP32 for each backend and model, measured side by side in that one call. Nothing is
re-measured here: the numbers come from the recordings.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from tfgpu_wizard.core.monitor.runs import read_run  # noqa: E402


def steady_window(events: list[tuple[float, dict[str, Any]]]) -> tuple[float, float] | None:
    """(start, end) run times of the steady state: end of the warm-up progress window -> the summary."""
    progress = [(t, e) for t, e in events if e.get("type") == "progress"]
    summary = [t for t, e in events if e.get("type") == "summary"]
    warm = [t for t, e in progress if e.get("warmup")]
    if not warm or not summary or summary[-1] <= warm[0]:
        return None
    return warm[0], summary[-1]


def analyse(path: Path) -> dict[str, Any]:
    rec = read_run(path)
    cfg = rec.header.get("config") or {}
    summary = next((e for _, e in reversed(rec.events) if e.get("type") == "summary"), {})
    devices = next((e for _, e in rec.events if e.get("type") == "devices"), {})
    window = steady_window(rec.events)
    utils: list[float] = []
    peak_pid = 0
    for t, snaps in rec.ticks:
        for s in snaps:
            if s.pid_mem:
                peak_pid = max(peak_pid, s.pid_mem)
            if window and window[0] <= t <= window[1] and s.util_gpu is not None:
                utils.append(s.util_gpu)
    return {
        "run": path.name, "backend": cfg.get("backend"), "model": cfg.get("model"),
        "precision": cfg.get("precision"), "memory": cfg.get("memory"), "batch": cfg.get("batch_size"),
        "images_per_sec": summary.get("images_per_sec"), "steady_s": (window[1] - window[0]) if window else None,
        "util_mean": statistics.fmean(utils) if utils else None, "util_ticks": len(utils),
        "peak_pid_mem_mib": peak_pid / 2**20 if peak_pid else None,
        "memory_mapping": devices.get("memory_mapping"), "recorded_on": rec.header.get("recorded_on"),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dir", type=Path, default=ROOT / "resources" / "recordings")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args(argv)
    rows = [analyse(p) for p in sorted(a.dir.glob("sample-*.run.jsonl"))]
    if not rows:
        print(f"no sample-*.run.jsonl recordings in {a.dir}", file=sys.stderr)
        return 1
    ratios = []
    for r in rows:
        if r["precision"] == "fp32" or r["memory"] != "default":
            continue
        base = next((b for b in rows if b["backend"] == r["backend"] and b["model"] == r["model"]
                     and b["precision"] == "fp32" and b["memory"] == "default"), None)
        if base and base["images_per_sec"] and r["images_per_sec"]:
            ratios.append({"backend": r["backend"], "model": r["model"], "precision": r["precision"],
                           "fp32": base["images_per_sec"], "mixed": r["images_per_sec"],
                           "speedup": r["images_per_sec"] / base["images_per_sec"]})
    if a.json:
        print(json.dumps({"runs": rows, "ratios": ratios}, indent=1))
        return 0
    print(f"{'run':52} {'img/s':>10} {'steady s':>8} {'GPU util %':>10} {'peak MiB':>9}")
    for r in rows:
        ips = f"{r['images_per_sec']:.0f}" if r["images_per_sec"] else "?"
        util = f"{r['util_mean']:.1f}" if r["util_mean"] is not None else "?"
        steady = f"{r['steady_s']:.1f}" if r["steady_s"] else "?"
        peak = f"{r['peak_pid_mem_mib']:.0f}" if r["peak_pid_mem_mib"] else "?"
        print(f"{r['run']:52} {ips:>10} {steady:>8} {util:>10} {peak:>9}")
    print()
    for q in ratios:
        print(f"{q['backend']:6} {q['model']:9} {q['precision']:15} {q['mixed']:>10.0f} / {q['fp32']:>10.0f} img/s"
              f" = {q['speedup']:.2f}x FP32")
    return 0


if __name__ == "__main__":
    sys.exit(main())
