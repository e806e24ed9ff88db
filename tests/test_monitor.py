"""``tfgpu-wizard monitor`` and ``runs``: the real CLI, on the no-driver path of this machine and on replays
of the recorded H200 traces (resources/recordings)."""

from __future__ import annotations

import csv
import subprocess
import sys
from pathlib import Path

import pytest

from tfgpu_wizard.cli import main
from tfgpu_wizard.core.monitor import nvml


@pytest.mark.skipif(nvml.init() is None, reason="a GPU driver is present here")
def test_no_driver_message_and_replay_hint() -> None:
    p = subprocess.run([sys.executable, "-m", "tfgpu_wizard", "monitor", "--once"], capture_output=True,
                       text=True, timeout=60)
    assert p.returncode == 1
    assert "no NVIDIA driver" in p.stderr and "--replay sample-tf-resnet20-fp32-default" in p.stderr


def test_replay_prints_view_and_logs_csv(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "日志 log.csv"
    rc = main(["monitor", "--replay", "jax_default", "--speed", "inf", "--refresh", "0", "--csv", str(out),
               "--no-clear"])
    assert rc == 0
    text = capsys.readouterr()
    assert "End of the recording." in text.err
    assert "NVIDIA H200" in text.out and "reserved" in text.out and "watched process" in text.out
    rows = list(csv.DictReader(out.open(encoding="utf-8")))
    assert len(rows) == 300 and rows[0]["gpu_name"] == "NVIDIA H200" and rows[0]["kind"] == "gpu"
    # one CSV format for GPU data: the same columns (and MiB values) as `runs export --csv`
    exported = tmp_path / "export.csv"
    assert main(["runs", "export", "jax_default", "--csv", str(exported)]) == 0
    export_rows = [r for r in csv.DictReader(exported.open(encoding="utf-8")) if r["kind"] == "gpu"]
    assert list(rows[0])[:15] == list(export_rows[0])[:15]
    assert [r["mem_used_mib"] for r in rows] == [r["mem_used_mib"] for r in export_rows]
    assert export_rows[0]["gpu_name"] == "NVIDIA H200"
    assert max(float(r["mem_used_mib"]) for r in rows) > 100_000  # JAX preallocated 75 % of the H200


def test_replay_count_stops_early(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["monitor", "--replay", "torch_train", "--speed", "inf", "--refresh", "0", "--count", "3",
                 "--no-clear"]) == 0
    assert capsys.readouterr().out.count("tfgpu-wizard monitor ·") == 3


@pytest.mark.parametrize(
    ("argv", "message"),
    [(["monitor", "--interval", "0.001"], "--interval"),
     (["monitor", "--replay", "no-such-run"], "No run matches"),
     (["monitor", "--replay", "jax_default", "--speed", "0"], "--speed"),
     (["monitor", "--replay", "jax_default", "--csv", "/nonexistent-dir/x.csv"], "Cannot write the CSV")],
)
def test_bad_input_is_a_clear_message(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    assert message in capsys.readouterr().err


def test_runs_commands(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["runs", "list", "--recordings"]) == 0
    out = capsys.readouterr().out
    assert "No runs yet" in out and "torch_fraction" in out
    assert main(["runs", "show", "torch_caching"]) == 0
    out = capsys.readouterr().out
    assert "peak of the run process 8,804 MiB" in out and "empty_cache" in out
    csv_path = tmp_path / "a b.csv"
    assert main(["runs", "export", "torch_caching", "--csv", str(csv_path)]) == 0
    assert csv_path.read_text(encoding="utf-8").startswith("t_s,kind,gpu,mem_used_mib")
    assert main(["runs", "show", "nope"]) == 2
    assert "No run matches" in capsys.readouterr().err
    assert main(["runs", "delete", "torch_caching"]) == 2
    assert "Only runs in" in capsys.readouterr().err


def test_zh_cn_messages(capsys: pytest.CaptureFixture[str]) -> None:
    from tfgpu_wizard.core import i18n

    try:
        assert main(["--lang", "zh_CN", "monitor", "--replay", "no-such-run"]) == 2
        assert "没有" in capsys.readouterr().err
    finally:
        i18n.set_language("en")


def test_process_names_come_from_psutil_on_every_platform(tmp_path: Path) -> None:
    """Before: ``/proc/<pid>/comm`` was read, which gives "?" on Windows and macOS for every process."""
    import psutil

    from tfgpu_wizard.commands import monitor

    src = Path(monitor.__file__).read_text(encoding="utf-8")
    assert 'open(f"/proc/' not in src
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        name = monitor._proc_name(child.pid)
        assert name == psutil.Process(child.pid).name() and name.lower().startswith("python")
    finally:
        child.kill()
        child.wait()
    assert monitor._proc_name(child.pid) == "?"  # gone (reaped): no traceback, a question mark
    assert monitor._proc_name(-5) == "?"
