#!/usr/bin/env python
"""tfgpu-wizard verification probe: prints ONE JSON object (``probe_version`` set) on stdout.

Standalone: stdlib + numpy + TensorFlow only, Python 3.8 syntax, run by path in the user's Python.
It reports what TensorFlow is installed and how it was built, which GPUs it sees, and whether a matrix
multiply on each GPU gives the right answer (checked against numpy) and how fast it is against the CPU.

Everything TensorFlow prints goes to stderr (fd 1 is pointed at stderr at start-up); the app keeps
that stderr for diagnosis. Exit code 0 when TensorFlow imported (GPU or not), 6 when it did not.
"""

import json
import os
import platform
import sys
import time
import traceback

PROBE_VERSION = 1
MATMUL_N = 1024


def _private_stdout():
    try:
        sys.stdout.flush()
        fd = os.dup(1)
        os.dup2(2, 1)
        sys.stdout = sys.stderr
        return os.fdopen(fd, "w", encoding="utf-8", errors="replace")
    except (OSError, ValueError, AttributeError):
        return sys.stdout


def _err(exc):
    text = str(exc).strip()
    return "%s: %s" % (type(exc).__name__, text.splitlines()[0][:400] if text else "")


KERAS_LABELS = {
    "keras": "Keras 3",
    "tf.keras": "Keras 2 (tf.keras)",
    "tf_keras": "Keras 2 (tf-keras, TF_USE_LEGACY_KERAS=1)",
}


def keras_info(tf):
    """Which Keras TensorFlow's ``tf.keras`` resolves to, and the versions installed.

    ``source``: ``keras`` (Keras 3), ``tf.keras`` (Keras 2 built into TF <= 2.15) or ``tf_keras``
    (TF_USE_LEGACY_KERAS=1 with the tf-keras package); ``label`` says the same in words. With
    TF_USE_LEGACY_KERAS=1 ``tf.keras`` is tf-keras's API module, which has no ``__version__``: the version
    is the tf-keras package's. ``legacy_problem`` names what is wrong when Keras 2 was asked for and
    cannot be had (``tf-keras-missing``) or does not match TensorFlow (``tf-keras-mismatch``).
    """
    info = {"version": None, "major": None, "source": None, "label": None, "tf_keras_version": None,
            "legacy_env": os.environ.get("TF_USE_LEGACY_KERAS"), "legacy_problem": None}
    tf_keras = None
    try:
        import tf_keras

        info["tf_keras_version"] = getattr(tf_keras, "__version__", None)
    except Exception as exc:  # not installed, or broken
        if not isinstance(exc, ImportError) or "tf_keras" not in str(exc):
            info["tf_keras_error"] = _err(exc)
        tf_keras = None
    legacy = (info["legacy_env"] or "").strip().lower() in ("1", "true", "yes")
    tf_minor = ".".join(str(getattr(tf, "__version__", "")).split(".")[:2])
    try:
        api = tf.keras
        name = str(getattr(api, "__name__", "") or "")
        version = getattr(api, "__version__", None)
        if name.startswith("tf_keras") or (legacy and tf_keras is not None and version is None):
            info["source"] = "tf_keras"
            version = version or info["tf_keras_version"]
        if not version:
            raise AttributeError("tf.keras (%s) has no version" % (name or type(api).__name__))
        info["version"] = str(version)
        info["major"] = int(str(version).split(".")[0])
        if info["source"] is None:
            info["source"] = "keras" if info["major"] >= 3 else "tf.keras"
        info["label"] = KERAS_LABELS[info["source"]]
    except Exception as exc:
        info["error"] = _err(exc)
    if legacy and info["source"] != "tf_keras" and info["major"] != 2:
        # TF >= 2.16 with TF_USE_LEGACY_KERAS=1 but no tf-keras: tf.keras raises (or is Keras 3).
        info["legacy_problem"] = "tf-keras-missing"
        info["tf_keras_requirement"] = "tf-keras~=%s.0" % tf_minor if tf_minor else "tf-keras"
    elif info["source"] == "tf_keras" and info["tf_keras_version"]:
        if ".".join(info["tf_keras_version"].split(".")[:2]) != tf_minor:
            info["legacy_problem"] = "tf-keras-mismatch"
            info["tf_keras_requirement"] = "tf-keras~=%s.0" % tf_minor
    return info


