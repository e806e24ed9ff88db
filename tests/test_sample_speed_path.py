"""The sample's speed path (issue 24) and its loss-scaling report (issue 25), with real TensorFlow on the CPU.

What the GPU figures rest on, checked where it can be: steps per execution tied to the progress interval (only on a
GPU), uint8 batches cached once and scaled on the device by the model's first layer, the limit below which XLA is
turned off so that a too-small limit ends in TensorFlow's out-of-memory error, the watchdog that waits for several
steps between beats, and the forced float16 overflows whose skipped steps and halved scale the progress events
report. The GPU measurements themselves are in docs/h200-results.md (benchmarks/bench_sample.py on an H200).
"""

from __future__ import annotations

import importlib.util
import json
import threading
import time

import pytest

from tfgpu_wizard.core.paths import target_script
from tfgpu_wizard.core.target.runner import SAMPLE_SCRIPT, SampleConfig, TargetRun, warning_text


def _sample():
    spec = importlib.util.spec_from_file_location("sample_for_speed_test", target_script(SAMPLE_SCRIPT))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


S = _sample()


@pytest.mark.parametrize(("log_every", "steps", "gpu", "spe"), [
    (25, 300, True, 25), (100, 1200, True, 25), (10, 100, True, 10), (64, 640, True, 32), (7, 100, True, 7),
    (10, 4, True, 2),  # a run shorter than the log interval: a divisor of it that the run can hold
    (1, 100, True, 1), (25, 300, False, 1), (100, 1200, False, 1),  # on a CPU: one step per execution
])
def test_steps_per_execution_follow_the_progress_interval(log_every: int, steps: int, gpu: bool, spe: int) -> None:
    got = S.auto_steps_per_execution(log_every, steps, gpu)
    assert got == spe
    assert log_every % got == 0 and got <= S.MAX_AUTO_SPE


def test_cached_batches_cover_the_data_and_repeat_a_small_set() -> None:
    import numpy as np

    idx, batches = S.batch_indices(np, 1024, 1024, 0)
    assert batches == S.MIN_DISTINCT_BATCHES and len(idx) == batches * 1024
    assert sorted(idx[:1024]) == list(range(1024))  # each pass is a permutation
    idx, batches = S.batch_indices(np, 50000, 1024, 0)  # a real CIFAR-10: every sample once per pass
    assert batches == 48 and len(set(idx.tolist())) == len(idx)


@pytest.mark.tf
def test_the_pipeline_hands_over_uint8_and_the_model_scales_on_the_device(tmp_path) -> None:
    code = f"""
import importlib.util, json
spec = importlib.util.spec_from_file_location("s", {str(target_script(SAMPLE_SCRIPT))!r})
S = importlib.util.module_from_spec(spec); spec.loader.exec_module(S)
tf, keras, np, info = S.import_tf()
args = S.build_parser().parse_args(["--batch-size", "32", "--synthetic-samples", "64"])
x, y, _ = S.load_arrays(keras, np, args)
ds = S.make_dataset(tf, x, y, 32, True, False, np=np, seed=0)
first = [b for b, _ in ds.take(S.MIN_DISTINCT_BATCHES * 2)]
raw = S.build_model(keras, "cnn", x.shape[1:], 10, raw_input=True)
plain = S.build_model(keras, "cnn", x.shape[1:], 10)
plain.set_weights(raw.get_weights())
a = raw(first[0], training=False).numpy()
b = plain(tf.cast(first[0], tf.float32) / 255.0, training=False).numpy()
distinct = len(set(bytes(t.numpy().tobytes()) for t in first))
print(json.dumps({{"dtype": first[0].dtype.name, "shape": list(first[0].shape), "distinct": distinct,
                  "max_diff": float(np.max(np.abs(a - b))), "first_layer": raw.layers[1].name}}))
"""
    import subprocess
    import sys

    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]
    got = json.loads(proc.stdout.strip().splitlines()[-1])
    assert got["dtype"] == "uint8" and got["shape"] == [32, 32, 32, 3]
    assert got["distinct"] == S.MIN_DISTINCT_BATCHES  # the cached batches come round again, in a new order
    assert got["first_layer"] == "scale_to_unit" and got["max_diff"] < 1e-5


def test_a_limit_far_below_the_need_turns_xla_off_and_a_fitting_one_does_not() -> None:
    # ResNet-20 on the H200 (docs/h200-results.md): limit 4096 MB at batch 1024 ran with XLA (TF peak 1,660 MiB);
    # 256 MB at batch 4096 spun in XLA's first step.
    need_1024 = 2664.0  # activation_mb of ResNet-20 fp32 at batch 1024 (see the test below)
    assert not S.xla_limit_too_small(4096, need_1024)
    assert S.xla_limit_too_small(256, 4 * need_1024)
    assert not S.xla_limit_too_small(None, 4 * need_1024)


