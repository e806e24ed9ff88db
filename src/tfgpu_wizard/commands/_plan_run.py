"""``tfgpu-wizard plan --run``: run the plan here with the same confirmations as the window's "Run it for me".

The task is ``core.flows.plan_run`` (the window's too); this module answers its questions in the terminal and
prints its progress. First the summary (folder, environment, download estimate, free space, administrator steps)
and one question; then each administrator step is asked on its own (run / skip / stop). ``--yes`` answers the
first question only: administrator steps are always asked, and without a terminal to ask they are skipped.
Files the user edited are replaced only with ``--force`` (asked in a terminal otherwise).
"""

from __future__ import annotations

import sys
from typing import Any

from tfgpu_wizard.core.i18n import tr

CTX = "plan-run"


def _ask(prompt: str) -> str:
    if not sys.stdin or not sys.stdin.isatty():
        return ""
    try:
        return input(prompt).strip().lower()
    except EOFError:
        return ""


SILENCE_S = 30.0  # a step silent this long gets a "still working" line (then every SILENCE_S)


def run_plan_here(plan: Any, folder: str | None, assume_yes: bool = False, out=None, force: bool = False,
                  silence_s: float = SILENCE_S) -> int:
    from tfgpu_wizard.commands._console import Out, SilenceBeat
    from tfgpu_wizard.core import verdicts
    from tfgpu_wizard.core.flows.base import drive
    from tfgpu_wizard.core.flows.plan_run import plan_run

    o = Out(out or sys.stdout)
    beat = SilenceBeat(o, every=silence_s)  # a long silent step (pip downloading) says it is still working
    step_lines: list[str] = []  # the running step's output: the last one's is read at the end (newcomer-2 #25)

    def on_progress(item: Any) -> None:
        if item.kind == "confirm":
            o.blank()
            for line in item.data.lines():
                o.line(line, data=True)
            yes = assume_yes or _ask(tr(CTX, "Install now? [y/N] ")) in ("y", "yes", "j", "是")
            item.reply("install" if yes else "cancel")
        elif item.kind == "replace":
            o.line(tr(CTX, "These files were changed after tfgpu-wizard wrote them (or it did not write them):"))
            for path in item.data:
                o.whole(str(path), indent=2)
            item.reply("yes" if _ask(tr(CTX, "Replace them? [y/N] ")) in ("y", "yes", "j", "是") else "no")
        elif item.kind == "admin":
            step = item.data
            o.blank()
            o.verdict(verdicts.NEEDS_ACTION, tr(CTX, "Administrator step: {0}").format(step.text()), style_text=False)
            if step.reason():
                o.line(step.reason(), indent=2)
            o.command(step.command(plan.shell) or "", indent=2)
            answer = _ask(tr(CTX, "Run it? [r]un / [s]kip / s[t]op: "))
            item.reply({"r": "run", "run": "run", "t": "stop", "stop": "stop"}.get(answer, "skip"))
        elif item.kind == "step":
            step_lines.clear()
            o.blank()
            o.heading(f"==> [{int(item.done) + 1}/{int(item.total)}] {item.text}")
            if item.data:
                o.command(f"$ {item.data}", indent=0)
            beat.start(f"[{int(item.done) + 1}/{int(item.total)}] {item.text}")
        elif item.kind == "done":
            beat.stop()
        elif item.kind == "line":
            beat.touch()
            step_lines.append(str(item.data))
            o.whole(str(item.data))  # a step's output as it came, made visible (never wrapped: logs get copied)
        o.stream.flush()

    try:
        result = drive(plan_run(plan, folder, force=True if force else None), on_progress)
    except KeyboardInterrupt:  # Ctrl-C or a signal (core.lifecycle): the running step's group is stopped
        from tfgpu_wizard.core.setup.plan_run import failure_message

        beat.stop()
        o.blank()
        o.verdict(verdicts.STOPPED, failure_message("cancelled", terminal=True))
        return 1
    finally:
        beat.stop()
    if result.status in ("not-runnable", "not-written", "kept"):
        print(f"tfgpu-wizard plan --run: {result.error}", file=sys.stderr)
        return 2 if result.status == "not-runnable" else 1
    if result.status == "declined":
        o.line(result.message())
        return 1
    o.blank()
    if result.status == "ok":
        _expected_messages(o, plan, step_lines)
    kind = result.verdict_kind
    o.verdict(kind, verdicts.sentence(kind, result.message(terminal=True)))
    for st in result.skipped_admin:  # what was not done, and how to do it (drills-3 N19)
        o.line(tr(CTX, "To do it yourself: {0}").format(st.text()), indent=2)
        o.command(st.command(plan.shell) or "", indent=4, shell=plan.shell)
    return 0 if result.status == "ok" else 1


def _expected_messages(o: Any, plan: Any, lines: list[str]) -> None:
    """A CPU plan's last step (its check) prints TensorFlow's CUDA messages (``failed call to cuInit``, "Could not
    find cuda drivers"): on a machine without an NVIDIA driver they are expected. Say so, after them, in the
    diagnosis engine's own words (severity info with a CPU install's context), rather than leave them raw."""
    if not getattr(plan, "cpu", False) or not lines:
        return
    from tfgpu_wizard.commands._target_common import stderr_findings
    from tfgpu_wizard.core import verdicts
    from tfgpu_wizard.core.diagnose.verdict import diagnosis_context

    found = stderr_findings("\n".join(lines), diagnosis_context(None, None, expect_cpu=True))
    expected = [f for f in found if f.severity == "info"]
    if not expected:
        return
    o.verdict(verdicts.INFO, tr(CTX, "The CUDA messages above are expected here: this plan installs TensorFlow for "
                                     "the CPU, and without an NVIDIA driver TensorFlow says it found no GPU ({0}).")
              .format("; ".join(f.title for f in expected)), style_text=False)
