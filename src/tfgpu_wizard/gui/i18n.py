"""Qt translations for the GUI, from the same ``resources/i18n/*_zh_CN.ts`` files the CLI reads.

Qt wants compiled ``.qm`` files. When a release build ships them (``pyside6-lrelease``), they are
loaded with plain ``QTranslator.load``. A source checkout has only the ``.ts`` files, so then a
``QTranslator`` subclass answers ``translate()`` from ``core.i18n``'s parsed catalogs: one set of
files, two readers, no build step needed to see Chinese.

Switching language removes the old translators and installs the new ones; Qt then sends every
widget a ``LanguageChange`` event, and each page retranslates itself in ``changeEvent``.
"""

from __future__ import annotations

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


def _qm_translators(lang: str) -> list[QTranslator]:
    out: list[QTranslator] = []
    folder = resources_dir() / "i18n"
    if not folder.is_dir():
        return out
    for qm in sorted(folder.glob(f"*_{lang}.qm")):
        tr = QTranslator()
        if tr.load(str(qm)):
            out.append(tr)
    return out


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
        translators = _qm_translators(lang) or [CatalogTranslator(lang)]
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
