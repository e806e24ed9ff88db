"""core.versions: one version parser (packaging) for the core, with the non-PEP-440 strings tools print."""

from __future__ import annotations

import pytest

from tfgpu_wizard.core.setup.host import _vtuple
from tfgpu_wizard.core.versions import release


@pytest.mark.parametrize(("text", "expected"), [
    ("2.16.1", (2, 16, 1)), ("2.22.0rc0", (2, 22, 0)), ("2.1.0+cu121", (2, 1, 0)), ("2.15.0.post1", (2, 15, 0)),
    ("12.2.r12.2", (12, 2)), ("8.9.7.29", (8, 9, 7, 29)), ("580.65.06", (580, 65, 6)), ("V12.4.131", (12, 4, 131)),
    ("junk", ()), ("", ()), (None, ()),
])
def test_release(text, expected):
    assert release(text) == expected


def test_host_and_diagnose_read_versions_the_same_way():
    from tfgpu_wizard.core.diagnose.engine import _version_tuple

    assert _vtuple("2.22.0rc0") == (2, 22, 0) and _vtuple(None) == ()
    assert _version_tuple("2.10.1") == (2, 10) and _version_tuple("nope") is None
    assert _vtuple("2.9.3") < _vtuple("2.10.0")  # numeric, not text order
