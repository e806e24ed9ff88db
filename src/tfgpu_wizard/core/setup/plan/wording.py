"""What a plan says about itself (its why-lines): the recipe chosen, pre-release and CPU-only warnings, the
lock's notes, the known issues and notes of the row that concern this install, the measured uv speed-up."""

from __future__ import annotations

import json
from typing import Any

from tfgpu_wizard.core.paths import resources_dir
from tfgpu_wizard.core.setup.host_model import (
    DRIVER_INSTALLED_STATES,
    DRIVER_STATE_MESSAGES,
    HostReport,
    driver_state_of,
)
from tfgpu_wizard.core.setup.matrix import DataText, Defect, Recipe, Row
from tfgpu_wizard.core.setup.plan.model import Why, fill
from tfgpu_wizard.core.setup.plan.script import Plan


def intro(plan: Plan, row: Row, recipe: Recipe, requirement: str, values: dict[str, str | None],
          host: HostReport | None = None) -> None:
    """The first lines: pre-release, CPU only, which recipe and whether it is derived."""
    state = driver_state_of(host.driver) if host is not None and host.driver is not None else None
    if row.prerelease:
        plan.why.append(
            Why("TensorFlow {} is a pre-release: expect bugs, and pin it only on purpose.", (row.version,), "warning")
        )
    if plan.cpu and plan.platform == "macos":
        plan.why.append(Why("macOS has no CUDA: this installs plain {}, which runs on the CPU.", (requirement,)))
    elif plan.cpu and state in DRIVER_INSTALLED_STATES:
        # A driver that is there but not working: say what it needs (a restart, the card...), not "install it".
        plan.why.append(Why(DRIVER_STATE_MESSAGES[state], (), "warning"))
        plan.why.append(
            Why("Until then this installs plain {}, which runs on the CPU; plan again for the GPU build once the "
                "driver works.", (requirement,), "note")
        )
    elif plan.cpu:
        plan.why.append(
            Why(
                "CPU only: the target has no usable NVIDIA driver, so this installs plain {} without the CUDA "
                "libraries. Install the NVIDIA driver first and plan again for the GPU build.",
                (requirement,),
                "warning",
            )
        )
    plan.why.append(Why("Recipe: {}.", (DataText(fill(recipe.title, values) or ""),)))
    if recipe.derived:
        plan.why.append(
            Why("This recipe is derived from the sources, not published as-is by TensorFlow.", (), "note")
        )


def lock_notes(plan: Plan) -> None:
    """What the plan installs from when the recording has no lock for it, or a lock without hashes."""
    if plan.lock is None:
        plan.why.append(
            Why(
                "No recorded resolution matches this plan, so it installs from the loose requirements.txt "
                "(versions are chosen at install time).",
                (),
                "note",
            )
        )
    elif not plan.lock.hashed:
        plan.why.append(
            Why(
                "The lock has no hashes: {} have no wheel and are built from source during install, so "
                "this plan cannot be installed offline or with --only-binary.",
                (", ".join(plan.lock.sdist_only),),
                "note",
            )
        )


def _concerns_gpus(d: Defect, row: Row, ccs: list[str]) -> bool:
    """GPU-specific defects only concern a host with such a GPU."""
    if not d.gpu_cc_min and not d.gpu_cc_max:
        return True
    for cc in ccs:
        try:
            if d.applies(row, cc):
                return True
        except ValueError:  # a compute capability the report got wrong
            continue
    return False


def caveats(plan: Plan, row: Row, host: HostReport | None) -> None:
    """The row's known issues that concern this install (and this host's GPUs), then the row's notes."""
    ccs = [str(g.compute_capability) for g in (host.gpus if host is not None else []) if g.compute_capability]
    for d in row.defects:
        if not _concerns_gpus(d, row, ccs):
            continue
        if plan.cpu and not d.cpu_install:
            continue  # GPU library problems (cuDNN, ptxas, the and-cuda pins) do not concern a CPU-only install
        if d.effect in ("caveat", "info") and d.title:
            plan.why.append(Why("Known issue: {} - {}", (DataText(d.title), DataText(d.workaround)), "note"))
    for n in row.notes:
        plan.why.append(Why("{}", (DataText(str(n)),), "note"))  # matrix.json text, shown translated


def uv_speedup() -> dict[str, Any] | None:
    """The newest recording of benchmarks/bench_install.py (pip vs uv, fresh venv, cold and warm cache):
    the ratios and where and when they were measured."""
    found = sorted((resources_dir() / "recordings").glob("bench-install-*.json"))
    if not found:
        return None
    try:
        data = json.loads(found[-1].read_text(encoding="utf-8"))
        return {"cold": float(data["ratio"]["cold"]), "warm": float(data["ratio"]["warm"]),
                "requirement": str(data["requirement"]), "date": str(data["recorded_at"])[:10],
                "cpus": str(int(data["cpus"])), "machine": str(data["machine"]), "recording": found[-1].name,
                "what": f"{data['requirement']}, {data['recorded_at'][:10]}"}
    except (OSError, ValueError, KeyError, TypeError):
        return None


def uv_speed(plan: Plan) -> None:
    """The measured uv speed-up, said as what it is: one measurement on another machine, indicative."""
    speed = uv_speedup()
    if speed:
        plan.why.append(
            Why(
                "Indicative: uv installed {} {}x as fast as pip with a cold cache (up to {}x with a warm one), "
                "measured once on a {}-core {} Linux machine on {} ({}); your network and disk decide here.",
                (speed["requirement"], f"{speed['cold']:.1f}", f"{speed['warm']:.1f}", speed["cpus"],
                 speed["machine"], speed["date"], speed["recording"]),
                "note",
            )
        )
