"""Version numbers, read with ``packaging.version`` (one parser for the whole core; PEP 440 rules).

``release("2.16.1") == (2, 16, 1)``; pre-releases and local parts are dropped (``"2.22.0rc0"`` ->
``(2, 22, 0)``, ``"2.1.0+cu121"`` -> ``(2, 1, 0)``). Version strings from tools that are not PEP 440
(``"12.2.r12.2"`` from nvcc, ``"8.9.7.29"`` in a file name, ``"580.65.06"`` from the driver) are read up to
their leading dotted number. Junk gives ``()``.
"""

from __future__ import annotations

import re

from packaging.version import Version

_LEADING = re.compile(r"[vV]?(\d+(?:\.\d+)*)")
_PLAIN = re.compile(r"\d+(?:\.\d+)*")


def release(text: object) -> tuple[int, ...]:
    """The numeric release of a version string as a tuple (empty when there is none)."""
    if text is None:
        return ()
    s = str(text).strip()
    try:
        return tuple(Version(s).release)
    except ValueError:  # InvalidVersion, or a number past Python's 4300 digits (a damaged report's "5555...")
        m = _LEADING.match(s)
        if not m:
            return ()
        try:
            return tuple(Version(m.group(1)).release)
        except ValueError:  # a dotted number is a valid version, but may be too long to be a number
            return ()


def plain_release(text: object) -> tuple[int, ...]:
    """The release of a version that must be a plain dotted number (a driver's ``"580.159.04"``, a compute
    capability's ``"8.6"``, a matrix field); ValueError for anything else (``"580.65.06 beta"``, ``""``)."""
    s = str(text).strip()
    if not _PLAIN.fullmatch(s):
        raise ValueError(f"not a plain version number: {text!r}")
    return tuple(Version(s).release)
