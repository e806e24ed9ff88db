"""Run records: write as it happens, read back, survive kill -9, truncation, corruption and a full disk.

GPU data come from the real recorded traces (resources/recordings), replayed through the real sampler.
"""

from __future__ import annotations

import json
import math
import os
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import jsonschema
import pytest

from tfgpu_wizard.core.monitor import runs
from tfgpu_wizard.core.monitor.runs import RunFileError, RunRecorder, read_run
from tfgpu_wizard.core.monitor.sampler import ReplaySource, Sampler
from tfgpu_wizard.core.paths import resources_dir

RECORDINGS = {p.name.removesuffix(".run.jsonl"): p for p in runs.bundled_recordings()}
SCHEMA = json.loads((resources_dir() / "schemas" / "run-record.schema.json").read_text(encoding="utf-8"))


def _record_replay(path: Path, name: str = "torch_caching", **kw: object) -> RunRecorder:
    """Record a replay of a real trace, with the sample-like events of that trace, into ``path``."""
    src = read_run(RECORDINGS[name])
    s = Sampler(ReplaySource(src, speed=math.inf))
    rec = RunRecorder({"model": "cnn", "memory": "growth"}, src.devices, path=path, label="测试 run", **kw)  # type: ignore[arg-type]
    rec.attach(s)  # before start: a replay at full speed is over at once
    s.start()
    for t, ev in src.events:
        rec.add_event(ev, t=rec.t0 + t)
    s.join(10)
    rec.close("finished", exit_code=0)
    return rec


def test_round_trip_and_schema(tmp_path: Path) -> None:
    path = tmp_path / "with space 中文" / "a.run.jsonl"
    rec = _record_replay(path)
    assert rec.write_problem is None and path.is_file()
    back = read_run(path)
    src = read_run(RECORDINGS["torch_caching"])
    assert len(back.ticks) == len(src.ticks) and back.status == "finished" and not back.problems
    assert [s[0].mem_used for _, s in back.ticks] == [s[0].mem_used for _, s in src.ticks]
    assert [e for _, e in back.events] == [e for _, e in src.events]
    assert back.config == {"model": "cnn", "memory": "growth"} and back.header["label"] == "测试 run"
    v = jsonschema.Draft202012Validator(SCHEMA)
    for line in path.read_text(encoding="utf-8").splitlines():
        v.validate(json.loads(line))


def test_bundled_recordings_match_the_schema() -> None:
    assert len(RECORDINGS) >= 6, "the bundled recordings are missing"
    v = jsonschema.Draft202012Validator(SCHEMA)
    for p in RECORDINGS.values():
        for line in p.read_text(encoding="utf-8").splitlines():
            v.validate(json.loads(line))


def test_target_event_objects_use_their_receive_time(tmp_path: Path) -> None:
    from tfgpu_wizard.core.target.runner import parse_event_line

    rec = RunRecorder({}, [], path=tmp_path / "e.run.jsonl")
    ev = parse_event_line('{"type": "progress", "step": 3, "loss": 1.5}', recv_t=rec.t0 + 2.5)
    rec.add_event(ev)
    rec.close()
    (t, data), = read_run(rec.path).events
    assert t == 2.5 and data["step"] == 3 and data["type"] == "progress"


