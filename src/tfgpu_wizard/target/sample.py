#!/usr/bin/env python
"""tfgpu-wizard's bundled training sample: one JSON object per line on stdout.

Standalone on purpose: it runs in the *user's* Python (where TensorFlow is), so it imports only the
standard library, numpy and TensorFlow/Keras, and keeps Python 3.8 syntax (a TF 2.10 environment).
The protocol (event types and fields, exit codes) is documented in docs/sample-protocol.md; bump
PROTOCOL when a field changes meaning or disappears.

Layout, so that other Keras 3 backends can be added later (issue 6): flags -> ``configure_devices``
(memory mode and visible devices, before anything touches a GPU) -> ``make_strategy`` ->
``make_dataset`` (numpy arrays -> tf.data) -> ``build_model`` (pure Keras layers) -> ``train_fit`` or
``train_custom`` (the loop). Only the last three and the device set-up are TensorFlow specific.

stdout carries events only: file descriptor 1 is pointed at stderr at start-up (so stray prints,
Python or C, go to stderr) and events go to a private duplicate of the original stdout.
"""

import argparse
import json
import math
import os
import signal
import sys
import threading
import time
import traceback

PROTOCOL = 1

EXIT_OK = 0
EXIT_BAD_FLAGS = 2
EXIT_CONFIG = 3
EXIT_OOM = 4
EXIT_RUNTIME = 5
EXIT_NO_TF = 6
EXIT_STALLED = 7
EXIT_TERMINATED = 143  # 128 + SIGTERM, as a shell reports it

MODELS = ("cnn", "resnet20", "resnet50")
DATASETS = {
    # name: (shape, classes, cache file/folder prefix under ~/.keras/datasets)
    "mnist": ((28, 28, 1), 10, "mnist.npz"),
    "cifar10": ((32, 32, 3), 10, "cifar-10-batches-py"),
    "cifar100": ((32, 32, 3), 100, "cifar-100-python"),
}
PRECISIONS = ("fp32", "mixed_float16", "mixed_bfloat16")
BACKENDS = ("tensorflow", "jax", "torch")
MEMORY_MODES = ("default", "growth", "limit")

# The watchdog (see Watchdog): "no step finished for N s". Chosen from first-step times measured with
# TensorFlow 2.21 (docs/h200-results.md): on an H200 the slowest first step (ResNet-50, XLA compile and cuDNN
# autotuning included) took well under 60 s, and on a 2-core CPU the slowest sample step (ResNet-20,
# mixed_float16, emulated) about 11 s. So a warning after STALL_WARN_S, and the run is ended after
# STALL_LIMIT_S with the watchdog's message (the events so far are kept by the app).
STALL_WARN_S = 60.0
STALL_LIMIT_S = 300.0
# cuDNN releases with which XLA's convolution autotuner hung on Hopper (compute capability 9.x): measured
# with 9.3.0.75 (TF 2.21's build pin) on an H200; 9.28.0.42 runs. Versions in between were not measured,
# so jit "auto" stays off for all of them on such a GPU (../docs/h200-results.md).
CUDNN_XLA_HANG = ((9, 0), (9, 28))
# Steps per execution on a GPU: the largest divisor of --log-every up to this. Each execution ends with one host
# round trip (Keras reads the loss for the progress callback); plain Keras on an H200 reached its best speed at
# 25-32 steps per execution (docs/h200-results.md), and progress points stay where --log-every puts them.
MAX_AUTO_SPE = 32
# The input pipeline repeats at least this many distinct batches (each cached once, as uint8; the model casts
# and scales on the device), so the host does no per-step work beyond handing over a cached tensor.
MIN_DISTINCT_BATCHES = 8

ADVICE = {
    "oom": "The GPU ran out of memory. Use a smaller --batch-size, mixed precision (--precision mixed_float16), "
    "a smaller model, or a larger --memory-limit; close other programs that use the GPU.",
    "devices-initialized": "The GPU was already initialised when the memory mode was set. Set the memory mode "
    "before anything touches the GPU (at the very top of your script), or use the environment variable "
    "TF_FORCE_GPU_ALLOW_GROWTH=true; restart the Python process to switch modes.",
    "bad-flags": "Run the sample with --help to see the valid flags.",
    "terminated": "The run was stopped before it finished. Nothing is wrong with TensorFlow.",
    "batch-not-divisible": "Choose a --batch-size that is a multiple of the number of replicas, or leave out "
    "--strict-batch to let the sample adjust it.",
    "dataset-not-cached": "The real dataset is not in the Keras cache. Allow the download (--allow-download), "
    "or train on synthetic data (leave out --real-data).",
    "gpu-not-found": "TensorFlow does not see the GPU you asked for. Run the verification probe "
    "(tfgpu-wizard verify) to find out why, or train on the CPU (--devices cpu).",
    "tf-config": "Multi-worker training reads the cluster from the TF_CONFIG environment variable "
    "(tfgpu-wizard cluster writes it for each worker).",
    "no-tensorflow": "TensorFlow could not be imported in this Python. Install it there, or pick another Python.",
    "no-tf-keras": "Keras 2 was asked for (--keras2 or TF_USE_LEGACY_KERAS=1), but the tf-keras package is not "
    "installed in this Python, and TensorFlow 2.16 and later ship only Keras 3. Install the tf-keras that matches "
    "TensorFlow there (pip install \"tf-keras~=2.X\" with X the TensorFlow minor version), or leave out --keras2 "
    "and unset TF_USE_LEGACY_KERAS to train with Keras 3.",
    "no-backend": "Keras 3 on this backend could not be imported in this Python: install keras>=3 and the "
    "backend (jax or torch) there, or use --backend tensorflow.",
    "multi-gpu-unsupported": "Keras 3's PyTorch backend has no multi-GPU distribution, so this sample trains on one "
    "GPU there: choose one GPU (--devices gpu:0), or use --backend jax (DataParallel) or tensorflow "
    "(MirroredStrategy) for all GPUs.",
    "stalled": "No training step finished for a long time, so the sample stopped itself. If it was the first "
    "step on a GPU, XLA was compiling the model and cuDNN was trying its algorithms: with cuDNN 9.3 on Hopper "
    "GPUs this never ends. Upgrade cuDNN in this Python (pip install -U \"nvidia-cudnn-cu12>=9.28\") or run "
    "with --jit off. Otherwise check that no other program holds the GPU (nvidia-smi).",
    "parent-gone": "The program that started the sample has gone, so the sample stopped.",
    "error": "See the error output (stderr) for the details; tfgpu-wizard diagnose can explain it.",
}


class SampleError(Exception):
    """An expected failure: ends the run with an ``error`` event (code + advice) and an exit code."""

    def __init__(self, code, message, exit_code=EXIT_CONFIG, **extra):
        Exception.__init__(self, message)
        self.code = code
        self.message = message
        self.exit_code = exit_code
        self.extra = extra


class Terminated(BaseException):
    """Raised from the SIGTERM/SIGINT handler; BaseException so that nobody's ``except Exception`` eats it."""

    def __init__(self, signum):
        BaseException.__init__(self, signum)
        self.signum = signum


# -- event output --------------------------------------------------------------------------------


class Emitter:
    """Writes events to a private copy of stdout; fd 1 itself is redirected to stderr."""

    def __init__(self):
        self.seq = 0
        self.lock = threading.Lock()  # the watchdog thread writes events too
        try:
            sys.stdout.flush()
            fd = os.dup(1)
            os.dup2(2, 1)
            self.out = os.fdopen(fd, "w", encoding="utf-8", errors="replace", newline="\n")
            sys.stdout = sys.stderr
        except (OSError, ValueError, AttributeError):  # no real fds (embedded interpreters): plain stdout
            self.out = sys.stdout

    def emit(self, type_, **fields):
        with self.lock:
            self.seq += 1
            event = {"v": PROTOCOL, "type": type_, "seq": self.seq, "t": time.monotonic()}
            event.update(fields)
            line = json.dumps(event, default=_jsonable, ensure_ascii=False, allow_nan=False)
            self.out.write(line + "\n")
            self.out.flush()

    def error(self, code, message, **extra):
        self.emit("error", code=code, message=message, advice=ADVICE.get(code, ADVICE["error"]), **extra)

    def warning(self, code, message, **extra):
        self.emit("warning", code=code, message=message, **extra)


def _jsonable(value):
    try:
        return float(value)
    except (TypeError, ValueError):
        return str(value)


def _num(x):
    """A float that JSON can carry (NaN/inf become None)."""
    try:
        x = float(x)
    except (TypeError, ValueError):
        return None
    return x if math.isfinite(x) else None


# -- watchdog ----------------------------------------------------------------------------------

PHASE_WORDS = {
    "import": "importing TensorFlow",
    "devices": "setting up the devices",
    "data": "preparing the data",
    "build": "building the model",
    "first-step": "the first training step (tracing and compiling the model; on a GPU also choosing cuDNN "
                  "algorithms)",
    "training": "training",
}


