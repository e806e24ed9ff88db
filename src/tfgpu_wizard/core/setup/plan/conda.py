"""The conda recipe: an environment with the era's Python (and CUDA packages where the era has them), the
documented fixes, TensorFlow from pip inside it, and activate.d/deactivate.d scripts for its variables."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from tfgpu_wizard.core.i18n import tr
from tfgpu_wizard.core.setup import shells
from tfgpu_wizard.core.setup.host_model import HostReport
from tfgpu_wizard.core.setup.matrix import DataText, EnvOp, Fix, Recipe
from tfgpu_wizard.core.setup.plan.model import COPY_CODE, PlanFileText, Why, fill, is_windows, join_path
from tfgpu_wizard.core.setup.plan.script import Plan
from tfgpu_wizard.core.setup.plan.target import conda_exe
from tfgpu_wizard.core.setup.shells import EnvValue, PlanFile, Step, Var

CTX = "plan"  # translation context (tests/test_i18n_coverage.py reads it here)


def _env_ops(plan: Plan, ops: Sequence[EnvOp], values: Mapping[str, str | None]) -> None:
    sep = ";" if is_windows(plan.platform) else ":"
    for op in ops:
        name = op.name
        if op.python_module_dir:
            rel = op.python_module_dir.replace(".", "/")
            if is_windows(plan.platform):
                val: EnvValue = (Var("CONDA_PREFIX"), "\\Lib\\site-packages\\" + rel.replace("/", "\\"))
            else:
                val = (Var("CONDA_PREFIX"), f"/lib/python{plan.python_version}/site-packages/{rel}")
        else:
            text = fill(op.value or "", values) or ""
            val = shells.env_value(text)
            kind = op.op
            if kind == "append":
                val = (Var(name, trail=sep), *val)
            elif kind == "prepend":
                val = (*val, Var(name, lead=sep))
        plan.env[name] = val


def conda_steps(
    plan: Plan,
    host: HostReport | None,
    recipe: Recipe,
    fixes: Mapping[str, Fix],
    values: Mapping[str, str | None],
    xla_fix: bool | None,
) -> None:
    """conda: ``conda create`` with the era's packages, the recipe's fixes, pip inside, activate.d scripts."""
    win = is_windows(plan.platform)
    fam = shells.family(plan.shell)
    conda = conda_exe(plan, host)
    batch = fam == "cmd" and (conda == "conda" or conda.lower().endswith(".bat"))
    env_py = join_path(plan.platform, plan.prefix, *(("python.exe",) if win else ("bin", "python")))
    plan.env_python = env_py
    channels = list(recipe.conda_channels or ["conda-forge"])
    packages = [p for p in (fill(x, values) for x in recipe.conda) if p]
    chosen = _chosen_fixes(plan, host, recipe, fixes, xla_fix)
    fix_data = [fixes[f] for f in chosen]
    for fx in fix_data:
        for ch in fx.conda_channels:
            if ch not in channels:
                channels.append(ch)
    plan.conda_channels = channels
    plan.conda_packages = packages
    chan_args: list[str] = []
    for ch in recipe.conda_channels or ["conda-forge"]:
        chan_args += ["-c", ch]
    plan.steps.append(
        Step(
            "Create the conda environment {} with Python {} and the CUDA libraries of this TensorFlow."
            if packages
            else "Create the conda environment {} with Python {} only (TensorFlow comes from pip, in a later step).",
            argv=(
                conda,
                "create",
                "--yes",
                "--prefix",
                plan.prefix,
                *chan_args,
                f"python={plan.python_version}",
                *packages,
            ),
            explain_args=(plan.prefix, plan.python_version),
            batch=batch,
        )
    )
    for fx in fix_data:
        _fix_steps(plan, fx, conda, env_py, values, batch)
    plan.steps.append(
        Step(
            "Install TensorFlow and its pinned companions with the environment's pip.",
            argv=(env_py, "-m", "pip", "install", "-r", PlanFile("requirements.txt")),
        )
    )
    ops = list(recipe.activate_env)
    # recipe variables first, fix variables after (XLA_FLAGS), as in the published instructions
    fix_env = dict(plan.env)
    plan.env.clear()
    _env_ops(plan, ops, values)
    plan.env.update(fix_env)
    if plan.env:
        _activate_scripts(plan, env_py)
        plan.why.append(
            Why(
                "conda runs etc/conda/activate.d on 'conda activate' and deactivate.d on 'conda deactivate': "
                "they set {} and put the old values back.",
                (", ".join(plan.env),),
            )
        )
    plan.usage.append(
        ("call " if fam == "cmd" else "") + "conda activate " + shells.quote(plan.prefix, plan.shell)
    )


def _chosen_fixes(
    plan: Plan, host: HostReport | None, recipe: Recipe, fixes: Mapping[str, Fix], xla_fix: bool | None
) -> list[str]:
    """The recipe's optional fixes this plan applies (``xla_fix`` None: where they apply); a note per one
    left out."""
    chosen = [f for f in recipe.optional_fixes if xla_fix is True or (xla_fix is None and _fix_applies(f, host))]
    for f in recipe.optional_fixes:
        if f not in chosen and xla_fix is None:
            os_info = host.os if host is not None else None
            plan.why.append(
                Why(
                    "Left out: '{}' (tensorflow.org gives it for Ubuntu 22.04; this machine is {}).",
                    (DataText(fixes[f].title if f in fixes else f),
                     str(((os_info.version or os_info.system) if os_info is not None else None) or "?")),
                    "note",
                )
            )
    return chosen


def _fix_steps(
    plan: Plan, fx: Fix, conda: str, env_py: str, values: Mapping[str, str | None], batch: bool
) -> None:
    """A fix's steps: its conda packages, its file copies; its variables go to the activate.d scripts."""
    pk = list(fx.conda_packages)
    if pk:
        chs: list[str] = []
        for ch in fx.conda_channels:
            chs += ["-c", ch]
        plan.steps.append(
            Step(
                "Fix: {} (install {}).",
                argv=(conda, "install", "--yes", "--prefix", plan.prefix, *chs, *pk),
                explain_args=(DataText(fx.title), ", ".join(pk)),
                batch=batch,
            )
        )
    for cp in fx.copies:
        src = (fill(cp.source, values) or "").replace("${CONDA_PREFIX}", plan.prefix)
        dst = (fill(cp.to_dir, values) or "").replace("${CONDA_PREFIX}", plan.prefix)
        plan.steps.append(
            Step("Copy {} to {}.", argv=(env_py, "-c", COPY_CODE, src, dst), explain_args=(src, dst))
        )
    _env_ops(plan, fx.activate_env, values)


