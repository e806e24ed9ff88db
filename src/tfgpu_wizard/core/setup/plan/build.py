"""``build_plan``: one matrix row + a host + a method + a shell -> the Plan (or a PlanError saying why not)."""

from __future__ import annotations

import os

from tfgpu_wizard.core.i18n import tr
from tfgpu_wizard.core.setup import shells
from tfgpu_wizard.core.setup.host_model import HostReport
from tfgpu_wizard.core.setup.matrix import Matrix, Recipe, Row, load_matrix
from tfgpu_wizard.core.setup.plan import conda, docker, steps, target, venv, wording
from tfgpu_wizard.core.setup.plan.lock import lock_driver_check, lock_for_plan
from tfgpu_wizard.core.setup.plan.model import METHODS, PlanError, Why, fill
from tfgpu_wizard.core.setup.plan.script import Plan

CTX = "plan"  # translation context (tests/test_i18n_coverage.py reads it here)

# A CPU-only conda plan: a conda env for the Python only, plain TensorFlow from pip (no CUDA libraries).
CPU_CONDA_RECIPE = Recipe(
    id="conda-python-pip-cpu",
    method="conda",
    title="conda environment for the Python version only; TensorFlow (CPU) from pip inside it",
    python_from="conda",
    pip=("{pip_requirement}", "{numpy_pin}"),
    conda_channels=("conda-forge",),
    needs=("conda",),
    derived=True,
)


def build_plan(
    row: Row,
    host: HostReport | None,
    method: str,
    shell: str,
    prefix: str | os.PathLike[str] | None = None,
    *,
    keras2: bool = False,
    python: str | None = None,
    xla_fix: bool | None = None,
    cpu: bool = False,
    home: str | None = None,
    lock: bool = True,
    index_url: str | None = None,
    offline: bool = False,
    matrix: Matrix | None = None,
) -> Plan:
    """Make the plan for one matrix row. Raises PlanError with a clear message for impossible choices.

    ``keras2``: add tf-keras and TF_USE_LEGACY_KERAS=1 (TF >= 2.16). ``python``: force a Python X.Y.
    ``xla_fix``: for the conda recipes that list the XLA libdevice fix (None: where it applies, i.e. the
    host is Ubuntu 22.04, or no host is given). ``cpu``: a CPU-only install (plain ``tensorflow``, no
    CUDA wheels, no driver step; pip only), for a target without a usable NVIDIA driver.
    ``home``: the target's home folder for the default ``prefix`` (else read from the host report).
    ``matrix``: the matrix ``row`` comes from, for its fixes, CPU recipe and driver tables (default: the
    shipped one).
    """
    if method not in METHODS:
        raise PlanError(tr(CTX, "Unknown method {!r}: choose pip, uv, conda or docker.").format(method))
    target.check_shell(row.platform, shell)
    matrix = matrix if matrix is not None else load_matrix()
    recipe = _recipe(row, method, cpu, matrix)
    prefix_s = target.resolve_prefix(prefix, row.platform, row.tensorflow, method, host, cpu, home)
    requirement = target.cpu_requirement(row.pip_requirement) if cpu else row.pip_requirement
    values: dict[str, str | None] = {
        "pip_requirement": requirement or None,
        "numpy_pin": row.numpy.pin,
        "docker_tag": row.docker_tag,
        "cuda": row.cuda,
        "cudnn": row.cudnn,
        "version": row.version,
    }
    plan = Plan(
        tensorflow=target.installed_version(requirement, row.version, row.tensorflow)
        if method != "docker" else row.version,
        line=row.tensorflow,
        platform=row.platform,
        method=method,
        shell=shell,
        prefix=prefix_s,
        python_version="",
        env_python="",
        cpu=cpu,
    )
    wording.intro(plan, row, recipe, requirement, values, host)
    steps.wsl_steps(plan, host)
    if not cpu:
        steps.driver_steps(plan, row, host, recipe)
    if method == "docker":
        docker.docker_steps(plan, host, recipe, values)
    else:
        _environment(plan, row, host, recipe, values, matrix, keras2=keras2, python=python, xla_fix=xla_fix,
                     lock=lock, index_url=index_url, offline=offline)
    wording.caveats(plan, row, host)
    _check_quoting(plan)
    return plan


