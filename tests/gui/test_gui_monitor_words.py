"""The Monitor's memory-mode and precision choices in words, in the user's language (audit F14: "growth" stayed
untranslated in 中文 while the Learn page calls it 按需增长); the value the sample gets stays the flag."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.gui


def test_choices_are_words_in_both_languages(window) -> None:
    page = window.show_page("monitor")
    texts = {page.mode.itemData(i): page.mode.itemText(i) for i in range(page.mode.count())}
    assert texts["growth"] == "memory growth (growth)" and texts["limit"] == "fixed limit (limit)"
    window.set_language("zh_CN")
    texts = {page.mode.itemData(i): page.mode.itemText(i) for i in range(page.mode.count())}
    assert texts["growth"] == "按需增长 (growth)" and texts["default"] == "默认分配 (default)"
    prec = {page.precision.itemData(i): page.precision.itemText(i) for i in range(page.precision.count())}
    assert prec["mixed_float16"] == "混合精度 float16 (mixed_float16)" and prec["fp32"] == "FP32 (fp32)"
    page.mode.setCurrentIndex(page.mode.findData("growth"))
    assert page.mode.currentData() == "growth"  # what sample_config() reads
