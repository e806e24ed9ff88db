#!/usr/bin/env python
"""tfgpu-wizard's memory estimator: how much GPU memory a Keras model needs to train, predicted on the CPU.

Standalone on purpose (like sample.py): it runs in the *user's* Python, imports only the standard library and
TensorFlow/Keras, and keeps Python 3.8 syntax. Two ways in:

* ``estimate_model(model, batch_size, precision, optimizer_slots=1, ...) -> dict``: a built Keras model (the
  sample calls it before its first step, loading this file by path);
* ``python estimate.py --model resnet20 --batch-size 1024 --precision mixed_float16`` (or ``--keras-file
  my.keras``): prints one JSON object on stdout. ``--specs FILE`` estimates several configurations in one
  process (one TensorFlow import) and prints ``{"estimates": [...]}``.

The CLI hides every GPU from TensorFlow (CUDA_VISIBLE_DEVICES=-1) before importing it: the estimate takes no
GPU memory, so it can run before the training run it predicts.

What is predicted (all in bytes; docs/run-format.md, section "Predictions", says the same):

* Inside TensorFlow's pool, what ``tf.config.experimental.get_memory_info(...)["peak"]`` will show:
  ``weights`` (every variable, float32 also under mixed precision: the master weights), ``weight_copies``
  (mixed precision: the 16-bit copies the layers compute with), ``gradients`` (one float32 per trainable
  weight), ``optimizer`` (its slots: SGD with momentum 1, Adam 2, per trainable weight), ``activations``
  (the layer outputs the backward pass needs, at the batch size, in each layer's compute dtype),
  ``backward`` (the gradient working set: two tensors of the largest activation), ``input`` (one batch of
  float32 images and int32 labels), and with XLA ``xla_autotune`` (see below).
* Outside the pool, what NVML shows on top: ``cuda_context`` and ``libraries`` (measured), and TF's
  ``reserve`` (what the default mode leaves free; from TensorFlow's source).

Which outputs are kept for the backward pass follows what XLA keeps after fusion (checked on the H200
recordings of ResNet-20: conv and ReLU outputs kept, batch-norm and add outputs fused away; within 0.3 % of
TensorFlow's measured peak): a layer's output is kept when the layer needs it itself (ReLU, softmax ...) or
when a layer that reads it needs its input for the gradient (convolutions, dense layers, normalisation,
max pooling, multiply); reshapes share their input's buffer.

``xla_autotune``: while XLA compiles the step it tries cuDNN's convolution algorithms, allocating each
convolution's operands and the candidates' workspace from TensorFlow's pool. For a model whose activations
are small next to one big convolution (the sample's CNN: a 3x3 convolution on 32x32 images) that search is
the peak. It is modelled as ``XLA_AUTOTUNE_FACTOR`` x the largest convolution's input + output, and the peak
is the larger of that and the step: the factor was fitted on ONE recording (sample-tf-cnn-fp32-default,
H200, TF 2.21, cuDNN 9.28) and is checked on all the others (tests/test_estimate_recordings.py). It is
what the peak shows when memory is plentiful; under a tight limit the autotuner skips the algorithms that do
not fit, so ``needed_bytes`` (the step without it) is what must fit.
"""

import argparse
import json
import os
import sys
import time
import traceback

ESTIMATE_VERSION = 1
MIB = 1024 * 1024

EXIT_OK = 0
EXIT_BAD_FLAGS = 2
EXIT_MODEL = 3
EXIT_NO_TF = 6

# Fitted: (TF's measured peak of sample-tf-cnn-fp32-default, 922,302,208 B, less what is alive while XLA compiles:
# weights, momentum and one input batch, 13,567,568 B) / (the largest convolution's input + output at batch
# 1024: (3072 + 28800) x 4 B x 1024 = 130,547,712 B). tests/test_estimate_recordings.py refits it from that
# recording. See the module docstring.
XLA_AUTOTUNE_FACTOR = 6.961
XLA_AUTOTUNE_SOURCE = ("fitted on one H200 recording (sample-tf-cnn-fp32-default: TF 2.21, cuDNN 9.28, XLA); "
                       "checked on the others")

