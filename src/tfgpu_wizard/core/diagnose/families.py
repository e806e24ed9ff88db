"""Findings derived from the facts of a log and from other findings: rules for families, not strings.

Each ``derive_*`` function looks at what the scan found (``Work.hits``), the facts read from the log
(``Work.facts``, core.diagnose.facts) and what the caller knows, and adds the findings of rules marked
``derived: true`` in resources/diagnosis/rules.json (or refines a pattern finding's values). Their texts and
fixes are data; what lives here is the *decision*: which family an error belongs to, and the values its texts
name (both versions of a mismatch, the CUDA version a DLL name implies, the Python that pip's version list
implies, ...).

Standard library only.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from tfgpu_wizard.core.diagnose.facts import LogFacts, version_tuple
from tfgpu_wizard.core.diagnose.rules import BY_ID, TABLES
from tfgpu_wizard.core.diagnose.scan import (
    ERROR_LINE,
    Evidence,
    Hit,
    Lines,
    Traceback,
    evidence,
    evidence_at,
    line_at,
)

__all__ = ["DERIVATIONS", "Work"]


@dataclass
class Work:
    """Everything one diagnosis knows while it derives findings."""

    text: str
    facts: LogFacts
    hits: dict[str, Hit]
    tracebacks: list[Traceback]
    platform: str
    tf: tuple[int, ...] | None
    context: dict[str, Any] = field(default_factory=dict)
    has_driver: bool | None = None
    host: str | None = None  # the host fact code (context "host_fact"), or "expect-cpu"

    def add(self, rule_id: str, ev: list[Evidence], values: dict[str, str] | None = None, count: int = 1) -> Hit:
        hit = Hit(BY_ID[rule_id], sorted(ev, key=lambda e: e.line)[:5], max(count, 1), dict(values or {}))
        hit.lines = {e.line for e in hit.evidence}
        self.hits[rule_id] = hit
        return hit

    def errors(self, ignore: set[str] = frozenset()) -> set[str]:  # type: ignore[assignment]
        """Ids of the pattern findings that are errors or warnings (not harmless), except ``ignore``."""
        return {k for k, h in self.hits.items() if h.rule.severity in ("error", "warning") and k not in ignore}


def _first_ev(work: Work, *rule_ids: str) -> list[Evidence]:
    for rid in rule_ids:
        if rid in work.hits and work.hits[rid].evidence:
            return list(work.hits[rid].evidence)
    return []


# ------------------------------------------------------------------------------ driver library vs kernel


def derive_driver_versions(work: Work) -> None:
    """TF's cuda_diagnostics prints both versions: "libcuda reported version is: 375.66.0" and "kernel reported
    version is: 384.130.0". When they differ, the driver library and the loaded kernel module are two drivers."""
    f = work.facts
    library = f.libcuda_version or f.userspace_driver
    if not library or not f.kernel_version:
        return
    if version_tuple(library) == version_tuple(f.kernel_version):
        return
    if "driver-library-mismatch" in work.hits:
        hit = work.hits["driver-library-mismatch"]
        hit.values.setdefault("kernel", f.kernel_version)
        hit.values.setdefault("dso", library)
        return
    ev = []
    needles = ("libcuda reported version is", "kernel reported version is", "NVRM version:", "NVML library version")
    for needle in needles + (library,):
        i = work.text.find(needle)
        if i >= 0 and len(ev) < 3:
            ev.append(evidence_at(work.text, i))
    work.add("driver-library-mismatch", ev, {"kernel": f.kernel_version, "dso": library})


# ------------------------------------------------------------------------------ native Windows >= 2.11

_GPU_WORDS = ("GPU", "gpu", "CUDA", "cuda", "cuDNN", "nvidia-smi", "RTX", "GTX")


def derive_windows_native(work: Work) -> None:
    if work.platform != "windows":
        return
    tf = work.tf
    if tf is not None and tf < (2, 11):
        return
    hits = work.hits
    blockers = {"missing-library", "dlopen-failed", "gpu-device-created", "windows-cuda-dll-missing"}
    if "no-gpu-visible" in hits and not blockers & hits.keys():
        src = hits["no-gpu-visible"]
        work.add("windows-native-no-gpu", list(src.evidence), {}, src.count)
        return
    # a pasted issue template (or log) that states Windows and TensorFlow 2.11 or newer, about the GPU, and
    # nothing else that is wrong: native Windows has had no GPU since 2.10
    f = work.facts
    if tf is None or blockers & hits.keys() or work.errors({"no-gpu-visible"}):
        return
    if not (f.template or f.tf_version_from in ("log", "pip")):
        return
    if not (f.template.get("gpu") or any(w in work.text[:2_000_000] for w in _GPU_WORDS)):
        return
    ev: list[Evidence] = []
    for key in ("os", "tf_version"):
        value = f.template.get(key)
        if value:
            i = work.text.find(value)
            if i >= 0:
                ev.append(evidence_at(work.text, i, i + len(value)))
    if not ev and f.tf_version:
        i = work.text.find(f.tf_version)
        if i >= 0:
            ev.append(evidence_at(work.text, i, i + len(f.tf_version)))
    if ev:
        work.add("windows-native-no-gpu", ev, {})


# ------------------------------------------------------------------------------ Windows CUDA DLL names


def derive_windows_dll(work: Work) -> None:
    """``cudart64_101.dll`` names CUDA 10.1, so the TensorFlow that asks for it is 2.1-2.3 (tables in rules.json)."""
    hit = work.hits.get("windows-cuda-dll-missing")
    if not hit:
        return
    table = TABLES.get("windows_dlls", {})
    dll = hit.values.get("dll", "").lower()
    row = table.get(dll)
    if not row:
        m = re.match(r"([a-z]+64_)(\d+)", dll)
        row = table.get(f"{m.group(1)}{m.group(2)}.dll") if m else None
    if not row:
        # an unknown DLL name: the generic missing-library finding says it better
        del work.hits["windows-cuda-dll-missing"]
        return
    hit.values.update({k: str(v) for k, v in row.items()})
    hit.values["case"] = "tf210" if row.get("tf_range") == "2.4–2.10" else "old"


# ------------------------------------------------------------------------------ what the user's checks printed


def derive_checks(work: Work) -> None:
    """The checks a user ran and pasted with their results: a device list with the CPU and no GPU
    (``device_lib.list_local_devices()``, ``tf.config.list_physical_devices()``), ``tf.test.is_built_with_cuda()``
    printing False. Both are the "TensorFlow sees no GPU" symptom; the other findings say why."""
    f = work.facts
    line = f.built_without_cuda or f.device_listing_without_gpu
    if not line and "AssertionError" in work.text and "no-gpu-visible" not in work.hits:
        m = _GPU_ASSERT.search(work.text)  # `assert torch.cuda.is_available()` that failed: there is no GPU
        if m:
            work.add("no-gpu-visible", [evidence_at(work.text, m.start(), m.end())], {"case": "listing"})
        return
    if not line or "no-gpu-visible" in work.hits or "gpu-device-created" in work.hits:
        return
    work.add("no-gpu-visible", [evidence(line, _line(work.text, line))],
             {"case": "cpu-build" if f.built_without_cuda else "listing"})


# an assertion that a GPU is there ("assert torch.cuda.is_available()", "assert len(tf.config.list_physical_devices(
# 'GPU')) > 0", "assert tf.test.is_gpu_available()"), shown in the traceback of the AssertionError it raised
_GPU_ASSERT = re.compile(
    r"\bassert\b[^\r\n]{0,80}?(?:cuda\.is_available\(\)|is_gpu_available\(|list_physical_devices\(\s*['\"]GPU"
    r"|gpu_device_name\(\))"
)


# a GPU that is not there (or not given to this machine), as opposed to a library that does not load
_NO_GPU_SIGNS = ("no-gpu-visible", "cuda-drivers-not-found", "cuinit-failed", "cuinit-no-device",
                 "driver-library-missing", "driver-not-loaded")
_LIBRARY_CAUSES = frozenset({"missing-library", "dlopen-failed", "windows-cuda-dll-missing", "cudnn-version-mismatch",
                             "gpu-device-created", "container-no-gpu", "worker-no-gpu-allotted", "driver-too-old",
                             "driver-library-mismatch", "no-kernel-for-gpu", "gpu-too-old"})