def _main_thread_stack(ident, limit=6):
    """The innermost Python frames of the main thread, as "file:line function" strings."""
    frame = sys._current_frames().get(ident)
    if frame is None:
        return []
    return ["%s:%d %s" % (os.path.basename(f.filename), f.lineno, f.name)
            for f in traceback.extract_stack(frame)[-limit:]]


class Watchdog(object):
    """Notices a run that makes no progress, and a parent that has gone away.

    A daemon thread wakes every ``poll`` seconds. ``beat()`` (each finished step) and ``enter(phase)``
    count as progress. After ``warn_s`` seconds without any, it sends one ``stalled`` warning saying what
    the run was doing (the phase, the last step, the main thread's innermost Python frames) and what to
    try; after ``limit_s`` (0 = never) it sends the ``stalled`` error and ends the process with
    EXIT_STALLED: a hang inside TensorFlow's C++ code cannot be interrupted any other way.

    The parent watch: when the parent process changes (the app or CLI that started the sample was killed,
    so the sample was re-parented), the sample stops within ``poll`` seconds instead of training on with
    nobody reading its output and its GPU memory held.
    """

    def __init__(self, em, warn_s=STALL_WARN_S, limit_s=STALL_LIMIT_S, poll=0.2):
        self.em = em
        self.warn_s = float(warn_s or 0)
        self.limit_s = float(limit_s or 0)
        self.poll = poll
        self.phase = "import"
        self.step = 0
        self.steps = None
        self.xla = None
        self.memory = None
        self.steps_per_beat = 1  # steps per execution: a beat comes once per execution
        self.step_times = []
        self.last = time.monotonic()
        self.warned = False
        self.main_ident = threading.get_ident()
        self.ppid = os.getppid() if hasattr(os, "getppid") else None
        self._stop = threading.Event()
        self.thread = threading.Thread(target=self._loop, name="tfgpu-sample-watchdog")
        self.thread.daemon = True

    def start(self):
        self.thread.start()
        return self

    def stop(self):
        self._stop.set()

    def enter(self, phase):
        self.phase = phase
        self.last = time.monotonic()
        self.warned = False

    def beat(self, step):
        now = time.monotonic()
        if step > self.step:
            if self.phase == "training":
                self.step_times.append((now - self.last) / max(1, step - self.step))
                del self.step_times[:-50]
            self.step = step
        if self.phase != "training":
            self.phase = "training"
        self.last = now
        if self.warned:
            self.warned = False
            self.em.emit("resumed", step=step, phase=self.phase)

    def _parent_gone(self):
        if self.ppid in (None, 0, 1):  # started as a daemon: nothing to watch
            return False
        try:
            return os.getppid() != self.ppid
        except OSError:
            return False

    def hint(self):
        if self.phase == "first-step":
            if self.xla and self.memory == "limit":
                return ("Under a --memory-limit too small for the model, XLA's first step was seen to spin with the "
                        "GPU idle instead of reporting out of memory (an H200: ResNet-20, batch 4096, 256 MB). Raise "
                        "--memory-limit, use a smaller --batch-size, or use --jit off.")
            if self.xla:
                return ("XLA compiles the model in the first step and cuDNN tries its algorithms; on a GPU that "
                        "normally takes seconds. With cuDNN 9.3 on Hopper GPUs (H100, H200) XLA's autotuner never "
                        "finishes: upgrade cuDNN (pip install -U \"nvidia-cudnn-cu12>=9.28\") or use --jit off.")
            return ("The first step traces the model into a graph; on a slow CPU a big model can take a minute. "
                    "If nothing changes, stop the run and try a smaller model or --jit off.")
        if self.phase == "training":
            if self.step_times:
                typical = sorted(self.step_times)[len(self.step_times) // 2]
                return ("Steps took about %.2f s each until now. Another program may be using the GPU or the CPU "
                        "heavily (check nvidia-smi), or the input pipeline is stuck." % typical)
            return "Another program may be using the GPU heavily (check nvidia-smi)."
        if self.phase == "import":
            return ("Importing TensorFlow can take a minute the first time on a slow disk or with a virus scanner; "
                    "if it never ends, run tfgpu-wizard verify on this Python.")
        return "If nothing changes, stop the run and run tfgpu-wizard verify on this Python."

    def _report(self, idle):
        return {"phase": self.phase, "doing": PHASE_WORDS.get(self.phase, self.phase), "step": self.step,
                "steps": self.steps, "idle_s": round(idle, 1), "xla": self.xla,
                "where": _main_thread_stack(self.main_ident), "hint": self.hint()}

    def _loop(self):
        while not self._stop.wait(self.poll):
            try:
                if self._parent_gone():
                    self.em.error("parent-gone", "the program that started the sample (pid %s) has gone; "
                                  "stopping" % self.ppid, parent=self.ppid)
                    os._exit(EXIT_TERMINATED)
                idle = time.monotonic() - self.last
                # Importing TensorFlow may take minutes the first time (cold disk, virus scanner): the limit
                # never ends a run there before STALL_LIMIT_S (the app's idle timeout covers a dead import).
                limit = max(self.limit_s, STALL_LIMIT_S) if self.phase == "import" and self.limit_s else self.limit_s
                warn_s = self.warn_s
                if self.phase == "training" and self.step_times and self.steps_per_beat > 1:
                    # Several steps run between two beats: slow but steady steps are not a stall.
                    typical = sorted(self.step_times)[len(self.step_times) // 2] * self.steps_per_beat
                    warn_s = max(warn_s, 3 * typical) if warn_s else 0
                    limit = max(limit, 10 * typical) if limit else 0
                if limit and idle >= limit:
                    info = self._report(idle)
                    self.em.error("stalled", "no progress for %.0f s while %s (step %d); the sample stopped "
                                  "itself. %s" % (idle, info["doing"], self.step, info["hint"]), **info)
                    sys.stderr.flush()
                    os._exit(EXIT_STALLED)
                if warn_s and idle >= warn_s and not self.warned:
                    self.warned = True
                    info = self._report(idle)
                    self.em.warning("stalled", "no progress for %.0f s while %s (step %d). %s" % (
                        idle, info["doing"], self.step, info["hint"]), **info)
            except Exception:  # the watchdog must never be what kills a run (a closed stdout, say)
                if self._parent_gone():
                    os._exit(EXIT_TERMINATED)


WATCHDOG = None  # set by main(); Progress beats it


def _watch(phase):
    if WATCHDOG is not None:
        WATCHDOG.enter(phase)


def _beat(step):
    if WATCHDOG is not None:
        WATCHDOG.beat(step)


# -- cuDNN actually loaded -------------------------------------------------------------------------


def _decode_cudnn_version(number):
    """cudnnGetVersion(): 8907 for 8.9.7 (cuDNN 8: major*1000), 92800 for 9.28.0 (cuDNN 9: major*10000)."""
    number = int(number)
    if number >= 90000:
        return (number // 10000, (number % 10000) // 100, number % 100)
    return (number // 1000, (number % 1000) // 100, number % 100)


def nvidia_driver_present():
    """Whether an NVIDIA driver is installed here: its CUDA driver library (libcuda / nvcuda.dll) loads.

    stdlib only (the sample has no NVML); WSL2's libcuda in /usr/lib/wsl/lib is found the same way.
    """
    import ctypes

    names = ("nvcuda.dll",) if sys.platform == "win32" else ("libcuda.so.1", "libcuda.so")
    for name in names:
        try:
            ctypes.CDLL(name)
            return True
        except OSError:
            continue
    return False


def gpu_not_used(kind, physical_gpus, built_with_cuda, driver_present, visible=None):
    """Why this run trains on the CPU although it did not ask to (a warning code and message), or None.

    The case a beginner never notices: a CUDA build of TensorFlow and a working driver, yet no GPU registered
    (on the H200 with TF 2.21's pip wheels and no library path: libcusolver.so.11 was not found, and the run
    went on silently on the CPU)."""
    if kind == "cpu" or physical_gpus or not built_with_cuda or not driver_present:
        return None
    if visible is not None and visible.strip() in ("", "-1"):
        return ("gpu-hidden", "CUDA_VISIBLE_DEVICES=%r hides every GPU from TensorFlow: this run trains on the "
                              "CPU. Unset it (or set it to 0) to use the GPU." % visible)
    return ("gpu-not-used", "An NVIDIA driver is installed and this TensorFlow is a CUDA build, but TensorFlow "
                            "registered no GPU: this run trains on the CPU. Usually a GPU library did not load; "
                            "`tfgpu-wizard verify` names it and says how to fix it.")


def cudnn_runtime():
    """The cuDNN that this process has loaded, as {"version": "9.28.0", "source": ...}; None when unknown.

    First the library itself (already opened by TensorFlow when it registered the GPU: RTLD_NOLOAD never
    loads a second copy), then the pip package's version. The build's cuDNN (tf.sysconfig) is not what runs.
    """
    import ctypes

    if sys.platform.startswith("linux"):
        names, mode = ("libcudnn.so.9", "libcudnn.so.8"), getattr(os, "RTLD_NOLOAD", 4) | getattr(os, "RTLD_LAZY", 1)
    elif sys.platform == "win32":
        names, mode = ("cudnn64_9.dll", "cudnn64_8.dll"), 0
    else:
        names, mode = (), 0
    for name in names:
        try:
            if sys.platform == "win32":
                handle = ctypes.WinDLL(name)  # noqa: F821 - windows only
            else:
                handle = ctypes.CDLL(name, mode=mode)
            fn = handle.cudnnGetVersion
            fn.restype = ctypes.c_size_t
            v = _decode_cudnn_version(fn())
            return {"version": "%d.%d.%d" % v, "source": "loaded library " + name}
        except (OSError, AttributeError, ValueError):
            continue
    try:
        from importlib import metadata
    except ImportError:
        return None
    for dist in ("nvidia-cudnn-cu12", "nvidia-cudnn-cu11", "nvidia-cudnn-cu13"):
        try:
            return {"version": metadata.version(dist), "source": "pip package " + dist}
        except Exception:
            continue
    return None


def _version_tuple(text):
    out = []
    for part in str(text).split(".")[:2]:
        digits = "".join(ch for ch in part if ch.isdigit())
        out.append(int(digits) if digits else 0)
    return tuple(out + [0] * (2 - len(out)))


def xla_hang_risk(gpus, cudnn):
    """True when jit "auto" would compile with XLA on a GPU and cuDNN where the autotuner was seen to hang."""
    if not cudnn or not cudnn.get("version"):
        return False
    low, high = CUDNN_XLA_HANG
    if not (low <= _version_tuple(cudnn["version"]) < high):
        return False
    for g in gpus:
        try:
            if float(g.get("compute_capability") or 0) >= 9.0:
                return True
        except ValueError:
            continue
    return False


# -- flags -------------------------------------------------------------------------------------


class _Parser(argparse.ArgumentParser):
    def error(self, message):
        raise SampleError("bad-flags", message, exit_code=EXIT_BAD_FLAGS)


def _positive_int(text):
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError("expected a whole number, got %r" % text) from None
    if value < 1:
        raise argparse.ArgumentTypeError("expected a number of at least 1, got %r" % text)
    return value


def parse_memory_limit(text):
    """``"1024"`` -> ("mb", 1024); ``"0.5"`` or ``"50%"`` -> ("fraction", 0.5)."""
    t = str(text).strip()
    try:
        if t.endswith("%"):
            value, kind = float(t[:-1]) / 100.0, "fraction"
        elif "." in t:
            value, kind = float(t), "fraction"
        else:
            value, kind = int(t), "mb"
    except ValueError:
        raise argparse.ArgumentTypeError(
            "memory limit %r is neither megabytes (1024) nor a fraction of the card (0.5 or 50%%)" % text
        ) from None
    if kind == "fraction" and not 0.0 < value <= 1.0:
        raise argparse.ArgumentTypeError("a memory fraction must be above 0 and at most 1, got %r" % text)
    if kind == "mb" and value < 1:
        raise argparse.ArgumentTypeError("a memory limit in MB must be at least 1, got %r" % text)
    return (kind, value)


def parse_devices(text):
    """``auto`` | ``cpu`` | ``all`` | ``gpu`` | ``gpu:0`` | ``gpu:0,1`` -> (kind, [indices])."""
    t = str(text).strip().lower()
    if t in ("auto", "cpu", "all"):
        return (t, [])
    if t == "gpu":
        return ("gpus", [0])
    if t.startswith("gpu:"):
        try:
            idx = sorted(set(int(p) for p in t[4:].split(",") if p.strip() != ""))
        except ValueError:
            idx = []
        if idx and all(i >= 0 for i in idx):
            return ("gpus", idx)
    raise argparse.ArgumentTypeError("devices %r: use auto, cpu, all, gpu:0 or a list like gpu:0,1" % text)


def build_parser():
    p = _Parser(prog="sample.py", description="tfgpu-wizard training sample (JSON lines on stdout)")
    p.add_argument("--model", choices=MODELS, default="cnn")
    p.add_argument("--dataset", choices=sorted(DATASETS), default="cifar10")
    p.add_argument("--real-data", action="store_true", help="the real dataset from the Keras cache")
    p.add_argument("--allow-download", action="store_true", help="with --real-data: download if not cached")
    p.add_argument("--batch-size", type=_positive_int, default=64, help="global batch (all replicas)")
    p.add_argument("--strict-batch", action="store_true", help="fail instead of adjusting the batch")
    p.add_argument("--steps", type=_positive_int, default=100)
    p.add_argument("--log-every", type=_positive_int, default=10, help="progress event every N steps")
    p.add_argument("--memory", choices=MEMORY_MODES, default="default")
    p.add_argument("--memory-limit", type=parse_memory_limit, default=None, help="MB, or a fraction (0.5, 50%%)")
    p.add_argument("--gpu-total-mb", type=_positive_int, default=None,
                   help="total memory of the card, for a fractional limit (the app passes NVML's figure)")
    p.add_argument("--devices", type=parse_devices, default=("auto", []))
    p.add_argument("--logical-cpus", type=_positive_int, default=1, help="split the CPU into N logical devices")
    p.add_argument("--multi-worker", action="store_true", help="MultiWorkerMirroredStrategy from TF_CONFIG")
    p.add_argument("--tf-config", metavar="FILE", default=None,
                   help="read TF_CONFIG from this JSON file (for shells that cannot hold it, like cmd.exe)")
    p.add_argument("--precision", choices=PRECISIONS, default="fp32")
    p.add_argument("--prefetch", choices=("on", "off"), default="on")
    p.add_argument("--loop", choices=("fit", "custom"), default="fit",
                   help="Keras model.fit, or a custom tf.function loop (always custom with --multi-worker)")
    p.add_argument("--jit", choices=("auto", "on", "off"), default="auto", help="XLA compilation")
    p.add_argument("--learning-rate", type=float, default=0.01)
    p.add_argument("--synthetic-samples", type=_positive_int, default=1024)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--backend", choices=BACKENDS, default="tensorflow",
                   help="Keras 3 backend: tensorflow (default), jax or torch (these never import TensorFlow)")
    p.add_argument("--keras2", action="store_true",
                   help="train with Keras 2: sets TF_USE_LEGACY_KERAS=1 before TensorFlow is imported (TF >= 2.16 "
                   "needs the tf-keras package; on TF <= 2.15 tf.keras is Keras 2 anyway)")
    p.add_argument("--stall-warn", type=float, default=STALL_WARN_S, metavar="SECONDS",
                   help="warn when no step finished for this long (default %d; 0 = never)" % STALL_WARN_S)
    p.add_argument("--stall-limit", type=float, default=STALL_LIMIT_S, metavar="SECONDS",
                   help="stop the run when no step finished for this long (default %d; 0 = never)" % STALL_LIMIT_S)
    p.add_argument("--steps-per-execution", type=_positive_int, default=None,
                   help="training steps per call into the backend (default on a GPU: the largest divisor of "
                   "--log-every up to %d, so the host waits for the GPU only at log points; 1 on a CPU and "
                   "on PyTorch)" % MAX_AUTO_SPE)
    p.add_argument("--overflow-demo", action="store_true",
                   help="with mixed_float16: make the gradients overflow on a few steps, so the loss scale is "
                   "seen halving and those steps skipped (a demonstration; the reported loss is unchanged)")
    return p


def check_flags(args):
    """Combinations argparse cannot express; raises SampleError('bad-flags')."""
    if args.memory == "limit" and args.memory_limit is None:
        raise SampleError("bad-flags", "--memory limit needs --memory-limit (MB, or a fraction like 0.5)",
                          exit_code=EXIT_BAD_FLAGS)
    if args.memory != "limit" and args.memory_limit is not None:
        raise SampleError("bad-flags", "--memory-limit only applies with --memory limit", exit_code=EXIT_BAD_FLAGS)
    if args.allow_download and not args.real_data:
        raise SampleError("bad-flags", "--allow-download only applies with --real-data", exit_code=EXIT_BAD_FLAGS)
    if args.multi_worker and args.logical_cpus > 1:
        raise SampleError("bad-flags", "--logical-cpus cannot be combined with --multi-worker",
                          exit_code=EXIT_BAD_FLAGS)
    if args.devices[0] == "cpu" and args.memory != "default":
        raise SampleError("bad-flags", "--memory %s needs a GPU, but --devices cpu was chosen" % args.memory,
                          exit_code=EXIT_BAD_FLAGS)
    for name in ("stall_warn", "stall_limit"):
        value = getattr(args, name)
        if not (math.isfinite(value) and value >= 0):
            raise SampleError("bad-flags", "--%s must be a number of seconds (0 = never)" % name.replace("_", "-"),
                              exit_code=EXIT_BAD_FLAGS)
    if not (args.learning_rate > 0 and math.isfinite(args.learning_rate)):
        raise SampleError("bad-flags", "--learning-rate must be a positive number", exit_code=EXIT_BAD_FLAGS)
    if args.steps_per_execution and (args.loop != "fit" or args.multi_worker):
        raise SampleError("bad-flags", "--steps-per-execution applies to --loop fit only", exit_code=EXIT_BAD_FLAGS)
    if args.overflow_demo:
        if args.precision != "mixed_float16":
            raise SampleError("bad-flags", "--overflow-demo shows float16 loss scaling: it needs --precision "
                              "mixed_float16", exit_code=EXIT_BAD_FLAGS)
        if args.loop != "fit" or args.multi_worker or args.backend != "tensorflow" or args.keras2:
            raise SampleError("bad-flags", "--overflow-demo runs with the TensorFlow backend, Keras 3 and --loop "
                              "fit only", exit_code=EXIT_BAD_FLAGS)
        if args.devices[0] == "all" or (args.devices[0] == "gpus" and len(args.devices[1]) > 1) \
                or args.logical_cpus > 1:
            raise SampleError("bad-flags", "--overflow-demo runs on one device", exit_code=EXIT_BAD_FLAGS)
    if args.backend != "tensorflow":
        other = args.backend
        if args.multi_worker or args.tf_config:
            raise SampleError("bad-flags", "--multi-worker is TensorFlow's MultiWorkerMirroredStrategy; it does not "
                              "apply with --backend %s" % other, exit_code=EXIT_BAD_FLAGS)
        if args.loop != "fit":
            raise SampleError("bad-flags", "--loop custom is a TensorFlow tf.function loop; use --loop fit with "
                              "--backend %s" % other, exit_code=EXIT_BAD_FLAGS)
        if args.keras2:
            raise SampleError("bad-flags", "--keras2 is Keras 2 inside TensorFlow (tf-keras); it does not apply with "
                              "--backend %s, which is Keras 3" % other, exit_code=EXIT_BAD_FLAGS)
    if args.backend == "torch":
        if args.logical_cpus > 1:
            raise SampleError("bad-flags", "--logical-cpus needs a multi-device distribution, which Keras 3's "
                              "PyTorch backend does not have", exit_code=EXIT_BAD_FLAGS)
        if args.steps_per_execution and args.steps_per_execution > 1:
            raise SampleError("bad-flags", "Keras 3's PyTorch backend runs one step per execution "
                              "(--steps-per-execution must be 1)", exit_code=EXIT_BAD_FLAGS)
        if args.devices[0] == "gpus" and len(args.devices[1]) > 1:
            raise SampleError("multi-gpu-unsupported", "--backend torch trains on one GPU only (Keras 3's PyTorch "
                              "backend has no multi-GPU distribution); %d were asked for" % len(args.devices[1]),
                              exit_code=EXIT_CONFIG)


def read_tf_config(path=None):
    """The worker's place in the cluster from TF_CONFIG, checked so that a typo is a clear error."""
    if path:
        try:
            with open(path, "r", encoding="utf-8") as fh:
                os.environ["TF_CONFIG"] = fh.read()
        except (OSError, UnicodeDecodeError) as exc:
            raise SampleError("tf-config", "cannot read --tf-config %s: %s" % (path, exc)) from None
    raw = os.environ.get("TF_CONFIG", "")
    if not raw.strip():
        raise SampleError("tf-config", "--multi-worker needs the TF_CONFIG environment variable")
    try:
        cfg = json.loads(raw)
        workers = cfg["cluster"]["worker"]
        task = cfg["task"]
        index = int(task["index"])
        kind = task["type"]
    except (ValueError, KeyError, TypeError) as exc:
        raise SampleError("tf-config", "TF_CONFIG is not valid: %s" % exc) from None
    if not isinstance(workers, list) or not workers or kind not in ("worker", "chief"):
        raise SampleError("tf-config", "TF_CONFIG needs a non-empty cluster.worker list and task.type 'worker'")
    if kind == "worker" and not 0 <= index < len(workers):
        raise SampleError("tf-config", "TF_CONFIG task.index %d is outside the %d workers" % (index, len(workers)))
    return {"type": kind, "index": index, "workers": len(workers)}


# -- TensorFlow and Keras ----------------------------------------------------------------------


def legacy_keras_requested():
    """True when TF_USE_LEGACY_KERAS asks for Keras 2 (TensorFlow reads "1", "true" and "yes")."""
    return os.environ.get("TF_USE_LEGACY_KERAS", "").strip().lower() in ("1", "true", "yes")


def keras_label(source, major):
    """The Keras in use, in words (the probe reports the same labels)."""
    if source == "tf_keras":
        return "Keras 2 (tf-keras, TF_USE_LEGACY_KERAS=1)"
    if major is not None and major >= 3:
        return "Keras 3"
    return "Keras 2 (tf.keras)"


def import_tf():
    """TensorFlow, the Keras in use (Keras 3, or Keras 2 as tf.keras / tf-keras) and facts about it.

    With TF_USE_LEGACY_KERAS=1 (``--keras2`` sets it) TensorFlow >= 2.16 makes ``tf.keras`` the tf-keras
    package; without tf-keras installed that is an error here too (``no-tf-keras``) rather than a silent run
    on Keras 3, which is what the user did not ask for. TensorFlow <= 2.15 has Keras 2 built in.
    """
    import numpy as np
    import tensorflow as tf

    legacy = legacy_keras_requested()
    keras = None
    source = None
    tf_keras_error = None
    if legacy:
        try:
            import tf_keras as keras  # noqa: F811
            source = "tf_keras"
        except Exception as exc:  # not installed, or a broken install (any error at import)
            keras, tf_keras_error = None, exc
    if keras is None:
        try:
            import keras  # noqa: F811
            source = "keras"
            if int(keras.__version__.split(".")[0]) < 3:
                keras, source = tf.keras, "tf.keras"
        except ImportError:
            keras, source = tf.keras, "tf.keras"
    version = getattr(keras, "__version__", "") or ""
    try:
        major = int(version.split(".")[0])
    except ValueError:
        major = 2
    if legacy and major >= 3:
        tf_minor = ".".join(str(tf.__version__).split(".")[:2])
        raise SampleError(
            "no-tf-keras",
            "TF_USE_LEGACY_KERAS=1 asks for Keras 2, but tf-keras cannot be imported (%s); TensorFlow %s has "
            "Keras %s. Install it: pip install \"tf-keras~=%s.0\"" % (
                tf_keras_error, tf.__version__, version, tf_minor),
            exit_code=EXIT_CONFIG, tensorflow=tf.__version__, keras=version,
            requirement="tf-keras~=%s.0" % tf_minor,
        )
    info = {"version": version, "major": major, "source": source, "legacy_env": legacy,
            "label": keras_label(source, major)}
    return tf, keras, np, info


def _gpu_cc(tf, gpu):
    try:
        cc = tf.config.experimental.get_device_details(gpu).get("compute_capability")
        return "%d.%d" % tuple(cc) if cc else None
    except Exception:
        return None


def _gpu_name(tf, gpu):
    try:
        return tf.config.experimental.get_device_details(gpu).get("device_name")
    except Exception:
        return None


def _total_mb_from_nvidia_smi(physical_index):
    """Total memory of one card (MB) from nvidia-smi, with a timeout; None if unknown.

    TF's own device details carry no total memory. The physical index is mapped through
    CUDA_VISIBLE_DEVICES when that is a list of numbers.
    """
    import subprocess

    idx = physical_index
    visible = os.environ.get("CUDA_VISIBLE_DEVICES")
    if visible:
        parts = [p.strip() for p in visible.split(",")]
        if all(p.isdigit() for p in parts) and physical_index < len(parts):
            idx = int(parts[physical_index])
        else:
            return None
    try:
        out = subprocess.run(
            ["nvidia-smi", "--query-gpu=memory.total", "--format=csv,noheader,nounits", "-i", str(idx)],
            capture_output=True, text=True, timeout=15,
        )
        return int(float(out.stdout.strip().splitlines()[0])) if out.returncode == 0 else None
    except Exception:
        return None


def configure_devices(tf, args, em):
    """Visible devices, logical CPUs and the memory mode: all before anything initialises a device."""
    kind, indices = args.devices
    cpus = tf.config.list_physical_devices("CPU")
    gpus = tf.config.list_physical_devices("GPU")
    info = {"physical_gpus": len(gpus), "gpus": [], "memory_mode": args.memory, "memory_effect": None}
    try:
        if args.logical_cpus > 1:
            tf.config.set_logical_device_configuration(
                cpus[0], [tf.config.LogicalDeviceConfiguration() for _ in range(args.logical_cpus)]
            )
        if kind == "cpu":
            selected = []
        elif kind == "gpus":
            missing = [i for i in indices if i >= len(gpus)]
            if missing:
                raise SampleError(
                    "gpu-not-found",
                    "GPU %s was asked for, but TensorFlow sees %d GPU(s)" % (
                        ",".join(str(i) for i in missing), len(gpus)),
                )
            selected = [(i, gpus[i]) for i in indices]
        elif kind == "all":
            selected = list(enumerate(gpus))
        else:  # auto: the first GPU if there is one
            selected = list(enumerate(gpus))[:1]
        if gpus:
            tf.config.set_visible_devices([g for _, g in selected], "GPU")
        for logical, (phys, gpu) in enumerate(selected):
            entry = {"index": phys, "logical": "GPU:%d" % logical, "name": _gpu_name(tf, gpu),
                     "compute_capability": _gpu_cc(tf, gpu), "memory_limit_mb": None}
            if args.memory == "growth":
                tf.config.experimental.set_memory_growth(gpu, True)
            elif args.memory == "limit":
                lim_kind, lim = args.memory_limit
                if lim_kind == "fraction":
                    total = args.gpu_total_mb or _total_mb_from_nvidia_smi(phys)
                    if not total:
                        raise SampleError(
                            "bad-flags",
                            "a fractional --memory-limit needs the card's total memory, which is unknown here; "
                            "give the limit in MB or pass --gpu-total-mb",
                            exit_code=EXIT_BAD_FLAGS,
                        )
                    entry["total_mb"] = total
                    lim = max(1, int(total * lim))
                tf.config.set_logical_device_configuration(
                    gpu, [tf.config.LogicalDeviceConfiguration(memory_limit=int(lim))]
                )
                entry["memory_limit_mb"] = int(lim)
            info["gpus"].append(entry)
    except RuntimeError as exc:
        if "cannot be modified after being initialized" in str(exc) or "must be set before" in str(exc):
            raise SampleError("devices-initialized", str(exc), exit_code=EXIT_RUNTIME) from None
        raise
    if not info["gpus"]:
        if args.memory != "default":
            info["memory_effect"] = "no GPU: the memory mode has no effect"
            em.warning("memory-mode-no-effect", "No GPU is in use, so --memory %s has no effect" % args.memory,
                       mode=args.memory)
        else:
            info["memory_effect"] = "no GPU"
    if args.precision == "mixed_float16":
        old = [g for g in info["gpus"] if g["compute_capability"] and float(g["compute_capability"]) < 7.0]
        if old:
            em.warning("mixed-float16-old-gpu",
                       "mixed_float16 is slow on GPUs older than compute capability 7.0 (no Tensor Cores); "
                       "these have %s" % ", ".join(g["compute_capability"] for g in old))
        elif not info["gpus"]:
            # Measured on a 2-core x86 CPU with TF 2.21: the small CNN ran at about half its fp32 speed, and
            # ResNet-20 about 200x slower (no fast float16 convolutions on CPUs); bfloat16 ran at fp32 speed.
            em.warning("mixed-precision-on-cpu",
                       "mixed_float16 has no fast kernels on a CPU: expect the small CNN at about half the fp32 "
                       "speed and ResNet-20 about 200x slower. On a CPU, compare fp32 with mixed_bfloat16 instead")
    return info


def make_strategy(tf, args, dev):
    """The distribution strategy: multi-worker, mirrored over several devices, or TF's default one."""
    if args.multi_worker:
        return tf.distribute.MultiWorkerMirroredStrategy(), "MultiWorkerMirroredStrategy"
    logical_gpus = tf.config.list_logical_devices("GPU")
    if len(logical_gpus) > 1 or (args.devices[0] == "all" and logical_gpus):
        return tf.distribute.MirroredStrategy([d.name for d in logical_gpus]), "MirroredStrategy"
    if not logical_gpus and args.logical_cpus > 1 and args.devices[0] in ("auto", "all", "cpu"):
        cpus = tf.config.list_logical_devices("CPU")
        return tf.distribute.MirroredStrategy([d.name for d in cpus]), "MirroredStrategy"
    return tf.distribute.get_strategy(), "default"


def _strategy_devices(strategy, logical_gpus):
    try:
        return [str(d) for d in strategy.extended.worker_devices]
    except Exception:  # the default strategy has no device list: it uses the first GPU, else the CPU
        return ["/device:GPU:0"] if logical_gpus else ["/device:CPU:0"]


def adjust_batch(batch, replicas, strict, em):
    if batch % replicas == 0:
        return batch
    if strict:
        raise SampleError(
            "batch-not-divisible",
            "--batch-size %d does not divide evenly over %d replicas" % (batch, replicas),
            batch_size=batch, replicas=replicas,
        )
    new = max(replicas, (batch // replicas) * replicas)
    em.warning("batch-adjusted", "--batch-size %d does not divide over %d replicas; using %d" % (
        batch, replicas, new), requested=batch, used=new, replicas=replicas)
    return new


# -- data --------------------------------------------------------------------------------------


def _keras_cache_dir():
    base = os.environ.get("KERAS_HOME") or os.path.join(os.path.expanduser("~"), ".keras")
    return os.path.join(base, "datasets")


def load_arrays(keras, np, args):
    """uint8 images (N, H, W, C) and int labels (N,): synthetic but learnable, or the real dataset."""
    shape, classes, cache_name = DATASETS[args.dataset]
    if args.real_data:
        folder = _keras_cache_dir()
        cached = os.path.isdir(folder) and any(n.startswith(cache_name) for n in os.listdir(folder))
        if not cached and not args.allow_download:
            raise SampleError("dataset-not-cached", "%s is not in the Keras cache (%s)" % (args.dataset, folder))
        module = getattr(keras.datasets, args.dataset)
        (x, y), _ = module.load_data()
        x = np.asarray(x, dtype=np.uint8)
        if x.ndim == 3:
            x = x[..., None]
        return x, np.asarray(y, dtype=np.int32).reshape(-1), "real"
    # Synthetic: each class has its own fixed pattern plus noise, so the loss really falls while it trains.
    rng = np.random.RandomState(args.seed)
    n = args.synthetic_samples
    templates = rng.randint(0, 256, size=(classes,) + shape).astype(np.float32)
    y = rng.randint(0, classes, size=(n,)).astype(np.int32)
    noise = rng.randint(0, 256, size=(n,) + shape).astype(np.float32)
    x = (0.6 * templates[y] + 0.4 * noise).astype(np.uint8)
    return x, y, "synthetic"


def auto_steps_per_execution(log_every, steps, on_gpu):
    """Steps per ``fit`` execution when the user chose none: on a GPU the largest divisor of the log interval up
    to MAX_AUTO_SPE (so the host waits for the GPU only at progress points, which stay at multiples of
    --log-every); 1 on a CPU, where a step is long and the round trip costs nothing noticeable."""
    if not on_gpu:
        return 1
    limit = max(1, min(int(log_every), int(steps), MAX_AUTO_SPE))
    for spe in range(limit, 0, -1):
        if log_every % spe == 0:
            return spe
    return 1


def batch_indices(np, n, global_batch, seed, min_batches=MIN_DISTINCT_BATCHES):
    """Sample indices for the cached batches: whole shuffled passes over the n samples, enough for at least
    ``min_batches`` batches (a small synthetic set is repeated; a real dataset is covered once, shuffled)."""
    batches = max(min_batches, n // global_batch)
    rng = np.random.RandomState(seed + 1)
    parts, have = [], 0
    while have < batches * global_batch:
        parts.append(rng.permutation(n))
        have += n
    return np.concatenate(parts)[:batches * global_batch], batches


def make_dataset(tf, x, y, global_batch, prefetch, multi_worker, np=None, seed=0):
    """An endless tf.data pipeline of (uint8 images, int labels), batched globally.

    The model scales the images to [0, 1] itself, on the device (build_model's ``raw_input``): the host hands over
    a quarter of the bytes and does no arithmetic. On one worker the distinct batches are made once and cached
    (``cache`` after ``batch``), then only their order is shuffled: after the first pass the pipeline hands over
    cached tensors. Multi-worker training keeps the per-element pipeline (each worker shards the data).
    """
    if multi_worker or np is None:
        ds = tf.data.Dataset.from_tensor_slices((x, y)).shuffle(min(len(x), 4096)).repeat()
        ds = ds.batch(global_batch, drop_remainder=True)
    else:
        idx, batches = batch_indices(np, len(x), global_batch, seed)
        ds = tf.data.Dataset.from_tensor_slices((x[idx], y[idx])).batch(global_batch, drop_remainder=True)
        ds = ds.cache().shuffle(batches, seed=seed, reshuffle_each_iteration=True).repeat()
    if prefetch:
        ds = ds.prefetch(tf.data.AUTOTUNE)
    if multi_worker:
        options = tf.data.Options()
        options.experimental_distribute.auto_shard_policy = tf.data.experimental.AutoShardPolicy.DATA
        ds = ds.with_options(options)
    return ds


# -- models (pure Keras, backend independent) ----------------------------------------------------


def _cnn(keras, x, shape, classes):
    """The CNN of TensorFlow's CNN tutorial."""
    L = keras.layers
    x = L.Conv2D(32, 3, activation="relu")(x)
    x = L.MaxPooling2D()(x)
    x = L.Conv2D(64, 3, activation="relu")(x)
    x = L.MaxPooling2D()(x)
    x = L.Conv2D(64, 3, activation="relu")(x)
    x = L.Flatten()(x)
    x = L.Dense(64, activation="relu")(x)
    return L.Dense(classes)(x)


def _resnet20(keras, x, shape, classes):
    """ResNet-20 for 32x32 images (He et al. 2015, section 4.2): 3 stages x 3 basic blocks."""
    L = keras.layers

    def conv_bn(x, filters, strides, relu=True):
        x = L.Conv2D(filters, 3, strides=strides, padding="same", use_bias=False,
                     kernel_initializer="he_normal")(x)
        x = L.BatchNormalization()(x)
        return L.Activation("relu")(x) if relu else x

    x = conv_bn(x, 16, 1)
    width = 16
    for stage, filters in enumerate((16, 32, 64)):
        for block in range(3):
            strides = 2 if stage > 0 and block == 0 else 1
            y = conv_bn(x, filters, strides)
            y = conv_bn(y, filters, 1, relu=False)
            if strides != 1 or width != filters:
                x = L.Conv2D(filters, 1, strides=strides, use_bias=False, kernel_initializer="he_normal")(x)
                x = L.BatchNormalization()(x)
            x = L.Activation("relu")(L.Add()([x, y]))
            width = filters
    x = L.GlobalAveragePooling2D()(x)
    return L.Dense(classes)(x)


def _resnet50(keras, x, shape, classes):
    """keras.applications.ResNet50 with random weights; inputs under 32 px are padded (its minimum)."""
    L = keras.layers
    pad = max(0, 32 - shape[0])
    if pad:
        x = L.ZeroPadding2D(((pad // 2, pad - pad // 2), (pad // 2, pad - pad // 2)))(x)
    size = max(32, shape[0])
    base = keras.applications.ResNet50(weights=None, include_top=True, input_shape=(size, size, shape[2]),
                                       classes=classes, classifier_activation=None)
    return base(x)


def _rescaling_layer(keras):
    L = keras.layers
    cls = getattr(L, "Rescaling", None)
    if cls is None:  # TensorFlow 2.2-2.5: still experimental
        cls = L.experimental.preprocessing.Rescaling
    return cls(1.0 / 255.0, name="scale_to_unit")


def build_model(keras, name, shape, classes, raw_input=False):
    """Logits in float32 whatever the global precision policy (mixed precision needs that).

    ``raw_input``: the model takes the uint8 images as they are stored and scales them to [0, 1] as its first
    layer, so the cast and the division run on the device, inside the compiled step (the TensorFlow paths);
    otherwise it takes float images in [0, 1] (the JAX/PyTorch paths prepare those themselves).
    """
    inp = keras.Input(shape=shape, dtype="uint8" if raw_input else None)
    x = _rescaling_layer(keras)(inp) if raw_input else inp
    logits = {"cnn": _cnn, "resnet20": _resnet20, "resnet50": _resnet50}[name](keras, x, shape, classes)
    out = keras.layers.Activation("linear", dtype="float32")(logits)
    return keras.Model(inp, out, name=name)


def set_precision(keras, precision):
    policy = "float32" if precision == "fp32" else precision
    keras.mixed_precision.set_global_policy(policy)


def loss_scale_of(optimizer):
    """The dynamic loss scale: Keras 3 ``dynamic_scale``, Keras 2 ``loss_scale``; None when not scaling."""
    for attr in ("dynamic_scale", "loss_scale"):
        value = getattr(optimizer, attr, None)
        if value is None or callable(value):
            continue
        try:
            return _num(value.numpy() if hasattr(value, "numpy") else value)
        except Exception:
            continue
    return None


def applied_steps_of(optimizer):
    """How many steps Keras 3's LossScaleOptimizer really applied: its ``iterations`` (the inner optimizer's) do
    not count a step skipped for overflowed gradients. None for other optimizers (Keras 2's counts every step)."""
    if getattr(optimizer, "inner_optimizer", None) is None or getattr(optimizer, "dynamic_scale", None) is None:
        return None
    try:
        value = optimizer.iterations
        return int(value.numpy() if hasattr(value, "numpy") else value)
    except Exception:
        return None


class LossScaleWatch(object):
    """The loss scale and the steps skipped because the scaled gradients overflowed float16, at each progress
    point. Keras 3: skipped = steps run - steps applied. Keras 2 (whose optimizer counts skipped steps too): each
    skip halves the scale, so the halvings since the last point are counted."""

    def __init__(self):
        self.skipped = 0
        self.last_scale = None

    def read(self, optimizer, steps_run):
        scale = loss_scale_of(optimizer)
        applied = applied_steps_of(optimizer)
        if applied is not None:
            self.skipped = max(0, int(steps_run) - applied)
        elif scale and self.last_scale and scale < self.last_scale:
            self.skipped += int(round(math.log(self.last_scale / scale, 2)))
        if scale:
            self.last_scale = scale
        return scale, self.skipped


def memory_stats(tf, logical_gpus):
    """TensorFlow's own view of the GPU memory it uses (bytes), per logical GPU."""
    out = []
    for name in logical_gpus:
        try:
            m = tf.config.experimental.get_memory_info(name)
            out.append({"device": name, "current": int(m.get("current", 0)), "peak": int(m.get("peak", 0))})
        except (ValueError, AttributeError) as exc:
            out.append({"device": name, "current": None, "peak": None, "error": str(exc)})
    return out


# -- training ----------------------------------------------------------------------------------


class Progress:
    """Turns 'a step finished' into progress events every N steps; timing excludes nothing but is honest
    about the first window (it includes tracing/compilation: ``warmup`` is true)."""

    def __init__(self, tf, em, args, global_batch, logical_gpus, optimizer_getter, memory_fn=None):
        self.tf = tf
        # memory_fn() -> [{device, current, peak, ...}]: the backend's own statistics (JAX/PyTorch);
        # without it, TensorFlow's get_memory_info per logical GPU.
        self.memory_fn = memory_fn or (lambda: memory_stats(tf, logical_gpus))
        self.em = em
        self.every = args.log_every
        self.total = args.steps
        self.batch = global_batch
        self.gpus = logical_gpus
        self.mixed16 = args.precision == "mixed_float16"
        self.scale_watch = LossScaleWatch() if self.mixed16 else None
        self.optimizer_getter = optimizer_getter
        self.step = 0
        self.t0 = time.perf_counter()
        self.first_step_s = None  # the first step includes tracing / XLA compilation / cuDNN autotuning
        self.t_last = self.t0
        self.step_last = 0
        self.steady_time = 0.0
        self.steady_steps = 0
        self.steps_per_execution = 1  # set by the loop (train_fit), reported in the summary
        self.last = {}

    def done(self, loss_fn, acc_fn):
        """Call after each step; ``loss_fn``/``acc_fn`` are only evaluated at a log point."""
        self.step += 1
        _beat(self.step)
        if self.first_step_s is None:
            self.first_step_s = _num(time.perf_counter() - self.t0)
        if self.step % self.every and self.step != self.total:
            return
        now = time.perf_counter()
        n = self.step - self.step_last
        dt = now - self.t_last
        warmup = self.step_last == 0
        if not warmup:
            self.steady_time += dt
            self.steady_steps += n
        fields = {
            "step": self.step,
            "steps": self.total,
            "loss": _num(loss_fn()),
            "accuracy": _num(acc_fn()),
            "step_time": _num(dt / n),
            "images_per_sec": _num(n * self.batch / dt) if dt > 0 else None,
            "elapsed": _num(now - self.t0),
            "warmup": warmup,
            "first_step_s": self.first_step_s,
            "memory": self.memory_fn(),
        }
        if self.scale_watch is not None:
            fields["loss_scale"], fields["skipped_steps"] = self.scale_watch.read(self.optimizer_getter(), self.step)
        self.last = fields
        self.em.emit("progress", **fields)
        self.t_last = now
        self.step_last = self.step

    def summary(self):
        total_time = time.perf_counter() - self.t0
        steady = self.steady_steps * self.batch / self.steady_time if self.steady_time > 0 else None
        return {
            "steps": self.step,
            "seconds": _num(total_time),
            "images_per_sec": _num(steady if steady is not None else self.step * self.batch / total_time),
            "images_per_sec_overall": _num(self.step * self.batch / total_time) if total_time > 0 else None,
            "final_loss": self.last.get("loss"),
            "final_accuracy": self.last.get("accuracy"),
            "first_step_s": self.first_step_s,
            "memory": self.memory_fn(),
            "skipped_steps": self.last.get("skipped_steps"),
        }

    def done_through(self, step, loss_fn, acc_fn):
        """Like ``done`` for a loop that reports only now and then (several steps per execution):
        ``step`` is the number of steps finished so far; an event is written when a log point was reached."""
        step = min(int(step), self.total)
        _beat(step)
        if self.first_step_s is None and step >= 1:
            self.first_step_s = _num(time.perf_counter() - self.t0)
        if step <= self.step:
            return
        crossed = (step // self.every) > (self.step // self.every) or step == self.total
        self.step = step - 1
        if crossed:
            # done() emits when the step it reaches is a log point; make it one for this call.
            every, self.every = self.every, 1
            try:
                self.done(loss_fn, acc_fn)
            finally:
                self.every = every
        else:
            self.step = step


def _jit_arg(args):
    return {"auto": "auto", "on": True, "off": False}[args.jit]


def _leaf_layers(model):
    for layer in getattr(model, "layers", []):
        if getattr(layer, "layers", None):
            for inner in _leaf_layers(layer):
                yield inner
        else:
            yield layer


def activation_mb(model, batch, precision):
    """The sum of every layer's output at this batch and the precision's compute type (MB): what a step would
    keep for the backward pass if nothing were fused. XLA fuses much of it (ResNet-20 on an H200: TF's peak
    was 0.62x this sum). Used only to tell a memory limit that cannot work from one that might."""
    elements = 0
    for layer in _leaf_layers(model):
        try:
            dims = list(layer.output.shape)[1:]
        except Exception:  # a layer without one output
            continue
        n = 1
        for d in dims:
            n *= int(d or 1)
        elements += n
    size = 4 if precision == "fp32" else 2
    weights = model.count_params() * 4 * 3  # weights, gradients, one optimizer slot (momentum)
    return (elements * batch * size + weights) / 2.0 ** 20


# XLA's step needs at least about this share of activation_mb (measured 0.62 for ResNet-20 fp32 on an H200); a
# limit below it cannot hold the step, and XLA's autotuner was seen to spin there instead of failing.
XLA_NEED_SHARE = 0.5


def xla_limit_too_small(limit_mb, need_mb):
    return bool(limit_mb) and need_mb * XLA_NEED_SHARE > limit_mb


def overflow_steps(total):
    """Where --overflow-demo forces float16 overflows: once at ~30 % of the run, twice in a row at ~60 %."""
    first = max(2, total * 3 // 10)
    second = max(first + 1, total * 6 // 10)
    return sorted(set(s for s in (first, second, second + 1) if s <= total))


def overflow_demo_loss(tf, base_loss, steps, factor=1.0e7):
    """A loss whose value is the real loss but whose gradients are ``factor`` times larger on the given steps
    (1-based): scaled by the loss scale, they overflow float16, so the LossScaleOptimizer skips the step and
    halves the scale. ``value + (f - 1) * (value - stop_gradient(value))`` equals ``value``; its gradient is f
    times the real one."""
    counter = tf.Variable(0, dtype=tf.int64, trainable=False, name="overflow_demo_step")
    marks = tf.constant(sorted(steps), dtype=tf.int64)

    def loss(y_true, y_pred):
        value = base_loss(y_true, y_pred)
        step = counter.assign_add(1)
        hit = tf.reduce_any(tf.equal(marks, step))
        f = tf.where(hit, tf.constant(factor, value.dtype), tf.constant(1.0, value.dtype))
        return value + (f - 1.0) * (value - tf.stop_gradient(value))

    return loss


def _sibling_module(filename, name):
    """A standalone script beside this one (estimate.py, sample_keras3.py), loaded by its path."""
    import importlib.util

    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), filename)
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def emit_estimate(em, model, batch, precision, xla):
    """The memory this run is predicted to need (target/estimate.py), as an ``estimate`` event before the first
    step; a failed estimate is a warning, never a failed run. ``batch``: per replica. The model takes uint8."""
    try:
        est = _sibling_module("estimate.py", "tfgpu_wizard_estimate").estimate_model(
            model, batch, precision, optimizer=getattr(model, "optimizer", None), xla=bool(xla), input_bytes=1)
        est.pop("type", None)
        em.emit("estimate", **est)
    except Exception as exc:  # the estimate is extra information: the run goes on without it
        em.warning("estimate-failed", "the memory estimate could not be made: %s: %s" % (type(exc).__name__, exc))


def train_fit(tf, keras, kinfo, args, strategy, ds, shape, classes, progress_factory, em=None, dev=None):
    dev = dev or {"gpus": []}
    with strategy.scope():
        model = build_model(keras, args.model, shape, classes, raw_input=True)
        optimizer = keras.optimizers.SGD(learning_rate=args.learning_rate, momentum=0.9)
        loss = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
        if args.overflow_demo:
            marks = overflow_steps(args.steps)
            loss = overflow_demo_loss(tf, loss, marks)
            if em is not None:
                em.emit("overflow-demo", steps=marks)
        limits = [g["memory_limit_mb"] for g in dev["gpus"] if g.get("memory_limit_mb")]
        if args.jit == "auto" and limits and kinfo["major"] >= 3:
            need = activation_mb(model, args.batch_size // max(1, len(dev["gpus"])), args.precision)
            if xla_limit_too_small(min(limits), need):
                args.jit = "off"
                if em is not None:
                    em.warning("xla-off-small-limit",
                               "The memory limit (%d MB) is far below what this model needs at this batch (about "
                               "%d MB before XLA's savings): with XLA the first step was seen to spin instead of "
                               "failing, so this run does not compile with XLA (--jit auto -> off) and ends with "
                               "TensorFlow's out-of-memory error instead." % (min(limits), need),
                               limit_mb=min(limits), need_mb=int(need), jit="off")
        compile_kw = {}
        if kinfo["major"] >= 3:
            compile_kw["jit_compile"] = _jit_arg(args)
        elif args.jit != "auto":
            compile_kw["jit_compile"] = args.jit == "on"
        spe = args.steps_per_execution or auto_steps_per_execution(args.log_every, args.steps, bool(dev["gpus"]))
        if spe > 1:
            compile_kw["steps_per_execution"] = spe
        model.compile(optimizer=optimizer, loss=loss, metrics=["accuracy"], **compile_kw)
    jit = getattr(model, "jit_compile", None)  # Keras 3 resolves "auto" at compile
    xla = bool(jit) if isinstance(jit, bool) else args.jit == "on"
    if em is not None:
        emit_estimate(em, model, args.batch_size // max(1, int(strategy.num_replicas_in_sync)), args.precision, xla)
    if WATCHDOG is not None:
        WATCHDOG.xla = xla
        WATCHDOG.steps_per_beat = spe
    _watch("first-step")
    progress = progress_factory(lambda: model.optimizer)
    progress.steps_per_execution = spe

    class _Callback(keras.callbacks.Callback):
        def on_train_batch_end(self, batch, logs=None):
            logs = logs or {}
            # ``batch`` is the last step of this execution (0-based; epochs=1), so this also works with
            # several steps per execution.
            progress.done_through(batch + 1, lambda: logs.get("loss"),
                                  lambda: logs.get("accuracy", logs.get("sparse_categorical_accuracy")))

    model.fit(ds, epochs=1, steps_per_epoch=args.steps, verbose=0, shuffle=False, callbacks=[_Callback()])
    return progress


def train_custom(tf, keras, kinfo, args, strategy, ds, shape, classes, global_batch, progress_factory):
    """A tf.function loop with strategy.run: works where Keras 3 fit does not (multi-worker)."""
    mixed16 = args.precision == "mixed_float16"
    with strategy.scope():
        model = build_model(keras, args.model, shape, classes, raw_input=True)
        optimizer = keras.optimizers.SGD(learning_rate=args.learning_rate, momentum=0.9)
        if mixed16:
            optimizer = keras.mixed_precision.LossScaleOptimizer(optimizer)
        accuracy = keras.metrics.SparseCategoricalAccuracy()
        loss_obj = keras.losses.SparseCategoricalCrossentropy(from_logits=True, reduction="none")
        keras3 = kinfo["major"] >= 3
        variables = model.trainable_variables
        if keras3:
            # Create the optimizer's variables now, in the strategy's scope: Keras 3 otherwise creates them at
            # the first apply, inside the loss scale optimizer's cond, which fails under MirroredStrategy
            # ("You must feed a value for placeholder tensor 'cond/.../Placeholder'").
            optimizer.build(variables)

    def compute(x, y):
        with tf.GradientTape() as tape:
            logits = model(x, training=True)
            loss = tf.nn.compute_average_loss(loss_obj(y, logits), global_batch_size=global_batch)
            if model.losses:
                loss += tf.nn.scale_regularization_loss(tf.add_n(model.losses))
            scaled = loss
            if mixed16:
                scaled = optimizer.scale_loss(loss) if keras3 else optimizer.get_scaled_loss(loss)
        return loss, logits, tape.gradient(scaled, variables)

    if args.jit == "on":
        # XLA compiles the per-replica forward and backward pass only: the input iterator (IteratorGetNext)
        # has no XLA kernel, and the optimizer's cross-replica update must stay outside the cluster.
        compute = tf.function(compute, jit_compile=True)

    def step_fn(x, y):
        loss, logits, grads = compute(x, y)
        if mixed16 and not keras3:
            grads = optimizer.get_unscaled_gradients(grads)
        optimizer.apply_gradients(zip(grads, variables))  # noqa: B905 (py3.8: no strict=)
        accuracy.update_state(y, logits)
        return loss

    @tf.function
    def train_step(iterator):
        per_replica = strategy.run(step_fn, args=next(iterator))
        return strategy.reduce(tf.distribute.ReduceOp.SUM, per_replica, axis=None)

    iterator = iter(strategy.experimental_distribute_dataset(ds))
    if WATCHDOG is not None:
        WATCHDOG.xla = args.jit == "on"
    _watch("first-step")
    progress = progress_factory(lambda: optimizer)
    for _ in range(args.steps):
        loss = train_step(iterator)
        progress.done(lambda loss=loss: loss.numpy(), lambda: accuracy.result().numpy())
    return progress


# -- main --------------------------------------------------------------------------------------


def _on_signal(signum, frame):
    raise Terminated(signum)


def _run_other_backend(args, em):
    """Keras 3 on JAX or PyTorch: target/sample_keras3.py, loaded by path (it sits beside this file)."""
    return _sibling_module("sample_keras3.py", "tfgpu_wizard_sample_keras3").run_keras3(args, em, sys.modules[__name__])


def run(argv, em):
    args = build_parser().parse_args(argv)
    check_flags(args)
    if WATCHDOG is not None:
        WATCHDOG.warn_s, WATCHDOG.limit_s, WATCHDOG.steps = args.stall_warn, args.stall_limit, args.steps
        WATCHDOG.memory = args.memory
        WATCHDOG.enter("import")
    if args.backend != "tensorflow":
        return _run_other_backend(args, em)
    if args.tf_config and not args.multi_worker:
        raise SampleError("bad-flags", "--tf-config only applies with --multi-worker", exit_code=EXIT_BAD_FLAGS)
    worker = read_tf_config(args.tf_config) if args.multi_worker else None
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "1")
    if args.keras2:
        # Must be set before TensorFlow is imported: tf.keras is chosen at import time.
        os.environ["TF_USE_LEGACY_KERAS"] = "1"
    try:
        tf, keras, np, kinfo = import_tf()
    except SampleError:
        raise
    except Exception as exc:  # ImportError, or a broken install raising anything at import
        traceback.print_exc()
        raise SampleError("no-tensorflow", "%s: %s" % (type(exc).__name__, exc), exit_code=EXIT_NO_TF) from None
    config = dict(vars(args))
    config["devices"] = args.devices[0] if args.devices[0] != "gpus" else "gpu:" + ",".join(
        str(i) for i in args.devices[1])
    em.emit("start", pid=os.getpid(), config=config, worker=worker, versions={
        "python": sys.version.split()[0], "tensorflow": tf.__version__, "keras": kinfo["version"],
        "keras_major": kinfo["major"], "keras_source": kinfo["source"], "keras_label": kinfo["label"],
        "numpy": np.__version__,
    }, platform=sys.platform)

    _watch("devices")
    dev = configure_devices(tf, args, em)
    cudnn = cudnn_runtime() if dev["gpus"] else None
    try:
        built = bool(tf.test.is_built_with_cuda())
    except Exception:
        built = False
    why_cpu = gpu_not_used(args.devices[0], dev["physical_gpus"], built,
                           built and not dev["physical_gpus"] and nvidia_driver_present(),
                           os.environ.get("CUDA_VISIBLE_DEVICES"))
    if why_cpu is not None:
        em.warning(why_cpu[0], why_cpu[1])
    if args.jit == "auto" and xla_hang_risk(dev["gpus"], cudnn):
        args.jit = "off"
        em.warning("xla-off-cudnn",
                   "cuDNN %s is loaded on a GPU of compute capability 9.x: XLA's convolution autotuner hung with "
                   "cuDNN 9.3 on an H200, so this run does not compile with XLA (--jit auto -> off). Upgrade "
                   "cuDNN (pip install -U \"nvidia-cudnn-cu12>=9.28\") to use XLA, or force it with --jit on."
                   % cudnn["version"], cudnn=cudnn["version"], jit="off")
    strategy, strategy_name = make_strategy(tf, args, dev)
    replicas = int(strategy.num_replicas_in_sync)
    logical_gpus = ["GPU:%d" % i for i in range(len(tf.config.list_logical_devices("GPU")))]
    global_batch = adjust_batch(args.batch_size, replicas, args.strict_batch, em)
    em.emit("devices", strategy=strategy_name, replicas=replicas,
            devices=_strategy_devices(strategy, logical_gpus),
            gpus=dev["gpus"], physical_gpus=dev["physical_gpus"], memory_mode=dev["memory_mode"],
            memory_effect=dev["memory_effect"], global_batch=global_batch,
            per_replica_batch=global_batch // replicas, worker=worker, cudnn=cudnn)

    _watch("data")
    set_precision(keras, args.precision)
    shape, classes, _ = DATASETS[args.dataset]
    x, y, source = load_arrays(keras, np, args)
    shape = tuple(x.shape[1:])
    ds = make_dataset(tf, x, y, global_batch, args.prefetch == "on", args.multi_worker, np=np, seed=args.seed)
    em.emit("data", dataset=args.dataset, source=source, samples=int(len(x)), shape=list(shape), classes=classes,
            prefetch=args.prefetch == "on")

    def factory(opt_getter):
        return Progress(tf, em, args, global_batch, logical_gpus, opt_getter)

    loop = "custom" if args.multi_worker else args.loop
    _watch("build")
    try:
        if loop == "custom":
            progress = train_custom(tf, keras, kinfo, args, strategy, ds, shape, classes, global_batch, factory)
        else:
            progress = train_fit(tf, keras, kinfo, args, strategy, ds, shape, classes, factory, em=em, dev=dev)
    except tf.errors.ResourceExhaustedError as exc:
        raise SampleError("oom", str(exc).strip().splitlines()[0][:500], exit_code=EXIT_OOM) from None
    except RuntimeError as exc:
        if "cannot be modified after being initialized" in str(exc):
            raise SampleError("devices-initialized", str(exc), exit_code=EXIT_RUNTIME) from None
        raise
    summary = progress.summary()
    summary.update({"loop": loop, "strategy": strategy_name, "replicas": replicas, "global_batch": global_batch,
                    "precision": args.precision, "model": args.model, "jit": args.jit,
                    "steps_per_execution": getattr(progress, "steps_per_execution", 1)})
    em.emit("summary", **summary)
    return EXIT_OK


def main(argv=None):
    global WATCHDOG
    em = Emitter()
    WATCHDOG = Watchdog(em).start()
    for name in ("SIGTERM", "SIGINT"):
        if hasattr(signal, name):
            try:
                signal.signal(getattr(signal, name), _on_signal)
            except (ValueError, OSError):
                pass
    code = EXIT_RUNTIME
    try:
        code = run(sys.argv[1:] if argv is None else argv, em)
    except SampleError as exc:
        em.error(exc.code, exc.message, **exc.extra)
        code = exc.exit_code
    except Terminated as exc:
        em.error("terminated", "stopped by signal %d" % exc.signum, signal=exc.signum)
        code = 128 + exc.signum
    except Exception as exc:  # a real bug or an unexpected TF error: still an event, and the traceback on stderr
        traceback.print_exc()
        text = "%s: %s" % (type(exc).__name__, str(exc).strip().splitlines()[0][:500] if str(exc).strip() else "")
        code_name = "oom" if "ResourceExhausted" in type(exc).__name__ else "error"
        em.error(code_name, text, exception=type(exc).__name__)
        code = EXIT_OOM if code_name == "oom" else EXIT_RUNTIME
    sys.stderr.flush()
    try:
        em.out.flush()
    except Exception:
        pass
    # os._exit: TensorFlow's worker threads can hang a normal interpreter shutdown after a failure.
    os._exit(code)


if __name__ == "__main__":
    main()
