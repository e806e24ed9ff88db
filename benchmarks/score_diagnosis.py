"""Score the diagnosis engine on every log fixture: is the *first* finding the cause the source
thread established, with a fix that says what fixes it?

    PYTHONPATH=src python benchmarks/score_diagnosis.py [-v]

Judged per fixture from ``tests/fixtures/logs/expected.json``: the first finding's ``rule_id``
must be the expected rule, and its fix text must contain every ``fix`` word and none of the
``fix_not`` words. Evidence lines echoed from the log are never looked at. The fixture's
``context`` (platform, TF version: what ``verify`` and the GUI pass in) is given to ``diagnose``
when the engine takes those keywords; an older engine gets the text alone (and bytes are decoded
with the engine's own ``decode_log``), so the same script scores an older checkout too.

Prints "N/M logs: first finding right" and, with -v, one line per fixture that is not.
"""

from __future__ import annotations

import argparse
import inspect
import json
import sys
from pathlib import Path

LOGS = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "logs"


def _diagnose(dg, text: str, context: dict) -> list:
    params = inspect.signature(dg.diagnose).parameters
    kwargs = {}
    if "platform" in context and "platform" in params:
        kwargs["platform"] = context["platform"]
    if "tf_version" in context:
        if "tf_version" in params:
            kwargs["tf_version"] = context["tf_version"]
        elif "context" in params:
            kwargs["context"] = {"tf_version": context["tf_version"]}
    return dg.diagnose(text, lang="en", **kwargs) if "lang" in params else dg.diagnose(text, **kwargs)


def judge(findings: list, want: dict) -> str | None:
    """None when right, else why not."""
    if not findings:
        return "no finding"
    first = findings[0]
    if first.rule_id != want["rule"]:
        return f"first is {first.rule_id}, want {want['rule']}"
    fix = first.fix.lower()
    for word in want.get("fix", []):
        if word.lower() not in fix:
            return f"fix lacks {word!r}"
    for word in want.get("fix_not", []):
        if word.lower() in fix:
            return f"fix has {word!r}"
    return None


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-v", "--verbose", action="store_true", help="list the fixtures judged wrong")
    args = ap.parse_args(argv)
    from tfgpu_wizard.core.diagnose import engine as dg

    expected = {k: v for k, v in json.loads((LOGS / "expected.json").read_text("utf-8")).items() if k[0] != "_"}
    wrong: list[tuple[str, str]] = []
    for name, want in sorted(expected.items()):
        text = dg.decode_log((LOGS / f"{name}.log").read_bytes())
        why = judge(_diagnose(dg, text, want.get("context", {})), want)
        if why:
            wrong.append((name, why))
    total = len(expected)
    print(f"{total - len(wrong)}/{total} logs: first finding right")
    if args.verbose:
        for name, why in wrong:
            print(f"  {name}: {why}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
