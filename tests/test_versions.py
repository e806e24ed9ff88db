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


@pytest.mark.parametrize(("text", "expected"), [
    ("580.159.04", (580, 159, 4)), ("8.6", (8, 6)), (" 12.9.1 ", (12, 9, 1)), ("3.10", (3, 10)),
])
def test_plain_release(text, expected):
    from tfgpu_wizard.core.versions import plain_release

    assert plain_release(text) == expected


@pytest.mark.parametrize("text", ["", "580.65.06 beta", "2.16.0rc0", "v12.4", "N/A"])
def test_plain_release_refuses_what_is_not_a_plain_number(text):
    from tfgpu_wizard.core.versions import plain_release

    with pytest.raises(ValueError):
        plain_release(text)


def test_matrix_and_recommend_compare_versions_through_packaging():
    """The matrix's driver / compute-capability readers and the plan's driver check read versions the way
    packaging does: numeric order ("3.10" after "3.9", "580.159" after "580.65.06"), junk refused."""
    from tfgpu_wizard.core.setup.matrix import cc_tuple, driver_tuple

    assert driver_tuple("580.159.04") > driver_tuple("580.65.06") > driver_tuple("575.57.08")
    assert cc_tuple("12.0") > cc_tuple("9.0") > cc_tuple("8.9") and cc_tuple("9") == (9, 0)
    assert release("3.10") > release("3.9") and release("12.9.1") < release("12.10")
    with pytest.raises(ValueError, match="not a driver version"):
        driver_tuple("580.65.06 beta")
