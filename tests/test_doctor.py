"""`tfgpu-wizard doctor` as a user runs it: a real process, real detection on this machine."""

from __future__ import annotations

import io
import json
import os
import platform
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest

from tfgpu_wizard.commands import doctor
from tfgpu_wizard.core.paths import resources_dir
from tfgpu_wizard.core.setup.host_model import HostReport

FIX = Path(__file__).parent / "fixtures" / "host"
SCHEMA = json.loads((resources_dir() / "schemas" / "host-report.schema.json").read_text(encoding="utf-8"))


def cli(*args: str, env_changes: dict[str, str | None] | None = None, timeout: float = 60):
    env = dict(os.environ)
    env.pop("CUDA_VISIBLE_DEVICES", None)
    env["PYTHONIOENCODING"] = "utf-8"
    for k, v in (env_changes or {}).items():
        if v is None:
            env.pop(k, None)
        else:
            env[k] = v
    return subprocess.run([sys.executable, "-m", "tfgpu_wizard", *args], capture_output=True, text=True,
                          encoding="utf-8", env=env, timeout=timeout)


def test_json_is_valid_and_loads_back():
    proc = cli("doctor", "--json")
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    jsonschema.validate(data, SCHEMA)
    report = HostReport.from_dict(data)
    assert report.python.executable == sys.executable
    assert report.to_dict() == data


def test_text_report_puts_problems_first_and_explains_cuda():
    proc = cli("--lang", "en", "doctor", env_changes={"CUDA_VISIBLE_DEVICES": "-1"})
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    lines = out.splitlines()
    assert lines.index("Needs attention") < lines.index("System") < lines.index("NVIDIA")
    assert "! warning CUDA_VISIBLE_DEVICES is empty or -1" in out
    assert "Driver CUDA and toolkit CUDA" in out and "Which one matters" in out
    report = json.loads(cli("doctor", "--json").stdout)
    if not report["driver"]["present"] and report["driver"].get("nvidia_pci_gpus") == 0:
        # no NVIDIA GPU in this computer: nothing to install, the CPU is what it has (issue 23, not "✗ error")
        row = next(ln for ln in lines if "NVIDIA driver " in ln).split()
        assert row[:3] == ["·", "info", "NVIDIA"] and " ".join(row[4:]) == "not needed: no NVIDIA GPU in this computer"
        assert "No NVIDIA driver was found" not in out and "✗" not in out.split("System")[1]
    elif not report["driver"]["present"]:
        assert "✗ error   No NVIDIA driver was found" in out


def test_doctor_does_not_load_qt_or_tensorflow():
    code = ("import sys, io, contextlib\n"
            "from tfgpu_wizard.cli import main\n"
            "with contextlib.redirect_stdout(io.StringIO()):\n"
            "    rc = main(['doctor', '--json'])\n"
            "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('PySide6', 'tensorflow', 'keras', 'pyqtgraph'))\n"
            "print(rc, bad)\n")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert proc.stdout.strip() == "0 []", proc.stdout + proc.stderr


def test_out_file_with_spaces_and_chinese(tmp_path):
    target = tmp_path / "报告 folder" / "my report.json"
    target.parent.mkdir()
    proc = cli("doctor", "--out", str(target))
    assert proc.returncode == 0, proc.stderr
    assert str(target) in proc.stderr and "tfgpu-wizard doctor" in proc.stdout
    saved = HostReport.from_json(target.read_text(encoding="utf-8"))
    jsonschema.validate(saved.to_dict(), SCHEMA)
    assert saved.python.executable == sys.executable
    assert [p.name for p in target.parent.iterdir()] == ["my report.json"]  # no temp file left behind


def test_bad_arguments_get_a_clear_message_and_lose_nothing(tmp_path):
    proc = cli("doctor", "--out", str(tmp_path / "missing folder" / "r.json"))
    assert proc.returncode == 2 and "does not exist" in proc.stderr and proc.stdout == ""
    proc = cli("doctor", "--out", str(tmp_path))
    assert proc.returncode == 2 and "is a folder" in proc.stderr
    proc = cli("doctor", "--python", str(tmp_path / "no python here"))
    assert proc.returncode == 2 and "no Python interpreter" in proc.stderr
    proc = cli("doctor", "--timeout", "0")
    assert proc.returncode == 2 and "--timeout" in proc.stderr


