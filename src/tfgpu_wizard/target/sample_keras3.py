"""The bundled sample on Keras 3 with the JAX or PyTorch backend (``sample.py --backend jax|torch``).

Loaded by sample.py (by file path) after the flags are checked; it reuses sample.py's event writer,
models, synthetic data, batch adjustment and ``Progress``, and replaces what is TensorFlow specific:
device selection, the memory mode, the input pipeline and the memory statistics. Standalone like
sample.py (stdlib + numpy + keras + the chosen framework, Python 3.8 syntax) and it never imports
TensorFlow (the summary's ``tensorflow_loaded`` says so): a machine with JAX or PyTorch only runs it.

Memory modes, mapped per backend (stated in the ``devices`` event's ``memory_mapping``):

========  ==================================================  ============================================
mode      JAX (XLA's allocator)                               PyTorch (caching allocator)
========  ==================================================  ============================================
default   preallocates 75 % of each visible GPU at the first  allocates as the model needs and keeps freed
          allocation (XLA_PYTHON_CLIENT_PREALLOCATE unset)    blocks cached: growth-like already
growth    XLA_PYTHON_CLIENT_PREALLOCATE=false: on demand      the same as default: PyTorch never preallocates
limit     XLA_PYTHON_CLIENT_MEM_FRACTION = limit / total      torch.cuda.set_per_process_memory_fraction
          (preallocates that fraction; it is also the cap)    (a cap on the allocator; nothing preallocated)
========  ==================================================  ============================================

The environment variables are set before JAX is imported (they are read once, when its GPU client
starts); visible GPUs are chosen with CUDA_VISIBLE_DEVICES before either framework starts, so a GPU the
run does not use is never touched (JAX would otherwise preallocate on every visible GPU).

All GPUs: on JAX through ``keras.distribution.DataParallel`` over ``keras.distribution.list_devices``
(with ``--logical-cpus N`` and no GPU, over N host devices: XLA_FLAGS
--xla_force_host_platform_device_count=N). Keras 3's PyTorch backend has no such distribution: asking it
for several GPUs is an error (``multi-gpu-unsupported``), never a silent single-GPU run.

Speed: on JAX each ``fit`` execution runs ``--steps-per-execution`` steps (default: ``--log-every``)
without the host waiting for the GPU; the host reads results (and syncs) only at log points.
"""

import math
import os
import sys

JAX_ENV = ("XLA_PYTHON_CLIENT_PREALLOCATE", "XLA_PYTHON_CLIENT_MEM_FRACTION", "XLA_PYTHON_CLIENT_ALLOCATOR")

MAPPING = {
    ("jax", "default"): "JAX default: XLA preallocates 75% of each visible GPU at the first allocation "
                        "(XLA_PYTHON_CLIENT_PREALLOCATE and XLA_PYTHON_CLIENT_MEM_FRACTION unset)",
    ("jax", "growth"): "XLA_PYTHON_CLIENT_PREALLOCATE=false: JAX allocates on demand (freed memory stays "
                       "with its allocator; it is not given back to the driver)",
    ("jax", "limit"): "XLA_PYTHON_CLIENT_MEM_FRACTION=%s: JAX preallocates that fraction of each visible GPU "
                      "(%s), which is also the most it will use",
    ("torch", "default"): "PyTorch caching allocator: memory is taken as the model needs it and freed blocks "
                          "stay cached for reuse (never preallocated), which is already what 'growth' means",
    ("torch", "growth"): "the same as default on PyTorch: its caching allocator grows on demand and never "
                         "preallocates",
    ("torch", "limit"): "torch.cuda.set_per_process_memory_fraction(%s): the caching allocator refuses to go "
                        "past that fraction of the GPU (%s); nothing is preallocated",
}


def _visible_entries():
    """CUDA_VISIBLE_DEVICES as a list of entries, or None when it is not set."""
    raw = os.environ.get("CUDA_VISIBLE_DEVICES")
    if raw is None:
        return None
    return [p.strip() for p in raw.split(",") if p.strip() != ""]


