"""Setup → Choose: ``core.setup.recommend`` shown as a beginner reads it.

Top to bottom: host-level notes (no driver → CPU only, WSL1 ...), the "Recommended" box saying why,
on native Windows the TF 2.10-native vs WSL2 comparison side by side, the TF version and install
method pickers with what a pin costs, and the table of every row of the platform: recommended first,
the other rows greyed, each with ✓ / ! / ✗ and the reasons in words.

``ChooseView.choice_changed(Choice)`` tells the Commands step what to build a plan for. What to plan is
``core.flows.choose`` (``tfgpu-wizard plan`` chooses with it too); this view shows it and takes the pins.
"""

from __future__ import annotations

import html
from typing import Any

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtGui import QColor, QFont
from PySide6.QtWidgets import (
    QComboBox,
    QFrame,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from tfgpu_wizard.core.flows.choose import METHODS, Choice, Pick, choose, recommendation, status_word
from tfgpu_wizard.gui.widgets import COLOR, SYMBOL, empty_state, verdict_html, wrap_label

STATUS_KIND = {"recommended": "ok", "works": "ok", "works-with-caveats": "warn", "ruled-out": "bad"}
REASON_KIND = {"blocker": "bad", "caveat": "warn", "cost": "warn", "info": "info", "ok": "ok"}
METHOD_WORDS = {"pip": "pip in a venv", "uv": "uv in a venv (faster pip)", "conda": "conda environment",
                "docker": "Docker image"}


def _t(text: str) -> str:
    return QCoreApplication.translate("SetupChoose", text)


__all__ = ["Choice", "ChooseView"]  # Choice: core.flows.choose.Choice, re-exported for the page's users


def python_range(row: Any) -> str:
    try:
        minors = row.python_minors()
    except Exception:  # noqa: BLE001 - a row without a Python range still shows
        minors = []
    if not minors:
        return str(row.python or "—")
    return minors[0] if len(minors) == 1 else f"{minors[0]}–{minors[-1]}"


def status_text(status: str) -> str:
    return f"{SYMBOL[STATUS_KIND.get(status, 'info')]} {status_word(status)}"


def reason_line(reason: Any) -> str:
    """One reason as plain text with its symbol: ``✗ Python 3.12 is too new ...``."""
    return f"{SYMBOL[REASON_KIND.get(reason.kind, 'info')]} {reason.message}"


def reasons_html(reasons: Any) -> str:
    return "<br>".join(verdict_html(REASON_KIND.get(r.kind, "info"), r.message) for r in reasons)


def row_summary(cand: Any) -> list[Any]:
    """The reasons worth a column: blockers of a ruled-out row, else caveats and the method's costs."""
    if cand.status == "ruled-out":
        return list(cand.blockers)
    bm = cand.best_method
    out = [r for r in cand.reasons if r.kind in ("caveat", "cost")]
    out += [r for r in (bm.reasons if bm else ()) if r.kind in ("caveat", "cost")]
    if not out:
        out = [r for r in (*cand.reasons, *(bm.reasons if bm else ())) if r.kind in ("ok", "info")][:1]
    return out


class ChooseView(QWidget):
    choice_changed = Signal(object)  # Choice or None

    COLUMNS = ("TensorFlow", "Python", "CUDA / cuDNN", "Methods", "Status", "Why")

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.host = None
        self.rec = None  # the unpinned Recommendation (table, recommended box)
        self.pinned = None  # the Recommendation with the user's pins (cost), or None
        self.error: str | None = None
        self._matrix = None
        self._filling = False
        # native Windows host: the side the user picked ("native" | "wsl2"), None: core's suggestion
        self.windows_side: str | None = None

        root = QVBoxLayout(self)
        root.setContentsMargins(0, 0, 0, 0)
        self.empty = empty_state()
        root.addWidget(self.empty)
        self.notes = wrap_label()
        root.addWidget(self.notes)

        self.rec_box = QGroupBox()
        self.rec_box.setObjectName("recbox")
        self.rec_box.setStyleSheet(
            "QGroupBox#recbox { border: 2px solid #1a7f37; border-radius: 6px; margin-top: 10px; padding: 6px; }"
            "QGroupBox#recbox::title { subcontrol-origin: margin; left: 10px; padding: 0 4px; color: #1a7f37;"
            " font-weight: 600; }"
        )
        lay = QVBoxLayout(self.rec_box)
        self.rec_title = wrap_label()
        f = self.rec_title.font()
        f.setBold(True)
        self.rec_title.setFont(f)
        self.rec_why = wrap_label()
        lay.addWidget(self.rec_title)
        lay.addWidget(self.rec_why)
        root.addWidget(self.rec_box)

        # Native Windows: TF 2.10 natively vs the current TF in WSL2, side by side.
        self.win_box = QGroupBox()
        grid = QGridLayout(self.win_box)
        self.win_native = wrap_label()
        self.win_wsl = wrap_label()
        for lab in (self.win_native, self.win_wsl):
            lab.setTextFormat(Qt.TextFormat.RichText)
            lab.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
            lab.setFrameShape(QFrame.Shape.StyledPanel)
            lab.setMargin(6)
        grid.addWidget(self.win_native, 0, 0)
        grid.addWidget(self.win_wsl, 0, 1)
        self.btn_native = QPushButton()
        self.btn_wsl = QPushButton()
        self.btn_native.clicked.connect(lambda: self.use_windows_side("native"))
        self.btn_wsl.clicked.connect(lambda: self.use_windows_side("wsl2"))
        for b in (self.btn_native, self.btn_wsl):
            b.setCheckable(True)
        grid.addWidget(self.btn_native, 1, 0, Qt.AlignmentFlag.AlignLeft)
        grid.addWidget(self.btn_wsl, 1, 1, Qt.AlignmentFlag.AlignLeft)
        self.win_directml = wrap_label()
        grid.addWidget(self.win_directml, 2, 0, 1, 2)
        root.addWidget(self.win_box)

        pick = QHBoxLayout()
        self.lab_tf = QLabel()
        self.tf_combo = QComboBox()
        self.tf_combo.setMinimumContentsLength(22)
        self.lab_method = QLabel()
        self.method_combo = QComboBox()
        self.method_combo.setMinimumContentsLength(18)
        self.lab_tf.setBuddy(self.tf_combo)
        self.lab_method.setBuddy(self.method_combo)
        for w in (self.lab_tf, self.tf_combo, self.lab_method, self.method_combo):
            pick.addWidget(w)
        pick.addStretch(1)
        root.addLayout(pick)
        self.cost = wrap_label()
        self.cost.setTextFormat(Qt.TextFormat.RichText)
        root.addWidget(self.cost)

        self.table = QTableWidget(0, len(self.COLUMNS))
        self.table.verticalHeader().setVisible(False)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QTableWidget.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QTableWidget.SelectionMode.SingleSelection)
        self.table.setWordWrap(False)
        self.table.setAlternatingRowColors(False)
        hdr = self.table.horizontalHeader()
        hdr.setStretchLastSection(True)
        self.table.setMinimumHeight(180)
        root.addWidget(self.table, 1)

        self.tf_combo.currentIndexChanged.connect(self._pins_changed)
        self.method_combo.currentIndexChanged.connect(self._pins_changed)
        self.table.cellDoubleClicked.connect(self._row_picked)
        self.table.cellClicked.connect(self._row_picked)
        self.retranslate()

    # -- public -----------------------------------------------------------------------------

    def set_host(self, host: Any) -> None:
        self.host = host
        self.windows_side = None
        self.refresh()

    def use_windows_side(self, side: str) -> None:
        """On a native Windows host: make the plan for TF natively ("native") or inside WSL2 ("wsl2")."""
        self.windows_side = side
        self._show_windows()
        self.choice_changed.emit(self.choice())

    def pick(self) -> Pick | None:
        """What ``core.flows.choose`` picks for the pins and the Windows side (None: no recommendation yet)."""
        rec = self.pinned or self.rec
        if rec is None:
            return None
        return choose(rec, method=self.method_combo.currentData(), windows_side=self.windows_side)

    def choice(self) -> Choice | None:
        pick = self.pick()
        return pick.choice if pick is not None else None

    def pin_tf(self, line: str | None) -> None:
        idx = self.tf_combo.findData(line)
        if idx >= 0:
            self.tf_combo.setCurrentIndex(idx)

    def pin_method(self, method: str | None) -> None:
        idx = self.method_combo.findData(method)
        if idx >= 0:
            self.method_combo.setCurrentIndex(idx)

    # -- text -------------------------------------------------------------------------------

    def retranslate(self) -> None:
        self.lab_tf.setText(_t("TensorFlow version:"))
        self.lab_method.setText(_t("Install method:"))
        self.rec_box.setTitle(_t("Recommended"))
        self.win_box.setTitle(_t("On Windows you have two ways"))
        self.table.setHorizontalHeaderLabels([_t(c) for c in self.COLUMNS])
        self.refresh()

    # -- model ------------------------------------------------------------------------------

    def _load_matrix(self):
        if self._matrix is None:
            from tfgpu_wizard.core.setup.matrix import load_matrix

            self._matrix = load_matrix()
        return self._matrix

    def refresh(self) -> None:
        """Recompute the recommendation (language or host changed) and redraw everything."""
        self.rec = None
        self.pinned = None
        self.error = None
        if self.host is not None:
            try:
                self.rec = recommendation(self._load_matrix(), self.host)
            except Exception as exc:  # noqa: BLE001 - a broken matrix or report is shown, not raised
                self.error = _error_text(exc)
        self._fill_pickers()
        self._recompute_pin()
        self._show()
        self.choice_changed.emit(self.choice())

    def _fill_pickers(self) -> None:
        tf_keep, m_keep = self.tf_combo.currentData(), self.method_combo.currentData()
        self._filling = True
        try:
            self.tf_combo.clear()
            self.method_combo.clear()
            best = self.rec.best if self.rec else None
            if best is not None:
                self.tf_combo.addItem(_t("Recommended ({0})").format(best.row.tensorflow), None)
            else:
                self.tf_combo.addItem(_t("Choose a version"), None)
            for c in self.rec.candidates if self.rec else ():
                label = f"{c.row.tensorflow}  {status_text(c.status)}"
                self.tf_combo.addItem(label, c.row.tensorflow)
            self.method_combo.addItem(_t("Best for this version"), None)
            for m in METHODS:
                self.method_combo.addItem(_t(METHOD_WORDS[m]), m)
            i = self.tf_combo.findData(tf_keep)
            self.tf_combo.setCurrentIndex(max(i, 0))
            i = self.method_combo.findData(m_keep)
            self.method_combo.setCurrentIndex(max(i, 0))
        finally:
            self._filling = False

    def _recompute_pin(self) -> None:
        tf, method = self.tf_combo.currentData(), self.method_combo.currentData()
        self.pinned = None
        if self.rec is None or (tf is None and method is None):
            return
        try:
            self.pinned = recommendation(self._load_matrix(), self.host, tf=tf, method=method)
        except Exception as exc:  # noqa: BLE001
            self.error = _error_text(exc)

    def _pins_changed(self) -> None:
        if self._filling:
            return
        self._recompute_pin()
        self._show_cost()
        self._show_windows()
        self._highlight()
        self.choice_changed.emit(self.choice())

    def _row_picked(self, row: int, _col: int) -> None:
        item = self.table.item(row, 0)
        if item is not None:
            self.pin_tf(item.data(Qt.ItemDataRole.UserRole))

    # -- view -------------------------------------------------------------------------------

    def _show(self) -> None:
        rec = self.rec
        has = rec is not None and bool(rec.candidates)
        for w in (self.rec_box, self.table, self.lab_tf, self.tf_combo, self.lab_method, self.method_combo,
                  self.cost):
            w.setVisible(has)
        self.empty.setVisible(not has)
        if self.error:
            self.empty.setText(self.error)
        elif self.host is None:
            self.empty.setText(_t("Waiting for the machine to be detected (step 1)…"))
        elif not has:
            self.empty.setText(_t("TensorFlow has no official builds for this system, so there is nothing to "
                                  "choose. The Learn page lists the alternatives."))
        notes = list(rec.notes) if rec else []
        self.notes.setText(reasons_html(notes))
        self.notes.setVisible(bool(notes))
        self._show_recommended()
        self._show_windows()
        self._fill_table()
        self._show_cost()
        self._highlight()

    def _show_recommended(self) -> None:
        best = self.rec.best if self.rec else None
        if best is None:
            self.rec_title.setText(verdict_html("bad", _t("No TensorFlow version fits this machine as it is.")))
            self.rec_why.setText(_t("The table says what rules each version out; fix that first, or pin a "
                                    "version below to see what it would take."))
            return
        bm = best.best_method
        parts = [f"TensorFlow {best.row.version}", _t(METHOD_WORDS.get(bm.method, bm.method)) if bm else "?"]
        if bm is not None and bm.python:
            parts.append(f"Python {bm.python}")
        if best.row.cuda and best.uses_gpu:  # a CPU-only install has no use for the CUDA numbers
            parts.append(f"CUDA {best.row.cuda} / cuDNN {best.row.cudnn}")
        gpu = _t("uses your GPU") if best.uses_gpu else _t("CPU only")
        self.rec_title.setText(
            f"<span style='color:{COLOR['ok']}'>{SYMBOL['ok']}</span> "
            + html.escape(" · ".join(parts) + " · " + gpu)
        )
        why = [r for r in best.reasons if r.kind in ("ok", "caveat")]
        why += [r for r in (bm.reasons if bm else ()) if r.kind in ("ok", "caveat", "cost")]
        self.rec_why.setText(
            "<b>" + html.escape(_t("Why:")) + "</b><br>" + reasons_html(why or best.reasons[:3])
        )

    def _show_windows(self) -> None:
        wc = self.rec.windows_choice if self.rec else None
        self.win_box.setVisible(wc is not None)
        if wc is None:
            return

        def side(title: str, cand: Any, pros: Any, cons: Any, key: str) -> str:
            head = f"<b>{html.escape(title)}</b>"
            if wc.suggested == key:
                head += " " + verdict_html("ok", _t("suggested"))
            if cand is not None:
                head += "<br>" + html.escape(f"TensorFlow {cand.row.version} · {status_text(cand.status)}")
            else:
                head += "<br>" + verdict_html("bad", _t("no version fits"))
            return head + "<br>" + reasons_html([*pros, *cons])

        self.win_native.setText(side(_t("TensorFlow 2.10, natively on Windows"), wc.native, wc.native_pros,
                                     wc.native_cons, "native"))
        self.win_wsl.setText(side(_t("Current TensorFlow inside WSL2"), wc.wsl2, wc.wsl2_pros, wc.wsl2_cons,
                                  "wsl2"))
        self.win_directml.setText(reasons_html([wc.directml]))
        self.btn_native.setText(_t("Plan for native Windows"))
        self.btn_wsl.setText(_t("Plan for WSL2"))
        chosen = self.choice()
        on_wsl2 = chosen is not None and chosen.platform == "wsl2"
        self.btn_native.setChecked(chosen is not None and not on_wsl2)
        self.btn_wsl.setChecked(on_wsl2)
        self.btn_native.setEnabled(wc.native is not None)
        self.btn_wsl.setEnabled(wc.wsl2 is not None)

    def _fill_table(self) -> None:
        cands = list(self.rec.candidates) if self.rec else []
        self.table.setRowCount(len(cands))
        grey = QColor("#8a8a8a")
        bold = QFont(self.table.font())
        bold.setBold(True)
        for r, c in enumerate(cands):
            bm = c.best_method
            usable = [m.method for m in c.methods if m.usable]
            summary = row_summary(c)
            cells = [
                c.row.version if c.row.prerelease else c.row.tensorflow,
                python_range(c.row),
                f"{c.row.cuda or '—'} / {c.row.cudnn or '—'}",
                ", ".join(usable) or "—",
                status_text(c.status),
                "; ".join(reason_line(x) for x in summary),
            ]
            tip = "\n".join(reason_line(x) for x in (*c.reasons, *(bm.reasons if bm else ())))
            for col, text in enumerate(cells):
                item = QTableWidgetItem(str(text))
                item.setToolTip(tip)
                if col == 0:
                    item.setData(Qt.ItemDataRole.UserRole, c.row.tensorflow)
                if c.status == "recommended":
                    item.setFont(bold)
                else:
                    item.setForeground(grey)
                self.table.setItem(r, col, item)
        self.table.resizeColumnsToContents()
        hdr = self.table.horizontalHeader()
        for col in range(len(self.COLUMNS) - 1):
            hdr.setSectionResizeMode(col, QHeaderView.ResizeMode.ResizeToContents)
        hdr.setSectionResizeMode(len(self.COLUMNS) - 1, QHeaderView.ResizeMode.Stretch)

    def _show_cost(self) -> None:
        pin = self.pinned.pin if self.pinned else None
        if pin is None:
            self.cost.setText(verdict_html("ok", _t("You follow the recommendation: nothing extra to do."))
                              if self.rec and self.rec.best else "")
            return
        pick = self.pick()
        head = ""
        if pick is not None and pick.refused:
            head = verdict_html("bad", _t("This choice does not work here:")) + "<br>" + "<br>".join(
                verdict_html("bad", why) for why in pick.why)
            head += "<br>"
        self.cost.setText(
            head + "<b>" + html.escape(_t("What this choice costs:")) + "</b><br>" + reasons_html(pin.reasons)
        )

    def _highlight(self) -> None:
        chosen = getattr(self.pinned or self.rec, "chosen", None)
        line = chosen.row.tensorflow if chosen is not None else None
        for r in range(self.table.rowCount()):
            item = self.table.item(r, 0)
            if item is not None and item.data(Qt.ItemDataRole.UserRole) == line:
                self.table.blockSignals(True)
                self.table.selectRow(r)
                self.table.blockSignals(False)
                return
        self.table.clearSelection()


def _error_text(exc: Exception) -> str:
    """What the Choose step says when it cannot recommend: a broken matrix file names the file, the row and
    the field (``core.setup.matrix.MatrixError``) and says that nothing else is affected; anything else keeps its
    exception type, which is what a bug report needs."""
    from tfgpu_wizard.core.setup.matrix import MatrixError

    if isinstance(exc, MatrixError):
        return _t("The compatibility matrix cannot be used, so there is no recommendation: {0}. Fix the file "
                  "(or use the one shipped with the app); nothing on your computer was changed.").format(exc)
    return _t("The recommendation could not be made: {0}").format(f"{type(exc).__name__}: {exc}")
