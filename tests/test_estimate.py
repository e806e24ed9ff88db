"""The memory estimator (target/estimate.py) on real TensorFlow (CPU): the bundled models built for real, a
user's saved .keras file, the function the sample imports by path, and the predict flow around it.

TensorFlow runs only in child processes (the app's own target interpreter machinery); a few processes per file,
each building several models after one import, so the file stays around a minute on 2 cores.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from tfgpu_wizard.core.flows.predict import MIB, Prediction, predict, predict_flow
from tfgpu_wizard.core.paths import target_script

pytestmark = pytest.mark.tf

ESTIMATE = target_script("estimate.py")

SPECS = [
    {"model": "cnn", "batch_size": 64, "precision": "fp32"},
    {"model": "cnn", "batch_size": 128, "precision": "fp32"},
    {"model": "resnet20", "batch_size": 64, "precision": "fp32"},
    {"model": "resnet20", "batch_size": 64, "precision": "mixed_float16"},
    {"model": "resnet20", "batch_size": 64, "precision": "mixed_bfloat16"},
    {"model": "resnet20", "batch_size": 64, "precision": "fp32", "optimizer": "Adam"},
    {"model": "resnet20", "batch_size": 64, "precision": "fp32", "xla": False},
    {"model": "resnet50", "batch_size": 32, "precision": "fp32"},
    {"model": "cnn", "batch_size": 64, "precision": "fp32", "dataset": "mnist"},
    {"model": "nope", "batch_size": 8},
]


@pytest.fixture(scope="module")
def estimates() -> list:
    """The real estimator over the bundled models, through the app's runner (one TensorFlow import)."""
    result = predict([dict(s) for s in SPECS], sys.executable, timeout=600)
    assert result.error is None, result.stderr_tail
    return list(zip(result.predictions, result.errors, strict=True))


def test_parts_add_up_and_say_where_they_come_from(estimates) -> None:
    for (pred, err), spec in zip(estimates[:-1], SPECS[:-1], strict=True):
        assert err is None and pred is not None, spec
        assert sum(p.bytes for p in pred.parts) == pred.tf_peak_bytes
        assert pred.needed_bytes <= pred.tf_peak_bytes
        assert all(p.what and p.source for p in pred.parts + pred.outside)
        assert {p.name for p in pred.outside} == {"cuda_context", "libraries", "reserve"}
        assert pred.batch_size == spec["batch_size"] and pred.precision == spec["precision"]


def test_an_unknown_model_is_a_clear_error_and_the_others_still_come(estimates) -> None:
    pred, err = estimates[-1]
    assert pred is None and "unknown model 'nope'" in err
    assert estimates[0][0] is not None


def test_activations_scale_with_the_batch_and_weights_do_not(estimates) -> None:
    a, b = estimates[0][0], estimates[1][0]
    assert b.part("activations").bytes == 2 * a.part("activations").bytes
    assert b.part("weights").bytes == a.part("weights").bytes
    # the straight lines the fit search uses reproduce the estimator at another batch
    assert a.at_batch(128) == (b.needed_bytes, b.tf_peak_bytes)


def test_resnet20_keeps_conv_and_relu_outputs_for_the_backward_pass(estimates) -> None:
    """The rule calibrated on the H200 (XLA fuses batch norm and add into the ReLU): 21 convolutions, 19 ReLUs,
    the pooled features and the float32 output are kept, 42 of 74 layers."""
    pred = estimates[2][0]
    assert pred.raw["kept_layers"] == 42 and pred.raw["layers"] == 74
    # 32x32x16 x 7 + 16x16x32 x 7 + 8x8x64 x 7 convolution outputs, 32x32x16 x 7 + ... x 6 + ... x 6 ReLUs,
    # 64 pooled, 10 logits: floats per image
    conv = 7 * 16384 + 7 * 8192 + 7 * 4096
    relu = 7 * 16384 + 6 * 8192 + 6 * 4096
    assert pred.part("activations").bytes == (conv + relu + 64 + 10) * 4 * 64
    assert pred.params == 274_042 and pred.trainable_params == 272_474


