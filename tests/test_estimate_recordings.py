"""The memory estimator against TensorFlow's own measured peaks: real H200 recordings replayed (labelled).

Every ``resources/recordings/sample-tf-*.run.jsonl`` is a real `tfgpu-wizard record` of the bundled sample on an
NVIDIA H200 (TF 2.21, cuDNN 9.28; header ``recorded_on`` and the word *recording* in the label). Each progress
event carries ``tf.config.experimental.get_memory_info``'s peak. This test reads every such recording that is
present (more are added as they are recorded), asks the REAL estimator (target/estimate.py, TensorFlow on this
CPU, through core.flows.predict and the real runner) for the same model, batch, precision and XLA setting, and
checks the goal of issue 25: within +-15 % of TensorFlow's measured peak for every XLA run. The error of each
recording is printed (pytest -s shows the table).

Calibration, said plainly: the estimator's one fitted number, the XLA autotuning factor, comes from ONE
recording (CALIBRATION below); ``test_the_fitted_factor_comes_from_the_calibration_recording`` refits it from
that file, and every other recording is a check it was not fitted on. Runs without XLA are listed but not held
to the goal (the estimator says it is not calibrated for them).
"""

from __future__ import annotations

import pytest

from tfgpu_wizard.core.flows.predict import GOAL_PCT, predict, spec_for_record
from tfgpu_wizard.core.monitor.progress import progress_memory
from tfgpu_wizard.core.monitor.runs import bundled_recordings, read_run

pytestmark = pytest.mark.tf

MIB = 2**20
CALIBRATION = "sample-tf-cnn-fp32-default"


def _recordings() -> list[dict]:
    out = []
    for path in bundled_recordings():
        if not path.name.startswith("sample-tf-"):
            continue
        rec = read_run(path)
        if spec_for_record(rec) is None:
            continue
        peaks = [progress_memory(e)[1] for _, e in rec.events if e.get("type") in ("progress", "summary")]
        peaks = [p for p in peaks if isinstance(p, (int, float)) and p > 0]
        errors = [e for _, e in rec.events if e.get("type") == "error"]
        stalled = [e for _, e in rec.events if e.get("type") == "warning" and e.get("code") == "stalled"]
        devices = next((e for _, e in rec.events if e.get("type") == "devices"), {})
        out.append({
            "name": path.name.removesuffix(".run.jsonl"), "record": rec,
            # what really ran: the batch the sample used; XLA from --jit and the sample's own xla-off warning
            "spec": spec_for_record(rec),
            "peak": max(peaks) if peaks else None,
            "oom": any(e.get("code") == "oom" for e in errors) or bool(stalled and not peaks),
            "limit_mb": (devices.get("gpus") or [{}])[0].get("memory_limit_mb"),
        })
    return out


RECORDINGS = _recordings()
MEASURED = [r for r in RECORDINGS if r["peak"]]


@pytest.fixture(scope="module")
def predicted() -> dict[str, dict]:
    """One run of the real estimator for every distinct configuration (one TensorFlow import)."""
    specs: list[dict] = []
    for r in RECORDINGS:
        if r["spec"] not in specs:
            specs.append(r["spec"])
    result = predict(specs, timeout=600)
    assert result.error is None, result.error + "\n" + result.stderr_tail
    assert not any(result.errors), result.errors
    by_spec = {repr(sorted(s.items())): p for s, p in zip(specs, result.predictions, strict=True)}
    return {r["name"]: by_spec[repr(sorted(r["spec"].items()))] for r in RECORDINGS}


def test_the_recordings_are_real_and_labelled() -> None:
    assert len(MEASURED) >= 4, [r["name"] for r in RECORDINGS]
    assert CALIBRATION in {r["name"] for r in MEASURED}
    for r in RECORDINGS:
        header = r["record"].header
        assert "recording" in header["label"] and "H200" in header["recorded_on"], r["name"]


def _table(predicted: dict) -> tuple[list[str], list[str]]:
    lines, failures = [], []
    lines.append(f"{'recording':48} {'batch':>6} {'XLA':>4} {'TF peak MiB':>12} {'predicted':>10} {'error':>8}")
    for r in MEASURED:
        p = predicted[r["name"]]
        err = (p.tf_peak_bytes - r["peak"]) / r["peak"] * 100
        mark = "" if r["spec"]["xla"] else "  (no XLA: not calibrated, not checked)"
        if r["name"] == CALIBRATION:
            mark = "  (calibration)"
        lines.append(f"{r['name']:48} {r['spec']['batch_size']:>6} {'on' if r['spec']['xla'] else 'off':>4} "
                     f"{r['peak'] / MIB:>12,.0f} {p.tf_peak_bytes / MIB:>10,.0f} {err:>+7.1f}%{mark}")
        if r["spec"]["xla"] and abs(err) > GOAL_PCT:
            failures.append(r["name"])
    return lines, failures


def test_every_xla_recording_is_predicted_within_15_percent(predicted: dict) -> None:
    lines, failures = _table(predicted)
    print("\n" + "\n".join(lines))
    assert not failures, f"outside +-{GOAL_PCT:.0f} %: {failures}\n" + "\n".join(lines)


def test_the_fitted_factor_comes_from_the_calibration_recording(predicted: dict) -> None:
    """The one fitted number is what the calibration recording says: refit it here from that file."""
    r = next(r for r in MEASURED if r["name"] == CALIBRATION)
    p = predicted[CALIBRATION]
    alive = sum(p.part(n).bytes for n in ("weights", "optimizer", "input"))
    refit = (r["peak"] - alive) / p.raw["conv_operands_bytes"]
    assert refit == pytest.approx(p.raw["xla_autotune_factor"], rel=0.002)
    # and on that recording the autotuning is what sets the peak (the step alone is far below it)
    assert p.needed_bytes < 0.6 * r["peak"] < p.tf_peak_bytes


def test_the_step_alone_is_what_resnet20_measured(predicted: dict) -> None:
    """ResNet-20 is not fitted at all: its peak is the step (activations), and autotuning stays below it."""
    for r in MEASURED:
        if r["spec"]["model"] == "resnet20" and r["spec"]["xla"]:
            p = predicted[r["name"]]
            assert p.part("xla_autotune").bytes == 0
            assert p.needed_bytes == pytest.approx(r["peak"], rel=0.02), r["name"]


def test_runs_that_ran_out_of_memory_were_predicted_not_to_fit(predicted: dict) -> None:
    """A recording that ended in out of memory (or spun in XLA's first step) under a limit: the prediction says
    the step needs more than the limit."""
    ooms = [r for r in RECORDINGS if r["oom"] and r["limit_mb"]]
    assert ooms
    for r in ooms:
        p = predicted[r["name"]]
        assert p.needed_bytes > r["limit_mb"] * MIB, r["name"]
        assert p.largest_batch(r["limit_mb"] * MIB) < r["spec"]["batch_size"]