# Outside TensorFlow's pool (what NVML shows on top of it). Measured on the H200 (docs/h200-results.md):
# memory growth starts its staircase at 520 MiB before TensorFlow's pool holds anything (the CUDA context),
# and a 4096 MB limit shows 4,726 MiB for the process: 630 MiB outside the pool, so ~110 MiB of cuDNN/cuBLAS
# handles and workspaces besides the context.
CUDA_CONTEXT_MIB = 520
CUDA_CONTEXT_SOURCE = ("measured on an NVIDIA H200 (driver 580, TF 2.21): the process before TensorFlow's pool "
                       "holds anything; other GPUs and drivers: typically 300-600 MiB")
LIBRARIES_MIB = 110
LIBRARIES_SOURCE = ("measured on an NVIDIA H200: a 4096 MB limit showed 4,726 MiB in NVML, 630 MiB outside the "
                    "pool, less the 520 MiB context (cuDNN/cuBLAS handles and workspaces)")
# TensorFlow's default mode takes the free memory less this reserve (gpu_device.cc, MinSystemMemory):
# 225 MiB when under 2 GiB is free, else 500 MiB (compute capability <= 6.x), 1050 MiB (7.x), 1536 MiB (>= 8.0);
# TF_DEVICE_MIN_SYS_MEMORY_IN_MB overrides it.
RESERVE_SOURCE = ("TensorFlow's source (gpu_device.cc, MinSystemMemory): the default mode takes the free memory "
                  "less 1536 MiB (compute capability 8.0 and newer), 1050 MiB (7.x), 500 MiB (older), 225 MiB "
                  "when under 2 GiB is free")


def tf_reserve_mib(cc_major=None, available_mib=None):
    """What TensorFlow's default mode leaves free on a GPU (MiB), as its source says."""
    env = os.environ.get("TF_DEVICE_MIN_SYS_MEMORY_IN_MB")
    if env:
        try:
            return int(env)
        except ValueError:
            pass
    if available_mib is not None and available_mib < 2048:
        return 225
    if cc_major is None or cc_major >= 8:
        return 1536
    if cc_major >= 7:
        return 1050
    return 500


# -- layer rules -----------------------------------------------------------------------------------------------

# Layers whose output is their input's buffer (a view): never counted on their own.
ALIAS_LAYERS = frozenset(("InputLayer", "Flatten", "Reshape", "Identity", "ActivityRegularization"))
# Layers whose gradient needs their *input* (so their producer's output stays alive until the backward pass).
NEEDS_INPUT = frozenset((
    "Conv1D", "Conv2D", "Conv3D", "Conv1DTranspose", "Conv2DTranspose", "Conv3DTranspose", "DepthwiseConv1D",
    "DepthwiseConv2D", "SeparableConv1D", "SeparableConv2D", "Dense", "EinsumDense", "BatchNormalization",
    "LayerNormalization", "GroupNormalization", "UnitNormalization", "SyncBatchNormalization",
    "MaxPooling1D", "MaxPooling2D", "MaxPooling3D", "GlobalMaxPooling1D", "GlobalMaxPooling2D",
    "GlobalMaxPooling3D", "Multiply", "Dot", "Maximum", "Minimum", "PReLU", "LocallyConnected1D",
    "LocallyConnected2D", "MultiHeadAttention", "Attention", "AdditiveAttention", "GRU", "LSTM", "SimpleRNN",
    "Bidirectional", "TimeDistributed", "ConvLSTM2D", "Softmax",
))
# Layers whose gradient needs nothing but the incoming gradient (their input may be freed).
NO_INPUT = frozenset((
    "Add", "Subtract", "Average", "Concatenate", "ZeroPadding1D", "ZeroPadding2D", "ZeroPadding3D",
    "Cropping1D", "Cropping2D", "Cropping3D", "AveragePooling1D", "AveragePooling2D", "AveragePooling3D",
    "GlobalAveragePooling1D", "GlobalAveragePooling2D", "GlobalAveragePooling3D", "UpSampling1D",
    "UpSampling2D", "UpSampling3D", "Dropout", "SpatialDropout1D", "SpatialDropout2D", "SpatialDropout3D",
    "GaussianNoise", "GaussianDropout", "AlphaDropout", "Rescaling", "Normalization", "RepeatVector",
    "Permute", "Embedding", "Activation", "ReLU", "ELU", "LeakyReLU", "RandomFlip", "RandomRotation",
    "RandomZoom", "RandomTranslation", "RandomCrop", "RandomContrast", "Resizing", "CenterCrop",
))
# Layers that keep their own output for their gradient (ReLU keeps its output as the mask; dropout its mask).
OWN_OUTPUT = frozenset(("ReLU", "ELU", "LeakyReLU", "Softmax", "Dropout", "SpatialDropout1D", "SpatialDropout2D",
                        "SpatialDropout3D", "GaussianDropout", "AlphaDropout"))