def _recipe(row: Row, method: str, cpu: bool, matrix: Matrix) -> Recipe:
    """The recipe template of ``method`` for the row (uv installs the pip recipe); the CPU ones for ``cpu``."""
    if cpu and method == "docker":
        raise PlanError(tr(CTX, "A CPU-only install uses pip or conda; docker is for the GPU build."))
    if cpu:
        recipe = CPU_CONDA_RECIPE if method == "conda" else matrix.recipes.get("pip-cpu")
    else:
        recipe = row.methods.get("pip" if method == "uv" else method)
    if recipe is None:
        raise PlanError(
            tr(CTX, "TensorFlow {} on {} cannot be installed with {}; possible methods: {}.").format(
                row.version, row.platform, method, ", ".join(sorted(row.methods)) or "-"
            )
        )
    return recipe


def _environment(
    plan: Plan,
    row: Row,
    host: HostReport | None,
    recipe: Recipe,
    values: dict[str, str | None],
    matrix: Matrix,
    *,
    keras2: bool,
    python: str | None,
    xla_fix: bool | None,
    lock: bool,
    index_url: str | None,
    offline: bool,
) -> None:
    """The steps of a pip, uv or conda plan: the Python, the requirements (and lock), the method's steps,
    the workarounds and the checks."""
    py, host_fits = target.choose_python(row, host, python)
    plan.python_version = py
    plan.requirements = _requirements(plan, row, recipe, values, keras2)
    plan.index_url = index_url or ""
    plan.offline = offline
    if plan.method in ("pip", "uv") and lock:
        host_fits = _attach_lock(plan, row, host, python, host_fits, matrix)
    if offline and plan.method not in ("pip", "uv"):
        raise PlanError(tr(CTX, "The offline variant is for pip and uv plans."))
    if plan.method == "pip":
        venv.pip_steps(plan, row, host, host_fits)
    elif plan.method == "uv":
        venv.uv_steps(plan, host_fits)
    else:
        conda.conda_steps(plan, host, recipe, matrix.fixes, values, xla_fix)
    if not plan.cpu:
        steps.defect_steps(plan, row)
    steps.nvidia_lib_path_steps(plan, row)
    steps.verify_steps(plan, host)


def _requirements(plan: Plan, row: Row, recipe: Recipe, values: dict[str, str | None], keras2: bool) -> list[str]:
    """The recipe's pip lines, the row's companion pins, tf-keras for ``keras2``; their why-lines."""
    reqs = [r for r in (fill(x, values) for x in recipe.pip) if r]
    # companion pins of the row (protobuf<3.20 for 2.0-2.5; the CUDA wheels of 2.14, not for a CPU install)
    reqs += [c for c in row.companions if c not in reqs and not (plan.cpu and c.startswith("nvidia-"))]
    if keras2:
        if not row.keras.legacy_package:
            raise PlanError(
                tr(CTX, "TensorFlow {} already uses Keras 2; the Keras 2 option is for TF 2.16 and newer.").format(
                    row.version
                )
            )
        reqs.append(row.keras.legacy_package)
        for k, v in row.keras.legacy_env.items():
            plan.env[k] = (str(v),)
        plan.why.append(
            Why("Keras 2 kept: tf-keras is installed and TF_USE_LEGACY_KERAS=1 is set in the environment file.")
        )
    if row.numpy.pin:
        plan.why.append(Why("{} is pinned: NumPy 2 breaks TensorFlow before 2.18.", (row.numpy.pin,)))
    return reqs


def _attach_lock(
    plan: Plan, row: Row, host: HostReport | None, python: str | None, host_fits: bool, matrix: Matrix
) -> bool:
    """The recorded lock of a pip/uv plan, its notes and its driver check; whether the host's Python still fits."""
    plan.lock, host_fits = lock_for_plan(plan, row, host, python, host_fits, plan.cpu)
    wording.lock_notes(plan)
    lock_driver_check(plan, row, host, matrix.drivers)
    return host_fits


def _check_quoting(plan: Plan) -> None:
    """Quote every step now, so an unrepresentable path fails here with a clear message, not later."""
    for st in plan.steps:
        try:
            st.command(plan.shell)
        except shells.ShellError as exc:
            raise PlanError(str(exc)) from None
