"""The failed fault drills of shared/reports/drills-3.md whose cause is in core/ or in how files are read:
each test runs the report's steps (real CLI processes, real files in folders with spaces and Chinese
characters) and fails on the code the drills ran against.
"""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
H200 = ROOT / "resources" / "recordings" / "doctor-h200.json"
posix_only = pytest.mark.skipif(os.name != "posix", reason="shell wrappers and device files (POSIX)")


def _have_tf() -> bool:
    import importlib.util

    return importlib.util.find_spec("tensorflow") is not None


def cli(*args: str, env: dict[str, str] | None = None, input: bytes | None = None, timeout: float = 300,
        cwd: Path | None = None, stdin=None) -> subprocess.CompletedProcess[str]:
    """The real ``tfgpu-wizard`` in a child process (this checkout's sources first)."""
    full = dict(os.environ)
    full["PYTHONPATH"] = os.pathsep.join([str(ROOT / "src"), full.get("PYTHONPATH", "")])
    full.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
    full.update(env or {})
    p = subprocess.run([sys.executable, "-m", "tfgpu_wizard", *args], input=input, stdin=stdin,
                       capture_output=True, env=full, timeout=timeout, cwd=cwd)
    return subprocess.CompletedProcess(p.args, p.returncode, p.stdout.decode("utf-8", "replace"),
                                       p.stderr.decode("utf-8", "replace"))


def no_traceback(p: subprocess.CompletedProcess[str]) -> None:
    assert "Traceback (most recent call last)" not in p.stderr + p.stdout, (p.stdout[-2000:], p.stderr[-3000:])


@pytest.fixture
def odd(tmp_path: Path) -> Path:
    """A folder whose path has a space and Chinese characters."""
    folder = tmp_path / "drill 目录 三"
    folder.mkdir()
    return folder


def executable(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    path.chmod(path.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    return path


def banner_python(folder: Path, *python_args: str) -> Path:
    """An interpreter wrapper that prints a login banner without a newline, then runs this Python."""
    quoted = " ".join(f'"{a}"' for a in (sys.executable, *python_args))
    return executable(folder / "python with banner", f'#!/bin/sh\nprintf "Welcome to the cluster"\nexec {quoted} "$@"\n')


# -- defect 1: text without a newline before the probe's report ----------------------------------------------


@posix_only
def test_verify_reads_the_probe_report_behind_a_banner_without_a_newline(odd: Path) -> None:
    """Drills-3 defect 1 (N16), fast form: a Python without TensorFlow (``-S``: no site-packages) behind a
    banner. The verdict is "no working TensorFlow", not "crashed ... it finished"."""
    python = banner_python(odd, "-S")
    p = cli("verify", "--python", str(python), "--json", timeout=120)
    assert "Traceback" not in p.stderr, p.stderr  # (the probe's own ImportError traceback is in the JSON)
    out = json.loads(p.stdout)
    assert out["verdict"]["status"] == "no-tensorflow", out["verdict"]
    assert out["probe"]["probe_version"] == 1
    assert p.returncode == 3


@posix_only
@pytest.mark.tf
@pytest.mark.skipif(not _have_tf(), reason="needs TensorFlow (CPU) in this Python")
def test_verify_of_a_working_python_behind_a_banner_is_not_a_crash(odd: Path) -> None:
    """Drills-3 defect 1 (N16) as reported: ``printf "Welcome to the cluster"`` then this (working) Python."""
    python = banner_python(odd)
    p = cli("verify", "--python", str(python), timeout=400)
    no_traceback(p)
    assert "crashed" not in p.stdout, p.stdout
    assert p.returncode in (0, 1), (p.returncode, p.stdout, p.stderr[-2000:])  # GPU, or works without a GPU
    assert "TensorFlow" in p.stdout


def test_a_protocol_line_glued_behind_other_text_is_still_read() -> None:
    from tfgpu_wizard.core.target.runner import parse_event_line

    report = {"probe_version": 1, "tensorflow": {"version": "2.21.0"}}
    ev = parse_event_line("Welcome to the cluster" + json.dumps(report) + "\n")
    assert ev.type == "probe" and ev.data == report
    ev = parse_event_line('junk {"a": 1} more ' + json.dumps({"v": 1, "type": "hello", "seq": 1}))
    assert ev.type == "hello"
    # text that only looks like it stays raw
    assert parse_event_line('a {"b": 1}').type == "raw"
    assert parse_event_line("{" * 100_000 + "}").type == "raw"


# -- defect 3: a matrix saved with a UTF-8 byte-order mark ----------------------------------------------------


@pytest.mark.parametrize("args", [(), ("--host", str(H200), "--json")], ids=["this-host", "h200-json"])
def test_a_matrix_with_a_utf8_bom_makes_the_same_plan(odd: Path, args: tuple[str, ...]) -> None:
    """Drills-3 defect 3 (4a, 4d): Windows editors save with a BOM; plan ended in JSONDecodeError."""
    bom = odd / "matrix 矩阵.json"
    bom.write_bytes(b"\xef\xbb\xbf" + (ROOT / "matrix.json").read_bytes())
    with_bom = cli("plan", *args, env={"TFGPU_WIZARD_MATRIX": str(bom)})
    no_traceback(with_bom)
    assert with_bom.returncode == 0, with_bom.stderr
    plain = cli("plan", *args, env={"TFGPU_WIZARD_MATRIX": str(ROOT / "matrix.json")})
    if "--json" in args:
        assert json.loads(with_bom.stdout)["steps"] == json.loads(plain.stdout)["steps"]
    else:
        assert with_bom.stdout == plain.stdout