def test_truncated_last_line_is_tolerated_and_reported(tmp_path: Path) -> None:
    path = tmp_path / "t.run.jsonl"
    data = RECORDINGS["jax_ondemand"].read_bytes()
    lines = data.splitlines(keepends=True)
    path.write_bytes(b"".join(lines[:-3]) + lines[-3][: len(lines[-3]) // 2])
    back = read_run(path)
    assert back.truncated and back.status == "incomplete"
    assert any("cut off" in p for p in back.problems) and any("no end mark" in p for p in back.problems)
    assert len(back.ticks) + len(back.events) + len(back.notes) == len(lines) - 1 - 3


def test_corrupt_middle_line_is_skipped_and_reported(tmp_path: Path) -> None:
    lines = RECORDINGS["jax_fraction"].read_bytes().splitlines(keepends=True)
    lines[10] = b'{"type":"tick","t":\x00garbage\n'
    lines[11] = b"[1,2]\n"
    path = tmp_path / "c.run.jsonl"
    path.write_bytes(b"".join(lines))
    back = read_run(path)
    assert back.status == "finished" and not back.truncated
    assert any("2 damaged line(s)" in p and "line 11" in p for p in back.problems)


@pytest.mark.parametrize(
    ("content", "message"),
    [(b"", "is empty"), (b"hello world\n", "not a tfgpu-wizard run file"),
     (b'{"type":"header","format":"tfgpu-wizard-run","version":99}\n', "newer tfgpu-wizard")],
)
def test_files_that_are_not_runs_say_so(tmp_path: Path, content: bytes, message: str) -> None:
    path = tmp_path / "x.run.jsonl"
    path.write_bytes(content)
    with pytest.raises(RunFileError, match=message):
        read_run(path)
    with pytest.raises(RunFileError, match="No run file"):
        read_run(tmp_path / "missing.run.jsonl")


WRITER = r"""
import math, sys, time
from tfgpu_wizard.core.monitor.runs import RunRecorder, read_run
from tfgpu_wizard.core.monitor.sampler import ReplaySource, Sampler
src = read_run(sys.argv[1])
s = Sampler(ReplaySource(src, speed=20.0))
rec = RunRecorder({"k": "v"}, src.devices, path=sys.argv[2])
rec.attach(s)
s.start()
print("started", flush=True)
time.sleep(60)
"""


def test_kill_9_loses_at_most_the_last_tick(tmp_path: Path) -> None:
    path = tmp_path / "killed 中文.run.jsonl"
    child = subprocess.Popen([sys.executable, "-c", WRITER, str(RECORDINGS["torch_train"]), str(path)],
                             stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout is not None and child.stdout.readline().strip() == "started"
        time.sleep(0.4)
        ticks_seen = len(read_run(path).ticks)
        os.kill(child.pid, signal.SIGKILL)
    finally:
        child.wait(10)
        if child.stdout:
            child.stdout.close()
    back = read_run(path)
    assert back.status == "incomplete" and any("no end mark" in p for p in back.problems)
    assert len(back.ticks) >= max(ticks_seen, 10)
    src = read_run(RECORDINGS["torch_train"])
    n = len(back.ticks)
    assert [s[0].mem_used for _, s in back.ticks] == [s[0].mem_used for _, s in src.ticks[:n]]


def test_full_disk_keeps_the_run_in_memory_and_saves_it_elsewhere(tmp_path: Path) -> None:
    if not (os.path.exists("/dev/full") and stat.S_ISCHR(os.stat("/dev/full").st_mode)):
        pytest.skip("no /dev/full device here (some containers have a plain file there)")
    rec = _record_replay(Path("/dev/full"), name="jax_fraction")
    assert rec.write_problem is not None and "disk is full" in rec.write_problem
    assert rec.pending_lines() > 200
    out = tmp_path / "rescued 中文.run.jsonl"
    rec.save_to(out)
    back = read_run(out)
    assert len(back.ticks) == len(read_run(RECORDINGS["jax_fraction"]).ticks) and back.status == "finished"


def test_unwritable_folder_then_recovery(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(runs, "RETRY_WRITE_S", 0.0)
    blocker = tmp_path / "runs"
    blocker.write_text("a file where the folder should be", encoding="utf-8")
    rec = RunRecorder({"a": 1}, [], path=blocker / "r.run.jsonl")
    assert rec.write_problem is not None and "kept in memory" in rec.write_problem
    rec.add_note("n1", "first")
    assert rec.pending_lines() == 2
    blocker.unlink()  # the user makes room / fixes the folder
    rec.add_note("n2", "second")
    assert rec.write_problem is None and rec.pending_lines() == 0
    rec.close()
    back = read_run(blocker / "r.run.jsonl")
    assert [n["code"] for n in back.notes] == ["n1", "n2"] and back.status == "finished"


def test_csv_export(tmp_path: Path) -> None:
    import csv

    out = tmp_path / "导出 a.csv"
    n = read_run(RECORDINGS["torch_train"]).to_csv(out)
    rows = list(csv.DictReader(out.open(encoding="utf-8")))
    assert len(rows) == n
    gpu_rows = [r for r in rows if r["kind"] == "gpu"]
    steps = [r for r in rows if r["kind"] == "event" and r["event"] == "step"]
    assert len(steps) == 30 and steps[-1]["step"] == "300" and float(steps[-1]["loss"]) > 0
    assert max(float(r["pid_mem_mib"]) for r in gpu_rows if r["pid_mem_mib"]) > 5000
    ts = [float(r["t_s"]) for r in rows]
    assert ts == sorted(ts)


def test_list_find_delete(tmp_path: Path) -> None:
    a = _record_replay(runs.runs_dir() / "20260101-000000-aaaa.run.jsonl", run_id="20260101-000000-aaaa")
    b = RunRecorder({}, [], run_id="20260102-000000-bbbb")  # no end mark yet: still being written
    b.add_note("x", "y")
    listed = runs.list_runs()
    # newest first (list_runs sorts by creation time, then run id: b was made after a)
    assert [s.run_id for s in listed] == ["20260102-000000-bbbb", "20260101-000000-aaaa"]
    by_id = {s.run_id: s for s in listed}
    assert by_id["20260101-000000-aaaa"].status == "finished" and by_id["20260102-000000-bbbb"].status == "running"
    assert by_id["20260101-000000-aaaa"].gpus == ["NVIDIA H200"]
    assert runs.find_run("20260101") == a.path
    with pytest.raises(RunFileError, match="matches 2 runs"):
        runs.find_run("2026010")
    with pytest.raises(RunFileError, match="No run matches"):
        runs.find_run("nope")
    assert runs.find_run("jax_default") == RECORDINGS["jax_default"]
    with pytest.raises(RunFileError, match="Only runs in"):
        runs.delete_run("jax_default")
    assert RECORDINGS["jax_default"].exists()
    b.close()
    assert runs.delete_run("20260102") == b.path and not b.path.exists()
