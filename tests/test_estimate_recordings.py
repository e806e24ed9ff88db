"""The memory estimator against TensorFlow's own measured peaks: real H200 recordings replayed (labelled).

Every ``resources/recordings/sample-tf-*.run.jsonl`` is a real `tfgpu-wizard record` of the bundled sample on an
NVIDIA H200 (TF 2.21, cuDNN 9.28; header ``recorded_on`` and the word *recording* in the label). Each progress
event carries ``tf.config.experimental.get_memory_info``'s ``current`` and ``peak``. This test reads every such
recording that is present (more are added as they are recorded), asks the REAL estimator (target/estimate.py,
TensorFlow on this CPU, through core.flows.predict and the real runner) for what the recording ran (model,
batch, precision, XLA, the data the sample held), takes the prediction for the run's memory mode
(``Prediction.tf_peak_for``) and checks the goal of issue 25: within +-15 % of TensorFlow's measured peak for
every XLA run. Nothing here holds a number of the recordings: each figure is read from them.

Calibration, said plainly. One number is fitted, the XLA autotuning factor, on ONE recording (CALIBRATION, the
"fit" split); ``test_the_fitted_factor_comes_from_the_calibration_recording`` refits it from that file. Every other
recording is the "check" split. The ResNet-20 rows do not depend on the factor at all (their peak is the step);
the CNN rows in other modes share its model and dtype; the 16-bit CNN rows are the real check of the factor
(another dtype, half the bytes). The growth-mode rounding has no fitted number (TensorFlow's allocator rules).
``pytest -s`` prints the table; docs/memory-prediction.md holds it too. Runs without XLA are listed but not held
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
        spec = spec_for_record(rec)
        if spec is None:
            continue
        mem = [progress_memory(e) for _, e in rec.events if e.get("type") in ("progress", "summary")]
        peaks = [p for _, p in mem if isinstance(p, (int, float)) and p > 0]
        currents = [c for c, _ in mem if isinstance(c, (int, float)) and c > 0]
        errors = [e for _, e in rec.events if e.get("type") == "error"]
        stalled = [e for _, e in rec.events if e.get("type") == "warning" and e.get("code") == "stalled"]
        devices = next((e for _, e in rec.events if e.get("type") == "devices"), {})
        out.append({
            "name": path.name.removesuffix(".run.jsonl"), "record": rec,
            # what really ran: the batch the sample used; XLA from --jit and the sample's own xla-off warnings
            "spec": spec,
            "mode": devices.get("memory_mode") or rec.config.get("memory") or "",
            "peak": max(peaks) if peaks else None,
            "current": min(currents) if currents else None,  # between steps: what stays for the whole run
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


def _error(p, r) -> float:
    return (p.tf_peak_for(r["mode"]) - r["peak"]) / r["peak"] * 100


def test_the_recordings_are_real_and_labelled() -> None:
    assert len(MEASURED) >= 4, [r["name"] for r in RECORDINGS]
    assert CALIBRATION in {r["name"] for r in MEASURED}
    for r in RECORDINGS:
        header = r["record"].header
        assert "recording" in header["label"] and "H200" in header["recorded_on"], r["name"]


def table(predicted: dict) -> tuple[list[str], list[str]]:
    """The error of every recording (the table of docs/memory-prediction.md) and the XLA runs outside the goal."""
    lines, failures = [], []
    lines.append(f"{'recording':44} {'mode':>7} {'batch':>6} {'XLA':>4} {'TF peak MiB':>12} {'predicted':>10} "
                 f"{'error':>8}  split")
    for r in MEASURED:
        p = predicted[r["name"]]
        err = _error(p, r)
        split = "fit" if r["name"] == CALIBRATION else "check"
        if not r["spec"]["xla"]:
            split = "no XLA: not calibrated, not checked"
        elif r["mode"] == "growth" and p.growth_rounding:
            split += " (growth: " + " + ".join(f"{g.name} {g.bytes / MIB:,.0f}" for g in p.growth_rounding) + ")"
        lines.append(f"{r['name']:44} {r['mode']:>7} {r['spec']['batch_size']:>6} "
                     f"{'on' if r['spec']['xla'] else 'off':>4} {r['peak'] / MIB:>12,.1f} "
                     f"{p.tf_peak_for(r['mode']) / MIB:>10,.1f} {err:>+7.1f}%  {split}")
        if r["spec"]["xla"] and abs(err) > GOAL_PCT:
            failures.append(r["name"])
    return lines, failures


def test_every_xla_recording_is_predicted_within_15_percent(predicted: dict) -> None:
    lines, failures = table(predicted)
    print("\n" + "\n".join(lines))
    checked = [r for r in MEASURED if r["spec"]["xla"] and r["name"] != CALIBRATION]
    assert len(checked) >= 3
    assert not failures, f"outside +-{GOAL_PCT:.0f} %: {failures}\n" + "\n".join(lines)


def test_the_fitted_factor_comes_from_the_calibration_recording(predicted: dict) -> None:
    """The one fitted number is what the calibration recording says: refit it here from that file."""
    r = next(r for r in MEASURED if r["name"] == CALIBRATION)
    assert r["mode"] != "growth" and r["spec"]["xla"]
    p = predicted[CALIBRATION]
    alive = sum(p.part(n).bytes for n in ("weights", "optimizer", "data", "input"))
    refit = (r["peak"] - alive) / p.raw["conv_operands_bytes"]
    assert refit == pytest.approx(p.raw["xla_autotune_factor"], rel=0.001)
    assert CALIBRATION in p.part("xla_autotune").source
    # and on that recording the autotuning is what sets the peak (the step alone is far below it)
    assert p.needed_bytes < 0.6 * r["peak"] < p.tf_peak_bytes


def test_what_stays_between_steps_is_the_variables_and_the_data(predicted: dict) -> None:
    """TensorFlow's ``current`` between steps (every progress point) is the variables, the optimizer's slots and
    the arrays the sample gave tf.data: the ``data`` part is measured, not assumed. With memory growth the data
    array is also rounded up to its region (the ``data`` growth rounding), for the whole run."""
    seen = 0
    for r in MEASURED:
        if not r["current"]:
            continue
        p = predicted[r["name"]]
        held = sum(p.part(n).bytes for n in ("weights", "optimizer", "data"))
        if r["mode"] == "growth":
            held += sum(g.bytes for g in p.growth_rounding if g.name == "data")
        assert r["current"] == pytest.approx(held, rel=0.005), (r["name"], r["current"], held)
        seen += 1
    assert seen >= 3


def test_the_step_alone_is_what_resnet20_measured(predicted: dict) -> None:
    """ResNet-20 is not fitted at all: its peak is the step (activations), the autotuning stays below it, and
    with memory growth XLA's buffer for the step is split off its region (nothing rounded but the data)."""
    seen = 0
    for r in MEASURED:
        if r["spec"]["model"] == "resnet20" and r["spec"]["xla"]:
            p = predicted[r["name"]]
            assert p.part("xla_autotune").bytes == 0
            assert p.tf_peak_for(r["mode"]) == pytest.approx(r["peak"], rel=0.02), r["name"]
            assert [g.name for g in p.growth_rounding] == ["data"]
            seen += 1
    assert seen >= 1


