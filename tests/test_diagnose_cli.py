"""`tfgpu-wizard diagnose` as a user runs it: a real subprocess, files with spaces and Chinese
characters in their path, standard input, JSON, Chinese output, bad input."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

LOGS = Path(__file__).parent / "fixtures" / "logs"


def cli(*args: str, stdin: bytes | None = None, cwd: Path | None = None) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONIOENCODING="utf-8", LANG="C.UTF-8")
    env.pop("TFGPU_WIZARD_LANG", None)
    return subprocess.run(
        [sys.executable, "-m", "tfgpu_wizard", *args],
        input=stdin,
        capture_output=True,
        timeout=60,
        env=env,
        cwd=cwd,
    )


def test_file_in_a_path_with_spaces_and_chinese(tmp_path):
    folder = tmp_path / "我的 日志"
    folder.mkdir()
    target = folder / "训练 输出.txt"
    shutil.copy(LOGS / "gh_tf_4349_mismatch_cuinit.log", target)
    res = cli("diagnose", str(target), "--json")
    assert res.returncode == 1, res.stderr
    data = json.loads(res.stdout.decode("utf-8"))
    assert data["platform"] == "linux" and data["lines"] == 15
    first = data["findings"][0]
    assert first["rule_id"] == "driver-library-mismatch" and first["rank"] == 1
    assert first["evidence"][0]["line"] == 5
    assert data["findings"][1]["symptom_of"] == "driver-library-mismatch"


def test_stdin_and_chinese_text(tmp_path):
    raw = (LOGS / "gh_tf_57103_windows_cudart.log").read_bytes().replace(b"\n", b"\r\n")
    res = cli("diagnose", "-", "--lang", "zh_CN", stdin=raw)
    out = res.stdout.decode("utf-8")
    assert res.returncode == 1
    assert "[错误] 缺少 TensorFlow 需要的 CUDA 库：cudart64_110.dll" in out
    assert "os.add_dll_directory" in out  # the Windows fix (guessed from the log)
    res = cli("--lang", "zh_CN", "diagnose", "-", "--platform", "linux", stdin=raw)
    assert "LD_LIBRARY_PATH" in res.stdout.decode("utf-8")


def test_harmless_only_exit_zero_and_bad_input(tmp_path):
    res = cli("diagnose", str(LOGS / "gh_relernn_63_factory_numa.log"))
    assert res.returncode == 0 and b"HARMLESS" in res.stdout
    missing = tmp_path / "没有 这个.log"
    res = cli("diagnose", str(missing))
    assert res.returncode == 2 and res.stdout == b""
    assert "Cannot read the log" in res.stderr.decode("utf-8") and "没有 这个.log" in res.stderr.decode(
        "utf-8"
    )
    res = cli("diagnose", str(tmp_path))  # a folder, not a file
    assert res.returncode == 2 and res.stdout == b""
    assert f"Cannot read the log {tmp_path}" in res.stderr.decode("utf-8")
    res = cli("diagnose", "-", stdin=b"")
    assert res.returncode == 0 and b"No known problem" in res.stdout


def test_import_is_cheap():
    code = (
        "import sys, tfgpu_wizard.core.diagnose.engine as d; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in "
        "('tensorflow', 'keras', 'PySide6', 'pyqtgraph', 'numpy', 'pynvml')))"
    )
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert res.returncode == 0 and res.stdout.strip() == "[]", res.stderr
