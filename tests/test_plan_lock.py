"""Plans against the labelled resolution recording (tools/check_plans.py), offline.

The recording ``resources/recordings/plan-resolution-<date>.json`` holds, for every pip plan the matrix
offers (row × machine × every Python of the row, GPU and CPU-only), the requirements the plan had when it
was resolved with ``uv pip compile --python-version --python-platform`` and what uv chose. These tests
make today's plans and compare: a matrix edit that changes or breaks a plan fails here until the checker
is re-run on purpose. Host reports are the real H200 ``doctor --json`` recording, changed the way a user
planning for another machine would describe it (Debian 12 with Python 3.11, a Windows PC, a Mac).
"""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path

import pytest

from tfgpu_wizard.core.paths import resources_dir
from tfgpu_wizard.core.setup.host_model import HostReport
from tfgpu_wizard.core.setup.matrix import load_matrix
from tfgpu_wizard.core.setup.plan import PlanError, build_plan, find_lock, lock_cuda, resolution_recording

RECORDING = resolution_recording()
pytestmark = pytest.mark.skipif(RECORDING is None, reason="no plan-resolution recording (run tools/check_plans.py)")


def _data() -> dict:
    return json.loads(Path(RECORDING).read_text(encoding="utf-8"))


def _host(**changes) -> HostReport:
    base = json.loads((resources_dir() / "recordings" / "doctor-h200.json").read_text(encoding="utf-8"))
    data = copy.deepcopy(base)
    for path, value in changes.items():
        node = data
        keys = path.split("__")
        for k in keys[:-1]:
            node = node[k]
        node[keys[-1]] = value
    return HostReport.from_json(json.dumps(data))


def test_recording_is_labelled_and_dated():
    data = _data()
    assert data["label"].startswith("recording:")
    assert re.fullmatch(r"\d{4}-\d{2}-\d{2}", data["recorded_on"])
    assert Path(RECORDING).name == f"plan-resolution-{data['recorded_on']}.json"
    assert "uv" in data["resolver"]


def test_todays_plans_are_the_recorded_ones_and_every_offered_plan_resolves():
    """Every case: same requirements as recorded; the recorded verdict is installable, or the plan is refused."""
    matrix = load_matrix()
    data = _data()
    recorded = {(c["tf"], c["platform"], c["machine"], c["python"], c["cpu"]): c for c in data["cases"]}
    seen = 0
    for row in matrix.rows:
        if "pip" not in row.methods:
            continue
        shell = "powershell" if row.platform == "windows" else "bash"
        prefix = "C:\\tf" if row.platform == "windows" else "/opt/tf"
        cpu_kinds = (False, True) if row.platform in ("linux", "wsl2") and row.gpu == "cuda" else (False,)
        for machine in row.machines if row.platform == "macos" else ("x86_64",):
            host = _host(os__system="darwin", os__machine=machine) if row.platform == "macos" else None
            for py in row.python_minors():
                for cpu in cpu_kinds:
                    key = (row.tensorflow, row.platform, machine, py, cpu)
                    assert key in recorded, f"{key} is not in {RECORDING.name}: re-run tools/check_plans.py"
                    plan = build_plan(row, host, "pip", shell, prefix, python=py, cpu=cpu, lock=False)
                    assert recorded[key]["requirements"] == plan.requirements, (
                        f"{key}: the plan changed since {data['recorded_on']}; re-run tools/check_plans.py"
                    )
                    res = data["resolutions"][recorded[key]["resolution"]]
                    if res["status"] in ("wheels", "sdist"):
                        lk = build_plan(row, host, "pip", shell, prefix, python=py, cpu=cpu).lock
                        assert lk is not None and lk.status == res["status"], key
                        assert lk.version_of("tensorflow") or lk.version_of("tensorflow-gpu") or \
                            lk.version_of("tensorflow-macos"), key
                    else:
                        with pytest.raises(PlanError, match="not offered"):
                            build_plan(row, host, "pip", shell, prefix, python=py, cpu=cpu)
                    seen += 1
    assert seen == len(data["cases"])


def test_debian12_python311_gets_an_installable_tf214_without_tensorrt():
    """Issue 17: tensorflow[and-cuda]==2.14.1 needs tensorrt 8.5.3.1, which has no cp311 wheel."""
    host = _host(os__version="Debian GNU/Linux 12 (bookworm)", os__distro="debian", os__distro_version="12",
                 os__glibc="2.36", python__version="3.11.2", python__executable="/usr/bin/python3")
    row = load_matrix().row("2.14", "linux")
    plan = build_plan(row, host, "pip", "bash", "/home/ana/tf 2.14", python="3.11")
    assert plan.python_version == "3.11"
    assert plan.requirements[0] == "tensorflow==2.14.1"
    assert "nvidia-cudnn-cu11==8.7.0.84" in plan.requirements
    assert plan.lock is not None and plan.lock.status == "wheels"
    names = {p.name for p in plan.lock.packages}
    assert "tensorrt" not in names and "nvidia-cudnn-cu11" in names
    assert plan.lock.version_of("nvidia-cuda-runtime-cu11") == "11.8.89"
    assert plan.lock.version_of("numpy").startswith("1.")
    assert "requirements.lock" in plan.files()
    assert "--hash=sha256:" in plan.files()["requirements.lock"].text