def derive_notebook(work: Work) -> None:
    """A hosted notebook (Colab, Kaggle; a Jupyter traceback) whose machine has no GPU: the runtime was started
    without an accelerator. Said only when nothing more specific (a library that does not load) is in the log."""
    f = work.facts
    if not {"colab", "kaggle", "jupyter"} & f.environment or _LIBRARY_CAUSES & work.hits.keys():
        return
    if "command-not-found" in work.hits and "nvidia-smi" in work.hits["command-not-found"].values.get("cmd", ""):
        signs = ["command-not-found"]
    else:
        signs = [k for k in _NO_GPU_SIGNS if k in work.hits]
    if not signs or work.host in ("no-nvidia-gpu", "expect-cpu"):
        return
    where = next((e for e in ("colab", "kaggle") if e in f.environment), "jupyter")
    if where == "jupyter" and work.platform in ("windows", "wsl2", "macos") and work.facts.platform:
        return  # a notebook on this computer, not a hosted runtime: the other findings say why
    work.add("notebook-runtime-no-gpu", _first_ev(work, *signs), {"case": where})


# ------------------------------------------------------------------------------ containers, schedulers

_GPU_FAILURES = (
    "cuinit-no-device", "cuinit-unknown", "cuinit-failed", "cuda-drivers-not-found", "driver-library-missing",
    "driver-not-loaded", "no-gpu-visible", "dlopen-failed", "nvml-not-found",
)


# what a program in a container without GPU access sees: no driver library, no device, no driver
_NO_ACCESS = frozenset({"driver-library-missing", "driver-not-loaded", "cuinit-failed", "cuinit-unknown",
                        "cuinit-no-device", "cuda-drivers-not-found", "command-not-found"})


def derive_container(work: Work) -> None:
    f = work.facts
    hit = work.hits.get("container-no-gpu")
    in_container = "container" in f.environment or bool(f.docker_runs)
    failures = [k for k in _GPU_FAILURES if k in work.hits]
    if "command-not-found" in work.hits and "nvidia-smi" in work.hits["command-not-found"].values.get("cmd", ""):
        failures.append("command-not-found")
    if not hit and not (in_container and failures) or "gpu-device-created" in work.hits and not failures:
        return
    if "worker" in f.environment and not {"docker", "ngc", "apptainer"} & f.environment:
        return  # a scheduler's worker: derive_worker says it
    if not hit:
        # no container message of its own: only when the container cannot have had the GPU. Every run shown
        # with --gpus: the failure is something else (an image's CUDA newer than the driver, ...)
        if f.docker_runs and all(gpus for _, gpus, _ in f.docker_runs):
            return
        if not f.docker_runs and not set(failures) & _NO_ACCESS:
            return
        if {"driver-too-old", "driver-library-mismatch"} & work.hits.keys():
            return  # the host's driver itself says what is wrong
    ev = list(hit.evidence) if hit else []
    for line, gpus, _smi in f.docker_runs:
        if not gpus:
            ev.append(evidence(line, _line(work.text, line)))
    if not ev:
        ev = _first_ev(work, *failures)
    values = dict(hit.values) if hit else {}
    if f.gpu_check_in_container_ok:
        values["case"] = "check-ok"
    elif values.get("toolkit"):
        values["case"] = "toolkit"
    elif "apptainer" in f.environment:
        values["case"] = "apptainer"
    elif "kubernetes" in f.environment and not f.docker_runs:
        values["case"] = "kubernetes"
    elif any(not g for _, g, _ in f.docker_runs):
        values["case"] = "no-flag"
    work.add("container-no-gpu", ev, values, (hit.count if hit else 0) + len(failures))


def _line(text: str, lineno: int) -> str:
    """The text of line ``lineno`` (1-based); linear, used for a few lines only."""
    pos = 0
    for _ in range(lineno - 1):
        pos = text.find("\n", pos) + 1
        if pos == 0:
            return ""
    return line_at(text, pos, pos)


def derive_worker(work: Work) -> None:
    f = work.facts
    sched = next((s for s in ("ray", "slurm", "spark", "kubernetes") if s in f.environment), None)
    if not sched or not ("worker" in f.environment or sched == "ray"):
        return
    failures = [k for k in ("cuinit-no-device", "no-gpu-visible", "cuda-drivers-not-found", "cuinit-failed")
                if k in work.hits]
    if not failures or "gpu-device-created" in work.hits:
        return
    if {"driver-library-mismatch", "driver-not-loaded", "driver-too-old"} & work.hits.keys():
        return
    work.add("worker-no-gpu-allotted", _first_ev(work, *failures), {"scheduler": sched, "case": sched})


# ------------------------------------------------------------------------------ Keras 2 / Keras 3

# names that exist only in Keras 3: asking for them on Keras 2 means the library wants a newer Keras
_KERAS3_ONLY = frozenset({"legacy", "ops", "trainers", "tree", "random", "RandomSeedGenerator", "Variable",
                          "StatelessScope", "SymbolicScope", "export", "version", "quantizers", "distribution",
                          "SeedGenerator", "PyDataset", "convert_to_numpy", "DTypePolicy", "dtype_policies"})
# TensorFlow 1 names that Keras's backend had (tf.keras.backend.get_session, ...): TF 1 code, not a Keras version
_TF1_BACKEND = frozenset({"get_session", "set_session", "placeholder", "get_default_graph", "clear_session_v1",
                          "tf", "control_flow_ops", "image_dim_ordering", "set_image_dim_ordering"})
_KERAS_ERR = re.compile(
    r"No module named '(?P<mod>(?:tensorflow\.)?(?:python\.)?keras(?:\.[\w.]+)?)'"
    r"|cannot import name '(?P<name>\w+)' from '(?P<from>(?:tensorflow\.)?(?:python\.)?keras(?:\.[\w.]+)?)'"
    r"|module '(?P<amod>(?:tensorflow\.)?(?:python\.)?keras(?:\.[\w.]+)?)' has no attribute '(?P<attr>\w+)'"
)


_RUNTIME_DIRS = re.compile(r"[/\\](?:site|dist)-packages[/\\](?:tensorflow|keras|tf_keras|tensorflow_core)[/\\]")
_LIBRARY_DIR = re.compile(r"[/\\](?:site|dist)-packages[/\\]([A-Za-z_][\w]{0,80})")


def _code_owner(tb: Traceback) -> str | None:
    """Whose code made the call that failed inside Keras/TensorFlow: a library's import name (its innermost frame
    outside the Keras/TF runtime is in site-packages), "" for the user's own code, None when the traceback shows no
    frames (a pasted last line)."""
    for file, _func, _code in reversed(tb.frames):
        if _RUNTIME_DIRS.search(file):
            continue
        m = _LIBRARY_DIR.search(file)
        return m.group(1) if m else ""
    return None


_KWARG = re.compile(r"(?P<callee>[\w.]{1,80})\(\) got an unexpected keyword argument '(?P<kwarg>\w{1,60})'")
# classes that exist only in Keras 3: an argument they reject was removed by Keras 3
_KERAS3_CALLEES = re.compile(r"^(?:TensorFlowTrainer|JAXTrainer|TorchTrainer|Trainer)\.|^keras\.src\.")
# Keras's own classes: an argument they reject on Keras 3 (or an unknown Keras) is an argument Keras 3 dropped
_KERAS_CALLEES = re.compile(
    r"^(?:LossScaleOptimizer|Optimizer|Adam|AdamW|SGD|RMSprop|Adagrad|Adadelta|Adamax|Nadam|Ftrl|Lion|Dense|Conv[123]D"
    r"|Conv[123]DTranspose|SeparableConv[12]D|DepthwiseConv2D|LSTM|GRU|SimpleRNN|Bidirectional|Embedding|Dropout"
    r"|BatchNormalization|LayerNormalization|InputLayer|Sequential|Model|Functional|Layer|Lambda|ModelCheckpoint"
    r"|EarlyStopping|TensorBoard|ReduceLROnPlateau|LearningRateScheduler|MaxPooling[123]D|AveragePooling[123]D"
    r"|Flatten|Reshape|Concatenate|Activation)\.(?:__init__|fit|compile|evaluate|predict|save|call)$"
)