def _time_matmul(tf, device, a, b, repeats):
    with tf.device(device):
        ta = tf.constant(a)
        tb = tf.constant(b)
        out = tf.linalg.matmul(ta, tb).numpy()  # warm-up (kernel selection, transfers)
        t0 = time.perf_counter()
        for _ in range(repeats):
            res = tf.linalg.matmul(ta, tb)
        _ = res.numpy()  # wait for the device
        secs = (time.perf_counter() - t0) / repeats
    return out, secs


def matmul_checks(tf, np, gpus):
    """A float32 matmul on the CPU and on every GPU, against a float64 numpy reference."""
    rng = np.random.RandomState(0)
    a = rng.standard_normal((MATMUL_N, MATMUL_N)).astype(np.float32)
    b = rng.standard_normal((MATMUL_N, MATMUL_N)).astype(np.float32)
    ref = a.astype(np.float64) @ b.astype(np.float64)
    scale = float(np.max(np.abs(ref)))
    flops = 2.0 * MATMUL_N ** 3
    # TF32 on Ampere+ GPUs keeps ~10 bits of mantissa: relative errors near 1e-3 are expected there.
    tolerance = 2e-2
    results = []
    devices = [("CPU:0", "/CPU:0")] + [("GPU:%d" % i, "/GPU:%d" % i) for i in range(len(gpus))]
    cpu_secs = None
    for label, device in devices:
        entry = {"device": label, "ok": False, "n": MATMUL_N}
        try:
            out, secs = _time_matmul(tf, device, a, b, repeats=3 if label.startswith("CPU") else 20)
            err = float(np.max(np.abs(out.astype(np.float64) - ref))) / scale
            entry.update({"ok": bool(err < tolerance), "rel_error": err, "seconds": secs,
                          "gflops": flops / secs / 1e9 if secs > 0 else None})
            if label.startswith("CPU"):
                cpu_secs = secs
            elif cpu_secs:
                entry["speedup_vs_cpu"] = cpu_secs / secs if secs > 0 else None
        except Exception as exc:
            entry["error"] = _err(exc)
        results.append(entry)
    return results