CONV_LAYERS = frozenset(("Conv1D", "Conv2D", "Conv3D", "Conv1DTranspose", "Conv2DTranspose", "Conv3DTranspose",
                         "DepthwiseConv1D", "DepthwiseConv2D", "SeparableConv1D", "SeparableConv2D"))
# Layers whose insides (attention scores, recurrent states) are not seen from their output: said in a note.
OPAQUE_LAYERS = frozenset(("MultiHeadAttention", "Attention", "AdditiveAttention", "GRU", "LSTM", "SimpleRNN",
                           "Bidirectional", "TimeDistributed", "ConvLSTM2D", "TFSMLayer", "Lambda"))

# optimizer class name -> slots per weight (Keras 3 and Keras 2 use the same names)
OPTIMIZER_SLOTS = {
    "SGD": 1, "Adam": 2, "AdamW": 2, "Adamax": 2, "Nadam": 2, "Adafactor": 2, "Adagrad": 1, "Adadelta": 2,
    "RMSprop": 1, "Ftrl": 2, "Lion": 1, "Lamb": 2, "Muon": 2,
}


def _dtype_bytes(dtype):
    """Bytes per element of a dtype given as a tf.DType, a numpy dtype or a string ("float16")."""
    size = getattr(dtype, "size", None)
    if isinstance(size, int) and size > 0:
        return size
    size = getattr(dtype, "itemsize", None)
    if isinstance(size, int) and size > 0:
        return size
    name = str(getattr(dtype, "name", dtype)).lower()
    if "bool" in name or name.endswith("int8") or name in ("uint8", "int8"):
        return 1
    if "16" in name:
        return 2
    if "64" in name:
        return 8
    return 4


def _elements(shape):
    """Elements per sample of a shape whose first dimension is the batch (None)."""
    dims = list(shape)[1:] if shape is not None else []
    n = 1
    for d in dims:
        if d is None:
            raise ModelError("a layer has an unknown dimension (%s): the estimate needs fixed input shapes"
                             % (list(shape),))
        n *= int(d)
    return n


class ModelError(Exception):
    """A model the estimator cannot read (no layer graph, unknown shapes); the message says why."""


def _as_list(x):
    if x is None:
        return []
    if isinstance(x, dict):
        return list(x.values())
    if isinstance(x, (list, tuple)):
        out = []
        for item in x:
            out.extend(_as_list(item))
        return out
    return [x]


def _producer(tensor):
    hist = getattr(tensor, "_keras_history", None)
    if hist is None:
        return None
    try:
        return hist[0]
    except (TypeError, IndexError):
        return getattr(hist, "operation", getattr(hist, "layer", None))


def _is_model(layer):
    return hasattr(layer, "layers") and callable(getattr(layer, "summary", None))


def _activation_name(layer):
    act = getattr(layer, "activation", None)
    if act is None:
        return None
    name = getattr(act, "__name__", None) or str(act)
    return name.lower()


def _flatten_layers(model, out=None, parents=()):
    """Every leaf layer of a (possibly nested) functional/Sequential model, with the models it sits in."""
    out = [] if out is None else out
    for layer in model.layers:
        if _is_model(layer):
            _flatten_layers(layer, out, parents + (layer,))
        else:
            out.append(layer)
    return out


def _layer_outputs(layer):
    try:
        return _as_list(layer.output)
    except Exception:
        return []


def _layer_inputs(layer):
    try:
        return _as_list(layer.input)
    except Exception:
        return None  # a shared layer (several call sites) or no graph: unknown