def derive_keras(work: Work) -> None:
    """Import errors about Keras modules: Keras-2 code on Keras 3 (tf-keras), or a library that wants Keras 3
    on an older TensorFlow. The pattern rules of the family (their messages) are already in ``hits``.

    A name that Keras 3 no longer has: imported by a *library* (its import in site-packages), or a private name
    (``__internal__``, ``_v1``: only libraries use Keras internals), that library is Keras 2 code (tf-keras, or a
    release of it made for Keras 3); imported by the user's own code (or a pasted last line), the user's import
    changes (the Keras 3 spelling)."""
    api = work.hits.get("keras3-api-changed")
    if api is not None and api.values.get("kwarg") and not api.values.get("callee"):
        m = _DESERIALIZING.search(work.text)  # a model file's layer config: the class being rebuilt
        api.values["callee"] = m.group(1) if m else ("InputLayer" if api.values["kwarg"] == "batch_input_shape"
                                                     else api.values["kwarg"])
    if api is not None and "keras3-needs-tf-keras" not in work.hits:
        # the API Keras 3 changed is called by a library's code, not the user's: that library is Keras 2 code
        lines = api.lines or {e.line for e in api.evidence}
        for tb in work.tracebacks:
            if tb.line in lines or any(tb.start <= n <= tb.line for n in lines):
                owner = _code_owner(tb)
                if owner and owner not in ("keras", "tensorflow", "tf_keras"):
                    del work.hits["keras3-api-changed"]
                    work.add("keras3-needs-tf-keras", list(api.evidence), {"library": owner, "case": "library"},
                             api.count)
                break
    api = work.hits.get("keras3-api-changed")
    if api is not None and "keras3-needs-tf-keras" not in work.hits and not api.values.get("spelling"):
        # the paste stops at the user's own line, and that line only calls into a library it imported in the same
        # cell or script ("from deepface import DeepFace" ... "---> 2 DeepFace.analyze("): the library raised it
        library = _called_library(work.text)
        if library:
            del work.hits["keras3-api-changed"]
            work.add("keras3-needs-tf-keras", list(api.evidence), {"library": library, "case": "library"}, api.count)
    if not {"keras3-needs-tf-keras", "keras3-api-changed", "keras-too-old-for-library"} & work.hits.keys():
        # a library's Keras 2 code failing inside Keras 3's own loading/saving or symbolic-tensor code (paths that
        # exist only in Keras 3): whatever the message, that library needs Keras 2
        for tb in work.tracebacks[-1:]:
            inner = next((f for f, _fn, _c in reversed(tb.frames) if _RUNTIME_DIRS.search(f)), "")
            owner = _code_owner(tb)
            if (_KERAS3_ONLY_DIRS.search(inner) and owner and owner not in ("keras", "tensorflow", "tf_keras")
                    and not _DATA_WORDS.search(tb.block)):
                work.add("keras3-needs-tf-keras", [evidence(tb.line, tb.exception)],
                         {"library": owner, "case": "library"})
    if {"keras3-needs-tf-keras", "keras3-api-changed", "keras-too-old-for-library"} & work.hits.keys():
        hit = work.hits.get("keras3-needs-tf-keras")
        if hit is not None and not hit.values.get("case"):
            _library_case(work, hit)
        return
    major = work.facts.keras_major()
    for tb in reversed(work.tracebacks):
        km = _KWARG.search(tb.exception)
        if km and (_KERAS3_CALLEES.search(km.group("callee"))
                   or major in (3, None) and _KERAS_CALLEES.search(km.group("callee"))
                   or major == 3 and any(_RUNTIME_DIRS.search(f) and "keras" in f for f, _, _ in tb.frames[-1:])):
            if not _code_owner(tb):
                values = {"kwarg": km.group("kwarg"), "callee": km.group("callee")}
                if "LossScale" in km.group("callee"):
                    values = {"scaled": km.group("kwarg")}
                work.add("keras3-api-changed", [evidence(tb.line, tb.exception)], values)
                return
        am = _KERAS_OBJ_ATTR.search(tb.exception)
        if am and (major == 3 or am.group("attr") in _keras3_spelling()) and not _TF1_OBJ_ATTR.match(am.group("attr")):
            # a Keras object that no longer has an attribute Keras 2 code uses
            ev = [evidence(tb.line, tb.exception)]
            owner = _code_owner(tb)
            if owner and owner not in ("keras", "tensorflow", "tf_keras"):
                work.add("keras3-needs-tf-keras", ev, {"library": owner, "case": "library"})
            else:
                spelling = _keras3_spelling().get(am.group("attr"))
                work.add("keras3-api-changed", ev, {"cls": am.group("cls"), "name": am.group("attr"),
                                                    "case": "attr" if spelling else "attr-any",
                                                    "spelling": spelling or ""})
            return
        m = _KERAS_ERR.search(tb.block)
        if not m or (m.group("mod") or m.group("from") or m.group("amod") or "").startswith("tensorflow.python.keras"):
            continue  # (TensorFlow's internal copy of Keras 2, gone since TF 2.12: a TensorFlow internal)
        values = {"keras": work.facts.keras_version or "", "tf": work.facts.tf_version or ""}
        ev = [evidence(tb.line, tb.exception)]
        if m.group("mod"):
            parts = m.group("mod").split(".")
            if parts[-1] == "keras":
                continue  # Keras itself is missing: python-package-missing says so
            values["module"] = m.group("mod")
            if parts[-2:] == ["keras", "src"]:  # keras.src exists from Keras 2.13 on (and in Keras 3)
                work.add("keras-too-old-for-library", ev, values)
            elif set(parts) & _KERAS3_ONLY:  # asked for on Keras 2, or on a Keras 3 older than the library wants
                work.add("keras-too-old-for-library", ev, values)
            elif major in (3, None):
                work.add("keras3-needs-tf-keras", ev, values)
            else:
                _keras_pinned(work, ev, values)
            return
        wanted = m.group("name") or m.group("attr")
        module = m.group("from") or m.group("amod")
        values["module"] = f"{module}.{wanted}"
        if "_tf_keras" in module:
            major = 3  # TensorFlow's Keras namespace inside Keras 3
        owner = _code_owner(tb)
        if wanted in _TF1_BACKEND and "backend" in module:
            work.add("tf1-api-on-tf2", ev, {"attr": f"keras.backend.{wanted}"})
        elif wanted in _KERAS3_ONLY:
            work.add("keras-too-old-for-library", ev, values)
        elif major == 2:
            _keras_pinned(work, ev, values)
        elif wanted in _keras3_removed():
            # removed by Keras 3 with nothing in its place: whoever's code it is, it needs Keras 2
            values.update(name=wanted, case="removed")
            work.add("keras3-needs-tf-keras", ev, values)
        elif owner or wanted.startswith("_"):  # a library's import, or Keras internals: Keras 2 code
            if owner:
                values.update(library=owner, case="library")
            work.add("keras3-needs-tf-keras", ev, values)
        elif "mixed_precision" in module or wanted in ("LossScaleOptimizer", "experimental") and "mixed" in tb.block:
            work.add("keras3-api-changed", ev, {"scaled": wanted})  # Keras 3's mixed precision API
        else:  # the user's own import of a name Keras 3 removed or moved
            tf_module = module if module.startswith("tensorflow.") else "tensorflow." + module.split("tensorflow.")[-1]
            in_tf = module.startswith("tensorflow.") or "_tf_keras" in module  # already TensorFlow's namespace
            spelling = TABLES.get("keras3_spelling", {}).get(wanted)
            values.update(name=wanted, from_module=module, tf_module=tf_module,
                          case="spelling" if spelling else "import-tf" if in_tf else "import")
            if spelling:
                values["spelling"] = spelling
            work.add("keras3-api-changed", ev, values)
        return


# Keras 3's own modules for loading, saving and symbolic tensors (Keras 2 has none of these paths)
_KERAS3_ONLY_DIRS = re.compile(
    r"[/\\]keras[/\\]src[/\\](?:legacy[/\\]saving|saving|backend[/\\]common|ops[/\\]operation)")
# an error about the data fed in (shapes, labels, types) is the caller's data, not its Keras version
_DATA_WORDS = re.compile(r"[Ss]hapes? |incompatible shape|label|dtype|[Ee]xpected input|received input")


