"""Process helpers shared by the GUI tests (importable: pytest puts this folder on sys.path)."""

from __future__ import annotations


def alive(pid: int) -> bool:
    """True while ``pid`` exists and is not a zombie (Linux /proc)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as fh:
            return fh.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False
