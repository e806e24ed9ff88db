"""`tfgpu-wizard check` on bad input (issue 26): a 20 MB notebook (its outputs are what make it big), 20 MB of
binary data, a 20 MB text with no claims, each timed side by side with a normal tutorial (f14) in one run and
printed as a ratio. Run: PYTHONPATH=src python benchmarks/bench_check_bad_input.py"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

from tfgpu_wizard.core.setup.check.engine import check_bytes

ROOT = Path(__file__).resolve().parents[1]


def _time(data: bytes, name: str) -> tuple[float, list[str], int]:
    t0 = time.perf_counter()
    rep = check_bytes(data, name)
    return time.perf_counter() - t0, rep.notes, len(rep.findings)


def main() -> None:
    normal = (ROOT / "tests" / "fixtures" / "check" / "f14_tensorflow_org_pip.md").read_bytes()
    cell = {"cell_type": "code", "source": ["!pip install tensorflow==2.16.0\n"], "metadata": {},
            "outputs": [{"output_type": "display_data", "data": {"image/png": "iVBOR" + "A" * 1_000_000}}]}
    nb = json.dumps({"cells": [cell] * 20, "metadata": {}, "nbformat": 4, "nbformat_minor": 5}).encode()
    inputs = [("normal tutorial (f14)", normal, "pip.md"), (f"notebook {len(nb) / 1e6:.0f} MB", nb, "big.ipynb"),
              ("binary 20 MB", os.urandom(20_000_000), "blob.bin"),
              ("text without claims 20 MB", ("lorem ipsum dolor sit amet " * 3 + "\n").encode() * 250_000,
               "notes.txt")]
    base = None
    for label, data, name in inputs:
        best = min(_time(data, name)[0] for _ in range(3))
        _, notes, n = _time(data, name)
        base = base or best
        print(f"{label:28s} {best * 1000:9.1f} ms  x{best / base:8.1f}  notes={notes} findings={n}")


if __name__ == "__main__":
    main()
