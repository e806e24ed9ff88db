"""Host detection on this machine, for real: no GPU here, real interpreters, real subprocesses."""

from __future__ import annotations

import ast
import importlib.metadata
import json
import os
import platform
import re
import shutil
import stat
import subprocess
import sys
import time
import venv
from pathlib import Path

import jsonschema
import pytest

from tfgpu_wizard.core.i18n import parse_ts
from tfgpu_wizard.core.paths import resources_dir
from tfgpu_wizard.core.setup import host
from tfgpu_wizard.core.setup.host_model import HostReport

ROOT = Path(__file__).resolve().parent.parent
FIX = Path(__file__).parent / "fixtures" / "host"
SCHEMA = json.loads((resources_dir() / "schemas" / "host-report.schema.json").read_text(encoding="utf-8"))
posix_only = pytest.mark.skipif(sys.platform == "win32", reason="uses POSIX shell scripts as fake interpreters")


def _nvml_works() -> bool:
    try:
        import pynvml

        pynvml.nvmlInit()
        pynvml.nvmlShutdown()
        return True
    except Exception:
        return False


def _env(**changes: str | None) -> dict[str, str]:
    env = dict(os.environ)
    for k, v in changes.items():
        if v is None:
            env.pop(k, None)
        else:
            env[k] = v
    return env


@pytest.fixture(scope="module")
def live_report() -> HostReport:
    return host.detect_host(environ=_env(CUDA_VISIBLE_DEVICES=None))


# -- this machine ---------------------------------------------------------------------------------


def test_no_driver_is_a_clear_state(live_report):
    if _nvml_works() or shutil.which("nvidia-smi"):
        pytest.skip("this machine has an NVIDIA driver")
    d = live_report.driver
    assert d.present is False and d.version is None and live_report.gpus == []
    assert "NVML" in d.error and "nvidia-smi" in d.error  # both ways were tried, each says why it failed
    first = live_report.notes[0]
    if d.nvidia_pci_gpus == 0:  # the PCI bus was read: no NVIDIA GPU at all is not an error (issue 23)
        assert (first.code, first.severity) == ("no-nvidia-gpu", "info") and d.no_nvidia_gpu
    else:
        assert (first.code, first.severity) == ("no-nvidia-driver", "error")
    assert first.detail == d.error
    assert any("no NVIDIA driver" in line or "no NVIDIA GPU" in line for line in host.explain_cuda_versions(live_report))


def test_os_and_python_are_real(live_report):
    assert live_report.python.executable == sys.executable
    assert live_report.python.version == platform.python_version()
    assert live_report.os.machine == platform.machine()
    if sys.platform.startswith("linux"):
        assert live_report.os.system in ("linux", "wsl2", "wsl1")
        assert live_report.os.glibc == os.confstr("CS_GNU_LIBC_VERSION").split()[1]


def test_tensorflow_in_current_interpreter_read_without_import(live_report):
    assert "tensorflow" not in sys.modules  # the app process never imports it
    tf = live_report.tensorflow
    for dist in ("tensorflow-cpu", "tensorflow"):
        try:
            expected = importlib.metadata.version(dist)
        except importlib.metadata.PackageNotFoundError:
            continue
        assert tf.version == expected and tf.distribution == dist
        break
    else:
        assert tf.version is None
    assert tf.numpy_version == importlib.metadata.version("numpy")


def test_toolkit_matches_what_nvcc_prints(live_report):
    nvcc = shutil.which("nvcc")
    if not nvcc:  # none on PATH: no toolkit, or one found through CUDA_HOME/CUDA_PATH, whose bin/nvcc it names
        tk = live_report.cuda_toolkit
        assert tk is None or (tk.nvcc is not None and tk.cuda_home is not None
                              and Path(tk.nvcc) == Path(tk.cuda_home, "bin", Path(tk.nvcc).name)
                              and Path(tk.nvcc).is_file()), tk
        return
    out = subprocess.run([nvcc, "--version"], capture_output=True, text=True, timeout=30).stdout
    tk = live_report.cuda_toolkit
    assert tk.nvcc == nvcc and f"release {tk.version}," in out
    # The toolkit folder is a real toolkit, also when nvcc on PATH is a shim script in front of it.
    assert tk.cuda_home and (Path(tk.cuda_home, "bin", "nvcc").exists())


