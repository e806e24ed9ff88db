"""`plan --host` on a report with a wrong field type says which field, never a traceback (issue 11).

Reports: the doctor report recorded on an H200 (resources/recordings/doctor-h200.json, a recording), copies of
it with one field broken (derived, each named below), and this machine's own `doctor --json`.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tfgpu_wizard.core.paths import resources_dir

RECORDING = resources_dir() / "recordings" / "doctor-h200.json"


def _plan(path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "tfgpu_wizard", "plan", "--host", str(path)],
                          capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize(("breakage", "field"), [
    (lambda d: d.update(os=None), "os"),
    (lambda d: d.update(driver="yes"), "driver"),
    (lambda d: d["gpus"][0].update(memory_total_mib="lots"), "gpus.0.memory_total_mib"),
    (lambda d: d.update(gpus={"a": 1}), "gpus"),
    (lambda d: d["driver"].update(present="no"), "driver.present"),
])
def test_a_wrong_field_type_is_a_clear_message(tmp_path, breakage, field):
    data = json.loads(RECORDING.read_text("utf-8"))
    breakage(data)  # derived from the recording: one field broken
    path = tmp_path / "坏 report.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    proc = _plan(path)
    assert proc.returncode == 2, proc.stderr[-2000:]
    assert "Traceback" not in proc.stderr
    assert "is not a host report" in proc.stderr and f": {field}: " in proc.stderr


def test_real_reports_still_plan(tmp_path):
    assert _plan(RECORDING).returncode == 0
    mine = subprocess.run([sys.executable, "-m", "tfgpu_wizard", "doctor", "--json"], capture_output=True,
                          text=True, timeout=120)
    path = tmp_path / "this machine.json"
    path.write_text(mine.stdout, encoding="utf-8")
    proc = _plan(path)
    assert proc.returncode in (0, 1), proc.stderr[-2000:]  # 1: no row fits this machine; never a bad report
    assert "is not a host report" not in proc.stderr and "Traceback" not in proc.stderr
