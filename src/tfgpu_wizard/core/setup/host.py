"""Host detection: what this machine has for TensorFlow on an NVIDIA GPU, as a ``HostReport``.

Public API (stable; the GUI, ``plan`` and ``doctor`` build on it)::

    from tfgpu_wizard.core.setup.host import detect_host, explain_cuda_versions, note_text, sorted_notes

    report = detect_host()                        # this machine, this interpreter
    report = detect_host("/path/to/venv/bin/python", timeout=8.0)  # + TF in another interpreter
    report.driver.present, report.driver.version, report.driver.cuda_version, report.gpus ...
    for line in explain_cuda_versions(report):    # driver CUDA vs toolkit CUDA, translated
        print(line)
    for note in sorted_notes(report.notes):       # errors first, then warnings, then info
        print(note_text(note), note.detail)

``detect_host(target_python=None, timeout=8.0, environ=None) -> HostReport``
    Never raises for what it finds on the machine: every sub-detector runs on its own (in a
    thread, its external commands in subprocesses with ``timeout`` seconds), and one that fails
    or hangs adds a ``Note`` (codes below) while the others go on. ``environ`` defaults to
    ``os.environ`` (tests and the GUI may pass another mapping).
    What it reads: OS/version/arch, Windows build, WSL1/WSL2 (+ a Linux NVIDIA driver wrongly
    installed inside WSL), distro (os-release) and glibc; the current Python; the target Python
    (run with ``python -c <core/setup/host_pyprobe.py>``, never importing TensorFlow); conda / mamba /
    micromamba and their envs (only when one is found); the NVIDIA driver and its highest CUDA
    (NVML via ``pynvml`` first, ``nvidia-smi`` as fallback, "no driver" as a state with the
    reason); each GPU (name, memory, compute capability, uuid, PCI bus id); ``nvcc`` and its
    toolkit; a system cuDNN; CUDA-related environment variables; TensorFlow, Keras, numpy and
    ``nvidia-*`` wheels in the target interpreter (the current one when none is given).

``explain_cuda_versions(report) -> list[str]``: the "driver CUDA vs toolkit CUDA" explanation.
``note_text(note) -> str``: a note's message in the current language.
``sorted_notes(notes) -> list[Note]``: errors, then warnings, then info.
``NOTE_CODES``: every note code this module can emit -> its English message (documented in
docs/host-report.md).
"""

from __future__ import annotations

import concurrent.futures
import glob
import json
import os
import platform
import re
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Mapping
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from tfgpu_wizard import __version__
from tfgpu_wizard.core.i18n import N_, tr
from tfgpu_wizard.core.paths import default_python, is_frozen
from tfgpu_wizard.core.setup import host_pyprobe
from tfgpu_wizard.core.setup.host_model import (
    DRIVER_STATE_MESSAGES,
    NO_GPU_MESSAGE,
    CondaEnv,
    CondaInfo,
    CudnnInfo,
    DriverInfo,
    GpuInfo,
    HostReport,
    MigDeviceInfo,
    Note,
    OSInfo,
    PythonInfo,
    TFInstall,
    ToolkitInfo,
)
from tfgpu_wizard.core.setup.host_smi import (
    SmiFailed,
    SmiResult,
    clean_driver_version,
    compute_capability_for,
    read_smi,
)

DEFAULT_TIMEOUT = 8.0
CTX = "host"

# Every note this module emits: code -> (severity, English message). The message is the i18n key.
NOTE_CODES: dict[str, tuple[str, str]] = {
    # the driver's state (host_model.DRIVER_STATES): one note each, worded by host_model for every surface
    "no-nvidia-driver": ("error", DRIVER_STATE_MESSAGES["not-installed"]),
    "no-nvidia-gpu": ("info", NO_GPU_MESSAGE),  # no driver, and no NVIDIA GPU on the PCI bus: nothing is wrong
    "driver-no-gpus": ("error", DRIVER_STATE_MESSAGES["no-devices"]),
    "driver-needs-reboot": ("error", DRIVER_STATE_MESSAGES["needs-reboot"]),
    "driver-not-loaded": ("error", DRIVER_STATE_MESSAGES["not-loaded"]),
    "driver-no-permission": ("error", DRIVER_STATE_MESSAGES["no-permission"]),
    "driver-failed": ("error", DRIVER_STATE_MESSAGES["failed"]),
    "nvml-unavailable": ("info", N_("NVML could not be used; the driver was read from nvidia-smi instead.")),
    "nvidia-smi-problem": (
        "warning",
        N_("nvidia-smi answered, but also reported a problem with the GPU; the details say which."),
    ),
    "gpu-mig-enabled": (
        "warning",
        N_("A GPU is in MIG mode: TensorFlow gets one MIG device (a slice of its memory and compute), not the whole "
           "GPU. Choose the slice with CUDA_VISIBLE_DEVICES=MIG-<uuid> (nvidia-smi -L lists them)."),
    ),
    "gpu-mig-no-devices": (
        "error",
        N_("A GPU is in MIG mode but has no MIG devices, so no program can use it: create MIG devices or turn MIG "
           "mode off (nvidia-smi -mig 0, as administrator)."),
    ),
    "kernel-module-mismatch": (
        "error",
        N_("The NVIDIA kernel module and the driver libraries have different versions: reboot after a driver update."),
    ),
    "cuda-visible-devices-hides-all": (
        "warning",
        N_("CUDA_VISIBLE_DEVICES is empty or -1, which hides every GPU from TensorFlow."),
    ),
    "cuda-visible-devices-set": ("info", N_("CUDA_VISIBLE_DEVICES is set: only the GPUs it lists are visible.")),
    "cuda-visible-devices-invalid": ("warning", N_("CUDA_VISIBLE_DEVICES does not start with a GPU number or UUID, "
                                                   "so CUDA sees no GPU: TensorFlow will use the CPU.")),
    "tf-allow-growth-invalid": (
        "warning",
        N_("TF_FORCE_GPU_ALLOW_GROWTH must be exactly true or false; TensorFlow ignores any other value."),
    ),
    "ld-library-path-cuda": (
        "info",
        N_("LD_LIBRARY_PATH holds CUDA folders; they can shadow the CUDA libraries that pip or conda installed."),
    ),
    "wsl1-no-gpu": ("error", N_("This is WSL 1, which cannot use the GPU. Convert the distribution to WSL 2.")),
    "wsl-linux-driver": (
        "error",
        N_("A Linux NVIDIA driver is installed inside WSL. It breaks GPU access: remove it and use the Windows driver."),
    ),
    "windows-native-tf-no-gpu": (
        "warning",
        N_("TensorFlow 2.11 and newer cannot use the GPU on native Windows: use WSL 2, or TensorFlow 2.10."),
    ),
    "tf-several-distributions": (
        "warning",
        N_("Several TensorFlow packages are installed in the same environment; they overwrite each other."),
    ),
    "tf-cpu-only": ("info", N_("The installed TensorFlow package is a CPU-only build.")),
    "tf-numpy-too-new": (
        "warning",
        N_("TensorFlow older than 2.18 does not work with numpy 2: install numpy<2 in that environment."),
    ),
    "tf-no-cuda-wheels": (
        "info",
        N_("TensorFlow is installed without its CUDA libraries (pip's [and-cuda] extra); it will not find the GPU "
           "unless a matching CUDA and cuDNN are installed by other means."),
    ),
    "tf-not-installed": ("info", N_("TensorFlow is not installed in the target Python.")),
    "toolkit-newer-than-driver": (
        "warning",
        N_("The CUDA toolkit (nvcc) is newer than the driver supports: programs built with it will not run."),
    ),
    "several-toolkits": ("info", N_("Several CUDA toolkits are installed; the first one listed is used.")),
    "target-python-failed": ("error", N_("The target Python could not be examined.")),
    "target-python-timeout": ("error", N_("The target Python did not answer in time.")),
    "conda-failed": ("warning", N_("conda was found but listing its environments failed.")),
    "nvcc-failed": ("warning", N_("nvcc was found but did not print its version.")),
    "probe-failed": ("warning", N_("A detection step failed; the rest of the report is still valid.")),
    "probe-timeout": ("warning", N_("A detection step did not finish in time; the rest of the report is still valid.")),
}

