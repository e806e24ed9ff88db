"""The virtual-environment recipes: pip (``python -m venv`` + ``pip install``) and uv (``uv venv`` + ``uv pip
install``), online or from a wheelhouse (offline)."""

from __future__ import annotations

from tfgpu_wizard.core.setup import shells
from tfgpu_wizard.core.setup.host_model import HostReport
from tfgpu_wizard.core.setup.matrix import Row
from tfgpu_wizard.core.setup.plan.lock import index_args, install_source, offline_steps, wheelhouse
from tfgpu_wizard.core.setup.plan.model import Why, is_windows, join_path
from tfgpu_wizard.core.setup.plan.script import Plan
from tfgpu_wizard.core.setup.plan.target import base_python
from tfgpu_wizard.core.setup.plan.wording import uv_speed
from tfgpu_wizard.core.setup.shells import PlanFile, Step


def pip_steps(plan: Plan, row: Row, host: HostReport | None, host_fits: bool) -> None:
    """pip: ``python -m venv``, then ``pip install`` from the lock (hash-checked) or requirements.txt."""
    win = is_windows(plan.platform)
    base = base_python(plan, row, host, host_fits)
    venv_py = (
        join_path(plan.platform, plan.prefix, "Scripts", "python.exe")
        if win
        else join_path(plan.platform, plan.prefix, "bin", "python")
    )
    plan.env_python = venv_py
    create = (
        (base, f"-{plan.python_version}", "-m", "venv", plan.prefix)
        if base == "py"
        else (base, "-m", "venv", plan.prefix)
    )
    plan.steps.append(
        Step(
            "Create the virtual environment {} (Python {}).",
            argv=create,
            explain_args=(plan.prefix, plan.python_version),
        )
    )
    if plan.offline:
        offline_steps(plan)
        plan.steps.append(
            Step(
                "Install the locked set from the downloaded files only (no internet).",
                argv=(venv_py, "-m", "pip", "install", "--no-index", "--find-links", wheelhouse(plan),
                      *install_source(plan)),
            )
        )
    else:
        plan.steps.append(
            Step(
                "Update pip inside it.",
                argv=(venv_py, "-m", "pip", "install", *index_args(plan), "--upgrade", "pip"),
            )
        )
        if plan.lock is not None:
            plan.steps.append(
                Step(
                    "Install the fully pinned set from requirements.lock (every package and its hash, resolved "
                    "for this platform and Python on {}).",
                    argv=(venv_py, "-m", "pip", "install", *index_args(plan), *install_source(plan)),
                    explain_args=(plan.lock.recorded_on,),
                )
            )
        else:
            plan.steps.append(
                Step(
                    "Install TensorFlow and its pinned companions from requirements.txt.",
                    argv=(venv_py, "-m", "pip", "install", *index_args(plan), "-r", PlanFile("requirements.txt")),
                )
            )
    plan.why.append(Why("pip in a virtual environment keeps TensorFlow apart from the rest of your Python."))


_UV_BOOTSTRAP = {
    "posix": (
        'if ! command -v uv >/dev/null 2>&1; then\n'
        '  python3 -m venv "$HOME/.local/share/tfgpu-wizard/uv-tool"\n'
        '  "$HOME/.local/share/tfgpu-wizard/uv-tool/bin/python" -m pip install {index}uv\n'
        '  export PATH="$HOME/.local/share/tfgpu-wizard/uv-tool/bin:$PATH"\n'
        "fi"
    ),
    "powershell": (
        "if (-not (Get-Command uv -ErrorAction SilentlyContinue)) {{\n"
        "  py -m venv \"$env:LOCALAPPDATA\\tfgpu-wizard\\uv-tool\"\n"
        "  & \"$env:LOCALAPPDATA\\tfgpu-wizard\\uv-tool\\Scripts\\python.exe\" -m pip install {index}uv\n"
        "  if ($LASTEXITCODE -ne 0) {{ throw 'pip install uv failed' }}\n"
        "  $env:PATH = \"$env:LOCALAPPDATA\\tfgpu-wizard\\uv-tool\\Scripts;\" + $env:PATH\n"
        "}}"
    ),
    "cmd": (
        "where uv >nul 2>&1\n"
        "if errorlevel 1 (\n"
        '  py -m venv "%LOCALAPPDATA%\\tfgpu-wizard\\uv-tool"\n'
        '  "%LOCALAPPDATA%\\tfgpu-wizard\\uv-tool\\Scripts\\python.exe" -m pip install {index}uv\n'
        '  set "PATH=%LOCALAPPDATA%\\tfgpu-wizard\\uv-tool\\Scripts;%PATH%"\n'
        ")"
    ),
}


def uv_steps(plan: Plan, host_fits: bool) -> None:
    """uv: ``uv venv --python X.Y`` (uv finds an installed Python of that version, or downloads a managed
    one when the system's does not fit the row) and ``uv pip install`` from the lock."""
    win = is_windows(plan.platform)
    venv_py = join_path(plan.platform, plan.prefix, *(("Scripts", "python.exe") if win else ("bin", "python")))
    plan.env_python = venv_py
    index = ""
    if plan.index_url:
        index = "--index-url " + shells.quote(plan.index_url, plan.shell) + " "
    if not plan.offline:
        plan.steps.append(
            Step(
                "Install uv with pip into its own small venv, only if uv is not on PATH yet.",
                snippet={f: _UV_BOOTSTRAP[f].format(index=index) for f in ("posix", "powershell", "cmd")},
            )
        )
    else:
        offline_steps(plan)
        plan.why.append(
            Why(
                "Offline with uv: uv and Python {} must already be installed on the target (both come from the "
                "internet).",
                (plan.python_version,),
                "warning",
            )
        )
    plan.steps.append(
        Step(
            "Create the virtual environment {} with uv (Python {}, already installed: nothing is downloaded)."
            if plan.offline
            else "Create the virtual environment {} with uv (Python {}; uv downloads a managed Python {} if none is "
            "installed).",
            argv=("uv", "venv", *(("--offline",) if plan.offline else ()), "--python", plan.python_version,
                  plan.prefix),
            explain_args=(plan.prefix, plan.python_version, plan.python_version),
        )
    )
    src = (
        ("--offline", "--no-index", "--find-links", wheelhouse(plan)) if plan.offline else index_args(plan)
    )
    plan.steps.append(
        Step(
            "Install the fully pinned set with uv pip (hash-checked where the lock has hashes).",
            argv=("uv", "pip", "install", "--python", venv_py, *src, *install_source(plan)),
        )
    )
    if not host_fits:
        plan.why.append(
            Why(
                "uv makes the environment with Python {} even when this machine's Python does not fit the row: it "
                "uses an installed Python {} or downloads a managed one (that download was not tested here: these "
                "machines cannot reach it).",
                (plan.python_version, plan.python_version),
                "note",
            )
        )
    uv_speed(plan)
    plan.why.append(Why("uv in a virtual environment keeps TensorFlow apart from the rest of your Python."))