_IMPORTS = re.compile(r"(?m)^[ \t\d>-]{0,16}(?:from[ \t]+([A-Za-z_]\w{0,60})(?:\.[\w.]{1,80})?[ \t]+import[ \t]+([\w, \t]{1,200})"
                      r"|import[ \t]+([A-Za-z_]\w{0,60})(?:[ \t]+as[ \t]+(\w{1,40}))?)")
# the line a notebook marks as the one that failed ("----> 2 objs = DeepFace.analyze("), or a frame's code line
_ARROW_CODE = re.compile(r"(?m)^-{1,8}>[ \t]{0,4}\d{1,6}[ \t]([^\r\n]{1,300})")
# what a user's script imports that is not a library of its own (TF's stack, the scientific stack, a project's own
# modules by their usual names)
_NOT_A_LIBRARY = frozenset({
    "keras", "tensorflow", "tf", "tf_keras", "numpy", "np", "pandas", "pd", "matplotlib", "plt", "sklearn", "scipy",
    "os", "sys", "math", "random", "time", "json", "re", "cv2", "PIL", "torch", "model", "models", "utils", "src",
    "train", "data", "dataset", "datasets", "config", "layers", "lib", "core", "common", "helpers", "nets",
    "networks", "__future__", "typing", "pathlib", "collections", "itertools", "functools",
})


def _called_library(text: str) -> str:
    """The library whose function the last marked line of a notebook cell calls, when the same paste shows that
    name imported from it; "" otherwise."""
    arrows = list(_ARROW_CODE.finditer(text, 0, 2_000_000))
    if not arrows:
        return ""
    code = arrows[-1].group(1)
    names: dict[str, str] = {}
    for m in _IMPORTS.finditer(text, 0, arrows[-1].start()):
        if m.group(1):
            for name in re.split(r"[,\s]+", m.group(2).strip()):
                if name and name != "as":
                    names[name] = m.group(1)
        else:
            names[m.group(4) or m.group(3)] = m.group(3)
    for name, module in names.items():
        if module not in _NOT_A_LIBRARY and name not in _NOT_A_LIBRARY and re.search(
                rf"(?<![\w.]){re.escape(name)}\s*[.(]", code):
            return module
    return ""


def _library_case(work: Work, hit: Hit) -> None:
    """A pattern's Keras-2-on-Keras-3 finding whose traceback shows the library that failed: name it."""
    lines = hit.lines or {e.line for e in hit.evidence}
    for tb in work.tracebacks:
        if tb.line in lines or any(tb.start <= n <= tb.line for n in lines):
            owner = _code_owner(tb)
            if owner and owner not in ("keras", "tensorflow", "tf_keras"):
                hit.values.update(library=owner, case="library")
            return


# "'Dense' object has no attribute 'output_shape'": a Keras class (layers, models, optimizers, callbacks)
_KERAS_OBJ_ATTR = re.compile(
    r"'(?P<cls>Sequential|Functional|Model|Dense|Conv[123]D|LSTM|GRU|SimpleRNN|Embedding|Dropout|Flatten|InputLayer"
    r"|BatchNormalization|Layer|Activation|MaxPooling[123]D|Concatenate|Bidirectional|TimeDistributed|Lambda"
    r"|KerasTensor|Adam|SGD|RMSprop|AdamW|Adagrad|Nadam|LossScaleOptimizer|ModelCheckpoint|History)' object has no "
    r"attribute '(?P<attr>\w{1,60})'"
)
_TF1_OBJ_ATTR = re.compile(r"_\w|numpy$|eval$|op$|graph$")  # private names, and tensors' TF 1 / eager members


_DESERIALIZING = re.compile(r"Error when deserializing class '(\w{1,80})'")


def _keras3_spelling() -> dict[str, str]:
    return dict(TABLES.get("keras3_spelling", {}))


def _keras3_removed() -> frozenset[str]:
    return frozenset(TABLES.get("keras3_removed", ()))


def _keras_pinned(work: Work, ev: list[Evidence], values: dict[str, str]) -> None:
    values.update(package="keras", pkg_version=work.facts.keras_version or "",
                  detail=_detail("keras", work.facts.keras_version, work.facts.tf_version))
    work.add("pinned-package-mismatch", ev, values)


# ------------------------------------------------------------------------------ pinned packages

# Packages TensorFlow or Keras pin in their wheel metadata, and TensorFlow's companion libraries whose release
# must match TensorFlow's: an import-time error inside one of them is a version mismatch, not the script.
_PINNED = frozenset({
    "ml-dtypes", "numpy", "protobuf", "h5py", "typing-extensions", "wrapt", "absl-py", "gast", "opt-einsum",
    "flatbuffers", "tensorboard", "termcolor", "six", "astunparse", "google-pasta", "libclang", "grpcio",
    "tensorflow-io-gcs-filesystem", "optree", "namex", "rich", "jax", "jaxlib", "tensorflow-estimator",
    "packaging", "requests", "setuptools", "keras",
})
_COMPANIONS = frozenset({
    "tensorflow-probability", "tensorflow-addons", "tensorflow-text", "tensorflow-io", "tensorflow-hub",
    "tensorflow-datasets", "tensorflow-recommenders", "tensorflow-decision-forests",
    "tensorflow-model-optimization", "tensorflow-transform", "tf-keras", "keras-nlp", "keras-hub", "keras-cv",
    "tensorflow-serving-api", "tensorflow-federated", "tensorflow-privacy", "tensorflow-ranking", "tf-models-official",
    "tensorflow-metadata", "tensorflow-gnn", "tensorflow-quantum", "tensorflowjs", "tensorflow-similarity",
})
_MODULE_TO_PACKAGE = {
    "google.protobuf": "protobuf", "absl": "absl-py", "opt_einsum": "opt-einsum", "tensorflow_probability":
    "tensorflow-probability", "tensorflow_addons": "tensorflow-addons", "tensorflow_text": "tensorflow-text",
    "tensorflow_io": "tensorflow-io", "tensorflow_hub": "tensorflow-hub", "tensorflow_datasets":
    "tensorflow-datasets", "tf_keras": "tf-keras", "keras_nlp": "keras-nlp", "keras_hub": "keras-hub",
    "keras_cv": "keras-cv", "tensorflow_estimator": "tensorflow-estimator", "typing_extensions": "typing-extensions",
    "ml_dtypes": "ml-dtypes", "tensorflow_recommenders": "tensorflow-recommenders", "tensorflow_decision_forests":
    "tensorflow-decision-forests", "tensorflow_model_optimization": "tensorflow-model-optimization", "official":
    "tf-models-official", "tensorflow_io_gcs_filesystem": "tensorflow-io-gcs-filesystem", "pasta": "google-pasta",
    "tensorflow_transform": "tensorflow-transform", "tensorflow_federated": "tensorflow-federated",
    "tensorflowjs": "tensorflowjs", "tensorflow_gnn": "tensorflow-gnn",
}
_STACK_DIRS = re.compile(
    r"[/\\](?:site|dist)-packages[/\\](tensorflow|keras|tf_keras|tensorflow_[a-z_]+|ml_dtypes|keras_[a-z]+|"
    r"tensorboard|jax|jaxlib|h5py|official|tensorflowjs)[/\\]"
)
_IMPORT_ERR = re.compile(
    r"module '(?P<amod>[\w.]+)' has no attribute '(?P<attr>\w+)'"
    r"|cannot import name '(?P<name>\w+)' from '(?P<from>[\w.]+)'"
    r"|No module named '(?P<mod>[\w.]+)'"
)
_OTHER_ERR = re.compile(
    r"(?P<type>TypeError|ValueError|ImportError|AttributeError|RuntimeError): (?P<msg>[^\r\n]{1,300})")


def _package_of(module: str) -> str:
    for mod, pkg in _MODULE_TO_PACKAGE.items():
        if module == mod or module.startswith(mod + "."):
            return pkg
    return re.sub(r"[_.]+", "-", module.split(".")[0]).lower()


def _detail(package: str, version: str | None, tf: str | None) -> str:
    """A language-neutral phrase naming both versions: "ml-dtypes 0.2.0, TensorFlow 2.16.1"."""
    left = f"{package} {version}" if version else package
    return f"{left}, TensorFlow {tf}" if tf else left


def _pin(tf: tuple[int, ...] | None, package: str) -> str:
    """The range TensorFlow's wheel metadata asks for (rules.json tables.tf_pins), or ""."""
    if not tf:
        return ""
    pins = TABLES.get("tf_pins", {})
    row = pins.get(f"{tf[0]}.{tf[1]}") if len(tf) >= 2 else None
    return (row or {}).get(package, "")


