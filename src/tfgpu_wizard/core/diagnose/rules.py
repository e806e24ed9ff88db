"""The diagnosis rules: which log lines mean what, and what to do about them.

Data only (plus the tiny ``Rule`` type); the engine is ``tfgpu_wizard.core.diagnose.engine``.
Every user-facing text is English source text, translated where it is shown with
``tr("diagnose", text)`` (catalog: ``resources/i18n/diagnose_zh_CN.ts``). Texts may hold
``{name}`` fields filled *after* translation from the named groups of the pattern that matched
(``{lib}``, ``{loaded}``, ``{compiled}``, ``{cc}``, ``{shape}``, ``{what}``, ``{code}``, ``{mb}``).

Ranking: a smaller ``priority`` is closer to the root cause. ``explains`` lists the rules whose
findings are *symptoms* of this one when both appear in one log (e.g. a missing ``libcudnn.so.8``
explains "Cannot dlopen some GPU libraries" and the empty GPU list). The numbers in the comments
(``#7``) refer to section 4 of the team's field notes, where the exact strings were collected.

Patterns are searched in the whole text (not per line), so they never span lines: use
``[^\\r\\n]`` instead of ``.`` and bounded repeats (``{0,300}``) so a pathological line cannot make
a search quadratic.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tfgpu_wizard.core.i18n import N_

SEVERITIES = ("error", "warning", "harmless")
PLATFORMS = ("linux", "windows", "wsl2", "macos")


@dataclass(frozen=True)
class Rule:
    id: str
    severity: str  # "error" | "warning" | "harmless"
    priority: int  # smaller = more fundamental (root causes first)
    patterns: tuple[str, ...]
    title: str
    explanation: str
    fix: dict[str, str]  # platform ("linux" | "windows" | "wsl2") or "default" -> text
    sources: tuple[str, ...] = ()
    explains: tuple[str, ...] = ()
    field_note: int | None = None  # row of field-notes.md section 4
    defaults: dict[str, str] = field(default_factory=dict)  # values for {fields} no group supplied

    def fix_for(self, platform: str) -> str:
        return self.fix.get(platform) or self.fix["default"]

    def texts(self) -> list[str]:
        """Every translatable text of the rule (for the translation check)."""
        out = [self.title, self.explanation]
        out.extend(dict.fromkeys(self.fix.values()))
        return out


# Findings of these rules are downstream of a broken driver: a driver problem explains them all.
_DRIVER_DOWNSTREAM = (
    "cuinit-no-device",
    "cuinit-unknown",
    "cuinit-failed",
    "cuda-drivers-not-found",
    "dlopen-failed",
    "cudnn-init-failed",
    "no-gpu-visible",
    "windows-native-no-gpu",
)

RULES: tuple[Rule, ...] = (
    # ---------------------------------------------------------------- driver level (#15)
    Rule(
        id="driver-library-mismatch",
        severity="error",
        priority=10,
        field_note=15,
        patterns=(
            r"Driver/library version mismatch",
            r"kernel version (?P<kernel>\d+(?:\.\d+)*) does not match DSO version (?P<dso>\d+(?:\.\d+)*)",
        ),
        title=N_("NVIDIA driver and driver library do not match"),
        explanation=N_(
            "The NVIDIA kernel module that is loaded is a different version from the driver library "
            "on disk. This almost always happens after a driver update without a reboot. Until it is "
            "fixed, no program can use the GPU, so every other GPU message in this log is a consequence."
        ),
        fix={
            "default": N_(
                "Reboot the computer. If the message stays, reinstall one NVIDIA driver version cleanly "
                "(remove the old packages first) and reboot again."
            ),
            "linux": N_(
                "Reboot. If the message stays: compare `cat /proc/driver/nvidia/version` with the "
                "driver package version, remove the stale packages, reinstall one driver version and "
                "reboot. With Secure Boot on, also check `mokutil --sb-state` (the module must be signed)."
            ),
            "wsl2": N_(
                "Inside WSL only the Windows driver may be used: remove any Linux NVIDIA driver "
                "installed in WSL (`sudo apt remove --purge 'nvidia-driver-*'`), run `wsl --shutdown` "
                "in Windows and open WSL again."
            ),
        },
        sources=(
            "https://github.com/microsoft/WSL/issues/9134",
            "https://github.com/lyulyul/shine-cluster/issues/30",
        ),
        explains=_DRIVER_DOWNSTREAM,
    ),
    Rule(
        id="driver-not-loaded",
        severity="error",
        priority=11,
        field_note=15,
        patterns=(r"NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver",),
        title=N_("The NVIDIA driver is not running"),
        explanation=N_(
            "nvidia-smi could not talk to the NVIDIA driver: the driver is not installed, its kernel "
            "module is not loaded, or Secure Boot blocked it. No program can use the GPU until this works."
        ),
        fix={
            "default": N_("Install or reinstall the NVIDIA driver for your card, then reboot."),
            "linux": N_(
                "Install the driver from your distribution (e.g. `sudo ubuntu-drivers install`) and "
                "reboot. If it is installed: `lsmod | grep nvidia` must list it; with Secure Boot on "
                "(`mokutil --sb-state`) enrol the module key or turn Secure Boot off."
            ),
            "wsl2": N_(
                "Update the NVIDIA driver in Windows (not inside WSL), then run `wsl --shutdown` and "
                "open WSL again; `nvidia-smi` must work inside WSL."
            ),
        },
        sources=("https://github.com/microsoft/WSL/issues/9134",),
        explains=_DRIVER_DOWNSTREAM,
    ),
    # ---------------------------------------------------------------- cuInit (#7)
    Rule(
        id="cuinit-no-device",
        severity="error",
        priority=20,
        field_note=7,
        patterns=(r"CUDA_ERROR_NO_DEVICE",),
        title=N_("CUDA found no GPU (CUDA_ERROR_NO_DEVICE)"),
        explanation=N_(
            "The driver started, but no GPU was visible to this program. Most often the variable "
            "CUDA_VISIBLE_DEVICES is empty, -1 or names a GPU that does not exist; otherwise the driver "
            "cannot use the card."
        ),
        fix={
            "default": N_(
                "Check CUDA_VISIBLE_DEVICES: remove it or set it to a valid index such as 0. Then make "
                "sure `nvidia-smi` lists your card."
            ),
            "linux": N_(
                'Run `echo "$CUDA_VISIBLE_DEVICES"`. If it prints -1, nothing useful or a wrong index, '
                "run `unset CUDA_VISIBLE_DEVICES` (or set it to 0) and try again. `nvidia-smi` must list "
                "your card."
            ),
            "windows": N_(
                "In PowerShell run `echo $env:CUDA_VISIBLE_DEVICES` (cmd: `set CUDA_VISIBLE_DEVICES`). If "
                "it is set to -1 or a wrong index, remove it (System settings > Environment variables) "
                "and open a new terminal. `nvidia-smi` must list your card."
            ),
            "wsl2": N_(
                'Run `echo "$CUDA_VISIBLE_DEVICES"` and unset it if it is -1 or wrong. Make sure no '
                "Linux NVIDIA driver is installed inside WSL (only the Windows driver); `nvidia-smi` "
                "inside WSL must list your card."
            ),
        },
        sources=(
            "https://github.com/tensorflow/tensorflow/issues/64881",
            "https://github.com/kuku-sichuan/FPN_Faster_RCNN/issues/3",
        ),
        explains=("no-gpu-visible", "cuda-drivers-not-found"),
    ),
    Rule(
        id="cuinit-unknown",
        severity="error",
        priority=21,
        field_note=7,
        patterns=(r"CUDA_ERROR_UNKNOWN", r"UNKNOWN ERROR \(999\)"),
        title=N_("CUDA could not start (CUDA_ERROR_UNKNOWN)"),
        explanation=N_(
            "The driver is installed but CUDA failed to initialise. The classic cause on Linux is a "
            "suspend/resume of the computer, after which the nvidia_uvm module must be reloaded; a "
            "missing /dev/nvidia-uvm device does the same."
        ),
        fix={
            "default": N_("Restart the computer and try again; update the NVIDIA driver if it persists."),
            "linux": N_(
                "Reload the module: `sudo modprobe -r nvidia_uvm && sudo modprobe nvidia_uvm` (or "
                "reboot). To prevent it, install `nvidia-modprobe` and enable the nvidia-suspend and "
                "nvidia-resume services."
            ),
            "wsl2": N_(
                "Run `wsl --shutdown` in Windows, open WSL again, and update the Windows NVIDIA driver."
            ),
        },
        sources=(
            "https://github.com/tensorflow/tensorflow/issues/394",
            "https://github.com/pop-os/default-settings/pull/64",
            "https://github.com/pytorch/pytorch/issues/88639",
        ),
        explains=("no-gpu-visible", "cuda-drivers-not-found"),
    ),
    Rule(
        id="cuinit-failed",
        severity="error",
        priority=22,
        field_note=7,
        patterns=(
            r"failed call to cuInit: (?![^\r\n]{0,300}(?:CUDA_ERROR_NO_DEVICE|CUDA_ERROR_UNKNOWN|\(999\)))"
            r"(?:[^\r\n]{0,200}?(?P<code>UNKNOWN ERROR \(\d+\)|CUDA_ERROR_\w+))?",
        ),
        title=N_("CUDA could not start: no usable NVIDIA driver"),
        explanation=N_(
            "TensorFlow asked the NVIDIA driver to start CUDA and it refused ({code}). On a computer "
            "without an NVIDIA GPU or driver this is expected and harmless: TensorFlow then runs on the "
            "CPU. If you do have an NVIDIA GPU, the driver is missing, too old or broken."
        ),
        fix={
            "default": N_(
                "Run `nvidia-smi`. If it fails, install the current NVIDIA driver for your card "
                "(CUDA 12 builds of TensorFlow need driver 525 or newer) and reboot."
            ),
            "wsl2": N_(
                "Run `nvidia-smi` inside WSL. If it fails, update the NVIDIA driver in Windows (528.33 or "
                "newer), then `wsl --shutdown` and open WSL again."
            ),
        },
        defaults={"code": "?"},
        sources=("https://github.com/tensorflow/tensorflow/issues/64881",),
        explains=("no-gpu-visible", "cuda-drivers-not-found"),
    ),
    # ---------------------------------------------------------------- TensorFlow not there
    Rule(
        id="no-tensorflow",
        severity="error",
        priority=25,
        patterns=(r"No module named '?tensorflow'?(?![\w.])",),
        title=N_("TensorFlow is not installed in this Python"),
        explanation=N_(
            "The Python that ran this has no TensorFlow. Often TensorFlow was installed into a different "
            "Python or environment (another conda env, venv, or the system Python)."
        ),
        fix={
            "default": N_(
                "Activate the environment you installed TensorFlow into, or install it into this one "
                'with `python -m pip install "tensorflow[and-cuda]"` (the wizard\'s Plan page writes '
                "the exact commands)."
            ),
            "windows": N_(
                "Activate the environment you installed TensorFlow into, or install it into this one. "
                "For the GPU on native Windows only TensorFlow 2.10 works: "
                '`python -m pip install "tensorflow<2.11"` with Python 3.10 or older; otherwise use WSL2.'
            ),
        },
        sources=("https://www.tensorflow.org/install/pip",),
    ),
    # ---------------------------------------------------------------- Windows native >= 2.11 (#6)
    Rule(
        id="windows-native-no-gpu",
        severity="error",
        priority=30,
        field_note=6,
        patterns=(),  # derived: Windows + no GPU + no CUDA DLL lines (see diagnose.py)
        title=N_("TensorFlow 2.11 and newer cannot use the GPU on native Windows"),
        explanation=N_(
            "The last TensorFlow release with GPU support on native Windows is 2.10. Newer versions "
            "install and run fine, but only on the CPU, so the GPU list is empty and no error is printed."
        ),
        fix={
            "default": N_(
                "Choose one: (a) use WSL2 (Windows 10 21H2 or newer, NVIDIA driver 528.33 or newer) and "
                '`pip install "tensorflow[and-cuda]"` there; (b) stay native with Python 3.10 or older: '
                "`conda install -c conda-forge cudatoolkit=11.2 cudnn=8.1.0` then "
                '`pip install "tensorflow<2.11"`; (c) keep the CPU.'
            ),
        },
        sources=(
            "https://github.com/tensorflow/tensorflow/issues/60156",
            "https://github.com/tensorflow/tensorflow/issues/62080",
            "https://github.com/tensorflow/tensorflow/issues/85006",
        ),
        explains=("no-gpu-visible",),
    ),
    # ---------------------------------------------------------------- CUDA runtime not found (#1)
    Rule(
        id="cuda-drivers-not-found",
        severity="error",
        priority=35,
        field_note=1,
        patterns=(r"Could not find cuda drivers on your machine, GPU will not be used",),
        title=N_("TensorFlow found no CUDA libraries, so it will not use the GPU"),
        explanation=N_(
            "Despite its wording, this message means TensorFlow could not load the CUDA runtime library "
            "(libcudart), not only that the driver is missing. Typical causes: `pip install tensorflow` "
            "without `[and-cuda]`, the CPU-only package tensorflow-cpu, or no NVIDIA driver. On a computer "
            "without an NVIDIA GPU it is expected."
        ),
        fix={
            "default": N_(
                "First run `nvidia-smi`. If it fails, install the NVIDIA driver. If it works, install the "
                'CUDA libraries with TensorFlow in this environment: `pip install "tensorflow[and-cuda]"`.'
            ),
            "linux": N_(
                "First run `nvidia-smi`. If it fails, install the NVIDIA driver. If it works, install the "
                "CUDA libraries with TensorFlow in this environment: "
                '`python -m pip install "tensorflow[and-cuda]"` (TensorFlow 2.15 or newer). '
                "`tensorflow-cpu` never uses a GPU."
            ),
            "wsl2": N_(
                "Run `nvidia-smi` inside WSL; it must work with the Windows driver alone. Then "
                '`python -m pip install "tensorflow[and-cuda]"` in this environment.'
            ),
            "windows": N_(
                "On native Windows only TensorFlow 2.10 and older can use the GPU; see the Windows "
                "finding, or use WSL2."
            ),
        },
        sources=(
            "https://github.com/tensorflow/tensorflow/issues/66750",
            "https://github.com/serengil/deepface/issues/739",
        ),
        explains=("no-gpu-visible",),
    ),
    # ---------------------------------------------------------------- a named library missing (#2)
    Rule(
        id="missing-library",
        severity="error",
        priority=40,
        field_note=2,
        patterns=(
            r"Could not load dynamic library '(?P<lib>(?!(?:lib)?nvinfer)[^'\r\n]{1,200})'"
            r"(?:; dlerror: (?P<reason>[^;\r\n]{0,300}))?",
            r"Could not load library (?P<lib>[\w.+-]{1,200}?)\. Error: (?P<reason>[^\r\n]{0,300})",
            r"Error: (?P<lib>(?!libcuda\.so)lib[\w.+-]{1,120}?\.so[\w.]{0,20}): cannot open shared object file",
        ),
        title=N_("A CUDA library that TensorFlow needs is missing: {lib}"),
        explanation=N_(
            "TensorFlow was built for one exact CUDA/cuDNN version and could not open {lib} "
            "(or a library it depends on). Either that version is not installed, or it is installed "
            "somewhere the loader does not look."
        ),
        fix={
            "default": N_(
                "Install the CUDA and cuDNN versions your TensorFlow version was built for (see the "
                "wizard's Plan page) and make sure their folder is on the library path."
            ),
            "linux": N_(
                'Easiest: TensorFlow 2.15 or newer with `python -m pip install "tensorflow[and-cuda]"`, '
                "which brings matching CUDA/cuDNN as pip packages. For older versions install the exact "
                "versions from the tested table (e.g. TF 2.12-2.14: CUDA 11.8 + cuDNN 8.6) with conda and "
                "add `$CONDA_PREFIX/lib` to LD_LIBRARY_PATH in "
                "`$CONDA_PREFIX/etc/conda/activate.d/env_vars.sh`."
            ),
            "windows": N_(
                "TensorFlow 2.10 (the last native Windows GPU release) needs CUDA 11.2 and cuDNN 8.1: "
                "`conda install -c conda-forge cudatoolkit=11.2 cudnn=8.1.0` in the same environment, or "
                "install them from NVIDIA and put their bin folders on PATH. Python 3.8+ may also need "
                '`os.add_dll_directory(r"C:\\Program Files\\NVIDIA GPU Computing Toolkit\\CUDA\\v11.2\\bin")` '
                "before `import tensorflow`."
            ),
            "wsl2": N_(
                'Inside WSL use TensorFlow 2.15 or newer with `python -m pip install "tensorflow[and-cuda]"`. '
                "Do not install a Linux NVIDIA driver inside WSL; the CUDA libraries come from pip."
            ),
        },
        sources=(
            "https://github.com/tensorflow/tensorflow/issues/45200",
            "https://github.com/tensorflow/tensorflow/issues/60854",
            "https://github.com/tensorflow/tensorflow/issues/48868",
            "https://github.com/NVIDIA/tensorflow/issues/110",
        ),
        explains=(
            "dlopen-failed",
            "no-gpu-visible",
            "cuda-drivers-not-found",
            "cudnn-init-failed",
            "dnn-library-not-found",
        ),
    ),
    # ---------------------------------------------------------------- cuDNN version (#8)
    Rule(
        id="cudnn-version-mismatch",
        severity="error",
        priority=45,
        field_note=8,
        patterns=(
            r"Loaded runtime CuDNN library: (?P<loaded>\d+(?:\.\d+)*)[^\r\n]{0,60}?"
            r"but source was compiled with:? (?P<compiled>\d+(?:\.\d+)*)",
        ),
        title=N_("Wrong cuDNN version: {loaded} was loaded, TensorFlow needs {compiled}"),
        explanation=N_(
            "Another cuDNN (from the system, another conda package, a PyTorch install or the notebook "
            "image) was found before the one TensorFlow was built with. cuDNN must have the same major "
            "version and an equal or newer minor version, so convolutions fail."
        ),
        fix={
            "default": N_(
                "Install cuDNN {compiled} (or a newer minor version of the same major version) in this "
                "environment and remove older cuDNN folders from the library path. Keeping TensorFlow in "
                "its own environment, apart from PyTorch, avoids this."
            ),
            "linux": N_(
                'TensorFlow needs cuDNN {compiled}. With pip: `python -m pip install "tensorflow[and-cuda]"` '
                "pins the matching nvidia-cudnn package. Then remove stale cuDNN folders from LD_LIBRARY_PATH "
                "(`echo $LD_LIBRARY_PATH`). Keep TensorFlow in its own environment, apart from PyTorch."
            ),
            "windows": N_(
                "For TensorFlow 2.10 install cuDNN 8.1 for CUDA 11.2 and make sure no other cuDNN folder "
                "comes first on PATH."
            ),
        },
        sources=(
            "https://github.com/tensorflow/tensorflow/issues/39842",
            "https://github.com/tensorflow/text/issues/1167",
            "https://github.com/google-research/deeplab2/issues/66",
        ),
        explains=("cudnn-init-failed", "dnn-library-not-found"),
    ),
    # ---------------------------------------------------------------- GPU newer than the wheel (#11)
    Rule(
        id="gpu-newer-than-tensorflow",
        severity="warning",
        priority=48,
        field_note=11,
        patterns=(
            r"TensorFlow was not built with CUDA kernel binaries compatible with compute capability "
            r"(?P<cc>\d+(?:\.\d+)*)",
        ),
        title=N_("Your GPU (compute capability {cc}) is newer than this TensorFlow build"),
        explanation=N_(
            "This TensorFlow has no ready-made GPU code for your card, so the driver compiles it at "
            'start-up ("jit-compiled from PTX"). That can take 30 minutes or more, and on some new cards '
            "it fails (CUDA_ERROR_INVALID_PTX / INVALID_HANDLE)."
        ),
        fix={
            "default": N_(
                "Use the newest TensorFlow release (or tf-nightly) or NVIDIA's TensorFlow container, which "
                "include code for newer GPUs. If you keep this version, expect a long first start."
            ),
        },
        sources=(
            "https://github.com/tensorflow/tensorflow/issues/97387",
            "https://github.com/tensorflow/tensorflow/issues/62320",
            "https://github.com/tensorflow/tensorflow/issues/60739",
        ),
        explains=("no-kernel-for-gpu",),
    ),
    Rule(
        id="no-kernel-for-gpu",
        severity="error",
        priority=49,
        field_note=11,
        patterns=(
            r"CUDA_ERROR_INVALID_PTX",
            r"CUDA_ERROR_NO_BINARY_FOR_GPU",
            r"device kernel image is invalid",
            r"no kernel image is available for execution on the device",
        ),
        title=N_("TensorFlow has no GPU code that runs on this card"),
        explanation=N_(
            "The GPU kernels in this TensorFlow build (and their PTX fallback) cannot run on your GPU's "
            "architecture, usually because the card is newer (or much older) than the build."
        ),
        fix={
            "default": N_(
                "Install a TensorFlow release built for your GPU's compute capability (the newest release, "
                "tf-nightly or NVIDIA's container for new cards; an older release for very old cards)."
            ),
        },
        sources=(
            "https://github.com/tensorflow/tensorflow/issues/97387",
            "https://github.com/tensorflow/tensorflow/issues/47058",
        ),
    ),
    # ---------------------------------------------------------------- XLA: ptxas / libdevice (#10)
    Rule(
        id="xla-libdevice-missing",
        severity="error",
        priority=55,
        field_note=10,
        patterns=(
            r"Can't find libdevice directory",
            r"libdevice not found at",
            r"Couldn't invoke ptxas",
            r"Couldn't get ptxas version",
        ),
        title=N_("XLA cannot find the CUDA compiler tools (ptxas, libdevice)"),
        explanation=N_(
            "XLA (jit_compile, and some Keras optimizers) compiles GPU code at run time and needs `ptxas` "
            "and `libdevice` from the CUDA compiler package, which plain pip or conda environments often "
            "lack."
        ),
        fix={
            "default": N_(
                "Install the CUDA compiler into the environment: `python -m pip install nvidia-cuda-nvcc-cu12` "
                "(part of `tensorflow[and-cuda]`) or `conda install -c nvidia cuda-nvcc`, and point XLA at it: "
                "`XLA_FLAGS=--xla_gpu_cuda_data_dir=<folder that contains nvvm/libdevice>`."
            ),
        },
        sources=(
            "https://github.com/tensorflow/tensorflow/issues/58681",
            "https://github.com/tensorflow/tensorflow/issues/56927",
        ),
    ),
    # ---------------------------------------------------------------- the aggregate (#3)
    Rule(
        id="dlopen-failed",
        severity="error",
        priority=60,
        field_note=3,
        patterns=(r"Cannot dlopen some GPU libraries", r"Skipping registering GPU devices"),
        title=N_("TensorFlow could not load its GPU libraries and skips the GPU"),
        explanation=N_(
            "This is a summary: one or more CUDA/cuDNN libraries could not be loaded, so TensorFlow "
            "registers no GPU and runs on the CPU. Which library failed is printed only in the lines "
            'before it ("Could not load dynamic library ...") or with TF_CPP_MAX_VLOG_LEVEL=1.'
        ),
        fix={
            "default": N_(
                'Look for "Could not load dynamic library" lines above it. If there are none, run again '
                "with the environment variable TF_CPP_MAX_VLOG_LEVEL=1 to make TensorFlow name the library."
            ),
            "linux": N_(
                'Look for "Could not load dynamic library" lines above it, or run again with '
                "TF_CPP_MAX_VLOG_LEVEL=1 to name the library. With pip, make sure `tensorflow[and-cuda]` is "
                "installed in this same environment, and if a library is still not found point "
                "LD_LIBRARY_PATH at the environment's nvidia/*/lib folders."
            ),
            # chosen by TensorFlow version (see diagnose._fix_text)
            "tf216": N_(
                "TensorFlow 2.16.1 from `tensorflow[and-cuda]` does not find the pip NVIDIA libraries (a "
                'known bug): upgrade with `python -m pip install --upgrade "tensorflow[and-cuda]"` (2.17 or '
                "newer), or add the `site-packages/nvidia/*/lib` folders to LD_LIBRARY_PATH."
            ),
            "tf217": N_(
                'Make sure the CUDA libraries are installed in this same environment: `python -m pip install '
                '"tensorflow[and-cuda]"`. If a library is still not found, point LD_LIBRARY_PATH at the '
                "environment's nvidia/*/lib folders: "
                '`export LD_LIBRARY_PATH="$(python -c \'import glob, os, nvidia; '
                "print(os.pathsep.join(glob.glob(os.path.join(list(nvidia.__path__)[0], '*', 'lib'))))'):$LD_LIBRARY_PATH\"` "
                "(run TF_CPP_MAX_VLOG_LEVEL=1 to see which library fails)."
            ),
        },
        sources=(
            "https://github.com/tensorflow/tensorflow/issues/63362",
            "https://github.com/tensorflow/tensorflow/issues/34287",
            "https://github.com/NVIDIA/tensorflow/issues/110",
        ),
        explains=("no-gpu-visible",),
    ),
    # ---------------------------------------------------------------- cuDNN could not start (#9)
    Rule(
        id="cudnn-init-failed",
        severity="error",
        priority=65,
        field_note=9,
        patterns=(
            r"Failed to get convolution algorithm",
            r"CUDNN_STATUS_NOT_INITIALIZED",
            r"CUDNN_STATUS_INTERNAL_ERROR",
            r"Could not create cudnn handle",
            r"No algorithm worked!?",
        ),
        title=N_("cuDNN could not start"),
        explanation=N_(
            "cuDNN, which runs convolutions on the GPU, failed to initialise. Usually TensorFlow had "
            "already reserved nearly all GPU memory, leaving none for cuDNN's workspace (common on cards "
            "that also drive the display); less often the cuDNN version does not match."
        ),
        fix={
            "default": N_(
                "Let TensorFlow allocate GPU memory on demand: set TF_FORCE_GPU_ALLOW_GROWTH=true before "
                "starting Python (or call set_memory_growth at the top of the script), close other programs "
                "using the GPU, try a smaller batch. If it persists, check the cuDNN version."
            ),
        },
        sources=(
            "https://github.com/tensorflow/tensorflow/issues/25160",
            "https://github.com/tensorflow/models/issues/7088",
            "https://github.com/tensorflow/tensorflow/issues/40646",
        ),
    ),
    # ---------------------------------------------------------------- NCCL (#13)
    Rule(
        id="nccl-not-available",
        severity="error",
        priority=70,
        field_note=13,
        patterns=(
            r"No OpKernel was registered to support Op 'NcclAllReduce'",
            r"not registered 'NcclAllReduce'",
        ),
        title=N_("MirroredStrategy uses NCCL, which is not available here"),
        explanation=N_(
            "MirroredStrategy combines the GPUs' gradients with NCCL by default, but NCCL does not exist on "
            "native Windows (and in some builds), so the all-reduce operation has no kernel."
        ),
        fix={
            "default": N_(
                "Choose another way to combine gradients: "
                "`tf.distribute.MirroredStrategy(cross_device_ops=tf.distribute.HierarchicalCopyAllReduce())` "
                "(or `ReductionToOneDevice()`)."
            ),
        },
        sources=(
            "https://github.com/tensorflow/tensorflow/issues/33656",
            "https://github.com/tensorflow/tensorflow/issues/21470",
            "https://github.com/tensorflow/tensorflow/issues/44281",
        ),
    ),
    # ---------------------------------------------------------------- configuration order (#16)
    Rule(
        id="devices-modified-after-init",
        severity="error",
        priority=75,
        field_note=16,
        patterns=(r"(?P<what>Physical|Virtual|Visible) devices cannot be modified after being initialized",),
        title=N_("GPU settings were changed after TensorFlow had started using the devices"),
        explanation=N_(
            "{what} devices cannot be modified after being initialized: memory growth, memory limits "
            "(logical devices) and visible devices must be set before the first operation touches a "
            "device. Something (your code, or a library you imported) already ran a TensorFlow operation."
        ),
        fix={
            "default": N_(
                "Move the set_memory_growth / set_logical_device_configuration / set_visible_devices calls "
                "to the very top of the script, right after `import tensorflow`, or use the environment "
                "variable TF_FORCE_GPU_ALLOW_GROWTH=true. In a notebook, restart the kernel to change them."
            ),
        },
        sources=(
            "https://www.tensorflow.org/guide/gpu",
            "https://github.com/tensorflow/docs/blob/master/site/en/guide/gpu.ipynb",
        ),
    ),
    # ---------------------------------------------------------------- out of memory (#14)
    Rule(
        id="out-of-memory",
        severity="error",
        priority=80,
        field_note=14,
        patterns=(
            r"OOM when allocating tensor with shape ?(?P<shape>\[[^\]\r\n]{0,200}\])?",
            r"CUDA_ERROR_OUT_OF_MEMORY",
            r"ran out of memory trying to allocate",
        ),
        title=N_("Out of memory"),
        explanation=N_(
            "A tensor {shape} did not fit into the memory TensorFlow may use on this device. Either the "
            "model and batch are too big for the card, another program holds GPU memory, or a memory "
            "limit you set is too small."
        ),
        fix={
            "default": N_(
                "Use a smaller batch size, try mixed precision (mixed_float16), close other programs that "
                "use the GPU (see `nvidia-smi`), or raise the memory limit if you set one."
            ),
        },
        defaults={"shape": ""},
        sources=(
            "https://github.com/tensorflow/models/issues/7142",
            "https://github.com/tensorflow/tensorflow/issues/136",
        ),
    ),
    # ---------------------------------------------------------------- driver too old for the runtime
    Rule(
        id="driver-too-old",
        severity="error",
        priority=12,
        patterns=(r"CUDA driver version is insufficient for CUDA runtime version",),
        title=N_("The NVIDIA driver is too old for this TensorFlow's CUDA version"),
        explanation=N_(
            "The CUDA runtime TensorFlow was built with needs a newer NVIDIA driver than the one installed. "
            "CUDA 12 builds (TensorFlow 2.15 and newer) need driver 525 or newer, CUDA 11 builds need 450 "
            "or newer. Until the driver is updated no GPU operation can run."
        ),
        fix={
            "default": N_(
                "Update the NVIDIA driver (`nvidia-smi` shows the driver version and the newest CUDA it "
                "supports in its top line), or install a TensorFlow built for an older CUDA that your driver "
                "supports."
            ),
            "wsl2": N_(
                "Update the NVIDIA driver in Windows (not inside WSL), run `wsl --shutdown` and open WSL again."
            ),
        },
        sources=(
            "https://github.com/tensorflow/tensorflow/issues/31319",
            "https://docs.nvidia.com/deploy/cuda-compatibility/",
        ),
        explains=_DRIVER_DOWNSTREAM + ("out-of-memory", "python-exception"),
    ),
    # ---------------------------------------------------------------- the driver's own library missing
    Rule(
        id="driver-library-missing",
        severity="error",
        priority=14,
        patterns=(
            r"(?P<lib>libcuda\.so(?:\.\d+)*): cannot open shared object file",
            r"Could not load dynamic library '(?P<lib>libcuda\.so(?:\.\d+)*|nvcuda\.dll)'",
        ),
        title=N_("The NVIDIA driver's library {lib} cannot be found"),
        explanation=N_(
            "{lib} is not part of CUDA or cuDNN: it comes with the NVIDIA driver. When another library "
            "fails to load because of it, the real problem is the driver library, not the library being "
            "loaded. Either no NVIDIA driver is installed here (a container started without GPUs, a server "
            "without the driver), or it is installed where the loader does not look (WSL keeps it in "
            "/usr/lib/wsl/lib)."
        ),
        fix={
            "default": N_(
                "Install the NVIDIA driver for your card and check that `nvidia-smi` works. In a Docker "
                "container start it with `--gpus all`."
            ),
            "linux": N_(
                "Install the NVIDIA driver (e.g. `sudo ubuntu-drivers install`) and reboot; "
                "`ldconfig -p | grep libcuda` must list libcuda.so.1. In a Docker container start it with "
                "`--gpus all` (NVIDIA Container Toolkit). A program asking for plain libcuda.so needs the "
                "driver's development link (`libnvidia-compute`/`-dev` package)."
            ),
            "wsl2": N_(
                "WSL provides libcuda in /usr/lib/wsl/lib from the Windows driver: run "
                "`export LD_LIBRARY_PATH=/usr/lib/wsl/lib:$LD_LIBRARY_PATH` (add it to ~/.bashrc) and check "
                "`ls -l /usr/lib/wsl/lib/libcuda*`. Do not install a Linux NVIDIA driver inside WSL; update the "
                "Windows driver instead."
            ),
        },
        sources=(
            "https://github.com/microsoft/WSL/issues/8587",
            "https://github.com/facebookresearch/nougat/issues/105",
            "https://github.com/bitsandbytes-foundation/bitsandbytes/issues/17",
        ),
        explains=("missing-library", "dlopen-failed", "no-gpu-visible", "cuinit-failed", "python-exception"),
    ),
    # ---------------------------------------------------------------- a command the shell does not know
    Rule(
        id="command-not-found",
        severity="error",
        priority=13,
        patterns=(
            r"'(?P<cmd>[^'\r\n]{1,80})' (?:is not recognized as an internal or external command"
            r"|不是内部或外部命令)",
            r"(?:bash|sh|zsh|ksh|dash): (?:line \d+: |\d+: )?(?P<cmd>[\w.-]{1,80}): (?:command )?not found",
            r"command not found: (?P<cmd>[\w.-]{1,80})",
            r"The term '(?P<cmd>[^'\r\n]{1,80})' is not recognized as (?:the )?name of a cmdlet",
        ),
        title=N_("The command {cmd} was not found"),
        explanation=N_(
            "The shell could not find the program {cmd}. For nvidia-smi this means the NVIDIA driver is not "
            "installed, or its folder is not on PATH; TensorFlow cannot use the GPU without the driver. For "
            "python or pip, that Python is not installed or not on PATH."
        ),
        fix={
            "default": N_(
                "Install the NVIDIA driver for your card (it brings nvidia-smi), then open a new terminal. "
                "If it is installed, run the program by its full path or add its folder to PATH."
            ),
            "windows": N_(
                "Install the NVIDIA driver for your card from nvidia.com and open a new terminal. Recent "
                "drivers put nvidia-smi.exe in C:\\Windows\\System32, older ones in "
                "C:\\Program Files\\NVIDIA Corporation\\NVSMI (add that folder to PATH). For python or pip, "
                "use `py -m pip` or the full path of the Python you installed."
            ),
        },
        sources=(
            "https://github.com/jiangsutx/SPMC_VideoSR/issues/2",
            "https://github.com/vosen/ZLUDA/issues/213",
        ),
        explains=("no-gpu-visible", "cuda-drivers-not-found", "cuinit-failed", "python-exception"),
    ),
    # ---------------------------------------------------------------- Python packages around TF
    Rule(
        id="numpy-2-abi",
        severity="error",
        priority=23,
        patterns=(
            r"A module that was compiled using NumPy 1\.x cannot be run in",
            r"_ARRAY_API not found",
            r"numpy\.dtype size changed, may indicate binary incompatibility",
        ),
        title=N_("NumPy 2 is installed, but a package here was built for NumPy 1"),
        explanation=N_(
            "A compiled package (often TensorFlow older than 2.18, or a library imported with it) was built "
            "against NumPy 1.x and cannot run with the NumPy 2 that pip installed later. Nothing in your "
            "script is wrong."
        ),
        fix={
            "default": N_(
                'In this same environment run `python -m pip install "numpy<2"`, or upgrade the package that '
                "fails (TensorFlow 2.18 and newer support NumPy 2)."
            ),
        },
        sources=(
            "https://github.com/tensorflow/tensorflow/issues/90245",
            "https://numpy.org/devdocs/dev/depending_on_numpy.html",
        ),
        explains=("numpy-too-old", "python-package-missing", "python-exception", "no-tensorflow"),
    ),
    Rule(
        id="numpy-too-old",
        severity="error",
        priority=24,
        patterns=(
            r"module compiled against (?:ABI|API) version (?P<compiled>0x[0-9a-fA-F]+|\w+) but this version "
            r"of numpy is (?P<have>0x[0-9a-fA-F]+|\w+)",
            r"numpy\.core\.multiarray failed to import",
        ),
        title=N_("NumPy is older than the version TensorFlow was built with"),
        explanation=N_(
            "TensorFlow (or another compiled package) was built against a newer NumPy than the one installed "
            "in this environment, so its import fails. Often an old NumPy from the system or conda shadows "
            "the one pip installed."
        ),
        fix={
            "default": N_(
                "Upgrade NumPy in this same environment to a version TensorFlow accepts: "
                '`python -m pip install --upgrade "numpy<2"` (or `python -m pip install --force-reinstall '
                "tensorflow` to let pip pick it). Check that `python -c \"import numpy; print(numpy.__file__)\"` "
                "points into this environment."
            ),
        },
        sources=(
            "https://github.com/tensorflow/tensorflow/issues/16488",
            "https://github.com/AI4EPS/PhaseNet/issues/32",
        ),
        explains=("python-exception",),
    ),
    Rule(
        id="protobuf-version",
        severity="error",
        priority=23,
        patterns=(
            r"Descriptors cannot (?:not )?be created directly",
            r"Descriptors should not be created directly, but only retrieved from their parent",
        ),
        title=N_("The installed protobuf does not fit this TensorFlow"),
        explanation=N_(
            "The protobuf package is newer (or older) than the generated code in TensorFlow or a library "
            "using it expects, so importing it fails. Installing another package upgraded protobuf."
        ),
        fix={
            "default": N_(
                'Install the protobuf version TensorFlow pins: `python -m pip install "protobuf<=3.20.3"` for '
                "TensorFlow 1.x and older 2.x releases, or `python -m pip install --force-reinstall tensorflow` "
                "for current ones. Setting PROTOCOL_BUFFERS_PYTHON_IMPLEMENTATION=python also works but is slow."
            ),
        },
        sources=(
            "https://github.com/GantMan/nsfw_model/issues/154",
            "https://developers.google.com/protocol-buffers/docs/news/2022-05-06#python-updates",
        ),
        explains=("python-exception",),
    ),
    Rule(
        id="python-package-missing",
        severity="error",
        priority=26,
        patterns=(
            r"No module named '?(?!tensorflow'|tensorflow\s|tensorflow$)(?P<module>[A-Za-z_][\w.]{0,80})'?",
        ),
        title=N_("The Python package {package} is not installed in this Python"),
        explanation=N_(
            "The Python that ran this cannot import {module}. That is not a bug in your script: the package "
            "is missing from this environment, or it was installed into another Python (another venv, conda "
            "environment or the system Python)."
        ),
        fix={
            "default": N_(
                "Install it into the same Python that runs the script: `python -m pip install {package}` "
                "(use the same `python` you start the script with; in a venv or conda environment activate "
                "it first). Reinstalling TensorFlow (`python -m pip install tensorflow`) brings its own "
                "dependencies such as numpy."
            ),
        },
        defaults={"module": "?", "package": "?"},
        sources=("https://packaging.python.org/en/latest/tutorials/installing-packages/",),
        explains=("python-exception",),
    ),
    # ---------------------------------------------------------------- GPU too old for the build
    Rule(
        id="gpu-too-old",
        severity="error",
        priority=47,
        patterns=(
            r"Ignoring (?:visible )?gpu device \([^\r\n]{0,200}?\) with Cuda compute capability "
            r"(?P<cc>\d+(?:\.\d+)?)\. The minimum required Cuda capability is (?P<need>\d+(?:\.\d+)?)",
        ),
        title=N_("Your GPU (compute capability {cc}) is too old for this TensorFlow (needs {need})"),
        explanation=N_(
            "TensorFlow found the GPU but ignores it: this build has no GPU code for compute capability {cc}; "
            "it needs {need} or higher. Everything runs on the CPU."
        ),
        fix={
            "default": N_(
                "Use a newer NVIDIA card, or an older TensorFlow release that still supports compute "
                "capability {cc} (or build TensorFlow from source for it); otherwise keep the CPU."
            ),
        },
        defaults={"cc": "?", "need": "?"},
        sources=(
            "https://github.com/tensorflow/tensorflow/issues/46653",
            "https://github.com/tensorflow/serving/issues/223",
        ),
        explains=("no-gpu-visible",),
    ),
    # ---------------------------------------------------------------- cuDNN found but not usable
    Rule(
        id="dnn-library-not-found",
        severity="error",
        priority=64,
        patterns=(r"DNN library is not found", r"DNN library initialization failed"),
        title=N_("TensorFlow could not use cuDNN (DNN library is not found)"),
        explanation=N_(
            "Usually the cuDNN that was loaded is older or newer than the one this TensorFlow was built with "
            '(look for "Loaded runtime CuDNN library" above), for example one from the system, conda or '
            "PyTorch found first. Less often cuDNN had no GPU memory left to start."
        ),
        fix={
            "default": N_(
                "Install the cuDNN version your TensorFlow was built with in this environment (see the "
                "tested table on the Plan page) and remove other cuDNN folders from the library path. If "
                "the versions match, let TensorFlow allocate memory on demand (TF_FORCE_GPU_ALLOW_GROWTH=true) "
                "and close other programs that use the GPU."
            ),
            "linux": N_(
                'Install the cuDNN version this TensorFlow was built with: with pip, '
                '`python -m pip install "tensorflow[and-cuda]"` installs the matching '
                "nvidia-cudnn package; then remove stale cuDNN folders from LD_LIBRARY_PATH "
                "(`echo $LD_LIBRARY_PATH`). If the versions match, set TF_FORCE_GPU_ALLOW_GROWTH=true and "
                "close other programs that use the GPU."
            ),
        },
        sources=(
            "https://github.com/tensorflow/text/issues/1167",
            "https://github.com/apapiu/guided-diffusion-keras/issues/8",
        ),
        explains=("python-exception",),
    ),
    # ---------------------------------------------------------------- multi-GPU last batch
    Rule(
        id="distributed-partial-batch",
        severity="error",
        priority=72,
        patterns=(r"slice index \d+ of dimension \d+ out of bounds",),
        title=N_("The last, smaller batch cannot be split across the GPUs"),
        explanation=N_(
            "With MirroredStrategy each batch is split between the replicas. When the data set does not "
            "divide evenly, the last batch is too small for some replica and slicing or reshaping it fails."
        ),
        fix={
            "default": N_(
                "Drop the incomplete last batch: `dataset.batch(global_batch_size, drop_remainder=True)`, "
                "or make the number of samples a multiple of the global batch size."
            ),
        },
        sources=("https://github.com/tensorflow/tensorflow/issues/58809",),
        explains=("python-exception",),
    ),
    # ---------------------------------------------------------------- Windows file errors
    Rule(
        id="access-denied",
        severity="error",
        priority=96,
        patterns=(
            r"\[WinError 5\] (?:拒绝访问|Access is denied)",
            r"拒绝访问。",
            r"\[Errno 13\] Permission denied",
        ),
        title=N_("Access denied: a file could not be written or replaced"),
        explanation=N_(
            "Windows (or Linux) refused to change a file: it belongs to another user or a system folder, or "
            "a running program (another Python, an editor, a notebook kernel) holds it open. pip shows this "
            "when it installs into the system Python without rights."
        ),
        fix={
            "default": N_(
                "Close every program that uses this Python (notebooks, editors, other terminals) and try again. "
                "Install into a virtual environment of your own (`python -m venv .venv`) instead of the "
                "system Python, or add `--user` to the pip command; run the terminal as administrator only "
                "if you must change the system Python."
            ),
        },
        sources=(
            "https://github.com/OpenEthan/SMSBoom/issues/19",
            "https://github.com/janosh/pymatviz/issues/66",
        ),
        explains=("python-exception",),
    ),
    Rule(
        id="path-not-found",
        severity="error",
        priority=96,
        patterns=(
            r"\[WinError 3\] (?:系统找不到指定的路径|The system cannot find the path specified)"
            r"[。.]?(?::\s*'(?P<path>[^'\r\n]{1,300})')?",
            r"系统找不到指定的路径。",
        ),
        title=N_("A folder named in the command or script does not exist"),
        explanation=N_(
            "Windows could not find the path {path}. A common case: a CUDA folder written into the script or "
            "PATH (for example ...\\CUDA\\v11.2\\bin) that is not installed, or is installed as another "
            "version."
        ),
        fix={
            "default": N_(
                "Check that the folder exists (`dir \"<folder>\"`) and correct the path in the script or in "
                "PATH; for CUDA use the version folder that is really installed under "
                "C:\\Program Files\\NVIDIA GPU Computing Toolkit\\CUDA."
            ),
        },
        defaults={"path": "?"},
        sources=("https://github.com/abetlen/llama-cpp-python/issues/1077",),
        explains=("python-exception",),
    ),
    # ---------------------------------------------------------------- the visible symptom
    Rule(
        id="no-gpu-visible",
        severity="warning",
        priority=90,
        patterns=(
            r"(?m)^[ \t]*\[\][ \t]*\r?$",
            r"Num GPUs Available:[ \t]*0\b",
            r"No matching devices found for '(?:/?device:)?GPU",
            r"GPU is NOT AVAILABLE",
        ),
        title=N_("TensorFlow sees no GPU"),
        explanation=N_(
            "TensorFlow lists no GPU, so everything runs on the CPU. The other findings, if any, say why; "
            "if there are none, the installed TensorFlow has no GPU support or no NVIDIA driver is working."
        ),
        fix={
            "default": N_(
                "Run `nvidia-smi`. If it works, check which TensorFlow package is installed "
                "(`pip show tensorflow tensorflow-cpu`): tensorflow-cpu never uses a GPU; on Linux/WSL2 "
                "install `tensorflow[and-cuda]`."
            ),
            "windows": N_(
                "Run `nvidia-smi`. If it works: on native Windows only TensorFlow 2.10 and older can use the "
                "GPU; use WSL2 for newer versions."
            ),
        },
        sources=("https://github.com/tensorflow/tensorflow/issues/63362",),
    ),
    # ---------------------------------------------------------------- good news
    Rule(
        id="gpu-device-created",
        severity="harmless",
        priority=200,
        patterns=(
            r"Created (?:TensorFlow )?device \(?/job:[^\s]{1,80}device:GPU:(?P<index>\d+) with (?P<mb>\d+) MB memory",
        ),
        title=N_("TensorFlow is using GPU {index} ({mb} MB reserved)"),
        explanation=N_(
            "Good news: TensorFlow created a GPU device. The number is how much memory TensorFlow allows "
            "itself on that card."
        ),
        fix={"default": N_("Nothing to do.")},
        sources=("https://www.tensorflow.org/guide/gpu",),
    ),
    # ---------------------------------------------------------------- harmless noise (#4, #5, #12)
    Rule(
        id="numa-node",
        severity="harmless",
        priority=210,
        field_note=4,
        patterns=(
            r"successful NUMA node read from SysFS had negative value",
            r"could not open file to read NUMA node",
            r"Your kernel may have been built without NUMA support",
        ),
        title=N_("NUMA node message: harmless"),
        explanation=N_(
            "TensorFlow could not read which NUMA node (memory bank) the GPU belongs to and assumes node "
            "zero. Ordinary desktops and WSL have only one, so the GPU works normally."
        ),
        fix={
            "default": N_("Nothing to do; you can ignore this line."),
            "linux": N_(
                "Nothing to do; you can ignore this line. (To silence it, write 0 to "
                "/sys/bus/pci/devices/<your GPU>/numa_node as root after each boot.)"
            ),
        },
        sources=(
            "https://github.com/tensorflow/tensorflow/issues/42738",
            "https://github.com/microsoft/WSL/issues/10277",
        ),
    ),
    Rule(
        id="factory-registration",
        severity="harmless",
        priority=211,
        field_note=5,
        patterns=(
            r"Unable to register (?:cuDNN|cuFFT|cuBLAS) factory",
            r"computation placer already registered",
        ),
        title=N_('"Unable to register cuDNN/cuFFT/cuBLAS factory": harmless'),
        explanation=N_(
            "TensorFlow 2.14 to 2.20 print these at import although nothing is wrong: a GPU plugin was "
            "registered twice. They are marked E (error) but do not stop the GPU from working."
        ),
        fix={
            "default": N_(
                "Nothing to do. To hide such lines, set TF_CPP_MIN_LOG_LEVEL=2 before starting Python."
            ),
        },
        sources=(
            "https://github.com/tensorflow/tensorflow/issues/62075",
            "https://github.com/tensorflow/tensorflow/issues/64809",
        ),
    ),
    Rule(
        id="tensorrt-missing",
        severity="harmless",
        priority=212,
        field_note=5,
        patterns=(
            r"Could not find TensorRT",
            r"Could not load dynamic library '(?:lib)?nvinfer",
        ),
        title=N_("TensorRT not found: harmless"),
        explanation=N_(
            "TensorRT is an optional NVIDIA inference optimiser. Training and normal GPU use do not need it."
        ),
        fix={"default": N_("Nothing to do.")},
        sources=("https://github.com/tensorflow/tensorflow/issues/64809",),
    ),
    Rule(
        id="cpu-instructions",
        severity="harmless",
        priority=213,
        field_note=5,
        patterns=(
            r"This TensorFlow binary is optimized to use available CPU instructions",
            r"Your CPU supports instructions that this TensorFlow binary was not compiled to use",
            r"This TensorFlow binary is optimized with oneAPI Deep Neural Network Library",
        ),
        title=N_("CPU instruction notice: harmless"),
        explanation=N_(
            "Information only: TensorFlow tells which CPU features it uses. It says nothing about the GPU."
        ),
        fix={"default": N_("Nothing to do.")},
        sources=("https://github.com/tensorflow/tensorflow/issues/66750",),
    ),
    Rule(
        id="onednn-notice",
        severity="harmless",
        priority=214,
        patterns=(r"oneDNN custom operations are on",),
        title=N_("oneDNN notice: harmless"),
        explanation=N_(
            "Information only: TensorFlow uses Intel's oneDNN on the CPU, so results may differ in the last "
            "digits between runs."
        ),
        fix={"default": N_("Nothing to do. TF_ENABLE_ONEDNN_OPTS=0 turns it off.")},
        sources=("https://github.com/tensorflow/tensorflow/issues/66750",),
    ),
    Rule(
        id="cudart-dlerror-hint",
        severity="harmless",
        priority=215,
        patterns=(r"Ignore above cudart dlerror if you do not have a GPU set up on your machine",),
        title=N_('"Ignore above cudart dlerror": TensorFlow\'s own hint'),
        explanation=N_(
            "TensorFlow's note that the missing CUDA runtime reported just before matters only if you want "
            "to use an NVIDIA GPU. If you do, follow the finding about the missing library."
        ),
        fix={"default": N_("Nothing to do if you only want the CPU.")},
        sources=("https://github.com/tensorflow/tensorflow/issues/57103",),
    ),
    Rule(
        id="absl-log-prelude",
        severity="harmless",
        priority=216,
        patterns=(r"All log messages before absl::InitializeLog\(\) is called are written to STDERR",),
        title=N_("Logging notice: harmless"),
        explanation=N_("Information only: where TensorFlow's C++ logging goes before it is set up."),
        fix={"default": N_("Nothing to do.")},
        sources=("https://github.com/tensorflow/tensorflow/issues/97387",),
    ),
    Rule(
        id="wsl-libcuda-not-symlink",
        severity="harmless",
        priority=217,
        field_note=12,
        patterns=(r"libcuda\.so(?:\.1)? is not a symbolic link",),
        title=N_('WSL: "libcuda.so.1 is not a symbolic link": harmless'),
        explanation=N_(
            "WSL ships copies of libcuda instead of symbolic links, and ldconfig complains about it whenever "
            "packages are installed. The GPU still works. The real danger is different: never install a "
            "Linux NVIDIA driver inside WSL."
        ),
        fix={
            "default": N_(
                "Nothing to do. To silence it, in an administrator cmd window go to "
                "C:\\Windows\\System32\\lxss\\lib, delete libcuda.so and libcuda.so.1 and recreate them with "
                "`mklink libcuda.so.1 libcuda.so.1.1` and `mklink libcuda.so libcuda.so.1.1`."
            ),
        },
        sources=(
            "https://github.com/microsoft/WSL/issues/5548",
            "https://github.com/microsoft/WSL/issues/11229",
            "https://github.com/yuk7/ArchWSL/issues/248",
        ),
    ),
)

# Derived (no pattern; see diagnose.py): out of memory while another process holds the GPU.
GPU_MEMORY_TAKEN = Rule(
    id="gpu-memory-taken",
    severity="error",
    priority=79,
    patterns=(),
    title=N_("Another program holds the GPU memory: only {free} of {total} were free"),
    explanation=N_(
        "When TensorFlow started, the GPU had only {free} free of {total}, so its first allocation failed. "
        "This is not about your batch size: another process (another training run, a notebook kernel that "
        "is still open, a second TensorFlow program) holds the memory."
    ),
    fix={
        "default": N_(
            "Run `nvidia-smi` and stop the processes listed there (or wait for them), restart notebook kernels "
            "you do not need, then start again. To share the GPU, let each program allocate on demand: "
            "TF_FORCE_GPU_ALLOW_GROWTH=true."
        ),
    },
    defaults={"free": "?", "total": "?"},
    sources=("https://github.com/tensorflow/tensorflow/issues/8170",),
    explains=("out-of-memory", "cudnn-init-failed", "dnn-library-not-found", "python-exception"),
)

# Derived: every finding is harmless, so the error (if any) is not in the text given.
ONLY_HARMLESS = Rule(
    id="only-harmless-lines",
    severity="harmless",
    priority=199,
    patterns=(),
    title=N_("The lines shown are harmless; the error, if there is one, is not in what was pasted"),
    explanation=N_(
        "Every line recognised here is a normal TensorFlow start-up message. If something went wrong, the "
        "message that says so was not included: the log may be cut off, or the error went to the other "
        "output stream (stderr vs stdout)."
    ),
    fix={
        "default": N_(
            "Paste the whole output, from the command to the last line (`python train.py > log.txt 2>&1` "
            "saves both streams), or run verify to collect the full log."
        ),
    },
)

# Not a pattern rule: an exception at the end of a traceback that no rule above explains.
PYTHON_EXCEPTION = Rule(
    id="python-exception",
    severity="error",
    priority=95,
    patterns=(),
    title=N_("The program stopped with an error: {exception}"),
    explanation=N_(
        "The last line of the traceback names the error. It is not one of the known TensorFlow/CUDA "
        "setup problems, so it is probably in the script itself or its input."
    ),
    fix={
        "default": N_(
            'Read the traceback from the bottom up: the last "File ..." line that points to your own '
            "script is where it happened. Search for the exact error text if it is unclear."
        ),
    },
    defaults={"exception": "?"},
)

ALL_RULES: tuple[Rule, ...] = (*RULES, GPU_MEMORY_TAKEN, ONLY_HARMLESS, PYTHON_EXCEPTION)