def select_gpus(S, args):
    """Set CUDA_VISIBLE_DEVICES (before any framework starts) to the GPUs this run may use.

    Returns the physical indices asked for (relative to the CUDA_VISIBLE_DEVICES the sample was
    started with, like the TensorFlow path), or None for "every visible GPU" / "whatever is there".
    """
    kind, indices = args.devices
    visible = _visible_entries()
    if kind == "cpu":
        os.environ["CUDA_VISIBLE_DEVICES"] = ""
        return []
    if kind == "all":
        return None
    wanted = [0] if kind == "auto" else list(indices)
    if visible is not None:
        missing = [i for i in wanted if i >= len(visible)]
        if missing and kind != "auto":
            raise S.SampleError("gpu-not-found", "GPU %s was asked for, but CUDA_VISIBLE_DEVICES=%r shows %d" % (
                ",".join(str(i) for i in missing), os.environ.get("CUDA_VISIBLE_DEVICES"), len(visible)))
        chosen = [visible[i] for i in wanted if i < len(visible)]
    else:
        chosen = [str(i) for i in wanted]
    os.environ["CUDA_VISIBLE_DEVICES"] = ",".join(chosen)
    return wanted


def _limit_fraction(S, args, first_physical):
    """(fraction, total_mb or None, limit_mb or None) for --memory limit; total from the flag or nvidia-smi."""
    lim_kind, lim = args.memory_limit
    total = args.gpu_total_mb
    if total is None and first_physical is not None and args.backend == "jax":
        total = S._total_mb_from_nvidia_smi(first_physical)
    if lim_kind == "fraction":
        return float(lim), total, (int(total * lim) if total else None)
    if not total:
        return None, None, int(lim)
    return min(1.0, float(lim) / float(total)), total, int(lim)


def configure_environment(S, args, em):
    """Everything that must happen before the framework is imported. Returns facts for the events."""
    facts = {"requested": None, "fraction": None, "total_mb": None, "limit_mb": None, "overridden": []}
    if args.backend == "jax" and args.logical_cpus > 1:
        flag = "--xla_force_host_platform_device_count=%d" % args.logical_cpus
        flags = [f for f in os.environ.get("XLA_FLAGS", "").split() if
                 not f.startswith("--xla_force_host_platform_device_count")]
        os.environ["XLA_FLAGS"] = " ".join(flags + [flag])
    if args.memory == "limit":
        # nvidia-smi is asked before CUDA_VISIBLE_DEVICES changes (it maps the index through it).
        first = 0 if args.devices[0] in ("auto", "all") else (args.devices[1] or [None])[0]
        facts["fraction"], facts["total_mb"], facts["limit_mb"] = _limit_fraction(S, args, first)
    facts["requested"] = select_gpus(S, args)
    if args.backend == "jax":
        if args.devices[0] == "cpu":
            os.environ["JAX_PLATFORMS"] = "cpu"
        for name in JAX_ENV:
            if name in os.environ:
                facts["overridden"].append("%s=%s" % (name, os.environ.pop(name)))
        if args.memory == "growth":
            os.environ["XLA_PYTHON_CLIENT_PREALLOCATE"] = "false"
        elif args.memory == "limit":
            if facts["fraction"] is None:
                raise S.SampleError(
                    "bad-flags", "a --memory-limit in MB needs the card's total memory on JAX (its limit is a "
                    "fraction), which is unknown here: pass --gpu-total-mb or give a fraction like 0.5",
                    exit_code=S.EXIT_BAD_FLAGS)
            os.environ["XLA_PYTHON_CLIENT_MEM_FRACTION"] = "%.4f" % facts["fraction"]
    else:
        if args.devices[0] == "cpu":
            os.environ["KERAS_TORCH_DEVICE"] = "cpu"
    os.environ["KERAS_BACKEND"] = args.backend
    return facts


