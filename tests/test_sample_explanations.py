"""`tfgpu-wizard sample` prints the one explanation table (core.target.sampleopts) before a run in text mode,
translated, and never with --json. Through the real CLI in a subprocess, with a real (CPU) TensorFlow run."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

pytestmark = pytest.mark.tf


def cli(*args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONIOENCODING="utf-8", LANG="C.UTF-8", COLUMNS="100")
    env.pop("TFGPU_WIZARD_LANG", None)
    return subprocess.run([sys.executable, "-m", "tfgpu_wizard", *args], capture_output=True, text=True,
                          encoding="utf-8", timeout=300, env=env)


def test_text_mode_prints_what_the_settings_mean_first_in_chinese():
    out = cli("--lang", "zh_CN", "sample", "--steps", "1", "--batch-size", "8", "--memory", "growth",
              "--precision", "mixed_float16", "--timeout", "240")
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[0] == "各设置的含义（本次运行：显存 growth，精度 mixed_float16）：", out.stdout
    table = "\n".join(lines[:16])
    assert "默认：TensorFlow 在第一次 GPU 运算时占用几乎全部空闲显存" in table  # the Monitor page's own text
    assert "FP32：每个数都是 32 位浮点数" in table and "混合精度（mixed_float16）" in table
    chosen = [ln for ln in lines[:16] if ln.startswith("  * ")]
    assert len(chosen) == 2 and "混合精度（mixed_float16）" in chosen[1], chosen  # growth and mixed_float16
    assert table.index("FP32") < out.stdout.index("TensorFlow 2."), "the table comes before the run"


def test_json_mode_prints_only_the_samples_json_lines():
    out = cli("sample", "--steps", "1", "--batch-size", "8", "--json", "--timeout", "240")
    assert out.returncode == 0, out.stderr
    assert "What the settings mean" not in out.stdout and "FP32: every number" not in out.stdout
    assert all(json.loads(ln) for ln in out.stdout.splitlines() if ln.strip())
