"""Install plans: one matrix row + a host + a method + a shell -> the steps and files to install TensorFlow.

Public API (stable; ``commands/plan.py`` and the GUI's Setup page build on it)::

    from tfgpu_wizard.core.setup.plan import build_plan, write_plan, Plan, PlanError, METHODS, SHELLS_FOR, shells_for

    plan = build_plan(row, host, "pip", "bash", prefix="/home/ana/tf env")   # Plan, or PlanError
    plan.steps            # list[shells.Step]: argv or snippet, explanation, admin flag + reason, platforms
    plan.script()         # the install script text for plan.shell (install.sh / install.ps1 / install.cmd)
    plan.files()          # {relative name: PlanFileText(text, encoding, newline)} -- everything write_plan writes
    plan.env              # {NAME: EnvValue} set on activation (env file, conda activate.d)
    plan.requirements     # pinned pip requirement lines
    plan.env_python       # the Python of the new environment ("" for docker)
    plan.why              # list[Why]: what was chosen and why (Why.text() translates)
    plan.to_dict()        # JSON-able summary (``plan --json``)
    write_plan(plan, folder, force=False) -> list[Path]   # atomic; PlanExistsError if a file was edited

``row`` is a ``core.setup.matrix.Row`` (helper A) or the same row as a plain dict from matrix.json; ``host`` a
``HostReport`` or None (then nothing host-specific is assumed). Methods: ``pip`` (venv), ``conda``
(the era's recipe incl. activate.d/deactivate.d scripts), ``docker`` (tensorflow/tensorflow:X-gpu).
Every plan ends with ``tfgpu-wizard verify --python <env python>`` and the plain
``python -c "import tensorflow as tf; print(tf.config.list_physical_devices('GPU'))"``.

Shells per platform (``SHELLS_FOR``; ``shells_for(platform)`` -> tuple, the first is the default):
linux/macos rows -> bash, zsh, powershell (pwsh); wsl2 rows -> bash, zsh (the commands run inside WSL);
windows rows -> powershell, cmd. Anything else is a PlanError that says why.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import json
import os
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath, PureWindowsPath
from typing import Any

from tfgpu_wizard.core.i18n import N_, tr
from tfgpu_wizard.core.paths import cli_argv, matrix_path, resources_dir
from tfgpu_wizard.core.setup import shells
from tfgpu_wizard.core.setup.matrix import DataText
from tfgpu_wizard.core.setup.shells import EnvValue, PlanFile, Step, Var
from tfgpu_wizard.core.versions import release

_CTX = "plan"
METHODS = ("pip", "uv", "conda", "docker")
VERIFY_CODE = "import tensorflow as tf; print(tf.config.list_physical_devices('GPU'))"
VERIFY_CPU_CODE = "import tensorflow as tf; print(tf.__version__, tf.reduce_sum(tf.ones([2, 2])).numpy())"
_COPY_CODE = (
    "import os,shutil,sys; os.makedirs(sys.argv[2], exist_ok=True); shutil.copy(sys.argv[1], sys.argv[2])"
)
# The pasted form of a _COPY_CODE step: writes the file's lines (argv[2:]) to argv[1].
_WRITE_CODE = (
    "import os,sys; os.makedirs(os.path.dirname(sys.argv[1]), exist_ok=True); "
    "open(sys.argv[1], 'w', encoding='utf-8').write(chr(10).join(sys.argv[2:]) + chr(10))"
)
# NVIDIA's TensorFlow container (NGC) for GPUs that no official wheel has code for (Blackwell, CC >= 10).
# Users report it works on RTX 50xx (tensorflow#97387, #99592). 25.02 is NVIDIA's last TensorFlow container
# release as far as we know (the tag is not in the sourced facts): the plan says to check the catalogue.
NGC_IMAGE = "nvcr.io/nvidia/tensorflow:25.02-tf2-py3"


class PlanError(ValueError):
    """The plan cannot be made as asked; the message says why and what to choose instead."""


class PlanExistsError(PlanError):
    """write_plan would overwrite files the user has edited."""

    def __init__(self, message: str, paths: Sequence[Path]):
        super().__init__(message)
        self.paths = list(paths)


@dataclass(frozen=True)
class Why:
    """One reason or note, as English source text + format arguments (translated when shown)."""

    text_en: str
    args: tuple[str, ...] = ()
    kind: str = "why"  # "why" | "note" | "warning"

    def text(self) -> str:
        return tr(_CTX, self.text_en).format(*self.args)


@dataclass(frozen=True)
class PlanFileText:
    text: str
    encoding: str = "utf-8"
    newline: str = "\n"


@dataclass(frozen=True)
class LockedPackage:
    name: str
    version: str
    files: tuple[tuple[str, str], ...]  # (file name, sha256) of the files uv chose for the target


@dataclass(frozen=True)
class Lock:
    """The resolved set of one plan for its target, from the labelled recording of tools/check_plans.py."""

    status: str  # wheels | sdist | fails | unchecked
    reason: str
    python_platform: str  # uv's target, e.g. x86_64-manylinux_2_28
    python: str
    packages: tuple[LockedPackage, ...]
    sdist_only: tuple[str, ...]
    recorded_on: str
    resolver: str
    recording: str  # file name of the recording

    @property
    def installable(self) -> bool:
        return self.status in ("wheels", "sdist")

    @property
    def hashed(self) -> bool:
        return self.status == "wheels"

    def version_of(self, name: str) -> str | None:
        return next((p.version for p in self.packages if p.name == name), None)

    def to_dict(self) -> dict[str, Any]:
        return {
            "status": self.status,
            "reason": self.reason,
            "python_platform": self.python_platform,
            "python": self.python,
            "recorded_on": self.recorded_on,
            "recording": self.recording,
            "sdist_only": list(self.sdist_only),
            "packages": {p.name: p.version for p in self.packages},
        }


@dataclass
class Plan:
    tensorflow: str  # the exact version the plan installs ("2.15.1") or the requirement's version
    line: str  # "2.15"
    platform: str  # matrix platform of the row: linux | wsl2 | windows | macos
    method: str
    shell: str
    prefix: str  # env folder (pip/conda) or the user's folder mounted into the container (docker)
    python_version: str  # "3.11"; "" for docker
    env_python: str
    steps: list[Step] = field(default_factory=list)
    env: dict[str, EnvValue] = field(default_factory=dict)
    requirements: list[str] = field(default_factory=list)
    conda_channels: list[str] = field(default_factory=list)
    conda_packages: list[str] = field(default_factory=list)
    why: list[Why] = field(default_factory=list)
    usage: list[str] = field(default_factory=list)  # commands for afterwards, rendered for the shell
    extra_files: dict[str, PlanFileText] = field(default_factory=dict)  # activate.d scripts, helpers
    docker_image: str = ""
    cpu: bool = False  # a CPU-only install (no driver / no NVIDIA GPU on the target): no CUDA wheels
    lock: Lock | None = None  # the fully pinned set for the target (requirements.lock), from the recording
    index_url: str = ""  # --index-url carried into every pip/uv command
    offline: bool = False  # install from a wheelhouse downloaded on a connected machine
    cuda_runtime: str = ""  # CUDA X.Y of the runtime wheel the lock installs ("" when unknown / CPU)

    # -- rendering -------------------------------------------------------------------------------

    def title(self) -> str:
        if self.cpu:
            return tr(_CTX, "Install TensorFlow {} with {} ({}, CPU only)").format(
                self.tensorflow, self.method, self.platform
            )
        return tr(_CTX, "Install TensorFlow {} with {} ({})").format(
            self.tensorflow, self.method, self.platform
        )

    def paste_steps(self) -> list[Step]:
        """The steps as commands that work when pasted into a terminal, in any folder.

        The script (``script()``) reads the files written next to it (requirements.txt, the activate.d
        scripts, fix_nvidia_libs.py); pasted commands cannot, so here such an argument is replaced by
        the file's content: ``pip install -r requirements.txt`` by the requirement lines, a copied file by
        a ``python -c`` that writes its lines, a helper script by ``python -c <its code>``.
        """
        files = self.files() if any(isinstance(a, PlanFile) for st in self.steps for a in st.argv) else {}
        out: list[Step] = []
        for st in self.steps:
            if not any(isinstance(a, PlanFile) for a in st.argv):
                out.append(st)
                continue
            argv = list(st.argv)
            new: list[Any] = []
            i = 0
            while i < len(argv):
                a = argv[i]
                if a == "-r" and i + 1 < len(argv) and argv[i + 1] == PlanFile("requirements.txt"):
                    new += list(self.requirements)
                    st = dataclasses.replace(
                        st,
                        explain="Install {} with uv pip." if self.method == "uv" else "Install {} with the environment's pip.",
                        explain_args=(", ".join(self.requirements),),
                    )
                    i += 2
                    continue
                if a == "-r" and i + 1 < len(argv) and argv[i + 1] == PlanFile("requirements.lock"):
                    # a pasted command cannot carry hashes: the same pinned versions, without the check
                    new = [x for x in new if x != "--require-hashes"]
                    new += [f"{p.name}=={p.version}" for p in (self.lock.packages if self.lock else ())]
                    st = dataclasses.replace(
                        st,
                        explain="Install the {} locked packages (pasted, so without the hash check of the script).",
                        explain_args=(str(len(self.lock.packages) if self.lock else 0),),
                    )
                    i += 2
                    continue
                new.append(a)
                i += 1
            if len(new) == 5 and new[1] == "-c" and new[2] == _COPY_CODE and isinstance(new[3], PlanFile):
                ft = files[new[3].name]
                dest = _join(self, str(new[4]), PurePosixPath(new[3].name).name)
                new = [new[0], "-c", _WRITE_CODE, dest, *ft.text.rstrip("\n").split("\n")]
            elif len(new) == 2 and isinstance(new[1], PlanFile):
                new = [new[0], "-c", files[new[1].name].text]
            out.append(dataclasses.replace(st, argv=tuple(new)))
        return out

    def script(self) -> str:
        notes = [w.text() for w in self.why if w.kind == "warning"]
        return shells.render_script(self.steps, self.shell, title=self.title(), notes=notes)

    def env_file(self) -> str:
        fam = shells.family(self.shell)
        body: list[str] = []
        if self.method in ("pip", "uv"):
            if fam == "posix":
                body.append(". " + shells.quote(_join(self, self.prefix, "bin", "activate"), self.shell))
            elif fam == "powershell":
                scripts = "Scripts" if self.platform == "windows" else "bin"
                body.append(
                    ". " + shells.quote(_join(self, self.prefix, scripts, "Activate.ps1"), self.shell)
                )
            else:
                body.append(
                    "call " + shells.quote(_join(self, self.prefix, "Scripts", "activate.bat"), self.shell)
                )
        elif self.method == "conda":
            act = "conda activate " + shells.quote(self.prefix, self.shell)
            body.append(("call " if fam == "cmd" else "") + act)
        for name, value in self.env.items():
            if self.method == "conda":
                continue  # conda's activate.d script sets (and deactivate.d restores) them
            body += shells.set_env(name, value, self.shell)
        if self.method == "docker":
            body += shells._comment(
                tr(_CTX, "Docker plans need no environment: everything is inside the image."), self.shell
            )
        return shells.render_env_file(body, self.shell, title=self.title())

    def environment_yml(self) -> str:
        lines = [
            "# " + self.title(),
            "# " + tr(_CTX, "Create it with: conda env create -p <folder> -f environment.yml"),
            "channels:",
        ]
        for ch in self.conda_channels or ["conda-forge"]:
            lines.append(f"  - {ch}")
        lines.append("dependencies:")
        if self.python_version:
            lines.append(f"  - python={self.python_version}")
        for pkg in self.conda_packages:
            lines.append(f"  - {pkg}")
        lines.append("  - pip")
        if self.requirements:
            lines.append("  - pip:")
            for req in self.requirements:
                lines.append(f"    - {json.dumps(req, ensure_ascii=False)}")
        return "\n".join(lines) + "\n"

    def requirements_txt(self) -> str:
        head = "# " + self.title()
        return "\n".join([head, *self.requirements]) + "\n"

    def requirements_lock(self) -> str:
        """requirements.lock: every package of the resolved set, ``==`` pinned, with sha256 hashes (pip and
        ``uv pip install`` check them: ``--require-hashes``). Plans that need an sdist get no hashes: pip
        would also demand hashes for the sdist's build tools, which no lock can name."""
        lk = self.lock
        if lk is None:
            return ""
        head = [
            "# " + self.title(),
            "# "
            + tr(_CTX, "Resolved for {} with Python {} on {} ({}); re-run tools/check_plans.py to refresh.").format(
                lk.python_platform, lk.python, lk.recorded_on, lk.resolver
            ),
        ]
        if lk.status == "sdist":
            head.append("# " + tr(_CTX, "No hashes: {}").format(lk.reason))
        lines = list(head)
        for p in lk.packages:
            if lk.hashed:
                lines.append(f"{p.name}=={p.version} \\")
                for i, (_f, sha) in enumerate(p.files):
                    lines.append(f"    --hash=sha256:{sha}" + (" \\" if i + 1 < len(p.files) else ""))
            else:
                lines.append(f"{p.name}=={p.version}")
        return "\n".join(lines) + "\n"

    def readme(self) -> str:
        lines = [f"# {self.title()}", ""]
        lines.append(tr(_CTX, "## What was chosen and why"))
        lines.append("")
        for w in self.why:
            mark = {"warning": "**!** ", "note": ""}.get(w.kind, "")
            lines.append(f"- {mark}{w.text()}")
        lines += ["", tr(_CTX, "## How to run it"), ""]
        run = {
            "posix": f"{self.shell} {shells.script_name(self.shell)}",
            "powershell": f"powershell -ExecutionPolicy Bypass -File {shells.script_name(self.shell)}",
            "cmd": shells.script_name(self.shell),
        }[shells.family(self.shell)]
        lines.append(tr(_CTX, "Read the script first, then run it from this folder:"))
        lines += ["", "```", run, "```", ""]
        admin = [s for s in self.steps if s.admin]
        if admin:
            lines.append(tr(_CTX, "Steps that need administrator rights:"))
            lines += [f"- {s.text()} ({s.reason()})" for s in admin]
            lines.append("")
        lines.append(tr(_CTX, "## Steps"))
        lines.append("")
        for i, st in enumerate(self.steps, 1):
            cmd = st.command(self.shell)
            lines.append(f"{i}. {st.text()}" + (" " + tr(_CTX, "[administrator]") if st.admin else ""))
            if cmd:
                lines += ["", "   ```", *["   " + ln for ln in cmd.splitlines()], "   ```"]
        if self.usage:
            lines += ["", tr(_CTX, "## Afterwards"), "", "```", *self.usage, "```"]
        lines += [
            "",
            tr(_CTX, "Files: {}").format(", ".join(sorted(self._file_names()))),
            "",
        ]
        return "\n".join(lines)

    def _file_names(self) -> list[str]:
        names = [shells.script_name(self.shell), shells.env_file_name(self.shell), "requirements.txt"]
        if self.lock is not None:
            names.append("requirements.lock")
        if self.method == "conda":
            names.append("environment.yml")
        return names + list(self.extra_files)

    def files(self) -> dict[str, PlanFileText]:
        sh = self.shell
        enc, nl = shells.file_encoding(sh), shells.newline(sh)
        out = {
            shells.script_name(sh): PlanFileText(self.script(), enc, nl),
            shells.env_file_name(sh): PlanFileText(self.env_file(), enc, nl),
            "requirements.txt": PlanFileText(self.requirements_txt()),
        }
        if self.lock is not None:
            out["requirements.lock"] = PlanFileText(self.requirements_lock())
        if self.method == "conda":
            out["environment.yml"] = PlanFileText(self.environment_yml())
        out.update(self.extra_files)
        out["README.md"] = PlanFileText(self.readme())
        return out

    def to_dict(self) -> dict[str, Any]:
        return {
            "tensorflow": self.tensorflow,
            "line": self.line,
            "platform": self.platform,
            "method": self.method,
            "shell": self.shell,
            "prefix": self.prefix,
            "python_version": self.python_version,
            "env_python": self.env_python,
            "docker_image": self.docker_image,
            "requirements": list(self.requirements),
            "conda_channels": list(self.conda_channels),
            "conda_packages": list(self.conda_packages),
            "env": {k: _value_text(v) for k, v in self.env.items()},
            "why": [{"kind": w.kind, "text": w.text()} for w in self.why],
            "steps": [
                {
                    "explain": st.text(),
                    "argv": [a if isinstance(a, str) else {"plan_file": a.name} for a in st.argv] or None,
                    "command": st.command(self.shell),
                    "admin": st.admin,
                    "admin_reason": st.reason(),
                    "platforms": list(st.platforms),
                }
                for st in self.steps
            ],
            "usage": list(self.usage),
            "lock": self.lock.to_dict() if self.lock else None,
            "index_url": self.index_url or None,
            "offline": self.offline,
        }