class _RefusingLoader(object):
    def create_module(self, spec):
        raise ModuleNotFoundError("tensorflow is not used with --backend jax/torch (refused by the sample)",
                                  name=spec.name)

    def exec_module(self, module):  # never reached: create_module raises
        raise ModuleNotFoundError("tensorflow is not used with --backend jax/torch", name=module.__name__)


class _NoTensorFlow(object):
    """A meta-path finder that makes ``import tensorflow`` fail in this process.

    Keras 3 imports TensorFlow opportunistically when it is installed (``keras.utils.set_random_seed``
    seeds it too), which on JAX/PyTorch costs seconds and memory for nothing; refusing the import makes
    it take its "TensorFlow is not installed" path, the same as on a machine without TensorFlow. The spec
    has no origin, so tools that only look modules up (torch._dynamo's find_spec) are not disturbed.
    """

    def find_spec(self, name, path=None, target=None):
        if name == "tensorflow" or name.startswith("tensorflow."):
            import importlib.machinery

            return importlib.machinery.ModuleSpec(name, _RefusingLoader(), origin=None)
        return None


def import_backend(S, backend):
    """numpy, keras (must be Keras 3 on ``backend``) and the framework module with its versions."""
    try:
        import keras
        import numpy as np

        if backend == "jax":
            import jax as fw
            import jaxlib

            versions = {"jax": fw.__version__, "jaxlib": getattr(jaxlib, "__version__", None)}
        else:
            import torch as fw

            versions = {"torch": fw.__version__, "cuda": getattr(fw.version, "cuda", None)}
    except Exception as exc:  # ImportError, or a broken install raising anything at import
        import traceback

        traceback.print_exc()
        raise S.SampleError("no-backend", "Keras 3 with the %s backend could not be imported: %s: %s" % (
            backend, type(exc).__name__, exc), exit_code=S.EXIT_NO_TF, backend=backend) from None
    major = int(str(keras.__version__).split(".")[0] or 0)
    if major < 3 or keras.backend.backend() != backend:
        raise S.SampleError("no-backend", "--backend %s needs Keras 3 on that backend; this is Keras %s on %s" % (
            backend, keras.__version__, keras.backend.backend()), exit_code=S.EXIT_NO_TF, backend=backend)
    return np, keras, fw, versions


# -- devices and memory statistics, per backend --------------------------------------------------


class JaxDevices:
    def __init__(self, S, args, keras, jax, em):
        self.jax = jax
        try:
            self.gpus = list(jax.devices("gpu"))
        except RuntimeError:  # no GPU platform in this jaxlib (or none found)
            self.gpus = []
        self.used = []
        self.distribution_devices = []
        kind, requested = args.devices
        if kind == "gpus" and len(self.gpus) < len(requested):
            raise S.SampleError("gpu-not-found", "GPU %s was asked for, but JAX sees %d GPU(s)" % (
                ",".join(str(i) for i in requested), len(self.gpus)))
        if self.gpus:
            self.used = self.gpus if kind in ("all", "gpus") else self.gpus[:1]
            names = keras.distribution.list_devices("gpu")[:len(self.used)]
        elif args.logical_cpus > 1 and kind in ("auto", "all", "cpu"):
            names = keras.distribution.list_devices("cpu")
        else:
            names = []
        self.distribution_devices = names
        self.multi = len(names) > 1 or (kind == "all" and len(names) == 1 and bool(self.gpus))

    def describe(self):
        out = []
        for logical, d in enumerate(self.used):
            cc = getattr(d, "compute_capability", None)
            out.append({"logical": "gpu:%d" % logical, "name": getattr(d, "device_kind", None),
                        "compute_capability": str(cc) if cc else None})
        return out

    def replica_names(self):
        if self.distribution_devices:
            return list(self.distribution_devices)
        d = self.used[0] if self.used else self.jax.devices()[0]
        return ["%s:%d" % (d.platform, d.id)]

    def memory(self):
        out = []
        for logical, d in enumerate(self.used):
            try:
                st = d.memory_stats() or {}
            except Exception as exc:  # a plugin without statistics
                out.append({"device": "gpu:%d" % logical, "current": None, "peak": None, "error": str(exc)})
                continue
            entry = {"device": "gpu:%d" % logical, "current": st.get("bytes_in_use"),
                     "peak": st.get("peak_bytes_in_use")}
            for src, dst in (("bytes_limit", "limit"), ("bytes_reserved", "reserved"),
                             ("largest_alloc_size", "largest_alloc")):
                if st.get(src) is not None:
                    entry[dst] = st.get(src)
            out.append(entry)
        return out


