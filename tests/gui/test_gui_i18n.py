"""Every English text the GUI passes to Qt's translate() has a zh_CN translation in resources/i18n.

Texts are found in the source: ``_t("literal")`` calls, and the English tables the pages translate
through ``_t(TABLE[key])`` (listed in TABLES). The context is the one the module's ``_t`` uses.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from tfgpu_wizard.core import i18n

pytestmark = pytest.mark.gui

GUI = Path(__file__).resolve().parents[2] / "src" / "tfgpu_wizard" / "gui"
TABLES = {"MODE_TEXT", "_STEP_TITLES", "_STATUS_WORDS", "METHOD_WORDS", "COLUMNS", "_PAGE_INFO", "CONFIGS",
          "CPU_CONFIGS", "SECTIONS", "GUI_ADVICE", "BACKEND_MODE_TEXT", "SOURCE_TEXT", "LOG_INPUT_TEXT"}
# which fields of a tuple entry are texts
TUPLE_TEXT = {"_PAGE_INFO": (2,), "CONFIGS": (0,), "CPU_CONFIGS": (0,), "SECTIONS": (0, 1)}


def gui_texts() -> list[tuple[str, str, str]]:
    """(file, context, English text) for every translatable text of the GUI."""
    out = []
    for path in sorted(GUI.rglob("*.py")):
        src = path.read_text(encoding="utf-8")
        m = re.search(r'QCoreApplication\.translate\("([A-Za-z]+)", text\)', src)
        if not m:
            continue
        ctx = m.group(1)
        tree = ast.parse(src)
        for node in ast.walk(tree):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "_t"
                    and node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
                out.append((path.name, ctx, node.args[0].value))
            if isinstance(node, (ast.Assign, ast.AnnAssign)):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                names = {t.id for t in targets if isinstance(t, ast.Name)}
                if names & TABLES and node.value is not None:
                    value = ast.literal_eval(node.value)
                    items = value.values() if isinstance(value, dict) else value
                    fields = TUPLE_TEXT.get(next(iter(names & TABLES)), (0,))
                    for v in items:
                        for text in ([v[f] for f in fields] if isinstance(v, tuple) else [v]):
                            out.append((path.name, ctx, text))
    return out


def test_every_gui_text_has_a_chinese_translation():
    catalog = i18n.catalog("zh_CN")
    texts = gui_texts()
    assert len(texts) > 150
    missing = sorted({(f, c, t) for f, c, t in texts if (c, t) not in catalog})
    assert not missing, "untranslated:\n" + "\n".join(f"{f} [{c}] {t!r}" for f, c, t in missing)


def test_translations_keep_their_placeholders():
    catalog = i18n.catalog("zh_CN")
    for _, ctx, text in gui_texts():
        zh = catalog.get((ctx, text))
        if zh is None:
            continue
        assert sorted(re.findall(r"\{[^}]*\}", zh)) == sorted(re.findall(r"\{[^}]*\}", text)), (ctx, text, zh)
