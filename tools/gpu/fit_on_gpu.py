"""Exercise `tfgpu-wizard fit` on a real GPU: ResNet-20 in fp32 and mixed_float16 under a 4096 MB limit.

Usage on the GPU machine (repository root; TensorFlow 2.21 with its CUDA libraries in ``python3``, e.g. carried
with ../shared/tools/tf-on-h200; the app's src on PYTHONPATH):

    export PYTHONPATH=/tmp/site:$PWD/src LD_LIBRARY_PATH=$(ls -d /tmp/site/nvidia/*/lib | tr '\\n' ':')$LD_LIBRARY_PATH
    python3 tools/gpu/fit_on_gpu.py [--python python3] [--limit 4096] [--jit off] [--budget 170] > fit.json

Prints one JSON object: the search per precision (every probe: batch, outcome, TensorFlow's measured peak,
seconds), the sentence the CLI prints, and for every probe that fitted the estimator's prediction at that batch
against TensorFlow's measured peak (error in %): calibration data for the probes' XLA setting. The flow runs in
this process (core.flows.fit: predict, then probes in child processes through the runner) and is cancelled
when ``--budget`` seconds are spent, so the whole script ends in under 3 minutes: ``--jit off`` by default
(a probe then takes ~10 s; with XLA its first step alone takes 20-30 s on an H200). Nothing here is imported by
the app.
"""

from __future__ import annotations

import argparse
import json
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "src"))

from tfgpu_wizard.core.flows.fit import fit_flow  # noqa: E402
from tfgpu_wizard.core.flows.predict import MIB  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--python", default="python3", help="the Python that has TensorFlow (default python3)")
    p.add_argument("--model", default="resnet20")
    p.add_argument("--limit", type=int, default=4096, help="TensorFlow's memory limit in MB (default 4096)")
    p.add_argument("--jit", default="off", choices=("auto", "on", "off"))
    p.add_argument("--precision", action="append", help="default: fp32 and mixed_float16")
    p.add_argument("--budget", type=float, default=170.0, help="cancel the search after this many seconds")
    p.add_argument("--max-probes", type=int, default=6)
    p.add_argument("--tolerance", type=float, default=0.05)
    args = p.parse_args(argv)
    cancel = threading.Event()
    timer = threading.Timer(args.budget, cancel.set)
    timer.daemon = True
    timer.start()
    t0 = time.monotonic()
    log = []
    flow = fit_flow(args.model, args.precision or ["fp32", "mixed_float16"], args.limit, args.python, jit=args.jit,
                    max_probes=args.max_probes, tolerance=args.tolerance, cancel=cancel)
    while True:
        try:
            item = next(flow)
        except StopIteration as stop:
            result = stop.value
            break
        if item.kind != "waiting":
            log.append([round(time.monotonic() - t0, 1), item.kind, item.text])
            print(f"[{time.monotonic() - t0:6.1f}s] {item.text}", file=sys.stderr, flush=True)
    timer.cancel()
    out = result.to_dict()
    out["sentences"] = result.lines("en")
    out["log"] = log
    calibration = []
    for fit in result.fits:
        if fit.prediction is None:
            continue
        for probe in fit.probes:
            if probe.fits and probe.tf_peak_bytes:
                needed, peak = fit.prediction.at_batch(probe.batch)
                calibration.append({
                    "precision": fit.precision, "batch": probe.batch, "xla": fit.prediction.xla,
                    "tf_peak_mib": round(probe.tf_peak_bytes / MIB, 1), "predicted_mib": round(peak / MIB, 1),
                    "needed_mib": round(needed / MIB, 1),
                    "error_pct": round((peak - probe.tf_peak_bytes) / probe.tf_peak_bytes * 100, 2)})
    out["calibration"] = calibration
    out["wall_s"] = round(time.monotonic() - t0, 1)
    print(json.dumps(out, indent=2, ensure_ascii=False))
    return 0 if result.measured and not result.error else 1


if __name__ == "__main__":
    sys.exit(main())