def test_report_validates_and_round_trips(live_report):
    jsonschema.Draft202012Validator(SCHEMA).validate(live_report.to_dict())
    again = HostReport.from_json(live_report.to_json())
    assert again == live_report


def test_schema_rejects_a_broken_report(live_report):
    data = live_report.to_dict()
    del data["driver"]
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(data, SCHEMA)
    data = live_report.to_dict()
    data["gpus"] = [{"index": 0, "name": "X", "compute_capability": "nine"}]
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(data, SCHEMA)


@pytest.mark.parametrize("name", ["doctor-h200.json", "doctor-h200-smi-fallback.json"])
def test_recordings_validate_and_round_trip(name):
    text = (FIX / name).read_text(encoding="utf-8")
    jsonschema.validate(json.loads(text), SCHEMA)
    report = HostReport.from_json(text)
    assert report.recorded_on.startswith("RECORDING")
    assert report.driver.present and report.gpus[0].name == "NVIDIA H200"
    assert HostReport.from_json(report.to_json()) == report


def test_shipped_recording_is_the_fixture():
    shipped = resources_dir() / "recordings" / "doctor-h200.json"
    assert shipped.read_text(encoding="utf-8") == (FIX / "doctor-h200.json").read_text(encoding="utf-8")


# -- environment variables ------------------------------------------------------------------------


@pytest.mark.parametrize("value", ["-1", "", " ", "-1,0"])
def test_cuda_visible_devices_hiding_all(value):
    report = host.detect_host(environ=_env(CUDA_VISIBLE_DEVICES=value))
    notes = [n for n in report.notes if n.code == "cuda-visible-devices-hides-all"]
    assert len(notes) == 1 and notes[0].severity == "warning"
    assert report.env["CUDA_VISIBLE_DEVICES"] == value


@pytest.mark.parametrize("value", ["abc", "-2", "x,0"])
def test_cuda_visible_devices_that_names_no_gpu_hides_all(value):
    """drills-3 N14 (PASS row, wording): CUDA_VISIBLE_DEVICES=abc was only "info: only the GPUs it lists are visible",
    though CUDA reads the list up to its first entry that is not a GPU, so it hides every GPU."""
    env, notes = host.detect_env({"CUDA_VISIBLE_DEVICES": value})
    assert [(n.code, n.severity) for n in notes] == [("cuda-visible-devices-invalid", "warning")]
    assert "TensorFlow will use the CPU" in host.note_text(notes[0])
    env, notes = host.detect_env({"CUDA_VISIBLE_DEVICES": "GPU-8f3a,1"})
    assert [n.code for n in notes] == ["cuda-visible-devices-set"]


def test_env_vars_kept_and_filtered():
    env, notes = host.detect_env({
        "CUDA_VISIBLE_DEVICES": "0,1",
        "TF_FORCE_GPU_ALLOW_GROWTH": "yes",
        "TF_CPP_MIN_LOG_LEVEL": "2",
        "TF_CLI_CONFIG_FILE": "/home/u/.terraformrc",  # Terraform's, not TensorFlow's
        "XLA_FLAGS": "--xla_gpu_cuda_data_dir=/opt/cuda",
        "LD_LIBRARY_PATH": os.pathsep.join(["/usr/lib", "/usr/local/cuda-12.2/lib64", "/opt/x"]),
        "HOME": "/home/u",
    })
    assert env["TF_CPP_MIN_LOG_LEVEL"] == "2" and "TF_CLI_CONFIG_FILE" not in env and "HOME" not in env
    assert env["LD_LIBRARY_PATH"] == "/usr/local/cuda-12.2/lib64"
    assert env["XLA_FLAGS"].endswith("/opt/cuda")
    codes = {n.code for n in notes}
    assert codes == {"cuda-visible-devices-set", "tf-allow-growth-invalid", "ld-library-path-cuda"}


