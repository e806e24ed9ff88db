"""Version numbers, read with ``packaging.version`` (one parser for the whole core; PEP 440 rules).

``release("2.16.1") == (2, 16, 1)``; pre-releases and local parts are dropped (``"2.22.0rc0"`` ->
``(2, 22, 0)``, ``"2.1.0+cu121"`` -> ``(2, 1, 0)``). Version strings from tools that are not PEP 440
(``"12.2.r12.2"`` from nvcc, ``"8.9.7.29"`` in a file name, ``"580.65.06"`` from the driver) are read up to
their leading dotted number. Junk gives ``()``.
"""

from __future__ import annotations

import re

from packaging.version import InvalidVersion, Version

_LEADING = re.compile(r"[vV]?(\d+(?:\.\d+)*)")


def release(text: object) -> tuple[int, ...]:
    """The numeric release of a version string as a tuple (empty when there is none)."""
    if text is None:
        return ()
    s = str(text).strip()
    try:
        return tuple(Version(s).release)
    except InvalidVersion:
        m = _LEADING.match(s)
        if not m:
            return ()
        try:
            return tuple(Version(m.group(1)).release)
        except InvalidVersion:  # pragma: no cover - a dotted number is always a valid version
            return ()
