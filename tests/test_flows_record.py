"""core.flows.record: the record flow both faces drive, its one run label, and ``replay`` of a run file.

Real subprocesses throughout: the real sample on real TensorFlow (CPU) where training matters, and small real
executables standing in for an interpreter where only its end matters (it fails, it crashes, it hangs until
stopped). GPU devices for the label come from a bundled H200 recording (its header says ``recorded_on``).
"""

from __future__ import annotations

import importlib.util
import json
import os
import signal
import sys
import threading
import time
from pathlib import Path

import pytest

from tfgpu_wizard.core.flows.base import drive
from tfgpu_wizard.core.flows.record import (
    RecordResult,
    Replay,
    record,
    replay,
    run_label,
)
from tfgpu_wizard.core.monitor.compare import overlay_label, run_stats
from tfgpu_wizard.core.monitor.runs import bundled_recordings, read_run
from tfgpu_wizard.core.paths import resources_dir
from tfgpu_wizard.core.target.runner import SampleConfig

RECORDINGS = {p.name.removesuffix(".run.jsonl"): p for p in bundled_recordings()}
posix_only = pytest.mark.skipif(os.name != "posix", reason="the stand-in interpreters are shell scripts")
needs_tf = pytest.mark.skipif(importlib.util.find_spec("tensorflow") is None, reason="needs tensorflow-cpu")


def fake_python(folder: Path, body: str) -> Path:
    """A real executable standing in for a target interpreter (a shell script)."""
    folder.mkdir(parents=True, exist_ok=True)
    exe = folder / "python"
    exe.write_text("#!/bin/sh\n" + body + "\n", encoding="utf-8")
    exe.chmod(0o755)
    return exe


def valid(path: Path) -> None:
    """Every line of a run file against resources/schemas/run-record.schema.json."""
    import jsonschema

    schema = json.loads((resources_dir() / "schemas" / "run-record.schema.json").read_text(encoding="utf-8"))
    check = jsonschema.Draft202012Validator(schema)
    for line in path.read_text(encoding="utf-8").splitlines():
        check.validate(json.loads(line))


def run_flow(flow, on_item=None) -> tuple[RecordResult, list]:
    seen: list = []

    def keep(item) -> None:
        seen.append(item)
        if on_item is not None:
            on_item(item)

    return drive(flow, keep), seen


def test_one_run_has_one_name():
    h200 = read_run(RECORDINGS["sample-tf-cnn-fp32-limit"])
    assert "recording" in h200.header["recorded_on"] or "H200" in h200.header["recorded_on"]
    limit = SampleConfig(memory="limit", memory_limit="4096", devices="gpu:0")
    assert run_label(limit, h200.devices, {0: h200.devices[0].index}) == \
        "cnn · batch 64 · limit 4096 MB · fp32 · TensorFlow · NVIDIA H200"
    assert run_label(SampleConfig(devices="cpu", memory="default")) == "cnn · batch 64 · fp32 · TensorFlow · CPU"
    assert run_label(SampleConfig(keras2=True, devices="auto", model="resnet20", batch_size=256)) == \
        "resnet20 · batch 256 · default · fp32 · TensorFlow · Keras 2"  # the model and batch: N5
    assert run_label(SampleConfig(), label="  小 run ") == "小 run"
    # reopened: the run's own label; a recording (whose header label is a paragraph) is named by what it ran
    assert overlay_label(run_stats(RECORDINGS["sample-jax-cnn-fp32-growth"])) == \
        "cnn · batch 1024 · growth · fp32 · JAX · NVIDIA H200"
    assert overlay_label(run_stats(RECORDINGS["sample-tf-cnn-fp32-limit"])) == \
        "cnn · batch 1024 · limit 4096 MB · fp32 · TensorFlow · NVIDIA H200"


def test_replay_reads_a_recording_and_refuses_a_bad_file(tmp_path):
    path = RECORDINGS["sample-jax-cnn-fp32-growth"]
    rec = read_run(path)
    opened: Replay = drive(replay(path))
    assert opened.read and opened.ok and opened.end == rec.end
    assert len(opened.snapshots) == sum(len(snaps) for _, snaps in rec.ticks)
    assert opened.label == \
        "cnn · batch 1024 · growth · fp32 · JAX · NVIDIA H200" and opened.framework == "JAX"
    assert opened.memory and opened.stats is not None and opened.stats.peak_mib > 1000
    assert opened.events[0][0] >= -1.0  # events on the recorded time axis (from the first tick)
    bad = tmp_path / "不是 run.jsonl"
    bad.write_text("hello\n", encoding="utf-8")
    refused: Replay = drive(replay(bad))
    assert not refused.ok and "not a tfgpu-wizard run file" in refused.detail
    assert bad.read_text(encoding="utf-8") == "hello\n"


@posix_only
def test_a_failing_interpreter_is_recorded_as_failed_with_why(tmp_path):
    exe = fake_python(tmp_path / "坏 python", "echo '{\"type\": \"start\", \"pid\": 1}'\n"
                                              "echo 'ImportError: libcudart.so.12: cannot open' >&2\nexit 3")
    result, seen = run_flow(record(SampleConfig(steps=2, devices="cpu"), str(exe)))
    kinds = [i.kind for i in seen]
    assert kinds[:2] == ["no-gpu", "recording"] or kinds[0] == "recording"
    assert "started" in kinds and "event" in kinds and kinds[-1] == "ending"
    assert result.done and result.status == "failed" and result.end == "failed" and result.exit_code == 3
    assert result.detail.splitlines()[0] == "the sample exited with code 3"
    assert "libcudart.so.12" in result.detail and "libcudart.so.12" in result.stderr_tail
    assert result.label.endswith("fp32 · TensorFlow · CPU")
    valid(result.saved_to)
    back = read_run(result.saved_to)
    assert back.header["label"] == result.label and back.header["source"] in ("nvml", "none")
    assert back.header["config"] == SampleConfig(steps=2, devices="cpu").to_dict()
    assert back.end["status"] == "failed" and back.end["exit_code"] == 3 and back.end["detail"] == result.detail
    assert [e["type"] for _, e in back.events] == ["start"]


