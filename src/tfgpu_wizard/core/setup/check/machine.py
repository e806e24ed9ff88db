"""What in a text does not fit THIS machine (the doctor's ``HostReport``), with the command that does.

The driver against the TensorFlow the text installs, the GPU's compute capability against that wheel's code,
this Python against the wheels (only where the text installs into it), native Windows or macOS against a GPU
recipe, a Docker image's CUDA against the driver, and a GPU image without the NVIDIA Container Toolkit.
The corrected command is the recommendation for this machine (``core.setup.recommend``).
"""

from __future__ import annotations

from dataclasses import dataclass

from tfgpu_wizard.core.i18n import tr
from tfgpu_wizard.core.setup.check.docker import image_cuda, is_gpu_image
from tfgpu_wizard.core.setup.check.extract import Claims
from tfgpu_wizard.core.setup.check.facts import MatrixFacts, vtuple
from tfgpu_wizard.core.setup.check.model import CheckFinding, Ref
from tfgpu_wizard.core.setup.check.rules import Context
from tfgpu_wizard.core.setup.host_model import HostReport
from tfgpu_wizard.core.setup.matrix import driver_tuple
from tfgpu_wizard.core.setup.recommend import host_platform, recommend

CTX = "check"


@dataclass(frozen=True)
class Tools:
    """Programs on this machine that a Docker recipe needs (found on PATH; None: not looked for)."""

    docker: bool | None = None
    container_toolkit: bool | None = None  # nvidia-ctk / nvidia-container-cli / nvidia-container-runtime


def find_tools() -> Tools:
    import shutil

    return Tools(docker=shutil.which("docker") is not None,
                 container_toolkit=any(shutil.which(n) for n in ("nvidia-ctk", "nvidia-container-cli",
                                                                  "nvidia-container-runtime")))


def _best_command(facts: MatrixFacts, host: HostReport) -> str:
    try:
        rec = recommend(facts.matrix, host)
    except Exception:  # noqa: BLE001 - the advice falls back to plain words
        return ""
    best = rec.best
    if best is None:
        return ""
    return f"pip install '{best.row.pip_requirement}'" + (f"  (TensorFlow {best.row.version})")