@pytest.mark.tf
def test_activation_estimate_of_the_bundled_models() -> None:
    import subprocess
    import sys

    code = f"""
import importlib.util, json
spec = importlib.util.spec_from_file_location("s", {str(target_script(SAMPLE_SCRIPT))!r})
S = importlib.util.module_from_spec(spec); spec.loader.exec_module(S)
tf, keras, np, info = S.import_tf()
out = {{}}
for name in ("cnn", "resnet20"):
    m = S.build_model(keras, name, (32, 32, 3), 10, raw_input=True)
    out[name] = [S.activation_mb(m, 1024, "fp32"), S.activation_mb(m, 1024, "mixed_float16")]
print(json.dumps(out))
"""
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]
    got = json.loads(proc.stdout.strip().splitlines()[-1])
    fp32, mixed = got["resnet20"]
    # TF's measured peak on the H200 with XLA was 1,660 MiB: the layer sum is above it, XLA's share below it.
    assert 1660 < fp32 < 1660 / S.XLA_NEED_SHARE * 1.7
    assert mixed < fp32 * 0.6 and got["cnn"][0] < fp32 / 5


def test_the_watchdog_waits_for_several_steps_between_beats() -> None:
    events: list[tuple[str, dict]] = []

    class Em:
        def warning(self, code, message, **extra):
            events.append((code, extra))

        def error(self, code, message, **extra):
            events.append(("error:" + code, extra))

        def emit(self, type_, **fields):
            events.append((type_, fields))

    dog = S.Watchdog(Em(), warn_s=0.4, limit_s=0, poll=0.05)
    dog.steps_per_beat = 10
    dog.start()
    try:
        dog.enter("first-step")
        for step in (10, 20, 30, 40):  # one beat every 0.3 s: 0.03 s a step, 10 steps per beat
            time.sleep(0.3)
            dog.beat(step)
        time.sleep(0.5)  # under three beats' time: still not a stall
        assert [c for c, _ in events if c == "stalled"] == []
        time.sleep(0.6)  # now well over
        assert [c for c, _ in events if c == "stalled"]
    finally:
        dog.stop()
        dog.thread.join(timeout=2)
    assert not any(t.name == "tfgpu-sample-watchdog" and t.is_alive() for t in threading.enumerate())


@pytest.mark.tf
def test_forced_overflows_are_reported_as_skipped_steps_and_a_halved_scale() -> None:
    cfg = SampleConfig(steps=20, log_every=5, batch_size=16, precision="mixed_float16", overflow_demo=True,
                       steps_per_execution=5)
    result = TargetRun(SAMPLE_SCRIPT, cfg.to_argv(), timeout=400).start().wait()
    assert result.ok, result.stderr_tail(20)
    marks = result.last("overflow-demo").get("steps")
    assert marks == S.overflow_steps(20) == [6, 12, 13]
    progress = result.events_of("progress")
    scales = [p.get("loss_scale") for p in progress]
    skipped = [p.get("skipped_steps") for p in progress]
    assert skipped == [0, 1, 3, 3]  # step 6 in the second window, 12 and 13 in the third
    assert scales == [32768.0, 16384.0, 4096.0, 4096.0]
    assert all(p.get("loss") is not None and p.get("loss") < 10 for p in progress)  # the real loss is shown
    assert result.last("summary").get("skipped_steps") == 3


def test_overflow_demo_needs_mixed_float16_and_says_so() -> None:
    assert SampleConfig(overflow_demo=True).problems()
    result = TargetRun(SAMPLE_SCRIPT, ["--overflow-demo"], timeout=60).start().wait()
    err = result.error_event()
    assert err is not None and err.get("code") == "bad-flags" and "mixed_float16" in err.get("message")


def test_the_small_limit_warning_is_worded_for_people_in_both_languages() -> None:
    from tfgpu_wizard.core import i18n

    event = {"code": "xla-off-small-limit", "limit_mb": 256, "need_mb": 10600, "message": "raw"}
    assert "256 MB" in warning_text(event) and "XLA" in warning_text(event)
    i18n.set_language("zh_CN")
    try:
        zh = warning_text(event)
    finally:
        i18n.set_language("en")
    assert "256 MB" in zh and "显存不足" in zh