_SEVERITY_ORDER = {"error": 0, "warning": 1, "info": 2}


def _note(code: str, detail: str = "") -> Note:
    severity, message = NOTE_CODES[code]
    return Note(code=code, severity=severity, message=message, detail=detail)


def note_text(note: Note) -> str:
    """The note's message in the current language."""
    return tr(CTX, note.message)


def note_detail(note: Note) -> str:
    """The note's detail for display: its fixed parts (``DETAIL_TEXTS``) translated, the rest as is.

    A detail is data (it goes into ``doctor --json`` in English): "; "-separated parts, each maybe
    prefixed by its source ("NVML: ", "nvidia-smi: ").
    """
    parts = []
    for part in note.detail.split("; ") if note.detail else []:
        head, sep, rest = part.partition(": ")
        if sep and rest in DETAIL_TEXTS:
            parts.append(head + sep + tr(CTX, rest))
        else:
            parts.append(tr(CTX, part) if part in DETAIL_TEXTS else part)
    return tr(CTX, "; ").join(parts)


def sorted_notes(notes: list[Note]) -> list[Note]:
    """Errors first, then warnings, then info (stable within a severity)."""
    return sorted(notes, key=lambda n: _SEVERITY_ORDER.get(n.severity, 3))


# -- subprocess helper ---------------------------------------------------------------------------


class ProbeTimeout(Exception):
    """An external command ran past its timeout (it was killed, with its children)."""


def run_command(cmd: list[str], timeout: float, env: Mapping[str, str] | None = None) -> tuple[int, str, str]:
    """Run ``cmd`` with no stdin and a hard timeout; returns (returncode, stdout, stderr).

    The child gets its own process group, and on timeout the whole group is killed: a wrapper
    script (``conda``, a shell shim in front of ``python``) that started a grandchild would
    otherwise keep the pipes open and make ``communicate`` wait forever.
    Raises ``FileNotFoundError``/``PermissionError`` when ``cmd[0]`` cannot run, ``ProbeTimeout``.
    """
    kwargs: dict[str, Any] = {}
    if sys.platform == "win32":
        kwargs["creationflags"] = getattr(subprocess, "CREATE_NO_WINDOW", 0) | getattr(
            subprocess, "CREATE_NEW_PROCESS_GROUP", 0
        )
    else:
        kwargs["start_new_session"] = True
    from tfgpu_wizard.core import lifecycle

    with lifecycle.starting():  # SIGTERM/SIGHUP/Ctrl-C to the CLI stop this group at once (a hung nvidia-smi)
        proc = subprocess.Popen(
            cmd,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=dict(env) if env is not None else None,
            **kwargs,
        )
        lifecycle.track(proc)
    # Wait in short slices: a stop of the CLI (core.lifecycle) ends this wait within a fraction of a second even
    # when the signal came while this (worker) thread was between Popen and track -- else the interpreter's exit
    # would join this thread for the whole timeout (a drill saw a Ctrl-C'd doctor wait on a hung nvidia-smi).
    deadline = time.monotonic() + timeout
    try:
        while True:
            try:
                out, err = proc.communicate(timeout=max(0.01, min(0.25, deadline - time.monotonic())))
                break
            except subprocess.TimeoutExpired:
                if lifecycle.stopping_signal() is None and time.monotonic() < deadline:
                    continue
                raise
    except subprocess.TimeoutExpired:
        _kill_tree(proc)
        try:
            proc.communicate(timeout=2)
        except subprocess.TimeoutExpired:
            pass
        if proc.poll() is None:
            proc.kill()
            proc.wait(timeout=2)
        raise ProbeTimeout(f"{Path(cmd[0]).name} did not finish within {timeout:g} s") from None
    finally:
        lifecycle.untrack(proc)
    return proc.returncode, _decode(out), _decode(err)


def _kill_tree(proc: subprocess.Popen) -> None:
    if sys.platform == "win32":
        try:
            subprocess.run(
                ["taskkill", "/F", "/T", "/PID", str(proc.pid)],
                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                timeout=5, creationflags=getattr(subprocess, "CREATE_NO_WINDOW", 0),
            )
        except (OSError, subprocess.TimeoutExpired):
            pass
        proc.kill()
        return
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        proc.kill()


def _decode(data: bytes) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode(sys.getfilesystemencoding() or "latin-1", errors="replace")


def _vtuple(version: str | None) -> tuple[int, ...]:
    """'2.16.1' -> (2, 16, 1); '2.22.0rc0' -> (2, 22, 0); junk -> () (``core.versions.release``)."""
    from tfgpu_wizard.core.versions import release

    return release(version) if version else ()


# -- OS ------------------------------------------------------------------------------------------

_LINUX_LIB_DIRS = ("/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu", "/usr/lib64", "/usr/lib")


def classify_linux_kernel(release: str, proc_version: str = "") -> tuple[str, int | None]:
    """('linux' | 'wsl1' | 'wsl2', Windows build or None) from the kernel release string.

    WSL 2 kernels say ``5.15.167.4-microsoft-standard-WSL2``; WSL 1 fakes ``4.4.0-19041-Microsoft``
    (the number is the Windows build).
    """
    text = (release + " " + proc_version).lower()
    if "microsoft" not in text and "wsl" not in text:
        return "linux", None
    if "wsl2" in text or "microsoft-standard" in text:
        return "wsl2", None
    m = re.match(r"\d+\.\d+\.\d+-(\d{5})-microsoft", release.lower())
    return "wsl1", int(m.group(1)) if m else None


