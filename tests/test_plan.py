"""Install plans (core/setup/plan/) and the ``plan`` command, on the real matrix.json rows."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tfgpu_wizard.core.setup import shells
from tfgpu_wizard.core.setup.matrix import load_matrix
from tfgpu_wizard.core.setup.plan import VERIFY_GPU_CODE, PlanError, PlanExistsError, build_plan, write_plan
from tfgpu_wizard.core.setup.shells import PlanFile

BASH = shutil.which("bash")
MATRIX = load_matrix()

ERAS = [
    ("2.10", "windows"),
    ("2.12", "linux"),
    ("2.15", "linux"),
    ("2.16", "linux"),
    ("2.21", "linux"),
    ("2.21", "wsl2"),
]
WIN_PREFIX = "C:\\Users\\张 三\\tf env"
POSIX_PREFIX = "/home/ana/my envs/张三 tf"


def _prefix(platform: str) -> str:
    return WIN_PREFIX if platform == "windows" else POSIX_PREFIX


@pytest.mark.parametrize("line,platform", ERAS)
@pytest.mark.parametrize("method", ["pip", "conda", "docker"])
@pytest.mark.parametrize("shell", shells.SHELLS)
def test_every_method_and_shell(line, platform, method, shell, tmp_path):
    row = MATRIX.row(line, platform)
    allowed = {"windows": ("powershell", "cmd"), "wsl2": ("bash", "zsh")}.get(
        platform, ("bash", "zsh", "powershell")
    )
    if shell not in allowed or method not in row.methods:
        with pytest.raises(PlanError) as err:
            build_plan(row, None, method, shell, _prefix(platform))
        assert len(str(err.value)) > 30  # a sentence that says why, not a code
        return
    plan = build_plan(row, None, method, shell, _prefix(platform))
    text = plan.script()
    # admin steps: each one has its own banner with the reason, before its command
    for st in plan.steps:
        if st.admin:
            assert f"ADMINISTRATOR STEP: {st.reason()}" in text
    if method != "docker":
        verify, plain = plan.steps[-2], plan.steps[-1]
        # conda checks run inside the activated environment (its activate.d variables set)
        wrap = ("conda", "run", "--no-capture-output", "--prefix", plan.prefix) if method == "conda" else ()
        if getattr(row, "needs_nvidia_lib_path", False) and method == "pip":
            wrap = verify.argv[:3]  # env python -c <sets LD_LIBRARY_PATH like the activate hook> (issue 17)
            assert wrap[0] == plan.env_python and "LD_LIBRARY_PATH" in wrap[2]
        # made on this machine: the running interpreter by path, as `tfgpu-wizard` is often not on PATH;
        # for another OS (another computer) no path of this machine: the new environment's own GPU check
        here = (os.name == "nt") == (platform == "windows")
        if here:
            assert verify.argv == (*wrap, sys.executable, "-m", "tfgpu_wizard", "verify", "--python", plan.env_python)
        else:
            assert verify.argv == (*wrap, plan.env_python, "-c", VERIFY_GPU_CODE)
            assert sys.executable not in plan.script()
        assert plain.argv[len(wrap) + 1 :] == (
            "-c",
            "import tensorflow as tf; print(tf.config.list_physical_devices('GPU'))",
        )
        assert plan.env_python.startswith(plan.prefix)
    else:
        assert "--gpus" in plan.steps[-1].argv and plan.steps[-1].argv[-1].startswith("import tensorflow")
    if shell in ("bash", "zsh") and BASH:
        (tmp_path / "install.sh").write_text(text, encoding="utf-8")
        proc = subprocess.run([BASH, "-n", str(tmp_path / "install.sh")], capture_output=True, timeout=30)
        assert proc.returncode == 0, proc.stderr
    if platform == "wsl2":
        assert any("Never install a Linux NVIDIA driver inside WSL" in w.text() for w in plan.why)
    files = plan.files()
    assert shells.script_name(shell) in files and "requirements.txt" in files and "README.md" in files
    assert ("environment.yml" in files) == (method == "conda")


def test_windows_2_10_conda_recipe():
    plan = build_plan(MATRIX.row("2.10", "windows"), None, "conda", "powershell", WIN_PREFIX)
    create = next(st for st in plan.steps if "create" in st.argv)
    assert "python=3.10" in create.argv and "cudatoolkit=11.2" in create.argv and "cudnn=8.1.0" in create.argv
    assert "tensorflow<2.11" in plan.requirements and "numpy<2" in plan.requirements
    assert plan.env_python == WIN_PREFIX + "\\python.exe"
    assert any(st.admin and "LongPathsEnabled" in st.argv for st in plan.steps)
    assert plan.files()["install.ps1"].encoding == "utf-8-sig"  # Windows PowerShell 5.1 needs the BOM


def test_numpy_and_keras_pins():
    p15 = build_plan(MATRIX.row("2.15", "linux"), None, "pip", "bash", POSIX_PREFIX)
    assert "numpy<2" in p15.requirements
    assert p15.requirements[0].startswith("tensorflow[and-cuda]==2.15")
    p21 = build_plan(MATRIX.row("2.21", "linux"), None, "pip", "bash", POSIX_PREFIX)
    assert not any(r.startswith("numpy") for r in p21.requirements)
    with pytest.raises(PlanError, match="Keras 2"):
        build_plan(MATRIX.row("2.15", "linux"), None, "pip", "bash", POSIX_PREFIX, keras2=True)
    k2 = build_plan(MATRIX.row("2.16", "linux"), None, "pip", "bash", POSIX_PREFIX, keras2=True)
    assert any(r.startswith("tf-keras") for r in k2.requirements)
    assert k2.env == {"TF_USE_LEGACY_KERAS": ("1",)}
    assert "export TF_USE_LEGACY_KERAS=1" in k2.env_file()


def test_bad_inputs_are_clear():
    row = MATRIX.row("2.21", "linux")
    with pytest.raises(PlanError, match="Unknown method"):
        build_plan(row, None, "apt", "bash", POSIX_PREFIX)
    with pytest.raises(PlanError, match="full path"):
        build_plan(
            MATRIX.row("2.10", "windows"), None, "conda", "cmd", "relative\\dir" if os.name != "nt" else "x"
        )
    with pytest.raises(PlanError, match="control character"):
        build_plan(row, None, "pip", "bash", "/tmp/a\nb")
    with pytest.raises(PlanError, match="cmd.exe"):
        build_plan(MATRIX.row("2.10", "windows"), None, "conda", "cmd", "C:\\50% off\\env")
    with pytest.raises(PlanError, match="Python"):
        build_plan(row, None, "pip", "bash", POSIX_PREFIX, python="3.8")


def _resolve(argv, folder: Path) -> list[str]:
    return [str(folder / a.name) if isinstance(a, PlanFile) else a for a in argv]


@pytest.mark.skipif(BASH is None, reason="bash not installed")
@pytest.mark.parametrize("line,method", [("2.16", "pip"), ("2.12", "conda"), ("2.21", "docker")])
def test_written_bash_plan_dry_run_matches_plan_argv(tmp_path, line, method):
    from test_shells import parse_nul_dry_run

    folder = tmp_path / "my plan 计划 'q'"
    plan = build_plan(MATRIX.row(line, "linux"), None, method, "bash", POSIX_PREFIX)
    write_plan(plan, folder)
    env = dict(os.environ, TFGPU_WIZARD_DRY_RUN_FORMAT="nul")
    proc = subprocess.run(
        [BASH, str(folder / "install.sh"), "--dry-run"], capture_output=True, env=env, timeout=60
    )
    assert proc.returncode == 0, proc.stderr
    expected = []
    for i, st in enumerate(plan.steps, 1):
        if st.platforms and "linux" not in st.platforms:
            continue
        if st.argv:
            expected.append(("A", _resolve(st.argv, folder)))
        elif st.snippet and st.snippet.get("posix"):
            expected.append(("S", [str(i)]))
    assert parse_nul_dry_run(proc.stdout) == expected
    assert len(expected) >= 3


@pytest.mark.skipif(BASH is None, reason="bash not installed")
def test_conda_activate_scripts_set_and_restore(tmp_path):
    plan = build_plan(MATRIX.row("2.13", "linux"), None, "conda", "bash", POSIX_PREFIX)
    write_plan(plan, tmp_path / "p")
    act = tmp_path / "p" / "conda" / "activate.d" / "tfgpu-wizard.sh"
    deact = tmp_path / "p" / "conda" / "deactivate.d" / "tfgpu-wizard.sh"
    prefix = "/opt/conda envs/张 tf"
    prog = "\n".join(
        [
            "set -u",
            "export CONDA_PREFIX=" + shells.quote(prefix, "bash"),
            "export LD_LIBRARY_PATH=/usr/local/lib",
            "unset XLA_FLAGS CUDNN_PATH",
            ". " + shells.quote(str(act), "bash"),
            'printf "%s\\0%s\\0%s\\0" "$CUDNN_PATH" "$LD_LIBRARY_PATH" "$XLA_FLAGS"',
            ". " + shells.quote(str(deact), "bash"),
            'printf "%s\\0%s\\0" "$LD_LIBRARY_PATH" "${XLA_FLAGS-unset}"',
        ]
    )
    proc = subprocess.run([BASH, "-c", prog], capture_output=True, timeout=30)
    assert proc.returncode == 0, proc.stderr
    cudnn, ld, xla, ld_after, xla_after = proc.stdout.decode("utf-8").split("\x00")[:5]
    assert cudnn == prefix + "/lib/python3.11/site-packages/nvidia/cudnn"
    assert ld == cudnn + "/lib:" + prefix + "/lib/:/usr/local/lib"
    assert xla == "--xla_gpu_cuda_data_dir=" + prefix + "/lib/"
    assert ld_after == "/usr/local/lib" and xla_after == "unset"


def test_write_plan_never_overwrites_edits(tmp_path):
    folder = tmp_path / "out 目录"
    plan = build_plan(MATRIX.row("2.10", "windows"), None, "conda", "cmd", WIN_PREFIX)
    written = write_plan(plan, folder)
    names = {p.name for p in written}
    assert {"install.cmd", "env.cmd", "environment.yml", "requirements.txt", "README.md"} <= names
    assert b"\r\n" in (folder / "install.cmd").read_bytes()
    assert (folder / "install.cmd").read_bytes()[:3] != b"\xef\xbb\xbf"
    write_plan(plan, folder)  # unchanged files are ours: rewriting is fine
    (folder / "requirements.txt").write_text("my edit\n", encoding="utf-8")
    before = (folder / "install.cmd").read_bytes()
    with pytest.raises(PlanExistsError, match="--force") as err:
        write_plan(build_plan(MATRIX.row("2.10", "windows"), None, "pip", "cmd", WIN_PREFIX), folder)
    assert [p.name for p in err.value.paths] == ["requirements.txt"]
    assert (folder / "requirements.txt").read_text(encoding="utf-8") == "my edit\n"
    assert (folder / "install.cmd").read_bytes() == before  # nothing was written
    write_plan(plan, folder, force=True)
    assert "tensorflow<2.11" in (folder / "requirements.txt").read_text(encoding="utf-8")
    assert not list(folder.glob(".*.tmp*"))


def test_readme_in_chinese(tmp_path):
    from tfgpu_wizard.core import i18n

    old = i18n.language()
    try:
        i18n.set_language("zh_CN")
        plan = build_plan(MATRIX.row("2.21", "linux"), None, "pip", "bash", POSIX_PREFIX)
        readme = plan.readme()
    finally:
        i18n.set_language(old)
    assert "选择" in readme  # "## What was chosen and why" translated


def test_cli_plan_with_saved_doctor_report(tmp_path):
    exe = [sys.executable, "-m", "tfgpu_wizard"]
    env = dict(os.environ, TFGPU_WIZARD_LANG="en")
    report = tmp_path / "report 报告.json"
    doctor = subprocess.run(
        [*exe, "doctor", "--json", "--out", str(report)], capture_output=True, env=env, timeout=120
    )
    assert doctor.returncode == 0, doctor.stderr
    out = tmp_path / "plan dir 计划"
    proc = subprocess.run(
        [
            *exe,
            "plan",
            "--host",
            str(report),
            "--tf",
            "2.15",
            "--method",
            "pip",
            "--shell",
            "bash",
            "--prefix",
            str(tmp_path / "env 环境"),
            "--write",
            str(out),
            "--json",
        ],
        capture_output=True,
        env=env,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr.decode()
    data = json.loads(proc.stdout)
    assert data["tensorflow"].startswith("2.15") and data["method"] == "pip"
    assert (out / "install.sh").is_file() and data["written"]
    again = subprocess.run(
        [
            *exe,
            "plan",
            "--host",
            str(report),
            "--tf",
            "2.15",
            "--method",
            "conda",
            "--shell",
            "bash",
            "--prefix",
            str(tmp_path / "env 环境"),
            "--write",
            str(out),
        ],
        capture_output=True,
        env=env,
        timeout=120,
    )
    # the pip files were written by tfgpu-wizard and not edited: the conda plan replaces them without --force
    assert again.returncode == 0, again.stderr.decode()
    assert (out / "environment.yml").is_file() and "conda create" in (out / "install.sh").read_text(encoding="utf-8")
    (out / "install.sh").write_text("# mine\n", encoding="utf-8")
    third = subprocess.run(
        [
            *exe,
            "plan",
            "--host",
            str(report),
            "--tf",
            "2.15",
            "--method",
            "pip",
            "--shell",
            "bash",
            "--prefix",
            str(tmp_path / "env 环境"),
            "--write",
            str(out),
        ],
        capture_output=True,
        env=env,
        timeout=120,
    )
    assert third.returncode == 1 and b"--force" in third.stderr
    assert (out / "install.sh").read_text(encoding="utf-8") == "# mine\n"
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    proc = subprocess.run([*exe, "plan", "--host", str(bad)], capture_output=True, env=env, timeout=60)
    assert proc.returncode == 2 and b"doctor --json" in proc.stderr


# -- a machine with no NVIDIA GPU at all vs one whose GPU has no driver -------------------------------


def _driverless_host(pci_gpus: int | None):
    from tfgpu_wizard.core.setup.host_model import DriverInfo, HostReport, OSInfo, PythonInfo

    return HostReport(
        os=OSInfo(system="linux", machine="x86_64", glibc="2.36"),
        python=PythonInfo(executable="/usr/bin/python3", version="3.11.7"),
        driver=DriverInfo(present=False, error="no driver", nvidia_pci_gpus=pci_gpus),
    )


@pytest.mark.parametrize("pci_gpus", [1, None])
def test_a_gpu_without_driver_gets_the_admin_driver_step(pci_gpus) -> None:
    row = load_matrix().row("2.21", "linux")
    plan = build_plan(row, _driverless_host(pci_gpus), "pip", "bash", prefix=POSIX_PREFIX)
    driver_steps = [s for s in plan.steps if "NVIDIA driver" in s.text()]
    assert len(driver_steps) == 1 and driver_steps[0].admin


def test_no_nvidia_gpu_at_all_gets_no_driver_step_but_a_plain_warning() -> None:
    row = load_matrix().row("2.21", "linux")
    plan = build_plan(row, _driverless_host(0), "pip", "bash", prefix=POSIX_PREFIX)
    assert not [s for s in plan.steps if "NVIDIA driver" in s.text()]
    warnings = [w for w in plan.why if w.kind == "warning" and "No NVIDIA GPU was found" in w.text()]
    assert len(warnings) == 1 and "CUDA 12.5" in warnings[0].text()