def test_mixed_precision_halves_the_activations_and_keeps_float32_master_weights(estimates) -> None:
    fp32, f16, bf16 = estimates[2][0], estimates[3][0], estimates[4][0]
    # the float32 output layer (10 floats an image) stays float32
    assert f16.part("activations").bytes == pytest.approx(fp32.part("activations").bytes / 2, rel=0.001)
    assert f16.part("activations").bytes == bf16.part("activations").bytes
    assert f16.part("weights").bytes == fp32.part("weights").bytes  # master weights
    assert f16.part("weight_copies").bytes == 2 * fp32.trainable_params
    assert fp32.part("weight_copies") is None
    assert f16.raw["compute_dtype"] == "float16" and bf16.raw["compute_dtype"] == "bfloat16"


def test_adam_has_two_slots_per_weight(estimates) -> None:
    sgd, adam = estimates[2][0], estimates[5][0]
    assert sgd.optimizer_slots == 1 and adam.optimizer_slots == 2
    assert adam.part("optimizer").bytes == 2 * sgd.part("optimizer").bytes == 2 * sgd.part("gradients").bytes


def test_without_xla_there_is_no_autotuning_part_and_a_note(estimates) -> None:
    xla, plain = estimates[2][0], estimates[6][0]
    assert xla.part("xla_autotune") is not None and plain.part("xla_autotune") is None
    assert any("not calibrated" in n for n in plain.notes)


def test_resnet50_nested_model_is_read_through(estimates) -> None:
    """keras.applications.ResNet50 sits inside the sample's model as one layer: its 170-odd layers are counted."""
    pred = estimates[7][0]
    assert pred.raw["layers"] > 170 and pred.params > 23_000_000
    assert pred.part("weights").bytes > 90 * MIB  # 23.6 M float32 weights
    assert pred.part("activations").bytes > 10 * MIB


def test_mnist_shape(estimates) -> None:
    cifar, mnist = estimates[0][0], estimates[8][0]
    assert mnist.part("input").bytes == (28 * 28 + 1) * 4 * 64
    assert mnist.part("activations").bytes < cifar.part("activations").bytes


