"""The one verdict vocabulary (core/verdicts.py, issue 23): every kind has words in both languages, a mark any
console can print, a colour name the faces know, and every status the checks report maps to a kind."""

from __future__ import annotations

import pytest

from tfgpu_wizard.core import i18n, verdicts
from tfgpu_wizard.core.target.runner import ProbeVerdict


@pytest.fixture
def zh():
    before = i18n.language()
    i18n.set_language("zh_CN")
    yield
    i18n.set_language(before)


def test_every_kind_has_a_chinese_label_a_mark_and_a_known_colour(zh) -> None:
    labels = set()
    for key, k in verdicts.KINDS.items():
        assert k.key == key
        assert k.colour in verdicts.COLOURS
        assert k.mark in "✓!✗·"
        zh_label = verdicts.label(key)
        assert zh_label != k.label_en, f"{key}: no Chinese label"
        assert any("\u4e00" <= ch <= "\u9fff" for ch in zh_label)
        labels.add(zh_label)
    assert len(labels) == len(verdicts.KINDS), "two kinds read the same in Chinese"


def test_english_labels_are_the_sources() -> None:
    before = i18n.language()
    i18n.set_language("en")
    try:
        assert verdicts.label(verdicts.OK_CPU) == "Works on the CPU, as intended"
        assert verdicts.kind(verdicts.NOT_WORKING).label == "Not working"
    finally:
        i18n.set_language(before)


def test_ascii_marks_print_on_a_latin1_console() -> None:
    """drills-3 #9: a Latin-1 locale cannot encode ✓ or ✗; the ASCII marks can, and stay distinct where the
    Unicode marks are."""
    by_mark: dict[str, str] = {}
    for key, k in verdicts.KINDS.items():
        ascii_mark = verdicts.mark(key, ascii=True)
        ascii_mark.encode("ascii")
        by_mark.setdefault(k.mark, ascii_mark)
        assert by_mark[k.mark] == ascii_mark, "one Unicode mark, two ASCII marks"
    assert len(set(by_mark.values())) == len(by_mark)
    with pytest.raises(UnicodeEncodeError):
        verdicts.mark(verdicts.OK).encode("latin-1")


def test_every_probe_status_has_a_kind_and_a_cpu_install_reads_as_intended() -> None:
    for status in ProbeVerdict.STATUSES:
        assert verdicts.for_probe(status) in verdicts.KINDS
    assert verdicts.for_probe("gpu") == verdicts.OK
    # newcomer-2 #7: TensorFlow on the CPU of a machine without an NVIDIA GPU is not an error
    assert verdicts.for_probe("no-gpu", host_has_gpu=False) == verdicts.OK_CPU
    assert verdicts.for_probe("no-gpu", expect_cpu=True) == verdicts.OK_CPU
    assert verdicts.for_probe("no-gpu", host_has_gpu=True) == verdicts.NEEDS_ACTION
    assert verdicts.for_probe("no-gpu") == verdicts.NEEDS_ACTION
    assert verdicts.for_probe("no-tensorflow") == verdicts.NEEDS_ACTION
    for broken in ("crashed", "hung", "not-started", "gpu-broken"):
        assert verdicts.for_probe(broken) == verdicts.NOT_WORKING


def test_sanity_statuses() -> None:
    statuses = ("gpu", "cpu", "cpu-expected", "failed", "no-tensorflow", "cancelled", "timeout", "not-started")
    kinds = {s: verdicts.for_sanity(s) for s in statuses}
    assert kinds["gpu"] == verdicts.OK
    assert kinds["cpu-expected"] == verdicts.OK_CPU
    assert verdicts.for_sanity("cpu", host_has_gpu=False) == verdicts.OK_CPU
    assert kinds["cpu"] == verdicts.NEEDS_ACTION
    assert kinds["cancelled"] == verdicts.STOPPED
    assert kinds["failed"] == kinds["timeout"] == kinds["not-started"] == verdicts.NOT_WORKING


def test_severities_steps_and_the_worst_of_several() -> None:
    assert verdicts.for_severity("error") == verdicts.NOT_WORKING
    assert verdicts.for_severity("warning") == verdicts.CAVEATS
    assert verdicts.for_severity("info") == verdicts.for_severity("harmless") == verdicts.INFO
    assert verdicts.for_step("skipped") == verdicts.CAVEATS
    assert verdicts.for_step("failed") == verdicts.NOT_WORKING
    assert verdicts.for_step("cancelled") == verdicts.for_step("stopped") == verdicts.STOPPED
    assert verdicts.worst([]) == verdicts.OK
    assert verdicts.worst([verdicts.OK, verdicts.INFO]) == verdicts.INFO
    assert verdicts.worst([verdicts.INFO, verdicts.CAVEATS, verdicts.OK]) == verdicts.CAVEATS
    assert verdicts.worst([verdicts.NEEDS_ACTION, verdicts.NOT_WORKING, verdicts.CAVEATS]) == verdicts.NOT_WORKING
    assert verdicts.kind(verdicts.OK_CPU).good and not verdicts.kind(verdicts.NEEDS_ACTION).good
    with pytest.raises(KeyError):
        verdicts.kind("fine")
