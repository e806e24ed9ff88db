"""`tfgpu-wizard benchmark`: the Benchmark page's table from core.monitor.benchmark, for a terminal.

Recordings: the bundled H200 run files (resources/recordings/sample-*.run.jsonl, real runs). The live part
trains the real sample on this machine's CPU.
"""

from __future__ import annotations

import csv
import importlib.util
import json
import subprocess
import sys

import pytest

from tfgpu_wizard.core.monitor import benchmark as bench


def _cli(*argv: str, timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "tfgpu_wizard", "benchmark", *argv], capture_output=True,
                          text=True, timeout=timeout)


def test_recordings_table_has_step_times_and_speedups(tmp_path):
    proc = _cli("--recordings", "--json", "--csv", str(tmp_path / "表 bench.csv"))
    assert proc.returncode == 0, proc.stderr
    rows = json.loads(proc.stdout)
    assert len(rows) == len(bench.recording_rows())
    by = {r["setting"]: r for r in rows}
    base, mixed = by["JAX · resnet20 · fp32 · default"], by["JAX · resnet20 · mixed_float16 · default"]
    assert base["speedup"] == 1.0 and mixed["speedup"] > 1.5
    # the step time is global batch / images per second (the summary has no step-time field)
    assert all(r["step_time_s"] and r["step_time_s"] > 0 for r in rows if r["images_per_sec"])
    lines = list(csv.DictReader((tmp_path / "表 bench.csv").open(encoding="utf-8")))
    assert [r["setting"] for r in lines] == [r["setting"] for r in rows]
    text = _cli("--recordings").stdout
    assert text.splitlines()[0].startswith("setting") and "1.72×" in text and " ms " in text


def test_summary_numbers_read_what_the_sample_sends():
    assert bench.summary_numbers({"images_per_sec": 800.0, "global_batch": 64}) == (800.0, 0.08)
    assert bench.summary_numbers({"images_per_sec": 800.0}, batch_size=32) == (800.0, 0.04)
    # the fields the page used to read do not exist in the protocol: they count for nothing
    assert bench.summary_numbers({"steady_images_per_sec": 5.0, "step_time": 1.0}) == (None, None)


@pytest.mark.skipif(importlib.util.find_spec("tensorflow") is None, reason="needs TensorFlow")
def test_cpu_comparison_really_runs():
    proc = _cli("--cpu", "--steps", "10", "--json", timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    rows = json.loads(proc.stdout)
    assert [r["setting"] for r in rows] == ["CPU, FP32", "CPU, mixed_bfloat16"]
    assert all(r["status"] == "ok" and r["images_per_sec"] > 0 and r["step_time_s"] > 0 for r in rows)
    assert all(r["first_step_s"] > 0 for r in rows)  # the sample's first-step time (tracing, compilation)
    assert rows[0]["speedup"] == 1.0 and rows[1]["speedup"] > 0
    assert _cli("--steps", "0").returncode == 2
