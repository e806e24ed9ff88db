"""``tfgpu-wizard record``: the real bundled sample under real TensorFlow (CPU) in a subprocess, recorded as a run."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tfgpu_wizard.cli import main
from tfgpu_wizard.core.monitor import nvml, runs


def test_bad_sample_flags_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:  # a choice from core.target.runner.MODELS: argparse refuses it
        main(["record", "--model", "nope", "--steps", "4"])
    assert exc.value.code == 2 and "invalid choice: 'nope'" in capsys.readouterr().err
    assert main(["record", "--steps", "0"]) == 2  # a value SampleConfig checks
    assert "steps" in capsys.readouterr().err
    assert runs.list_runs() == []


@pytest.mark.tf
@pytest.mark.skipif(importlib.util.find_spec("tensorflow") is None, reason="needs tensorflow-cpu")
def test_record_a_real_cpu_sample_run(tmp_path: Path) -> None:
    data = tmp_path / "数据 data"
    env = dict(os.environ, TFGPU_WIZARD_DATA=str(data))
    p = subprocess.run([sys.executable, "-m", "tfgpu_wizard", "record", "--steps", "4", "--batch-size", "16",
                        "--log-every", "1", "--label", "小 run"], capture_output=True, text=True, env=env,
                       timeout=300)
    assert p.returncode == 0, p.stderr[-2000:]
    (summary,) = runs.list_runs(data / "runs")
    assert summary.status == "finished" and summary.label == "小 run"
    rec = runs.read_run(summary.path)
    progress = [e for _, e in rec.events if e.get("type") == "progress"]
    assert [e["step"] for e in progress] == [1, 2, 3, 4]
    assert rec.config["steps"] == 4 and rec.end is not None and rec.end["exit_code"] == 0
    ts = [t for t, _ in rec.events]
    assert ts == sorted(ts) and 0 < ts[0] < 300
    if nvml.init() is not None:  # this machine: no GPU, said so in the run and on the terminal
        assert rec.notes and rec.notes[0]["code"] == "no-gpu-sampled"
        assert "No GPU is sampled" in p.stderr


@pytest.mark.tf
@pytest.mark.skipif(importlib.util.find_spec("tensorflow") is None, reason="needs tensorflow-cpu")
def test_record_prints_one_sentence_per_loss_scale_event(tmp_path: Path) -> None:
    """Issue 25: the overflow demonstration on this CPU; the terminal says what the loss scale did, in the words
    the window's list shows (core.monitor.lossscale), here in Chinese."""
    from tfgpu_wizard.core.monitor.lossscale import loss_scale_sentences

    env = dict(os.environ, TFGPU_WIZARD_DATA=str(tmp_path / "data"), COLUMNS="80")
    p = subprocess.run([sys.executable, "-m", "tfgpu_wizard", "--lang", "zh_CN", "record", "--devices", "cpu",
                        "--precision", "mixed_float16", "--overflow-demo", "--steps", "10", "--batch-size", "16",
                        "--log-every", "5"], capture_output=True, text=True, env=env, timeout=300)
    assert p.returncode == 0, p.stderr[-2000:]
    (summary,) = runs.list_runs(tmp_path / "data" / "runs")
    want = loss_scale_sentences([e for _, e in runs.read_run(summary.path).events], "zh_CN")
    assert len(want) == 4 and want[0].startswith("损失缩放从 32,768 开始")
    lines = p.stdout.splitlines()
    assert [ln for ln in lines if ln in want] == want  # each once, in order
    assert sum("梯度溢出：这一步被跳过，损失缩放减半" in ln for ln in lines) == 3