# -- target interpreters -------------------------------------------------------------------------


def test_target_is_current_interpreter_in_subprocess():
    report = host.detect_host(sys.executable)
    assert report.target_python is not None
    assert report.target_python.version == platform.python_version()
    assert report.target_python.is_venv == (sys.prefix != sys.base_prefix)
    live = host.detect_host()
    assert report.tensorflow.version == live.tensorflow.version
    assert report.tensorflow.keras_version == live.tensorflow.keras_version


def test_target_is_a_second_venv_with_spaces_and_chinese(tmp_path):
    folder = tmp_path / "我的 环境 venv"
    venv.EnvBuilder(with_pip=False, symlinks=sys.platform != "win32").create(folder)
    report = host.detect_host(str(folder))  # the folder is accepted as well as the interpreter
    t = report.target_python
    assert t is not None and t.is_venv and t.version == platform.python_version()
    assert Path(t.executable).parent.parent == folder
    assert report.tensorflow.version is None and report.tensorflow.nvidia_packages == {}
    assert any(n.code == "tf-not-installed" for n in report.notes)


def _script(folder: Path, name: str, body: str) -> str:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text("#!/bin/sh\n" + body, encoding="utf-8")
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return str(path)


@posix_only
def test_crashing_target_gives_a_note(tmp_path):
    py = _script(tmp_path / "broken env", "python", "echo 'Fatal Python error: init_fs_encoding' >&2\nexit 1\n")
    report = host.detect_host(py)
    note = next(n for n in report.notes if n.code == "target-python-failed")
    assert note.severity == "error" and "init_fs_encoding" in note.detail and "code 1" in note.detail
    assert report.tensorflow.error and report.target_python is None
    assert report.os.system and report.python.version  # the rest of the report is there


@posix_only
def test_hanging_target_is_killed_with_its_children(tmp_path):
    # `sleep` runs as a child of sh and holds the output pipe: killing only sh would leave it hanging.
    py = _script(tmp_path / "hang", "python", "sleep 60\necho never\n")
    t0 = time.monotonic()
    report = host.detect_host(py, timeout=1.0)
    assert time.monotonic() - t0 < 8
    note = next(n for n in report.notes if n.code == "target-python-timeout")
    assert "1 s" in note.detail


def test_missing_target_gives_a_note(tmp_path):
    report = host.detect_host(str(tmp_path / "nope" / "python"))
    assert any(n.code == "target-python-failed" for n in report.notes)


# -- pieces --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("release", "expected"),
    [
        ("5.15.167.4-microsoft-standard-WSL2", ("wsl2", None)),
        ("4.4.0-19041-Microsoft", ("wsl1", 19041)),
        ("6.1.0-18-amd64", ("linux", None)),
    ],
)
def test_kernel_classification(release, expected):
    assert host.classify_linux_kernel(release) == expected


def test_linux_driver_inside_wsl_files(tmp_path):
    assert host.linux_driver_files_inside_wsl(str(tmp_path)) == []
    lib = tmp_path / "usr/lib/x86_64-linux-gnu"
    lib.mkdir(parents=True)
    (lib / "libcuda.so.1").write_bytes(b"")
    assert host.linux_driver_files_inside_wsl(str(tmp_path)) == [str(lib / "libcuda.so.1")]


def test_cudnn_header_parser():
    text = "#define CUDNN_MAJOR 9\n#define CUDNN_MINOR 3\n#define CUDNN_PATCHLEVEL 0\n#define CUDNN_VERSION (...)\n"
    assert host.parse_cudnn_header(text) == "9.3.0"
    assert host.parse_cudnn_header("nothing") is None


