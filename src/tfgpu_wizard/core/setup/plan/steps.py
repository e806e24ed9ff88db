"""Steps and notes that every install method shares: the prerequisites (driver, system CUDA, Windows
runtime, WSL), the known-defect workaround, the LD_LIBRARY_PATH hook of TF 2.21's pip wheels, the checks
at the end."""

from __future__ import annotations

from tfgpu_wizard.core.i18n import tr
from tfgpu_wizard.core.paths import cli_argv
from tfgpu_wizard.core.setup import shells
from tfgpu_wizard.core.setup.host_model import (
    DRIVER_INSTALLED_STATES,
    DRIVER_STATE_ADVICE,
    DRIVER_STATE_MESSAGES,
    HostReport,
    driver_state_of,
)
from tfgpu_wizard.core.setup.matrix import DataText, Recipe, Row
from tfgpu_wizard.core.setup.plan.model import (
    VERIFY_CODE,
    VERIFY_CPU_CODE,
    VERIFY_GPU_CODE,
    PlanFileText,
    Why,
)
from tfgpu_wizard.core.setup.plan.script import Plan
from tfgpu_wizard.core.setup.plan.target import conda_exe, host_system, is_this_machine
from tfgpu_wizard.core.setup.shells import PlanFile, Step

CTX = "plan"  # translation context (tests/test_i18n_coverage.py reads it here)


def wsl_steps(plan: Plan, host: HostReport | None) -> None:
    """A WSL2 plan made from a Windows report (or none): enable WSL first; the driver stays on Windows."""
    if plan.platform != "wsl2" or host_system(host) == "wsl2":
        return
    plan.steps.append(
        Step(
            "Enable WSL 2 on Windows (once): in PowerShell started as administrator run 'wsl --install', then restart.",
            admin=True,
            admin_reason="enabling a Windows feature needs an administrator PowerShell on Windows",
            platforms=("windows",),
        )
    )
    plan.why.append(
        Why(
            "WSL2: install the NVIDIA driver on Windows only. Never install a Linux NVIDIA driver inside WSL; "
            "it breaks the GPU passthrough (/usr/lib/wsl/lib).",
            (),
            "warning",
        )
    )


_NVIDIA_LIB_PATH_HOOK = r'''"""Add every site-packages/nvidia/*/lib to LD_LIBRARY_PATH in the venv's bin/activate (and take it out again on
deactivate). Written by tfgpu-wizard. Run it with the environment's Python; running it again replaces the block.

TensorFlow 2.21 with the pip CUDA wheels does not find libcusolver.so.11 unless LD_LIBRARY_PATH names those
folders (measured on an H200). Works for venvs made by python -m venv and by uv venv (bash and zsh).
"""
import glob
import os
import shlex
import sys
import sysconfig

BEGIN = "# >>> tfgpu-wizard nvidia lib path >>>"
END = "# <<< tfgpu-wizard nvidia lib path <<<"
site = sysconfig.get_paths()["purelib"]
dirs = sorted(d for d in glob.glob(os.path.join(site, "nvidia", "*", "lib")) if os.path.isdir(d))
if not dirs:
    sys.exit("no nvidia/*/lib folders in " + site)
activate = os.path.join(os.path.dirname(sys.executable), "activate")
with open(activate, encoding="utf-8") as fh:
    text = fh.read()
if BEGIN in text:
    text = text[: text.index(BEGIN)].rstrip("\n") + "\n" + text[text.index(END) + len(END):].lstrip("\n")
value = shlex.quote(":".join(dirs))
block = """{begin}
if [ -z "${{TFGPU_WIZARD_OLD_LD_LIBRARY_PATH+x}}" ]; then
  if [ -n "${{LD_LIBRARY_PATH+x}}" ]; then export TFGPU_WIZARD_OLD_LD_LIBRARY_PATH="=${{LD_LIBRARY_PATH}}"; else export TFGPU_WIZARD_OLD_LD_LIBRARY_PATH=""; fi
fi
export LD_LIBRARY_PATH={value}"${{TFGPU_WIZARD_OLD_LD_LIBRARY_PATH:+:${{TFGPU_WIZARD_OLD_LD_LIBRARY_PATH#=}}}}"
eval "$(typeset -f deactivate | sed '1s/^deactivate/_tfgpu_wizard_deactivate/')"
deactivate () {{
  if [ -n "${{TFGPU_WIZARD_OLD_LD_LIBRARY_PATH+x}}" ]; then
    if [ -n "${{TFGPU_WIZARD_OLD_LD_LIBRARY_PATH}}" ]; then export LD_LIBRARY_PATH="${{TFGPU_WIZARD_OLD_LD_LIBRARY_PATH#=}}"; else unset LD_LIBRARY_PATH; fi
    unset TFGPU_WIZARD_OLD_LD_LIBRARY_PATH
  fi
  _tfgpu_wizard_deactivate "$@"
  if [ "${{1:-}}" != nondestructive ]; then unset -f _tfgpu_wizard_deactivate; fi
}}
{end}
""".format(begin=BEGIN, end=END, value=value)
with open(activate, "w", encoding="utf-8") as fh:
    fh.write(text.rstrip("\n") + "\n" + block)
print("bin/activate now puts %d nvidia/*/lib folders on LD_LIBRARY_PATH" % len(dirs))
'''