def _sample_module():
    """sample.py (beside this file) by path: it holds the cuDNN check the sample uses too."""
    import importlib.util

    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "sample.py")
    spec = importlib.util.spec_from_file_location("tfgpu_wizard_sample_for_probe", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def nvidia_wheels():
    """The NVIDIA CUDA wheels in this Python (``nvidia-*-cu12`` ...) and their ``lib`` folders.

    TensorFlow >= 2.14 on Linux loads its CUDA libraries from these wheels; when one does not load, the
    folders are what LD_LIBRARY_PATH has to name (the app writes the fix with them)."""
    out = {"packages": {}, "lib_dirs": []}
    try:
        from importlib import metadata

        for dist in metadata.distributions():
            name = (dist.metadata.get("Name") or "").lower()
            if name.startswith("nvidia-") and "-cu" in name:
                out["packages"][name] = dist.version
    except Exception as exc:
        out["error"] = _err(exc)
    try:
        import importlib.util

        spec = importlib.util.find_spec("nvidia")
        for base in list(getattr(spec, "submodule_search_locations", None) or []):
            for sub in sorted(os.listdir(base)):
                lib = os.path.join(base, sub, "lib")
                if os.path.isdir(lib):
                    out["lib_dirs"].append(lib)
    except Exception as exc:
        out.setdefault("error", _err(exc))
    return out


def probe():
    report = {
        "probe_version": PROBE_VERSION,
        "python": {"executable": sys.executable, "version": sys.version.split()[0],
                   "implementation": platform.python_implementation(), "platform": sys.platform,
                   "machine": platform.machine()},
        "env": dict((k, os.environ.get(k)) for k in (
            "CUDA_VISIBLE_DEVICES", "TF_USE_LEGACY_KERAS", "TF_FORCE_GPU_ALLOW_GROWTH", "TF_GPU_ALLOCATOR",
            "LD_LIBRARY_PATH", "CUDA_HOME", "XLA_FLAGS") if os.environ.get(k) is not None),
        "tensorflow": {"version": None, "location": None, "import_seconds": None, "error": None},
        "numpy": None,
        "build_info": {},
        "is_cuda_build": None,
        "gpus": [],
        "matmul": [],
        "keras": {},
        "cudnn_runtime": None,
        "nvidia_wheels": nvidia_wheels(),
        "errors": [],
    }
    t0 = time.perf_counter()
    try:
        import tensorflow as tf
    except BaseException as exc:  # ImportError, a DLL load failure, even SystemExit from a broken install
        traceback.print_exc()
        report["tensorflow"]["error"] = _err(exc)
        return report, 6
    import numpy as np  # TensorFlow imported it already

    report["numpy"] = np.__version__
    tfr = report["tensorflow"]
    tfr["import_seconds"] = time.perf_counter() - t0
    tfr["version"] = getattr(tf, "__version__", None)
    tfr["location"] = os.path.dirname(getattr(tf, "__file__", "") or "") or None
    try:
        build = dict(tf.sysconfig.get_build_info())
        report["build_info"] = dict((k, v if isinstance(v, (str, int, float, bool, type(None))) else
                                     (list(v) if isinstance(v, (list, tuple)) else str(v)))
                                    for k, v in build.items())
        report["is_cuda_build"] = bool(build.get("is_cuda_build", False))
    except Exception as exc:
        report["errors"].append("build_info: " + _err(exc))
    try:
        report["is_built_with_cuda"] = bool(tf.test.is_built_with_cuda())
    except Exception as exc:
        report["errors"].append("is_built_with_cuda: " + _err(exc))
    gpus = []
    try:
        gpus = tf.config.list_physical_devices("GPU")
    except Exception as exc:
        report["errors"].append("list_physical_devices: " + _err(exc))
    for i, gpu in enumerate(gpus):
        entry = {"index": i, "device": gpu.name, "name": None, "compute_capability": None}
        try:
            details = tf.config.experimental.get_device_details(gpu)
            entry["name"] = details.get("device_name")
            cc = details.get("compute_capability")
            entry["compute_capability"] = "%d.%d" % tuple(cc) if cc else None
        except Exception as exc:
            entry["error"] = _err(exc)
        report["gpus"].append(entry)
    if gpus:
        try:
            report["cudnn_runtime"] = _sample_module().cudnn_runtime()
        except Exception as exc:
            report["errors"].append("cudnn_runtime: " + _err(exc))
    try:
        report["tensor_float_32"] = bool(tf.config.experimental.tensor_float_32_execution_enabled())
    except Exception:
        pass
    report["keras"] = keras_info(tf)
    try:
        report["matmul"] = matmul_checks(tf, np, gpus)
    except Exception as exc:
        report["errors"].append("matmul: " + _err(exc))
    return report, 0


def main():
    out = _private_stdout()
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "1")
    try:
        report, code = probe()
    except BaseException as exc:
        traceback.print_exc()
        report, code = {"probe_version": PROBE_VERSION, "errors": ["probe: " + _err(exc)]}, 5
    # The report starts a line of its own: a login banner or a sitecustomize that printed without a newline
    # before the probe ran ("Welcome to the cluster") would otherwise be glued to its front.
    out.write("\n" + json.dumps(report, ensure_ascii=False, default=str) + "\n")
    out.flush()
    sys.stderr.flush()
    os._exit(code)  # TensorFlow's threads can hang a normal interpreter shutdown


if __name__ == "__main__":
    main()
