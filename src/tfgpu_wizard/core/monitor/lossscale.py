"""Loss scaling in words (issue 25): the sample's progress events -> one plain sentence per loss-scale event.

With ``mixed_float16`` Keras multiplies the loss by a *loss scale* so that small gradients do not round to zero in
float16; when the scaled gradients overflow (inf/NaN) the optimizer skips that step and halves the scale, and
after a run of clean steps (Keras: 2,000) it doubles it again. The sample reports ``loss_scale`` and the count of
``skipped_steps`` at each progress point (target/sample.py, ``LossScaleWatch``); ``LossScaleFollower`` turns that
series into events, each with one sentence (en + zh_CN, context "monitor"), for the window's list and the CLI's
``record`` alike. Between two progress points several things can happen: each skipped step is one event (the
scale halved each time, when the numbers say so), each doubling is one event.

Qt-free and TensorFlow-free.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from tfgpu_wizard.core.i18n import tr

CTX = "monitor"


def _num(v: Any) -> float | None:
    if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v) or v <= 0:
        return None
    return float(v)


def _scale(v: float | None) -> str:
    return "?" if v is None else f"{v:,.0f}" if v >= 1 else f"{v:g}"


@dataclass(frozen=True)
class ScaleEvent:
    """One thing the loss scale did, as seen at a progress point (``step``)."""

    kind: str  # "start" (the first scale seen) | "overflow" (a step skipped, the scale halved) | "grew"
    step: int | None  # the progress point where it was seen (it happened at or before that step)
    before: float | None  # the scale before it
    after: float | None  # the scale after it
    skipped: int = 0  # steps skipped so far in the run
    clean_steps: int | None = None  # "grew": steps since the last overflow (or the start), as the points say

    def sentence(self, lang: str | None = None) -> str:
        step = "?" if self.step is None else f"{self.step:,}"
        if self.kind == "start":
            return tr(CTX, "the loss scale starts at {scale}: the loss is multiplied by it so that small float16 "
                           "gradients do not round to zero", lang).format(scale=_scale(self.after))
        if self.kind == "overflow":
            text = tr(CTX, "gradients overflowed: this step was skipped and the scale halved", lang)
            return tr(CTX, "by step {step}: {what} ({before} → {after})", lang).format(
                step=step, what=text, before=_scale(self.before), after=_scale(self.after))
        return tr(CTX, "by step {step}: the scale grew ({before} → {after}) after {n} steps without an overflow",
                  lang).format(step=step, before=_scale(self.before), after=_scale(self.after),
                               n="?" if self.clean_steps is None else f"{self.clean_steps:,}")


@dataclass
class LossScaleFollower:
    """Follows one run's progress events; ``feed(event)`` returns the loss-scale events that event shows."""

    points: list[tuple[int | None, float | None, int]] = field(default_factory=list)  # (step, scale, skipped)
    events: list[ScaleEvent] = field(default_factory=list)
    _scale: float | None = None
    _skipped: int = 0
    _clean_since: int = 0  # the step after which the steps have been clean

    def feed(self, ev: Mapping[str, Any]) -> list[ScaleEvent]:
        if not isinstance(ev, Mapping) or ev.get("type") not in ("progress", None):
            return []
        scale = _num(ev.get("loss_scale"))
        skipped = ev.get("skipped_steps")
        skipped = int(skipped) if isinstance(skipped, int) and not isinstance(skipped, bool) else None
        if scale is None and skipped is None:
            return []
        step = ev.get("step") if isinstance(ev.get("step"), int) else None
        self.points.append((step, scale, skipped if skipped is not None else self._skipped))
        out: list[ScaleEvent] = []
        new_skips = max(0, (skipped or 0) - self._skipped) if skipped is not None else 0
        before = self._scale
        if self._scale is None and scale is not None and not self.events:
            # the scale it started at: each step skipped before this first point halved it (it grows only after
            # a long run of clean steps, 2,000 in Keras)
            before = scale * 2 ** new_skips
            out.append(ScaleEvent("start", step, None, before, 0))
        if new_skips:
            # each skipped step halved the scale: name the halvings when the numbers agree, else the end points
            halvings = before is not None and scale is not None and math.isclose(scale, before / 2 ** new_skips)
            cur = before
            for i in range(new_skips):
                nxt = cur / 2 if halvings and cur is not None else (scale if i == new_skips - 1 else None)
                out.append(ScaleEvent("overflow", step, cur, nxt, self._skipped + i + 1))
                cur = nxt
            self._clean_since = step or self._clean_since
        elif before is not None and scale is not None and scale > before:
            ups = max(1, round(math.log2(scale / before)))
            cur = before
            for _ in range(ups):
                out.append(ScaleEvent("grew", step, cur, cur * 2, self._skipped,
                                      (step - self._clean_since) if step is not None else None))
                cur *= 2
            self._clean_since = step or self._clean_since
        if scale is not None:
            self._scale = scale
        if skipped is not None:
            self._skipped = skipped
        self.events.extend(out)
        return out


def loss_scale_sentences(events: list[Mapping[str, Any]], lang: str | None = None) -> list[str]:
    """Every sentence a run's events make (a run file's events, in order)."""
    follower = LossScaleFollower()
    return [e.sentence(lang) for ev in events for e in follower.feed(ev)]