@posix_only
def test_a_crash_and_a_missing_interpreter_say_what_happened(tmp_path):
    crash = fake_python(tmp_path / "crash", "kill -SEGV $$")
    result, _ = run_flow(record(SampleConfig(steps=2), str(crash)))
    assert result.end == "crashed" and result.signal == signal.SIGSEGV and result.exit_code is None
    assert result.status == "failed"
    valid(result.saved_to)
    assert "exit_code" not in read_run(result.saved_to).end  # a signal ended it: there is no exit code
    assert result.detail.startswith(f"the training process was killed by signal {int(signal.SIGSEGV)} (SIGSEGV)")
    missing, _ = run_flow(record(SampleConfig(steps=2), str(tmp_path / "no such python")))
    assert missing.end == "not-started" and missing.status == "failed" and missing.start_error
    assert read_run(missing.saved_to).end["detail"].startswith("could not start: ")


@posix_only
def test_cancel_stops_the_sample_and_the_run_says_why(tmp_path):
    pid_file = tmp_path / "pid"
    slow = fake_python(tmp_path / "slow", f"echo $$ > '{pid_file}'\nexec sleep 600")
    cancel = threading.Event()

    def stop_when_started(item) -> None:
        # "started" comes as soon as the process exists; the shell may not have written its pid yet, and a
        # cancel before that would leave nothing to check (CI lost that race once)
        if item.kind == "started":
            deadline = time.monotonic() + 20
            while not pid_file.exists() and time.monotonic() < deadline:
                time.sleep(0.02)
            cancel.set()

    flow = record(SampleConfig(steps=2), str(slow), cancel=cancel, stop_reason=lambda: "stopped for the test")
    result, _ = run_flow(flow, stop_when_started)
    assert result.end == "cancelled" and result.status == "stopped" and result.detail == "stopped for the test"
    assert read_run(result.saved_to).end["status"] == "stopped"
    pid = int(pid_file.read_text())
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)


def test_a_run_folder_that_cannot_be_written_is_saved_elsewhere(tmp_path, monkeypatch):
    blocker = tmp_path / "not a folder"
    blocker.write_text("x", encoding="utf-8")
    monkeypatch.setenv("TFGPU_WIZARD_DATA", str(blocker / "data"))
    script = tmp_path / "fast.py"  # not a trainer: this is about where the run goes
    script.write_text("print('{\"type\": \"start\", \"pid\": 1}')\nprint('{\"type\": \"summary\"}')\n")
    exe = fake_python(tmp_path / "fast", f"exec '{sys.executable}' '{script}'")
    home = tmp_path / "家 home"
    home.mkdir()
    result, seen = run_flow(record(SampleConfig(steps=1), str(exe), fallback_dir=home))
    assert result.write_problem and result.saved_to == home / result.path.name
    assert any(i.kind == "write-problem" for i in seen)
    back = read_run(result.saved_to)
    assert back.end["status"] == "finished" and [e["type"] for _, e in back.events] == ["start", "summary"]
    kept, _ = run_flow(record(SampleConfig(steps=1), str(exe)))  # the window: kept in memory, saved when asked
    assert kept.saved_to is None and kept.write_problem
    kept.save_to(tmp_path / "asked.run.jsonl")
    assert read_run(kept.saved_to).end["status"] == "finished"


@needs_tf
@pytest.mark.tf
def test_the_real_sample_reports_its_prediction_memory_and_loss_scale_events():
    """mixed_float16 with --overflow-demo on this CPU: the sample forces three overflows; each is one sentence."""
    cfg = SampleConfig(devices="cpu", precision="mixed_float16", overflow_demo=True, steps=6, log_every=1,
                       batch_size=8)
    result, seen = run_flow(record(cfg, sys.executable, label="溢出 demo"))
    assert result.end == "ok" and result.status == "finished", result.stderr_tail
    said = [i for i in seen if i.kind == "loss-scale"]
    assert said[0].data.kind == "start" and said[0].text.startswith("the loss scale starts at 32,768")
    overflows = [i for i in said if i.data.kind == "overflow"]
    assert len(overflows) == 3 and all(i.text == i.data.sentence() for i in overflows)
    assert all("gradients overflowed: this step was skipped and the scale halved" in i.text for i in overflows)
    scales = [i.data.after for i in overflows]
    assert scales == sorted(scales, reverse=True) and [i.data.skipped for i in overflows] == [1, 2, 3]
    assert all(i.data.after == i.data.before / 2 for i in overflows)  # log_every=1: each halving seen
    assert any(i.kind == "estimate" and i.data.tf_peak_bytes > 0 for i in seen)
    rss = [i.data[1]["host.rss"] for i in seen if i.kind == "memory" and "host.rss" in i.data[1]]
    assert len(rss) == 6 and min(rss) > 50  # MiB of the training process: TensorFlow alone is hundreds
    assert [i.done for i in seen if i.kind == "step"] == [1, 2, 3, 4, 5, 6]
    valid(result.saved_to)
    back = read_run(result.saved_to)
    assert back.header["label"] == "溢出 demo" and back.end["memory"]["predicted_tf_peak"] > 0
    assert all(isinstance(e.get("rss"), int) for _, e in back.events if e.get("type") == "progress")
    assert result.score is not None and result.score.predicted_bytes