def test_growth_mode_counts_whole_chunks(predicted: dict) -> None:
    """Where a growth recording has the same configuration in default or limit mode, its peak is above theirs by
    about what the growth rounding predicts (the data array's region, and for the CNN in 16 bits the autotuning's
    working set in one 512 MiB region) - the same rule, no number fitted on these rows."""
    by_config: dict[str, list[dict]] = {}
    for r in MEASURED:
        if r["spec"]["xla"]:
            by_config.setdefault(repr(sorted(r["spec"].items())), []).append(r)
    pairs = 0
    for rows in by_config.values():
        growth = [r for r in rows if r["mode"] == "growth"]
        others = [r for r in rows if r["mode"] in ("default", "limit")]
        if not growth or not others:
            continue
        p = predicted[growth[0]["name"]]
        base = min(r["peak"] for r in others)
        measured_extra = growth[0]["peak"] - base
        predicted_extra = p.tf_peak_for("growth") - p.tf_peak_bytes
        assert measured_extra > 0
        # within 10 % of the default peak: the one-buffer model of the autotuning is the roughest part
        assert abs(predicted_extra - measured_extra) <= 0.10 * base, (growth[0]["name"], measured_extra,
                                                                       predicted_extra)
        pairs += 1
    assert pairs >= 1


def test_runs_that_ran_out_of_memory_were_predicted_not_to_fit(predicted: dict) -> None:
    """A recording that ended in out of memory (or spun in XLA's first step) under a limit: the prediction says
    the step needs more than the limit."""
    ooms = [r for r in RECORDINGS if r["oom"] and r["limit_mb"]]
    assert ooms
    for r in ooms:
        p = predicted[r["name"]]
        assert p.needed_bytes > r["limit_mb"] * MIB, r["name"]
        assert p.largest_batch(r["limit_mb"] * MIB) < r["spec"]["batch_size"]
