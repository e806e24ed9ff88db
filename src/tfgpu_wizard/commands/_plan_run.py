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


def run_plan_here(plan: Any, folder: str | None, assume_yes: bool = False, out=None, force: bool = False) -> int:
    from tfgpu_wizard.core.flows.base import drive
    from tfgpu_wizard.core.flows.plan_run import plan_run

    out = out or sys.stdout

    def on_progress(item: Any) -> None:
        if item.kind == "confirm":
            print("", file=out)
            for line in item.data.lines():
                print(line, file=out)
            yes = assume_yes or _ask(tr(CTX, "Install now? [y/N] ")) in ("y", "yes", "j", "是")
            item.reply("install" if yes else "cancel")
        elif item.kind == "replace":
            print(tr(CTX, "These files were changed after tfgpu-wizard wrote them (or it did not write them):"),
                  file=out)
            for path in item.data:
                print(f"  {path}", file=out)
            item.reply("yes" if _ask(tr(CTX, "Replace them? [y/N] ")) in ("y", "yes", "j", "是") else "no")
        elif item.kind == "admin":
            step = item.data
            print("", file=out)
            print(tr(CTX, "Administrator step: {0}").format(step.text()), file=out)
            if step.reason():
                print("  " + step.reason(), file=out)
            print("  " + (step.command(plan.shell) or ""), file=out)
            answer = _ask(tr(CTX, "Run it? [r]un / [s]kip / s[t]op: "))
            item.reply({"r": "run", "run": "run", "t": "stop", "stop": "stop"}.get(answer, "skip"))
        elif item.kind == "step":
            print(f"\n==> [{int(item.done) + 1}/{int(item.total)}] {item.text}", file=out)
            if item.data:
                print(f"$ {item.data}", file=out)
        elif item.kind == "line":
            print(item.data, file=out)
        out.flush()

    try:
        result = drive(plan_run(plan, folder, force=True if force else None), on_progress)
    except KeyboardInterrupt:  # Ctrl-C or a signal (core.lifecycle): the running step's group is stopped
        from tfgpu_wizard.core.setup.plan_run import failure_message

        print("", file=out)
        print("✗ " + failure_message("cancelled", terminal=True), file=out)
        return 1
    if result.status in ("not-runnable", "not-written", "kept"):
        print(f"tfgpu-wizard plan --run: {result.error}", file=sys.stderr)
        return 2 if result.status == "not-runnable" else 1
    if result.status == "declined":
        print(result.message(), file=out)
        return 1
    print("", file=out)
    print(("✓ " if result.status == "ok" else "✗ ") + result.message(terminal=True), file=out)
    return 0 if result.status == "ok" else 1