def nvidia_lib_path_steps(plan: Plan, row: Row) -> None:
    if not row.needs_nvidia_lib_path or plan.cpu or plan.method not in ("pip", "uv"):
        return
    plan.extra_files["nvidia_lib_path.py"] = PlanFileText(_NVIDIA_LIB_PATH_HOOK)
    plan.steps.append(
        Step(
            "Make activating the environment put the pip NVIDIA libraries on LD_LIBRARY_PATH (deactivate "
            "restores it); TensorFlow {} does not find libcusolver without it.",
            argv=(plan.env_python, PlanFile("nvidia_lib_path.py")),
            explain_args=(plan.tensorflow,),
            platforms=("linux",),
        )
    )
    plan.why.append(
        Why(
            "TensorFlow {} finds the pip CUDA libraries only when LD_LIBRARY_PATH names every nvidia/*/lib "
            "folder: the venv's activate script sets it, so activate the environment before you run TensorFlow "
            "(the checks below do).",
            (plan.tensorflow,),
            "warning",
        )
    )


# Runs argv[1:] with LD_LIBRARY_PATH = every nvidia/*/lib of this Python's site-packages, in front of the old
# value: the same value the activate hook sets. No double quotes, so it passes through every shell's quoting
# (Windows PowerShell 5.1 rejects them; pwsh runs Linux plans too).
_WITH_NVIDIA_LIBS = (
    "import glob,os,sys,sysconfig; p=sysconfig.get_paths()['purelib']; "
    "d=':'.join(sorted(glob.glob(os.path.join(p,'nvidia','*','lib')))); e=dict(os.environ); "
    "o=e.get('LD_LIBRARY_PATH'); e['LD_LIBRARY_PATH']=d+(':'+o if o else ''); "
    "os.execvpe(sys.argv[1],sys.argv[1:],e)"
)


def activated(plan: Plan) -> tuple[str, ...]:
    """A prefix that runs a command with the LD_LIBRARY_PATH the venv's activate hook sets."""
    return (plan.env_python, "-c", _WITH_NVIDIA_LIBS)