def check_machine(facts: MatrixFacts, claims: Claims, ctx: Context, host: HostReport | None,
                  tools: Tools | None = None) -> list[CheckFinding]:
    out: list[CheckFinding] = []
    if host is None:
        return out
    plat = host_platform(host)
    refs: list[Ref] = ctx.refs[:1]
    best = None

    def fix() -> str:
        nonlocal best
        if best is None:
            best = _best_command(facts, host) or tr(CTX, "tfgpu-wizard plan shows what fits this machine.")
        return best

    in_docker = any(img.how in ("from", "compose") for img in claims.images)
    lines = ctx.lines if ctx.lines and ctx.pinned and ctx.from_install else []
    if lines and ctx.gpu_intent or lines and ctx.pip_installs_tf and not in_docker:
        # platform: native Windows after 2.10, macOS
        if plat == "windows" and ctx.gpu_intent and all((vtuple(ln) or ()) > (2, 10) for ln in lines):
            out.append(CheckFinding(
                "machine-windows", "error", "machine",
                tr(CTX, "This computer runs native Windows: no GPU for TensorFlow {tf}").format(tf=", ".join(lines)),
                tr(CTX, "TensorFlow 2.10 was the last release with GPU support on native Windows."),
                tr(CTX, "Use WSL2, or TensorFlow 2.10 here; tfgpu-wizard plan shows both."), refs,
                ["DOCS"]))
        if plat == "macos" and ctx.gpu_intent:
            out.append(CheckFinding(
                "machine-macos", "error", "machine", tr(CTX, "This computer is a Mac: there is no CUDA on macOS"),
                tr(CTX, "TensorFlow has no official GPU support on macOS."), "pip install tensorflow", refs,
                ["DOCS"]))
    if lines and not in_docker and plat in ("linux", "wsl2", "windows"):
        drv = host.driver.version if host.driver and host.driver.present else None
        if drv and ctx.gpu_intent or drv and ctx.pip_installs_tf:
            floors = []
            for ln in lines:
                row = facts.row(ln, plat)
                if row.driver is None:
                    floors = []
                    break
                floors.append(row.driver.minor_compat or row.driver.strict)
            if floors and all(driver_tuple(drv) < driver_tuple(f) for f in floors):
                out.append(CheckFinding(
                    "machine-driver", "error", "machine",
                    tr(CTX, "The driver of this computer ({have}) is too old for TensorFlow {tf}").format(
                        have=drv, tf=", ".join(lines)),
                    tr(CTX, "TensorFlow {tf} needs NVIDIA driver {need} or newer.").format(
                        tf=", ".join(lines), need=min(floors, key=driver_tuple)),
                    tr(CTX, "Update the NVIDIA driver, or: {cmd}").format(cmd=fix()), refs, ["NV-RN"]))
        for gpu in host.gpus:
            cc = gpu.compute_capability
            if not cc:
                continue
            kinds = []
            for ln in lines:
                row = facts.row(ln, plat)
                ruled = [d for d in row.defects if d.effect == "rule-out" and d.applies(row, cc)]
                if ruled:
                    kinds.append(("ruled", ruled[0].title))
                elif row.archs is not None:
                    kinds.append((row.archs.support(cc)[0], ""))
                else:
                    kinds.append(("?", ""))
            if kinds and all(k in ("ruled", "too-old") for k, _ in kinds):
                out.append(CheckFinding(
                    "machine-gpu-arch", "error", "machine",
                    tr(CTX, "TensorFlow {tf} does not run on this computer's {gpu} (compute capability {cc})").format(
                        tf=", ".join(lines), gpu=gpu.name, cc=cc),
                    kinds[0][1] or tr(CTX, "The wheel has no GPU code this card can run."), fix(), refs,
                    ["WHEEL"]))
                break
            if kinds and all(k == "jit" for k, _ in kinds):
                out.append(CheckFinding(
                    "machine-gpu-arch", "warning", "machine",
                    tr(CTX, "TensorFlow {tf} has no native code for this computer's {gpu} (compute capability {cc})")
                    .format(tf=", ".join(lines), gpu=gpu.name, cc=cc),
                    tr(CTX, "The GPU kernels are compiled from PTX when TensorFlow starts: the first start takes "
                            "minutes, and some kernels may fail."), fix(), refs, ["WHEEL", "ISSUE #62320"]))
                break
        # this Python, where the text installs TensorFlow into it
        if ctx.pip_command_tf and not ctx.pythons and host.python and host.python.version:
            py = ".".join(host.python.version.split(".")[:2])
            if not any(facts.row(ln, plat).python_ok(py) for ln in lines):
                out.append(CheckFinding(
                    "machine-python", "error", "machine",
                    tr(CTX, "TensorFlow {tf} has no wheel for this computer's Python {py}").format(
                        tf=", ".join(lines), py=py),
                    tr(CTX, "TensorFlow {tf} supports Python {range}; pip here says 'No matching distribution'.")
                    .format(tf=", ".join(lines), range=facts.python_range(lines[0], plat)),
                    tr(CTX, "Create an environment with a Python it supports (conda create -n tf python={best}), "
                            "or: {cmd}").format(best=facts.row(lines[0], plat).python_minors()[-1], cmd=fix()),
                    refs, ["PYPI"]))
    # docker images against the driver and the container toolkit
    drv = host.driver.version if host.driver and host.driver.present else None
    max_cuda = host.driver.cuda_version if host.driver else None
    if drv and not max_cuda:
        max_cuda = facts.matrix.drivers.max_cuda_for(drv, "linux" if plat == "linux" else "windows")
    gpu_images = [img for img in claims.images if is_gpu_image(img) and img.how != "pull"]
    for img in gpu_images:
        got = image_cuda(facts, img)
        if got and max_cuda and (vtuple(got[0]) or ())[:2] > (vtuple(max_cuda) or ())[:2]:
            out.append(CheckFinding(
                "machine-docker-cuda", "error", "machine",
                tr(CTX, "{image} needs CUDA {cuda}; this computer's driver supports CUDA {have} at most").format(
                    image=img.image, cuda=got[0], have=max_cuda),
                tr(CTX, "The container refuses to start ('unsatisfied condition: cuda>={cuda}') until the driver is "
                        "updated.").format(cuda=got[0]),
                tr(CTX, "Update the NVIDIA driver, or use an image with CUDA {have} or older.").format(have=max_cuda),
                [img.ref], ["NV-RN"]))
    if gpu_images and tools is not None and tools.docker and tools.container_toolkit is False and plat == "linux":
        out.append(CheckFinding(
            "machine-container-toolkit", "warning", "machine",
            tr(CTX, "The NVIDIA Container Toolkit is not installed on this computer"),
            tr(CTX, "Docker gives containers the GPU only through the NVIDIA Container Toolkit."),
            tr(CTX, "tfgpu-wizard plan --method docker shows the steps to install it."), [gpu_images[0].ref],
            ["https://docs.nvidia.com/datacenter/cloud-native/container-toolkit/latest/install-guide.html"]))
    return out
