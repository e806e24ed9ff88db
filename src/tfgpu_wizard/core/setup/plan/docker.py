"""The docker recipe: the NVIDIA Container Toolkit, TensorFlow's GPU image and a check that a container sees
the GPU, with the user's folder mounted at /workspace."""

from __future__ import annotations

import re
from collections.abc import Mapping

from tfgpu_wizard.core.i18n import N_, tr
from tfgpu_wizard.core.setup import shells
from tfgpu_wizard.core.setup.host_model import HostReport
from tfgpu_wizard.core.setup.matrix import Recipe
from tfgpu_wizard.core.setup.plan.model import VERIFY_CODE, PlanError, Why, fill
from tfgpu_wizard.core.setup.plan.script import Plan
from tfgpu_wizard.core.setup.shells import Step

CTX = "plan"  # translation context (tests/test_i18n_coverage.py reads it here)


def docker_steps(plan: Plan, host: HostReport | None, recipe: Recipe, values: Mapping[str, str | None]) -> None:
    """docker: the NVIDIA Container Toolkit (apt or the guide), the image, a GPU check in a container."""
    image = fill(recipe.image or "", values)
    if not image:
        raise PlanError(tr(CTX, "No Docker image is known for TensorFlow {}.").format(plan.tensorflow))
    plan.docker_image = image
    run_args = list(recipe.run_args)
    if "nvidia-container-toolkit" in recipe.needs:
        _toolkit_steps(plan, host)
    plan.steps.append(Step("Download the image {}.", argv=("docker", "pull", image), explain_args=(image,)))
    mount = mount_args(plan.prefix, plan.platform) if plan.prefix else []
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


_TOOLKIT_REASON = N_("it installs a system package and reconfigures the Docker daemon")


def _toolkit_steps(plan: Plan, host: HostReport | None) -> None:
    """The NVIDIA Container Toolkit: NVIDIA's apt repository where apt is known to work, else the guide."""
    distro = ((host.os.distro if host is not None else None) or "").lower()
    if distro in ("ubuntu", "debian", "linuxmint", "pop") or host is None:
        plan.steps += _apt_toolkit_steps(_TOOLKIT_REASON)
    else:
        plan.steps.append(
            Step(
                "Install the NVIDIA Container Toolkit for your distribution (see NVIDIA's install guide), "
                "then run 'sudo nvidia-ctk runtime configure --runtime=docker' and restart Docker.",
                admin=True,
                admin_reason=_TOOLKIT_REASON,
                platforms=("linux",),
            )
        )
    if plan.platform == "wsl2":
        plan.why.append(
            Why("With Docker Desktop (WSL2 backend) the GPU support is built in: skip the toolkit steps.", (), "note")
        )


def _apt_toolkit_steps(reason: str) -> list[Step]:
    steps: list[Step] = []
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
    steps.append(
        Step(
            "Add NVIDIA's package repository for the NVIDIA Container Toolkit.",
            snippet={"posix": repo_snippet},
            admin=True,
            admin_reason=reason,
            platforms=("linux",),
        )
    )
    steps.append(
        Step(
            "Refresh the package lists.",
            argv=("sudo", "apt-get", "update"),
            admin=True,
            admin_reason=reason,
            platforms=("linux",),
        )
    )
    steps.append(
        Step(
            "Install the NVIDIA Container Toolkit (lets Docker give containers the GPU).",
            argv=("sudo", "apt-get", "install", "-y", "nvidia-container-toolkit"),
            admin=True,
            admin_reason=reason,
            platforms=("linux",),
        )
    )
    steps.append(
        Step(
            "Register the NVIDIA runtime with Docker.",
            argv=("sudo", "nvidia-ctk", "runtime", "configure", "--runtime=docker"),
            admin=True,
            admin_reason=reason,
            platforms=("linux",),
        )
    )
    steps.append(
        Step(
            "Restart Docker so it picks up the runtime.",
            argv=("sudo", "systemctl", "restart", "docker"),
            admin=True,
            admin_reason=reason,
            platforms=("linux",),
        )
    )
    return steps


def mount_args(folder: str, platform: str) -> list[str]:
    """``-v SRC:/workspace`` unless SRC holds a ':' beyond a drive letter, then ``--mount`` (no ',' allowed)."""
    rest = folder[2:] if re.match(r"^[A-Za-z]:", folder) else folder
    if ":" not in rest:
        return ["-v", f"{folder}:/workspace"]
    if "," in folder:
        raise PlanError(
            tr(CTX, "Docker cannot mount a folder whose name holds both ':' and ',': {}").format(folder)
        )
    return ["--mount", f"type=bind,source={folder},target=/workspace"]
