"""Time `tfgpu-wizard doctor --json` (whole process) against `python -c "import tensorflow"`, side by side.

Goal (issue 2): doctor <= 0.1x a TensorFlow import. Both are measured in this one run on this machine,
as whole processes started the same way, so the ratio compares like with like.

    .venv/bin/python benchmarks/bench_doctor.py [--runs 5] [--python PATH]

``--python`` chooses the interpreter whose ``import tensorflow`` is timed (default: this one).
Prints each timing, the medians, and the ratio; exits 1 when the goal is missed.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time

GOAL = 0.1


def timed(cmd: list[str], timeout: float = 300) -> tuple[float, subprocess.CompletedProcess]:
    t0 = time.perf_counter()
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    return time.perf_counter() - t0, proc


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5, help="doctor runs (the TF import runs once)")
    ap.add_argument("--python", default=sys.executable, help="interpreter for `import tensorflow`")
    args = ap.parse_args()

    doctor = [sys.executable, "-m", "tfgpu_wizard", "doctor", "--json"]
    timed(doctor)  # warm the file cache once, as a user's second run would be
    times = []
    for i in range(args.runs):
        dt, proc = timed(doctor)
        if proc.returncode != 0:
            print(proc.stderr, file=sys.stderr)
            return 2
        json.loads(proc.stdout)  # it must be a real, complete report
        times.append(dt)
        print(f"doctor --json run {i + 1}: {dt:.3f} s")
    tf_time, proc = timed([args.python, "-c", "import tensorflow"])
    if proc.returncode != 0:
        print(f"import tensorflow failed in {args.python}:\n{proc.stderr[-2000:]}", file=sys.stderr)
        return 2
    print(f"import tensorflow: {tf_time:.3f} s")
    med = statistics.median(times)
    ratio = med / tf_time
    print(f"doctor median {med:.3f} s (min {min(times):.3f}, max {max(times):.3f}); "
          f"ratio doctor / import tensorflow = {ratio:.3f} (goal <= {GOAL})")
    return 0 if ratio <= GOAL else 1


if __name__ == "__main__":
    raise SystemExit(main())
