"""``tfgpu-wizard runs compare --png`` with runs that have no GPU samples (newcomer-2.md, defect 9).

It used to write an empty 0-1 plot for CPU runs and say "Chart written", drop a CPU run beside a recording
without a word, ignore the runs' --label names and start every legend entry with "earlier:". The runs here are
recorded through core.flows.record with small real executables standing in for the sample (one trains for a
moment and reports steps: its host RAM is really measured; one reports nothing), beside a bundled H200
recording (labelled real run).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tfgpu_wizard.core.flows.base import drive
from tfgpu_wizard.core.flows.record import record
from tfgpu_wizard.core.monitor.runs import bundled_recordings
from tfgpu_wizard.core.target.runner import SampleConfig

pytestmark = [pytest.mark.gui, pytest.mark.skipif(os.name != "posix", reason="the stand-ins are shell scripts")]

TRAINER = """import json, os, sys, time
print(json.dumps({"type": "start", "pid": os.getpid()}), flush=True)
print(json.dumps({"type": "devices", "gpus": [], "memory_effect": "no GPU"}), flush=True)
ballast = []
for step in range(1, 4):
    ballast.append(bytearray(8 * 1024 * 1024))
    time.sleep(0.2)
    print(json.dumps({"type": "progress", "step": step, "steps": 3}), flush=True)
"""


def recorded(tmp_path: Path, name: str, script: str, label: str) -> Path:
    body = tmp_path / f"{name}.py"
    body.write_text(script, encoding="utf-8")
    exe = tmp_path / name / "python"
    exe.parent.mkdir()
    exe.write_text(f"#!/bin/sh\nexec '{sys.executable}' '{body}'\n", encoding="utf-8")
    exe.chmod(0o755)
    result = drive(record(SampleConfig(steps=3, devices="cpu"), str(exe), label=label))
    assert result.saved_to is not None
    return result.saved_to


def test_runs_without_gpu_samples_are_drawn_honestly(tmp_path):
    from tfgpu_wizard.gui.overlay_png import render_overlay_png

    cpu = recorded(tmp_path, "trainer", TRAINER, "我的 CPU run")
    empty = recorded(tmp_path, "silent", "print('{\"type\": \"start\", \"pid\": 1}')\n", "empty run")
    growth = next(p for p in bundled_recordings() if p.name == "sample-tf-cnn-fp32-growth.run.jsonl")
    drawn = render_overlay_png([cpu, empty, growth], tmp_path / "图 chart.png")
    assert [(d.label, d.what) for d in drawn] == [("我的 CPU run", "host-ram"), ("empty run", ""),
                                                  ("cnn · batch 1024 · growth · fp32 · TensorFlow · NVIDIA H200", "gpu")]
    assert drawn[0].legend.startswith("我的 CPU run (no GPU samples: host RAM")
    assert drawn[2].legend.startswith("cnn · batch 1024 · growth · fp32 · TensorFlow · NVIDIA H200 · peak")
    assert not any("earlier" in d.legend for d in drawn)
    assert (tmp_path / "图 chart.png").stat().st_size > 10_000

    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", COLUMNS="80")
    out = tmp_path / "out.png"
    cli = subprocess.run([sys.executable, "-m", "tfgpu_wizard", "--lang", "en", "runs", "compare", str(cpu),
                          str(empty), growth.name.removesuffix(".run.jsonl"), "--png", str(out)],
                         capture_output=True, text=True, env=env, timeout=120)
    assert cli.returncode == 0, cli.stderr
    assert "我的 CPU run: no GPU samples; the chart shows its training process's host RAM" in cli.stdout
    assert "empty run: no GPU samples to draw" in cli.stdout and f"Chart written to {out}" in cli.stdout
    nothing = subprocess.run([sys.executable, "-m", "tfgpu_wizard", "--lang", "en", "runs", "compare", str(empty),
                              "--png", str(tmp_path / "none.png")], capture_output=True, text=True, env=env,
                             timeout=120)
    assert nothing.returncode == 1 and "No chart written" in nothing.stderr
    assert "empty run: no GPU samples to draw" in nothing.stdout and not (tmp_path / "none.png").exists()


def test_more_runs_than_the_chart_keeps_are_named_not_dropped_in_silence(tmp_path: Path) -> None:
    """drills-3 #13: ``runs compare --png`` with 8 runs drew the last 6 and said only "Chart written to". It now says
    which runs are not on the chart (and the JSON lists them), and draws the rest (the bundled H200 recordings)."""
    import json

    from tfgpu_wizard.gui.chart import MemoryChart

    runs = [str(p) for p in sorted(bundled_recordings()) if p.name.startswith("sample-tf-")][:8]
    assert len(runs) == 8 > MemoryChart.MAX_FADED
    png = tmp_path / "八个 runs.png"
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", COLUMNS="200")
    p = subprocess.run([sys.executable, "-m", "tfgpu_wizard", "runs", "compare", *runs, "--png", str(png)],
                       capture_output=True, text=True, env=env, timeout=300)
    assert p.returncode == 0 and png.is_file(), p.stderr
    said = " ".join(p.stdout.split())
    assert f"The chart shows the last {MemoryChart.MAX_FADED} of 8 runs" in said, p.stdout
    j = subprocess.run([sys.executable, "-m", "tfgpu_wizard", "runs", "compare", *runs, "--png", str(png), "--json"],
                       capture_output=True, text=True, env=env, timeout=300)
    data = json.loads(j.stdout)
    assert len(data["not_drawn"]) == 8 - MemoryChart.MAX_FADED and data["png"] == str(png)
    labels = [r["label"] for r in data["runs"]]
    assert data["not_drawn"] == labels[: 8 - MemoryChart.MAX_FADED]  # the earliest given are the ones left out
    assert all(lab in said for lab in data["not_drawn"])