def layer_table(model):
    """The model's leaf layers as dicts: name, class, elements per sample, bytes per element, kept or not.

    Raises ModelError for a model without a layer graph (a subclassed model)."""
    if not hasattr(model, "layers"):
        raise ModelError("not a Keras model")
    layers = _flatten_layers(model)
    if not layers:
        raise ModelError("the model has no layers")
    rows = {}
    order = []
    for layer in layers:
        outs = _layer_outputs(layer)
        if not outs:
            raise ModelError("layer %r has no symbolic output: a subclassed model has no layer graph to read; "
                             "save a Functional or Sequential model, or build the model first" % layer.name)
        elements = sum(_elements(getattr(t, "shape", None)) for t in outs)
        nbytes = max(_dtype_bytes(getattr(t, "dtype", "float32")) for t in outs)
        cls = type(layer).__name__
        act = _activation_name(layer)
        own = cls in OWN_OUTPUT or (act is not None and act not in ("linear", "none"))
        if cls == "Activation" and act in ("linear", "none"):
            own = False
        rows[id(layer)] = {"name": layer.name, "class": cls, "elements": elements, "bytes": nbytes,
                           "own": own, "consumers": [], "alias_of": None, "inputs": [],
                           "input_elements": None}
        order.append(layer)
    # Who reads whom; nested models are transparent (their inner layers are in the table).
    for layer in order:
        row = rows[id(layer)]
        ins = _layer_inputs(layer)
        if ins is None:
            row["consumers_unknown"] = True
            continue
        row["input_elements"] = sum(_elements(getattr(t, "shape", None)) for t in ins)
        for t in ins:
            prod = _producer(t)
            if prod is None:
                continue
            if _is_model(prod):  # the output of a nested model: its last layer(s)
                try:
                    inner = [_producer(o) for o in _as_list(prod.output)]
                except Exception:
                    inner = []
                prods = [p for p in inner if p is not None and id(p) in rows]
            else:
                prods = [prod] if id(prod) in rows else []
            for p in prods:
                row["inputs"].append(id(p))
                rows[id(p)]["consumers"].append(id(layer))
        if row["class"] in ALIAS_LAYERS and len(row["inputs"]) == 1:
            row["alias_of"] = row["inputs"][0]
    return order, rows


def _needs_input(row):
    cls = row["class"]
    if cls in NEEDS_INPUT:
        return True
    if cls in NO_INPUT or cls in ALIAS_LAYERS:
        return False
    return True  # unknown layer: assume its gradient reads its input (the safe side)


def _readers(rows, key, seen=None):
    """The layers that read ``key``'s output, looking through aliases (a Flatten's readers read its input)."""
    seen = set() if seen is None else seen
    out = []
    for c in rows[key]["consumers"]:
        if c in seen:
            continue
        seen.add(c)
        if rows[c]["alias_of"] == key:
            out.extend(_readers(rows, c, seen))
        else:
            out.append(c)
    return out


def kept_layers(rows):
    """Keys of the layers whose output the backward pass keeps (see the module docstring)."""
    kept = []
    for key, row in rows.items():
        if row["class"] in ALIAS_LAYERS:
            continue
        readers = _readers(rows, key)
        if row["own"] or not readers or any(_needs_input(rows[r]) for r in readers):
            kept.append(key)
    return kept


def optimizer_slots_of(optimizer):
    """Slots per weight of a Keras optimizer (or its class name); SGD without momentum has none."""
    if optimizer is None:
        return 1
    inner = getattr(optimizer, "inner_optimizer", None) or getattr(optimizer, "_optimizer", None)
    if inner is not None and type(optimizer).__name__ == "LossScaleOptimizer":
        optimizer = inner
    name = optimizer if isinstance(optimizer, str) else type(optimizer).__name__
    key = {k.lower(): k for k in OPTIMIZER_SLOTS}.get(str(name).lower())
    slots = OPTIMIZER_SLOTS.get(key, 2)
    if key == "SGD" and not isinstance(optimizer, str):
        try:
            momentum = float(getattr(optimizer, "momentum", 0.0))
        except (TypeError, ValueError):
            momentum = 0.0
        slots = 1 if momentum else 0
    if key == "RMSprop" and not isinstance(optimizer, str):
        try:
            slots = 2 if float(getattr(optimizer, "momentum", 0.0)) else 1
        except (TypeError, ValueError):
            pass
    return slots


