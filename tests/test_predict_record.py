"""A prediction kept in a run record and scored against the run: the schema round trip, `runs show`, `runs
compare`, and the sample's `estimate` event on the terminal.

The prediction is the REAL estimator's (TensorFlow on this CPU); the run it is scored against is a real H200
recording replayed (labelled: resources/recordings/sample-tf-cnn-fp32-default.run.jsonl, `recorded_on` in its
header) through the real RunRecorder, PeakTracker and reader.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import jsonschema
import pytest

from tfgpu_wizard.cli import main
from tfgpu_wizard.core.flows.predict import PeakTracker, predict, spec_for_record
from tfgpu_wizard.core.monitor.compare import run_stats
from tfgpu_wizard.core.monitor.runs import RunRecorder, bundled_recordings, read_run
from tfgpu_wizard.core.monitor.snapshot import Tick
from tfgpu_wizard.core.paths import resources_dir
from tfgpu_wizard.core.target.runner import Event

pytestmark = pytest.mark.tf

SCHEMA = json.loads((resources_dir() / "schemas" / "run-record.schema.json").read_text(encoding="utf-8"))
SOURCE = next(p for p in bundled_recordings() if p.name == "sample-tf-cnn-fp32-default.run.jsonl")
MIB = 2**20


@pytest.fixture(scope="module")
def prediction():
    src = read_run(SOURCE)
    assert "recording" in src.header["label"]
    result = predict(spec_for_record(src), sys.executable, timeout=300)
    assert result.ok, result.error
    return result.predictions[0]


@pytest.fixture()
def scored_run(tmp_path: Path, prediction) -> Path:
    """The recording written again as a new run, with the sample's estimate event in front of its first step,
    the pool line as a note, and the end line's score, as `record` writes them."""
    src = read_run(SOURCE)
    path = tmp_path / "预测 run" / "scored.run.jsonl"
    rec = RunRecorder(src.config, src.devices, path=path, label="scored", t0=0.0,
                      extra={"prediction": prediction.to_dict()})
    tracker = PeakTracker()
    estimate = dict(prediction.to_dict(), v=1, seq=0, t=0.0)
    rec.add_event(estimate, t=0.05)
    tracker.add_event(estimate)
    rec.add_note("tf-pool", "Created device /job:localhost/replica:0/task:0/device:GPU:0 with 141460 MB memory",
                 t=0.1, data={"pool_mb": 141460, "device": "GPU:0"})
    timeline = sorted([(t, 0, snaps) for t, snaps in src.ticks] + [(t, 1, e) for t, e in src.events],
                      key=lambda x: (x[0], x[1]))
    for t, kind, item in timeline:
        if kind == 0:
            rec.add_tick(Tick(t, tuple(item)))
            tracker.add_tick(Tick(t, tuple(item)))
        else:
            rec.add_event(item, t=t)
            tracker.add_event(Event(item.get("type", "raw"), item, t))
    score = tracker.score()
    rec.close(status="finished", exit_code=0, memory=score.to_dict())
    return path


def test_the_scored_run_matches_the_schema_and_reads_back(scored_run: Path, prediction) -> None:
    v = jsonschema.Draft202012Validator(SCHEMA)
    for line in scored_run.read_text(encoding="utf-8").splitlines():
        v.validate(json.loads(line))
    back = read_run(scored_run)
    assert not back.problems
    mem = back.end["memory"]
    assert mem["predicted_tf_peak"] == prediction.tf_peak_bytes
    assert mem["tf_peak"] == 922_302_208  # TensorFlow's own peak in the recording
    assert mem["nvml_source"] == "process" and mem["nvml_peak"] > 140_000 * MIB  # default mode: the whole card
    assert abs(mem["error_pct"]) <= 15
    assert back.header["prediction"]["parts"] == prediction.to_dict()["parts"]
    assert [n["pool_mb"] for n in back.notes if n["code"] == "tf-pool"] == [141460]


def test_run_stats_and_runs_compare_show_prediction_and_error(scored_run: Path, capsys, monkeypatch) -> None:
    s = run_stats(scored_run)
    assert s.tf_peak_mib == pytest.approx(922_302_208 / MIB)
    assert s.predicted_mib and abs(s.error_pct) <= 15
    monkeypatch.setenv("COLUMNS", "80")
    assert main(["--lang", "en", "runs", "compare", str(scored_run), "sample-tf-cnn-fp32-growth"]) == 0
    out = capsys.readouterr().out
    assert "predicted MiB" in out and "error" in out and f"{s.error_pct:+.1f}%" in out
    assert max(len(line) for line in out.splitlines()) <= 80
    assert main(["--lang", "en", "runs", "show", str(scored_run)]) == 0
    out = capsys.readouterr().out
    assert "Predicted" in out and "TensorFlow's measured peak 880 MiB" in out and "141,460 MB" in out
    assert main(["--lang", "zh_CN", "runs", "show", str(scored_run)]) == 0
    assert "实测峰值" in capsys.readouterr().out


def test_the_estimate_event_is_one_line_on_the_terminal(prediction) -> None:
    from tfgpu_wizard.commands.sample import format_event
    from tfgpu_wizard.core import i18n

    i18n.set_language("en")
    line = format_event(Event("estimate", prediction.to_dict(), 0.0))
    assert line.startswith("≈ Predicted for batch 1,024 (fp32): peak 880 MiB")
    assert "activations" in line and "CUDA context" in line
    assert format_event(Event("estimate", {"type": "estimate", "error": {"message": "x"}}, 0.0)) is None
