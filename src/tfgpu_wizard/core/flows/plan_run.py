"""Plan-run: install with the plan, here. ``tfgpu-wizard plan --run`` and Setup → Commands → "Run it for me".

Steps: check the plan can run on this system (``core.setup.plan_run.runnable``); say what will happen
(``summarize``: folder, environment, download, free space, administrator steps) and ask once; write the plan's
files (asking before replacing files the user edited, unless the caller decided); then run the steps one by one
(``PlanExecutor.events``), asking before every administrator step.

Progress kinds: ``Ask`` items ``confirm`` (data: the ``PlanSummary``; choices install / cancel), ``replace``
(data: the edited files; yes / no) and ``admin`` (data: the ``Step``; run / skip / stop), then ``step`` (a step
starts: text, done: its index, total, data: its command), ``started`` (its process runs, data: pid), ``line``
(its output) and ``done`` (data: the step's result, done: steps finished, total).
"""

from __future__ import annotations

import re
import threading
from collections.abc import Generator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tfgpu_wizard.core import verdicts
from tfgpu_wizard.core.flows.base import Ask, Progress, is_cancelled, on_cancel
from tfgpu_wizard.core.i18n import tr
from tfgpu_wizard.core.paths import user_data_dir
from tfgpu_wizard.core.report import last_plan_log
from tfgpu_wizard.core.setup.plan import PlanError, PlanExistsError, write_plan
from tfgpu_wizard.core.setup.plan_run import PlanExecutor, failure_message, runnable, summarize

CTX = "plan-run"
EXECUTOR_ENDS = ("ok", "failed", "cancelled", "stopped")


def runnable_here(platform: str, shell: str) -> bool:
    """"Run it for me" / ``plan --run`` exist for bash plans of Linux/WSL2 rows on Linux and PowerShell plans on
    Windows (``core.setup.plan_run.runnable``)."""
    from types import SimpleNamespace

    return runnable(SimpleNamespace(platform=platform, shell=shell))[0]


def default_folder(plan: Any) -> Path:
    """Where "Run it for me" / ``plan --run`` write a plan when the user names no folder."""
    name = re.sub(r"[^A-Za-z0-9._-]+", "-", f"tf-{plan.tensorflow}-{plan.method}-{plan.shell}")
    return user_data_dir() / "plans" / name


@dataclass
class PlanRunResult:
    """How a run ended. ``status``: the executor's ok | failed | cancelled | stopped, or declined (the user
    said no first), kept (the user kept files they edited: nothing written), not-written (the files could not
    or may not be written), not-runnable (not on this system)."""

    status: str
    folder: Path | None = None
    steps: list[Any] = field(default_factory=list)
    results: list[str] = field(default_factory=list)  # per step: ok | failed | skipped | manual | stopped | ...
    failed_index: int | None = None
    error: str = ""  # why it did not run (not-written, not-runnable), in words

    @property
    def failed_step(self) -> str:
        i = self.failed_index
        return self.steps[i].text() if i is not None and 0 <= i < len(self.steps) else ""

    @property
    def skipped_admin(self) -> list[Any]:
        """The administrator steps that were skipped (by the user, or because nobody could be asked: a closed
        stdin): a run that ends "ok" without them did not do everything."""
        return [st for st, res in zip(self.steps, self.results, strict=False)
                if res == "skipped" and getattr(st, "admin", False)]

    @property
    def verdict_kind(self) -> str:
        """The kind in the one verdict vocabulary (``core.verdicts``): ok, with caveats when administrator steps
        were skipped, not working when a step failed, stopped by you, or info (nothing was run)."""
        if self.status == "ok":
            return verdicts.CAVEATS if self.skipped_admin else verdicts.OK
        if self.status in ("failed", "cancelled", "stopped"):
            return verdicts.for_step(self.status)
        return verdicts.NOT_WORKING if self.status in ("not-written", "not-runnable") else verdicts.INFO

    def message(self, terminal: bool = False) -> str:
        """The one line that ends the run (``terminal``: the output is above it, not below)."""
        if self.status == "ok" and self.skipped_admin:
            return tr(CTX, "The other steps finished, but {n} administrator step(s) were skipped: {steps}.").format(
                n=len(self.skipped_admin), steps="; ".join(st.text().rstrip(".。") for st in self.skipped_admin))
        if self.status in EXECUTOR_ENDS:
            return failure_message(self.status, self.failed_step, terminal=terminal)
        if self.status == "declined":
            return tr(CTX, "Nothing was installed.")
        return self.error


def run_steps(steps: Sequence[Any], folder: str | Path, *, shell: str = "bash", env: dict[str, str] | None = None,
              step_timeout_s: float = 3600.0,
              cancel: threading.Event | None = None) -> Generator[Progress, None, PlanRunResult]:
    """Run ``steps`` (``core.setup.shells.Step``) in ``folder`` (also ``HERE``), one process each."""
    steps = list(steps)
    ex = PlanExecutor(steps, shell, folder, env=env, step_timeout_s=step_timeout_s, transcript=last_plan_log())
    events = ex.events()
    answer: str | None = None
    status = "failed"
    with on_cancel(cancel, ex.cancel):
        try:
            while True:
                try:
                    ev = events.send(answer)
                except StopIteration as stop:
                    status = stop.value
                    break
                answer = None
                if ev.kind == "ask":
                    step = steps[ev.index]
                    ask = Ask("admin", step.text(), done=ev.index, total=ev.total, data=step,
                              choices=("run", "skip", "stop"), default="stop")
                    yield ask
                    answer = ask.wait(cancel)
                elif ev.kind == "step":
                    yield Progress("step", ev.text, done=ev.index, total=ev.total, data=ev.command)
                elif ev.kind == "started":
                    yield Progress("started", done=ev.index, total=ev.total, data=ev.pid)
                elif ev.kind == "output":
                    yield Progress("line", data=ev.text)
                elif ev.kind == "done":
                    yield Progress("done", done=ev.index + 1, total=ev.total, data=ev.result)
        finally:
            events.close()  # left early: the running step's group is killed
    return PlanRunResult(status, Path(folder), steps, list(ex.results), ex.failed_index)


def plan_run(plan: Any, folder: str | Path | None = None, *, force: bool | None = None,
             cancel: threading.Event | None = None) -> Generator[Progress, None, PlanRunResult]:
    """Write ``plan`` into ``folder`` (default ``default_folder``) and run it here, after the user's yes.

    ``force``: replace files the user edited (True), refuse to (False), or ask (None)."""
    ok, why = runnable(plan)
    if not ok:
        return PlanRunResult("not-runnable", error=why)
    target = Path(folder) if folder else default_folder(plan)
    summary = summarize(plan, target)
    confirm = Ask("confirm", "\n".join(summary.lines()), data=summary, choices=("install", "cancel"),
                  default="cancel")
    yield confirm
    if confirm.wait(cancel) != "install" or is_cancelled(cancel):
        return PlanRunResult("declined", target)
    try:
        try:
            write_plan(plan, target, force=bool(force))
        except PlanExistsError as exc:
            if force is False:
                raise
            replace = Ask("replace", "\n".join(str(p) for p in exc.paths), data=list(exc.paths),
                          choices=("yes", "no"), default="no")
            yield replace
            if replace.wait(cancel) != "yes":
                return PlanRunResult("kept", target, error=tr(CTX, "Nothing was written; your files are unchanged."))
            write_plan(plan, target, force=True)
    except PlanError as exc:
        return PlanRunResult("not-written", target, error=str(exc))
    return (yield from run_steps(plan.steps, target, shell=plan.shell, cancel=cancel))