def _count(variables):
    n = 0
    nbytes = 0
    for v in variables:
        shape = getattr(v, "shape", ())
        k = 1
        for d in shape:
            k *= int(d)
        n += k
        nbytes += k * _dtype_bytes(getattr(v, "dtype", "float32"))
    return n, nbytes


def _part(name, nbytes, what, source="computed from the model"):
    return {"name": name, "bytes": int(nbytes), "what": what, "source": source}


def estimate_model(model, batch_size, precision="fp32", optimizer_slots=1, xla=True, optimizer=None,
                   label_bytes=4, input_bytes=4, name=None):
    """Predict the GPU memory of training ``model`` at ``batch_size`` (global, one GPU) -> a JSON-able dict.

    ``precision``: fp32 | mixed_float16 | mixed_bfloat16 (the policy the model was built under; each layer's
    output is counted in its own compute dtype). ``optimizer`` (an optimizer object or class name) overrides
    ``optimizer_slots``. ``xla``: the step is XLA-compiled (``jit_compile``; the sample's default on a GPU).
    Nothing here touches a GPU: the model's symbolic shapes are read, no step is run.
    """
    batch = int(batch_size)
    if batch < 1:
        raise ModelError("the batch size must be at least 1")
    if optimizer is not None:
        optimizer_slots = optimizer_slots_of(optimizer)
    order, rows = layer_table(model)
    kept = kept_layers(rows)
    n_all, bytes_all = _count(model.weights)
    n_train, bytes_train = _count(model.trainable_weights)
    mixed = precision in ("mixed_float16", "mixed_bfloat16")
    act_bytes = sum(rows[k]["elements"] * rows[k]["bytes"] for k in kept) * batch
    biggest = max((r["elements"] * r["bytes"] for r in rows.values() if r["class"] not in ALIAS_LAYERS), default=0)
    try:
        inputs = _as_list(model.inputs)
    except Exception:
        inputs = []
    in_elements = sum(_elements(getattr(t, "shape", None)) for t in inputs)
    n_outputs = max(1, len(_as_list(getattr(model, "outputs", None) or [])))
    input_total = (in_elements * input_bytes + n_outputs * label_bytes) * batch
    compute_bytes = 2 if mixed else 4
    parts = [
        _part("weights", bytes_all, "the model's variables (%s numbers%s)" % (
            format(n_all, ","), ", float32 master weights" if mixed else "")),
    ]
    if mixed:
        parts.append(_part("weight_copies", n_train * compute_bytes,
                           "16-bit copies of the trainable weights that the layers compute with"))
    parts += [
        _part("gradients", bytes_train, "one gradient per trainable weight (%s)" % format(n_train, ",")),
        _part("optimizer", bytes_train * int(optimizer_slots),
              "the optimizer's slots: %d per trainable weight (SGD with momentum 1, Adam 2)" % int(optimizer_slots)),
        _part("activations", act_bytes, "outputs of %d of %d layers kept for the backward pass, batch %d%s" % (
            len(kept), len([r for r in rows.values() if r["class"] not in ALIAS_LAYERS]), batch,
            ", 16-bit" if mixed else ", float32")),
        _part("backward", 2 * biggest * batch,
              "gradient working set of the backward pass: two tensors of the largest activation"),
        _part("input", input_total, "one batch of float32 inputs and int32 labels"),
    ]
    step = sum(p["bytes"] for p in parts)
    notes = []
    autotune_extra = 0
    conv_operands = 0
    for row in rows.values():
        if row["class"] in CONV_LAYERS and row["input_elements"] is not None:
            conv_operands = max(conv_operands, (row["input_elements"] + row["elements"]) * row["bytes"] * batch)
    fixed = sum(p["bytes"] for p in parts if p["name"] in ("weights", "weight_copies", "gradients", "optimizer"))
    autotune_fixed = bytes_all + bytes_train * int(optimizer_slots)
    if xla and conv_operands:
        autotune_peak = autotune_fixed + input_total + XLA_AUTOTUNE_FACTOR * conv_operands
        autotune_extra = max(0, int(autotune_peak - step))
        parts.append(_part("xla_autotune", autotune_extra,
                           "XLA's search for the fastest cuDNN convolution algorithms while it compiles: %.2f x "
                           "the largest convolution's input + output (%s MiB); counted where it exceeds the step"
                           % (XLA_AUTOTUNE_FACTOR, format(int(round(conv_operands / MIB)), ",")),
                           XLA_AUTOTUNE_SOURCE))
    if not xla:
        notes.append("Without XLA the estimate is not calibrated: no recording with --jit off yet.")
    opaque = sorted(set(r["class"] for r in rows.values() if r["class"] in OPAQUE_LAYERS))
    if opaque:
        notes.append("Only the outputs of these layers are counted, not what they keep inside (attention "
                     "scores, recurrent states): %s. The estimate is low for them." % ", ".join(opaque))
    if any(r.get("consumers_unknown") for r in rows.values()):
        notes.append("Some layers are shared (called more than once): their outputs are counted once.")
    tf_peak = step + autotune_extra
    outside = [
        _part("cuda_context", CUDA_CONTEXT_MIB * MIB, "the CUDA context of the training process", CUDA_CONTEXT_SOURCE),
        _part("libraries", LIBRARIES_MIB * MIB, "cuDNN/cuBLAS handles and workspaces outside TensorFlow's pool",
              LIBRARIES_SOURCE),
        _part("reserve", tf_reserve_mib() * MIB, "what TensorFlow's default mode leaves free on the card (not "
              "used by the run)", RESERVE_SOURCE),
    ]
    return {
        "type": "estimate",
        "estimate_version": ESTIMATE_VERSION,
        "model": name or getattr(model, "name", None),
        "batch_size": batch,
        "precision": precision,
        "compute_dtype": {"mixed_float16": "float16", "mixed_bfloat16": "bfloat16"}.get(precision, "float32"),
        "xla": bool(xla),
        "params": n_all,
        "trainable_params": n_train,
        "optimizer_slots": int(optimizer_slots),
        "layers": len(rows),
        "kept_layers": len(kept),
        "parts": parts,
        "step_bytes": int(step),
        "needed_bytes": int(step),
        "tf_peak_bytes": int(tf_peak),
        "outside_pool": outside,
        "notes": notes,
        # The parts as straight lines in the batch size, so a caller can predict another batch without
        # TensorFlow: step(b) = fixed + b * per_sample; with XLA the peak is max(step(b), autotune(b)).
        "scaling": {
            "step_fixed": int(fixed),
            "step_per_sample": (step - fixed) / float(batch),
            "autotune_fixed": int(autotune_fixed) if xla and conv_operands else None,
            "autotune_per_sample": (input_total + XLA_AUTOTUNE_FACTOR * conv_operands) / float(batch)
            if xla and conv_operands else None,
        },
        "conv_operands_bytes": int(conv_operands),
        "xla_autotune_factor": XLA_AUTOTUNE_FACTOR if xla and conv_operands else None,
    }


