"""Install plans: one matrix row + a host + a method + a shell -> the steps and files to install TensorFlow.

Public API (stable; ``commands/plan.py`` and the GUI's Setup page build on it)::

    from tfgpu_wizard.core.plan import build_plan, write_plan, Plan, PlanError, METHODS, SHELLS_FOR, shells_for

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

``row`` is a ``core.matrix.Row`` (helper A) or the same row as a plain dict from matrix.json; ``host`` a
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

from tfgpu_wizard.core import shells
from tfgpu_wizard.core.i18n import N_, tr
from tfgpu_wizard.core.matrix import DataText
from tfgpu_wizard.core.paths import cli_argv, matrix_path
from tfgpu_wizard.core.shells import EnvValue, PlanFile, Step, Var

_CTX = "plan"
METHODS = ("pip", "conda", "docker")
VERIFY_CODE = "import tensorflow as tf; print(tf.config.list_physical_devices('GPU'))"
_COPY_CODE = (
    "import os,shutil,sys; os.makedirs(sys.argv[2], exist_ok=True); shutil.copy(sys.argv[1], sys.argv[2])"
)


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

    # -- rendering -------------------------------------------------------------------------------

    def title(self) -> str:
        return tr(_CTX, "Install TensorFlow {} with {} ({})").format(
            self.tensorflow, self.method, self.platform
        )

    def script(self) -> str:
        notes = [w.text() for w in self.why if w.kind == "warning"]
        return shells.render_script(self.steps, self.shell, title=self.title(), notes=notes)

    def env_file(self) -> str:
        fam = shells.family(self.shell)
        body: list[str] = []
        if self.method == "pip":
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


def _this_machine_matches(platform: str) -> bool:
    return (os.name == "nt") == _is_windows(platform)


def _resolve_prefix(prefix: str | os.PathLike[str] | None, platform: str, line: str, method: str) -> str:
    if prefix is None or str(prefix) == "":
        if not _this_machine_matches(platform):
            raise PlanError(
                tr(_CTX, "Give --prefix: the folder for the environment on the {} machine.").format(platform)
            )
        name = "tf-workspace" if method == "docker" else f"tf-{line}-gpu"
        return str(Path.home() / name)
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
    host_minor = _py_minor(_get(_get(host, "target_python") or _get(host, "python"), "version"))
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
) -> Plan:
    """Make the plan for one matrix row. Raises PlanError with a clear message for impossible choices.

    ``keras2``: add tf-keras and TF_USE_LEGACY_KERAS=1 (TF >= 2.16). ``python``: force a Python X.Y.
    ``xla_fix``: for the conda recipes that list the XLA libdevice fix (None: include it).
    """
    if method not in METHODS:
        raise PlanError(tr(_CTX, "Unknown method {!r}: choose pip, conda or docker.").format(method))
    platform = str(_get(row, "platform") or "")
    line = str(_get(row, "tensorflow") or "")
    version = str(_get(row, "version") or line)
    _check_shell(platform, shell)
    recipe = _recipe(row, method)
    if recipe is None:
        methods = sorted((_get(row, "methods") or {}).keys())
        raise PlanError(
            tr(_CTX, "TensorFlow {} on {} cannot be installed with {}; possible methods: {}.").format(
                version, platform, method, ", ".join(methods) or "-"
            )
        )
    prefix_s = _resolve_prefix(prefix, platform, line, method)
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
    values: dict[str, str | None] = {
        "pip_requirement": _get(row, "pip_requirement"),
        "numpy_pin": _get(numpy, "pin"),
        "docker_tag": _get(row, "docker_tag"),
        "cuda": _get(row, "cuda"),
        "cudnn": _get(row, "cudnn"),
        "version": version,
    }
    plan = Plan(
        tensorflow=version,
        line=line,
        platform=platform,
        method=method,
        shell=shell,
        prefix=prefix_s,
        python_version="",
        env_python="",
    )
    plan.why += why_pre
    plan.why.append(Why("Recipe: {}.", (DataText(_fill(str(recipe.get("title", "")), values) or ""),)))
    if recipe.get("derived"):
        plan.why.append(
            Why("This recipe is derived from the sources, not published as-is by TensorFlow.", (), "note")
        )

    if platform == "wsl2":
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

    _driver_steps(plan, row, host, recipe)

    if method == "docker":
        _docker(plan, row, host, recipe, values)
    else:
        py, host_fits = _choose_python(row, host, python)
        plan.python_version = py
        reqs = [r for r in (_fill(x, values) for x in recipe.get("pip", [])) if r]
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
        if method == "pip":
            _pip(plan, row, host, recipe, host_fits)
        else:
            _conda(plan, row, host, recipe, values, xla_fix)
        _defect_steps(plan, row)
        _verify(plan)
    ccs = [
        str(_get(g, "compute_capability"))
        for g in (_get(host, "gpus") or [])
        if _get(g, "compute_capability")
    ]
    for d in _defects(row):
        if not _defect_for_gpus(d, ccs):
            continue
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
        if py and _this_machine_matches(plan.platform):
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
    plan.steps.append(
        Step("Update pip inside it.", argv=(venv_py, "-m", "pip", "install", "--upgrade", "pip"))
    )
    plan.steps.append(
        Step(
            "Install TensorFlow and its pinned companions from requirements.txt.",
            argv=(venv_py, "-m", "pip", "install", "-r", PlanFile("requirements.txt")),
        )
    )
    plan.why.append(Why("pip in a virtual environment keeps TensorFlow apart from the rest of your Python."))


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
    conda = "conda"
    conda_info = _get(host, "conda")
    exe = _get(conda_info, "executable")
    if exe and _this_machine_matches(plan.platform):
        conda = str(exe)
    batch = fam == "cmd" and (conda == "conda" or conda.lower().endswith(".bat"))
    env_py = _join(plan, plan.prefix, "python.exe") if win else _join(plan, plan.prefix, "bin", "python")
    plan.env_python = env_py
    channels = list(recipe.get("conda_channels") or ["conda-forge"])
    packages = [p for p in (_fill(x, values) for x in recipe.get("conda", [])) if p]
    fixes = [f for f in recipe.get("optional_fixes", []) if xla_fix is not False]
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


def _verify(plan: Plan) -> None:
    plan.steps.append(
        Step(
            "Verify with tfgpu-wizard: does TensorFlow in the new environment see and use the GPU?",
            # this machine: the running interpreter by path (a venv not on PATH has no `tfgpu-wizard`)
            argv=(*(cli_argv() if _this_machine_matches(plan.platform) else ("tfgpu-wizard",)),
                  "verify", "--python", plan.env_python),
        )
    )
    plan.steps.append(
        Step(
            "The plain check: list the GPUs TensorFlow sees (an empty list [] means no GPU).",
            argv=(plan.env_python, "-c", VERIFY_CODE),
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
    mount = _mount_args(plan.prefix, plan.platform)
    plan.steps.append(
        Step(
            "Check that a container sees the GPU, with your folder {} mounted at /workspace.",
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
