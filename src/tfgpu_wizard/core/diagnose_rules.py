"""The diagnosis rules: which log lines mean what, and what to do about them.

Data only (plus the tiny ``Rule`` type); the engine is ``tfgpu_wizard.core.diagnose``.
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
PLATFORMS = ("linux", "windows", "wsl2")


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
        explains=("dlopen-failed", "no-gpu-visible", "cuda-drivers-not-found", "cudnn-init-failed"),
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
                'With pip: `python -m pip install "tensorflow[and-cuda]"` pins the matching '
                "nvidia-cudnn package. Then remove stale cuDNN folders from LD_LIBRARY_PATH "
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
        explains=("cudnn-init-failed",),
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
            "registers no GPU. The lines before it name the library; with TensorFlow 2.16.1 installed as "
            "`tensorflow[and-cuda]` the pip NVIDIA libraries were not found because of a known bug."
        ),
        fix={
            "default": N_(
                'Look for "Could not load dynamic library" lines above it. If there are none, run again '
                "with the environment variable TF_CPP_MAX_VLOG_LEVEL=3 to make TensorFlow name the library."
            ),
            "linux": N_(
                'Look for "Could not load dynamic library" lines above it, or run again with '
                "TF_CPP_MAX_VLOG_LEVEL=3. With TensorFlow 2.16.1 from `tensorflow[and-cuda]`: upgrade to "
                "2.17 or newer, or add the `site-packages/nvidia/*/lib` folders to LD_LIBRARY_PATH."
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
            r"DNN library is not found",
            r"DNN library initialization failed",
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
    # ---------------------------------------------------------------- the visible symptom
    Rule(
        id="no-gpu-visible",
        severity="warning",
        priority=90,
        patterns=(
            r"(?m)^[ \t]*\[\][ \t]*\r?$",
            r"Num GPUs Available:[ \t]*0\b",
            r"No matching devices found for '(?:/?device:)?GPU",
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
            r"TF-TRT Warning: Could not find TensorRT",
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

ALL_RULES: tuple[Rule, ...] = (*RULES, PYTHON_EXCEPTION)