# -- the command line ------------------------------------------------------------------------------------------


class _Parser(argparse.ArgumentParser):
    def error(self, message):
        raise UsageError(message)


class UsageError(Exception):
    pass


def _positive_int(text):
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError("expected a whole number, got %r" % text) from None
    if value < 1:
        raise argparse.ArgumentTypeError("expected a number of at least 1, got %r" % text)
    return value


PRECISIONS = ("fp32", "mixed_float16", "mixed_bfloat16")


def build_parser():
    p = _Parser(prog="estimate.py", description="predict the GPU memory of training a Keras model (one JSON "
                                                "object on stdout)")
    src = p.add_mutually_exclusive_group()
    src.add_argument("--model", default=None, help="a bundled model of the sample: cnn, resnet20, resnet50")
    src.add_argument("--keras-file", default=None, metavar="PATH", help="a saved Keras model (.keras, .h5)")
    src.add_argument("--specs", default=None, metavar="FILE",
                     help="a JSON list of {model|keras_file, batch_size, precision, dataset, xla, optimizer} "
                     "('-' = stdin): estimates them all in one process")
    src.add_argument("--specs-json", default=None, metavar="JSON", help="the same list given inline")
    p.add_argument("--dataset", default="cifar10", help="the input shape of a bundled model (mnist, cifar10, "
                                                        "cifar100; default cifar10)")
    p.add_argument("--batch-size", type=_positive_int, default=64)
    p.add_argument("--precision", choices=PRECISIONS, default="fp32")
    p.add_argument("--xla", choices=("on", "off"), default="on", help="the step is XLA-compiled (default on)")
    p.add_argument("--optimizer", default=None,
                   help="optimizer class (SGD, Adam ...) for a bundled model (default: the sample's SGD with "
                   "momentum) or to override a saved model's")
    p.add_argument("--keras2", action="store_true", help="use Keras 2 (TF_USE_LEGACY_KERAS=1)")
    return p


