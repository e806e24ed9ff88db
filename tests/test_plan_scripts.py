"""The generated install scripts, run for real in the shells this machine has (bash, zsh).

* ``--dry-run`` of every pip and uv plan for the lowest and highest Python of every POSIX row (the 192 cases of
  issue 17, Linux / WSL2 / macOS) in bash and zsh: the commands the script would run are read back
  NUL-separated and must be exactly the plan's steps.
* The venv activate hook for rows that need every ``nvidia/*/lib`` on LD_LIBRARY_PATH, in real venvs made by
  ``python -m venv`` and by ``uv venv``, in bash and zsh: activate sets it, deactivate restores it (set or unset).
* PowerShell and cmd cannot run here; their scripts are checked in tests/test_shells.py against the
  documented quoting rules (recorded expectations), not executed.
"""

from __future__ import annotations

import dataclasses
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tfgpu_wizard.core.setup import shells
from tfgpu_wizard.core.setup.matrix import load_matrix
from tfgpu_wizard.core.setup.plan import PlanError, PlanFile, build_plan, write_plan

ZSH = shutil.which("zsh")
UV = shutil.which("uv") or str(Path(sys.executable).parent / "uv")


def _dry_run(folder: Path, shell: str) -> list[tuple[str, ...]]:
    env = dict(os.environ, TFGPU_WIZARD_DRY_RUN_FORMAT="nul")
    proc = subprocess.run(
        [shell, str(folder / "install.sh"), "--dry-run"], capture_output=True, env=env, timeout=60, check=False
    )
    assert proc.returncode == 0, proc.stderr.decode(errors="replace")[-2000:]
    parts = proc.stdout.split(b"\0")
    out: list[tuple[str, ...]] = []
    i = 0
    while i < len(parts) - 1:
        kind = parts[i].decode()
        if kind == "A":
            n = int(parts[i + 1])
            out.append(tuple(p.decode() for p in parts[i + 2 : i + 2 + n]))
            i += 2 + n
        elif kind == "S":
            out.append(("<snippet>", parts[i + 1].decode()))
            i += 2
        else:
            raise AssertionError(f"unexpected dry-run output {parts[i]!r}")
    return out


def _expected(plan, folder: Path) -> list[tuple[str, ...]]:
    out = []
    for i, st in enumerate(plan.steps, 1):
        if st.platforms and "linux" not in st.platforms and sys.platform.startswith("linux"):
            continue  # the script skips it on this OS (case "$(uname -s)")
        if st.argv:
            out.append(tuple(str(folder / a.name) if isinstance(a, PlanFile) else a for a in st.argv))
        elif st.snippet and st.snippet.get("posix"):
            out.append(("<snippet>", str(i)))
    return out


def _posix_cases():
    matrix = load_matrix()
    for row in matrix.rows:
        if row.platform == "windows" or "pip" not in row.methods:
            continue
        minors = row.python_minors()
        for py in sorted({minors[0], minors[-1]}):
            yield row, py


@pytest.mark.parametrize("shell", ["bash", "zsh"])
def test_dry_run_of_every_posix_plan_runs_exactly_its_steps(tmp_path, shell):
    if shell == "zsh" and ZSH is None:
        pytest.skip("zsh is not installed (Debian: apt-get install zsh)")
    checked = refused = 0
    for row, py in _posix_cases():
        for method in ("pip", "uv"):
            try:
                plan = build_plan(row, None, method, shell, "/opt/tf env/é 中", python=py)
            except PlanError as exc:
                # not offered for this Python (the recording says why); the reason must be in the message
                assert "not offered" in str(exc), str(exc)
                refused += 1
                continue
            folder = tmp_path / f"{row.tensorflow}-{row.platform}-{py}-{method}"
            write_plan(plan, folder)
            assert _dry_run(folder, shell) == _expected(plan, folder), (row.label, py, method)
            checked += 1
    # refused: only Python 3.5 (TF 2.0-2.3), which uv cannot resolve, so the recording cannot vouch for it
    py35 = sum(1 for _row, py in _posix_cases() if py == "3.5")
    assert refused == 2 * py35 and checked >= 180, (checked, refused)


