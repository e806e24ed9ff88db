"""What to do instead when no TensorFlow version fits as asked: NVIDIA's NGC container for GPUs no wheel
knows, the newest TensorFlow on the CPU, or the CPU Docker image."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

from tfgpu_wizard.core.setup.host_model import DriverInfo, HostReport
from tfgpu_wizard.core.setup.matrix import Matrix, cc_tuple
from tfgpu_wizard.core.setup.plan.build import build_plan
from tfgpu_wizard.core.setup.plan.model import (
    NGC_IMAGE,
    VERIFY_CODE,
    VERIFY_CPU_CODE,
    PlanError,
    Why,
    shells_for,
)
from tfgpu_wizard.core.setup.plan.script import Plan
from tfgpu_wizard.core.setup.recommend import Recommendation, recommend
from tfgpu_wizard.core.setup.shells import Step


def _cc_major(cc: str | None) -> int:
    try:
        return cc_tuple(cc)[0] if cc else 0
    except ValueError:
        return 0


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


def nothing_fits(rec: Recommendation, host: HostReport | None, matrix: Matrix, shell: str, *,
                 home: str | None = None) -> list[Instead]:
    """What to do instead when ``rec`` (core.setup.recommend.Recommendation) has no usable GPU version, or
    none for ``shell``.

    * a GPU that no official wheel has code for (Blackwell, CC >= 10): NVIDIA's NGC TensorFlow container;
    * a Windows host whose suggested WSL2 plan cannot be written for ``shell`` (PowerShell, cmd): the native
      Windows GPU plan, which that shell runs;
    * any host: the newest TensorFlow on the CPU (pip), when one fits the host's Python and glibc;
    * Linux/WSL2: the CPU Docker image, which needs neither a fitting Python nor a new glibc.

    The first alternative is said as a sentence of its own, the next ones start with "Or".
    """
    out: list[Instead] = []
    platform = rec.platform
    posix = platform in ("linux", "wsl2")
    if rec.gpu_mode and posix and any(_cc_major(g.compute_capability) >= 10 for g in (host.gpus if host else [])):
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
    native = _native_windows(rec, host, matrix, shell, home)
    if native is not None:
        first = not out
        out.append(
            Instead(
                Why(
                    "Use the GPU plan for native Windows, which {} runs: TensorFlow {} with {}:"
                    if first
                    else "Or use the GPU plan for native Windows, which {} runs: TensorFlow {} with {}:",
                    (shell, native.tensorflow, native.method),
                ),
                plan=native,
            )
        )
    cpu_plan = _cpu(host, matrix, shell, home) if host is not None and platform != "other" else None
    if cpu_plan is not None:
        out.append(
            Instead(
                Why(
                    "Run TensorFlow {} on the CPU (slower, but it works here):"
                    if not out
                    else "Or run TensorFlow {} on the CPU (slower, but it works here):",
                    (cpu_plan.tensorflow,),
                ),
                plan=cpu_plan,
            )
        )
    if posix and not any(i.plan is not None for i in out):
        image = "tensorflow/tensorflow:latest"
        out.append(
            Instead(
                Why(
                    "Run TensorFlow on the CPU in Docker (needs Docker; no Python or glibc of this machine is used):"
                    if not out
                    else "Or run TensorFlow on the CPU in Docker (needs Docker; no Python or glibc of this machine is "
                    "used):"
                ),
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


def _native_windows(rec: Recommendation, host: HostReport | None, matrix: Matrix, shell: str,
                    home: str | None) -> Plan | None:
    """The native Windows GPU plan, where the host is Windows and ``shell`` cannot run the WSL2 one."""
    wc = rec.windows_choice
    if wc is None or wc.native is None or wc.native.status == "ruled-out" or shell not in shells_for("windows"):
        return None
    bm = wc.native.best_method
    if bm is None:
        return None
    try:
        return build_plan(wc.native.row, host, bm.method, shell, None, python=bm.python, home=home, matrix=matrix)
    except PlanError:
        return None


def _cpu(host: HostReport, matrix: Matrix, shell: str, home: str | None) -> Plan | None:
    """The newest TensorFlow on the CPU with pip for the host, as recommend ranks it for a machine without GPU."""
    cpu_host = dataclasses.replace(host, driver=DriverInfo(present=False, error="CPU-only plan"), gpus=[])
    best = recommend(matrix, cpu_host).best
    if best is None or shell not in shells_for(best.row.platform):
        return None
    try:
        return build_plan(best.row, host, "pip", shell, None, cpu=True, home=home,
                          python=best.best_method.python if best.best_method else None, matrix=matrix)
    except PlanError:
        return None
