"""core.flows.benchmark: one queue for ``tfgpu-wizard benchmark`` and the Benchmark page.

The settings follow the host report (the doctor report recorded on an H200, resources/recordings/doctor-h200.json,
for a GPU machine); the runs are real subprocesses: small real executables standing in for an interpreter that
crashes or is missing (the statuses the two faces used to word differently).
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from tfgpu_wizard.core.flows.base import drive
from tfgpu_wizard.core.flows.benchmark import benchmark, settings
from tfgpu_wizard.core.paths import resources_dir
from tfgpu_wizard.core.setup.host_model import HostReport
from tfgpu_wizard.core.target.sampleopts import BENCHMARK_CPU, BENCHMARK_GPU

posix_only = pytest.mark.skipif(os.name != "posix", reason="the stand-in interpreters are shell scripts")


def h200() -> HostReport:
    data = json.loads((resources_dir() / "recordings" / "doctor-h200.json").read_text("utf-8"))
    return HostReport.from_dict(data)


def fake_python(folder: Path, body: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    exe = folder / "python"
    exe.write_text("#!/bin/sh\n" + body + "\n", encoding="utf-8")
    exe.chmod(0o755)
    return exe


def test_the_settings_follow_the_host_report():
    gpu = settings(h200(), 50)
    assert [label for label, _ in gpu] == [label for label, _ in BENCHMARK_GPU]
    assert all(cfg.steps == 50 and cfg.gpu_total_mb for _, cfg in gpu)  # the card's size, from the report
    no_gpu = h200()
    no_gpu.gpus = []
    assert [label for label, _ in settings(no_gpu)] == [label for label, _ in BENCHMARK_CPU]
    assert [label for label, _ in settings(None)] == [label for label, _ in BENCHMARK_CPU]
    assert [label for label, _ in settings(h200(), cpu=True)] == [label for label, _ in BENCHMARK_CPU]


@posix_only
def test_a_crash_and_a_missing_interpreter_are_said_as_such(tmp_path):
    crash = fake_python(tmp_path / "崩溃", "kill -SEGV $$")
    seen: list = []
    result = drive(benchmark(str(crash), steps=5, host=None), seen.append)
    assert [r["status"] for r in result.rows] == ["crashed", "crashed"] and result.exit_code == 1
    assert all("SIGSEGV" in r["message"] for r in result.rows)
    kinds = [i.kind for i in seen]
    assert kinds[0] == "plan" and kinds.count("setting") == 2 and kinds.count("row") == 2
    missing = drive(benchmark(str(tmp_path / "no such python"), steps=5, host=None))
    assert {r["status"] for r in missing.rows} == {"not-started"}
    assert all("could not be started" in r["message"] for r in missing.rows)


@posix_only
def test_cancel_ends_the_running_setting_and_leaves_the_rest(tmp_path):
    slow = fake_python(tmp_path / "slow", "exec sleep 600")
    cancel = threading.Event()

    def on(item) -> None:
        if item.kind == "started":
            cancel.set()

    result = drive(benchmark(str(slow), steps=5, host=None, cancel=cancel), on)
    assert result.cancelled and [r["status"] for r in result.rows] == ["cancelled"]
    assert len(result.planned) == 2


@posix_only
def test_the_cli_prints_the_flows_rows(tmp_path):
    crash = fake_python(tmp_path / "崩溃", "kill -SEGV $$")
    cli = subprocess.run([sys.executable, "-m", "tfgpu_wizard", "benchmark", "--cpu", "--steps", "5", "--python",
                          str(crash), "--json"], capture_output=True, text=True, timeout=120)
    assert cli.returncode == 1, cli.stderr
    rows = json.loads(cli.stdout)
    want = drive(benchmark(str(crash), steps=5, host=None)).rows
    assert [(r["setting"], r["status"], r["message"]) for r in rows] == \
        [(r["setting"], r["status"], r["message"]) for r in want]
    assert rows[0]["status"] == "crashed" and signal.Signals.SIGSEGV.name in rows[0]["message"]