def driver_steps(plan: Plan, row: Row, host: HostReport | None, recipe: Recipe) -> None:
    """The prerequisites a recipe needs: the NVIDIA driver (or why none is asked for), a system CUDA, the
    Visual C++ runtime and long paths on Windows, conda."""
    needs = recipe.needs
    if "nvidia-driver" in needs:
        _driver(plan, row, host)
    if "system-cuda-toolkit" in needs or "system-cudnn" in needs:
        plan.steps.append(
            Step(
                "Install CUDA {} and cuDNN {} system-wide from developer.nvidia.com (this TensorFlow does not bring them).",
                explain_args=(str(row.cuda), str(row.cudnn)),
                admin=True,
                admin_reason="the CUDA toolkit installs into system folders",
            )
        )
    if "msvc-redist" in needs:
        plan.steps.append(
            Step(
                "Install the Microsoft Visual C++ Redistributable (2015-2022, x64) that TensorFlow needs.",
                argv=("winget", "install", "--exact", "--id", "Microsoft.VCRedist.2015+.x64"),
                admin=True,
                admin_reason="it installs system libraries",
                platforms=("windows",),
            )
        )
    if "windows-long-paths" in needs:
        plan.steps.append(
            Step(
                "Enable long paths in Windows (TensorFlow's files have very long names).",
                argv=("reg", "add", r"HKLM\SYSTEM\CurrentControlSet\Control\FileSystem", "/v", "LongPathsEnabled",
                      "/t", "REG_DWORD", "/d", "1", "/f"),
                admin=True,
                admin_reason="it changes a machine-wide registry setting",
                platforms=("windows",),
            )
        )
    if "conda" in needs and host is not None and host.conda is None:
        plan.why.append(
            Why("conda was not found on this machine: install Miniconda or Miniforge first.", (), "warning")
        )


def _driver(plan: Plan, row: Row, host: HostReport | None) -> None:
    """The NVIDIA driver: found (and which one is needed), not checked, no NVIDIA GPU here, or a step to
    install it."""
    floor = str((row.driver.minor_compat if row.driver is not None else None) or "?")
    driver = host.driver if host is not None else None
    if host is None or driver is None:
        plan.why.append(
            Why(
                "Needs the NVIDIA driver {} or newer (CUDA {}); it was not checked on this machine.",
                (floor, row.cuda or "?"),
                "note",
            )
        )
    elif driver_state_of(driver) in DRIVER_INSTALLED_STATES:
        # The driver is there but does not work as it is: installing it again is the wrong advice (issue 28).
        state = driver_state_of(driver)
        plan.why.append(Why(DRIVER_STATE_MESSAGES[state], (), "warning"))
        if DRIVER_STATE_ADVICE.get(state):
            plan.why.append(Why(DRIVER_STATE_ADVICE[state], (), "note"))
    elif driver.present:
        plan.why.append(
            Why("NVIDIA driver {} found; this TensorFlow needs at least {} (CUDA {}).",
                (str(driver.version), floor, row.cuda or "?"))
        )
    elif driver.nvidia_pci_gpus == 0:
        # No NVIDIA GPU on this machine at all: a driver step would be wrong advice.
        plan.why.append(
            Why(
                "No NVIDIA GPU was found on this machine, so TensorFlow will run on the CPU here. "
                "These commands install the GPU build; run the wizard on the computer with the NVIDIA card "
                "to check its driver ({} or newer for CUDA {}).",
                (floor, row.cuda or "?"),
                "warning",
            )
        )
    else:
        # an argument of the step text: translated now, as the template is when shown
        where = "Windows" if plan.platform in ("wsl2", "windows") else tr(CTX, "this machine")
        plan.steps.append(
            Step(
                "Install the NVIDIA driver (at least {}) on {} from nvidia.com or your distribution, then reboot.",
                explain_args=(floor, where),
                admin=True,
                admin_reason="installing a driver changes the system",
            )
        )


_FIX_NVIDIA_LIBS = '''"""Make the pip NVIDIA libraries and ptxas visible to TensorFlow (tensorflow.org install step 6).

Written by tfgpu-wizard. Run it with the environment's Python. It links every
site-packages/nvidia/*/lib/*.so* into site-packages/tensorflow and ptxas into the environment's bin,
so TensorFlow finds them without LD_LIBRARY_PATH (paths with spaces are fine).
"""
import glob
import os
import sys
import sysconfig

site = sysconfig.get_paths()["purelib"]
tf_dir = os.path.join(site, "tensorflow")
if not os.path.isdir(tf_dir):
    sys.exit("tensorflow is not installed in " + site)
count = 0
for lib in sorted(glob.glob(os.path.join(site, "nvidia", "*", "lib", "*.so*"))):
    link = os.path.join(tf_dir, os.path.basename(lib))
    if os.path.lexists(link):
        os.remove(link)
    os.symlink(os.path.relpath(lib, tf_dir), link)
    count += 1
ptxas = sorted(glob.glob(os.path.join(site, "nvidia", "cuda_nvcc", "bin", "ptxas")))
if ptxas:
    link = os.path.join(os.path.dirname(sys.executable), "ptxas")
    if os.path.lexists(link):
        os.remove(link)
    os.symlink(ptxas[0], link)
print("linked %d NVIDIA libraries%s" % (count, " and ptxas" if ptxas else ""))
'''


