"""Loss scaling in words (issue 25, core.monitor.lossscale): the sample's progress events -> one sentence per
event. Replays the labelled H200 recording of the overflow demonstration (resources/recordings/
sample-tf-resnet20-mixed_float16-overflow.run.jsonl: forced overflows at steps 90, 180 and 181, progress every
25 steps) through the real function."""

from __future__ import annotations

from tfgpu_wizard.core.monitor.lossscale import LossScaleFollower, loss_scale_sentences
from tfgpu_wizard.core.monitor.runs import bundled_recordings, read_run

OVERFLOW = next(p for p in bundled_recordings() if p.name == "sample-tf-resnet20-mixed_float16-overflow.run.jsonl")


def _events():
    record = read_run(OVERFLOW)
    assert "recording" in record.header["label"]
    return [e for _, e in record.events]


def test_the_h200_overflow_demo_reads_as_three_halvings():
    events = _events()
    demo = next(e for e in events if e.get("type") == "overflow-demo")
    assert demo["steps"] == [90, 180, 181]
    follower = LossScaleFollower()
    said = [s for ev in events for s in follower.feed(ev)]
    assert [s.kind for s in said] == ["start", "overflow", "overflow", "overflow"]
    assert said[0].after == 32768 and said[0].step == 25
    # step 90 is seen at the point of step 100; 180 and 181 at step 200, each halving named
    assert [(s.step, s.before, s.after, s.skipped) for s in said[1:]] == [
        (100, 32768, 16384, 1), (200, 16384, 8192, 2), (200, 8192, 4096, 3)]
    assert said[2].sentence() == ("by step 200: gradients overflowed: this step was skipped and the scale halved "
                                  "(16,384 → 8,192)")
    assert len(follower.points) == 12  # every progress point, for the plot
    zh = loss_scale_sentences(events, "zh_CN")
    assert len(zh) == 4 and "梯度溢出：这一步被跳过，损失缩放减半" in zh[1] and "by step" not in zh[1]


def test_growth_after_clean_steps_and_runs_without_scaling():
    f = LossScaleFollower()
    prog = [{"type": "progress", "step": s, "loss_scale": sc, "skipped_steps": k}
            for s, sc, k in ((100, 1024.0, 0), (200, 512.0, 1), (2400, 1024.0, 1), (2500, 4096.0, 1))]
    said = [s for ev in prog for s in f.feed(ev)]
    assert [s.kind for s in said] == ["start", "overflow", "grew", "grew", "grew"]
    # a first point that already saw skips: the scale started that many halvings higher
    first = LossScaleFollower().feed({"type": "progress", "step": 5, "loss_scale": 16384.0, "skipped_steps": 1})
    assert [(e.kind, e.before, e.after) for e in first] == [("start", None, 32768), ("overflow", 32768, 16384)]
    assert said[2].clean_steps == 2200 and said[2].sentence() == (
        "by step 2,400: the scale grew (512 → 1,024) after 2,200 steps without an overflow")
    assert [(s.before, s.after) for s in said[3:]] == [(1024, 2048), (2048, 4096)]
    # fp32 runs carry no loss scale: nothing to say
    assert loss_scale_sentences([{"type": "progress", "step": 1, "loss": 2.3}, {"type": "summary"}]) == []
