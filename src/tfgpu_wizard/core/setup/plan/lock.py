"""The lock: the fully pinned, hash-checked set a pip/uv plan installs, from the labelled recording of
tools/check_plans.py (resources/recordings/plan-resolution-*.json), and what follows from it: the driver the
locked CUDA runtime needs, the install source (``-r requirements.lock``) and the offline download step.
"""

from __future__ import annotations

import functools
import json
import os
import re
from collections.abc import Sequence
from pathlib import Path, PurePosixPath, PureWindowsPath
from typing import Any

from tfgpu_wizard.core.i18n import tr
from tfgpu_wizard.core.paths import resources_dir
from tfgpu_wizard.core.setup.host_model import HostReport
from tfgpu_wizard.core.setup.matrix import DriverTables, Row
from tfgpu_wizard.core.setup.plan.model import Lock, LockedPackage, PlanError, Why, is_windows, join_path
from tfgpu_wizard.core.setup.plan.script import Plan
from tfgpu_wizard.core.setup.shells import PlanFile, Step
from tfgpu_wizard.core.versions import release

CTX = "plan"  # translation context (tests/test_i18n_coverage.py reads it here)


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


def machine_for(row: Row, host: HostReport | None) -> str:
    """The CPU architecture of the target for the lock (x86_64 except on macOS, where the report says)."""
    machines = [str(m) for m in (row.machines or ("x86_64",))]
    if row.platform != "macos":
        return "x86_64"
    mach = (host.os.machine if host is not None else "").lower()
    mach = {"aarch64": "arm64", "amd64": "x86_64"}.get(mach, mach)
    return mach if mach in machines else machines[0]


def find_lock(
    row: Row, host: HostReport | None, python: str, requirements: Sequence[str], cpu: bool = False
) -> Lock | None:
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
    key = (row.tensorflow, row.platform, machine_for(row, host), python, cpu)
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
            LockedPackage(name, version, tuple((f, h) for f, h in files))
            for name, version, files in res["packages"]
        ),
        sdist_only=tuple(res.get("sdist_only", [])),
        recorded_on=str(data.get("recorded_on", "")),
        resolver=str(data.get("resolver", "")).split(" pip compile")[0],
        recording=rec.name,
    )


def _not_offered(lock: Lock | None) -> bool:
    return lock is not None and not lock.installable


def lock_for_plan(
    plan: Plan, row: Row, host: HostReport | None, requested: str | None, host_fits: bool, cpu: bool
) -> tuple[Lock | None, bool]:
    """The lock for the plan's Python; if the recording says that Python cannot install the plan, the
    newest Python of the row that can (unless the user asked for that Python: then a PlanError)."""
    lock = find_lock(row, host, plan.python_version, plan.requirements, cpu)
    if not _not_offered(lock):
        return lock, host_fits
    assert lock is not None
    if requested:
        raise PlanError(
            tr(CTX, "TensorFlow {} with Python {} is not offered: {}").format(
                plan.tensorflow, plan.python_version, lock.reason
            )
        )
    for py in reversed(row.python_minors()):
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
        tr(CTX, "TensorFlow {} is not offered on {}: {}").format(
            plan.tensorflow, plan.platform, lock.reason
        )
    )


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


def lock_driver_check(plan: Plan, row: Row, host: HostReport | None, drivers: DriverTables) -> None:
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
    floor = drivers.minor_compat_min(cuda, os_key)
    own = drivers.strict_min(cuda, os_key)
    runtime = plan.lock.version_of(f"nvidia-cuda-runtime-cu{cuda.split('.')[0]}") if plan.lock else None
    plan.cuda_runtime = cuda
    if cuda != (row.cuda or ""):
        plan.why.append(
            Why(
                "The lock installs the CUDA {} runtime (nvidia-cuda-runtime {}), not the CUDA {} TensorFlow was "
                "built with: pip resolves the and-cuda ranges to the newest 12.x wheels.",
                (cuda, runtime or "?", row.cuda or "?"),
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
    driver = host.driver if host is not None else None
    version = (driver.version or "") if driver is not None and driver.present else ""
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


def index_args(plan: Plan) -> tuple[str, ...]:
    return ("--index-url", plan.index_url) if plan.index_url else ()


def install_source(plan: Plan) -> tuple[str | PlanFile, ...]:
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


def wheelhouse(plan: Plan) -> str:
    return join_path(plan.platform, str(PurePosixPath(plan.prefix).parent) if not is_windows(plan.platform)
                     else str(PureWindowsPath(plan.prefix).parent), PurePosixPath(plan.prefix).name + "-wheels")


def offline_steps(plan: Plan) -> None:
    lock = plan.lock
    if lock is None:
        raise PlanError(
            tr(CTX, "An offline plan needs the lock of TensorFlow {} with Python {}, and none is recorded.").format(
                plan.tensorflow, plan.python_version
            )
        )
    if not lock.hashed:
        raise PlanError(
            tr(CTX, "TensorFlow {} with Python {} cannot be installed offline: {}").format(
                plan.tensorflow, plan.python_version, lock.reason
            )
        )
    house = wheelhouse(plan)
    plan.steps.append(
        Step(
            "Download the wheels (on a computer with internet, any OS with pip): every file of requirements.lock "
            "for the target, into {}. Then copy that folder to the same place on the target, and this plan's "
            "folder with it.",
            argv=(
                "python3" if not is_windows(plan.platform) else "py",
                "-m", "pip", "download", "--no-deps", "--require-hashes", *_pip_platform_args(lock),
                *index_args(plan), "-d", house, "-r", PlanFile("requirements.lock"),
            ),
            explain_args=(house,),
            elsewhere=True,
        )
    )
    plan.why.append(
        Why(
            "Offline: the files are downloaded on a computer with internet and installed on the target with "
            "--no-index --find-links {}; the install script never uses the network there.",
            (house,),
        )
    )
