"""Which GPU library TensorFlow could not load, read from a real log recorded on an H200 (TF 2.21, pip wheels)."""

from __future__ import annotations

from pathlib import Path

from tfgpu_wizard.core.setup import gpulibs

LOG = (Path(__file__).parent / "fixtures" / "logs" / "h200_tf221_pip_cusolver_vlog1.log").read_text(encoding="utf-8")
NVIDIA = {"packages": {"nvidia-cusolver-cu12": "11.7.5.82", "nvidia-cudnn-cu12": "9.28.0.42"},
          "lib_dirs": ["/env/lib/python3.12/site-packages/nvidia/cusolver/lib",
                       "/env/my venv/lib/python3.12/site-packages/nvidia/cudnn/lib"]}


def test_the_recorded_log_names_cusolver_and_only_cusolver() -> None:
    missing = gpulibs.missing_libraries(LOG)
    assert [m.name for m in missing] == ["libcusolver.so.11"]
    assert "cannot open shared object file" in missing[0].reason and "LD_LIBRARY_PATH" not in missing[0].reason
    assert missing[0].wheel("cu12") == "nvidia-cusolver-cu12"
    assert "libcudnn.so.9" in gpulibs.opened_libraries(LOG)
    assert gpulibs.wants_library_check({"is_cuda_build": True, "gpus": []}, LOG)
    assert not gpulibs.wants_library_check({"is_cuda_build": True, "gpus": [{}]}, "all fine")


def test_installed_wheel_gets_the_library_path_fix_with_quoted_folders() -> None:
    fix = gpulibs.library_fix(gpulibs.missing_libraries(LOG), "2.21.0", "/env/bin/python", NVIDIA)
    text = "\n".join(fix)
    assert "2.16.1" not in text and "nvidia/*/lib" in text
    assert "export LD_LIBRARY_PATH='/env/lib/python3.12/site-packages/nvidia/cusolver/lib:/env/my venv/" in text


def test_missing_wheel_is_installed_in_the_same_environment() -> None:
    fix = gpulibs.library_fix(gpulibs.missing_libraries(LOG), "2.21.0", "/env/bin/python", {"packages": {}})
    assert any("nvidia-cusolver-cu12" in line and '"tensorflow[and-cuda]==2.21.0"' in line for line in fix)


def test_version_decides_the_advice() -> None:
    missing = gpulibs.missing_libraries(LOG)
    assert "2.17" in gpulibs.library_fix(missing, "2.16.1", "python", NVIDIA)[0]
    old = gpulibs.library_fix(missing, "2.12.0", "python", NVIDIA)
    assert "system install" in old[0]
    assert "system install" in gpulibs.library_fix(missing, "2.10.0", "python", NVIDIA, platform="windows")[0]
    cu11 = gpulibs.library_fix(missing, "2.14.1", "python", {"packages": {}})
    assert any("nvidia-cusolver-cu11" in line for line in cu11)
