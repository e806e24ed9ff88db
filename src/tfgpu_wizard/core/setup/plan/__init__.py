"""Install plans: one matrix row + a host + a method + a shell -> the steps and files to install TensorFlow.

Public API (stable; ``commands/plan.py`` and the GUI's Setup page build on it)::

    from tfgpu_wizard.core.setup.plan import build_plan, write_plan, Plan, PlanError, METHODS, SHELLS_FOR, shells_for

    plan = build_plan(row, host, "pip", "bash", prefix="/home/ana/tf env")   # Plan, or PlanError
    plan.steps            # list[shells.Step]: argv or snippet, explanation, admin flag + reason, platforms
    plan.script()         # the install script text for plan.shell (install.sh / install.ps1 / install.cmd)
    plan.files()          # {relative name: PlanFileText(text, encoding, newline)} -- everything write_plan writes
    plan.paste_steps()    # the steps as commands that work when pasted (no files beside them)
    plan.env              # {NAME: EnvValue} set on activation (env file, conda activate.d)
    plan.requirements     # pinned pip requirement lines
    plan.env_python       # the Python of the new environment ("" for docker)
    plan.why              # list[Why]: what was chosen and why (Why.text() translates)
    plan.to_dict()        # JSON-able summary (``plan --json``)
    write_plan(plan, folder, force=False) -> list[Path]   # atomic; PlanExistsError if a file was edited
    nothing_fits(rec, host, matrix, shell) -> list[Instead]   # what to do when no version fits

``row`` is a ``core.setup.matrix.Row``; ``host`` a ``HostReport`` or None (then nothing host-specific is
assumed). Methods: ``pip`` (venv), ``uv`` (the pip recipe with uv), ``conda`` (the era's recipe incl.
activate.d/deactivate.d scripts), ``docker`` (tensorflow/tensorflow:X-gpu). Every plan ends with checks: on
this machine ``tfgpu-wizard verify --python <env python>`` (by this interpreter's path); for another computer's
report a one-liner of the new environment's Python (``VERIFY_GPU_CODE``; the wizard is not installed there);
then the plain ``python -c "import tensorflow as tf; print(tf.config.list_physical_devices('GPU'))"``.

Shells per platform (``SHELLS_FOR``; ``shells_for(platform)`` -> tuple, the first is the default):
linux/macos rows -> bash, zsh, powershell (pwsh); wsl2 rows -> bash, zsh (the commands run inside WSL);
windows rows -> powershell, cmd. Anything else is a PlanError that says why.

The modules, by what they do (each imports only from the lines below it; import-linter checks it):

    instead              nothing_fits: the NGC container, TensorFlow on the CPU, the CPU Docker image
    build | write        build_plan (row + host + method + shell -> Plan); write_plan (files, manifest)
    venv | conda | docker    the recipes: pip and uv; conda; docker
    steps | wording      steps every method shares (driver, WSL, workarounds, checks); the why-lines
    lock | target        the recorded lock, offline download; the target machine (shells, home, prefix, Python)
    script               Plan: the steps and what they become (script, env file, requirements, README, JSON)
    model                errors, Why, Lock, constants, target paths
"""

from tfgpu_wizard.core.setup.plan.build import build_plan
from tfgpu_wizard.core.setup.plan.instead import Instead, nothing_fits
from tfgpu_wizard.core.setup.plan.lock import find_lock, lock_cuda, resolution_recording
from tfgpu_wizard.core.setup.plan.model import (
    METHODS,
    NGC_IMAGE,
    SHELLS_FOR,
    VERIFY_CODE,
    VERIFY_CPU_CODE,
    VERIFY_GPU_CODE,
    Lock,
    LockedPackage,
    PlanError,
    PlanExistsError,
    PlanFileText,
    Why,
    shells_for,
)
from tfgpu_wizard.core.setup.plan.script import Plan
from tfgpu_wizard.core.setup.plan.target import (
    default_prefix,
    default_prefix_name,
    installed_version,
    target_home,
)
from tfgpu_wizard.core.setup.plan.wording import uv_speedup
from tfgpu_wizard.core.setup.plan.write import write_plan
from tfgpu_wizard.core.setup.shells import PlanFile

__all__ = [
    "METHODS",
    "NGC_IMAGE",
    "SHELLS_FOR",
    "VERIFY_CODE",
    "VERIFY_CPU_CODE",
    "VERIFY_GPU_CODE",
    "Instead",
    "Lock",
    "LockedPackage",
    "Plan",
    "PlanError",
    "PlanExistsError",
    "PlanFile",
    "PlanFileText",
    "Why",
    "build_plan",
    "default_prefix",
    "default_prefix_name",
    "find_lock",
    "installed_version",
    "lock_cuda",
    "nothing_fits",
    "resolution_recording",
    "shells_for",
    "target_home",
    "uv_speedup",
    "write_plan",
]
