"""Score the diagnosis engine on the real logs: is the *first* finding the cause the source thread established,
with a fix that says what fixes it? Per class and in total, for both splits.

    PYTHONPATH=src python benchmarks/score_diagnosis.py [-v] [--json]

Splits (issue 22):
- training: ``tests/fixtures/logs/*.log`` judged by ``tests/fixtures/logs/expected.json`` and every
  ``expected-*.json`` beside it (one per collector);
- held-out: ``tests/fixtures/logs/heldout/*.log`` judged by ``heldout/expected*.json``. No rule is written
  against these logs: this script prints their accuracy per class as numbers only, never a log's name, text or
  why it was judged wrong (``-v`` lists the wrong *training* logs). An empty or missing folder is reported as such.

Judged per log: the first finding's ``rule_id`` must be the expected ``rule``, and its fix text must contain
every ``fix`` word and none of the ``fix_not`` words (case-insensitive). Evidence lines echoed from the log are
never looked at. The entry's ``context`` (platform, TF version: what ``verify`` and the GUI pass in) is given to
``diagnose``; an older engine gets what its signature takes, so the same script scores an older checkout too.
"""

from __future__ import annotations

import argparse
import inspect
import json
import sys
from collections import defaultdict
from pathlib import Path

LOGS = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "logs"
HELDOUT = LOGS / "heldout"


def load_expected(folder: Path) -> dict[str, dict]:
    """Every entry of ``expected.json`` and ``expected-*.json`` in ``folder`` ({} when there is none)."""
    out: dict[str, dict] = {}
    if not folder.is_dir():
        return out
    for path in sorted(folder.glob("expected*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        for name, want in data.items():
            if name.startswith("_") or not isinstance(want, dict):
                continue
            if name in out:
                raise SystemExit(f"{path.name}: {name} is also in another expected file")
            out[name] = want
    return out


def _diagnose(dg, text: str, context: dict) -> list:
    params = inspect.signature(dg.diagnose).parameters
    kwargs: dict = {}
    if "platform" in context and "platform" in params:
        kwargs["platform"] = context["platform"]
    if "tf_version" in context and "tf_version" in params:
        kwargs["tf_version"] = context["tf_version"]
    extra = {k: v for k, v in context.items() if k not in kwargs}
    if extra and "context" in params:
        kwargs["context"] = extra
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


def score(dg, folder: Path, expected: dict[str, dict]) -> tuple[dict[str, list[int]], list[tuple[str, str, str]]]:
    """({class: [right, total]}, [(name, class, why wrong)])."""
    per_class: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    wrong: list[tuple[str, str, str]] = []
    for name, want in sorted(expected.items()):
        cls = want.get("rule", "?")
        per_class[cls][1] += 1
        path = folder / f"{name}.log"
        if not path.is_file():
            wrong.append((name, cls, "log file missing"))
            continue
        text = dg.decode_log(path.read_bytes())
        why = judge(_diagnose(dg, text, want.get("context") or {}), want)
        if why:
            wrong.append((name, cls, why))
        else:
            per_class[cls][0] += 1
    return dict(per_class), wrong


def _pct(right: int, total: int) -> str:
    return f"{100.0 * right / total:5.1f} %" if total else "    –  "


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("-v", "--verbose", action="store_true", help="list the training logs judged wrong")
    ap.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = ap.parse_args(argv)
    from tfgpu_wizard.core.diagnose import engine as dg

    train_exp = load_expected(LOGS)
    held_exp = load_expected(HELDOUT)
    train, train_wrong = score(dg, LOGS, train_exp)
    held, held_wrong = score(dg, HELDOUT, held_exp)

    def totals(per: dict[str, list[int]]) -> tuple[int, int]:
        return sum(v[0] for v in per.values()), sum(v[1] for v in per.values())

    tr_right, tr_total = totals(train)
    ho_right, ho_total = totals(held)
    if args.json:
        print(json.dumps({
            "training": {"right": tr_right, "total": tr_total,
                         "classes": {k: {"right": v[0], "total": v[1]} for k, v in sorted(train.items())}},
            "heldout": {"right": ho_right, "total": ho_total,
                        "classes": {k: {"right": v[0], "total": v[1]} for k, v in sorted(held.items())}},
        }, indent=1))
        return 0
    print(f"training: {tr_right}/{tr_total} logs: first finding right ({_pct(tr_right, tr_total).strip()})")
    if ho_total:
        print(f"held-out: {ho_right}/{ho_total} logs: first finding right ({_pct(ho_right, ho_total).strip()})")
    else:
        where = "is empty" if HELDOUT.is_dir() else "does not exist"
        print(f"held-out: no logs ({HELDOUT.relative_to(LOGS.parent.parent.parent)} {where})")
    classes = sorted(set(train) | set(held))
    width = max([len(c) for c in classes] + [5])
    print()
    print(f"{'class':<{width}}  {'training':>16}  {'held-out':>16}")
    for cls in classes:
        cells = []
        for per in (train, held):
            r, t = per.get(cls, [0, 0])
            cells.append(f"{r:>3}/{t:<3} {_pct(r, t)}" if t else f"{'–':>16}")
        print(f"{cls:<{width}}  {cells[0]:>16}  {cells[1]:>16}")
    if args.verbose and train_wrong:
        print()
        print("training logs judged wrong:")
        for name, _cls, why in train_wrong:
            print(f"  {name}: {why}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
