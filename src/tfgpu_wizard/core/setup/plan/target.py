"""The machine a plan is for: its shells, home folder, environment folder, Python and conda.

The host report (``HostReport``) may be of this machine or of another one (``plan --host FILE``); its paths
apply only to rows of its own OS (``host_runs``).
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path, PurePosixPath, PureWindowsPath

from packaging.requirements import InvalidRequirement, Requirement
from packaging.specifiers import SpecifierSet
from packaging.version import Version

from tfgpu_wizard.core.i18n import tr
from tfgpu_wizard.core.setup import shells
from tfgpu_wizard.core.setup.host_model import HostReport, PythonInfo
from tfgpu_wizard.core.setup.matrix import Row
from tfgpu_wizard.core.setup.plan.model import PlanError, Why, is_windows, join_path, shells_for
from tfgpu_wizard.core.setup.plan.script import Plan

CTX = "plan"  # translation context (tests/test_i18n_coverage.py reads it here)


def check_shell(platform: str, shell: str) -> None:
    if shell not in shells.SHELLS:
        raise PlanError(
            tr(CTX, "Unknown shell {!r}: choose one of {}.").format(shell, ", ".join(shells.SHELLS))
        )
    if shell in shells_for(platform):
        return
    if platform == "wsl2":
        raise PlanError(
            tr(
                CTX,
                "The WSL2 recipe runs inside WSL's Linux shell: choose bash or zsh and run the script in the "
                "Ubuntu (WSL) terminal. To set up WSL itself, run 'wsl --install' in a PowerShell started "
                "as administrator.",
            )
        )
    if platform == "windows":
        raise PlanError(
            tr(
                CTX,
                "On native Windows choose powershell or cmd. For bash, use the WSL2 rows (TensorFlow inside WSL2).",
            )
        )
    raise PlanError(
        tr(CTX, "cmd.exe exists only on Windows: choose bash, zsh or powershell for {}.").format(platform)
    )


def host_system(host: HostReport | None) -> str | None:
    return host.os.system if host is not None else None


def host_runs(host: HostReport | None, platform: str) -> bool:
    """The host report is of a machine that runs rows of ``platform`` (its paths and Python apply)."""
    system = host_system(host)
    return system is not None and (system == platform or (system == "wsl1" and platform == "linux"))


def host_python(host: HostReport | None) -> PythonInfo | None:
    """The interpreter the report examined for TensorFlow (the target one where the user chose one)."""
    if host is None:
        return None
    return host.target_python or host.python


def this_machine_matches(platform: str) -> bool:
    return (os.name == "nt") == is_windows(platform)


def is_this_machine(host: HostReport | None, platform: str) -> bool:
    """Whether the plan's commands run on the machine the wizard runs on now: a row for this OS, and no
    report, or a report of this machine (``doctor`` records the interpreter it runs in: ``sys.executable``).
    A report of another computer (``plan --host FILE``) names another interpreter."""
    if not this_machine_matches(platform):
        return False
    return host is None or host.python.executable == sys.executable


def installed_version(requirement: str, version: str, line: str) -> str:
    """The TensorFlow version a requirement installs: ``==2.14.1`` -> 2.14.1, ``==2.13.*`` -> 2.13.x."""
    m = re.search(r"==\s*([0-9][0-9A-Za-z.+*-]*)\s*$", requirement or "")
    if not m:
        # a range (tensorflow<2.11): pip picks the newest patch release of the line
        return f"{line}.x" if re.search(r"[<>~!]", requirement or "") and line else version
    pinned = m.group(1)
    return (pinned[:-2] + ".x") if pinned.endswith(".*") else pinned


def cpu_requirement(requirement: str) -> str:
    """The CPU-only form of a GPU requirement: no ``[and-cuda]`` extra, ``tensorflow`` for tensorflow-gpu."""
    try:
        req = Requirement(requirement)
    except InvalidRequirement:
        return requirement
    name = "tensorflow" if req.name == "tensorflow-gpu" else req.name
    return f"{name}{req.specifier}"


_WIN_HOME = re.compile(r"^([A-Za-z]:\\Users\\[^\\]+)(\\|$)", re.IGNORECASE)
_POSIX_HOME = re.compile(r"^(/home/[^/]+|/Users/[^/]+|/root)(/|$)")


def target_home(host: HostReport | None, platform: str) -> str | None:
    """The user's home folder on the *target* machine, read from paths in its report (None: not known).

    The Python, conda, virtualenv and TensorFlow paths of a report usually lie under the home folder
    (``C:\\Users\\Ana\\AppData\\...``, ``/home/mei/.venvs/...``, ``/Users/kim/miniforge3/...``). A report
    of another OS than the row's (a Windows host planned for WSL2) tells nothing about that home.
    """
    if host is None:
        return None
    same = {"windows": ("windows",), "wsl2": ("wsl2",), "linux": ("linux", "wsl1"), "macos": ("macos",)}
    if host.os.system not in same.get(platform, ()):
        return None
    paths = [py.executable for py in (host.target_python, host.python) if py is not None]
    if host.conda is not None:
        paths.append(host.conda.executable)
        paths += [e.path for e in host.conda.envs]
    paths += [host.env.get(k) or "" for k in ("VIRTUAL_ENV", "CONDA_PREFIX")]
    paths.append((host.tensorflow.location if host.tensorflow is not None else None) or "")
    pattern = _WIN_HOME if platform == "windows" else _POSIX_HOME
    for p in paths:
        m = pattern.match(str(p or ""))
        if m:
            return m.group(1)
    return None


def default_prefix_name(line: str, method: str, cpu: bool = False) -> str:
    """The folder name of a new environment: named by what it installs (no "-gpu" for a CPU install)."""
    if method == "docker":
        return "tf-workspace"
    return f"tf-{line}-cpu" if cpu else f"tf-{line}-gpu"


def default_prefix(host: HostReport | None, platform: str, line: str, method: str, *, cpu: bool = False,
                   home: str | None = None) -> str:
    """The default folder for the environment on the target machine.

    ``home`` (the home folder of the machine the plan is for, when the caller knows it: a live report of
    this machine) comes first; else the home read from the report; else, for a report that names no home,
    a folder next to where the commands are run (``./tf-2.21-gpu``; ``C:\\tf-2.10-gpu`` on Windows, as
    relative paths do not paste well into PowerShell's venv activation).
    """
    name = default_prefix_name(line, method, cpu)
    base = home or target_home(host, platform)
    if base is None and host is None and this_machine_matches(platform):
        base = str(Path.home())
    if base:
        return join_path(platform, base, name)
    if method == "docker":
        return ""  # no folder is mounted; the plan says how to add one
    return "C:\\" + name if is_windows(platform) else "./" + name


def resolve_prefix(prefix: str | os.PathLike[str] | None, platform: str, line: str, method: str,
                   host: HostReport | None = None, cpu: bool = False, home: str | None = None) -> str:
    if prefix is None or str(prefix) == "":
        return default_prefix(host, platform, line, method, cpu=cpu, home=home)
    text = os.fspath(prefix)
    if "\x00" in text or "\n" in text or "\r" in text:
        raise PlanError(tr(CTX, "The folder name holds a control character: {!r}").format(text))
    here = is_this_machine(host, platform)
    if text.startswith("~"):
        if not here:
            raise PlanError(tr(CTX, "Give the folder as a full path, not with ~: {}").format(text))
        text = os.path.expanduser(text)
    if is_windows(platform):
        p = PureWindowsPath(text)
        if not p.is_absolute():
            if here:
                return str(Path(text).resolve())
            raise PlanError(
                tr(CTX, "Give the folder as a full path (like C:\\Users\\you\\tf): {}").format(text)
            )
        return str(p)
    if text.startswith("./") and method != "docker":
        return text  # relative to where the pasted commands run (default_prefix's last resort)
    if not text.startswith("/"):
        if here:
            return str(Path(text).resolve())
        raise PlanError(tr(CTX, "Give the folder as a full path (like /home/you/tf): {}").format(text))
    return str(PurePosixPath(text))


def _py_minor(version: str | None) -> str | None:
    if not version:
        return None
    m = re.match(r"(\d+)\.(\d+)", version)
    return f"{m.group(1)}.{m.group(2)}" if m else None


def choose_python(row: Row, host: HostReport | None, requested: str | None) -> tuple[str, bool]:
    """(X.Y, host_python_fits) for the row's Python range: the host's if it fits, else the newest allowed."""
    spec = SpecifierSet(str(row.python))
    candidates = [f"3.{m}" for m in range(14, 4, -1)]
    py = host_python(host)
    host_minor = _py_minor(py.version if py is not None else None) if host_runs(host, row.platform) else None
    if requested:
        if Version(requested + ".0") not in spec and Version(requested) not in spec:
            raise PlanError(
                tr(CTX, "TensorFlow {} supports Python {}; {} is outside that range.").format(
                    row.version, str(spec), requested
                )
            )
        return requested, requested == host_minor
    if host_minor and Version(host_minor + ".0") in spec:
        return host_minor, True
    for c in candidates:
        if Version(c + ".0") in spec and c != "3.14":
            return c, False
    raise PlanError(tr(CTX, "No Python version fits {}.").format(str(spec)))


def base_python(plan: Plan, row: Row, host: HostReport | None, host_fits: bool) -> str:
    """The interpreter that makes the venv: the report's own when it fits the row, else ``pythonX.Y`` / ``py``."""
    py = host_python(host)
    if host_fits and py is not None and py.executable and host_runs(host, plan.platform):
        return str(py.executable)
    if host is not None and not host_runs(host, plan.platform):
        # a report of another system (a Windows report planned for WSL2): its Python says nothing of the target's
        minors = row.python_minors()
        where = "WSL2" if plan.platform == "wsl2" else plan.platform
        plan.why.append(
            Why(
                "The report does not show the Python inside {}: this plan uses Python {} (TensorFlow {} supports "
                "{}). Install it there first, or run tfgpu-wizard plan inside {} to use the Python it has.",
                (where, plan.python_version, plan.tensorflow,
                 f"{minors[0]}–{minors[-1]}" if minors else str(row.python), where),
                "warning",
            )
        )
    else:
        plan.why.append(
            Why(
                "Python {} is needed for this TensorFlow; install it first if you do not have it.",
                (plan.python_version,),
                "warning",
            )
        )
    return "py" if is_windows(plan.platform) else f"python{plan.python_version}"


def conda_exe(plan: Plan, host: HostReport | None) -> str:
    exe = host.conda.executable if host is not None and host.conda is not None else None
    return str(exe) if exe and host_runs(host, plan.platform) else "conda"