def _import_time(tb: Traceback) -> str | None:
    """The TF-stack package whose *import* the traceback runs through (a ``<module>`` frame inside it), or None."""
    for file, func, _code in tb.frames:
        m = _STACK_DIRS.search(file)
        if m and func == "<module>":
            return _package_of(m.group(1))
    return None


def _importer(tb: Traceback) -> str | None:
    """The TF-stack package whose own code, while it was being imported, made the access that failed: the innermost
    ``<module>`` frame in TensorFlow's stack (Keras importing a TensorFlow internal that this TensorFlow lacks makes
    Keras the package that does not fit, not TensorFlow)."""
    for file, func, _code in reversed(tb.frames):
        m = _STACK_DIRS.search(file)
        if m and func == "<module>":
            return _package_of(m.group(1))
    return None


def derive_pinned(work: Work) -> None:
    """An import-time error in a package TF/Keras pins (or a companion library) is a version mismatch between
    that package and the TensorFlow in use: one rule for all of them, naming both versions when the log has
    them and the range TF's wheel metadata asks for."""
    hit = work.hits.get("pinned-package-mismatch")
    if hit is not None:  # a pattern named the module: add the versions and the range TF asks for
        module = hit.values.get("module") or ("tensorflow_probability" if hit.values.get("want_tf") else "")
        module = "tensorflow_addons" if hit.values.get("tfa_range") else module
        module = "numpy" if hit.values.get("numpy_symbolic") else module
        hit.values.update(_pinned_values(work, _package_of(module) if module else "tensorflow", module))
        return
    own = {"numpy-2-abi", "numpy-too-old", "protobuf-version", "keras3-needs-tf-keras", "keras3-api-changed",
           "keras-too-old-for-library", "tf1-api-on-tf2", "tf-import-dll-failed", "cpu-without-avx",
           "glibcxx-too-old", "no-tensorflow"}
    if not own & work.hits.keys() and _undefined_symbol(work):
        return
    for tb in reversed(work.tracebacks):
        # h5py 3 returns str where Keras 2's HDF5 loader (TF < 2.4) expects bytes: h5py is newer than that Keras
        if "has no attribute 'decode'" in tb.exception and any("hdf5" in f or "h5py" in f for f, _, _ in tb.frames):
            values = _pinned_values(work, "h5py", "h5py")
            values["case"] = "h5py-str"
            work.add("pinned-package-mismatch", [evidence(tb.line, tb.exception)], values)
            return
    covered = {e.line for k in own if k in work.hits for e in work.hits[k].evidence}
    for tb in reversed(work.tracebacks):
        if tb.line in covered:
            continue
        m = (_IMPORT_ERR.search(tb.exception) or _IMPORT_ERR.search(" ".join(tb.block.split()))
             or _OTHER_ERR.match(tb.exception))
        through = _import_time(tb)
        if not m:
            continue
        groups = m.groupdict()
        module = groups.get("amod") or groups.get("from") or groups.get("mod") or ""
        package = _package_of(module) if module else ""
        if groups.get("mod") and "." not in groups["mod"]:
            continue  # a whole package missing: python-package-missing / no-tensorflow
        stack_pkg = package in _PINNED or package in _COMPANIONS
        importer = _importer(tb) if through else None
        if package == "tensorflow" and importer and importer not in ("tensorflow", "tensorflow-io-gcs-filesystem"):
            # a package of TensorFlow's stack imports a TensorFlow internal this TensorFlow does not have
            package = importer
            if package == "keras":
                values = {"keras": work.facts.keras_version or "", "tf": work.facts.tf_version or "",
                          "module": module}
                _keras_pinned(work, [evidence(tb.line, tb.exception)], values)
                return
        if package == "tensorflow" and not through:
            # `tf.Session` in the user's own code is not an installation problem; a pasted last line naming
            # TensorFlow's *internal* modules is: only libraries (Keras, tf-keras, TFP, ...) import those
            internal = re.match(r"tensorflow\.(?:python|core|compat\.v2|tsl|tools|_api)\.", module)
            owner = _code_owner(tb) if tb.frames else None
            if internal and owner and owner not in ("tensorflow", "keras"):
                # a library's own import of a TensorFlow internal that this TensorFlow does not have: that library
                # was made for another TensorFlow
                values = _pinned_values(work, _package_of(owner), module)
                work.add("pinned-package-mismatch", [evidence(tb.line, tb.exception)], values)
                return
            if tb.frames or not internal:
                continue
            off = _off_pin(work)
            if off:  # the log lists a package whose version TensorFlow's own metadata rules out: that one
                work.add("pinned-package-mismatch", [evidence(tb.line, tb.exception)], _pinned_values(work, off, module))
                return
            values = _pinned_values(work, "tensorflow", module)
            values.update(case="internal", detail=module)
            work.add("pinned-package-mismatch", [evidence(tb.line, tb.exception)], values)
            return
        if package == "keras":
            continue  # derive_keras decides Keras's own import errors
        if not stack_pkg and not through:
            continue
        if not stack_pkg:
            if groups.get("type") and not through:
                continue
            package = package if package and package not in ("tensorflow", "builtins") else (
                _importer(tb) or through or "tensorflow")
        if package == "protobuf":  # protobuf has its own rule (and fix)
            if "protobuf-version" not in work.hits:
                work.add("protobuf-version", [evidence(tb.line, tb.exception)], {})
            return
        values = _pinned_values(work, package, module)
        if package == "numpy" and groups.get("attr") in _NUMPY_ALIASES:
            values["case"] = "numpy-alias"
        work.add("pinned-package-mismatch", [evidence(tb.line, tb.exception)], values)
        return


# a shared library of TensorFlow's stack, named in a loader message ("… libtensorflow_io.so: undefined symbol")
_STACK_SO = re.compile(
    r"[/\\](?:site|dist)-packages[/\\](tensorflow|tensorflow_[a-z_]{2,40}|tf_keras|keras_[a-z]{2,10}|jaxlib|h5py|ml_dtypes)"
    r"[/\\][^\s'\"]{0,300}?\.(?:so|pyd|dylib)\b"
)


def _undefined_symbol(work: Work) -> bool:
    """A companion library's native code that does not load into this TensorFlow ("undefined symbol" or "symbol not
    found" after a path inside tensorflow_io/, tensorflow_text/, …: it was built against another TensorFlow). The
    loader's message may be wrapped over several lines, so the path is looked for shortly before the words."""
    text = work.text
    for needle in ("undefined symbol", "symbol not found", "Symbol not found"):
        pos, seen = text.find(needle), 0
        while pos >= 0 and seen < 50:
            seen += 1
            window_start = max(0, pos - 800)
            found = list(_STACK_SO.finditer(text, window_start, pos))
            if found:
                m = found[-1]
                package = _package_of(m.group(1))
                if package == "jaxlib":
                    package = "jax"
                values = _pinned_values(work, package, m.group(1))
                work.add("pinned-package-mismatch", [evidence_at(text, m.start(), m.end())], values)
                return True
            pos = text.find(needle, pos + len(needle))
    return False


def satisfies(version: str, spec: str) -> bool | None:
    """Whether ``version`` meets a requirement specifier ("~=2.16.0", ">=1.23.5,<2.0.0dev", "==2.15.*"); None when
    either cannot be read. Pre-release tags are ignored (2.16.0rc0 counts as 2.16.0)."""
    have = version_tuple(version)
    if not have or not spec:
        return None
    for clause in spec.split(","):
        m = re.match(r"\s*(~=|==|!=|>=|<=|<|>)\s*([\d.]+)(\.\*)?", clause)
        want = version_tuple(m.group(2)) if m else None
        if not m or not want:
            return None
        op, n = m.group(1), len(want)
        pad = have + (0,) * max(0, n - len(have))
        if op == "~=":
            ok = pad >= want and pad[: max(1, n - 1)] == want[: max(1, n - 1)]
        elif op == "==":
            ok = pad[:n] == want
        elif op == "!=":
            ok = pad[:n] != want
        else:
            ok = {">=": pad >= want, "<=": pad[:n] <= want, "<": pad < want, ">": pad[:n] > want}[op]
        if not ok:
            return False
    return True


