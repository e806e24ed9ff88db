"""Dockerfile, compose and ``docker run`` checks: TensorFlow's image tags, whether the container gets the GPU.

A ``-gpu`` image without ``--gpus`` (``docker run``) or without a device reservation / ``runtime: nvidia``
(compose) runs on the CPU; a compose device reservation needs ``capabilities``. A TensorFlow image tag whose
version was never published does not exist. Tags the sources cannot decide (``-py3`` forms, 1.x, ``nightly``)
are unknowns.
"""

from __future__ import annotations

import re

from tfgpu_wizard.core.i18n import tr
from tfgpu_wizard.core.setup.check.extract import Claims, Image
from tfgpu_wizard.core.setup.check.facts import MatrixFacts, line_of, vtuple
from tfgpu_wizard.core.setup.check.model import CheckFinding, Unknown

CTX = "check"
TF_IMAGE = "tensorflow/tensorflow"
COMPOSE_GPU_URL = "https://docs.docker.com/compose/how-tos/gpu-support/"
DOCKER_DOCS_URL = "https://www.tensorflow.org/install/docker"
_TAG = re.compile(r"^(?P<ver>\d+\.\d+\.\d+(?:rc\d+)?|latest|nightly)(?P<gpu>-gpu)?(?P<rest>(?:-[\w.]+)*)$")


def tf_tag(tag: str) -> tuple[str, bool, str] | None:
    """("2.15.0" | "latest" | "nightly", gpu, rest like "-jupyter") for a tensorflow/tensorflow tag."""
    m = _TAG.match(tag or "latest")
    if not m:
        return None
    return m.group("ver"), bool(m.group("gpu")), m.group("rest")


def image_cuda(facts: MatrixFacts, img: Image) -> tuple[str, str] | None:
    """(CUDA release, TF line or "") the image holds, where the matrix or the tag says so."""
    if img.repo == "nvidia/cuda":
        m = re.match(r"^(\d+\.\d+)", img.tag)
        return (m.group(1), "") if m else None
    if img.repo == TF_IMAGE:
        t = tf_tag(img.tag)
        if not t or not t[1]:
            return None
        ln = facts.newest if t[0] == "latest" else line_of(t[0])
        if facts.known(ln):
            cuda = facts.row(ln or "").cuda
            return (cuda, ln or "") if cuda else None
    return None


def is_gpu_image(img: Image) -> bool:
    if img.repo == TF_IMAGE:
        t = tf_tag(img.tag)
        return bool(t and t[1])
    return img.repo in ("nvidia/cuda", "nvcr.io/nvidia/tensorflow")


def check_docker(facts: MatrixFacts, claims: Claims) -> tuple[list[CheckFinding], list[Unknown]]:
    findings: list[CheckFinding] = []
    unknowns: list[Unknown] = []
    for img in claims.images:
        if img.repo != TF_IMAGE:
            continue
        t = tf_tag(img.tag)
        if t is None:
            unknowns.append(Unknown(img.ref, img.image, tr(CTX, "This tag form is not in the sources; whether it "
                                                                "exists is not checked.")))
            continue
        ver, gpu, rest = t
        if ver in ("latest", "nightly"):
            if ver == "nightly":
                unknowns.append(Unknown(img.ref, img.image, tr(CTX, "A nightly image changes every day.")))
            continue
        tv = vtuple(ver.split("rc")[0]) or ()
        if tv and tv[0] < 2:
            unknowns.append(Unknown(img.ref, img.image,
                                    tr(CTX, "TensorFlow 1.x is older than the matrix (2.0 and later).")))
            continue
        exists = facts.exists(ver)
        if exists is False:
            ln = line_of(ver) or ""
            known = sorted(facts.published(ln))
            alt = f"{known[-1]}{'-gpu' if gpu else ''}{rest}" if known else f"latest{'-gpu' if gpu else ''}"
            findings.append(CheckFinding(
                "docker-tag", "error", "sources",
                tr(CTX, "The image {image} does not exist").format(image=img.image),
                tr(CTX, "TensorFlow {v} was never published, so there is no image with that tag.").format(v=ver),
                f"{TF_IMAGE}:{alt}", [img.ref], ["PYPI"]))
        elif "py3" in rest and tv >= (2, 2):
            unknowns.append(Unknown(img.ref, img.image, tr(CTX, "This tag form is not in the sources; whether it "
                                                                "exists is not checked.")))
    # does the container get the GPU?
    for img in claims.images:
        if img.how == "run" and is_gpu_image(img) and not img.gpu_flag:
            cmd = img.ref.text
            fixed = re.sub(r"\b(docker\s+(?:container\s+)?run)\b", r"\1 --gpus all", cmd, count=1)
            findings.append(CheckFinding(
                "docker-no-gpus", "warning", "sources",
                tr(CTX, "This container gets no GPU"),
                tr(CTX, "docker run gives a container the GPU only with --gpus (NVIDIA Container Toolkit); without "
                        "it TensorFlow in {image} runs on the CPU.").format(image=img.image),
                fixed, [img.ref], [DOCKER_DOCS_URL]))
    for svc in claims.services:
        if svc.devices_without_caps is not None:
            findings.append(CheckFinding(
                "compose-capabilities", "error", "sources",
                tr(CTX, "A device reservation without capabilities"),
                tr(CTX, "Compose requires 'capabilities' in deploy.resources.reservations.devices; without it the "
                        "service does not start."),
                "capabilities: [gpu]", [svc.devices_without_caps], [COMPOSE_GPU_URL]))
        elif svc.image is not None and is_gpu_image(svc.image) and not svc.gpu:
            findings.append(CheckFinding(
                "compose-no-gpu", "warning", "sources",
                tr(CTX, "The service {name} gets no GPU").format(name=svc.name),
                tr(CTX, "{image} is a GPU image, but the service reserves no GPU device (deploy.resources."
                        "reservations.devices with capabilities: [gpu]) and has no runtime: nvidia: TensorFlow "
                        "runs on the CPU.").format(image=svc.image.image),
                "deploy:\n  resources:\n    reservations:\n      devices:\n        - driver: nvidia\n"
                "          count: all\n          capabilities: [gpu]",
                [svc.image.ref, svc.ref], [COMPOSE_GPU_URL]))
    return findings, unknowns