def _detect_os(environ: Mapping[str, str]) -> tuple[OSInfo, list[Note]]:
    notes: list[Note] = []
    machine = platform.machine()
    if sys.platform == "win32":
        build = sys.getwindowsversion().build  # type: ignore[attr-defined]
        release = platform.release()
        name = "11" if build >= 22000 else release
        info = OSInfo(system="windows", release=release, version=f"Windows {name} (build {build})",
                      machine=machine, windows_build=build)
        return info, notes
    if sys.platform == "darwin":
        ver = platform.mac_ver()[0]
        return OSInfo(system="macos", release=platform.release(), version=f"macOS {ver}", machine=machine), notes
    if not sys.platform.startswith("linux"):
        return OSInfo(system="other", release=platform.release(), version=platform.platform(), machine=machine), notes

    release = platform.release()
    try:
        proc_version = Path("/proc/version").read_text(encoding="utf-8", errors="replace")
    except OSError:
        proc_version = ""
    system, build = classify_linux_kernel(release, proc_version)
    if system == "linux" and environ.get("WSL_DISTRO_NAME"):
        system = "wsl2"
    info = OSInfo(system=system, release=release, machine=machine, windows_build=build)
    try:
        osr = platform.freedesktop_os_release()
    except OSError:
        osr = {}
    info.distro = osr.get("ID") or None
    info.distro_version = osr.get("VERSION_ID") or None
    info.version = osr.get("PRETTY_NAME") or f"Linux {release}"
    try:
        libc = os.confstr("CS_GNU_LIBC_VERSION") or ""
    except (ValueError, OSError):
        libc = ""
    if libc.startswith("glibc "):
        info.glibc = libc.split(" ", 1)[1]
    if system == "wsl1":
        notes.append(_note("wsl1-no-gpu", release))
    if system == "wsl2":
        found = linux_driver_files_inside_wsl()
        if found:
            info.linux_driver_inside_wsl = True
            notes.append(_note("wsl-linux-driver", "; ".join(found)))
    return info, notes


def linux_driver_files_inside_wsl(root: str = "/") -> list[str]:
    """Files that only a Linux NVIDIA driver installs (WSL 2 gets its driver from /usr/lib/wsl/lib)."""
    found = []
    proc = os.path.join(root, "proc/driver/nvidia/version")
    if os.path.exists(proc):
        found.append(proc)
    for d in _LINUX_LIB_DIRS:
        base = os.path.join(root, d.lstrip("/"))
        for pattern in ("libnvidia-ml.so.*", "libcuda.so.*"):
            found.extend(sorted(glob.glob(os.path.join(base, pattern))))
    return found


# -- Python and TensorFlow -------------------------------------------------------------------------


def _python_from_probe(data: Mapping[str, Any]) -> PythonInfo:
    return PythonInfo(
        executable=str(data.get("executable") or ""),
        version=str(data.get("version") or ""),
        implementation=str(data.get("implementation") or "CPython"),
        bits=int(data.get("bits") or 64),
        is_venv=bool(data.get("is_venv")),
        conda_env=data.get("conda_env"),
    )


def tf_from_probe(python: str, data: Mapping[str, Any], system: str) -> tuple[TFInstall, list[Note]]:
    """Turn ``host_pyprobe.collect()`` data into a ``TFInstall`` and the notes it calls for."""
    notes: list[Note] = []
    tfs = list(data.get("tf") or [])
    other = dict(data.get("other") or {})
    nvidia = dict(data.get("nvidia") or {})
    tf = TFInstall(
        python=python,
        version=None,
        keras_version=other.get("keras"),
        tf_keras_version=other.get("tf-keras") or other.get("tf_keras"),
        numpy_version=other.get("numpy"),
        nvidia_packages=nvidia,
        error=data.get("error"),
    )
    if not tfs:
        if not tf.error:
            notes.append(_note("tf-not-installed", python))
        return tf, notes
    first = tfs[0]
    tf.version = first.get("version")
    tf.distribution = first.get("distribution")
    tf.location = first.get("location")
    if len(tfs) > 1:
        notes.append(_note("tf-several-distributions", ", ".join(f"{t['distribution']} {t['version']}" for t in tfs)))
    v = _vtuple(tf.version)
    if tf.distribution in ("tensorflow-cpu", "tf-nightly-cpu", "tensorflow-intel", "intel-tensorflow"):
        notes.append(_note("tf-cpu-only", f"{tf.distribution} {tf.version}"))
    if v and v < (2, 18) and _vtuple(tf.numpy_version) >= (2,):
        notes.append(_note("tf-numpy-too-new", f"tensorflow {tf.version}, numpy {tf.numpy_version}"))
    if system == "windows" and v >= (2, 11) and tf.distribution not in ("tensorflow-cpu",):
        notes.append(_note("windows-native-tf-no-gpu", f"{tf.distribution} {tf.version}"))
    if (
        system in ("linux", "wsl2")
        and tf.distribution in ("tensorflow", "tf-nightly")
        and v >= (2, 14)
        and not any(n.startswith("nvidia-cudnn") for n in nvidia)
    ):
        notes.append(_note("tf-no-cuda-wheels", f"{tf.distribution} {tf.version}"))
    return tf, notes


def probe_python(python: str, timeout: float) -> dict[str, Any]:
    """Run ``host_pyprobe`` in ``python`` (a subprocess with ``timeout``) and return its data.

    Raises ``ProbeTimeout``, ``OSError`` (cannot start) or ``RuntimeError`` (ran but failed),
    each with a message fit for a ``Note.detail``.
    """
    source = Path(host_pyprobe.__file__).read_text(encoding="utf-8")
    env = dict(os.environ)
    env["PYTHONIOENCODING"] = "utf-8"
    env.pop("PYTHONSTARTUP", None)
    rc, out, err = run_command([python, "-c", source], timeout=timeout, env=env)
    marker = "TFGPU-PYPROBE "
    for line in reversed(out.splitlines()):
        if line.startswith(marker):
            try:
                data = json.loads(line[len(marker):])
            except json.JSONDecodeError as exc:
                raise RuntimeError(f"unreadable answer from {python}: {exc}") from None
            if isinstance(data, dict):
                return data
    tail = (err.strip() or out.strip())[-600:]
    # verify's words for the same end (core.target.runner.TargetResult.describe_end): "crashed (SIGSEGV)"
    # where this said "exited with code -11" (drills-3, 2b)
    if rc is not None and rc < 0:
        try:
            end = f"crashed ({signal.Signals(-rc).name})"
        except ValueError:
            end = f"crashed (signal {-rc})"
    else:
        end = f"ended with exit code {rc}"
    raise RuntimeError(f"{python} {end} without an answer. {tail}".strip())