def _load_sample():
    """The bundled sample (sample.py beside this file), loaded by path for its models and datasets."""
    import importlib.util

    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "sample.py")
    spec = importlib.util.spec_from_file_location("tfgpu_wizard_sample_for_estimate", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _set_policy(keras, precision):
    keras.mixed_precision.set_global_policy("float32" if precision == "fp32" else precision)


def estimate_spec(spec, tf, keras, sample):
    """One configuration (a dict like the CLI's flags) -> an estimate dict, or {"error": ...}."""
    precision = spec.get("precision", "fp32")
    if precision not in PRECISIONS:
        raise UsageError("unknown precision %r" % precision)
    batch = spec.get("batch_size", 64)
    if isinstance(batch, bool) or not isinstance(batch, int) or batch < 1:
        raise UsageError("batch_size must be a whole number of at least 1, got %r" % (batch,))
    xla = spec.get("xla", True)
    xla = xla if isinstance(xla, bool) else str(xla).lower() in ("on", "true", "1")
    t0 = time.perf_counter()
    _set_policy(keras, precision)
    try:
        optimizer = spec.get("optimizer")
        if spec.get("keras_file"):
            path = spec["keras_file"]
            if not os.path.isfile(path):
                raise ModelError("no model file at %s" % path)
            try:
                model = keras.models.load_model(path, compile=True)
            except Exception as exc:
                raise ModelError("the model could not be loaded (%s: %s)" % (
                    type(exc).__name__, str(exc).strip().splitlines()[0][:300] if str(exc).strip() else "")) from None
            if optimizer is None:
                optimizer = getattr(model, "optimizer", None) or "SGD"
            name = os.path.basename(path)
            source = "keras-file"
        else:
            name = spec.get("model") or "cnn"
            if name not in sample.MODELS:
                raise UsageError("unknown model %r: choose one of %s" % (name, ", ".join(sample.MODELS)))
            dataset = spec.get("dataset", "cifar10")
            if dataset not in sample.DATASETS:
                raise UsageError("unknown dataset %r: choose one of %s" % (dataset, ", ".join(sorted(sample.DATASETS))))
            shape, classes, _ = sample.DATASETS[dataset]
            model = sample.build_model(keras, name, shape, classes)
            source = "bundled"
            if optimizer is None:
                optimizer = "SGD"  # the sample's SGD with momentum 0.9: one slot
        slots = optimizer_slots_of(optimizer) if not isinstance(optimizer, str) or optimizer.lower() != "sgd" else 1
        result = estimate_model(model, batch, precision, optimizer_slots=slots, xla=xla, name=name)
    finally:
        _set_policy(keras, "fp32")
    result["source"] = source
    if source == "bundled":
        result["dataset"] = spec.get("dataset", "cifar10")
    result["optimizer"] = optimizer if isinstance(optimizer, str) else type(optimizer).__name__
    result["seconds"] = round(time.perf_counter() - t0, 3)
    try:
        if source == "keras-file" and precision != "fp32":
            dtypes = set(str(getattr(layer, "compute_dtype", "float32")) for layer in _flatten_layers(model))
            if dtypes <= {"float32"}:
                result["notes"].append("The saved model's layers compute in float32: mixed precision applies "
                                       "to a model built under the policy, so this estimate is for float32.")
    except Exception:
        pass
    return result


def _versions(tf, keras):
    return {"python": sys.version.split()[0], "tensorflow": getattr(tf, "__version__", None),
            "keras": getattr(keras, "__version__", None)}


def main(argv=None):
    out = sys.stdout
    try:  # the one JSON object goes to the real stdout; TensorFlow's prints go to stderr
        sys.stdout.flush()
        fd = os.dup(1)
        os.dup2(2, 1)
        out = os.fdopen(fd, "w", encoding="utf-8", errors="replace", newline="\n")
        sys.stdout = sys.stderr
    except (OSError, ValueError, AttributeError):
        pass

    def emit(obj, code):
        out.write(json.dumps(obj, ensure_ascii=False, allow_nan=False, default=str) + "\n")
        out.flush()
        return code

    try:
        args = build_parser().parse_args(sys.argv[1:] if argv is None else argv)
    except UsageError as exc:
        return emit({"type": "estimate", "estimate_version": ESTIMATE_VERSION,
                     "error": {"code": "bad-flags", "message": str(exc)}}, EXIT_BAD_FLAGS)
    specs = None
    if args.specs or args.specs_json:
        try:
            if args.specs_json:
                text = args.specs_json
            elif args.specs == "-":
                text = sys.stdin.read()
            else:
                with open(args.specs, encoding="utf-8") as fh:
                    text = fh.read()
            specs = json.loads(text)
            if not isinstance(specs, list) or not all(isinstance(s, dict) for s in specs):
                raise ValueError("expected a JSON list of objects")
        except (OSError, ValueError) as exc:
            return emit({"type": "estimate", "estimate_version": ESTIMATE_VERSION,
                         "error": {"code": "bad-flags", "message": "--specs: %s" % exc}}, EXIT_BAD_FLAGS)
    # No GPU for the estimate: it must not take memory from the run it predicts.
    os.environ["CUDA_VISIBLE_DEVICES"] = "-1"
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
    if args.keras2:
        os.environ["TF_USE_LEGACY_KERAS"] = "1"
    t0 = time.perf_counter()
    try:
        sample = _load_sample()
        tf, keras, _np, kinfo = sample.import_tf()
    except Exception as exc:  # no TensorFlow, a broken install, or no tf-keras for --keras2
        traceback.print_exc()
        code = getattr(exc, "code", "no-tensorflow")
        return emit({"type": "estimate", "estimate_version": ESTIMATE_VERSION, "error": {
            "code": code if isinstance(code, str) else "no-tensorflow",
            "message": "%s: %s" % (type(exc).__name__, exc)}}, EXIT_NO_TF)
    import_s = round(time.perf_counter() - t0, 3)
    versions = _versions(tf, keras)
    if specs is None:
        specs = [{"model": args.model, "keras_file": args.keras_file, "dataset": args.dataset,
                  "batch_size": args.batch_size, "precision": args.precision, "xla": args.xla == "on",
                  "optimizer": args.optimizer}]
        single = True
    else:
        single = False
    results = []
    code = EXIT_OK
    for spec in specs:
        try:
            result = estimate_spec(spec, tf, keras, sample)
        except UsageError as exc:
            result, code = {"error": {"code": "bad-flags", "message": str(exc)}}, EXIT_BAD_FLAGS
        except ModelError as exc:
            result, code = {"error": {"code": "model", "message": str(exc)}}, max(code, EXIT_MODEL)
        except Exception as exc:  # a model that breaks the estimator: say so, keep the others
            traceback.print_exc()
            result, code = {"error": {"code": "model", "message": "%s: %s" % (type(exc).__name__, exc)}}, \
                max(code, EXIT_MODEL)
        result.setdefault("type", "estimate")
        result.setdefault("estimate_version", ESTIMATE_VERSION)
        result["spec"] = spec
        results.append(result)
    if single:
        obj = results[0]
        obj["versions"] = versions
        obj["keras_label"] = kinfo.get("label")
        obj["import_seconds"] = import_s
        return emit(obj, code)
    return emit({"type": "estimates", "estimate_version": ESTIMATE_VERSION, "estimates": results, "versions": versions,
                 "keras_label": kinfo.get("label"), "import_seconds": import_s}, code)


if __name__ == "__main__":
    code = main()
    sys.stderr.flush()
    os._exit(code)