def test_tf_notes_from_probe_data():
    data = {"tf": [{"distribution": "tensorflow", "version": "2.15.1", "location": "/x"},
                   {"distribution": "tensorflow-cpu", "version": "2.15.1", "location": "/x"}],
            "other": {"numpy": "2.0.1", "keras": "2.15.0"}, "nvidia": {}}
    tf, notes = host.tf_from_probe("/py", data, "linux")
    assert tf.version == "2.15.1" and tf.distribution == "tensorflow" and tf.keras_version == "2.15.0"
    assert {n.code for n in notes} == {"tf-several-distributions", "tf-numpy-too-new", "tf-no-cuda-wheels"}
    data = {"tf": [{"distribution": "tensorflow", "version": "2.21.0", "location": "/x"}],
            "other": {"numpy": "2.1.0"}, "nvidia": {"nvidia-cudnn-cu12": "9.3.0.75"}}
    assert host.tf_from_probe("/py", data, "linux")[1] == []
    assert [n.code for n in host.tf_from_probe("C:/py", data, "windows")[1]] == ["windows-native-tf-no-gpu"]


def test_explanation_for_recorded_h200_and_a_mismatch():
    report = HostReport.from_json((FIX / "doctor-h200.json").read_text(encoding="utf-8"))
    text = "\n".join(host.explain_cuda_versions(report))
    assert "580.159.04" in text and "CUDA 13.0" in text and "Mismatch" not in text
    report.driver.cuda_version = "12.2"
    text = "\n".join(host.explain_cuda_versions(report))
    assert "Mismatch" in text and "CUDA 12.2" in text


def test_explanation_in_chinese():
    from tfgpu_wizard.core import i18n

    report = HostReport.from_json((FIX / "doctor-h200.json").read_text(encoding="utf-8"))
    old = i18n.language()
    try:
        i18n.set_language("zh_CN")
        lines = host.explain_cuda_versions(report)
    finally:
        i18n.set_language(old)
    assert "驱动" in lines[0] and "580.159.04" in lines[0]


def _tr_literals(path: Path, context: str) -> set[str]:
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("tr", "N_"):
            lit = node.args[-1] if node.func.id == "N_" else node.args[1]
            if isinstance(lit, ast.Constant) and isinstance(lit.value, str):
                out.add(lit.value)
    return out


def test_every_message_has_a_chinese_translation():
    cat = parse_ts(resources_dir() / "i18n" / "host_zh_CN.ts")
    src = ROOT / "src" / "tfgpu_wizard"
    for path, ctx in ((src / "core" / "setup" / "host.py", "host"), (src / "commands" / "doctor.py", "doctor")):
        missing = [s for s in _tr_literals(path, ctx) if (ctx, s) not in cat]
        assert not missing, f"{path.name}: no zh_CN translation for {missing}"
    # placeholders survive translation
    for (_ctx, source), translation in cat.items():
        assert sorted(re.findall(r"\{\w+\}", source)) == sorted(
            re.findall(r"\{\w+\}", translation)), source


def test_every_note_code_is_documented():
    doc = (ROOT / "docs" / "host-report.md").read_text(encoding="utf-8")
    assert [c for c in host.NOTE_CODES if f"`{c}`" not in doc] == []


def test_pyprobe_runs_in_old_interpreters():
    """The probe runs inside the user's interpreter, which may be as old as TF 2.0's Python 3.5."""
    source = (ROOT / "src" / "tfgpu_wizard" / "core" / "setup" / "host_pyprobe.py").read_text(encoding="utf-8")
    ast.parse(source, feature_version=(3, 5))  # raises SyntaxError on f-strings, walrus, annotations ...
    assert "from __future__ import annotations" not in source


def test_no_conda_means_no_conda_command(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("USERPROFILE", str(tmp_path))
    assert host.find_conda({"PATH": str(tmp_path)}) is None
    assert host._detect_conda(1.0, {"PATH": str(tmp_path)}) == (None, [])