def _off_pin(work: Work) -> str:
    """The first package the log lists (pip list/freeze, "Successfully installed") whose version the installed
    TensorFlow's wheel metadata rules out (rules.json tables.tf_pins), or ""."""
    if not work.tf:
        return ""
    for package, version in work.facts.packages.items():
        want = _pin(work.tf, package)
        if want and satisfies(version, want) is False:
            return package
    return ""


# the aliases NumPy 1.24 removed (TensorFlow before 2.12, and libraries of its time, still use them)
_NUMPY_ALIASES = frozenset({"object", "bool", "int", "float", "complex", "str", "long", "unicode", "typeDict"})


def _pinned_values(work: Work, package: str, module: str) -> dict[str, str]:
    tf = work.facts.tf_version
    version = work.facts.packages.get(package)
    want = _pin(work.tf, package)
    case = "companion" if package in _COMPANIONS else ("pinned" if want else "other")
    return {
        "package": package,
        "module": module or package,
        "pkg_version": version or "",
        "tf": tf or "",
        "want": want,
        "detail": _detail(package, version, tf),
        "case": "tensorflow" if package == "tensorflow" else case,
    }


# ------------------------------------------------------------------------------ pip's own output


def _vt(v: str) -> tuple[int, ...]:
    return version_tuple(v) or ()


def _implied_python_from_first(first: str) -> str:
    """The Python whose first TensorFlow release is ``first`` (pip's list starting there says so)."""
    table = TABLES.get("python_first_tf", {})
    ft = _vt(first)[:2]
    for py, tf in sorted(table.items(), key=lambda kv: _vt(kv[1])):
        if _vt(tf)[:2] == ft:
            return py
    return ""


def _implied_python_from_last(last: str) -> str:
    table = TABLES.get("python_last_tf", {})
    lt = _vt(last)[:2]
    for py, tf in table.items():
        if _vt(tf)[:2] == lt:
            return py
    return ""


_TF_PKGS = frozenset({"tensorflow", "tensorflow-gpu", "tensorflow-cpu", "tensorflow-intel", "tf-nightly",
                      "tensorflow-macos", "tf-nightly-gpu", "tensorflow-metal", "tensorflow-directml-plugin"})
_ENV_VAR = re.compile(r"[A-Z][A-Z0-9]{1,20}(?:_[A-Z0-9]{1,20}){1,6}")
_CUDA_WHEEL = re.compile(r"nvidia-[a-z-]{2,40}-cu1\d")


def _no_match_case(work: Work, nm: Any, values: dict[str, str]) -> str:
    """Which "no matching distribution" this is: what pip's (or uv's) own words and the version list say."""
    releases = [v for v in nm.versions if re.fullmatch(r"\d+(?:\.\d+)*", v)] or nm.versions
    first, newest = values["first"], values["newest"]
    wanted = _vt(nm.wanted) if nm.wanted else ()
    plat = work.platform
    if nm.package in ("tensorflow-gpu", "tf-nightly-gpu") and (not wanted or wanted >= (2, 11)):
        return "gpu-package-ended"
    if _CUDA_WHEEL.fullmatch(nm.package) or "and-cuda" in nm.requirement:
        # tensorflow[and-cuda]'s NVIDIA wheels are built for Linux only (elsewhere pip sees a placeholder at most)
        if plat in ("windows", "macos") or releases and all("dev" in v for v in releases):
            return "cuda-wheels-linux"
    if nm.python_range:
        values["python"] = nm.python
        values["python_range"] = nm.python_range
        return "python-range"
    if nm.abi_tags:
        values["tag_pythons"] = ", ".join(f"{t[2]}.{t[3:]}" for t in nm.abi_tags)
        values["tag_python"] = f"{nm.abi_tags[-1][2]}.{nm.abi_tags[-1][3:]}"
        values["python"] = nm.python or values["python"]
        return "abi-tags"
    if (plat == "windows" and newest and _vt(newest)[:2] <= (2, 10) and (not wanted or wanted > _vt(newest))
            and nm.package in _COMPANIONS):
        return "windows-ended"  # TensorFlow's Windows wheels (GPU, tensorflow-text, -io, ...) ended with 2.10
    if not releases:
        return "none"
    if wanted and first and wanted < _vt(first):
        values["implied_python"] = _implied_python_from_first(first)
        return "below-python"
    if wanted and newest and wanted > _vt(newest):
        values["implied_python"] = _implied_python_from_last(newest)
        return "above-newest"
    return "other"


def derive_pip(work: Work) -> None:
    f = work.facts
    tf_pkgs = _TF_PKGS
    nm = next((p for p in f.pip_no_match if p.package in tf_pkgs), f.pip_no_match[0] if f.pip_no_match else None)
    if nm is not None and _ENV_VAR.fullmatch(re.split(r"[=<>!~]", nm.requirement)[0]):
        # pip was asked to install an environment variable (TF_USE_LEGACY_KERAS=1 is set, not installed)
        name = re.split(r"[=<>!~]", nm.requirement)[0]
        ev = [evidence(nm.line, _line(work.text, nm.line))]
        if "LEGACY_KERAS" in name:
            work.add("keras3-needs-tf-keras", ev, {"variable": name, "case": "envvar"})
        else:
            work.add("pip-no-matching-distribution", ev, {"package": name, "requirement": nm.requirement,
                                                          "variable": name, "case": "envvar"})
        nm = None
    if nm is not None:
        releases = [v for v in nm.versions if re.fullmatch(r"\d+(?:\.\d+)*", v)] or nm.versions
        first, newest = (releases[0], releases[-1]) if releases else ("", "")
        values = {
            "package": nm.package,
            "requirement": nm.requirement,
            "wanted": nm.wanted or "",
            "first": first,
            "newest": newest,
            "python": f.python_version or "",
            "implied_python": "",
        }
        values["case"] = _no_match_case(work, nm, values)
        line = nm.line
        ev = [evidence(line, _line(work.text, line))]
        for other in f.pip_no_match:
            if other is not nm and len(ev) < 3:
                ev.append(evidence(other.line, _line(work.text, other.line)))
        work.add("pip-no-matching-distribution", ev, values)
    if f.pip_conflicts or (f.pip_resolution_impossible or f.conda_virtual) and "pip-no-matching-distribution" not in work.hits:
        # (a resolver that only says it found no solution, next to a release it could not find: that release)
        _pip_conflict(work, tf_pkgs)


def _req_name(req: str) -> str:
    """The package a requirement names: "numpy<2.0.0,>=1.23.5" -> "numpy", "python[version='>=3.7']" -> "python"."""
    return re.split(r"[<>=!~; \[(]", req.strip())[0].lower()


_VIRTUAL = frozenset({"the user", "python", "__cuda", "__glibc", "__osx", "__unix", "__linux", "__win", ""})