def _detect_target(target: str | None, timeout: float, system: str) -> tuple[PythonInfo | None, TFInstall, list[Note]]:
    if target is None and is_frozen():
        # The frozen app's own interpreter is not a Python a user installs TensorFlow into.
        target = default_python()
    if target is None:
        data = host_pyprobe.collect()
        tf, notes = tf_from_probe(sys.executable, data, system)
        return None, tf, notes
    exe = resolve_python(target)
    try:
        data = probe_python(exe, timeout)
    except ProbeTimeout as exc:
        return None, TFInstall(python=target, version=None, error=str(exc)), [_note("target-python-timeout", f"{target}: {exc}")]
    except (OSError, RuntimeError) as exc:
        msg = str(exc) if isinstance(exc, RuntimeError) else f"{target}: {exc.strerror or exc}"
        return None, TFInstall(python=target, version=None, error=msg), [_note("target-python-failed", msg)]
    py = _python_from_probe(data)
    tf, notes = tf_from_probe(py.executable or target, data, system)
    return py, tf, notes


def resolve_python(target: str) -> str:
    """Accept an interpreter, or a venv / conda env folder (the user may point at either)."""
    p = Path(target).expanduser()
    if p.is_dir():
        for rel in ("bin/python", "bin/python3", "Scripts/python.exe", "python.exe"):
            if (p / rel).exists():
                return str(p / rel)
    if not p.exists() and os.sep not in target and "/" not in target:
        found = shutil.which(target)
        if found:
            return found
    return str(p)


# -- conda ---------------------------------------------------------------------------------------


def find_conda(environ: Mapping[str, str]) -> tuple[str, str] | None:
    """(executable, kind) of the first conda / mamba / micromamba found, or None (cheap: no subprocess)."""
    cands: list[str] = []
    for var in ("CONDA_EXE", "MAMBA_EXE"):
        if environ.get(var):
            cands.append(environ[var])
    for name in ("conda", "mamba", "micromamba"):
        found = shutil.which(name, path=environ.get("PATH"))
        if found:
            cands.append(found)
    home = Path.home()
    for root in ("miniforge3", "miniconda3", "anaconda3", "mambaforge", "micromamba"):
        cands.append(str(home / root / ("Scripts/conda.exe" if sys.platform == "win32" else "bin/conda")))
    cands.append("/opt/conda/bin/conda")
    for c in cands:
        if c and os.path.isfile(c):
            base = os.path.basename(c).lower()
            kind = "micromamba" if "micromamba" in base else "mamba" if "mamba" in base else "conda"
            return c, kind
    return None


def _conda_meta_version(prefix: Path, package: str) -> str | None:
    for f in sorted(glob.glob(str(prefix / "conda-meta" / f"{package}-[0-9]*.json"))):
        m = re.match(rf"{re.escape(package)}-(\d[^-]*)-", os.path.basename(f))
        if m:
            return m.group(1)
    return None


def _detect_conda(timeout: float, environ: Mapping[str, str]) -> tuple[CondaInfo | None, list[Note]]:
    found = find_conda(environ)
    if found is None:
        return None, []
    exe, kind = found
    notes: list[Note] = []
    info = CondaInfo(executable=exe, kind=kind)
    exe_path = Path(exe).resolve()
    root = exe_path.parent.parent  # <root>/bin/conda, <root>/Scripts/conda.exe, <root>/condabin/conda
    if kind == "conda":
        info.version = _conda_meta_version(root, "conda")
    paths: list[str] = []
    try:
        rc, out, err = run_command([exe, "env", "list", "--json"], timeout=timeout)
        if rc != 0:
            raise RuntimeError((err or out).strip()[-400:] or f"exit code {rc}")
        paths = [str(p) for p in json.loads(out).get("envs", [])]
    except (ProbeTimeout, OSError, RuntimeError, ValueError, AttributeError) as exc:
        notes.append(_note("conda-failed", f"{exe} env list --json: {exc}"))
        envs_txt = Path.home() / ".conda" / "environments.txt"
        try:
            paths = [line.strip() for line in envs_txt.read_text(encoding="utf-8").splitlines() if line.strip()]
        except OSError:
            paths = []
    for p in paths:
        pp = Path(p)
        name = "base" if pp.parent.name != "envs" else pp.name
        info.envs.append(CondaEnv(name=name, path=p, python_version=_conda_meta_version(pp, "python")))
    if kind == "micromamba" and info.version is None:
        try:
            rc, out, _ = run_command([exe, "--version"], timeout=timeout)
            info.version = out.strip() or None if rc == 0 else None
        except (ProbeTimeout, OSError):
            pass
    return info, notes


# -- NVIDIA driver and GPUs ----------------------------------------------------------------------


def _s(value: Any) -> str:
    return value.decode("utf-8", "replace") if isinstance(value, bytes) else str(value)


def cuda_int_to_str(value: int) -> str:
    """NVML/CUDA driver API integer (12040) -> '12.4'."""
    return f"{value // 1000}.{(value % 1000) // 10}"


# Fixed parts of driver-detection details (English in the report; translated by note_detail()).
_NVML_NOT_FOUND = N_("the NVML library (libnvidia-ml / nvml.dll, part of the NVIDIA driver) was not found")
_NVML_NOT_LOADED = N_("the NVIDIA kernel driver is not loaded")
_NVML_MISMATCH = N_("the NVIDIA kernel module and libraries have different versions (reboot after a driver update)")
_NVML_NO_PERMISSION = N_("no permission to open the NVIDIA device files")
_SMI_NOT_FOUND = N_("not found")
_NO_PCI_GPU = N_("no NVIDIA GPU is visible on this machine's PCI bus")
_NVML_NO_DEVICES = N_("the NVIDIA driver is running but finds no GPU")
DETAIL_TEXTS = frozenset(
    (_NVML_NOT_FOUND, _NVML_NOT_LOADED, _NVML_MISMATCH, _NVML_NO_PERMISSION, _SMI_NOT_FOUND, _NO_PCI_GPU,
     _NVML_NO_DEVICES)
)


class _NoDriver(Exception):
    """NVML (or nvidia-smi) says there is no usable driver; the message is the reason, ``state`` what it means
    (host_model.DRIVER_STATES), ``nvml_version`` the NVML library version when it was said."""

    def __init__(self, reason: str, state: str = "failed", nvml_version: str | None = None) -> None:
        super().__init__(reason)
        self.state = state
        self.nvml_version = nvml_version


