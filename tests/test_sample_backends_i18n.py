"""The backend switch's user-facing strings (context "target") have zh_CN translations with the same fields,
in this area's own catalog resources/i18n/backends_zh_CN.ts, and tr() finds them."""

from __future__ import annotations

import string

from tfgpu_wizard.core.i18n import parse_ts
from tfgpu_wizard.core.paths import resources_dir

CATALOG = parse_ts(resources_dir() / "i18n" / "backends_zh_CN.ts")


def _fields(text: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(text) if f}


def test_catalog_entries_keep_their_fields() -> None:
    assert len(CATALOG) >= 9
    for (ctx, source), translation in CATALOG.items():
        assert ctx == "target" and translation and _fields(translation) == _fields(source), source


def test_backend_problems_are_translated(monkeypatch) -> None:
    from tfgpu_wizard.core import i18n
    from tfgpu_wizard.core.target.runner import SampleConfig

    monkeypatch.setenv("TFGPU_WIZARD_LANG", "zh_CN")
    monkeypatch.setattr(i18n, "_language", None, raising=False)
    problems = SampleConfig(backend="torch", devices="gpu:0,1").problems()
    assert any("PyTorch 后端只能在一块 GPU 上训练" in p for p in problems), problems