def test_the_command_line_prints_one_json_object(tmp_path: Path) -> None:
    out = subprocess.run([sys.executable, str(ESTIMATE), "--model", "cnn", "--batch-size", "32"],
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    lines = out.stdout.splitlines()
    assert len(lines) == 1  # TensorFlow's own prints went to stderr
    d = json.loads(lines[0])
    assert d["type"] == "estimate" and d["model"] == "cnn" and d["versions"]["tensorflow"]
    assert Prediction.from_dict(d).tf_peak_bytes == d["tf_peak_bytes"]
    bad = subprocess.run([sys.executable, str(ESTIMATE), "--batch-size", "0"], capture_output=True, text=True,
                         timeout=60)
    assert bad.returncode == 2 and json.loads(bad.stdout)["error"]["code"] == "bad-flags"


USER_MODEL = r'''
import json, os, sys
os.environ["CUDA_VISIBLE_DEVICES"] = "-1"
import keras
import importlib.util
folder = sys.argv[1]
inp = keras.Input((24, 24, 1))
x = keras.layers.Conv2D(8, 3, padding="same")(inp)
x = keras.layers.BatchNormalization()(x)
x = keras.layers.ReLU()(x)
x = keras.layers.Dropout(0.1)(x)
x = keras.layers.Flatten()(x)
out = keras.layers.Dense(5)(x)
model = keras.Model(inp, out)
model.compile(optimizer=keras.optimizers.Adam(), loss="mse")
model.save(os.path.join(folder, "我的 模型.keras"))

class Sub(keras.Model):
    def __init__(self):
        super().__init__()
        self.d = keras.layers.Dense(3)
    def call(self, x):
        return self.d(x)

sub = Sub()
sub(keras.ops.zeros((1, 4)))

# the function the sample calls, loaded by path as sample.py loads its neighbours
spec = importlib.util.spec_from_file_location("est", sys.argv[2])
est = importlib.util.module_from_spec(spec)
spec.loader.exec_module(est)
r = est.estimate_model(model, 16, "fp32", optimizer=keras.optimizers.SGD(momentum=0.0), xla=False)
try:
    est.estimate_model(sub, 16, "fp32")
    sub_error = None
except est.ModelError as exc:
    sub_error = str(exc)
print(json.dumps({"direct": r, "sub_error": sub_error}))
'''


@pytest.fixture(scope="module")
def user_model(tmp_path_factory) -> tuple[Path, dict]:
    """A user's saved functional model (a path with a space and Chinese characters), made by real Keras."""
    folder = tmp_path_factory.mktemp("models")
    out = subprocess.run([sys.executable, "-c", USER_MODEL, str(folder), str(ESTIMATE)], capture_output=True,
                         text=True, timeout=300, env={**os.environ, "TF_CPP_MIN_LOG_LEVEL": "2"})
    assert out.returncode == 0, out.stderr[-3000:]
    return folder / "我的 模型.keras", json.loads(out.stdout.strip().splitlines()[-1])


def test_estimate_model_is_the_function_the_sample_imports(user_model) -> None:
    _, d = user_model
    direct = d["direct"]
    # SGD without momentum has no slot; ReLU and dropout keep their outputs, batch norm's input (the conv's
    # output) is kept, Flatten shares the dropout's buffer, the dense output is the model's output
    assert direct["optimizer_slots"] == 0
    per_image = 24 * 24 * 8
    acts = next(p for p in direct["parts"] if p["name"] == "activations")["bytes"]
    assert acts == (3 * per_image + 5) * 4 * 16
    assert "layer graph" in d["sub_error"]


def test_a_saved_keras_file_is_predicted_with_its_own_optimizer(user_model) -> None:
    path, _ = user_model
    result = predict({"keras_file": str(path), "batch_size": 16, "precision": "fp32", "xla": False},
                     sys.executable, timeout=300)
    assert result.ok, (result.error, result.errors, result.stderr_tail)
    pred = result.predictions[0]
    assert pred.optimizer_slots == 2  # the file's Adam
    assert pred.raw["source"] == "keras-file" and pred.model == "我的 模型.keras"


def test_a_missing_or_broken_file_says_so(tmp_path: Path) -> None:
    broken = tmp_path / "broken.keras"
    broken.write_bytes(b"not a zip")
    result = predict([{"keras_file": str(tmp_path / "missing.keras"), "batch_size": 8},
                      {"keras_file": str(broken), "batch_size": 8}], sys.executable, timeout=300)
    assert result.predictions == [None, None]
    assert "no model file" in result.errors[0]
    assert "could not be loaded" in result.errors[1]


def test_a_python_without_tensorflow_gets_a_sentence(tmp_path: Path) -> None:
    venv = tmp_path / "没有 tf"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=120)
    result = predict({"model": "cnn", "batch_size": 8}, str(venv / "bin" / "python"), timeout=120)
    assert not result.ok and "TensorFlow could not be imported" in result.error


def test_cancel_stops_the_estimator_and_leaves_no_child() -> None:
    cancel = threading.Event()
    flow = predict_flow([{"model": "resnet50", "batch_size": 8}], sys.executable, cancel=cancel)
    first = next(flow)
    assert first.kind == "phase"
    timer = threading.Timer(1.0, cancel.set)
    timer.start()
    t0 = time.monotonic()
    try:
        while True:
            next(flow)
    except StopIteration as stop:
        result = stop.value
    timer.join()
    assert result.cancelled and result.predictions == [None]
    assert time.monotonic() - t0 < 15