def _fix_applies(fix_id: str, host: HostReport | None) -> bool:
    """The XLA libdevice fix is tensorflow.org's for Ubuntu 22.04; without a host report it is kept."""
    if fix_id != "xla-libdevice" or host is None:
        return True
    return (host.os.distro or "").lower() == "ubuntu" and (host.os.distro_version or "").startswith("22.04")


def _activate_scripts(plan: Plan, env_py: str) -> None:
    if is_windows(plan.platform):
        kinds = [("cmd", "bat"), ("powershell", "ps1")]
    else:
        kinds = [("bash", "sh")] + ([("powershell", "ps1")] if plan.shell == "powershell" else [])
    for sh, ext in kinds:
        for phase in ("activate", "deactivate"):
            lines: list[str] = []
            for name, value in plan.env.items() if phase == "activate" else reversed(list(plan.env.items())):
                if phase == "activate":
                    lines += shells.save_and_set_env(name, value, sh)
                else:
                    lines += shells.restore_env(name, sh)
            head = shells._comment(
                tr(CTX, "Written by tfgpu-wizard for TensorFlow {}.").format(plan.tensorflow), sh
            )
            if sh == "cmd":
                head = ["@echo off", *head]
            rel = f"conda/{phase}.d/tfgpu-wizard.{ext}"
            text = "\n".join(head + lines) + "\n"
            plan.extra_files[rel] = PlanFileText(text, shells.file_encoding(sh), shells.newline(sh))
            dest = join_path(plan.platform, plan.prefix, "etc", "conda", f"{phase}.d")
            plan.steps.append(
                Step(
                    "Put the {} script into {}.",
                    argv=(env_py, "-c", COPY_CODE, PlanFile(rel), dest),
                    explain_args=(f"{phase}.d/tfgpu-wizard.{ext}", dest),
                )
            )
