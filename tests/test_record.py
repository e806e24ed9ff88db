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