def _make_venv(kind: str, where: Path) -> Path:
    if kind == "venv":
        subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(where)], check=True, timeout=120)
    else:
        subprocess.run([UV, "venv", "--quiet", "--python", sys.executable, str(where)], check=True, timeout=120)
    py = where / "bin" / "python"
    site = subprocess.run(
        [str(py), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True, text=True, check=True,
    ).stdout.strip()
    # the folders the nvidia-*-cu12 wheels install (site-packages/nvidia/<name>/lib)
    for name in ("cusolver", "cudnn", "cublas"):
        Path(site, "nvidia", name, "lib").mkdir(parents=True)
    return py


@pytest.mark.parametrize("kind", ["venv", "uv"])
@pytest.mark.parametrize("shell", ["bash", "zsh"])
def test_activate_hook_sets_and_restores_ld_library_path(tmp_path, kind, shell):
    if shell == "zsh" and ZSH is None:
        pytest.skip("zsh is not installed (Debian: apt-get install zsh)")
    row = dataclasses.replace(load_matrix().row("2.21", "linux"), needs_nvidia_lib_path=True)
    env_dir = tmp_path / "my env 中"
    plan = build_plan(row, None, "pip", shell, str(env_dir), python=f"{sys.version_info[0]}.{sys.version_info[1]}")
    assert "nvidia_lib_path.py" in plan.extra_files
    # the checks run inside the activated venv
    verify = [st for st in plan.steps if st.argv and st.argv[-2:] == ("--python", plan.env_python)]
    assert verify and verify[0].argv[:2] == (plan.env_python, "-c")
    py = _make_venv(kind, env_dir)
    hook = tmp_path / "nvidia_lib_path.py"
    hook.write_text(plan.extra_files["nvidia_lib_path.py"].text, encoding="utf-8")
    for _ in range(2):  # running it again replaces the block, does not add a second one
        subprocess.run([str(py), str(hook)], check=True, timeout=60, capture_output=True)
    activate = env_dir / "bin" / "activate"
    assert activate.read_text(encoding="utf-8").count(">>> tfgpu-wizard nvidia lib path >>>") == 1
    q = shells.quote(str(activate), "bash")
    script = (
        f"{{setup}}\n. {q}\nprintf 'A=%s\\n' \"${{LD_LIBRARY_PATH-<unset>}}\"\n"
        f". {q}\nprintf 'B=%s\\n' \"${{LD_LIBRARY_PATH-<unset>}}\"\n"
        "deactivate\nprintf 'C=%s\\n' \"${LD_LIBRARY_PATH-<unset>}\"\n"
        "typeset -f _tfgpu_wizard_deactivate >/dev/null 2>&1 && echo LEFTOVER\n"
        "printf 'V=%s\\n' \"${VIRTUAL_ENV-<unset>}\"\n"
    )
    for setup, before in (("export LD_LIBRARY_PATH=/usr/local/lib", "/usr/local/lib"), ("unset LD_LIBRARY_PATH", "<unset>")):
        env = {k: v for k, v in os.environ.items() if k not in ("VIRTUAL_ENV", "LD_LIBRARY_PATH")}
        proc = subprocess.run([shell, "-c", script.replace("{setup}", setup)], capture_output=True, text=True,
                              env=env, timeout=60)
        assert proc.returncode == 0, proc.stderr
        got = dict(ln.split("=", 1) for ln in proc.stdout.splitlines() if "=" in ln)
        assert "LEFTOVER" not in proc.stdout
        for key in ("A", "B"):  # twice activated: still the nvidia folders, then the user's value once
            parts = got[key].split(":")
            assert [Path(p).parent.name for p in parts[:3]] == ["cublas", "cudnn", "cusolver"], got[key]
            assert parts[3:] == ([] if before == "<unset>" else [before]), got[key]
        assert got["C"] == before
        assert got["V"] == "<unset>"
    # the plan's checks get the same LD_LIBRARY_PATH without activating (env python -c <wrapper> program ...)
    wrapped = subprocess.run([*verify[0].argv[:3], str(py), "-c", "import os; print(os.environ['LD_LIBRARY_PATH'])"],
                             capture_output=True, text=True, timeout=60,
                             env={k: v for k, v in os.environ.items() if k != "LD_LIBRARY_PATH"})
    assert wrapped.returncode == 0, wrapped.stderr
    assert [Path(p).parent.name for p in wrapped.stdout.strip().split(":")] == ["cublas", "cudnn", "cusolver"]


def test_uv_cpu_plan_installs_for_real_then_verify(tmp_path):
    """--method uv end to end: the generated bash script makes a real venv with ``uv venv --python 3.X`` (an
    installed Python; the managed-Python download cannot be reached from these machines), installs the CPU
    plan's requirements with ``uv pip install`` (hash-checked from requirements.lock when recorded), runs the
    plan's own CPU check, then ``tfgpu-wizard verify --python`` on the new environment."""
    if shutil.which("uv") is None and not Path(UV).exists():
        pytest.skip("uv is not installed")
    py = f"{sys.version_info[0]}.{sys.version_info[1]}"
    row = load_matrix().row("2.21", "linux")
    env_dir = tmp_path / "tf env 中"
    plan = build_plan(row, None, "uv", "bash", str(env_dir), python=py, cpu=True)
    assert plan.requirements[0] == "tensorflow==2.21.0"
    folder = tmp_path / "plan"
    write_plan(plan, folder)
    env = dict(os.environ, PATH=str(Path(UV).parent) + os.pathsep + os.environ.get("PATH", ""))
    env.pop("VIRTUAL_ENV", None)
    proc = subprocess.run(["bash", str(folder / "install.sh")], capture_output=True, text=True, env=env,
                          timeout=900)
    assert proc.returncode == 0, (proc.stdout[-3000:], proc.stderr[-3000:])
    assert "All steps finished." in proc.stderr
    if plan.lock is not None and plan.lock.hashed:
        assert "--require-hashes" in (folder / "install.sh").read_text(encoding="utf-8")
    version = subprocess.run([plan.env_python, "-c", "import tensorflow as tf; print(tf.__version__)"],
                             capture_output=True, text=True, timeout=300, env=env)
    assert version.stdout.strip() == "2.21.0", version.stderr[-2000:]
    verify = subprocess.run([sys.executable, "-m", "tfgpu_wizard", "verify", "--python", plan.env_python, "--json"],
                            capture_output=True, text=True, timeout=600, env=env)
    assert '"2.21.0"' in verify.stdout, (verify.stdout[-2000:], verify.stderr[-2000:])
