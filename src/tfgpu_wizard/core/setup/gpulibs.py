"""Which GPU library TensorFlow could not load, and the fix that fits its version and install.

TensorFlow says only "Cannot dlopen some GPU libraries ... Skipping registering GPU devices" at its default
log level. Its loader names each library (``Could not load dynamic library 'libcusolver.so.11'; dlerror: …``)
only at verbose level 1, and verbose lines are INFO lines, so both ``TF_CPP_MAX_VLOG_LEVEL=1`` and
``TF_CPP_MIN_LOG_LEVEL=0`` are needed (:data:`VERBOSE_LOADER_ENV`). ``verify`` re-runs the probe with them
when the first run shows the symptom, then :func:`missing_libraries` reads the names and
:func:`library_fix` says what to do.

Measured on an NVIDIA H200 with TensorFlow 2.21 and the CUDA 12 wheels that ``pip install
tensorflow[and-cuda]`` installs: every library but ``libcusolver.so.11`` opened, and pointing
LD_LIBRARY_PATH at the environment's ``nvidia/*/lib`` folders made the GPU appear (docs/h200-results.md).
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass

from packaging.version import InvalidVersion, Version

from tfgpu_wizard.core.i18n import tr

CTX = "target"

DLOPEN_SYMPTOM = "Cannot dlopen some GPU libraries"
VERBOSE_LOADER_ENV = {"TF_CPP_MAX_VLOG_LEVEL": "1", "TF_CPP_MIN_LOG_LEVEL": "0"}

_FAILED = re.compile(r"Could not load dynamic library '([^']+)'; dlerror: ([^\n]*)")
_OPENED = re.compile(r"Successfully opened dynamic library (\S+)")
# libcusolver.so.11 -> nvidia-cusolver; cudnn64_8.dll -> nvidia-cudnn
_WHEEL_OF = {
    "cudart": "cuda-runtime", "cublas": "cublas", "cublaslt": "cublas", "cufft": "cufft", "curand": "curand",
    "cusolver": "cusolver", "cusparse": "cusparse", "cudnn": "cudnn", "nvjitlink": "nvjitlink",
    "nccl": "nccl", "cupti": "cuda-cupti", "nvrtc": "cuda-nvrtc", "nvinfer": "tensorrt",
}


@dataclass(frozen=True)
class MissingLibrary:
    name: str  # as TensorFlow asked for it: libcusolver.so.11
    reason: str  # the loader's own words (dlerror)

    @property
    def family(self) -> str:
        """``cusolver`` for ``libcusolver.so.11``; ``cudnn`` for ``cudnn64_8.dll``."""
        base = self.name.lower()
        base = base[3:] if base.startswith("lib") else base
        base = re.split(r"[._]|64", base, maxsplit=1)[0]
        return base

    def wheel(self, cuda: str = "cu12") -> str | None:
        """The pip wheel that ships it (``nvidia-cusolver-cu12``), when it is one of NVIDIA's CUDA wheels.

        Sonames do not tell the CUDA release (cuSOLVER 11 ships with CUDA 11 and 12), so the caller passes
        the CUDA of the TensorFlow build (``cu11`` for 2.14, ``cu12`` from 2.15)."""
        part = _WHEEL_OF.get(self.family)
        if part is None or part == "tensorrt":
            return None
        return f"nvidia-{part}-{cuda}"


def wants_library_check(report: dict | None, stderr: str) -> bool:
    """True when a probe run shows TensorFlow skipping the GPU because a library did not load."""
    if DLOPEN_SYMPTOM in (stderr or ""):
        return True
    report = report or {}
    return bool(report.get("is_cuda_build")) and not report.get("gpus") and "Skipping registering GPU" in stderr


def missing_libraries(stderr: str) -> list[MissingLibrary]:
    """Each library the loader could not open, once, in the order TensorFlow tried them."""
    seen: dict[str, MissingLibrary] = {}
    for m in _FAILED.finditer(stderr or ""):
        name = m.group(1)
        reason = m.group(2).split("; LD_LIBRARY_PATH")[0].strip().rstrip(";")
        seen.setdefault(name, MissingLibrary(name, reason))
    return list(seen.values())


def opened_libraries(stderr: str) -> list[str]:
    return list(dict.fromkeys(_OPENED.findall(stderr or "")))


def _tf_version(text: str | None) -> Version | None:
    try:
        return Version(str(text)) if text else None
    except InvalidVersion:
        return None


def ld_library_path_command(lib_dirs: list[str], shell: str = "bash") -> str:
    """The command that puts these folders first on the library path (bash/zsh; PowerShell for Windows)."""
    if shell == "powershell":
        joined = ";".join(lib_dirs)
        return f'$env:PATH = "{joined};" + $env:PATH'
    joined = ":".join(lib_dirs)
    return f"export LD_LIBRARY_PATH={shlex.quote(joined)}${{LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}}"


def library_fix(missing: list[MissingLibrary], tf_version: str | None, python: str,
                nvidia: dict | None = None, platform: str = "linux") -> list[str]:
    """What to do, in words and commands, for libraries TensorFlow could not load.

    ``nvidia`` is the probe's ``nvidia_wheels`` ({packages, lib_dirs}). The advice depends on the version:
    2.16.1 had a packaging bug that upgrading fixes; from 2.14 on Linux the libraries come from pip wheels,
    so a missing wheel is installed and a present one is put on LD_LIBRARY_PATH; older releases and native
    Windows use a system CUDA toolkit and cuDNN.
    """
    nvidia = nvidia or {}
    installed = {k.lower() for k in (nvidia.get("packages") or {})}
    lib_dirs = list(nvidia.get("lib_dirs") or [])
    version = _tf_version(tf_version)
    py = shlex.quote(python)
    lines: list[str] = []
    names = ", ".join(m.name for m in missing) or tr(CTX, "(not named in the log)")
    if version is not None and version == Version("2.16.1"):
        lines.append(tr(CTX, "TensorFlow 2.16.1 has a packaging bug: it does not find its pip CUDA libraries. "
                             "Upgrade: {cmd}").format(cmd=f'{py} -m pip install -U "tensorflow[and-cuda]>=2.17"'))
        return lines
    pip_era = platform in ("linux", "wsl2") and (version is None or version >= Version("2.14"))
    if not pip_era:
        lines.append(tr(CTX, "TensorFlow {version} loads CUDA and cuDNN from a system install; {names} must be "
                             "the versions it was built for, on the library path (see the matrix row's CUDA and "
                             "cuDNN; tfgpu-wizard plan writes the commands).").format(
            version=tf_version or "?", names=names))
        return lines
    cuda = "cu11" if version is not None and version < Version("2.15") else "cu12"
    absent = sorted({w for w in (m.wheel(cuda) for m in missing) if w and w not in installed})
    if absent:
        spec = f"tensorflow[and-cuda]=={tf_version}" if version is not None else "tensorflow[and-cuda]"
        lines.append(tr(CTX, "These CUDA wheels are missing from this Python: {wheels}. Install TensorFlow with its "
                             "CUDA extra in this same environment: {cmd}").format(
            wheels=", ".join(absent), cmd=f'{py} -m pip install "{spec}"'))
    present = [m for m in missing if not m.wheel(cuda) or m.wheel(cuda) in installed]
    if present or not absent:
        lines.append(tr(CTX, "The library is installed (pip's NVIDIA wheels) but TensorFlow {version} did not find "
                             "{names}. Point the library path at this environment's nvidia/*/lib folders before "
                             "starting Python:").format(version=tf_version or "", names=names))
        if lib_dirs:
            lines.append("  " + ld_library_path_command(lib_dirs))
        else:
            lines.append("  " + "export LD_LIBRARY_PATH=$(" + py + " -c 'import glob, os, nvidia; print(\":\".join("
                         "sorted(glob.glob(os.path.join(list(nvidia.__path__)[0], \"*\", \"lib\")))))')"
                         "${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}")
        lines.append(tr(CTX, "To make it permanent, add that line to the environment's activate script; the "
                             "plans of tfgpu-wizard plan --write do this for the affected versions."))
    return lines