def _nvml_reason(problem: Any) -> tuple[str, str]:
    """The host report's words for why NVML is not up, and the driver state it means
    (``core.monitor.nvml.NotAvailable`` -> (reason, state))."""
    from tfgpu_wizard.core.monitor import nvml

    reasons = {
        nvml.NA_LIBRARY_NOT_FOUND: (_NVML_NOT_FOUND, "not-installed"),
        nvml.NA_DRIVER_NOT_LOADED: (_NVML_NOT_LOADED, "not-loaded"),
        nvml.NA_VERSION_MISMATCH: (_NVML_MISMATCH, "needs-reboot"),
        nvml.NA_NO_PERMISSION: (_NVML_NO_PERMISSION, "no-permission"),
        nvml.NA_NO_DEVICES: (_NVML_NO_DEVICES, "no-devices"),
    }
    hit = reasons.get(getattr(problem, "code", None))
    return hit if hit else ((getattr(problem, "detail", "") or str(problem)), "failed")


def _mib(n: int | None) -> int | None:
    return int(n) // (1 << 20) if n else None


def _driver_from_nvml() -> tuple[DriverInfo, list[GpuInfo]]:
    """Driver and GPUs from NVML, through ``core.monitor.nvml`` (the one module that imports pynvml)."""
    from tfgpu_wizard.core.monitor import nvml

    st = nvml.status()
    if not st.ok:
        problem = st.problem
        nvml.shutdown()  # forget the failure: a later detection (a driver installed meanwhile) tries again
        if getattr(problem, "code", None) == nvml.NA_NO_BINDINGS:
            raise RuntimeError("the pynvml module (package nvidia-ml-py) is not installed")
        reason, state = _nvml_reason(problem)
        raise _NoDriver(reason, state)
    info = DriverInfo(present=True, source="nvml")
    # nvmlSystemGetDriverVersion is the documented call on every driver (610's nvidia-smi renamed the field it
    # prints, not the NVML call); its answer is checked like nvidia-smi's, a trailing "[...]" note dropped.
    info.version = clean_driver_version(st.driver_version) if isinstance(st.driver_version, str) else None
    info.cuda_version = st.cuda_driver_version if isinstance(st.cuda_driver_version, str) else None
    info.nvml_version = st.nvml_version if isinstance(st.nvml_version, str) else None
    gpus = []
    for i in range(st.device_count):
        d = nvml.device_info(i)
        if not isinstance(d, nvml.DeviceInfo):
            gpus.append(GpuInfo(index=i, name=f"(unreadable: {d})"))
            continue
        gpus.append(GpuInfo(
            index=i, name=d.name or "unknown NVIDIA GPU", uuid=d.uuid or None,
            memory_total_mib=_mib(d.memory_total),
            compute_capability=d.compute_capability, pci_bus_id=d.pci_bus_id or None,
            compute_capability_source="nvml" if d.compute_capability else None,
            mig_enabled=d.mig_enabled,
            mig_devices=[MigDeviceInfo(index=m.index, gpu_instance_id=m.gpu_instance_id,
                                       compute_instance_id=m.compute_instance_id,
                                       memory_total_mib=_mib(m.memory_total), uuid=m.uuid or None,
                                       name=m.name or None) for m in d.mig_devices],
        ))
    info.state = "working" if gpus else "no-devices"
    return info, gpus


def find_nvidia_smi(environ: Mapping[str, str]) -> str | None:
    found = shutil.which("nvidia-smi", path=environ.get("PATH"))
    if found:
        return found
    cands = ["/usr/lib/wsl/lib/nvidia-smi", "/usr/bin/nvidia-smi"]
    if sys.platform == "win32":
        sysroot = environ.get("SystemRoot", r"C:\Windows")
        cands = [
            os.path.join(sysroot, "System32", "nvidia-smi.exe"),
            os.path.join(environ.get("ProgramFiles", r"C:\Program Files"), "NVIDIA Corporation", "NVSMI", "nvidia-smi.exe"),
        ]
    return next((c for c in cands if os.path.isfile(c)), None)


def _driver_from_smi(smi: str, timeout: float) -> tuple[DriverInfo, list[GpuInfo], list[str]]:
    """nvidia-smi's XML report first (host_smi.read_smi); its values are checked before they are believed.
    Returns the driver, the GPUs and the problems nvidia-smi reported besides its answer."""
    try:
        res: SmiResult = read_smi(smi, lambda cmd: run_command(cmd, timeout=timeout))
    except ProbeTimeout as exc:
        raise _NoDriver(f"nvidia-smi: {exc}") from None
    except SmiFailed as exc:
        raise _NoDriver(f"nvidia-smi: {exc}", exc.state, exc.nvml_version) from None
    info = DriverInfo(present=True, version=res.driver_version, cuda_version=res.cuda_version, source="nvidia-smi",
                      state="working" if res.gpus else "no-devices")
    return info, res.gpus, res.problems


def nvidia_pci_devices(root: str = "/sys/bus/pci/devices") -> list[str]:
    """PCI addresses of NVIDIA display/3D controllers (Linux sysfs): hardware present, driver or not."""
    out = []
    try:
        entries = sorted(os.listdir(root))
    except OSError:
        return out
    for dev in entries:
        try:
            vendor = Path(root, dev, "vendor").read_text().strip()
            klass = Path(root, dev, "class").read_text().strip()
        except OSError:
            continue
        if vendor == "0x10de" and klass.startswith("0x03"):
            out.append(dev)
    return out


# When NVML and nvidia-smi disagree about a driver that does not work, the more specific word wins.
_STATE_ORDER = ("needs-reboot", "no-permission", "not-loaded", "no-devices", "failed", "not-installed")
_STATE_NOTES = {
    "not-installed": "no-nvidia-driver", "no-devices": "driver-no-gpus", "needs-reboot": "driver-needs-reboot",
    "not-loaded": "driver-not-loaded", "no-permission": "driver-no-permission", "failed": "driver-failed",
}