@pytest.mark.skipif(sys.platform == "win32" or os.geteuid() == 0, reason="root can write read-only files")
def test_unwritable_out_keeps_the_old_file(tmp_path):
    folder = tmp_path / "ro"
    folder.mkdir()
    old = folder / "report.json"
    old.write_text("earlier report", encoding="utf-8")
    folder.chmod(0o500)
    try:
        proc = cli("doctor", "--out", str(old))
    finally:
        folder.chmod(0o700)
    assert proc.returncode == 2 and "cannot write" in proc.stderr
    assert old.read_text(encoding="utf-8") == "earlier report"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="uses /proc, where nobody can create files")
def test_out_where_files_cannot_be_created():
    proc = cli("doctor", "--out", "/proc/tfgpu-report.json")
    assert proc.returncode == 2 and "cannot write /proc/tfgpu-report.json" in proc.stderr


def test_target_python_option():
    proc = cli("doctor", "--json", "--python", sys.executable)
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert data["target_python"]["executable"] == sys.executable
    assert data["target_python"]["version"] == platform.python_version()


def test_chinese_report():
    proc = cli("--lang", "zh_CN", "doctor")
    assert proc.returncode == 0
    assert "系统" in proc.stdout and "驱动的 CUDA 与工具包的 CUDA" in proc.stdout


def test_render_recorded_h200_report_and_ascii_fallback():
    report = HostReport.from_json((FIX / "doctor-h200.json").read_text(encoding="utf-8"))
    text = doctor.render_text(report)
    assert "✓ ok      GPU 0" in text and "NVIDIA H200 · 143771 MiB · compute capability 9.0" in text
    assert "580.159.04 (read with nvml)" in text and "RECORDING" in text.splitlines()[0]
    assert "Needs attention" not in text  # that machine had nothing wrong
    plain = doctor.render_text(report, ascii=True)
    assert "+ ok      GPU 0" in plain and "✓" not in plain
    # an ASCII console (a Latin-1 or C locale) gets the ASCII marks by itself
    from tfgpu_wizard.commands._console import Out

    buf = io.TextIOWrapper(io.BytesIO(), encoding="ascii", errors="replace")  # as cli.prepare_streams sets it
    doctor.render(Out(buf, width=100), report)
    buf.flush()
    assert "+ ok      GPU 0" in buf.buffer.getvalue().decode("ascii")


def test_columns_align_with_chinese_labels_and_wrap_by_columns():
    from tfgpu_wizard.core import i18n
    from tfgpu_wizard.core.text import display_width

    report = HostReport.from_json((FIX / "doctor-h200.json").read_text(encoding="utf-8"))
    old = i18n.language()
    i18n.set_language("zh_CN")
    try:
        text = doctor.render_text(report, width=50)
    finally:
        i18n.set_language(old)
    lines = text.splitlines()
    assert all(display_width(ln) <= 50 for ln in lines), [ln for ln in lines if display_width(ln) > 50]
    rows = [ln for ln in lines if ln.startswith("  ✓ ") or ln.startswith("  · ")]
    starts = {display_width(ln[: ln.index(v)]) for ln in rows for v in ("580.159.04",) if v in ln}
    assert len(starts) == 1  # the values start in one column, whatever the labels' widths
    driver = [ln for ln in lines if "驱动" in ln]
    assert driver and any("\u4e00" <= ch <= "\u9fff" for ln in lines for ch in ln)


def test_a_huge_variable_is_quoted_by_its_start_and_length():
    """drills-3 note N14: a 40 KB CUDA_VISIBLE_DEVICES was printed whole, twice (doctor's output ~110 KB). The
    text quotes its start and its length; ``--json`` keeps the value whole (it is data)."""
    value = ",".join(["0"] * 20_000)  # 39,999 characters
    proc = cli("--lang", "en", "doctor", env_changes={"CUDA_VISIBLE_DEVICES": value})
    assert proc.returncode == 0, proc.stderr
    assert len(proc.stdout) < 10_000 and value not in proc.stdout
    assert "(39,999 characters)" in proc.stdout
    data = json.loads(cli("doctor", "--json", env_changes={"CUDA_VISIBLE_DEVICES": value}).stdout)
    assert data["env"]["CUDA_VISIBLE_DEVICES"] == value
