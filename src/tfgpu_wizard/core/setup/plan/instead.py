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
    """What to do instead when ``rec`` (core.setup.recommend.Recommendation) has no usable GPU version.

    * a GPU that no official wheel has code for (Blackwell, CC >= 10): NVIDIA's NGC TensorFlow container;
    * any host: the newest TensorFlow on the CPU (pip), when one fits the host's Python and glibc;
    * Linux/WSL2: the CPU Docker image, which needs neither a fitting Python nor a new glibc.
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
    if host is not None and platform != "other":
        cpu_host = dataclasses.replace(host, driver=DriverInfo(present=False, error="CPU-only plan"), gpus=[])
        cpu_rec = recommend(matrix, cpu_host)
        best = cpu_rec.best
        if best is not None and shell in shells_for(best.row.platform):
            try:
                cpu_plan = build_plan(best.row, host, "pip", shell, None, cpu=True, home=home,
                                      python=best.best_method.python if best.best_method else None, matrix=matrix)
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
