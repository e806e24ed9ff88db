"""The sanity flow (core/flows/sanity.py) with real runs: what `tfgpu-wizard sanity` and the Sanity page both drive.

Where the two faces disagreed, the flow now gives one answer: a Python that cannot be started is "could not be
started" (the CLI called it "no TensorFlow" and sent the user to install TensorFlow), and a probe that hangs is
"no answer in time" (the CLI said the same with the no-TensorFlow advice)."""

from __future__ import annotations

import importlib.util
import os
import threading
import time

import pytest

from tfgpu_wizard.core.flows.base import drive
from tfgpu_wizard.core.flows.sanity import sanity
from tfgpu_wizard.core.target.runner import ConfigError

HAVE_TF = importlib.util.find_spec("tensorflow") is not None
posix_only = pytest.mark.skipif(os.name != "posix", reason="a shell-script interpreter")


@posix_only
def test_a_python_without_tensorflow_stops_after_the_probe(wsl2_python) -> None:
    items = []
    result = drive(sanity(str(wsl2_python(with_tf=False)), steps=20, host=None), items.append)
    assert [i.data for i in items if i.kind == "phase"] == ["probe"]  # nothing to train
    assert result.train is None and result.probe_verdict.status == "no-tensorflow"
    v = result.verdict
    assert v.status == "no-tensorflow" and v.exit_code == 3 and "Open Setup" in v.lines[0]
    assert set(result.to_dict()) == {"verdict", "config", "python", "probe"}


def test_a_python_that_cannot_start_is_said_so(tmp_path) -> None:
    result = drive(sanity(str(tmp_path / "没有 python"), steps=20, host=None))
    v = result.verdict
    assert v.status == "not-started" and v.headline.startswith("This Python could not be started")
    assert "no such file" in v.headline.lower() and not v.lines  # no "install TensorFlow" advice


@posix_only
def test_a_hung_probe_is_no_answer_in_time(tmp_path) -> None:
    hang = tmp_path / "python hangs"
    hang.write_text("#!/bin/sh\nexec sleep 60\n", encoding="utf-8")
    hang.chmod(0o755)
    t0 = time.monotonic()
    result = drive(sanity(str(hang), steps=20, host=None, probe_timeout=1))
    assert time.monotonic() - t0 < 10
    assert result.verdict.status == "timeout" and result.exit_code == 3


@posix_only
def test_cancel_during_the_probe(tmp_path) -> None:
    hang = tmp_path / "python hangs"
    hang.write_text("#!/bin/sh\nexec sleep 60\n", encoding="utf-8")
    hang.chmod(0o755)
    cancel = threading.Event()
    result = drive(sanity(str(hang), steps=20, host=None, cancel=cancel),
                   lambda item: cancel.set() if item.kind == "started" else None)
    assert result.cancelled and result.verdict.status == "cancelled"


def test_bad_steps_are_refused_before_anything_runs() -> None:
    with pytest.raises(ConfigError):
        drive(sanity(steps=0, host=None))


@pytest.mark.tf
@pytest.mark.skipif(not HAVE_TF, reason="TensorFlow is not installed")
def test_training_reports_its_steps_and_cancel_stops_it() -> None:
    cancel = threading.Event()
    steps = []

    def on_progress(item) -> None:
        if item.kind == "step":
            steps.append(item.done)
            if len(steps) == 2:
                cancel.set()

    t0 = time.monotonic()
    result = drive(sanity(steps=100_000, host=None, cancel=cancel), on_progress)
    assert time.monotonic() - t0 < 240
    assert steps[:2] == sorted(steps[:2]) and all(s <= 100_000 for s in steps)
    assert result.train is not None and result.train.stopped
    assert result.cancelled and result.verdict.status == "cancelled"