def _pip_conflict(work: Work, tf_pkgs: frozenset[str]) -> None:
    f = work.facts
    conflicts = f.pip_conflicts
    named = {c.package.lower() for c in conflicts} | {c.have.lower() for c in conflicts if c.have}
    named |= {_req_name(c.requires) for c in conflicts} | {p.lower() for p in f.pip_no_dist}
    named = {n for n in named if n not in _VIRTUAL and ", " not in n}
    # TensorFlow packages installed or asked for side by side (not one that another depends on: on Windows
    # `tensorflow` depends on `tensorflow-intel`, on macOS on `tensorflow-macos`)
    top = {c.package.lower() for c in conflicts} | {c.have.lower() for c in conflicts if c.have}
    top |= {_req_name(c.requires) for c in conflicts if c.package == "the user"}
    dependencies = {_req_name(c.requires) for c in conflicts if c.package.lower() in tf_pkgs}
    tf_named = sorted(n for n in top if n in tf_pkgs and not (n in dependencies and len(top & tf_pkgs) <= 2))
    family = tf_pkgs | {"keras", "tf-keras", "tensorboard", "tensorflow-estimator", "ml-dtypes", "numpy",
                        "protobuf", "tensorflow-io-gcs-filesystem", "tensorflow-text", "tensorflow-probability",
                        "typing-extensions"}
    tf_family = bool(named & family) or bool(f.pip_resolution_impossible) or any(
        n.startswith(("tensorflow", "tf-", "keras")) for n in named) or any(
        w in c.package.lower() for c in conflicts for w in ("tensorflow", "keras"))  # any package of TF's stack
    package_level = {"numpy-2-abi", "numpy-too-old", "protobuf-version", "python-package-missing",
                     "pinned-package-mismatch", "keras3-needs-tf-keras", "keras3-api-changed",
                     "keras-too-old-for-library", "no-tensorflow", "python-exception", "message-states-fix"}
    elsewhere = {k for k in work.errors() if k not in package_level and not k.startswith("pip-")}
    if elsewhere and not package_level & work.hits.keys():
        tf_family = False  # the install went on; what failed is not about these versions
    if any(c.kind == "runtime" for c in conflicts):
        tf_family = True  # a check at start-up stopped the program, whatever the packages
    real = [c for c in conflicts if c.package not in ("the user", "")]

    def weight(c: Any) -> int:  # the conflict about TensorFlow's own stack first, an unrelated one (Colab's) last
        if c.package.lower() in tf_pkgs:
            return 0
        if c.have.lower() in tf_pkgs:
            return 1
        if {c.package.lower(), c.have.lower(), _req_name(c.requires)} & family or "tensorflow" in c.package.lower():
            return 2
        return 3

    first = min(real, key=weight, default=None) or next((c for c in conflicts if c.package != "the user"), None)
    values = {"tf_family": "yes" if tf_family else "",
              "packages": ", ".join((tf_named + sorted(n for n in named if n not in tf_named and n))[:5])}
    python_req = next((c for c in conflicts if _req_name(c.requires) == "python" and c.package != "the user"), None)
    os_pkg = next((c for c in conflicts if c.kind == "os"), None)
    if os_pkg is not None:
        # the operating system installed it, so pip cannot remove it to put another version in its place
        values.update(case="os-package", package=os_pkg.package, tf_family="yes")
    elif f.conda_virtual:
        # conda picks CUDA builds by the __cuda virtual package, which it reads from the driver it finds
        who = next((c for c in conflicts if "__cuda" in c.requires), first)
        values.update(case="virtual-cuda", package=who.package if who else "tensorflow",
                      version=who.version if who else "", virtual=f.conda_virtual)
    elif f.pip_no_dist:
        values.update(case="no-dist", nodist=", ".join(f.pip_no_dist[:4]), python=f.python_version or "?")
    elif len(tf_named) >= 2:
        values["case"] = "several-tf"
    elif python_req is not None:
        spec = python_req.requires[len("python"):].strip()
        spec = re.sub(r"^\[version='([^']{1,300})'\]$", r"\1", spec).replace("|", " | ")
        have = python_req.have_version if python_req.have == "python" else ""
        have = have or f.python_version or ""
        values.update(case="python" if have else "python-any", package=python_req.package,
                      version=python_req.version, requirement=spec, have_version=have,
                      who=f"{python_req.package} {python_req.version}".strip())
    elif first is not None and first.have.lower() in tf_pkgs and first.kind != "runtime":
        # a companion made for another TensorFlow than the one installed: the companion's release should follow
        values.update(case="companion", package=first.package, version=first.version, requirement=first.requires,
                      have=first.have, have_version=first.have_version,
                      have_minor=".".join(first.have_version.split(".")[:2]),
                      who=f"{first.package} {first.version}".strip())
    elif first is not None and first.have:
        # every requirement of that package that is not met, so one command installs them all
        reqs = list(dict.fromkeys(c.requires for c in conflicts if c.package == first.package and c.have))
        values.update(case="pin", requirement='" "'.join(reqs[:6]), package=first.package, have=first.have,
                      have_version=first.have_version)
        newer = _tf_accepting([(c.have.lower(), c.have_version) for c in conflicts
                               if c.package == first.package and c.have], first.version)
        if newer and first.package.lower() in tf_pkgs:
            # the packages were upgraded past this TensorFlow: a newer TensorFlow takes them as they are
            values.update(case="pin-newer", newer_tf=newer)
        if first.kind == "runtime":
            values["case"] = ("runtime-nowho" if not first.package else
                              "runtime-missing" if first.have_version == "(not installed)" else "runtime")
    elif first is not None:
        # the resolver's "caused by" lines (or a "requires" line without "but you have"): who asks for what
        dep = _req_name(first.requires)
        others = [c for c in conflicts if c is not first and _req_name(c.requires) == dep
                  and c.requires != first.requires]
        other = "; ".join(c.requires if c.package == "the user" else f"{c.package} {c.version}".strip() + f": {c.requires}"
                          for c in others[:3])
        values.update(case="caused" if other else "caused-one", package=first.package, version=first.version,
                      dependency=dep, requirement=first.requires, other=other,
                      who=f"{first.package} {first.version}".strip())
    else:
        values["case"] = "impossible"
    lines = [c.line for c in conflicts] + f.pip_resolution_impossible
    ev = [evidence(n, _line(work.text, n)) for n in sorted(set(lines))[:5]]
    work.add("pip-dependency-conflict", ev, values, len(lines))


def _tf_accepting(installed: list[tuple[str, str]], tf_version: str) -> str:
    """The first TensorFlow release (major.minor) newer than ``tf_version`` whose wheel pins (tables.tf_pins) accept
    every installed version that this TensorFlow rejected, or "" (an older version, or one no release accepts)."""
    pins = TABLES.get("tf_pins", {})
    have_tf = version_tuple(tf_version) or ()
    known = [(p, v) for p, v in installed if v and version_tuple(v)]
    if not known or not have_tf:
        return ""
    for minor in sorted(pins, key=lambda k: version_tuple(k) or ()):
        if (version_tuple(minor) or ()) <= have_tf[:2]:
            continue
        row = pins[minor]
        # a package a newer release no longer pins is accepted as it is (TF 2.14 dropped the typing-extensions cap);
        # NumPy 2 needs a TensorFlow built against it (2.18), whatever older metadata allowed
        if all(satisfies(v, row[p]) if p in row else True for p, v in known) and not (
                any(p == "numpy" and (version_tuple(v) or (0,))[0] >= 2 for p, v in known)
                and (version_tuple(minor) or ()) < (2, 18)):
            return minor
    return ""


# ------------------------------------------------------------------------------ memory

# the GPU's memory was gone before the model allocated anything: creating the CUDA context (a few hundred MB) or a
# cuBLAS handle failed for lack of memory, so another process (or an earlier run) holds it
_TAKEN_AT_START = re.compile(
    r"(?:cuDevicePrimaryCtxRetain|cuCtxCreate|cuDevicePrimaryCtxSetFlags)[^\r\n]{0,120}?"
    r"(?:CUDA_ERROR_OUT_OF_MEMORY|out of memory)"
    r"|CUBLAS_STATUS_ALLOC_FAILED"
    r"|CUDA runtime implicit initialization on GPU:\d{1,3} failed\. Status: out of memory"
)


def derive_memory(work: Work) -> None:
    """Out of memory: at start-up (another process holds the GPU), or fragmentation that the allocator names."""
    hits = work.hits
    if "gpu-memory-taken" not in hits and ("CUDA_ERROR_OUT_OF_MEMORY" in work.text or "ALLOC_FAILED" in work.text
                                           or "out of memory" in work.text):
        m = _TAKEN_AT_START.search(work.text)
        if m:
            work.add("gpu-memory-taken", [evidence_at(work.text, m.start(), m.end())], {"case": "start"})
    oom = hits.get("out-of-memory")
    if oom is not None and ("cuda_malloc_async" in work.text or "fragmentation" in work.text):
        oom.values["case"] = "fragmentation"


# ------------------------------------------------------------------------------ CUDA/cuDNN versions named by the log

# CUDA 10.2 and older name every library by the CUDA release (libcublas.so.9.0, libcudart.so.10.1); later releases
# keep one major version per library, so only the runtime's own name is exact
_CUDART_SONAME = re.compile(r"lib(?:cudart|cublas|cufft|curand|cusolver|cusparse|nvrtc|nppc)\.so\.(\d{1,2})\.(\d)\b")


# the libraries whose name gives the CUDA major release from CUDA 11 on (cuSOLVER's, cuFFT's … follow their own)
_CUDA_MAJOR_SONAME = re.compile(r"lib(?:cudart|cublas|cublasLt|nvrtc)\.so\.(\d{1,2})\b")