@pytest.mark.parametrize("line,py", [("2.0", "3.7"), ("2.1", "3.7"), ("2.4", "3.8"), ("2.5", "3.9")])
def test_old_tf_at_its_highest_python_gets_protobuf_below_3_20(line, py):
    row = load_matrix().row(line, "linux")
    plan = build_plan(row, None, "pip", "bash", "/opt/tf", python=py)
    assert "protobuf<3.20" in plan.requirements and "numpy<2" in plan.requirements
    assert plan.lock is not None
    pb = plan.lock.version_of("protobuf")
    assert pb is not None and tuple(int(x) for x in pb.split(".")[:2]) < (3, 20), pb


def test_tf20_python_floor_is_the_first_python_with_a_wheel():
    for platform in ("linux", "wsl2", "windows", "macos"):
        assert load_matrix().row("2.0", platform).python_minors()[0] == "3.5"


def test_python35_plans_are_not_offered_and_say_why():
    row = load_matrix().row("2.2", "linux")
    with pytest.raises(PlanError, match="Python 3.6 and newer"):
        build_plan(row, None, "pip", "bash", "/opt/tf", python="3.5")
    # a host whose Python is 3.5 gets the newest Python of the row that the recording can install
    host = _host(python__version="3.5.10", python__executable="/usr/bin/python3.5", os__glibc="2.35")
    plan = build_plan(row, host, "pip", "bash", "/opt/tf")
    assert plan.python_version == "3.8" and plan.lock is not None
    assert any("not offered" in w.text() for w in plan.why)


def test_tf221_lock_pins_what_pip_resolves_today_never_the_cudnn93_build_pin():
    row = load_matrix().row("2.21", "linux")
    plan = build_plan(row, _host(), "pip", "bash", "/opt/tf", python="3.12")
    lk = plan.lock
    assert lk is not None and lk.hashed
    cudnn = lk.version_of("nvidia-cudnn-cu12")
    assert cudnn is not None and not cudnn.startswith("9.3."), cudnn
    assert lock_cuda(lk) == "12.9" == plan.cuda_runtime
    texts = " ".join(w.text() for w in plan.why)
    assert "525.60.13" in texts and "575.51.03" in texts  # minor-version floor and CUDA 12.9's own driver
    assert "CUDA 12.9 runtime" in texts


def test_target_markers_windows_intel_and_macos_arm64():
    """uv evaluated the markers for the target: tensorflow-intel on Windows 2.11-2.17, tensorflow-macos on arm64."""
    win = build_plan(load_matrix().row("2.15", "windows"), None, "pip", "powershell", "C:\\tf", python="3.11")
    assert win.lock is not None and win.lock.version_of("tensorflow-intel") == "2.15.1"
    mac_host = _host(os__system="darwin", os__machine="arm64")
    mac = build_plan(load_matrix().row("2.13", "macos"), mac_host, "pip", "bash", "/Users/a/tf", python="3.11")
    assert mac.lock is not None and mac.lock.version_of("tensorflow-macos") is not None
    assert mac.lock.python_platform == "aarch64-apple-darwin"


def test_index_url_reaches_every_pip_and_uv_command():
    row = load_matrix().row("2.21", "linux")
    url = "https://mirror.example.org/pypi/simple"
    for method in ("pip", "uv"):
        plan = build_plan(row, None, method, "bash", "/opt/tf", python="3.12", index_url=url)
        cmds = [st.command("bash") or "" for st in plan.steps]
        installs = [c for c in cmds if " install " in c or c.startswith("uv pip")]
        assert installs and all(f"--index-url {url}" in c for c in installs), installs


def test_offline_variant_downloads_for_the_target_and_installs_without_an_index():
    row = load_matrix().row("2.21", "linux")
    plan = build_plan(row, None, "pip", "bash", "/opt/tf", python="3.12", offline=True)
    argvs = [st.argv for st in plan.steps if st.argv]
    dl = next(a for a in argvs if "download" in a)
    assert "--require-hashes" in dl and "--no-deps" in dl and "3.12" in dl and "manylinux_2_28_x86_64" in dl
    inst = next(a for a in argvs if "--no-index" in a)
    assert "--find-links" in inst and "--require-hashes" in inst
    # old rows that need an sdist cannot be installed offline, and the refusal names the package
    with pytest.raises(PlanError, match="termcolor"):
        build_plan(load_matrix().row("2.5", "linux"), None, "pip", "bash", "/opt/tf", python="3.9", offline=True)


def test_find_lock_is_none_for_changed_requirements():
    row = load_matrix().row("2.21", "linux")
    assert find_lock(row, None, "3.12", ["tensorflow[and-cuda]==2.21.0", "something-else"]) is None
    plan = build_plan(row, None, "pip", "bash", "/opt/tf", python="3.12", keras2=True)
    assert plan.lock is None and "requirements.lock" not in plan.files()
