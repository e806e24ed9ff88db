"""Translations for user-facing text, shared by the CLI and the GUI.

The catalogs are Qt Linguist ``.ts`` files under ``resources/i18n`` (one per area, e.g.
``diagnose_zh_CN.ts``), so translators use Qt's own tools and the GUI installs them as a
``QTranslator`` (``tfgpu_wizard.gui.i18n``). The CLI, which must not load Qt, reads the same
files here with the standard library.

Usage::

    from tfgpu_wizard.core.i18n import tr
    print(tr("doctor", "No NVIDIA driver was found.").format(...))

The source text is the key: keep it stable and put variable parts in ``{}`` fields that are
filled in *after* translation.
"""

from __future__ import annotations

import os
import threading
import xml.etree.ElementTree as ET
from pathlib import Path

from tfgpu_wizard.core.paths import resources_dir

SUPPORTED = ("en", "zh_CN")

_lock = threading.Lock()
_language: str | None = None
_catalogs: dict[str, dict[tuple[str, str], str]] = {}


def detect_language() -> str:
    """``TFGPU_WIZARD_LANG`` first, then the usual locale variables; English by default."""
    for var in ("TFGPU_WIZARD_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var, "")
        if value:
            return "zh_CN" if value.lower().startswith("zh") else "en"
    return "en"


def set_language(lang: str | None) -> str:
    """Choose the language (``"en"``, ``"zh_CN"``, or None to detect). Returns the one in force."""
    global _language
    if lang is None:
        lang = detect_language()
    if lang.lower().startswith("zh"):
        lang = "zh_CN"
    elif lang not in SUPPORTED:
        lang = "en"
    _language = lang
    return lang


def language() -> str:
    if _language is None:
        set_language(None)
    assert _language is not None
    return _language


def parse_ts(path: Path) -> dict[tuple[str, str], str]:
    """Read one Qt ``.ts`` file into ``{(context, source): translation}``; unfinished entries are skipped."""
    out: dict[tuple[str, str], str] = {}
    root = ET.parse(path).getroot()
    for ctx in root.iter("context"):
        name = ctx.findtext("name") or ""
        for msg in ctx.iter("message"):
            source = msg.findtext("source")
            trans = msg.find("translation")
            if source is None or trans is None:
                continue
            if trans.get("type") in ("unfinished", "obsolete", "vanished"):
                continue
            if trans.text:
                out[(name, source)] = trans.text
    return out


def catalog(lang: str) -> dict[tuple[str, str], str]:
    """All entries for ``lang`` from every ``*_<lang>.ts`` file (loaded once)."""
    with _lock:
        if lang not in _catalogs:
            merged: dict[tuple[str, str], str] = {}
            folder = resources_dir() / "i18n"
            if lang != "en" and folder.is_dir():
                for ts in sorted(folder.glob(f"*_{lang}.ts")):
                    merged.update(parse_ts(ts))
            _catalogs[lang] = merged
        return _catalogs[lang]


def tr(context: str, text: str, lang: str | None = None) -> str:
    """Translate ``text`` of ``context`` into the current (or given) language; fall back to ``text``."""
    lang = lang or language()
    if lang == "en":
        return text
    return catalog(lang).get((context, text), text)


def N_(text: str) -> str:  # noqa: N802 - the conventional name of a no-op marker
    """Mark a string for translation where it is defined; translate it with ``tr`` where it is shown."""
    return text
