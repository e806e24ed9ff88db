"""The Monitor page's run box: the last readings of the run shown (step, images/s, step time, loss, the
framework's memory) and, under them, its state in words: running, finished, stopped, failed (with the
sample's own message and the window's advice), or what an opened run file says about how it ended.

Widget code only: the facts come from ``core.flows.record`` (``RecordResult``, ``Replay``); the words are the
window's, translated in the ``MonitorPage`` context.
"""

from __future__ import annotations

import html
import math
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QFormLayout, QGroupBox, QLabel

from tfgpu_wizard.gui.advice import advice_for
from tfgpu_wizard.gui.widgets import verdict_html, wrap_label

_FRAMEWORK_SHORT = {"TensorFlow": "TF", "JAX": "JAX", "PyTorch": "PyTorch"}  # the run box is narrow


def _t(text: str) -> str:
    return QCoreApplication.translate("MonitorPage", text)


def pick(ev: Mapping[str, Any], *keys: str) -> Any:
    """First present key of an event (the sample protocol names are read tolerantly)."""
    for k in keys:
        if k in ev and ev[k] is not None:
            return ev[k]
    return None


def why_it_failed(detail: str) -> str:
    """The first error the Diagnose page finds in a run's end detail (its error output's tail), in the current
    language ("Out of memory"); "" when it names none. The bundled OOM recording's end says only "ended with exit
    code 4" on its first line; the out-of-memory error is further down (gui-audit-2 N7)."""
    if "\n" not in detail.strip():
        return ""
    from tfgpu_wizard.core.flows.diagnose import explain

    try:
        found = explain(detail).findings
    except Exception:  # noqa: BLE001 - a reading aid: the run file's own words still show
        return ""
    return next((f.title for f in found if f.severity == "error"), "")


def _html(text: str) -> str:
    return html.escape(text)


def _breakable(text: str) -> str:
    """Escaped text that may wrap after '-', '/' and '.' (long run file names in the narrow run box)."""
    out = _html(text)
    for ch in "-/.":
        out = out.replace(ch, ch + "\u200b")
    return out


