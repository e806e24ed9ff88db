"""For whoever may read the held-out split (the lead, not a rule writer): list the TRAINING logs whose source
thread is also the source of a held-out log, so that a training log never leaks a held-out thread (issue 22).

    python tools/check_heldout_threads.py [--heldout DIR]

Prints only training log names (and how many held-out logs share each thread), never held-out names or text.
Exit status 1 when a thread is shared. The thread is the ``source:`` URL of ``<name>.source.txt`` without its
``#fragment`` (a comment's anchor is the same thread).
"""

from __future__ import annotations

import argparse
import re
from collections import Counter
from pathlib import Path

LOGS = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "logs"
_SOURCE = re.compile(r"^source: (\S+)", re.M)


def threads(folder: Path) -> dict[str, str]:
    """{log name: its thread URL} for the .source.txt files directly in ``folder``."""
    out: dict[str, str] = {}
    for path in sorted(folder.glob("*.source.txt")):
        m = _SOURCE.search(path.read_text(encoding="utf-8", errors="replace"))
        if m and m.group(1).startswith("http"):
            out[path.name[: -len(".source.txt")]] = m.group(1).split("#")[0].rstrip("/").lower()
    return out


def shared(training: dict[str, str], heldout: dict[str, str]) -> dict[str, int]:
    held = Counter(heldout.values())
    return {name: held[url] for name, url in training.items() if url in held}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--heldout", type=Path, default=LOGS / "heldout")
    args = ap.parse_args()
    both = shared(threads(LOGS), threads(args.heldout))
    for name, n in sorted(both.items()):
        print(f"{name}: its thread is also the source of {n} held-out log(s)")
    print(f"{len(both)} training log(s) share a thread with the held-out split")
    return 1 if both else 0


if __name__ == "__main__":
    raise SystemExit(main())