def _cudnn_version(v: str) -> tuple[int, ...]:
    """cuDNN as TensorFlow prints it: "8.6.0", or the old integer form 5103 (5.1.3) / 7605 (7.6.5)."""
    if re.fullmatch(r"\d{4,5}", v):
        n = int(v)
        return (n // 1000, (n % 1000) // 100, n % 100)
    return _vt(v)


def derive_cuda_versions(work: Work) -> None:
    """What the names and numbers in a loader message say: the CUDA release a missing ``libcudart.so.10.1`` belongs
    to, whether the cuDNN that loaded is older than TensorFlow's (another cuDNN comes first on the path) or newer
    (an older TensorFlow is the one running: another environment than the one meant), and whether a GPU that
    TensorFlow "was not built for" is newer than the build (compute capability 7.0 and up) or older."""
    newer = work.hits.get("gpu-newer-than-tensorflow")
    cc = _vt(newer.values.get("cc", "")) if newer is not None else ()
    if newer is not None and cc and cc < (7, 0) and "gpu-too-old" not in work.hits:
        del work.hits["gpu-newer-than-tensorflow"]
        work.add("gpu-too-old", list(newer.evidence), {"cc": newer.values["cc"], "case": "no-kernels"}, newer.count)
    lib = work.hits.get("missing-library")
    if lib is not None:
        m = _CUDART_SONAME.search(lib.values.get("lib", ""))
        if m and m.group(1) and int(m.group(1)) <= 10:
            lib.values["cuda"] = f"{m.group(1)}.{m.group(2)}"
        m = _CUDA_MAJOR_SONAME.search(lib.values.get("lib", ""))
        if m and int(m.group(1)) >= 11 and (work.tf is None or work.tf < (2, 14)):
            lib.values["cuda_major"] = m.group(1)  # from CUDA 11 on, the runtime's and cuBLAS's names tell the major
        old_cuda = (m and int(m.group(1)) <= 11) or bool(lib.values.get("cuda"))
        if not work.facts.pip_cuda_wheels and (work.tf and work.tf < (2, 14) or work.tf is None and old_cuda):
            lib.values["era"] = "system"  # before TensorFlow's pip CUDA wheels: a CUDA installed on the system
        lib.values["libname"] = re.split(r"\.so|\.dll|[ ,(]", lib.values.get("lib", "lib").strip())[0] + (
            ".so" if ".so" in lib.values.get("lib", "") else "")
    cudnn = work.hits.get("cudnn-version-mismatch")
    if cudnn is not None:
        loaded = _cudnn_version(cudnn.values.get("loaded", ""))
        compiled = _cudnn_version(cudnn.values.get("compiled", ""))
        for key, v in (("loaded", loaded), ("compiled", compiled)):
            if v and re.fullmatch(r"\d{4,5}", cudnn.values.get(key, "")):
                cudnn.values[key] = ".".join(map(str, v))  # TF 1's 7102 is cuDNN 7.1.2
        if loaded and compiled and loaded[:1] > compiled[:1]:
            cudnn.values["case"] = "tf-older-v1" if compiled[0] <= 7 else "tf-older"


# ------------------------------------------------------------------------------ messages that state their fix

_FIX_CMD = re.compile(
    r"`((?:python3? -m )?(?:pip3?|conda|uv pip) install [^`\r\n]{1,200})`"
    r"|(?:[Rr]un|[Tt]ry|[Uu]se|[Pp]lease|[Ii]nstall(?: it)? with|by running|via)[:\s]{1,3}'?"
    r"((?:python3? -m )?(?:pip3?|conda) install [\w\[\]<>=.,~\"' -]{1,160}?)'?(?=[.;)]?(?:\s|$)|\sor\s)"
    r"|(?:[Ss]et|[Ee]xport)(?: the environment variable)? `?([A-Z][A-Z0-9_]{2,60}=[\w.-]{1,40})`?"
)


def derive_self_fix(work: Work) -> None:
    """A message that states its own fix ("Please run `pip install tf-keras`") is a finding: repeat the fix."""
    if work.hits.keys() & {"keras3-needs-tf-keras", "keras-too-old-for-library", "pip-no-matching-distribution"}:
        return
    candidates: list[tuple[int, str, str]] = []  # (line, fix, the line)
    for tb in work.tracebacks:
        m = _FIX_CMD.search(tb.block)
        if m:
            candidates.append((tb.line, (m.group(1) or m.group(2) or m.group(3)).strip(" '\""), tb.exception))
    if not candidates:
        # error lines elsewhere that name a command: found by the literal " install " first (cheap on any log)
        text = work.text
        cursor = Lines(text)
        pos, seen = text.find(" install "), 0
        while pos >= 0 and seen < 2000 and len(candidates) < 3:
            seen += 1
            ls = text.rfind("\n", 0, pos) + 1
            le = text.find("\n", pos)
            le = len(text) if le < 0 else le
            if ERROR_LINE.match(text, ls, min(le, ls + 400)):
                m = _FIX_CMD.search(text, ls, le)
                if m:
                    candidates.append((cursor.line_of(m.start()), (m.group(1) or m.group(2) or m.group(3)).strip(" '\""),
                                       line_at(text, m.start(), m.end())))
            pos = text.find(" install ", le)
    if not candidates:
        return
    line, cmd, text = candidates[-1]
    covered = {e.line for h in work.hits.values() if h.rule.severity != "harmless" for e in h.evidence}
    if line in covered:
        return
    work.add("message-states-fix", [evidence(line, text)], {"command": cmd})


# ------------------------------------------------------------------------------ the order they run in

# the first CUDA release whose ptxas knows a GPU architecture (NVIDIA's GPU feature list)
_SM_FIRST_CUDA = {"60": "8.0", "61": "8.0", "70": "9.0", "72": "10.0", "75": "10.0", "80": "11.0", "86": "11.1",
                  "87": "11.4", "89": "11.8", "90": "11.8", "90a": "12.0", "100": "12.8", "101": "12.8",
                  "120": "12.8"}
_PTXAS_NEED = re.compile(
    r"Value 'sm_(?P<sm>\d{2,3}a?)' is not defined|ptxas does not support CC (?P<major>\d{1,2})\.(?P<minor>\d)"
    r"|which is older than (?P<older>\d{1,2}\.\d{1,2})|XLA requires ptxas version (?P<req>\d{1,2}\.\d{1,2})"
)


def derive_ptxas(work: Work) -> None:
    """The numbers say which CUDA the ptxas must come from: the GPU's architecture (sm_86: CUDA 11.1) or the version
    XLA asks for ("older than 11.1")."""
    hit = work.hits.get("ptxas-too-old")
    if hit is None:
        return
    m = _PTXAS_NEED.search(work.text)
    if not m:
        return
    if m.group("sm") or m.group("major"):
        sm = m.group("sm") or f"{m.group('major')}{m.group('minor')}"
        need = _SM_FIRST_CUDA.get(sm, "")
        if need:
            hit.values.update(case="needed-sm", need_cuda=need, sm=f"sm_{sm}")
    elif m.group("older") or m.group("req"):
        hit.values.update(case="needed", need_cuda=m.group("older") or m.group("req"))


def derive_consequences(work: Work) -> None:
    """Generic messages that another finding of the same log already explains. pybind11's "Unable to convert
    function return value to a Python type" is what TensorFlow prints when a type it registers at import could not
    be made: after a named package mismatch (ml_dtypes without the float8 type TensorFlow asks for) it is that
    mismatch, not NumPy 2, unless the log shows NumPy 2 (its version, or NumPy's own ABI messages)."""
    abi = work.hits.get("numpy-2-abi")
    if abi is None or "pinned-package-mismatch" not in work.hits:
        return
    numpy = version_tuple(work.facts.packages.get("numpy", ""))
    if numpy and numpy[0] >= 2:
        return
    if all("Unable to convert function return value" in e.text for e in abi.evidence):
        del work.hits["numpy-2-abi"]


DERIVATIONS: tuple[Callable[[Work], None], ...] = (
    derive_driver_versions,
    derive_windows_dll,
    derive_checks,
    derive_container,
    derive_worker,
    derive_notebook,
    derive_keras,
    derive_pinned,
    derive_pip,
    derive_memory,
    derive_cuda_versions,
    derive_self_fix,
    derive_windows_native,
    derive_ptxas,
    derive_consequences,
)
