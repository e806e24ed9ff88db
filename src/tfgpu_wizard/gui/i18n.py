"""Qt translations for the GUI, from the same ``resources/i18n/*_zh_CN.ts`` files the CLI reads.

Qt wants compiled ``.qm`` files. When a release build ships them (``pyside6-lrelease``), they are
loaded with plain ``QTranslator.load``. A source checkout has only the ``.ts`` files, so then a
``QTranslator`` subclass answers ``translate()`` from ``core.i18n``'s parsed catalogs: one set of
files, two readers, no build step needed to see Chinese.

Switching language removes the old translators and installs the new ones; Qt then sends every
widget a ``LanguageChange`` event, and each page retranslates itself in ``changeEvent``.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication, QTranslator

from tfgpu_wizard.core import i18n as core_i18n
from tfgpu_wizard.core.paths import resources_dir

_installed: list[QTranslator] = []


class CatalogTranslator(QTranslator):
    """Serves ``core.i18n``'s catalog for one language to Qt."""

    def __init__(self, lang: str, parent=None) -> None:
        super().__init__(parent)
        self._lang = lang
        self._catalog = core_i18n.catalog(lang)

    def translate(self, context, source_text, disambiguation=None, n=-1):  # noqa: D401 - Qt override
        # None (a null QString) means "not mine": Qt falls back to the source text. "" would blank it.
        return self._catalog.get((context, source_text))

    def isEmpty(self) -> bool:  # noqa: N802 - Qt override
        return not self._catalog

    def language(self) -> str:
        return self._lang


def qm_files(lang: str, folder: Path | None = None) -> list[Path]:
    """The compiled catalogs to load for ``lang``: every ``*_<lang>.qm``, but only when each ``.ts`` of that
    language has one that is not older than it (a stale .qm in a checkout would hide new strings)."""
    folder = Path(folder) if folder is not None else resources_dir() / "i18n"
    if not folder.is_dir():
        return []
    qms = sorted(folder.glob(f"*_{lang}.qm"))
    for ts in folder.glob(f"*_{lang}.ts"):
        qm = ts.with_suffix(".qm")
        # 2 s of slack: a copy (PyInstaller, an unzip) may stamp the .ts a moment after the .qm
        if not qm.is_file() or qm.stat().st_mtime + 2.0 < ts.stat().st_mtime:
            return []
    return qms


def _qm_translators(lang: str, folder: Path | None = None) -> list[QTranslator]:
    out: list[QTranslator] = []
    for qm in qm_files(lang, folder):
        tr = QTranslator()
        if not tr.load(str(qm)):
            return []  # a broken .qm: the .ts catalogs answer instead (all or nothing, no half translation)
        out.append(tr)
    return out


def _qt_own_translators(lang: str) -> list[QTranslator]:
    """Qt's own words (dialog buttons, file dialogs: "Open", "Cancel", "Look in") from qtbase_<lang>.qm,
    shipped with PySide6; without them a Chinese window has English dialogs."""
    from PySide6.QtCore import QLibraryInfo

    folder = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
    tr = QTranslator()
    return [tr] if tr.load(f"qtbase_{lang}", folder) else []


def current() -> str:
    return core_i18n.language()


def switch(lang: str | None) -> str:
    """Make ``lang`` (``"en"``/``"zh_CN"``/None = detect) the language of the app and of core messages."""
    lang = core_i18n.set_language(lang)
    app = QCoreApplication.instance()
    for tr in _installed:
        if app is not None:
            QCoreApplication.removeTranslator(tr)
    _installed.clear()
    if lang != "en":
        translators = (_qm_translators(lang) or [CatalogTranslator(lang)]) + _qt_own_translators(lang)
        for tr in translators:
            if app is not None:
                QCoreApplication.installTranslator(tr)
            _installed.append(tr)
    elif app is not None:
        # Nothing to install for English, but widgets still have to hear about the change.
        from PySide6.QtCore import QEvent

        QCoreApplication.sendEvent(app, QEvent(QEvent.Type.LanguageChange))
    return lang


def install(app, lang: str | None = None) -> str:  # noqa: ARG001 - app is implied by QCoreApplication
    """Install the translators for ``lang`` at start-up."""
    return switch(lang)