def _detect_driver(timeout: float, environ: Mapping[str, str]) -> tuple[DriverInfo, list[GpuInfo], list[Note]]:
    notes: list[Note] = []
    reasons: list[str] = []
    states: list[str] = []
    nvml_version: str | None = None
    problems: list[str] = []
    nvml_failed = False
    try:
        info, gpus = _driver_from_nvml()
    except (_NoDriver, RuntimeError) as exc:
        nvml_failed = True
        reasons.append(f"NVML: {exc}")
        states.append(exc.state if isinstance(exc, _NoDriver) else "not-installed")
        smi = find_nvidia_smi(environ)
        if smi is None:
            reasons.append("nvidia-smi: " + _SMI_NOT_FOUND)
            info, gpus = DriverInfo(present=False), []
        else:
            try:
                info, gpus, problems = _driver_from_smi(smi, timeout)
            except (_NoDriver, OSError) as exc2:
                reasons.append(str(exc2) if isinstance(exc2, _NoDriver) else f"nvidia-smi: {exc2}")
                if isinstance(exc2, _NoDriver):
                    states.append(exc2.state)
                    nvml_version = exc2.nvml_version
                else:  # nvidia-smi is there but would not start (too many open files, no permission, ...):
                    states.append("failed")  # not "No NVIDIA driver was found" (drills-3 N31)
                info, gpus = DriverInfo(present=False), []
    kernel = _kernel_module_version()
    info.kernel_module_version = kernel
    if not info.present:
        state = min(states, key=_STATE_ORDER.index) if states else "not-installed"
        info.state = state
        info.nvml_version = info.nvml_version or nvml_version
        if state == "no-devices":
            # The driver answers, it only has no GPU: present, its version from the kernel module where known.
            info.present, info.version = True, clean_driver_version(kernel)
            info.source = "nvidia-smi" if any(r.startswith("nvidia-smi") for r in reasons) else "nvml"
        elif sys.platform.startswith("linux"):
            pci = nvidia_pci_devices()
            if os.path.isdir("/sys/bus/pci/devices") and not environ.get("WSL_DISTRO_NAME"):
                info.nvidia_pci_gpus = len(pci)
            if pci:
                reasons.append(f"an NVIDIA GPU is on the PCI bus ({', '.join(pci)}) but no driver is working for it")
            elif os.path.isdir("/sys/bus/pci/devices") and not environ.get("WSL_DISTRO_NAME"):
                reasons.append(_NO_PCI_GPU)
        if state == "needs-reboot":
            versions = [f"libraries {info.nvml_version}" if info.nvml_version else "",
                        f"kernel module {kernel}" if kernel else ""]
            if any(versions):
                reasons.append(", ".join(v for v in versions if v))
        info.error = "; ".join(reasons)
        notes.append(_note("no-nvidia-gpu" if info.no_nvidia_gpu else _STATE_NOTES[state], info.error))
        return info, gpus, notes
    if nvml_failed:
        notes.append(_note("nvml-unavailable", "; ".join(reasons)))
    if problems:
        notes.append(_note("nvidia-smi-problem", "; ".join(problems)))
    if not gpus:
        info.state = "no-devices"
        notes.append(_note("driver-no-gpus", f"driver {info.version}" if info.version else ""))
    for g in gpus:
        if g.compute_capability is None:
            cc = compute_capability_for(g.name)
            if cc:
                g.compute_capability, g.compute_capability_source = cc, "product name"
        if g.mig_enabled:
            sizes = ", ".join(f"{m.memory_total_mib} MiB" if m.memory_total_mib else "?" for m in g.mig_devices)
            if g.mig_devices:
                notes.append(_note("gpu-mig-enabled", f"GPU {g.index} ({g.name}): {len(g.mig_devices)} MIG devices "
                                                      f"({sizes})"))
            else:
                notes.append(_note("gpu-mig-no-devices", f"GPU {g.index} ({g.name})"))
    if kernel and info.version and kernel != info.version:
        notes.append(_note("kernel-module-mismatch", f"kernel module {kernel}, libraries {info.version}"))
    return info, gpus, notes


def _kernel_module_version() -> str | None:
    try:
        text = Path("/proc/driver/nvidia/version").read_text(errors="replace")
    except OSError:
        return None
    m = re.search(r"Kernel Module(?: for [\w-]+)?\s+([0-9]+\.[0-9.]+)", text)
    return m.group(1) if m else None


# -- CUDA toolkit and cuDNN ----------------------------------------------------------------------

_EXE = ".exe" if sys.platform == "win32" else ""


def _toolkit_homes(environ: Mapping[str, str]) -> list[str]:
    homes = [environ[v] for v in ("CUDA_HOME", "CUDA_PATH", "CUDA_ROOT") if environ.get(v)]
    if sys.platform == "win32":
        pf = environ.get("ProgramFiles", r"C:\Program Files")
        homes += sorted(glob.glob(os.path.join(pf, "NVIDIA GPU Computing Toolkit", "CUDA", "v*")), reverse=True)
    else:
        homes += ["/usr/local/cuda"] + sorted(glob.glob("/usr/local/cuda-*"), key=_vkey, reverse=True) + ["/opt/cuda"]
    return homes


def _vkey(path: str) -> tuple[int, ...]:
    return _vtuple(path.rsplit("-", 1)[-1])


def _nvcc_release(text: str) -> str | None:
    m = re.search(r"release\s+([0-9]+\.[0-9]+)", text)
    return m.group(1) if m else None


def _detect_toolkit(timeout: float, environ: Mapping[str, str]) -> tuple[ToolkitInfo | None, list[Note]]:
    notes: list[Note] = []
    nvccs: list[str] = []
    on_path = shutil.which("nvcc", path=environ.get("PATH"))
    if on_path:
        nvccs.append(on_path)
    for home in _toolkit_homes(environ):
        cand = os.path.join(home, "bin", "nvcc" + _EXE)
        if os.path.isfile(cand):
            nvccs.append(cand)
    if not nvccs:
        return None, notes
    nvcc = nvccs[0]
    # Which toolkit folder it belongs to: CUDA_HOME/CUDA_PATH if they hold it, else nvcc's ../ (links resolved).
    home: str | None = None
    real = os.path.realpath(nvcc)
    for h in _toolkit_homes(environ):
        if os.path.realpath(os.path.join(h, "bin", "nvcc" + _EXE)) == real:
            home = h
            break
    if home is None:
        home = _toolkit_home_of(real)
    version = None
    try:
        rc, out, err = run_command([nvcc, "--version"], timeout=timeout)
        version = _nvcc_release(out + err) if rc == 0 else None
        if version is None:
            notes.append(_note("nvcc-failed", f"{nvcc}: exit code {rc}. {(err or out).strip()[-300:]}"))
    except (ProbeTimeout, OSError) as exc:
        notes.append(_note("nvcc-failed", f"{nvcc}: {exc}"))
    if version is None and home:
        version = _toolkit_version_file(home)
    distinct = sorted({os.path.realpath(h) for h in (_toolkit_home_of(os.path.realpath(n)) for n in nvccs) if h})
    if len(distinct) > 1:
        notes.append(_note("several-toolkits", ", ".join(distinct)))
    return ToolkitInfo(version=version, nvcc=nvcc, cuda_home=home), notes


def _is_toolkit(home: str) -> bool:
    return os.path.isfile(os.path.join(home, "include", "cuda.h")) or os.path.isdir(os.path.join(home, "nvvm"))


