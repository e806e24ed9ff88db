"""Move a collector's share of new corpus logs to the held-out split (issue 22), by the rule of
tests/fixtures/logs/heldout/README.txt: within each class of the collector's expected file that has n >= 3 logs,
round(0.35 * n) logs go to held-out, taken in ascending order of sha256(file name without .log).

    python tools/split_heldout.py expected-E.json            # print what would move
    python tools/split_heldout.py expected-E.json --apply    # move the logs and their entries

It reads only the training folder's collector file and writes into heldout/ (the log, its .source.txt and the
entry in heldout/<same expected file name>); it never opens or lists what is already held out.
"""

from __future__ import annotations

import argparse
import hashlib
import json
from collections import defaultdict
from pathlib import Path

LOGS = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "logs"
HELDOUT = LOGS / "heldout"
SHARE = 0.35


def choose(expected: dict[str, dict]) -> list[str]:
    """The names that go to held-out, per class, in sha256 order."""
    by_class: dict[str, list[str]] = defaultdict(list)
    for name, want in expected.items():
        if not name.startswith("_") and isinstance(want, dict):
            by_class[want["rule"]].append(name)
    chosen: list[str] = []
    for names in by_class.values():
        if len(names) < 3:
            continue
        ordered = sorted(names, key=lambda n: hashlib.sha256(n.encode("utf-8")).hexdigest())
        chosen += ordered[: round(SHARE * len(names))]
    return sorted(chosen)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("expected", help="the collector's expected file in tests/fixtures/logs (e.g. expected-E.json)")
    ap.add_argument("--apply", action="store_true", help="move the chosen logs (default: only print them)")
    args = ap.parse_args()
    src = LOGS / args.expected
    expected = json.loads(src.read_text(encoding="utf-8"))
    chosen = choose(expected)
    for name in chosen:
        print(f"{expected[name]['rule']:30} {name}")
    print(f"{len(chosen)} of {len(expected)} to held-out")
    if not args.apply:
        return 0
    dst = HELDOUT / args.expected
    held = json.loads(dst.read_text(encoding="utf-8")) if dst.exists() else {}
    for name in chosen:
        for suffix in (".log", ".source.txt"):
            (LOGS / f"{name}{suffix}").rename(HELDOUT / f"{name}{suffix}")
        held[name] = expected.pop(name)
    src.write_text(json.dumps(expected, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    dst.write_text(json.dumps(held, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
