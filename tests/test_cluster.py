"""`tfgpu-wizard cluster`: TF_CONFIG and launch commands per worker, checked by running what it writes."""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from tfgpu_wizard.cli import main


def test_bash_commands_and_files(tmp_path: Path, capsys) -> None:
    out_dir = tmp_path / "集群 out"
    code = main(["--lang", "en", "cluster", "--workers", "10.0.0.1:2222, 10.0.0.2:2223", "--steps", "50",
                 "--python", "/opt/my env/bin/python", "--out", str(out_dir)])
    text = capsys.readouterr().out
    assert code == 0
    for i in range(2):
        cfg = json.loads((out_dir / f"tf_config-{i}.json").read_text(encoding="utf-8"))
        assert cfg == {"cluster": {"worker": ["10.0.0.1:2222", "10.0.0.2:2223"]},
                       "task": {"type": "worker", "index": i}}
        script = (out_dir / f"worker-{i}.sh").read_text(encoding="utf-8")
        assert script.startswith("#!/usr/bin/env bash")
        assert f"worker {i} on" in text
    # what bash really sees: run the TF_CONFIG line of worker 1 and echo it back
    line = [ln for ln in (out_dir / "worker-1.sh").read_text().splitlines() if ln.startswith("export TF_CONFIG")][0]
    if os.name == "posix":
        echoed = subprocess.run(["bash", "-c", line + '\nprintf %s "$TF_CONFIG"'], capture_output=True, text=True,
                                timeout=30).stdout
        assert json.loads(echoed)["task"]["index"] == 1
    cmd = [ln for ln in (out_dir / "worker-0.sh").read_text().splitlines() if "sample.py" in ln][0]
    argv = shlex.split(cmd)
    assert argv[0] == "/opt/my env/bin/python" and argv.count("--multi-worker") == 1
    assert argv[argv.index("--steps") + 1] == "50"


def test_cmd_reads_tf_config_from_a_file(tmp_path: Path, capsys) -> None:
    code = main(["--lang", "en", "cluster", "--workers", "a:1,b:2", "--shell", "cmd", "--out", str(tmp_path)])
    text = capsys.readouterr().out
    assert code == 0 and "--tf-config tf_config-1.json" in text
    body = (tmp_path / "worker-0.cmd").read_bytes()
    assert b"\r\n" in body and b"set TF_CONFIG" not in body


@pytest.mark.parametrize(("workers", "says"), [
    ("", "at least one HOST:PORT"),
    ("host", "'host' is not HOST:PORT"),
    ("host:0", "port from 1 to 65535"),
    ("host:70000", "'host:70000' is not HOST:PORT"),
    ("a:1,a:1", "repeated: a:1"),
    ("my host:22", "cannot contain spaces"),
    ("h:x", "'h:x' is not HOST:PORT"),
])
def test_bad_worker_lists_are_refused(workers: str, says: str, tmp_path: Path, capsys) -> None:
    out_dir = tmp_path / "out"
    assert main(["--lang", "en", "cluster", "--workers", workers, "--out", str(out_dir)]) == 2
    captured = capsys.readouterr()
    assert says in captured.err and not captured.out  # the message names what is wrong
    assert not out_dir.exists() or not any(out_dir.iterdir())  # nothing half-written


def test_sample_flag_problems_are_refused(capsys) -> None:
    assert main(["--lang", "en", "cluster", "--workers", "a:1", "--logical-cpus", "2"]) == 2
    assert "multi-worker" in capsys.readouterr().err


def test_written_tf_config_file_is_accepted_by_the_sample(tmp_path: Path, capsys) -> None:
    """The --tf-config path (for cmd.exe) is read by the real sample: a wrong index there is its clear error."""
    assert main(["cluster", "--workers", "127.0.0.1:1", "--out", str(tmp_path)]) == 0
    capsys.readouterr()
    bad = tmp_path / "tf_config-bad.json"
    bad.write_text(json.dumps({"cluster": {"worker": ["127.0.0.1:1"]}, "task": {"type": "worker", "index": 5}}))
    from tfgpu_wizard.core.paths import target_script

    proc = subprocess.run([sys.executable, str(target_script("sample.py")), "--multi-worker", "--tf-config", str(bad)],
                          capture_output=True, text=True, timeout=60)
    event = json.loads(proc.stdout.strip().splitlines()[-1])
    assert proc.returncode == 3 and event["code"] == "tf-config" and "outside" in event["message"]
