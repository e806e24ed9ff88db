"""Sanity: does TensorFlow *train* on the GPU? ``tfgpu-wizard sanity`` and the Sanity page.

Steps: read this machine's facts unless the caller has them; run the verification probe in the chosen Python;
when TensorFlow works there, train the bundled sample a few hundred steps (``--devices auto``: the first GPU if
TensorFlow sees one). The answer (``core.diagnose.verdict.sanity_verdict``) starts from the host's facts and is
worded when asked.

Progress kinds: ``phase`` (data: ``"host"`` | ``"probe"`` | ``"train"``), ``started`` (data: pid), ``line``
(TensorFlow's output, both runs), ``event`` (the sample's events), ``step`` (done: training steps so far,
total: the steps asked for), ``waiting`` (the probe: seconds so far).
"""

from __future__ import annotations

import threading
from collections.abc import Generator
from dataclasses import dataclass
from typing import Any

from tfgpu_wizard.core import verdicts
from tfgpu_wizard.core.diagnose.verdict import SanityVerdict, sanity_verdict, with_host_facts
from tfgpu_wizard.core.flows.base import (
    Progress,
    detect_host,
    is_cancelled,
    resolve_python,
    run_probe,
    run_target,
)
from tfgpu_wizard.core.i18n import tr
from tfgpu_wizard.core.setup.host_model import HostReport
from tfgpu_wizard.core.target.runner import (
    ProbeVerdict,
    SampleConfig,
    TargetResult,
    TargetRun,
    probe_verdict,
    sample_argv,
)
from tfgpu_wizard.core.target.sampleopts import sanity_config

CTX = "verdict"
DETECT = "detect"
DEFAULT_STEPS = 300
PROBE_TIMEOUT_S = 180.0
TRAIN_TIMEOUT_S = 900.0
_NO_TRAINING = ("no-tensorflow", "crashed", "hung", "not-started")  # probe verdicts after which nothing trains


def run_status(result: TargetResult, cancelled: bool = False) -> str:
    """How a run ended, as ``sanity_verdict`` takes it: ok | failed | cancelled | timeout | not-started."""
    if result.start_error:
        return "not-started"
    if cancelled:
        return "cancelled"
    if result.timed_out or result.stalled:
        return "timeout"
    return "ok" if result.ok else "failed"


@dataclass
class SanityResult:
    """The probe run, the training run (None when the probe already answered), and the answer in words."""

    python: str
    config: SampleConfig
    probe: TargetResult
    train: TargetResult | None = None
    host: HostReport | None = None
    cancelled: bool = False
    expect_cpu: bool = False  # a CPU install: training on the CPU is the expected result (exit 0)

    @property
    def probe_verdict(self) -> ProbeVerdict:
        return with_host_facts(probe_verdict(self.probe), self.host)

    def event(self, kind: str) -> dict[str, Any] | None:
        """The training run's last event of ``kind`` (``devices``, ``summary``, ``error``)."""
        ev = self.train.last(kind) if self.train is not None else None
        return ev.data if ev is not None else None

    @property
    def status(self) -> str:
        """How the check ended: the probe's end when it stopped the check (cancel, timeout, no start), else the
        training run's."""
        if self.train is None:
            status = run_status(self.probe, self.cancelled)
            return "ok" if status == "failed" else status  # "no TensorFlow" is the probe verdict's to say
        return run_status(self.train, self.cancelled)

    @property
    def verdict(self) -> SanityVerdict:
        last = self.train if self.train is not None else self.probe
        return sanity_verdict(status=self.status, steps=self.config.steps, devices=self.event("devices"),
                              summary=self.event("summary"), error=self.event("error"), probe=self.probe_verdict,
                              host=self.host, start_error=last.start_error or "",
                              stderr_tail=last.stderr_tail() if self.train is not None else "",
                              expect_cpu=self.expect_cpu)

    @property
    def verdict_kind(self) -> str:
        """The kind in the one vocabulary (``core.verdicts``) that the CLI and the window both show: the probe's
        kind when the probe ended the check (no TensorFlow is "needs action", a crash or hang "not working", as
        ``verify`` says it), else the training verdict's (which already weighs the host's facts)."""
        if self.train is None and not self.cancelled and self.probe_verdict.status in _NO_TRAINING:
            return verdicts.for_probe(self.probe_verdict.status)
        return self.verdict.verdict_kind

    @property
    def exit_code(self) -> int:
        return self.verdict.exit_code

    def to_dict(self) -> dict[str, Any]:
        """``sanity --json``."""
        probe = self.probe_verdict
        return {"verdict": self.verdict.to_dict() | {"verdict_kind": self.verdict_kind}, "config": self.config.to_dict(), "python": self.python,
                "probe": {"status": probe.status, "headline": probe.headline, "reasons": probe.reasons}}


def sanity(python: str | None = None, *, steps: int = DEFAULT_STEPS, keras2: bool = False,
           host: HostReport | None | str = DETECT, timeout: float = TRAIN_TIMEOUT_S, expect_cpu: bool = False,
           probe_timeout: float = PROBE_TIMEOUT_S,
           cancel: threading.Event | None = None) -> Generator[Progress, None, SanityResult]:
    """The Sanity check in ``python`` (default this one): ``steps`` training steps, Keras 2 if ``keras2``.

    ``host``: this machine's ``HostReport`` (None: unknown; ``DETECT``: read it first). ``timeout`` bounds the
    training run, ``probe_timeout`` the probe; ``expect_cpu``: a CPU install, where training on the CPU is the
    expected answer. Raises ``ConfigError`` for a bad ``steps``.
    """
    config = sanity_config(steps, keras2=keras2)
    python = resolve_python(python)
    if host == DETECT:
        yield Progress("phase", data="host")
        host = detect_host()
    yield Progress("phase", tr(CTX, "Checking TensorFlow in {python} ...").format(python=python), data="probe")
    probe = yield from run_probe(python, env={"TF_USE_LEGACY_KERAS": "1"} if keras2 else None,
                                 timeout=probe_timeout, cancel=cancel)
    result = SanityResult(python, config, probe, host=host, expect_cpu=expect_cpu)  # type: ignore[arg-type]
    if is_cancelled(cancel):
        result.cancelled = True
        return result
    if probe.start_error or probe.timed_out or result.probe_verdict.status in _NO_TRAINING:
        return result
    yield Progress("phase", tr(CTX, "Training {steps} steps ...").format(steps=config.steps), data="train")
    run = TargetRun(command=[python, *sample_argv(config)], timeout=timeout)
    train = run_target(run, cancel)
    try:
        while True:
            try:
                item = next(train)
            except StopIteration as stop:
                result.train = stop.value
                break
            yield item
            data = item.data if item.kind == "event" else {}
            if data.get("type") == "progress" and isinstance(data.get("step"), int):
                yield Progress("step", done=data["step"], total=config.steps)
    finally:
        train.close()  # left early (Ctrl-C, the window closing): the run's own finally stops the sample
    result.cancelled = is_cancelled(cancel)
    return result