def _value_text(value: EnvValue) -> str:
    out = []
    for p in value:
        if isinstance(p, Var):
            out.append(p.lead + "$" + p.name + p.trail if (p.lead or p.trail) else "$" + p.name)
        else:
            out.append(p)
    return "".join(out)


# ------------------------------------------------------------------------------- row access


def _get(obj: Any, name: str, default: Any = None) -> Any:
    if obj is None:
        return default
    if isinstance(obj, Mapping):
        return obj.get(name, default)
    return getattr(obj, name, default)


@functools.lru_cache(maxsize=4)
def _raw_matrix(path: str) -> dict[str, Any]:
    with open(path, encoding="utf-8") as fh:
        return json.load(fh)


def _as_plain(obj: Any) -> Any:
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return {f.name: _as_plain(getattr(obj, f.name)) for f in dataclasses.fields(obj)}
    if isinstance(obj, Mapping):
        return {k: _as_plain(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [_as_plain(v) for v in obj]
    return obj


def _recipe(row: Any, method: str) -> dict[str, Any] | None:
    """The row's recipe for ``method`` as a plain dict (from a Row object or matrix.json)."""
    methods = _get(row, "methods") or {}
    ref = methods.get(method) if isinstance(methods, Mapping) else None
    if ref is None:
        return None
    if isinstance(ref, str):
        raw = _raw_matrix(str(matrix_path()))
        recipe = dict(raw.get("recipes", {}).get(ref) or {})
        recipe.setdefault("id", ref)
        return recipe
    return _as_plain(ref)


def _fix(fix_id: str) -> dict[str, Any]:
    return dict(_raw_matrix(str(matrix_path())).get("fixes", {}).get(fix_id) or {})


def _defects(row: Any) -> list[dict[str, Any]]:
    """Defects that apply to this row's version and platform (from matrix.json's ``defects``)."""
    from packaging.specifiers import InvalidSpecifier, SpecifierSet
    from packaging.version import InvalidVersion, Version

    own = _get(row, "defects")
    if own:
        return [_as_plain(d) for d in own]
    try:
        version = Version(str(_get(row, "version")))
    except InvalidVersion:
        return []
    out = []
    for d in _raw_matrix(str(matrix_path())).get("defects", []):
        if _get(row, "platform") not in d.get("platforms", []):
            continue
        try:
            if version in SpecifierSet(d.get("tensorflow", "")):
                out.append(d)
        except InvalidSpecifier:
            continue
    return out


def _cc(text: str) -> tuple[int, ...]:
    return tuple(int(x) for x in re.findall(r"\d+", text)[:2])


def _defect_for_gpus(d: Mapping[str, Any], ccs: Sequence[str]) -> bool:
    """GPU-specific defects only concern a host with such a GPU."""
    lo, hi = d.get("gpu_cc_min"), d.get("gpu_cc_max")
    if not lo and not hi:
        return True
    return any((not lo or _cc(cc) >= _cc(lo)) and (not hi or _cc(cc) <= _cc(hi)) for cc in ccs)


def _fill(text: str, values: Mapping[str, str | None]) -> str | None:
    """Fill ``{placeholders}`` of a recipe; None when a needed value is None (the line is dropped)."""
    missing = False

    def repl(m: re.Match[str]) -> str:
        nonlocal missing
        key = m.group(1)
        if key.isupper():
            return "${" + key + "}"  # run-time environment variable, kept as a reference
        val = values.get(key)
        if val is None:
            missing = True
            return ""
        return str(val)

    out = re.sub(r"\{([A-Za-z_][A-Za-z0-9_]*)\}", repl, text)
    return None if missing else out


# --------------------------------------------------------------------------------- helpers


def _is_windows(platform: str) -> bool:
    return platform == "windows"


def _join(plan_or_platform: Plan | str, base: str, *parts: str) -> str:
    platform = plan_or_platform.platform if isinstance(plan_or_platform, Plan) else plan_or_platform
    cls = PureWindowsPath if _is_windows(platform) else PurePosixPath
    return str(cls(base, *parts))


# The shells a plan can be written for, per matrix row platform (first = the default one to show).
SHELLS_FOR: Mapping[str, tuple[str, ...]] = {
    "windows": ("powershell", "cmd"),
    "wsl2": ("bash", "zsh"),
    "linux": ("bash", "zsh", "powershell"),
    "macos": ("bash", "zsh", "powershell"),
}


def shells_for(platform: str) -> tuple[str, ...]:
    """The shells ``build_plan`` accepts for a row of ``platform`` (an unknown platform: the POSIX ones)."""
    return SHELLS_FOR.get(platform, SHELLS_FOR["linux"])


def _allowed_shells(platform: str) -> tuple[str, ...]:
    return shells_for(platform)


def _check_shell(platform: str, shell: str) -> None:
    if shell not in shells.SHELLS:
        raise PlanError(
            tr(_CTX, "Unknown shell {!r}: choose one of {}.").format(shell, ", ".join(shells.SHELLS))
        )
    allowed = _allowed_shells(platform)
    if shell in allowed:
        return
    if platform == "wsl2":
        raise PlanError(
            tr(
                _CTX,
                "The WSL2 recipe runs inside WSL's Linux shell: choose bash or zsh and run the script in the "
                "Ubuntu (WSL) terminal. To set up WSL itself, run 'wsl --install' in a PowerShell started "
                "as administrator.",
            )
        )
    if platform == "windows":
        raise PlanError(
            tr(
                _CTX,
                "On native Windows choose powershell or cmd. For bash, use the WSL2 rows (TensorFlow inside WSL2).",
            )
        )
    raise PlanError(
        tr(_CTX, "cmd.exe exists only on Windows: choose bash, zsh or powershell for {}.").format(platform)
    )


def _host_system(host: Any) -> str | None:
    return _get(_get(host, "os"), "system")


def _host_runs(host: Any, platform: str) -> bool:
    """The host report is of a machine that runs rows of ``platform`` (its paths and Python apply)."""
    system = _host_system(host)
    return system is not None and (system == platform or (system == "wsl1" and platform == "linux"))


def installed_version(requirement: str, version: str, line: str) -> str:
    """The TensorFlow version a requirement installs: ``==2.14.1`` -> 2.14.1, ``==2.13.*`` -> 2.13.x."""
    m = re.search(r"==\s*([0-9][0-9A-Za-z.+*-]*)\s*$", requirement or "")
    if not m:
        # a range (tensorflow<2.11): pip picks the newest patch release of the line
        return f"{line}.x" if re.search(r"[<>~!]", requirement or "") and line else version
    pinned = m.group(1)
    return (pinned[:-2] + ".x") if pinned.endswith(".*") else pinned


def _cpu_requirement(requirement: str) -> str:
    """The CPU-only form of a GPU requirement: no ``[and-cuda]`` extra, ``tensorflow`` for tensorflow-gpu."""
    from packaging.requirements import InvalidRequirement, Requirement

    try:
        req = Requirement(requirement)
    except InvalidRequirement:
        return requirement
    name = "tensorflow" if req.name == "tensorflow-gpu" else req.name
    return f"{name}{req.specifier}"


def _this_machine_matches(platform: str) -> bool:
    return (os.name == "nt") == _is_windows(platform)


_WIN_HOME = re.compile(r"^([A-Za-z]:\\Users\\[^\\]+)(\\|$)", re.IGNORECASE)
_POSIX_HOME = re.compile(r"^(/home/[^/]+|/Users/[^/]+|/root)(/|$)")


def target_home(host: Any, platform: str) -> str | None:
    """The user's home folder on the *target* machine, read from paths in its report (None: not known).

    The Python, conda, virtualenv and TensorFlow paths of a report usually lie under the home folder
    (``C:\\Users\\Ana\\AppData\\...``, ``/home/mei/.venvs/...``, ``/Users/kim/miniforge3/...``). A report
    of another OS than the row's (a Windows host planned for WSL2) tells nothing about that home.
    """
    if host is None:
        return None
    system = str(_get(_get(host, "os"), "system") or "")
    same = {"windows": ("windows",), "wsl2": ("wsl2",), "linux": ("linux", "wsl1"), "macos": ("macos",)}
    if system not in same.get(platform, ()):
        return None
    paths: list[str] = []
    for py in (_get(host, "target_python"), _get(host, "python")):
        paths.append(str(_get(py, "executable") or ""))
    conda = _get(host, "conda")
    paths.append(str(_get(conda, "executable") or ""))
    paths += [str(_get(e, "path") or "") for e in (_get(conda, "envs") or [])]
    env = _get(host, "env") or {}
    paths += [str(env.get(k) or "") for k in ("VIRTUAL_ENV", "CONDA_PREFIX")]
    paths.append(str(_get(_get(host, "tensorflow"), "location") or ""))
    pattern = _WIN_HOME if platform == "windows" else _POSIX_HOME
    for p in paths:
        m = pattern.match(p)
        if m:
            return m.group(1)
    return None


def default_prefix_name(line: str, method: str, cpu: bool = False) -> str:
    """The folder name of a new environment: named by what it installs (no "-gpu" for a CPU install)."""
    if method == "docker":
        return "tf-workspace"
    return f"tf-{line}-cpu" if cpu else f"tf-{line}-gpu"


def default_prefix(host: Any, platform: str, line: str, method: str, *, cpu: bool = False,
                   home: str | None = None) -> str:
    """The default folder for the environment on the target machine.

    ``home`` (the home folder of the machine the plan is for, when the caller knows it: a live report of
    this machine) comes first; else the home read from the report; else, for a report that names no home,
    a folder next to where the commands are run (``./tf-2.21-gpu``; ``C:\\tf-2.10-gpu`` on Windows, as
    relative paths do not paste well into PowerShell's venv activation).
    """
    name = default_prefix_name(line, method, cpu)
    base = home or target_home(host, platform)
    if base is None and host is None and _this_machine_matches(platform):
        base = str(Path.home())
    if base:
        return _join(platform, base, name)
    if method == "docker":
        return ""  # no folder is mounted; the plan says how to add one
    return "C:\\" + name if _is_windows(platform) else "./" + name


def _resolve_prefix(prefix: str | os.PathLike[str] | None, platform: str, line: str, method: str,
                    host: Any = None, cpu: bool = False, home: str | None = None) -> str:
    if prefix is None or str(prefix) == "":
        return default_prefix(host, platform, line, method, cpu=cpu, home=home)
    text = os.fspath(prefix)
    if "\x00" in text or "\n" in text or "\r" in text:
        raise PlanError(tr(_CTX, "The folder name holds a control character: {!r}").format(text))
    if text.startswith("~"):
        if not _this_machine_matches(platform):
            raise PlanError(tr(_CTX, "Give the folder as a full path, not with ~: {}").format(text))
        text = os.path.expanduser(text)
    if _is_windows(platform):
        p = PureWindowsPath(text)
        if not p.is_absolute():
            if _this_machine_matches(platform):
                return str(Path(text).resolve())
            raise PlanError(
                tr(_CTX, "Give the folder as a full path (like C:\\Users\\you\\tf): {}").format(text)
            )
        return str(p)
    if text.startswith("./") and method != "docker":
        return text  # relative to where the pasted commands run (default_prefix's last resort)
    if not text.startswith("/"):
        if _this_machine_matches(platform):
            return str(Path(text).resolve())
        raise PlanError(tr(_CTX, "Give the folder as a full path (like /home/you/tf): {}").format(text))
    return str(PurePosixPath(text))


def _py_minor(version: str | None) -> str | None:
    if not version:
        return None
    m = re.match(r"(\d+)\.(\d+)", version)
    return f"{m.group(1)}.{m.group(2)}" if m else None


def _choose_python(row: Any, host: Any, requested: str | None) -> tuple[str, bool]:
    """(X.Y, host_python_fits) for the row's Python range: the host's if it fits, else the newest allowed."""
    from packaging.specifiers import SpecifierSet
    from packaging.version import Version

    spec = SpecifierSet(str(_get(row, "python") or ""))
    candidates = [f"3.{m}" for m in range(14, 4, -1)]
    host_minor = (
        _py_minor(_get(_get(host, "target_python") or _get(host, "python"), "version"))
        if _host_runs(host, str(_get(row, "platform") or ""))
        else None
    )
    if requested:
        if Version(requested + ".0") not in spec and Version(requested) not in spec:
            raise PlanError(
                tr(_CTX, "TensorFlow {} supports Python {}; {} is outside that range.").format(
                    _get(row, "version"), str(spec), requested
                )
            )
        return requested, requested == host_minor
    if host_minor and Version(host_minor + ".0") in spec:
        return host_minor, True
    for c in candidates:
        if Version(c + ".0") in spec and c != "3.14":
            return c, False
    raise PlanError(tr(_CTX, "No Python version fits {}.").format(str(spec)))


# --------------------------------------------------------------------------------- locks


def resolution_recording() -> Path | None:
    """The newest labelled recording written by tools/check_plans.py (``TFGPU_WIZARD_RESOLUTION`` overrides)."""
    override = os.environ.get("TFGPU_WIZARD_RESOLUTION")
    if override:
        return Path(override)
    found = sorted((resources_dir() / "recordings").glob("plan-resolution-*.json"))
    return found[-1] if found else None


@functools.lru_cache(maxsize=2)
def _load_resolution(path: str) -> dict[str, Any]:
    try:
        with open(path, encoding="utf-8") as fh:
            data = json.load(fh)
    except (OSError, ValueError):
        return {}
    index: dict[tuple[str, str, str, str, bool], dict[str, Any]] = {}
    for case in data.get("cases", []):
        key = (case["tf"], case["platform"], case["machine"], case["python"], bool(case.get("cpu")))
        index[key] = case
    return {"data": data, "index": index}


def _machine_for(row: Any, host: Any) -> str:
    machines = [str(m) for m in (_get(row, "machines") or ["x86_64"])]
    if _get(row, "platform") != "macos":
        return "x86_64"
    mach = str(_get(_get(host, "os"), "machine") or "").lower()
    mach = {"aarch64": "arm64", "amd64": "x86_64"}.get(mach, mach)
    return mach if mach in machines else machines[0]


def find_lock(row: Any, host: Any, python: str, requirements: Sequence[str], cpu: bool = False) -> Lock | None:
    """The recorded resolution of exactly these requirements for the row's target, or None.

    None when no recording exists, the case was not recorded, or the recorded requirements differ
    (the matrix changed after the recording: tests/test_plan_lock.py fails until it is re-run).
    """
    rec = resolution_recording()
    if rec is None:
        return None
    loaded = _load_resolution(str(rec))
    if not loaded:
        return None
    key = (str(_get(row, "tensorflow")), str(_get(row, "platform")), _machine_for(row, host), python, cpu)
    case = loaded["index"].get(key)
    if case is None or case.get("requirements") != list(requirements):
        return None
    data = loaded["data"]
    res = data.get("resolutions", {}).get(case.get("resolution") or "")
    if res is None:
        return None
    return Lock(
        status=str(res["status"]),
        reason=str(res.get("reason", "")),
        python_platform=str(res["python_platform"]),
        python=str(res["python"]),
        packages=tuple(
            LockedPackage(name, version, tuple((f, h) for f, h in files)) for name, version, files in res["packages"]
        ),
        sdist_only=tuple(res.get("sdist_only", [])),
        recorded_on=str(data.get("recorded_on", "")),
        resolver=str(data.get("resolver", "")).split(" pip compile")[0],
        recording=rec.name,
    )


def _not_offered(lock: Lock | None) -> bool:
    return lock is not None and not lock.installable


def _lock_for_plan(
    plan: Plan, row: Any, host: Any, requested: str | None, host_fits: bool, cpu: bool
) -> tuple[Lock | None, bool]:
    """The lock for the plan's Python; if the recording says that Python cannot install the plan, the
    newest Python of the row that can (unless the user asked for that Python: then a PlanError)."""
    lock = find_lock(row, host, plan.python_version, plan.requirements, cpu)
    if not _not_offered(lock):
        return lock, host_fits
    assert lock is not None
    if requested:
        raise PlanError(
            tr(_CTX, "TensorFlow {} with Python {} is not offered: {}").format(
                plan.tensorflow, plan.python_version, lock.reason
            )
        )
    minors = list(_get(row, "python_minors")() if callable(_get(row, "python_minors")) else [])
    if not minors:
        from packaging.specifiers import SpecifierSet
        from packaging.version import Version

        spec = SpecifierSet(str(_get(row, "python") or ""))
        minors = [f"3.{m}" for m in range(5, 15) if Version(f"3.{m}.0") in spec]
    for py in reversed(minors):
        other = find_lock(row, host, py, plan.requirements, cpu)
        if other is not None and other.installable:
            plan.why.append(
                Why(
                    "Python {} is not offered for TensorFlow {}: {}. The environment gets Python {} instead.",
                    (plan.python_version, plan.tensorflow, lock.reason, py),
                    "warning",
                )
            )
            plan.python_version = py
            return other, False
    raise PlanError(
        tr(_CTX, "TensorFlow {} is not offered on {}: {}").format(
            plan.tensorflow, plan.platform, lock.reason
        )
    )


def _toolkit_driver(cuda_xy: str, os_key: str) -> str | None:
    for tk in _raw_matrix(str(matrix_path())).get("drivers", {}).get("toolkits", []):
        if tk.get("cuda") == cuda_xy:
            return tk.get(os_key)
    return None


def _minor_floor(major: int, os_key: str) -> str | None:
    for mc in _raw_matrix(str(matrix_path())).get("drivers", {}).get("minor_compat", []):
        if mc.get("cuda_major") == major:
            return mc.get(os_key)
    return None


def lock_cuda(lock: Lock | None) -> str | None:
    """The CUDA X.Y the lock really installs (from nvidia-cuda-runtime-cuNN), or None."""
    if lock is None:
        return None
    for p in lock.packages:
        if re.fullmatch(r"nvidia-cuda-runtime-cu1[0-9]", p.name):
            m = re.match(r"(\d+)\.(\d+)", p.version)
            if m:
                return f"{m.group(1)}.{m.group(2)}"
    return None


def _lock_driver_check(plan: Plan, row: Any, host: Any) -> None:
    """The driver check against the CUDA the lock installs (not the row's build CUDA).

    NVIDIA's CUDA Compatibility guide: a CUDA 12.x runtime runs on any driver >= 525 (minor-version
    compatibility, "with limited feature-set"); PTX made by a newer toolkit than the driver cannot be
    JIT-compiled by that driver (cudaErrorUnsupportedPtxVersion). The pip ptxas/nvJitLink of the lock
    compile XLA's kernels to SASS themselves, which minor-version compatibility covers; what still goes
    through the driver's JIT is PTX-only code (TF 2.21 ships compute_90 PTX for Hopper). So: the floor is
    the minor-version floor; the toolkit's own driver is what makes every PTX path work.
    """
    cuda = lock_cuda(plan.lock)
    if cuda is None or plan.cpu:
        return
    os_key = "windows" if plan.platform in ("windows", "wsl2") else "linux"
    floor = _minor_floor(int(cuda.split(".")[0]), os_key)
    own = _toolkit_driver(cuda, os_key)
    runtime = plan.lock.version_of(f"nvidia-cuda-runtime-cu{cuda.split('.')[0]}") if plan.lock else None
    plan.cuda_runtime = cuda
    if cuda != str(_get(row, "cuda") or ""):
        plan.why.append(
            Why(
                "The lock installs the CUDA {} runtime (nvidia-cuda-runtime {}), not the CUDA {} TensorFlow was "
                "built with: pip resolves the and-cuda ranges to the newest 12.x wheels.",
                (cuda, runtime or "?", str(_get(row, "cuda") or "?")),
                "note",
            )
        )
    plan.why.append(
        Why(
            "Driver for CUDA {}: at least {} runs it (CUDA minor-version compatibility); {} or newer (CUDA {}'s "
            "own driver) is needed for PTX the driver must JIT-compile itself, e.g. TensorFlow's compute_90 PTX on "
            "H100/H200 or PTX newer than the driver. Measured on an H200 with driver 580.159; older drivers were "
            "not measured.",
            (cuda, floor or "?", own or "?", cuda),
        )
    )
    driver = _get(host, "driver")
    version = str(_get(driver, "version") or "") if _get(driver, "present") else ""
    if version and own and release(version) < release(own):
        kind = "warning" if floor and release(version) < release(floor) else "note"
        plan.why.append(
            Why(
                "This machine's driver {} is older than {} (CUDA {}): XLA warns that the driver is older than "
                "ptxas and compiles less in parallel, and PTX-only kernels may fail to load. Update the driver "
                "if you can.",
                (version, own, cuda),
                kind,
            )
        )


def _index_args(plan: Plan) -> tuple[str, ...]:
    return ("--index-url", plan.index_url) if plan.index_url else ()


def _install_source(plan: Plan) -> tuple[Any, ...]:
    """``-r requirements.lock`` (hash-checked where the lock has hashes) or ``-r requirements.txt``."""
    if plan.lock is not None:
        return (("--require-hashes",) if plan.lock.hashed else ()) + ("-r", PlanFile("requirements.lock"))
    return ("-r", PlanFile("requirements.txt"))


def _pip_platform_args(lock: Lock) -> list[str]:
    """pip download's target options for the lock's platform (pip does not expand manylinux tags)."""
    tgt = lock.python_platform
    if "manylinux" in tgt:
        top = int(tgt.rsplit("_", 1)[-1])
        tags = [f"manylinux_2_{m}_x86_64" for m in range(top, 16, -1)]
        tags += ["manylinux2014_x86_64", "manylinux2010_x86_64", "manylinux1_x86_64"]
    elif "windows" in tgt:
        tags = ["win_amd64"]
    elif tgt.startswith("aarch64-apple"):
        tags = ["macosx_14_0_arm64"]
    else:
        tags = ["macosx_14_0_x86_64"]
    out: list[str] = []
    for t in tags:
        out += ["--platform", t]
    return out + ["--python-version", lock.python, "--implementation", "cp", "--only-binary=:all:"]


def _wheelhouse(plan: Plan) -> str:
    return _join(plan, str(PurePosixPath(plan.prefix).parent) if not _is_windows(plan.platform)
                 else str(PureWindowsPath(plan.prefix).parent), PurePosixPath(plan.prefix).name + "-wheels")


def _offline_steps(plan: Plan) -> None:
    lock = plan.lock
    if lock is None:
        raise PlanError(
            tr(_CTX, "An offline plan needs the lock of TensorFlow {} with Python {}, and none is recorded.").format(
                plan.tensorflow, plan.python_version
            )
        )
    if not lock.hashed:
        raise PlanError(
            tr(_CTX, "TensorFlow {} with Python {} cannot be installed offline: {}").format(
                plan.tensorflow, plan.python_version, lock.reason
            )
        )
    house = _wheelhouse(plan)
    plan.steps.append(
        Step(
            "On a computer with internet access (any OS, with pip): download every file of requirements.lock "
            "for the target into {}, then copy that folder and this plan to the target.",
            argv=(
                "python3" if not _is_windows(plan.platform) else "py",
                "-m", "pip", "download", "--no-deps", "--require-hashes", *_pip_platform_args(lock),
                *_index_args(plan), "-d", house, "-r", PlanFile("requirements.lock"),
            ),
            explain_args=(house,),
        )
    )
    plan.why.append(
        Why(
            "Offline: the files are downloaded on a connected computer and installed here with --no-index "
            "--find-links {}; nothing is fetched from the internet on this machine.",
            (house,),
        )
    )


_NVIDIA_LIB_PATH_HOOK = r'''"""Add every site-packages/nvidia/*/lib to LD_LIBRARY_PATH in the venv's bin/activate (and take it out again on
deactivate). Written by tfgpu-wizard. Run it with the environment's Python; running it again replaces the block.

TensorFlow 2.21 with the pip CUDA wheels does not find libcusolver.so.11 unless LD_LIBRARY_PATH names those
folders (measured on an H200). Works for venvs made by python -m venv and by uv venv (bash and zsh).
"""
import glob
import os
import shlex
import sys
import sysconfig

BEGIN = "# >>> tfgpu-wizard nvidia lib path >>>"
END = "# <<< tfgpu-wizard nvidia lib path <<<"
site = sysconfig.get_paths()["purelib"]
dirs = sorted(d for d in glob.glob(os.path.join(site, "nvidia", "*", "lib")) if os.path.isdir(d))
if not dirs:
    sys.exit("no nvidia/*/lib folders in " + site)
activate = os.path.join(os.path.dirname(sys.executable), "activate")
with open(activate, encoding="utf-8") as fh:
    text = fh.read()
if BEGIN in text:
    text = text[: text.index(BEGIN)].rstrip("\n") + "\n" + text[text.index(END) + len(END):].lstrip("\n")
value = shlex.quote(":".join(dirs))
block = """{begin}
if [ -z "${{TFGPU_WIZARD_OLD_LD_LIBRARY_PATH+x}}" ]; then
  if [ -n "${{LD_LIBRARY_PATH+x}}" ]; then export TFGPU_WIZARD_OLD_LD_LIBRARY_PATH="=${{LD_LIBRARY_PATH}}"; else export TFGPU_WIZARD_OLD_LD_LIBRARY_PATH=""; fi
fi
export LD_LIBRARY_PATH={value}"${{TFGPU_WIZARD_OLD_LD_LIBRARY_PATH:+:${{TFGPU_WIZARD_OLD_LD_LIBRARY_PATH#=}}}}"
eval "$(typeset -f deactivate | sed '1s/^deactivate/_tfgpu_wizard_deactivate/')"
deactivate () {{
  if [ -n "${{TFGPU_WIZARD_OLD_LD_LIBRARY_PATH+x}}" ]; then
    if [ -n "${{TFGPU_WIZARD_OLD_LD_LIBRARY_PATH}}" ]; then export LD_LIBRARY_PATH="${{TFGPU_WIZARD_OLD_LD_LIBRARY_PATH#=}}"; else unset LD_LIBRARY_PATH; fi
    unset TFGPU_WIZARD_OLD_LD_LIBRARY_PATH
  fi
  _tfgpu_wizard_deactivate "$@"
  if [ "${{1:-}}" != nondestructive ]; then unset -f _tfgpu_wizard_deactivate; fi
}}
{end}
""".format(begin=BEGIN, end=END, value=value)
with open(activate, "w", encoding="utf-8") as fh:
    fh.write(text.rstrip("\n") + "\n" + block)
print("bin/activate now puts %d nvidia/*/lib folders on LD_LIBRARY_PATH" % len(dirs))
'''


def _nvidia_lib_path_steps(plan: Plan, row: Any) -> None:
    if not _get(row, "needs_nvidia_lib_path") or plan.cpu or plan.method not in ("pip", "uv"):
        return
    plan.extra_files["nvidia_lib_path.py"] = PlanFileText(_NVIDIA_LIB_PATH_HOOK)
    plan.steps.append(
        Step(
            "Make activating the environment put the pip NVIDIA libraries on LD_LIBRARY_PATH (deactivate "
            "restores it); TensorFlow {} does not find libcusolver without it.",
            argv=(plan.env_python, PlanFile("nvidia_lib_path.py")),
            explain_args=(plan.tensorflow,),
            platforms=("linux",),
        )
    )
    plan.why.append(
        Why(
            "TensorFlow {} finds the pip CUDA libraries only when LD_LIBRARY_PATH names every nvidia/*/lib "
            "folder: the venv's activate script sets it, so activate the environment before you run TensorFlow "
            "(the checks below do).",
            (plan.tensorflow,),
            "warning",
        )
    )


# Runs argv[1:] with LD_LIBRARY_PATH = every nvidia/*/lib of this Python's site-packages, in front of the old
# value: the same value the activate hook sets. No double quotes, so it passes through every shell's quoting
# (Windows PowerShell 5.1 rejects them; pwsh runs Linux plans too).
_WITH_NVIDIA_LIBS = (
    "import glob,os,sys,sysconfig; p=sysconfig.get_paths()['purelib']; "
    "d=':'.join(sorted(glob.glob(os.path.join(p,'nvidia','*','lib')))); e=dict(os.environ); "
    "o=e.get('LD_LIBRARY_PATH'); e['LD_LIBRARY_PATH']=d+(':'+o if o else ''); "
    "os.execvpe(sys.argv[1],sys.argv[1:],e)"
)


def _activated(plan: Plan) -> tuple[str, ...]:
    """A prefix that runs a command with the LD_LIBRARY_PATH the venv's activate hook sets."""
    return (plan.env_python, "-c", _WITH_NVIDIA_LIBS)


# --------------------------------------------------------------------------------- build


def build_plan(
    row: Any,
    host: Any,
    method: str,
    shell: str,
    prefix: str | os.PathLike[str] | None = None,
    *,
    keras2: bool = False,
    python: str | None = None,
    xla_fix: bool | None = None,
    cpu: bool = False,
    home: str | None = None,
    lock: bool = True,
    index_url: str | None = None,
    offline: bool = False,
) -> Plan:
    """Make the plan for one matrix row. Raises PlanError with a clear message for impossible choices.

    ``keras2``: add tf-keras and TF_USE_LEGACY_KERAS=1 (TF >= 2.16). ``python``: force a Python X.Y.
    ``xla_fix``: for the conda recipes that list the XLA libdevice fix (None: where it applies, i.e. the
    host is Ubuntu 22.04, or no host is given). ``cpu``: a CPU-only install (plain ``tensorflow``, no
    CUDA wheels, no driver step; pip only), for a target without a usable NVIDIA driver.
    ``home``: the target's home folder for the default ``prefix`` (else read from the host report).
    """
    if method not in METHODS:
        raise PlanError(tr(_CTX, "Unknown method {!r}: choose pip, uv, conda or docker.").format(method))
    platform = str(_get(row, "platform") or "")
    line = str(_get(row, "tensorflow") or "")
    version = str(_get(row, "version") or line)
    _check_shell(platform, shell)
    recipe = _recipe(row, "pip" if method == "uv" else method)  # uv installs the row's pip recipe
    if cpu:
        if method == "docker":
            raise PlanError(tr(_CTX, "A CPU-only install uses pip or conda; docker is for the GPU build."))
        if method == "conda":  # a conda env for the Python only, plain TensorFlow from pip (no CUDA libraries)
            recipe = {
                "id": "conda-python-pip-cpu", "method": "conda", "python_from": "conda",
                "title": "conda environment for the Python version only; TensorFlow (CPU) from pip inside it",
                "conda_channels": ["conda-forge"], "conda": [], "pip": ["{pip_requirement}", "{numpy_pin}"],
                "needs": ["conda"], "derived": True,
            }
        else:
            recipe = dict(_raw_matrix(str(matrix_path())).get("recipes", {}).get("pip-cpu") or {}) or None
    if recipe is None:
        methods = sorted((_get(row, "methods") or {}).keys())
        raise PlanError(
            tr(_CTX, "TensorFlow {} on {} cannot be installed with {}; possible methods: {}.").format(
                version, platform, method, ", ".join(methods) or "-"
            )
        )
    prefix_s = _resolve_prefix(prefix, platform, line, method, host, cpu, home)
    if _get(row, "prerelease"):
        why_pre = [
            Why(
                "TensorFlow {} is a pre-release: expect bugs, and pin it only on purpose.",
                (version,),
                "warning",
            )
        ]
    else:
        why_pre = []

    numpy = _get(row, "numpy") or {}
    keras = _get(row, "keras") or {}
    requirement = str(_get(row, "pip_requirement") or "")
    if cpu:
        requirement = _cpu_requirement(requirement)
    values: dict[str, str | None] = {
        "pip_requirement": requirement or None,
        "numpy_pin": _get(numpy, "pin"),
        "docker_tag": _get(row, "docker_tag"),
        "cuda": _get(row, "cuda"),
        "cudnn": _get(row, "cudnn"),
        "version": version,
    }
    plan = Plan(
        tensorflow=installed_version(requirement, version, line) if method != "docker" else version,
        line=line,
        platform=platform,
        method=method,
        shell=shell,
        prefix=prefix_s,
        python_version="",
        env_python="",
        cpu=cpu,
    )
    plan.why += why_pre
    if cpu and platform == "macos":
        plan.why.append(Why("macOS has no CUDA: this installs plain {}, which runs on the CPU.", (requirement,)))
    elif cpu:
        plan.why.append(
            Why(
                "CPU only: the target has no usable NVIDIA driver, so this installs plain {} without the CUDA "
                "libraries. Install the NVIDIA driver first and plan again for the GPU build.",
                (requirement,),
                "warning",
            )
        )
    plan.why.append(Why("Recipe: {}.", (DataText(_fill(str(recipe.get("title", "")), values) or ""),)))
    if recipe.get("derived"):
        plan.why.append(
            Why("This recipe is derived from the sources, not published as-is by TensorFlow.", (), "note")
        )

    if platform == "wsl2" and _host_system(host) != "wsl2":
        plan.steps.append(
            Step(
                "Enable WSL 2 on Windows (once): in PowerShell started as administrator run 'wsl --install', then restart.",
                admin=True,
                admin_reason="enabling a Windows feature needs an administrator PowerShell on Windows",
                platforms=("windows",),
            )
        )
        plan.why.append(
            Why(
                "WSL2: install the NVIDIA driver on Windows only. Never install a Linux NVIDIA driver inside WSL; "
                "it breaks the GPU passthrough (/usr/lib/wsl/lib).",
                (),
                "warning",
            )
        )

    if not cpu:
        _driver_steps(plan, row, host, recipe)

    if method == "docker":
        _docker(plan, row, host, recipe, values)
    else:
        py, host_fits = _choose_python(row, host, python)
        plan.python_version = py
        reqs = [r for r in (_fill(x, values) for x in recipe.get("pip", [])) if r]
        # companion pins of the row (protobuf<3.20 for 2.0-2.5; the CUDA wheels of 2.14, not for a CPU install)
        reqs += [
            str(c)
            for c in (_get(row, "companions") or ())
            if str(c) not in reqs and not (cpu and str(c).startswith("nvidia-"))
        ]
        if keras2:
            legacy = _get(keras, "legacy")  # matrix.json shape; the Row dataclass has legacy_package/_env
            if not legacy and _get(keras, "legacy_package"):
                legacy = {"package": _get(keras, "legacy_package"), "env": _get(keras, "legacy_env") or {}}
            if not legacy:
                raise PlanError(
                    tr(
                        _CTX,
                        "TensorFlow {} already uses Keras 2; the Keras 2 option is for TF 2.16 and newer.",
                    ).format(version)
                )
            reqs.append(str(_get(legacy, "package")))
            for k, v in (_get(legacy, "env") or {}).items():
                plan.env[k] = (str(v),)
            plan.why.append(
                Why(
                    "Keras 2 kept: tf-keras is installed and TF_USE_LEGACY_KERAS=1 is set in the environment file."
                )
            )
        if _get(numpy, "pin"):
            plan.why.append(
                Why("{} is pinned: NumPy 2 breaks TensorFlow before 2.18.", (str(_get(numpy, "pin")),))
            )
        plan.requirements = reqs
        plan.index_url = index_url or ""
        plan.offline = offline
        if method in ("pip", "uv") and lock:
            plan.lock, host_fits = _lock_for_plan(plan, row, host, python, host_fits, cpu)
            if plan.lock is None:
                plan.why.append(
                    Why(
                        "No recorded resolution matches this plan, so it installs from the loose requirements.txt "
                        "(versions are chosen at install time).",
                        (),
                        "note",
                    )
                )
            elif not plan.lock.hashed:
                plan.why.append(
                    Why(
                        "The lock has no hashes: {} have no wheel and are built from source during install, so "
                        "this plan cannot be installed offline or with --only-binary.",
                        (", ".join(plan.lock.sdist_only),),
                        "note",
                    )
                )
            _lock_driver_check(plan, row, host)
        if offline and method not in ("pip", "uv"):
            raise PlanError(tr(_CTX, "The offline variant is for pip and uv plans."))
        if method == "pip":
            _pip(plan, row, host, recipe, host_fits)
        elif method == "uv":
            _uv(plan, row, host, recipe, host_fits)
        else:
            _conda(plan, row, host, recipe, values, xla_fix)
        if not cpu:
            _defect_steps(plan, row)
        _nvidia_lib_path_steps(plan, row)
        _verify(plan, host)
    ccs = [
        str(_get(g, "compute_capability"))
        for g in (_get(host, "gpus") or [])
        if _get(g, "compute_capability")
    ]
    for d in _defects(row):
        if not _defect_for_gpus(d, ccs):
            continue
        if cpu and "numpy" not in str(d.get("id", "")):
            continue  # GPU library problems do not concern a CPU-only install
        if d.get("effect") in ("caveat", "info") and d.get("title"):
            plan.why.append(
                Why("Known issue: {} - {}", (DataText(d["title"]), DataText(d.get("workaround", ""))), "note")
            )
    for n in _get(row, "notes") or []:
        plan.why.append(Why("{}", (DataText(str(n)),), "note"))  # matrix.json text, shown translated
    # Quote every step now, so an unrepresentable path fails here with a clear message, not later.
    for st in plan.steps:
        try:
            st.command(shell)
        except shells.ShellError as exc:
            raise PlanError(str(exc)) from None
    return plan


def _driver_steps(plan: Plan, row: Any, host: Any, recipe: Mapping[str, Any]) -> None:
    needs = recipe.get("needs", [])
    driver = _get(host, "driver")
    if "nvidia-driver" in needs:
        if host is None or driver is None:
            plan.why.append(
                Why(
                    "Needs the NVIDIA driver {} or newer (CUDA {}); it was not checked on this machine.",
                    (str(_get(_get(row, "driver"), "minor_compat") or "?"), str(_get(row, "cuda") or "?")),
                    "note",
                )
            )
        elif _get(driver, "present"):
            plan.why.append(
                Why(
                    "NVIDIA driver {} found; this TensorFlow needs at least {} (CUDA {}).",
                    (
                        str(_get(driver, "version")),
                        str(_get(_get(row, "driver"), "minor_compat") or "?"),
                        str(_get(row, "cuda") or "?"),
                    ),
                )
            )
        elif _get(driver, "nvidia_pci_gpus") == 0:
            # No NVIDIA GPU on this machine at all: a driver step would be wrong advice.
            plan.why.append(
                Why(
                    "No NVIDIA GPU was found on this machine, so TensorFlow will run on the CPU here. "
                    "These commands install the GPU build; run the wizard on the computer with the NVIDIA card "
                    "to check its driver ({} or newer for CUDA {}).",
                    (str(_get(_get(row, "driver"), "minor_compat") or "?"), str(_get(row, "cuda") or "?")),
                    "warning",
                )
            )
        else:
            # an argument of the step text: translated now, as the template is when shown
            where = "Windows" if plan.platform in ("wsl2", "windows") else tr(_CTX, "this machine")
            plan.steps.append(
                Step(
                    "Install the NVIDIA driver (at least {}) on {} from nvidia.com or your distribution, then reboot.",
                    explain_args=(str(_get(_get(row, "driver"), "minor_compat") or "?"), where),
                    admin=True,
                    admin_reason="installing a driver changes the system",
                )
            )
    if "system-cuda-toolkit" in needs or "system-cudnn" in needs:
        plan.steps.append(
            Step(
                "Install CUDA {} and cuDNN {} system-wide from developer.nvidia.com (this TensorFlow does not bring them).",
                explain_args=(str(_get(row, "cuda")), str(_get(row, "cudnn"))),
                admin=True,
                admin_reason="the CUDA toolkit installs into system folders",
            )
        )
    if "msvc-redist" in needs:
        plan.steps.append(
            Step(
                "Install the Microsoft Visual C++ Redistributable (2015-2022, x64) that TensorFlow needs.",
                argv=("winget", "install", "--exact", "--id", "Microsoft.VCRedist.2015+.x64"),
                admin=True,
                admin_reason="it installs system libraries",
                platforms=("windows",),
            )
        )
    if "windows-long-paths" in needs:
        plan.steps.append(
            Step(
                "Enable long paths in Windows (TensorFlow's files have very long names).",
                argv=(
                    "reg",
                    "add",
                    r"HKLM\SYSTEM\CurrentControlSet\Control\FileSystem",
                    "/v",
                    "LongPathsEnabled",
                    "/t",
                    "REG_DWORD",
                    "/d",
                    "1",
                    "/f",
                ),
                admin=True,
                admin_reason="it changes a machine-wide registry setting",
                platforms=("windows",),
            )
        )
    if "conda" in needs and host is not None and _get(host, "conda") is None:
        plan.why.append(
            Why("conda was not found on this machine: install Miniconda or Miniforge first.", (), "warning")
        )


def _base_python(plan: Plan, host: Any, host_fits: bool) -> str:
    if host_fits:
        py = _get(_get(host, "target_python") or _get(host, "python"), "executable")
        if py and _host_runs(host, plan.platform):
            return str(py)
    plan.why.append(
        Why(
            "Python {} is needed for this TensorFlow; install it first if you do not have it.",
            (plan.python_version,),
            "warning",
        )
    )
    return "py" if _is_windows(plan.platform) else f"python{plan.python_version}"


def _pip(plan: Plan, row: Any, host: Any, recipe: Mapping[str, Any], host_fits: bool) -> None:
    win = _is_windows(plan.platform)
    base = _base_python(plan, host, host_fits)
    venv_py = (
        _join(plan, plan.prefix, "Scripts", "python.exe")
        if win
        else _join(plan, plan.prefix, "bin", "python")
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
        _offline_steps(plan)
        plan.steps.append(
            Step(
                "Install the locked set from the downloaded files only (no internet).",
                argv=(venv_py, "-m", "pip", "install", "--no-index", "--find-links", _wheelhouse(plan),
                      *_install_source(plan)),
            )
        )
    else:
        plan.steps.append(
            Step(
                "Update pip inside it.",
                argv=(venv_py, "-m", "pip", "install", *_index_args(plan), "--upgrade", "pip"),
            )
        )
        if plan.lock is not None:
            plan.steps.append(
                Step(
                    "Install the fully pinned set from requirements.lock (every package and its hash, resolved "
                    "for this platform and Python on {}).",
                    argv=(venv_py, "-m", "pip", "install", *_index_args(plan), *_install_source(plan)),
                    explain_args=(plan.lock.recorded_on,),
                )
            )
        else:
            plan.steps.append(
                Step(
                    "Install TensorFlow and its pinned companions from requirements.txt.",
                    argv=(venv_py, "-m", "pip", "install", *_index_args(plan), "-r", PlanFile("requirements.txt")),
                )
            )
    plan.why.append(Why("pip in a virtual environment keeps TensorFlow apart from the rest of your Python."))


def uv_speedup() -> dict[str, Any] | None:
    """The newest recording of benchmarks/bench_install.py (pip vs uv, fresh venv, cold and warm cache)."""
    found = sorted((resources_dir() / "recordings").glob("bench-install-*.json"))
    if not found:
        return None
    try:
        data = json.loads(found[-1].read_text(encoding="utf-8"))
        return {"cold": float(data["ratio"]["cold"]), "warm": float(data["ratio"]["warm"]),
                "what": f"{data['requirement']}, {data['recorded_at'][:10]}"}
    except (OSError, ValueError, KeyError, TypeError):
        return None


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


def _uv(plan: Plan, row: Any, host: Any, recipe: Mapping[str, Any], host_fits: bool) -> None:
    """uv: ``uv venv --python X.Y`` (uv finds an installed Python of that version, or downloads a managed
    one when the system's does not fit the row) and ``uv pip install`` from the lock."""
    win = _is_windows(plan.platform)
    venv_py = (
        _join(plan, plan.prefix, "Scripts", "python.exe") if win else _join(plan, plan.prefix, "bin", "python")
    )
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
        _offline_steps(plan)
    plan.steps.append(
        Step(
            "Create the virtual environment {} with uv (Python {}; uv downloads a managed Python {} if none is "
            "installed).",
            argv=("uv", "venv", *(("--offline",) if plan.offline else ()), "--python", plan.python_version,
                  plan.prefix),
            explain_args=(plan.prefix, plan.python_version, plan.python_version),
        )
    )
    src = (
        ("--offline", "--no-index", "--find-links", _wheelhouse(plan)) if plan.offline else _index_args(plan)
    )
    plan.steps.append(
        Step(
            "Install the fully pinned set with uv pip (hash-checked where the lock has hashes).",
            argv=("uv", "pip", "install", "--python", venv_py, *src, *_install_source(plan)),
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
    speed = uv_speedup()
    if speed:
        plan.why.append(
            Why(
                "Measured here: uv installed {} {}x as fast as pip with a cold cache and {}x with a warm one "
                "(benchmarks/bench_install.py, fresh venv each time).",
                (speed["what"], f"{speed['cold']:.1f}", f"{speed['warm']:.1f}"),
            )
        )
    plan.why.append(Why("uv in a virtual environment keeps TensorFlow apart from the rest of your Python."))


def _env_ops(plan: Plan, ops: Sequence[Mapping[str, Any]], values: Mapping[str, str | None]) -> None:
    sep = ";" if _is_windows(plan.platform) else ":"
    for op in ops:
        name = str(op["name"])
        if op.get("python_module_dir"):
            rel = str(op["python_module_dir"]).replace(".", "/")
            if _is_windows(plan.platform):
                val: EnvValue = (Var("CONDA_PREFIX"), "\\Lib\\site-packages\\" + rel.replace("/", "\\"))
            else:
                val = (Var("CONDA_PREFIX"), f"/lib/python{plan.python_version}/site-packages/{rel}")
        else:
            text = _fill(str(op.get("value", "")), values) or ""
            val = shells.env_value(text)
            kind = op.get("op", "set")
            if kind == "append":
                val = (Var(name, trail=sep), *val)
            elif kind == "prepend":
                val = (*val, Var(name, lead=sep))
        plan.env[name] = val


def _conda(
    plan: Plan,
    row: Any,
    host: Any,
    recipe: Mapping[str, Any],
    values: Mapping[str, str | None],
    xla_fix: bool | None,
) -> None:
    win = _is_windows(plan.platform)
    fam = shells.family(plan.shell)
    conda = _conda_exe(plan, host)
    batch = fam == "cmd" and (conda == "conda" or conda.lower().endswith(".bat"))
    env_py = _join(plan, plan.prefix, "python.exe") if win else _join(plan, plan.prefix, "bin", "python")
    plan.env_python = env_py
    channels = list(recipe.get("conda_channels") or ["conda-forge"])
    packages = [p for p in (_fill(x, values) for x in recipe.get("conda", [])) if p]
    fixes = [f for f in recipe.get("optional_fixes", []) if xla_fix is True or (xla_fix is None and _fix_applies(f, host))]
    for f in recipe.get("optional_fixes", []):
        if f not in fixes and xla_fix is None:
            os_info = _get(host, "os")
            plan.why.append(
                Why(
                    "Left out: '{}' (tensorflow.org gives it for Ubuntu 22.04; this machine is {}).",
                    (DataText(_fix(f).get("title", f)), str(_get(os_info, "version") or _get(os_info, "system") or "?")),
                    "note",
                )
            )
    fix_data = [_fix(f) for f in fixes]
    for fx in fix_data:
        for ch in (fx.get("conda") or {}).get("channels", []):
            if ch not in channels:
                channels.append(ch)
    plan.conda_channels = channels
    plan.conda_packages = packages
    chan_args: list[str] = []
    for ch in recipe.get("conda_channels") or ["conda-forge"]:
        chan_args += ["-c", ch]
    plan.steps.append(
        Step(
            "Create the conda environment {} with Python {} and the CUDA libraries of this TensorFlow.",
            argv=(
                conda,
                "create",
                "--yes",
                "--prefix",
                plan.prefix,
                *chan_args,
                f"python={plan.python_version}",
                *packages,
            ),
            explain_args=(plan.prefix, plan.python_version),
            batch=batch,
        )
    )
    for fx in fix_data:
        pk = (fx.get("conda") or {}).get("packages", [])
        if pk:
            chs: list[str] = []
            for ch in (fx.get("conda") or {}).get("channels", []):
                chs += ["-c", ch]
            plan.steps.append(
                Step(
                    "Fix: {} (install {}).",
                    argv=(conda, "install", "--yes", "--prefix", plan.prefix, *chs, *pk),
                    explain_args=(DataText(fx.get("title", "")), ", ".join(pk)),
                    batch=batch,
                )
            )
        for cp in fx.get("copy", []):
            src = _fill(str(cp["from"]), values) or ""
            dst = _fill(str(cp["to_dir"]), values) or ""
            src = src.replace("${CONDA_PREFIX}", plan.prefix)
            dst = dst.replace("${CONDA_PREFIX}", plan.prefix)
            plan.steps.append(
                Step("Copy {} to {}.", argv=(env_py, "-c", _COPY_CODE, src, dst), explain_args=(src, dst))
            )
        _env_ops(plan, fx.get("activate_env", []), values)
    plan.steps.append(
        Step(
            "Install TensorFlow and its pinned companions with the environment's pip.",
            argv=(env_py, "-m", "pip", "install", "-r", PlanFile("requirements.txt")),
        )
    )
    ops = list(recipe.get("activate_env", []))
    # recipe variables first, fix variables after (XLA_FLAGS), as in the published instructions
    fix_env = dict(plan.env)
    plan.env.clear()
    _env_ops(plan, ops, values)
    plan.env.update(fix_env)
    if plan.env:
        _activate_scripts(plan, env_py)
        plan.why.append(
            Why(
                "conda runs etc/conda/activate.d on 'conda activate' and deactivate.d on 'conda deactivate': "
                "they set {} and put the old values back.",
                (", ".join(plan.env),),
            )
        )
    plan.usage.append(
        ("call " if fam == "cmd" else "") + "conda activate " + shells.quote(plan.prefix, plan.shell)
    )


def _conda_exe(plan: Plan, host: Any) -> str:
    exe = _get(_get(host, "conda"), "executable")
    return str(exe) if exe and _host_runs(host, plan.platform) else "conda"


def _fix_applies(fix_id: str, host: Any) -> bool:
    """The XLA libdevice fix is tensorflow.org's for Ubuntu 22.04; without a host report it is kept."""
    if fix_id != "xla-libdevice" or host is None:
        return True
    os_info = _get(host, "os")
    return str(_get(os_info, "distro") or "").lower() == "ubuntu" and str(
        _get(os_info, "distro_version") or ""
    ).startswith("22.04")


def _activate_scripts(plan: Plan, env_py: str) -> None:
    if _is_windows(plan.platform):
        kinds = [("cmd", "bat"), ("powershell", "ps1")]
    else:
        kinds = [("bash", "sh")] + ([("powershell", "ps1")] if plan.shell == "powershell" else [])
    for sh, ext in kinds:
        for phase in ("activate", "deactivate"):
            lines: list[str] = []
            for name, value in plan.env.items() if phase == "activate" else reversed(list(plan.env.items())):
                if phase == "activate":
                    lines += shells.save_and_set_env(name, value, sh)
                else:
                    lines += shells.restore_env(name, sh)
            head = shells._comment(
                tr(_CTX, "Written by tfgpu-wizard for TensorFlow {}.").format(plan.tensorflow), sh
            )
            if sh == "cmd":
                head = ["@echo off", *head]
            rel = f"conda/{phase}.d/tfgpu-wizard.{ext}"
            text = "\n".join(head + lines) + "\n"
            plan.extra_files[rel] = PlanFileText(text, shells.file_encoding(sh), shells.newline(sh))
            dest = _join(plan, plan.prefix, "etc", "conda", f"{phase}.d")
            plan.steps.append(
                Step(
                    "Put the {} script into {}.",
                    argv=(env_py, "-c", _COPY_CODE, PlanFile(rel), dest),
                    explain_args=(f"{phase}.d/tfgpu-wizard.{ext}", dest),
                )
            )


_FIX_NVIDIA_LIBS = '''"""Make the pip NVIDIA libraries and ptxas visible to TensorFlow (tensorflow.org install step 6).

Written by tfgpu-wizard. Run it with the environment's Python. It links every
site-packages/nvidia/*/lib/*.so* into site-packages/tensorflow and ptxas into the environment's bin,
so TensorFlow finds them without LD_LIBRARY_PATH (paths with spaces are fine).
"""
import glob
import os
import sys
import sysconfig

site = sysconfig.get_paths()["purelib"]
tf_dir = os.path.join(site, "tensorflow")
if not os.path.isdir(tf_dir):
    sys.exit("tensorflow is not installed in " + site)
count = 0
for lib in sorted(glob.glob(os.path.join(site, "nvidia", "*", "lib", "*.so*"))):
    link = os.path.join(tf_dir, os.path.basename(lib))
    if os.path.lexists(link):
        os.remove(link)
    os.symlink(os.path.relpath(lib, tf_dir), link)
    count += 1
ptxas = sorted(glob.glob(os.path.join(site, "nvidia", "cuda_nvcc", "bin", "ptxas")))
if ptxas:
    link = os.path.join(os.path.dirname(sys.executable), "ptxas")
    if os.path.lexists(link):
        os.remove(link)
    os.symlink(ptxas[0], link)
print("linked %d NVIDIA libraries%s" % (count, " and ptxas" if ptxas else ""))
'''


def _defect_steps(plan: Plan, row: Any) -> None:
    for d in _defects(row):
        if d.get("fix") == "symlink-nvidia-libs" and plan.method in ("pip", "conda"):
            plan.extra_files["fix_nvidia_libs.py"] = PlanFileText(_FIX_NVIDIA_LIBS)
            plan.steps.append(
                Step(
                    "Work around a known defect of this version: {}",
                    argv=(plan.env_python, PlanFile("fix_nvidia_libs.py")),
                    explain_args=(DataText(d.get("title", "")),),
                    platforms=("linux",),
                )
            )
            plan.why.append(Why("Known defect worked around: {}.", (DataText(d.get("title", "")),), "warning"))


def _verify(plan: Plan, host: Any = None) -> None:
    # conda: run the checks inside the activated environment, so the activate.d variables
    # (LD_LIBRARY_PATH, CUDNN_PATH, XLA_FLAGS) are set as they will be for the user's own programs.
    wrap: tuple[str, ...] = ()
    batch = False
    if plan.method == "conda":
        conda = _conda_exe(plan, host)
        wrap = (conda, "run", "--no-capture-output", "--prefix", plan.prefix)
        batch = shells.family(plan.shell) == "cmd" and (conda == "conda" or conda.lower().endswith(".bat"))
    elif "nvidia_lib_path.py" in plan.extra_files:
        wrap = _activated(plan)  # LD_LIBRARY_PATH comes from the venv's activate script
    wizard = cli_argv() if _this_machine_matches(plan.platform) else ("tfgpu-wizard",)
    if plan.cpu:
        plan.steps.append(
            Step(
                "Verify with tfgpu-wizard: TensorFlow in the new environment works (on the CPU, as this plan intends).",
                # --expect-cpu: "works, no GPU" is this plan's success (exit 0), a crash or no TensorFlow is not
                argv=(*wrap, *wizard, "verify", "--python", plan.env_python, "--expect-cpu"),
                batch=batch,
            )
        )
        plan.steps.append(
            Step(
                "Check that TensorFlow imports and computes on the CPU.",
                argv=(*wrap, plan.env_python, "-c", VERIFY_CPU_CODE),
                batch=batch,
            )
        )
        return
    plan.steps.append(
        Step(
            "Verify with tfgpu-wizard: does TensorFlow in the new environment see and use the GPU?",
            # this machine: the running interpreter by path (a venv not on PATH has no `tfgpu-wizard`)
            argv=(*wrap, *wizard, "verify", "--python", plan.env_python),
            batch=batch,
        )
    )
    plan.steps.append(
        Step(
            "The plain check: list the GPUs TensorFlow sees (an empty list [] means no GPU).",
            argv=(*wrap, plan.env_python, "-c", VERIFY_CODE),
            batch=batch,
        )
    )


def _docker(
    plan: Plan, row: Any, host: Any, recipe: Mapping[str, Any], values: Mapping[str, str | None]
) -> None:
    image = _fill(str(recipe.get("image", "")), values)
    if not image:
        raise PlanError(tr(_CTX, "No Docker image is known for TensorFlow {}.").format(plan.tensorflow))
    plan.docker_image = image
    run_args = [str(a) for a in recipe.get("run_args", ["--gpus", "all"])]
    distro = str(_get(_get(host, "os"), "distro") or "").lower()
    apt = distro in ("ubuntu", "debian", "linuxmint", "pop") or host is None
    if "nvidia-container-toolkit" in recipe.get("needs", []):
        reason = N_("it installs a system package and reconfigures the Docker daemon")
        if apt:
            keyring = "/usr/share/keyrings/nvidia-container-toolkit-keyring.gpg"
            repo_snippet = "\n".join(
                [
                    "curl -fsSL https://nvidia.github.io/libnvidia-container/gpgkey \\",
                    f"  | sudo gpg --dearmor --yes -o {keyring}",
                    "curl -fsSL https://nvidia.github.io/libnvidia-container/stable/deb/nvidia-container-toolkit.list \\",
                    f"  | sed 's#deb https://#deb [signed-by={keyring}] https://#' \\",
                    "  | sudo tee /etc/apt/sources.list.d/nvidia-container-toolkit.list >/dev/null",
                ]
            )
            plan.steps.append(
                Step(
                    "Add NVIDIA's package repository for the NVIDIA Container Toolkit.",
                    snippet={"posix": repo_snippet},
                    admin=True,
                    admin_reason=reason,
                    platforms=("linux",),
                )
            )
            plan.steps.append(
                Step(
                    "Refresh the package lists.",
                    argv=("sudo", "apt-get", "update"),
                    admin=True,
                    admin_reason=reason,
                    platforms=("linux",),
                )
            )
            plan.steps.append(
                Step(
                    "Install the NVIDIA Container Toolkit (lets Docker give containers the GPU).",
                    argv=("sudo", "apt-get", "install", "-y", "nvidia-container-toolkit"),
                    admin=True,
                    admin_reason=reason,
                    platforms=("linux",),
                )
            )
            plan.steps.append(
                Step(
                    "Register the NVIDIA runtime with Docker.",
                    argv=("sudo", "nvidia-ctk", "runtime", "configure", "--runtime=docker"),
                    admin=True,
                    admin_reason=reason,
                    platforms=("linux",),
                )
            )
            plan.steps.append(
                Step(
                    "Restart Docker so it picks up the runtime.",
                    argv=("sudo", "systemctl", "restart", "docker"),
                    admin=True,
                    admin_reason=reason,
                    platforms=("linux",),
                )
            )
        else:
            plan.steps.append(
                Step(
                    "Install the NVIDIA Container Toolkit for your distribution (see NVIDIA's install guide), "
                    "then run 'sudo nvidia-ctk runtime configure --runtime=docker' and restart Docker.",
                    admin=True,
                    admin_reason=reason,
                    platforms=("linux",),
                )
            )
        if plan.platform == "wsl2":
            plan.why.append(
                Why(
                    "With Docker Desktop (WSL2 backend) the GPU support is built in: skip the toolkit steps.",
                    (),
                    "note",
                )
            )
    plan.steps.append(Step("Download the image {}.", argv=("docker", "pull", image), explain_args=(image,)))
    mount = _mount_args(plan.prefix, plan.platform) if plan.prefix else []
    if not plan.prefix:
        plan.why.append(
            Why(
                "No project folder is mounted into the container: add -v /full/path/of/your/folder:/workspace "
                "to the docker run command (or give --prefix) to work on your files.",
                (),
                "note",
            )
        )
    plan.steps.append(
        Step(
            "Check that a container sees the GPU, with your folder {} mounted at /workspace."
            if plan.prefix
            else "Check that a container sees the GPU.",
            argv=(
                "docker",
                "run",
                "--rm",
                *run_args,
                *mount,
                "-w",
                "/workspace",
                image,
                "python",
                "-c",
                VERIFY_CODE,
            ),
            explain_args=(plan.prefix,),
        )
    )
    plan.usage.append(
        shells.join(
            ("docker", "run", "--rm", "-it", *run_args, *mount, "-w", "/workspace", image, "bash"), plan.shell
        )
    )
    plan.why.append(
        Why(
            "Docker: the image {} already holds the matching CUDA and cuDNN; only the NVIDIA driver comes from the host.",
            (image,),
        )
    )
    plan.why.append(
        Why(
            "tfgpu-wizard verify needs a Python on this machine; inside Docker the plain check above is the test.",
            (),
            "note",
        )
    )


def _mount_args(folder: str, platform: str) -> list[str]:
    """``-v SRC:/workspace`` unless SRC holds a ':' beyond a drive letter, then ``--mount`` (no ',' allowed)."""
    rest = folder[2:] if re.match(r"^[A-Za-z]:", folder) else folder
    if ":" not in rest:
        return ["-v", f"{folder}:/workspace"]
    if "," in folder:
        raise PlanError(
            tr(_CTX, "Docker cannot mount a folder whose name holds both ':' and ',': {}").format(folder)
        )
    return ["--mount", f"type=bind,source={folder},target=/workspace"]


# --------------------------------------------------------------------------------- write


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _manifest_path(folder: Path) -> Path:
    return folder / ".tfgpu-wizard-plan.json"


def write_plan(plan: Plan, folder: str | os.PathLike[str], *, force: bool = False) -> list[Path]:
    """Write the plan's files into ``folder`` atomically (temp file + rename per file).

    A file written earlier by tfgpu-wizard and not changed since is replaced; a file the user edited,
    or one not written by tfgpu-wizard, is left alone and reported with PlanExistsError, unless
    ``force``. Returns the paths written.
    """
    out = Path(folder)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise PlanError(
            tr(_CTX, "Cannot create the folder {}: {}").format(out, exc.strerror or exc)
        ) from None
    files = plan.files()
    manifest_file = _manifest_path(out)
    try:
        manifest: dict[str, str] = json.loads(manifest_file.read_text(encoding="utf-8"))
        if not isinstance(manifest, dict):
            manifest = {}
    except (OSError, ValueError):
        manifest = {}
    edited: list[Path] = []
    for rel, ft in files.items():
        target = out / rel
        if target.exists():
            try:
                current = target.read_bytes()
            except OSError:
                edited.append(target)
                continue
            if manifest.get(rel) != hashlib.sha256(current).hexdigest():
                if current != _encode(ft):
                    edited.append(target)
    if edited and not force:
        names = ", ".join(str(p.relative_to(out)) for p in edited)
        raise PlanExistsError(
            tr(
                _CTX,
                "Not overwriting files you changed (or that tfgpu-wizard did not write) in {}: {}. "
                "Nothing was written. Use --force to replace them, or choose another folder.",
            ).format(out, names),
            edited,
        )
    written: list[Path] = []
    for rel, ft in files.items():
        target = out / rel
        data = _encode(ft)
        _atomic_write(target, data, executable=rel.endswith(".sh"))
        manifest[rel] = hashlib.sha256(data).hexdigest()
        written.append(target)
    _atomic_write(manifest_file, json.dumps(manifest, indent=1, sort_keys=True).encode("utf-8"))
    return written


def _encode(ft: PlanFileText) -> bytes:
    text = ft.text.replace("\r\n", "\n")
    if ft.newline != "\n":
        text = text.replace("\n", ft.newline)
    return text.encode(ft.encoding)


def _atomic_write(target: Path, data: bytes, *, executable: bool = False) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_name(f".{target.name}.tmp{os.getpid()}")
    try:
        with open(tmp, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        if executable and os.name != "nt":
            os.chmod(tmp, 0o755)
        os.replace(tmp, target)
    except OSError as exc:
        try:
            tmp.unlink()
        except OSError:
            pass
        raise PlanError(tr(_CTX, "Cannot write {}: {}").format(target, exc.strerror or exc)) from None


# --------------------------------------------------------------------------------- nothing fits


@dataclass
class Instead:
    """Something to do when no TensorFlow version fits as asked: a sentence and its commands."""

    why: Why
    steps: list[Step] = field(default_factory=list)
    plan: Plan | None = None  # a whole plan (the CPU install), printed with its commands

    def to_dict(self, shell: str) -> dict[str, Any]:
        steps = self.plan.paste_steps() if self.plan is not None else self.steps
        return {
            "text": self.why.text(),
            "plan": self.plan.title() if self.plan is not None else None,
            "commands": [c for c in (st.command(shell) for st in steps) if c],
        }


def nothing_fits(rec: Any, host: Any, matrix: Any, shell: str, *, home: str | None = None) -> list[Instead]:
    """What to do instead when ``rec`` (core.setup.recommend.Recommendation) has no usable GPU version.

    * a GPU that no official wheel has code for (Blackwell, CC >= 10): NVIDIA's NGC TensorFlow container;
    * any host: the newest TensorFlow on the CPU (pip), when one fits the host's Python and glibc;
    * Linux/WSL2: the CPU Docker image, which needs neither a fitting Python nor a new glibc.
    """
    from tfgpu_wizard.core.setup.host_model import DriverInfo
    from tfgpu_wizard.core.setup.recommend import recommend

    out: list[Instead] = []
    platform = rec.platform
    gpus = [g for g in (_get(host, "gpus") or []) if _get(g, "compute_capability")]
    posix = platform in ("linux", "wsl2")
    if rec.gpu_mode and posix and any(_cc(str(g.compute_capability))[0] >= 10 for g in gpus):
        out.append(
            Instead(
                Why(
                    "Use NVIDIA's NGC TensorFlow container, built with a CUDA that knows this GPU (needs Docker "
                    "and the NVIDIA Container Toolkit; check catalog.ngc.nvidia.com for the newest tag)."
                ),
                [
                    Step("Download the image {}.", argv=("docker", "pull", NGC_IMAGE), explain_args=(NGC_IMAGE,)),
                    Step(
                        "Check that a container sees the GPU.",
                        argv=("docker", "run", "--rm", "--gpus", "all", NGC_IMAGE, "python", "-c", VERIFY_CODE),
                    ),
                ],
            )
        )
    if host is not None and platform != "other":
        cpu_host = dataclasses.replace(host, driver=DriverInfo(present=False, error="CPU-only plan"), gpus=[])
        cpu_rec = recommend(matrix, cpu_host)
        best = cpu_rec.best
        if best is not None and shell in shells_for(best.row.platform):
            try:
                cpu_plan = build_plan(best.row, host, "pip", shell, None, cpu=True, home=home,
                                      python=best.best_method.python if best.best_method else None)
            except PlanError:
                cpu_plan = None
            if cpu_plan is not None:
                out.append(
                    Instead(Why("Or run TensorFlow {} on the CPU (slower, but it works here):", (cpu_plan.tensorflow,)),
                            plan=cpu_plan)
                )
    if posix and not any(i.plan is not None for i in out):
        image = "tensorflow/tensorflow:latest"
        out.append(
            Instead(
                Why("Or run TensorFlow on the CPU in Docker (needs Docker; no Python or glibc of this machine is used):"),
                [
                    Step("Download the image {}.", argv=("docker", "pull", image), explain_args=(image,)),
                    Step(
                        "Check that TensorFlow imports and computes on the CPU.",
                        argv=("docker", "run", "--rm", image, "python", "-c", VERIFY_CPU_CODE),
                    ),
                ],
            )
        )
    return out
