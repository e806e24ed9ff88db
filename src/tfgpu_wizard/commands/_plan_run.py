"""``tfgpu-wizard plan --run``: run the plan here with the same confirmations as the window's "Run it for me".

First the summary (folder, environment, download estimate, free space, administrator steps) and one
question; then each administrator step is asked on its own (run / skip / stop). ``--yes`` answers the
first question only: administrator steps are always asked, and without a terminal to ask they are skipped.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
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


def default_folder(plan: Any) -> Path:
    from tfgpu_wizard.core.paths import user_data_dir

    name = re.sub(r"[^A-Za-z0-9._-]+", "-", f"tf-{plan.tensorflow}-{plan.method}-{plan.shell}")
    return user_data_dir() / "plans" / name


def run_plan_here(plan: Any, folder: str | None, assume_yes: bool = False, out=None) -> int:
    from tfgpu_wizard.core.report import last_plan_log
    from tfgpu_wizard.core.setup.plan import PlanError, write_plan
    from tfgpu_wizard.core.setup.plan_run import PlanExecutor, failure_message, runnable, summarize

    out = out or sys.stdout
    ok, why = runnable(plan)
    if not ok:
        print(f"tfgpu-wizard plan --run: {why}", file=sys.stderr)
        return 2
    target = Path(folder) if folder else default_folder(plan)
    summary = summarize(plan, target)
    print("", file=out)
    for line in summary.lines():
        print(line, file=out)
    if not assume_yes:
        answer = _ask(tr(CTX, "Install now? [y/N] "))
        if answer not in ("y", "yes", "j", "是"):
            print(tr(CTX, "Nothing was installed."), file=out)
            return 1
    try:
        write_plan(plan, target)
    except PlanError as exc:
        print(f"tfgpu-wizard plan --run: {exc}", file=sys.stderr)
        return 1

    def ask_admin(step: Any) -> str:
        print("", file=out)
        print(tr(CTX, "Administrator step: {0}").format(step.text()), file=out)
        if step.reason():
            print("  " + step.reason(), file=out)
        print("  " + (step.command(plan.shell) or ""), file=out)
        answer = _ask(tr(CTX, "Run it? [r]un / [s]kip / s[t]op: "))
        return {"r": "run", "run": "run", "t": "stop", "stop": "stop"}.get(answer, "skip")

    failed_text = [""]

    def on_event(ev) -> None:
        if ev.kind == "step":
            print(f"\n==> [{ev.index + 1}/{ev.total}] {ev.text}", file=out)
            if ev.command:
                print(f"$ {ev.command}", file=out)
        elif ev.kind == "output":
            print(ev.text, file=out)
        elif ev.kind == "done" and ev.result in ("failed", "timeout"):
            failed_text[0] = plan.steps[ev.index].text()
        out.flush()

    ex = PlanExecutor(plan.steps, plan.shell, target, on_event, ask_admin, transcript=last_plan_log())
    try:
        status = ex.run()
    except KeyboardInterrupt:
        ex.cancel()
        status = "cancelled"
    message = failure_message(status, failed_text[0], terminal=True)
    print("", file=out)
    print(("✓ " if status == "ok" else "✗ ") + message, file=out)
    return 0 if status == "ok" else 1