def defect_steps(plan: Plan, row: Row) -> None:
    for d in row.defects:
        if d.fix == "symlink-nvidia-libs" and plan.method in ("pip", "conda"):
            plan.extra_files["fix_nvidia_libs.py"] = PlanFileText(_FIX_NVIDIA_LIBS)
            plan.steps.append(
                Step(
                    "Work around a known defect of this version: {}",
                    argv=(plan.env_python, PlanFile("fix_nvidia_libs.py")),
                    explain_args=(DataText(d.title),),
                    platforms=("linux",),
                )
            )
            plan.why.append(Why("Known defect worked around: {}.", (DataText(d.title),), "warning"))


def verify_steps(plan: Plan, host: HostReport | None = None) -> None:
    """The checks at the end: ``tfgpu-wizard verify`` where the plan runs on this machine (by this interpreter's
    path: a venv not on PATH has no ``tfgpu-wizard``), then the plain one-liner.

    A plan for another computer (``plan --host`` with its report) cannot name this machine's interpreter, and
    the wizard is not installed there: its first check is a one-liner of the new environment's own Python
    that lists the GPUs, computes on one and fails when there is none (a CPU plan has its CPU check only).
    """
    # conda: run the checks inside the activated environment, so the activate.d variables
    # (LD_LIBRARY_PATH, CUDNN_PATH, XLA_FLAGS) are set as they will be for the user's own programs.
    wrap: tuple[str, ...] = ()
    batch = False
    if plan.method == "conda":
        conda = conda_exe(plan, host)
        wrap = (conda, "run", "--no-capture-output", "--prefix", plan.prefix)
        batch = shells.family(plan.shell) == "cmd" and (conda == "conda" or conda.lower().endswith(".bat"))
    elif "nvidia_lib_path.py" in plan.extra_files:
        wrap = activated(plan)  # LD_LIBRARY_PATH comes from the venv's activate script
    here = is_this_machine(host, plan.platform)
    if not here:
        plan.why.append(
            Why(
                "These commands are for another computer, so the checks at the end use only the new environment's "
                "Python. For the wizard's full check there, install tfgpu-wizard on that computer and run: "
                "tfgpu-wizard verify --python {}",
                (plan.env_python,),
                "note",
            )
        )
    if plan.cpu:
        if here:
            plan.steps.append(
                Step(
                    "Verify with tfgpu-wizard: TensorFlow in the new environment works (on the CPU, as this plan "
                    "intends).",
                    # --expect-cpu: "works, no GPU" is this plan's success (exit 0), a crash or no TensorFlow is not
                    argv=(*wrap, *cli_argv(), "verify", "--python", plan.env_python, "--expect-cpu"),
                    batch=batch,
                )
            )
        plan.steps.append(
            Step(
                "Check that TensorFlow imports and computes on the CPU.",
                argv=(*wrap, plan.env_python, "-c", VERIFY_CPU_CODE),
                batch=batch,
            )
        )
        return
    if here:
        plan.steps.append(
            Step(
                "Verify with tfgpu-wizard: does TensorFlow in the new environment see and use the GPU?",
                argv=(*wrap, *cli_argv(), "verify", "--python", plan.env_python),
                batch=batch,
            )
        )
    else:
        plan.steps.append(
            Step(
                "Check that TensorFlow in the new environment sees the GPU and computes on it (it stops with an "
                "error when it sees none).",
                argv=(*wrap, plan.env_python, "-c", VERIFY_GPU_CODE),
                batch=batch,
            )
        )
    plan.steps.append(
        Step(
            "The plain check: list the GPUs TensorFlow sees (an empty list [] means no GPU).",
            argv=(*wrap, plan.env_python, "-c", VERIFY_CODE),
            batch=batch,
        )
    )
