"""Record the bundled sample on the GPU machine, one `tfgpu-wizard record` per run.

Usage (repository root, keras & co. installed as wheels, PYTHONPATH=<wheels>:src):
    python3 tools/gpu/h200_sample_runs.py OUTDIR [--set tf|keras3] [--python PY] [--budget SECONDS] [--only NAME ...]

``--set tf`` (TensorFlow's own runs: the demos the app opens first) needs TensorFlow with its CUDA libraries in
``--python`` (../shared/tools/tf-on-h200 carries TF 2.21 there); ``--set keras3`` (the default) runs Keras 3 on
JAX and PyTorch.

Each run is a real `tfgpu-wizard record --python python3 --backend ...` (the sampler watches the sample's
process through NVML); the run files land in OUTDIR/runs, named after the scenario, with a `recorded_on`
line in the header (GPU, driver, date, the word recording) and the label saying backend, model, batch,
precision and memory mode. Runs are done in order of importance and the rest is skipped once the time
budget is spent. Nothing here is imported by the app.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from datetime import date
from pathlib import Path

LIMIT_MB = 8192

# name: (backend, model, batch, steps, log_every, precision, memory)
SCENARIOS: list[tuple[str, tuple[str, str, int, int, int, str, str]]] = [
    ("jax-resnet20-fp32-default", ("jax", "resnet20", 1024, 400, 25, "fp32", "default")),
    ("jax-resnet20-mixed_float16-default", ("jax", "resnet20", 1024, 400, 25, "mixed_float16", "default")),
    ("jax-cnn-fp32-default", ("jax", "cnn", 1024, 1500, 100, "fp32", "default")),
    ("jax-cnn-mixed_float16-default", ("jax", "cnn", 1024, 1500, 100, "mixed_float16", "default")),
    ("jax-resnet20-mixed_bfloat16-default", ("jax", "resnet20", 1024, 400, 25, "mixed_bfloat16", "default")),
    ("jax-cnn-mixed_bfloat16-default", ("jax", "cnn", 1024, 1500, 100, "mixed_bfloat16", "default")),
    ("jax-resnet20-fp32-growth", ("jax", "resnet20", 1024, 200, 25, "fp32", "growth")),
    ("jax-resnet20-fp32-limit", ("jax", "resnet20", 1024, 200, 25, "fp32", "limit")),
    ("torch-cnn-fp32-default", ("torch", "cnn", 1024, 300, 25, "fp32", "default")),
    ("torch-resnet20-mixed_float16-default", ("torch", "resnet20", 1024, 150, 25, "mixed_float16", "default")),
    ("torch-cnn-fp32-limit", ("torch", "cnn", 1024, 200, 25, "fp32", "limit")),
    ("jax-cnn-fp32-growth", ("jax", "cnn", 1024, 800, 100, "fp32", "growth")),
    ("jax-cnn-fp32-limit", ("jax", "cnn", 1024, 800, 100, "fp32", "limit")),
]


# TensorFlow 2.21's own sample runs (issue 24): both models x three precisions x the three memory modes. The
# default-mode runs are recorded by benchmarks/bench_sample.py --record-dir (its sample side), so that one GPU run
# gives both the speed ratio and the recording; the growth and limit runs are here. Steps and log intervals match
# the benchmark's sample side (ResNet-20 300 steps, progress every 25; the CNN 1200 every 100).
TF_LIMIT_MB = 4096
TF_OOM_LIMIT_MB = 256
TF_SCENARIOS: list[tuple[str, tuple[str, str, int, int, int, str, str]]] = [
    # First: a limit far too small for the batch must end in TensorFlow's own out-of-memory error with the sample's
    # defaults (jit auto): the sample turns XLA off there, since with XLA the first step spun instead.
    ("tf-resnet20-fp32-oom", ("tensorflow", "resnet20", 4096, 50, 5, "fp32", "oom")),
]
for _model, _steps, _every in (("resnet20", 300, 25), ("cnn", 1200, 100)):
    for _precision in ("fp32", "mixed_float16", "mixed_bfloat16"):
        for _memory in ("growth", "limit"):
            TF_SCENARIOS.append((f"tf-{_model}-{_precision}-{_memory}",
                                 ("tensorflow", _model, 1024, _steps, _every, _precision, _memory)))
# The loss-scaling demonstration (gradients overflow on a few steps, the scale halves); ResNet-50, FP32 vs mixed.
TF_SCENARIOS += [
    ("tf-resnet20-mixed_float16-overflow", ("tensorflow", "resnet20", 1024, 300, 25, "mixed_float16", "growth")),
    ("tf-resnet50-fp32-growth", ("tensorflow", "resnet50", 256, 120, 10, "fp32", "growth")),
    ("tf-resnet50-mixed_float16-growth", ("tensorflow", "resnet50", 256, 120, 10, "mixed_float16", "growth")),
]
EXTRA_ARGS = {"tf-resnet20-mixed_float16-overflow": ["--overflow-demo"]}


def smi(query: str) -> str:
    out = subprocess.run(["nvidia-smi", f"--query-gpu={query}", "--format=csv,noheader,nounits", "-i", "0"],
                         capture_output=True, text=True, timeout=30)
    return out.stdout.strip().splitlines()[0].strip()


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("outdir")
    ap.add_argument("--budget", type=float, default=500.0, help="seconds for all runs together")
    ap.add_argument("--only", nargs="*", default=None)
    ap.add_argument("--batch", type=int, default=None, help="override every scenario's batch")
    ap.add_argument("--set", choices=("keras3", "tf"), default="keras3")
    ap.add_argument("--python", default=sys.executable, help="the Python that trains (has TF for --set tf)")
    ap.add_argument("--interval", default="0.1", help="NVML sampling interval (s)")
    a = ap.parse_args()
    out = Path(a.outdir)
    (out / "runs").mkdir(parents=True, exist_ok=True)
    data = out / "data"
    name, driver, total = smi("name"), smi("driver_version"), int(float(smi("memory.total")))
    today = date.today().isoformat()
    t_start = time.monotonic()
    results = []
    for scen, (backend, model, batch, steps, log_every, precision, memory) in (
            TF_SCENARIOS if a.set == "tf" else SCENARIOS):
        if a.only and scen not in a.only:
            continue
        batch = a.batch or batch
        left = a.budget - (time.monotonic() - t_start)
        if left < 45:
            results.append({"scenario": scen, "skipped": "time budget spent"})
            continue
        oom = memory == "oom"
        memory = "limit" if oom else memory
        limit_mb = TF_OOM_LIMIT_MB if oom else (TF_LIMIT_MB if a.set == "tf" else LIMIT_MB)
        what = "TensorFlow sample" if backend == "tensorflow" else f"Keras 3 sample on {backend}"
        mode = f"memory limit {limit_mb} MB" if memory == "limit" else f"memory {memory}"
        jit = " ".join(EXTRA_ARGS.get(scen, [])).replace("--jit ", ", XLA ").replace(
            "--overflow-demo", ", forced gradient overflows (loss-scaling demonstration)")
        label = (f"recording: {what}, {model}, batch {batch}, {precision}, {mode}{', ' if jit else ''}{jit.lstrip(', ')}"
                 f"{' (too small: out of memory)' if oom else ''} -- {name}, driver {driver}, {today}")
        cmd = [sys.executable, "-m", "tfgpu_wizard", "record", "--python", a.python, "--backend", backend,
               "--model", model, "--batch-size", str(batch), "--steps", str(steps), "--log-every", str(log_every),
               "--precision", precision, "--memory", memory, "--gpu-total-mb", str(total), "--interval", a.interval,
               "--timeout", str(int(min(150, left - 10))), "--label", label]
        if memory == "limit":
            cmd += ["--memory-limit", str(limit_mb)]
        cmd += EXTRA_ARGS.get(scen, [])
        env = dict(os.environ, TFGPU_WIZARD_DATA=str(data / scen), NCCL_NVLS_ENABLE="0")
        t0 = time.monotonic()
        try:
            p = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=min(170, left))
        except subprocess.TimeoutExpired as exc:
            p = subprocess.CompletedProcess(cmd, 124, "", str(exc))
        files = sorted((data / scen / "runs").glob("*.run.jsonl"))
        entry = {"scenario": scen, "rc": p.returncode, "seconds": round(time.monotonic() - t0, 1),
                 "stderr_tail": p.stderr[-1500:]}
        if files:
            lines = files[0].read_text(encoding="utf-8").splitlines()
            header = json.loads(lines[0])
            header["recorded_on"] = f"{name}, driver {driver}, {today} (recording: real run of tools/gpu/" \
                                    f"h200_sample_runs.py, scenario {scen})"
            header["run_id"] = f"recording-sample-{scen}"
            lines[0] = json.dumps(header, ensure_ascii=False)
            (out / "runs" / f"sample-{scen}.run.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
            for line in lines:
                obj = json.loads(line)
                if obj.get("type") == "event" and obj["event"].get("type") in ("summary", "error"):
                    entry[obj["event"]["type"]] = obj["event"]
        results.append(entry)
        print(json.dumps({k: v for k, v in entry.items() if k != "stderr_tail"})[:600], flush=True)
        if p.returncode != 0:
            print(p.stderr[-1500:], flush=True)
    (out / "results.json").write_text(json.dumps(results, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
