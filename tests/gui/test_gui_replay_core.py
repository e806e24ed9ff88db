"""The two core changes the GUI asked for, tested on the core API itself (no Qt):

* ``core.monitor.sampler.ReplaySource(speed=math.inf)`` keeps the recorded time axis (it used to give every
  snapshot the same time, and the Monitor worked around it by replaying at 1000x);
* ``ReplaySource(..., allow_empty=True)`` replays a run with events but no GPU ticks (a CPU run);
* ``core.setup.plan.SHELLS_FOR`` / ``shells_for`` is the one shells-per-platform table (the GUI had a copy).
"""

from __future__ import annotations

import math
import time

import pytest

from tfgpu_wizard.core.monitor.runs import RunRecorder, read_run
from tfgpu_wizard.core.monitor.sampler import STATE_ENDED, STATE_UNAVAILABLE, ReplaySource, Sampler
from tfgpu_wizard.core.paths import resources_dir

RECORDING = resources_dir() / "recordings" / "torch_train.run.jsonl"  # a real H200 trace (labelled)


def test_instant_replay_keeps_the_recorded_time_axis():
    record = read_run(RECORDING)
    ticks: list = []
    t0 = time.monotonic()
    s = Sampler(ReplaySource(record, speed=math.inf), interval=0.01)
    s.subscribe(ticks.append)
    s.start()
    s.join(30)
    took = time.monotonic() - t0
    assert s.state == STATE_ENDED and len(ticks) == len(record.ticks)
    span = record.ticks[-1][0] - record.ticks[0][0]
    assert span > 5 and took < span / 2  # really instant, not paced
    got = [tk.t - ticks[0].t for tk in ticks]
    want = [t - record.ticks[0][0] for t, _ in record.ticks]
    assert got == pytest.approx(want, abs=1e-6)
    assert len({tk.t for tk in ticks}) == len(ticks)  # no two ticks share a time any more


def test_events_only_run_replays_when_allowed(tmp_path):
    rec = RunRecorder(config={"sample_args": ["--devices", "cpu"]}, label="CPU · fp32", root=tmp_path)
    rec.add_event({"type": "progress", "step": 10, "steps": 20, "loss": 2.1})
    rec.add_event({"type": "progress", "step": 20, "steps": 20, "loss": 1.9})
    rec.close(status="finished", exit_code=0)

    refused = Sampler(ReplaySource(rec.path, speed=math.inf))
    refused.start()
    refused.join(5)
    assert refused.state == STATE_UNAVAILABLE and "no GPU samples" in refused.state_detail

    source = ReplaySource(rec.path, speed=math.inf, allow_empty=True)
    s = Sampler(source)
    s.start()
    s.join(5)
    assert s.state == STATE_ENDED and s.ticks == 0 and s.devices == []
    assert [ev["step"] for _, ev in source.record.events] == [10, 20]


def test_shells_per_platform_is_one_public_table():
    from tfgpu_wizard.core.setup.plan import SHELLS_FOR, shells_for
    from tfgpu_wizard.gui.pages import setup_commands

    assert shells_for("windows") == ("powershell", "cmd") and shells_for("wsl2") == ("bash", "zsh")
    assert shells_for("linux") == SHELLS_FOR["linux"] and shells_for("something new") == SHELLS_FOR["linux"]
    assert not hasattr(setup_commands, "SHELLS_FOR")  # the GUI's copy is gone; it calls shells_for
