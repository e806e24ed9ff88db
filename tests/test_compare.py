"""core.monitor.compare and `tfgpu-wizard runs compare`, on the bundled H200 recordings (labelled real runs)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from tfgpu_wizard.core.monitor.compare import overlay_label, run_stats, style_for, unique_labels
from tfgpu_wizard.core.monitor.runs import find_run

NAMES = ["sample-jax-cnn-fp32-default", "sample-jax-cnn-fp32-growth", "sample-jax-cnn-fp32-limit"]


def test_growth_limit_default_differ_as_the_lesson_says():
    s = {n.split("-")[-1]: run_stats(find_run(n)) for n in NAMES}
    assert s["default"].peak_mib > 100_000 > s["limit"].peak_mib > s["growth"].peak_mib > 1_000
    assert all(x.source == "nvml" and x.gpu == "NVIDIA H200" and x.images_per_s for x in s.values())
    assert overlay_label(s["growth"]) == "cnn · batch 1024 · growth · fp32 · JAX · NVIDIA H200"
    colours = {style_for(x.mode, x.precision)[0] for x in s.values()}
    assert len(colours) == 3  # each memory mode its own hue
    assert style_for("default", "fp32")[1] != style_for("default", "mixed_float16")[1]  # precision -> dash
    assert unique_labels(["a", "b", "a", "a"]) == ["a", "b", "a (2)", "a (3)"]


def test_cli_compare_json_and_png(tmp_path):
    png = tmp_path / "比较 chart.png"
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    r = subprocess.run([sys.executable, "-m", "tfgpu_wizard", "runs", "compare", *NAMES, NAMES[1], "--json",
                        "--png", str(png)], capture_output=True, text=True, env=env, timeout=120)
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    peaks = [x["peak_mib"] for x in data["runs"]]
    assert peaks[0] > 100_000 and peaks[1] == peaks[3]
    labels = [x["label"] for x in data["runs"]]
    assert len(set(labels)) == len(labels) and labels[3].endswith("(2)")
    assert png.stat().st_size > 10_000
