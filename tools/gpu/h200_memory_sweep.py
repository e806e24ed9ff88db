"""TensorFlow's own peak memory of the bundled sample over models x precisions x batch sizes, on the GPU machine.

Usage (repository root, TF with its CUDA libraries in ``--python``, the app's src on PYTHONPATH):
    python3 tools/gpu/h200_memory_sweep.py OUT.jsonl [--parallel 4] [--budget SECONDS] [--python PY]

Each configuration is one short real run of target/sample.py (memory growth, so runs can share the card; XLA as
the sample's defaults choose it; 10 steps, a progress event every 5); one JSON line per run with its config, the
``devices`` event, the last progress event's ``memory`` (TF's current and peak bytes) and how the run ended. These
are the calibration points of the memory estimate (issue 25), recorded on real hardware; runs share the GPU, so
their speeds mean nothing and are not kept. Nothing here is imported by the app.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

SAMPLE = Path(__file__).resolve().parents[2] / "src" / "tfgpu_wizard" / "target" / "sample.py"

CONFIGS: list[tuple[str, str, int]] = (
    [(m, p, b) for m in ("resnet20", "cnn", "resnet50") for p in ("fp32", "mixed_float16") for b in (256, 1024, 4096)]
    + [(m, "mixed_bfloat16", 1024) for m in ("resnet20", "cnn", "resnet50")]
)


def one(python: str, model: str, precision: str, batch: int, timeout: float) -> dict:
    cmd = [python, str(SAMPLE), "--model", model, "--precision", precision, "--batch-size", str(batch),
           "--steps", "10", "--log-every", "5", "--memory", "growth"]
    t0 = time.monotonic()
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
        out, code = proc.stdout, proc.returncode
    except subprocess.TimeoutExpired as exc:
        out, code = (exc.stdout or b"").decode() if isinstance(exc.stdout, bytes) else (exc.stdout or ""), 124
    events = [json.loads(line) for line in out.splitlines() if line.startswith("{")]
    last = {}
    for e in events:
        if e.get("type") in ("progress", "summary", "devices", "error", "warning"):
            last.setdefault(e["type"] + "s", []).append(e)
    progress = (last.get("progresss") or [{}])[-1]
    return {"model": model, "precision": precision, "batch": batch, "exit": code,
            "seconds": round(time.monotonic() - t0, 1), "memory": progress.get("memory"),
            "first_step_s": progress.get("first_step_s"), "devices": (last.get("devicess") or [None])[0],
            "errors": last.get("errors"), "warnings": [w.get("code") for w in last.get("warnings", [])],
            "jit": ((last.get("summarys") or [{}])[-1]).get("jit")}


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--python", default=sys.executable)
    ap.add_argument("--parallel", type=int, default=4)
    ap.add_argument("--budget", type=float, default=240.0)
    ap.add_argument("--timeout", type=float, default=150.0)
    a = ap.parse_args()
    t_end = time.monotonic() + a.budget
    out = Path(a.out)

    def job(cfg: tuple[str, str, int]) -> dict:
        left = t_end - time.monotonic()
        if left < 30:
            return {"model": cfg[0], "precision": cfg[1], "batch": cfg[2], "skipped": "time budget spent"}
        return one(a.python, *cfg, timeout=min(a.timeout, left))

    with ThreadPoolExecutor(a.parallel) as pool, out.open("w", encoding="utf-8") as fh:
        for res in pool.map(job, CONFIGS):
            fh.write(json.dumps(res) + "\n")
            fh.flush()
            mem = res.get("memory") or [{}]
            print(res["model"], res["precision"], res["batch"], res.get("exit"), res.get("seconds"),
                  "peak MiB", round((mem[0].get("peak") or 0) / 2**20), res.get("skipped", ""), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
