"""Every user-facing string of the target area (tr("target", ...)) has a Chinese translation with the same fields."""

from __future__ import annotations

import ast
import string
from pathlib import Path

import pytest

from tfgpu_wizard.core.i18n import parse_ts
from tfgpu_wizard.core.paths import resources_dir

ROOT = Path(__file__).resolve().parent.parent
FILES = ["core/target/runner.py", "core/setup/gpulibs.py", "core/flows/base.py", "core/flows/verify.py", "commands/verify.py", "commands/sample.py", "commands/cluster.py"]


def _sources() -> list[str]:
    out: list[str] = []
    for rel in FILES:
        tree = ast.parse((ROOT / "src" / "tfgpu_wizard" / rel).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if (isinstance(node, ast.Call) and getattr(node.func, "id", None) == "tr" and len(node.args) >= 2
                    and isinstance(node.args[1], ast.Constant) and isinstance(node.args[1].value, str)):
                ctx = node.args[0]
                if (isinstance(ctx, ast.Constant) and ctx.value == "target") or isinstance(ctx, ast.Name):
                    out.append(node.args[1].value)
    return sorted(set(out))


def _fields(text: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(text) if f}


# Every zh_CN catalog: the backend strings live in backends_zh_CN.ts, and tr() reads them all.
CATALOG = {k: v for f in sorted((resources_dir() / "i18n").glob("*_zh_CN.ts")) for k, v in parse_ts(f).items()}


def test_the_scan_finds_the_target_strings() -> None:
    """Guards the parametrized test below against passing vacuously on an empty scan."""
    assert len(_sources()) > 50


@pytest.mark.parametrize("source", _sources())
def test_translated_with_the_same_fields(source: str) -> None:
    assert ("target", source) in CATALOG, f"no zh_CN translation for {source!r}"
    assert _fields(CATALOG[("target", source)]) == _fields(source)


def test_chinese_verdict_renders() -> None:
    from tfgpu_wizard.core.i18n import tr

    text = tr("target", "TensorFlow {version} works but sees no GPU.", lang="zh_CN").format(version="2.21.0")
    assert "看不到 GPU" in text
