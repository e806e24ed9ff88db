"""The window and the CLI record the same run (issue 21): ``tfgpu-wizard record`` (a real subprocess) and the
Monitor page, given the same configuration, write run files with the same label, header, event kinds and end.

Both drive core.flows.record; before, the window wrote its own label ("CPU · fp32"), ``source: gui``, no
interval, no host RAM in a CLI run, and its own English end details. The trainer is the real sample on real
TensorFlow (CPU); the failing interpreter is a small real executable.
"""

from __future__ import annotations

import dataclasses
import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tfgpu_wizard.core.monitor.runs import read_run
from tfgpu_wizard.core.target.runner import SampleConfig

pytestmark = pytest.mark.gui
needs_tf = pytest.mark.skipif(importlib.util.find_spec("tensorflow") is None, reason="needs TensorFlow")
posix_only = pytest.mark.skipif(os.name != "posix", reason="the stand-in interpreter is a shell script")


def record_flags(cfg: SampleConfig) -> list[str]:
    """``tfgpu-wizard record``'s flags for a config (commands/record.py makes one flag per field)."""
    out: list[str] = []
    for f in dataclasses.fields(SampleConfig):
        value = getattr(cfg, f.name)
        if f.name == "extra_args" or value == f.default:
            continue
        name = f.name.replace("_", "-")
        if isinstance(f.default, bool):
            out.append(f"--{name}" if value else f"--no-{name}")
        else:
            out += [f"--{name}", str(value)]
    return out


def cli_record(cfg: SampleConfig, python: str, data: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, TFGPU_WIZARD_DATA=str(data))
    return subprocess.run([sys.executable, "-m", "tfgpu_wizard", "record", *record_flags(cfg), "--python", python],
                          capture_output=True, text=True, env=env, timeout=300)


def window_record(window, qtbot, monkeypatch, data: Path, python: str, setup) -> tuple:
    monkeypatch.setenv("TFGPU_WIZARD_DATA", str(data))
    page = window.show_page("monitor")
    setup(page)
    cfg = page.sample_config()
    with qtbot.waitSignal(page.trainer.finished, timeout=240_000) as blocker:
        assert page.start_sample(python=python)
    return page, cfg, blocker.args[0]


@needs_tf
@pytest.mark.tf
def test_cli_and_window_write_the_same_run(window, qtbot, monkeypatch, tmp_path):
    def setup(page) -> None:
        page.devices.setCurrentIndex(page.devices.findData("cpu"))
        page.steps.setValue(4)
        page.batch.setValue(16)

    page, cfg, result = window_record(window, qtbot, monkeypatch, tmp_path / "窗口 window", sys.executable, setup)
    assert result.end == "ok", result.stderr_tail
    cli = cli_record(cfg, sys.executable, tmp_path / "命令 cli")
    assert cli.returncode == 0, cli.stderr[-2000:]
    (cli_path,) = (tmp_path / "命令 cli" / "runs").glob("*.run.jsonl")
    win, term = read_run(page.last_run_path), read_run(cli_path)
    assert not win.problems and not term.problems
    same = ("label", "config", "source", "interval", "devices", "python")
    assert {k: win.header.get(k) for k in same} == {k: term.header.get(k) for k in same}
    assert set(win.header) - {"run_id", "created"} == set(term.header) - {"run_id", "created"}
    assert win.header["label"] == page.run_label() == "cnn · batch 16 · fp32 · TensorFlow · CPU"
    assert [e.get("type") for _, e in win.events] == [e.get("type") for _, e in term.events]
    for rec in (win, term):  # a CPU run keeps its host RAM in both faces
        assert all(isinstance(e.get("rss"), int) for _, e in rec.events if e.get("type") == "progress")
    assert [n["code"] for n in win.notes] == [n["code"] for n in term.notes]
    assert {k: v for k, v in win.end.items() if k not in ("t", "memory")} == \
        {k: v for k, v in term.end.items() if k not in ("t", "memory")} == {"type": "end", "status": "finished",
                                                                           "exit_code": 0}
    assert set(win.end["memory"]) == set(term.end["memory"])
    assert f"Run {term.run_id}: finished." in cli.stdout
    # the overlay, the comparison table and `runs compare` name it as it was named while it ran
    assert page.compare_rows()[-1].label == win.header["label"]


@posix_only
def test_cli_and_window_say_the_same_about_a_failing_interpreter(window, qtbot, monkeypatch, tmp_path):
    exe = tmp_path / "坏 python" / "python"
    exe.parent.mkdir()
    exe.write_text("#!/bin/sh\necho 'ImportError: libcudart.so.12: cannot open shared object file' >&2\nexit 3\n",
                   encoding="utf-8")
    exe.chmod(0o755)
    page, cfg, result = window_record(window, qtbot, monkeypatch, tmp_path / "w", str(exe), lambda page: None)
    assert result.end == "failed" and "exit code 3" in page.run_state.text()
    cli = cli_record(cfg, str(exe), tmp_path / "c")
    assert cli.returncode == 1 and "ended with exit code 3" in cli.stderr
    (cli_path,) = (tmp_path / "c" / "runs").glob("*.run.jsonl")
    win, term = read_run(page.last_run_path), read_run(cli_path)
    assert win.header["label"] == term.header["label"]
    assert win.end["status"] == term.end["status"] == "failed" and win.end["exit_code"] == term.end["exit_code"] == 3
    assert win.end["detail"] == term.end["detail"]
    assert win.end["detail"].splitlines()[0] == "the sample exited with code 3" and "libcudart" in win.end["detail"]