class RunBox(QGroupBox):
    """Readings on top, the state below (``state``, a rich-text label)."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setFixedWidth(230)
        form = QFormLayout(self)
        self.framework = "TensorFlow"
        self.lab_step_k, self.lab_step = QLabel(), QLabel("—")
        self.lab_ips_k, self.lab_ips = QLabel(), QLabel("—")
        self.lab_steptime_k, self.lab_steptime = QLabel(), QLabel("—")
        self.lab_loss_k, self.lab_loss = QLabel(), QLabel("—")
        self.lab_tfmem_k, self.lab_tfmem = QLabel(), QLabel("—")
        for k, v in ((self.lab_step_k, self.lab_step), (self.lab_ips_k, self.lab_ips),
                     (self.lab_steptime_k, self.lab_steptime), (self.lab_loss_k, self.lab_loss),
                     (self.lab_tfmem_k, self.lab_tfmem)):
            v.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            v.setWordWrap(True)  # "PyTorch memory" leaves little room: the reading wraps, never clips
            form.addRow(k, v)
        self.state = wrap_label()
        self.state.setOpenExternalLinks(True)  # "Saved to <folder>" after an export opens that folder
        self.state.setTextInteractionFlags(Qt.TextInteractionFlag.TextBrowserInteraction)
        form.addRow(self.state)

    def retranslate(self) -> None:
        self.setTitle(_t("Run"))
        self.lab_step_k.setText(_t("Step"))
        self.lab_ips_k.setText(_t("Images/s"))
        self.lab_steptime_k.setText(_t("Step time"))
        self.lab_loss_k.setText(_t("Loss"))
        self.lab_tfmem_k.setText(self.memory_label())

    def memory_label(self) -> str:
        """The memory row names whose allocator the shown run used: TF, JAX or PyTorch."""
        return _t("{0} memory").format(_FRAMEWORK_SHORT.get(self.framework, self.framework))

    def set_framework(self, name: str) -> None:
        self.framework = name
        self.lab_tfmem_k.setText(self.memory_label())

    def reset(self) -> None:
        """Blank the readings: a new run or an opened file must not show the last one's numbers."""
        for lab in (self.lab_step, self.lab_ips, self.lab_steptime, self.lab_loss, self.lab_tfmem):
            lab.setText("—")

    def show_readings(self, last: Mapping[str, Any], memory: tuple[float, float] | None) -> None:
        """The last step's numbers; ``memory``: the framework's latest (current, peak) MiB."""
        step, steps = pick(last, "step"), pick(last, "steps")
        if step is not None:
            self.lab_step.setText(f"{step} / {steps}" if steps is not None else str(step))
        ips = pick(last, "images_per_sec")
        if ips is not None:
            self.lab_ips.setText(f"{float(ips):,.0f}")
        st = pick(last, "step_time")
        if st is not None:
            self.lab_steptime.setText(f"{float(st) * 1000:.1f} ms")
        loss = pick(last, "loss")
        if loss is not None:
            lv = float(loss)
            self.lab_loss.setText("NaN ✗" if math.isnan(lv) else f"{lv:.4f}")
        if memory is not None:
            self.lab_tfmem.setText(_t("{0:,.0f} MiB (peak {1:,.0f})").format(*memory))

    # -- the state, in words ------------------------------------------------------------------

    def running_html(self, label: str, problem: str | None) -> str:
        return (verdict_html("busy", _t("Running: {0}").format(label))
                + ("<br>" + verdict_html("warn", problem) if problem else ""))

    def opened_html(self, name: str, gpus: str, end: Mapping[str, Any] | None, problems: list[str]) -> str:
        """An opened run file: its name, its GPUs, how it ended (its detail's first line), what was wrong."""
        from tfgpu_wizard.core.i18n import tr

        parts: list[str] = []
        if isinstance(end, Mapping):
            status = str(end.get("status", ""))
            detail = (str(end.get("detail") or "").splitlines() or [""])[0]  # the rest is the error output's tail
            words = {
                "finished": _t("The run finished."),
                "stopped": _t("The run was stopped."),
                "failed": _t("The run failed."),
                "gpu-lost": _t("The GPU was lost during the run."),
            }.get(status, _t("The run ended ({0}).").format(status))
            if status == "failed" and end.get("exit_code") is not None:
                words = _t("The run failed (exit code {0}).").format(end["exit_code"])
            why = why_it_failed(str(end.get("detail") or "")) if status in ("failed", "stopped") else ""
            if why:  # what the error output says (the Diagnose page's words), not "ended with exit code 4"
                words += " " + _t("What stopped it: {0}.").format(why)
                detail = ""
            parts.append(_html(words) + (" <small>" + _html(detail) + "</small>" if detail else ""))
        for problem in problems:
            parts.append(verdict_html("warn", tr("monitor", str(problem))))
        return (verdict_html("info", _t("Showing {0}").format(_breakable(name))) + "<br><small>" + _html(gpus)
                + "</small>" + "".join("<br>" + p for p in parts))

    def end_html(self, result: Any, last: Mapping[str, Any], saved: str) -> str:
        """How the window's own run ended (``core.flows.record.RecordResult``); ``saved``: where it is kept."""
        end = result.end
        if result.status == "gpu-lost":
            return verdict_html("bad", _t("The GPU was lost during the run.")) + saved
        if end == "ok":
            return verdict_html("ok", _t("Finished in {0:.0f} s").format(result.duration_s)) + saved
        if end == "cancelled":
            return verdict_html("warn", _t("Stopped by you.")) + saved
        if end == "timeout":
            stalled = result.target.stalled_s if result.target is not None else None
            words = (_t("Stopped: the sample printed nothing for {0:.0f} s.").format(stalled) if stalled
                     else _t("Stopped: it ran longer than the time limit."))
            return verdict_html("bad", words) + saved
        if end == "crashed":
            sig = result.signal
            what = (_t("The training process was killed (signal {0}).").format(sig) if sig
                    else _t("The training process crashed."))
            step, steps = pick(last, "step"), pick(last, "steps")
            where = (_t("It had reached step {0} of {1}.").format(step, steps if steps is not None else "?")
                     if step is not None else _t("It ended before the first step."))
            return verdict_html("bad", what) + "<br>" + _html(where) + saved
        if end == "not-started":
            return verdict_html("bad", _t("Could not start the Python interpreter: {0}").format(result.start_error))
        err = result.error_event or {}
        tail = result.stderr_tail.strip().splitlines()[-1:] or [""]
        detail = str(err.get("message") or tail[0])[:300]
        advice = advice_for(err)
        return (verdict_html("bad", _t("The sample failed (exit code {0}).").format(result.exit_code))
                + "<br><small>" + _html(detail) + "</small><br>" + (_html(advice) + "<br>" if advice else "")
                + _t("The Diagnose page explains the full log.") + saved)

    @staticmethod
    def saved_html(problem: str | None, path: Path | None, kept: bool = False) -> str:
        """Where the run was saved (every outcome keeps its run file, a failed or killed run too)."""
        if problem is not None:
            return ("<br>" + verdict_html("warn", problem) + "<br><small>"
                    + _html(_t("The run is not saved yet: press “Save run elsewhere…” to keep it.")) + "</small>")
        if path is None:
            return ""
        name = _html(path.name)  # unbroken: it is copied from here to find the file
        text = (_t("Everything up to then is kept in {0}.") if kept else _t("Saved as {0}")).format(name)
        return "<br><small>" + text + "</small>"

    @staticmethod
    def warnings_html(warnings: list[Mapping[str, Any]]) -> str:
        from tfgpu_wizard.core.target.runner import warning_text

        return "".join("<br>" + verdict_html("warn", warning_text(dict(w))) for w in warnings)