class TorchDevices:
    def __init__(self, S, args, keras, torch, em):
        self.torch = torch
        count = torch.cuda.device_count() if torch.cuda.is_available() and args.devices[0] != "cpu" else 0
        kind, requested = args.devices
        if kind == "gpus" and count < len(requested):
            raise S.SampleError("gpu-not-found", "GPU %s was asked for, but PyTorch sees %d GPU(s)" % (
                ",".join(str(i) for i in requested), count))
        if kind == "all" and count > 1:
            raise S.SampleError("multi-gpu-unsupported", "--devices all found %d GPUs, but --backend torch trains "
                                "on one GPU only (Keras 3's PyTorch backend has no multi-GPU distribution)" % count,
                                exit_code=S.EXIT_CONFIG, gpus=count)
        self.used = [0] if count else []
        self.distribution_devices = []
        self.multi = False

    def describe(self):
        out = []
        for i in self.used:
            props = self.torch.cuda.get_device_properties(i)
            out.append({"logical": "cuda:%d" % i, "name": props.name,
                        "compute_capability": "%d.%d" % (props.major, props.minor),
                        "total_mb": int(props.total_memory // 2 ** 20)})
        return out

    def replica_names(self):
        return ["cuda:%d" % i for i in self.used] or ["cpu"]

    def memory(self):
        c = self.torch.cuda
        return [{"device": "cuda:%d" % i, "current": int(c.memory_allocated(i)), "peak": int(c.max_memory_allocated(i)),
                 "reserved": int(c.memory_reserved(i))} for i in self.used]


def apply_torch_limit(torch, devs, facts):
    """torch.cuda.set_per_process_memory_fraction: needs the card's total, which PyTorch knows itself."""
    for i in devs.used:
        total = torch.cuda.get_device_properties(i).total_memory
        facts["total_mb"] = int(total // 2 ** 20)
        if facts["fraction"] is None:
            facts["fraction"] = min(1.0, facts["limit_mb"] * 2.0 ** 20 / total)
        if facts["limit_mb"] is None:
            facts["limit_mb"] = int(facts["fraction"] * total / 2 ** 20)
        torch.cuda.set_per_process_memory_fraction(facts["fraction"], i)


# -- data ----------------------------------------------------------------------------------------


BANK_BYTES = 512 * 2 ** 20  # float32 data up to this size is converted once and then only sliced


def batches(np, x, y, batch, seed, bank=8):
    """Endless (float32 images in [0, 1], int32 labels) batches for Keras to copy to the device.

    Small data (the synthetic set) is repeated to at least ``bank`` batches, shuffled and converted to
    float32 once; each step then hands out a contiguous slice (a view: no per-step host work, which at
    tens of thousands of images per second would otherwise keep the GPU waiting). Larger data (the real
    sets) is gathered and converted per batch, reshuffled each pass.
    """
    n = len(x)
    scale = np.float32(1.0 / 255.0)
    rng = np.random.RandomState(seed)
    need = batch * bank
    if n * int(np.prod(x.shape[1:])) * 4 * max(1, int(math.ceil(need / float(n)))) <= BANK_BYTES:
        reps = max(1, int(math.ceil(need / float(n))))
        order = rng.permutation(n * reps) % n
        xf = np.ascontiguousarray(x[order].astype(np.float32) * scale)
        yf = np.ascontiguousarray(y[order])
        count = len(xf) // batch
        while True:
            for i in range(count):
                yield xf[i * batch:(i + 1) * batch], yf[i * batch:(i + 1) * batch]
    if n < batch:
        reps = int(math.ceil(batch / float(n)))
        x = np.concatenate([x] * reps)
        y = np.concatenate([y] * reps)
        n = len(x)
    while True:
        order = rng.permutation(n)
        for i in range(0, n - batch + 1, batch):
            idx = order[i:i + batch]
            yield x[idx].astype(np.float32) * scale, y[idx]


# -- the run -------------------------------------------------------------------------------------


def _is_oom(exc):
    text = "%s %s" % (type(exc).__name__, exc)
    return "OutOfMemoryError" in text or "RESOURCE_EXHAUSTED" in text or "Out of memory" in text


def run_keras3(args, em, S):
    """Train with Keras 3 on args.backend; events exactly as the TensorFlow path writes them."""
    backend = args.backend
    if "tensorflow" not in sys.modules:
        sys.meta_path.insert(0, _NoTensorFlow())
    facts = configure_environment(S, args, em)
    np, keras, fw, fw_versions = import_backend(S, backend)
    config = dict(vars(args))
    config["devices"] = args.devices[0] if args.devices[0] != "gpus" else "gpu:" + ",".join(
        str(i) for i in args.devices[1])
    config["memory_limit"] = None if args.memory_limit is None else list(args.memory_limit)
    versions = {"python": sys.version.split()[0], "tensorflow": None, "keras": keras.__version__,
                "keras_major": 3, "keras_source": "keras", "numpy": np.__version__, "backend": backend}
    versions.update(fw_versions)
    em.emit("start", pid=os.getpid(), config=config, worker=None, versions=versions, platform=sys.platform,
            backend=backend)
    if facts["overridden"]:
        em.warning("memory-env-overridden", "--memory %s sets the allocator's environment itself; ignored: %s" % (
            args.memory, ", ".join(facts["overridden"])), overridden=facts["overridden"])
    if args.prefetch == "off":
        em.warning("flag-no-effect", "--prefetch off only applies to TensorFlow's tf.data pipeline")

    devs = (JaxDevices if backend == "jax" else TorchDevices)(S, args, keras, fw, em)
    if backend == "torch" and args.memory == "limit" and devs.used:
        apply_torch_limit(fw, devs, facts)

    gpus = []
    requested = facts["requested"]
    for pos, entry in enumerate(devs.describe()):
        phys = requested[pos] if requested and pos < len(requested) else pos
        item = {"index": phys, "logical": entry["logical"], "name": entry["name"],
                "compute_capability": entry["compute_capability"], "memory_limit_mb": None}
        total = entry.get("total_mb") or facts["total_mb"]
        if total:
            item["total_mb"] = total
        if args.memory == "limit":
            item["memory_limit_mb"] = facts["limit_mb"]
            item["memory_fraction"] = facts["fraction"]
        gpus.append(item)
    mapping = MAPPING[(backend, args.memory)]
    if args.memory == "limit":
        frac = "%.4f" % facts["fraction"] if facts["fraction"] is not None else "?"
        mapping = mapping % (frac, "%s MB of %s MB" % (facts["limit_mb"] or "?", facts["total_mb"] or "?"))
    memory_effect = None
    if not gpus:
        if args.memory != "default":
            memory_effect = "no GPU: the memory mode has no effect"
            em.warning("memory-mode-no-effect", "No GPU is in use, so --memory %s has no effect" % args.memory)
        else:
            memory_effect = "no GPU"
    if args.precision == "mixed_float16":
        old = [g for g in gpus if g["compute_capability"] and float(g["compute_capability"]) < 7.0]
        if old:
            em.warning("mixed-float16-old-gpu", "mixed_float16 is slow on GPUs older than compute capability 7.0 "
                       "(no Tensor Cores); these have %s" % ", ".join(g["compute_capability"] for g in old))
        elif not gpus:
            em.warning("mixed-precision-on-cpu", "mixed_float16 on the CPU works but is slower than fp32")

    strategy = "DataParallel" if devs.multi else "default"
    replicas = len(devs.distribution_devices) if devs.multi else 1
    global_batch = S.adjust_batch(args.batch_size, replicas, args.strict_batch, em)
    if devs.multi:
        keras.distribution.set_distribution(keras.distribution.DataParallel(devices=devs.distribution_devices))
    spe = args.steps_per_execution or (min(args.log_every, args.steps) if backend == "jax" else 1)
    em.emit("devices", strategy=strategy, replicas=replicas, devices=devs.replica_names(), gpus=gpus,
            physical_gpus=len(gpus) if backend == "torch" else len(getattr(devs, "gpus", [])),
            memory_mode=args.memory, memory_effect=memory_effect, memory_mapping=mapping, backend=backend,
            global_batch=global_batch, per_replica_batch=global_batch // replicas, worker=None,
            steps_per_execution=spe)

    S.set_precision(keras, args.precision)
    shape, classes, _ = S.DATASETS[args.dataset]
    x, y, source = S.load_arrays(keras, np, args)
    shape = tuple(x.shape[1:])
    em.emit("data", dataset=args.dataset, source=source, samples=int(len(x)), shape=list(shape), classes=classes,
            prefetch=backend == "jax" and bool(gpus), pipeline="numpy batches; Keras copies each to the device"
            + (" one step ahead" if backend == "jax" and gpus else ""))

    keras.utils.set_random_seed(args.seed)
    model = S.build_model(keras, args.model, shape, classes)
    optimizer = keras.optimizers.SGD(learning_rate=args.learning_rate, momentum=0.9)
    if args.precision == "mixed_float16":
        # float16 gradients underflow without it; Keras 3 would add it too (compile's auto_scale_loss).
        optimizer = keras.optimizers.LossScaleOptimizer(optimizer)
    model.compile(optimizer=optimizer, loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True),
                  metrics=["accuracy"], jit_compile=S._jit_arg(args), steps_per_execution=spe)

    def current_optimizer():
        # On JAX the trainer keeps the state outside the model during fit: bring it back (only at log
        # points, for the loss scale) so that the optimizer's variables are current.
        sync = getattr(model, "jax_state_sync", None)
        if sync is not None:
            sync()
        return model.optimizer

    if S.WATCHDOG is not None:
        S.WATCHDOG.xla = bool(getattr(model, "jit_compile", False))
    S._watch("first-step")
    progress = S.Progress(None, em, args, global_batch, [], current_optimizer, memory_fn=devs.memory)

    class _Callback(keras.callbacks.Callback):
        def on_train_batch_end(self, batch, logs=None):
            logs = logs or {}
            progress.done_through(batch + 1, lambda: logs.get("loss"),
                                  lambda: logs.get("accuracy", logs.get("compile_metrics")))

    data = batches(np, x, y, global_batch, args.seed)
    try:
        model.fit(data, epochs=1, steps_per_epoch=args.steps, verbose=0, shuffle=False, callbacks=[_Callback()])
    except Exception as exc:
        if _is_oom(exc):
            text = str(exc).strip().splitlines()[0][:500] if str(exc).strip() else type(exc).__name__
            raise S.SampleError("oom", text, exit_code=S.EXIT_OOM) from None
        raise
    summary = progress.summary()
    summary.update({"loop": "fit", "strategy": strategy, "replicas": replicas, "global_batch": global_batch,
                    "precision": args.precision, "model": args.model, "backend": backend,
                    "steps_per_execution": spe, "tensorflow_loaded": "tensorflow" in sys.modules})
    em.emit("summary", **summary)
    return S.EXIT_OK
