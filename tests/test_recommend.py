"""Ranking and reasons for realistic hosts, built as HostReport dataclasses.

The H200 host mirrors the real GPU machine (CC 9.0, driver 580.159.04, CUDA 13.0: gpu-measurements.md);
the other cards use their published compute capabilities and typical driver versions.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from tfgpu_wizard.core.paths import resources_dir
from tfgpu_wizard.core.setup.host_model import CondaInfo, DriverInfo, GpuInfo, HostReport, OSInfo, PythonInfo
from tfgpu_wizard.core.setup.matrix import load_matrix
from tfgpu_wizard.core.setup.recommend import MESSAGES, STATUSES, recommend


@pytest.fixture(scope="module")
def matrix():
    return load_matrix()


def host(system="linux", py="3.11.7", driver="580.159.04", cuda="13.0", cc="9.0", name="NVIDIA H200",
         glibc="2.36", machine="x86_64", build=None, conda=False, env=None, gpus=1) -> HostReport:
    return HostReport(
        os=OSInfo(system=system, machine=machine, glibc=glibc, windows_build=build),
        python=PythonInfo(executable="/usr/bin/python3", version=py),
        driver=DriverInfo(present=driver is not None, version=driver, cuda_version=cuda if driver else None,
                          error=None if driver else "libnvidia-ml.so.1 not found"),
        gpus=[GpuInfo(index=i, name=name, compute_capability=cc) for i in range(gpus)] if cc and driver else [],
        conda=CondaInfo(executable="conda", kind="conda") if conda else None,
        env=env or {},
    )


H200 = dict()
RTX3060 = dict(cc="8.6", name="NVIDIA GeForce RTX 3060", driver="550.54.14", cuda="12.4")
RTX5090 = dict(cc="12.0", name="NVIDIA GeForce RTX 5090", driver="570.124.06", cuda="12.8")
GTX970 = dict(cc="5.2", name="NVIDIA GeForce GTX 970", driver="535.104.05", cuda="12.2")
K80 = dict(cc="3.7", name="Tesla K80", driver="470.57.02", cuda="11.4", py="3.9.18")
WIN11 = dict(system="windows", py="3.12.1", glibc=None, build=22631, cc="8.6", name="NVIDIA GeForce RTX 3060",
             driver="551.61", cuda="12.4", machine="AMD64")
WSL2 = dict(system="wsl2", py="3.10.12", glibc="2.35", build=22631, cc="8.6", name="NVIDIA GeForce RTX 3060",
            driver="551.61", cuda="12.4")
MAC = dict(system="macos", py="3.12.2", glibc=None, machine="arm64", driver=None, cc=None)
NO_DRIVER = dict(driver=None, cc=None)
CENTOS7 = dict(glibc="2.17", cc="8.6", name="NVIDIA GeForce RTX 3060", driver="550.54.14", py="3.10.13")


def codes(cand):
    return cand.codes


def test_h200_gets_the_newest_stable_with_pip(matrix):
    rec = recommend(matrix, host(**H200))
    assert rec.gpu_mode and rec.platform == "linux"
    assert rec.best.row.tensorflow == "2.21" and rec.best.status == "recommended"
    assert rec.best.best_method.method == "pip"
    assert "tensorflow[and-cuda]==2.21.0" in rec.best.best_method.recipe.pip
    assert {"arch-ptx-exact", "driver-ok", "python-ok"} <= codes(rec.best)
    # 2.14/2.15 only carry compute_80 PTX: a Hopper GPU JITs it (or fails) -> caveat, not recommended
    c215 = rec.candidate("2.15")
    assert c215.status == "works-with-caveats" and "arch-jit-only" in codes(c215)
    assert "hopper-ptx-jit" in " ".join(r.detail + r.message for r in c215.reasons) or any(
        "H100/H200" in r.message for r in c215.reasons)
    # pre-release is ruled out unless asked for
    assert rec.candidate("2.22").status == "ruled-out" and "prerelease" in codes(rec.candidate("2.22"))
    statuses = [c.status for c in rec.candidates]
    assert set(statuses) <= set(STATUSES) and statuses.count("recommended") == 1
    # ranked: no usable candidate after a ruled-out one
    first_out = statuses.index("ruled-out")
    assert all(s == "ruled-out" for s in statuses[first_out:])


def test_rtx3060_minor_version_compat_and_ampere(matrix):
    rec = recommend(matrix, host(**RTX3060))
    assert rec.best.row.tensorflow == "2.21"
    why = {r.code: r for r in rec.best.reasons}
    assert "driver-minor-compat" in why and "550.54.14" in why["driver-minor-compat"].message
    assert "arch-compatible" in why and "sm_80" in why["arch-compatible"].message
    assert "arch-jit-first-start" in codes(rec.candidate("2.14"))
    c23 = rec.candidate("2.3")
    assert c23.status == "ruled-out" and "known-defect" in codes(c23)  # Ampere + TF 2.3 (#41990)


def test_driver_too_old(matrix):
    rec = recommend(matrix, host(**{**RTX3060, "driver": "470.57.02", "cuda": "11.4"}))
    c = rec.candidate("2.18")
    assert c.status == "ruled-out"
    msg = next(r for r in c.blockers if r.code == "driver-too-old").message
    assert "470.57.02" in msg and "CUDA 12.5" in msg and "525.60.13" in msg and "555.42.06" in msg
    assert rec.best.row.tensorflow == "2.14"  # newest CUDA 11.8 line, 450.80.02 floor
    # CUDA 10 has no minor-version compatibility: the toolkit's own driver is the floor
    old = recommend(matrix, host(**{**GTX970, "driver": "410.48", "cuda": "10.0"}))
    assert "driver-too-old-strict" in codes(old.candidate("2.1"))
    assert old.candidate("2.0").status != "ruled-out"


def test_rtx5090_blackwell_has_no_official_wheel(matrix):
    rec = recommend(matrix, host(**RTX5090))
    assert rec.best is None
    c = rec.candidate("2.21")
    assert c.status == "ruled-out" and {"known-defect", "arch-jit-only"} <= codes(c)
    assert "works after a long first JIT compilation, or not at all" in next(
        r.message for r in c.reasons if r.code == "arch-jit-only")
    assert {"blackwell-alternatives", "no-candidate"} <= {n.code for n in rec.notes}


def test_gtx970_maxwell_dropped_in_217(matrix):
    rec = recommend(matrix, host(**GTX970))
    for line in ("2.17", "2.18", "2.21"):
        c = rec.candidate(line)
        assert c.status == "ruled-out" and "arch-too-old" in codes(c)
    msg = next(r for r in rec.candidate("2.17").blockers if r.code == "arch-too-old").message
    assert "5.2" in msg and "Maxwell" in msg and "sm_60" in msg
    assert rec.best.row.tensorflow in ("2.15", "2.16")
    assert "arch-compatible" in codes(rec.candidate("2.16"))


def test_k80_kepler_dropped_in_215(matrix):
    rec = recommend(matrix, host(**K80))
    assert "arch-too-old" in codes(rec.candidate("2.15"))
    assert rec.best.row.tensorflow == "2.14" and "arch-compatible" in codes(rec.best)


def test_windows_native_and_the_wsl2_choice(matrix):
    rec = recommend(matrix, host(**WIN11))
    assert rec.platform == "windows" and rec.gpu_mode
    for line in ("2.11", "2.16", "2.21"):
        assert "windows-native-after-2.10" in codes(rec.candidate(line))
    best = rec.best
    assert best.row.tensorflow == "2.10" and best.best_method.method == "conda"
    assert best.best_method.python == "3.10"  # Python 3.12 is too new: conda makes a 3.10
    assert {"new-python", "needs-conda", "needs-msvc"} <= {r.code for r in best.best_method.reasons}
    pip = next(m for m in best.methods if m.method == "pip")
    assert not pip.usable and "python-too-new" in {r.code for r in pip.reasons}
    wc = rec.windows_choice
    assert wc.suggested == "wsl2"
    assert wc.native.row.tensorflow == "2.10" and wc.wsl2.row.tensorflow == "2.21"
    assert wc.wsl2.row.platform == "wsl2" and wc.wsl2.best_method.method == "pip"
    assert "CUDA 11.2" in wc.native_cons[0].message and "CUDA 12.5" in wc.wsl2_pros[0].message
    assert wc.directml.code == "win-directml"
    # an old Windows 10 cannot run GPU in WSL2: the choice falls back to native
    old = recommend(matrix, host(**{**WIN11, "build": 19041}))
    assert old.windows_choice.suggested == "native" and old.windows_choice.wsl2 is None


def test_wsl2_host_uses_windows_driver_numbers(matrix):
    rec = recommend(matrix, host(**WSL2))
    assert rec.platform == "wsl2" and rec.best.row.tensorflow == "2.21"
    r = next(r for r in rec.best.reasons if r.code == "driver-minor-compat")
    assert "528.33" in r.message and "555.85" in r.message
    old = recommend(matrix, host(**{**WSL2, "build": 19041}))
    assert "wsl2-windows-too-old" in codes(old.candidate("2.21"))


def test_macos_is_cpu_only(matrix):
    rec = recommend(matrix, host(**MAC))
    assert not rec.gpu_mode and rec.windows_choice is None
    assert "macos-no-cuda" in {n.code for n in rec.notes}
    assert rec.best.row.tensorflow == "2.21" and "cpu-only" in codes(rec.best)
    assert rec.best.best_method.recipe.pip == ("tensorflow==2.21.0",)
    assert "machine-unsupported" in codes(rec.candidate("2.12"))  # no arm64 wheel before 2.13 in the facts


def test_no_driver_gives_a_cpu_plan_without_cuda_packages(matrix):
    rec = recommend(matrix, host(**NO_DRIVER))
    assert not rec.gpu_mode and "no-driver" in {n.code for n in rec.notes}
    assert rec.best.row.tensorflow == "2.21"
    assert rec.best.best_method.recipe.pip == ("tensorflow==2.21.0",)
    assert rec.candidate("2.0").methods[0].recipe.pip[0] == "tensorflow==2.0.0"  # not tensorflow-gpu
    nogpu = recommend(matrix, host(cc=None))
    assert "no-gpu" in {n.code for n in nogpu.notes} and not nogpu.gpu_mode


def test_old_glibc_rules_out_221_wheel(matrix):
    rec = recommend(matrix, host(**CENTOS7))
    c = rec.candidate("2.21")
    pip = next(m for m in c.methods if m.method == "pip")
    assert not pip.usable
    msg = next(r for r in pip.reasons if r.code == "glibc-too-old").message
    assert "2.17" in msg and "manylinux_2_27" in msg and "2.27" in msg
    assert c.best_method.method == "docker"  # the image brings its own glibc
    assert rec.best.row.tensorflow == "2.20" and rec.best.best_method.method == "pip"


def test_aarch64_and_wsl1_and_other(matrix):
    gh = recommend(matrix, host(machine="aarch64"))
    assert gh.best is None and "aarch64-cpu-only" in codes(gh.candidate("2.21"))
    wsl1 = recommend(matrix, host(system="wsl1"))
    assert not wsl1.gpu_mode and "wsl1-no-gpu" in {n.code for n in wsl1.notes}
    other = recommend(matrix, host(system="other"))
    assert other.candidates == () and other.notes[0].code == "os-unsupported"


def test_python_too_new_and_too_old(matrix):
    rec = recommend(matrix, host(py="3.14.0"))
    pip = next(m for m in rec.candidate("2.21").methods if m.method == "pip")
    assert "python-too-new" in {r.code for r in pip.reasons}
    assert rec.best.row.tensorflow == "2.21" and rec.best.best_method.method == "conda"
    assert rec.best.best_method.python == "3.13"
    old = recommend(matrix, host(py="3.8.10"))
    pip = next(m for m in old.candidate("2.21").methods if m.method == "pip")
    assert "python-too-old" in {r.code for r in pip.reasons}


def test_cuda_visible_devices_note(matrix):
    rec = recommend(matrix, host(env={"CUDA_VISIBLE_DEVICES": "-1"}))
    assert "cuda-visible-devices-hides" in {n.code for n in rec.notes}


def test_pins_and_their_cost(matrix):
    rec = recommend(matrix, host(**RTX3060, conda=True), tf="2.13")
    assert rec.best.row.tensorflow == "2.21" and rec.chosen.row.tensorflow == "2.13"
    cost = {r.code for r in rec.pin.reasons}
    assert {"pin-older", "arch-jit-first-start", "pin-keras-2"} <= cost
    same = recommend(matrix, host(**RTX3060), tf="2.21.0")
    assert [r.code for r in same.pin.reasons] == ["pin-same"]
    docker = recommend(matrix, host(**RTX3060), method="docker")
    assert docker.chosen.best_method.method == "docker"
    assert {"pin-method", "needs-docker"} <= {r.code for r in docker.pin.reasons}
    pre = recommend(matrix, host(**RTX3060), tf="2.22")
    assert pre.chosen.status != "ruled-out" and "prerelease-pinned" in codes(pre.chosen)
    assert "pin-newer" in {r.code for r in pre.pin.reasons}
    bad = recommend(matrix, host(**GTX970), tf="2.18")
    assert bad.pin.reasons[0].code == "pin-ruled-out" and "arch-too-old" in {r.code for r in bad.pin.reasons}
    unknown = recommend(matrix, host(), tf="2.30")
    assert unknown.pin.candidate is None and unknown.pin.reasons[0].code == "pin-unknown"
    nodocker = recommend(matrix, host(**WIN11), tf="2.10", method="docker")
    assert "docker-not-on-platform" in {r.code for r in nodocker.pin.reasons}
    with pytest.raises(ValueError, match="not a TensorFlow version"):
        recommend(matrix, host(), tf="banana")
    with pytest.raises(ValueError, match="unknown install method"):
        recommend(matrix, host(), method="apt")


def test_every_ruled_out_reason_is_reachable(matrix):
    """Across the realistic hosts above, every blocker the engine knows shows up at least once."""
    seen: set[str] = set()
    hosts = [H200, RTX3060, RTX5090, GTX970, K80, WIN11, WSL2, MAC, NO_DRIVER, CENTOS7,
             {**RTX3060, "driver": "470.57.02"}, {**GTX970, "driver": "410.48"}, {"machine": "aarch64"},
             {**WSL2, "build": 19041}, {"py": "3.14.0"}, {"py": "3.8.10"}]
    for h in hosts:
        for c in recommend(matrix, host(**h)).candidates:
            seen |= {r.code for r in c.reasons if r.kind == "blocker"}
            seen |= {r.code for m in c.methods for r in m.reasons if r.kind == "blocker"}
    expected = {"prerelease", "windows-native-after-2.10", "machine-unsupported", "aarch64-cpu-only",
                "arch-too-old", "driver-too-old", "driver-too-old-strict", "known-defect",
                "wsl2-windows-too-old", "python-too-new", "python-too-old", "glibc-too-old"}
    assert expected <= seen, expected - seen


def test_chinese_messages(matrix):
    rec = recommend(matrix, host(**GTX970), lang="zh_CN")
    msg = next(r for r in rec.candidate("2.18").blockers if r.code == "arch-too-old").message
    assert "不受支持" in msg and "GTX 970" in msg and "5.2" in msg


def test_translations_cover_every_message_with_the_same_fields():
    root = ET.parse(resources_dir() / "i18n" / "matrix_zh_CN.ts").getroot()
    table = {m.findtext("source"): m.findtext("translation") for m in root.iter("message")}
    for code, text in MESSAGES.items():
        assert text in table, code
        fields = set(re.findall(r"{(\w+)}", text))
        assert set(re.findall(r"{(\w+)}", table[text])) == fields, code


def test_hand_built_h200_is_what_the_recorded_h200_report_gives(matrix):
    """The H200 host above stands for the real machine: the recorded ``doctor --json`` of that machine
    (resources/recordings/doctor-h200.json, labelled RECORDING) ranks every line the same way."""
    recorded = HostReport.from_json((resources_dir() / "recordings" / "doctor-h200.json").read_text(encoding="utf-8"))
    assert recorded.recorded_on.startswith("RECORDING")
    built = host(**{**H200, "py": recorded.python.version, "glibc": recorded.os.glibc})

    def ranking(rec):
        return [(c.row.tensorflow, c.status, sorted(c.codes)) for c in rec.candidates]

    assert ranking(recommend(matrix, built)) == ranking(recommend(matrix, recorded))