def _toolkit_home_of(nvcc: str) -> str | None:
    """The toolkit folder of an nvcc: its ``../``, or for a small shim script the nvcc it execs."""
    parent = os.path.dirname(os.path.dirname(nvcc))
    if _is_toolkit(parent):
        return parent
    try:
        if os.path.getsize(nvcc) < 4096:
            with open(nvcc, "rb") as fh:
                text = fh.read().decode("utf-8", "replace")
            if text.startswith("#!"):
                for m in re.finditer(r"([^\s'\"]+)[/\\]bin[/\\]nvcc\b", text):
                    if _is_toolkit(m.group(1)):
                        return m.group(1)
    except OSError:
        pass
    return None


def _toolkit_version_file(home: str) -> str | None:
    try:
        data = json.loads(Path(home, "version.json").read_text(encoding="utf-8"))
        return ".".join(str(data["cuda"]["version"]).split(".")[:2])
    except (OSError, ValueError, KeyError, TypeError):
        pass
    try:
        m = re.search(r"([0-9]+\.[0-9]+)", Path(home, "version.txt").read_text(encoding="utf-8"))
        return m.group(1) if m else None
    except OSError:
        return None


def parse_cudnn_header(text: str) -> str | None:
    """'#define CUDNN_MAJOR 9' ... -> '9.3.0' (cudnn_version.h, or cudnn.h before cuDNN 8)."""
    parts = []
    for key in ("CUDNN_MAJOR", "CUDNN_MINOR", "CUDNN_PATCHLEVEL"):
        m = re.search(rf"#define\s+{key}\s+(\d+)", text)
        if not m:
            break
        parts.append(m.group(1))
    return ".".join(parts) if parts else None


def _detect_cudnn(timeout: float, environ: Mapping[str, str]) -> CudnnInfo | None:
    dirs = []
    if environ.get("CUDNN_PATH"):
        dirs.append(os.path.join(environ["CUDNN_PATH"], "include"))
    dirs += [os.path.join(h, "include") for h in _toolkit_homes(environ)]
    dirs += ["/usr/include", "/usr/include/x86_64-linux-gnu", "/usr/include/aarch64-linux-gnu", "/usr/local/include"]
    for d in dirs:
        for header in ("cudnn_version.h", "cudnn.h"):
            path = os.path.join(d, header)
            try:
                text = Path(path).read_text(encoding="utf-8", errors="replace")
            except OSError:
                continue
            version = parse_cudnn_header(text)
            if version:
                return CudnnInfo(version=version, path=path)
    if sys.platform == "win32":
        for d in environ.get("PATH", "").split(os.pathsep) + [os.path.join(h, "bin") for h in _toolkit_homes(environ)]:
            for dll in sorted(glob.glob(os.path.join(d, "cudnn64_*.dll"))):
                m = re.search(r"cudnn64_(\d+)\.dll", dll)
                return CudnnInfo(version=m.group(1) if m else None, path=dll)
        return None
    if sys.platform.startswith("linux"):
        ldconfig = shutil.which("ldconfig") or ("/sbin/ldconfig" if os.path.exists("/sbin/ldconfig") else None)
        if ldconfig:
            try:
                rc, out, _ = run_command([ldconfig, "-p"], timeout=timeout)
            except (ProbeTimeout, OSError):
                return None
            m = re.search(r"libcudnn\.so\.(\d+(?:\.\d+)*)\s.*=>\s*(\S+)", out)
            if rc == 0 and m:
                return CudnnInfo(version=m.group(1), path=m.group(2))
    return None


# -- environment variables -----------------------------------------------------------------------

_ENV_KEYS = ("CUDA_VISIBLE_DEVICES", "CUDA_DEVICE_ORDER", "CUDA_HOME", "CUDA_PATH", "CUDA_ROOT", "CUDNN_PATH",
             "XLA_FLAGS", "CONDA_PREFIX", "CONDA_DEFAULT_ENV", "VIRTUAL_ENV", "NVIDIA_VISIBLE_DEVICES")

# Terraform also uses TF_*; these are its variables, not TensorFlow's.
_TERRAFORM_PREFIXES = ("TF_CLI_", "TF_VAR_", "TF_LOG", "TF_INPUT", "TF_DATA_DIR", "TF_WORKSPACE", "TF_IN_AUTOMATION",
                       "TF_REGISTRY_", "TF_TOKEN_", "TF_PLUGIN_CACHE", "TF_IGNORE", "TF_APPEND_USER_AGENT",
                       "TF_STATE_PERSIST")


def cut_value(value: str, limit: int = 200) -> str:
    """A variable's value as a sentence may quote it: whole when short, else its start and how long it is (the
    report's JSON keeps it whole)."""
    return value if len(value) <= limit else f"{value[:limit]}… ({len(value):,} characters)"


def detect_env(environ: Mapping[str, str]) -> tuple[dict[str, str], list[Note]]:
    """The CUDA/TensorFlow-related environment variables as set, and what they imply.

    ``LD_LIBRARY_PATH`` and ``PATH`` are kept only with their CUDA/cuDNN/NVIDIA entries.
    """
    env: dict[str, str] = {}
    notes: list[Note] = []
    for key in _ENV_KEYS:
        if key in environ:
            env[key] = environ[key]
    for key in sorted(environ):
        if key.startswith("TF_") and not key.startswith(_TERRAFORM_PREFIXES):
            env[key] = environ[key]
    for key in ("LD_LIBRARY_PATH", "PATH"):
        entries = [e for e in environ.get(key, "").split(os.pathsep) if re.search(r"cuda|cudnn|nvidia", e, re.I)]
        if entries:
            env[key] = os.pathsep.join(entries)
    cvd = environ.get("CUDA_VISIBLE_DEVICES")
    if cvd is not None:
        first = cvd.strip().split(",")[0].strip()
        shown = cut_value(cvd)  # a note quotes it; a 40 KB value was printed whole (drills-3 note N14)
        if cvd.strip() in ("", "-1") or cvd.strip().startswith("-1"):
            notes.append(_note("cuda-visible-devices-hides-all", f"CUDA_VISIBLE_DEVICES={shown!r}"))
        elif not (first.isdigit() or first.upper().startswith(("GPU-", "MIG-"))):
            # CUDA reads the list up to the first entry that is not a GPU: "abc" (or "-2") hides every GPU
            notes.append(_note("cuda-visible-devices-invalid", f"CUDA_VISIBLE_DEVICES={cut_value(cvd, 80)!r}"))
        else:
            notes.append(_note("cuda-visible-devices-set", f"CUDA_VISIBLE_DEVICES={shown}"))
    growth = environ.get("TF_FORCE_GPU_ALLOW_GROWTH")
    if growth is not None and growth not in ("true", "false"):
        notes.append(_note("tf-allow-growth-invalid", f"TF_FORCE_GPU_ALLOW_GROWTH={growth!r}"))
    if "LD_LIBRARY_PATH" in env:
        notes.append(_note("ld-library-path-cuda", env["LD_LIBRARY_PATH"]))
    return env, notes


