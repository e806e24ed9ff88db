"""The small pieces every part of a plan shares: errors, the why-lines, the lock as data, constants, paths.

Nothing here knows a recipe or a host; ``script.Plan`` (the plan itself) builds on these.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path, PurePosixPath, PureWindowsPath
from typing import Any

from tfgpu_wizard.core.i18n import tr
from tfgpu_wizard.core.setup.shells import EnvValue, Var

CTX = "plan"
METHODS = ("pip", "uv", "conda", "docker")
VERIFY_CODE = "import tensorflow as tf; print(tf.config.list_physical_devices('GPU'))"
VERIFY_CPU_CODE = "import tensorflow as tf; print(tf.__version__, tf.reduce_sum(tf.ones([2, 2])).numpy())"
# The GPU check of a plan for another computer (no tfgpu-wizard there): lists the GPUs, multiplies on the
# default device and exits 1 unless that is a GPU. No double quotes: Windows PowerShell 5.1 cannot pass them.
VERIFY_GPU_CODE = (
    "import sys, tensorflow as tf; g = tf.config.list_physical_devices('GPU'); x = tf.ones([512, 512]); "
    "y = tf.linalg.matmul(x, x); print('TensorFlow', tf.__version__, 'GPUs:', g, 'matmul on', y.device); "
    "sys.exit(0 if g and 'GPU' in y.device else 'TensorFlow sees no GPU')"
)
COPY_CODE = (
    "import os,shutil,sys; os.makedirs(sys.argv[2], exist_ok=True); shutil.copy(sys.argv[1], sys.argv[2])"
)
# The pasted form of a COPY_CODE step: writes the file's lines (argv[2:]) to argv[1].
WRITE_CODE = (
    "import os,sys; os.makedirs(os.path.dirname(sys.argv[1]), exist_ok=True); "
    "open(sys.argv[1], 'w', encoding='utf-8').write(chr(10).join(sys.argv[2:]) + chr(10))"
)
# NVIDIA's TensorFlow container (NGC) for GPUs that no official wheel has code for (Blackwell, CC >= 10).
# Users report it works on RTX 50xx (tensorflow#97387, #99592). 25.02 is NVIDIA's last TensorFlow container
# release as far as we know (the tag is not in the sourced facts): the plan says to check the catalogue.
NGC_IMAGE = "nvcr.io/nvidia/tensorflow:25.02-tf2-py3"

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
        return tr(CTX, self.text_en).format(*self.args)


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


def is_windows(platform: str) -> bool:
    return platform == "windows"


def join_path(platform: str, base: str, *parts: str) -> str:
    """A path on the target: Windows rules for a windows row, POSIX ones for every other."""
    cls = PureWindowsPath if is_windows(platform) else PurePosixPath
    return str(cls(base, *parts))


def value_text(value: EnvValue) -> str:
    out = []
    for p in value:
        if isinstance(p, Var):
            out.append(p.lead + "$" + p.name + p.trail if (p.lead or p.trail) else "$" + p.name)
        else:
            out.append(p)
    return "".join(out)


def fill(text: str, values: Mapping[str, str | None]) -> str | None:
    """Fill ``{placeholders}`` of a recipe; None when a needed value is None (the line is dropped).

    ``{UPPER_CASE}`` names are run-time environment variables (``{CONDA_PREFIX}``): kept as ``${NAME}``.
    """
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