# -- the whole report ----------------------------------------------------------------------------


def current_python() -> PythonInfo:
    data = {
        "executable": sys.executable,
        "version": platform.python_version(),
        "implementation": platform.python_implementation(),
        "bits": 64 if sys.maxsize > 2**32 else 32,
        "is_venv": sys.prefix != getattr(sys, "base_prefix", sys.prefix),
        "conda_env": host_pyprobe._conda_env(),
    }
    return _python_from_probe(data)


def detect_host(
    target_python: str | None = None,
    timeout: float = DEFAULT_TIMEOUT,
    environ: Mapping[str, str] | None = None,
) -> HostReport:
    """Detect everything (see the module docstring). Never raises for what it finds on the machine."""
    environ = dict(os.environ if environ is None else environ)
    os_info, os_notes = _detect_os(environ)
    report = HostReport(
        os=os_info,
        python=current_python(),
        driver=DriverInfo(present=False),
        created=datetime.now(timezone.utc).astimezone().isoformat(timespec="seconds"),
        tool_version=__version__,
    )
    report.notes.extend(os_notes)
    report.env, env_notes = detect_env(environ)

    jobs: dict[str, Callable[[], Any]] = {
        "driver": lambda: _detect_driver(timeout, environ),
        "target": lambda: _detect_target(target_python, timeout, os_info.system),
        "conda": lambda: _detect_conda(timeout, environ),
        "toolkit": lambda: _detect_toolkit(timeout, environ),
        "cudnn": lambda: _detect_cudnn(timeout, environ),
    }
    results: dict[str, Any] = {}
    pool = concurrent.futures.ThreadPoolExecutor(max_workers=len(jobs), thread_name_prefix="tfgpu-host")
    futures = {pool.submit(fn): name for name, fn in jobs.items()}
    # Every external command has its own timeout; this outer limit only catches an in-process hang (NVML).
    done, pending = concurrent.futures.wait(futures, timeout=3 * timeout + 5)
    for fut in done:
        name = futures[fut]
        try:
            results[name] = fut.result()
        except Exception as exc:  # noqa: BLE001 - a bug or a platform quirk: keep the rest of the report
            report.notes.append(_note("probe-failed", f"{name}: {type(exc).__name__}: {exc}"))
    for fut in pending:
        report.notes.append(_note("probe-timeout", futures[fut]))
    pool.shutdown(wait=not pending, cancel_futures=True)

    if "driver" in results:
        report.driver, report.gpus, notes = results["driver"]
        report.notes.extend(notes)
    else:
        report.driver = DriverInfo(present=False, error="driver detection did not complete")
    if "target" in results:
        report.target_python, report.tensorflow, notes = results["target"]
        report.notes.extend(notes)
    if "conda" in results:
        report.conda, notes = results["conda"]
        report.notes.extend(notes)
    if "toolkit" in results:
        report.cuda_toolkit, notes = results["toolkit"]
        report.notes.extend(notes)
    report.cudnn = results.get("cudnn")
    report.notes.extend(env_notes)
    _cross_checks(report)
    report.notes = sorted_notes(report.notes)
    return report


def _cross_checks(report: HostReport) -> None:
    tk = report.cuda_toolkit
    drv = report.driver
    if tk and tk.version and drv.present and drv.cuda_version and _vtuple(tk.version) > _vtuple(drv.cuda_version):
        report.notes.append(
            _note("toolkit-newer-than-driver", f"nvcc CUDA {tk.version}, driver supports CUDA {drv.cuda_version}")
        )


# -- explanation of the two CUDA versions --------------------------------------------------------


def explain_cuda_versions(report: HostReport) -> list[str]:
    """The classic confusion, for this host: driver CUDA (nvidia-smi) vs toolkit CUDA (nvcc).

    Returns short paragraphs in the current language; the GUI shows them as they are.
    """
    out: list[str] = []
    drv, tk = report.driver, report.cuda_toolkit
    if drv.present and drv.cuda_version:
        out.append(
            tr(CTX, "Driver: your NVIDIA driver {driver} can run programs built for CUDA {cuda} or older. "
                    "This is the \"CUDA Version\" that nvidia-smi prints: an upper limit, not an installed CUDA.")
            .format(driver=drv.version, cuda=drv.cuda_version)
        )
    elif drv.present and drv.version and drv.effective_state() == "working":
        out.append(tr(CTX, "Driver: NVIDIA driver {driver} is installed; the highest CUDA it supports could not be read.")
                   .format(driver=drv.version))
    elif drv.no_nvidia_gpu:
        out.append(tr(CTX, "Driver: this computer has no NVIDIA GPU, so it needs no NVIDIA driver and has no driver "
                           "CUDA version; TensorFlow uses the CPU here."))
    elif drv.effective_state() == "not-installed":
        out.append(tr(CTX, "Driver: no NVIDIA driver was found, so there is no driver CUDA version yet. "
                           "The driver is the one thing every install method needs: install it first."))
    else:  # there is a driver, but it does not work as it is: say what it is doing and what to do
        out.append(tr(CTX, "Driver: {message} {advice}").format(message=drv.state_message(),
                                                                advice=drv.state_advice()).rstrip())
    if tk and tk.version:
        out.append(
            tr(CTX, "Toolkit: a CUDA toolkit {version} is installed ({where}); this is what nvcc --version prints. "
                    "It is separate from the driver and is not what TensorFlow normally uses.")
            .format(version=tk.version, where=tk.cuda_home or tk.nvcc or "?")
        )
    else:
        out.append(tr(CTX, "Toolkit: no CUDA toolkit (nvcc) was found. That is fine: most installs do not need one."))
    out.append(
        tr(CTX, "Which one matters: with pip (tensorflow[and-cuda]) and with conda, TensorFlow brings its own CUDA "
                "and cuDNN libraries, so only the driver matters: it must support the CUDA that TensorFlow was built "
                "with. With Docker the image brings them too; the host needs the driver and the NVIDIA Container "
                "Toolkit. A system toolkit matters only to build TensorFlow from source, or for TensorFlow 2.10 and "
                "older on native Windows, where CUDA and cuDNN are installed by hand.")
    )
    if tk and tk.version and drv.cuda_version and _vtuple(tk.version) > _vtuple(drv.cuda_version):
        out.append(
            tr(CTX, "Mismatch: your toolkit (CUDA {toolkit}) is newer than your driver supports (CUDA {driver}). "
                    "Programs compiled with it will not run until the driver is updated.")
            .format(toolkit=tk.version, driver=drv.cuda_version)
        )
    return out
