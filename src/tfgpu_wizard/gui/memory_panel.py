"""The Monitor's memory panel (issue 25): the prediction before the run, its score after it, and which number
is which.

- **Prediction.** When the user picks the model, batch, precision or memory mode, the panel runs
  ``core.flows.predict.predict_flow`` through a ``FlowTask`` (``target/estimate.py`` in the target Python,
  TensorFlow on the CPU; never TensorFlow in this process, never on the GUI thread) and draws the predicted peak as
  a labelled horizontal line on the memory chart; its parts (weights, gradients, optimizer slots, activations,
  the CUDA context and TensorFlow's reserve ...) are listed under it, each part's explanation in its tooltip.
  During a run the sample's own ``estimate`` event (``record``'s ``estimate`` progress) replaces it.
- **Score.** After the run: TensorFlow's measured peak, NVML's peak and the error in % (``RecordResult.score``,
  the run file's ``end.memory``); a reopened run shows its stored prediction and score.
- **Which number is which** (``core.monitor.panel.memory_figures``): NVML device used, NVML this process,
  TensorFlow's pool limit (its "Created device … with N MB memory" line), TensorFlow in use and peak, each with a
  one-line explanation in its tooltip; the selected memory mode's expected shape stated before the run and checked
  after it (``expected_shape`` / ``check_shape``).

Texts are translated in the ``MemoryPanel`` context; core's sentences come translated from core (``lang``).
"""

from __future__ import annotations

import html
from typing import Any

import pyqtgraph as pg
from PySide6.QtCore import QCoreApplication, Qt, QTimer, Signal
from PySide6.QtWidgets import QFrame, QGridLayout, QLabel, QPushButton, QScrollArea, QVBoxLayout, QWidget

from tfgpu_wizard.core.flows.predict import (
    MIB,
    Prediction,
    Score,
    predict_flow,
    prediction_from_event,
    spec_for,
)
from tfgpu_wizard.core.monitor import panel as mpanel
from tfgpu_wizard.core.monitor.progress import progress_memory
from tfgpu_wizard.gui.workers import FlowTask

LINE_COLOUR = "#6a3d9a"  # not a GPU's colour (chart.PALETTE) nor a memory mode's hue


def _t(text: str) -> str:
    return QCoreApplication.translate("MemoryPanel", text)


def _lang() -> str | None:
    """The language of core's own sentences: None is core.i18n's current one, which the window's switch sets."""
    return None


def _small(text: str = "") -> QLabel:
    lab = QLabel(text)
    lab.setWordWrap(True)
    lab.setTextFormat(Qt.TextFormat.RichText)
    return lab


class MemoryPanel(QScrollArea):
    """The prediction, its score and the labelled figures, for the page's right column (scrolls when short)."""

    prediction_changed = Signal(object)  # the Prediction shown (None: none)
    DEBOUNCE_MS = 700  # the user may click through a few batch sizes: predict the one they stop at

    def __init__(self, chart=None, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("memory-panel")
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        # Always there: with word-wrapped labels (height for width) a scroll bar that comes and goes left the body
        # as wide as the whole viewport, its right edge under the bar.
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOn)
        self.chart = chart
        self.prediction: Prediction | None = None
        self.prediction_from = ""  # "predict" (the flow), "sample" (the run's estimate event), "run" (a stored run)
        self.predicted_bytes: int | None = None  # the peak drawn (for the run's memory mode)
        self.score: Score | None = None
        self.error: str | None = None
        self.mode = ""  # the memory mode the prediction and the shape are for
        self.limit_mb: float | None = None
        self._cache: dict[str, Prediction] = {}
        self._spec_key = ""  # the spec the shown / pending prediction is for
        self._pending: tuple[dict, str | None, bool] | None = None
        self._running_key = ""  # the spec the running prediction is for
        self._figures: dict[str, Any] = {"snapshot": None, "tf_current": None, "tf_peak": None, "pool_mb": None,
                                         "pool_from": "log"}
        self._shape_check: mpanel.ShapeCheck | None = None
        self._line: pg.InfiniteLine | None = None
        self.predictor = FlowTask(predict_flow, self, name="tfgpu-predict")
        self.predictor.progress.connect(self._on_predict_progress)
        self.predictor.finished.connect(self._on_predicted)
        self.predictor.failed.connect(self._on_predict_failed)
        self._debounce = QTimer(self)
        self._debounce.setSingleShot(True)
        self._debounce.setInterval(self.DEBOUNCE_MS)
        self._debounce.timeout.connect(self._start_pending)
        self._busy_text = ""

        body = QWidget()
        lay = QVBoxLayout(body)
        lay.setContentsMargins(2, 2, 2, 2)
        lay.setSpacing(4)
        self.pred_title = _small()
        self.pred_text = _small()
        self.btn_predict = QPushButton()  # the page connects it: predict the settings as they are now
        self.parts = _small()
        self.parts_note = _small()
        self.parts_note.setStyleSheet("color: #555;")
        self.score_text = _small()
        for w in (self.pred_title, self.pred_text, self.btn_predict, self.parts, self.parts_note, self.score_text):
            lay.addWidget(w)
        self.sections = QVBoxLayout()  # the page's own parts of the tab (the largest batch that fits)
        self.sections.setContentsMargins(0, 0, 0, 0)
        lay.addLayout(self.sections)
        self.fig_title = _small()
        lay.addWidget(self.fig_title)
        self.fig_grid = QGridLayout()
        self.fig_grid.setHorizontalSpacing(6)
        self.fig_grid.setVerticalSpacing(1)
        self.fig_labels: dict[str, tuple[QLabel, QLabel]] = {}
        for r, key in enumerate(("nvml.device", "nvml.process", "tf.pool", "tf.current", "tf.peak", "predicted")):
            name, value = QLabel(), QLabel()
            value.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            self.fig_grid.addWidget(name, r, 0)
            self.fig_grid.addWidget(value, r, 1)
            self.fig_labels[key] = (name, value)
        lay.addLayout(self.fig_grid)
        self.shape_text = _small()
        lay.addWidget(self.shape_text)
        lay.addStretch(1)
        self.setWidget(body)
        self.retranslate()

    # -- text -------------------------------------------------------------------------------------------------

    def retranslate(self) -> None:
        self.pred_title.setText("<b>" + html.escape(_t("Predicted peak")) + "</b>")
        self.fig_title.setText("<b>" + html.escape(_t("Which number is which")) + "</b>")
        self.btn_predict.setText(_t("Predict these settings"))
        self.btn_predict.setToolTip(_t("Predicts TensorFlow's peak for the model, batch, precision and memory mode "
                                       "chosen below (the estimator in the target Python, TensorFlow on the CPU). "
                                       "Picking another setting predicts it too."))
        self._render_prediction()
        self._render_figures()
        self._render_shape()
        if self._line is not None:  # its label carries words
            self._draw_line()

    def _render_prediction(self) -> None:
        p = self.prediction
        if p is None:
            self.pred_text.setText(html.escape(self._busy_text or self.error or _t(
                "Pick a TensorFlow model, batch and precision: the prediction appears here and as a line on "
                "the chart.")))
            self.pred_text.setToolTip("")
            self.parts.setText("")
            self.parts.setToolTip("")
            self.parts_note.setText("")
        else:
            peak = self.predicted_bytes if self.predicted_bytes is not None else p.tf_peak_bytes
            where = {"sample": _t("(the sample's own estimate)"), "run": _t("(stored in the run)")}.get(
                self.prediction_from, "")
            text = _t("{peak} MiB in TensorFlow's pool for {model}, batch {batch}, {precision}").format(
                peak=f"{peak / MIB:,.0f}", model=p.model or "?", batch=f"{p.batch_size:,}", precision=p.precision)
            if where:
                text += " " + where
            if self._busy_text:
                text += " · " + self._busy_text
            self.pred_text.setText(html.escape(text))
            self.pred_text.setToolTip(p.line(_lang()))
            rows = []
            tips = []
            for part in p.parts + p.outside:
                if part.bytes < MIB // 2:
                    continue
                outside = part in p.outside
                label = part.label(_lang()) + (" *" if outside else "")
                rows.append(f"<tr><td>{html.escape(label)}</td><td align='right'>{part.bytes / MIB:,.0f}</td></tr>")
                tips.append(f"{part.label(_lang())}: {part.bytes / MIB:,.0f} MiB — {part.what}")
            self.parts.setText("<table cellspacing='0' cellpadding='0' width='100%'>" + "".join(rows) + "</table>")
            self.parts_note.setText(html.escape(_t("* outside TensorFlow's pool (NVML shows it on top)")))
            self.parts.setToolTip("\n".join(tips + list(p.notes)))
        for lab in (self.parts, self.parts_note):
            lab.setVisible(bool(lab.text()))
        self.btn_predict.setVisible(p is None and not self._busy_text)
        s = self.score
        self.score_text.setVisible(s is not None)
        if s is None:
            self.score_text.setText("")
        else:
            kind = "ok" if s.within_goal else ("warn" if s.within_goal is False else "info")
            colour = {"ok": "#1a7f37", "warn": "#9a6700", "info": "#1f4e99"}[kind]
            symbol = {"ok": "✓", "warn": "!", "info": "i"}[kind]
            self.score_text.setText(f"<span style='color:{colour}'>{symbol} {html.escape(s.line(_lang()))}</span>")

    def add_section(self, widget: QWidget) -> None:
        """A part of the tab after the prediction and its score."""
        self.sections.addWidget(widget)

    def set_mode(self, mode: str, limit_mb: float | None = None) -> None:
        """The memory mode picked for the next run ("" on the CPU): its expected shape is stated before it."""
        self.mode, self.limit_mb = mode, limit_mb
        self._shape_check = None
        self._render_shape()

    # -- the prediction ---------------------------------------------------------------------------------------

    def request(self, config: Any, python: str | None, keras2: bool = False, *, on_cpu: bool = False,
                now: bool = False) -> None:
        """Predict for the page's settings (a SampleConfig), after a short pause (``now``: at once). Other
        backends than TensorFlow have no prediction."""
        self.mode = "" if on_cpu else str(getattr(config, "memory", "") or "")
        try:
            self.limit_mb = float(config.memory_limit) if getattr(config, "memory_limit", None) else None
        except (TypeError, ValueError):
            self.limit_mb = None
        if (getattr(config, "backend", "tensorflow") or "tensorflow") != "tensorflow":
            self._debounce.stop()
            self._pending = None
            self.error = _t("The prediction is made for the TensorFlow sample only.")
            self.show_prediction(None)
            return
        spec = spec_for(config)
        key = self._key(config, python, keras2)
        self._spec_key = key
        self.score = None
        if key in self._cache:
            self._debounce.stop()
            self._pending = None
            self.show_prediction(self._cache[key], "predict")
            return
        self._pending = (spec, python, keras2)
        if self.prediction is not None:  # the line of other settings goes while these are predicted
            self.show_prediction(None)
        self._busy_text = _t("predicting in the target Python (TensorFlow on the CPU)…")
        self._render_prediction()
        if now:
            self._start_pending()
        else:
            self._debounce.start()

    @staticmethod
    def _key(config: Any, python: str | None, keras2: bool) -> str:
        return repr(sorted(spec_for(config).items())) + f"|{python}|{keras2}"

    def prediction_for(self, config: Any, python: str | None, keras2: bool = False) -> Prediction | None:
        """The app's prediction for exactly these settings, when one was made (what a run then keeps and
        scores: it has the training data's part, which the sample's own estimate lacks)."""
        if (getattr(config, "backend", "tensorflow") or "tensorflow") != "tensorflow":
            return None
        return self._cache.get(self._key(config, python, keras2))

    def _start_pending(self) -> None:
        if self._pending is None:
            return
        if self.predictor.is_running():  # the newer request starts when this one has answered
            self.predictor.cancel()
            return
        spec, python, keras2 = self._pending
        self._pending = None
        self._running_key = self._spec_key
        self._busy_text = _t("predicting in the target Python (TensorFlow on the CPU)…")
        self.error = None
        self._render_prediction()
        self.predictor.start([spec], python, keras2=keras2)

    def busy(self) -> bool:
        return self.predictor.is_running() or self._pending is not None

    def _on_predict_progress(self, item) -> None:
        if item.kind == "waiting":
            self._busy_text = _t("still predicting ({0:.0f} s)…").format(float(item.data or 0))
            self._render_prediction()

    def _on_predicted(self, result) -> None:
        self._busy_text = ""
        key = self._running_key
        pred = result.predictions[0] if result.predictions else None
        if pred is not None:
            self._cache[key] = pred
        if self._pending is not None:  # the settings changed meanwhile: predict those
            self._debounce.start(0)
            return
        if result.cancelled:
            self._render_prediction()
            return
        if key != self._spec_key:
            return
        if pred is None:
            err = result.error or (result.errors[0] if result.errors else None) or ""
            self.error = _t("No prediction: {0}").format(err)
        self.show_prediction(pred, "predict")

    def _on_predict_failed(self, message: str) -> None:
        self._busy_text = ""
        self.error = _t("No prediction: {0}").format(message)
        self.show_prediction(None)

    def show_prediction(self, pred: Prediction | None, source: str = "predict", peak: int | None = None) -> None:
        """Show ``pred`` (its peak for the page's memory mode, or ``peak`` bytes) and draw its line."""
        self.prediction = pred
        self.prediction_from = source if pred is not None else ""
        if pred is None:
            self.predicted_bytes = peak
        else:
            self.predicted_bytes = peak if peak is not None else pred.tf_peak_for(self.mode)
        self._render_prediction()
        self._render_figures()
        self._draw_line()
        self.prediction_changed.emit(pred)

    def _draw_line(self) -> None:
        """The predicted peak as a dashed horizontal line on the memory chart (not for a CPU run: no GPU)."""
        chart = self.chart
        if chart is None:
            return
        if self._line is not None:
            chart.mem_plot.removeItem(self._line)
            self._line = None
        if not self.predicted_bytes or (self.mode == "" and self.prediction_from != "run"):
            chart.set_y_floor(0.0)
            chart.repaint_now()
            return
        mib = self.predicted_bytes / MIB
        pen = pg.mkPen(LINE_COLOUR, width=2, style=Qt.PenStyle.DashLine)
        self._line = pg.InfiniteLine(pos=mib, angle=0, pen=pen, movable=False, label=self.line_label(),
                                     labelOpts={"position": 0.97, "color": LINE_COLOUR, "anchors": [(1, 1), (1, 1)]})
        self._line.setZValue(5)
        chart.mem_plot.addItem(self._line)
        chart.set_y_floor(mib * 1.15)
        chart.repaint_now()

    def line_label(self) -> str:
        if not self.predicted_bytes:
            return ""
        return _t("predicted TF peak {0} MiB").format(f"{self.predicted_bytes / MIB:,.0f}")

    def line_value(self) -> float | None:
        """The drawn line's height in MiB (None: no line)."""
        return None if self._line is None else float(self._line.value())

    # -- the run ----------------------------------------------------------------------------------------------

    def run_started(self, config: Any, on_cpu: bool) -> None:
        """A run starts: the prediction for its settings stays; its figures and score are reset."""
        self.mode = "" if on_cpu else str(getattr(config, "memory", "") or "")
        self.score = None
        self._shape_check = None
        self._figures.update(tf_current=None, tf_peak=None, pool_mb=None, pool_from="log")
        if self.mode == "limit" and self.limit_mb:
            self._figures.update(pool_mb=int(self.limit_mb), pool_from="limit")
        if self.prediction is not None:
            self.predicted_bytes = self.prediction.tf_peak_for(self.mode)
        self._draw_line()  # for the run's mode; none for a CPU run
        self._render_prediction()
        self._render_figures()
        self._render_shape()

    def on_progress(self, item) -> None:
        """The record flow's progress items: the sample's estimate, TensorFlow's pool line."""
        if item.kind == "estimate" and item.data is not None and (
                self.prediction is None or self.prediction_from != "predict"):
            self.show_prediction(item.data, "sample")  # the app's own prediction (with the data part) stays
        elif item.kind == "pool" and item.data is not None:
            self._figures.update(pool_mb=int(item.data.mb), pool_from="log")
            self._render_figures()

    def set_tf_memory(self, current_mib: float | None, peak_mib: float | None) -> None:
        self._figures.update(tf_current=None if current_mib is None else int(current_mib * MIB),
                             tf_peak=None if peak_mib is None else int(peak_mib * MIB))
        if self.isVisible():  # else when the tab is shown (the readings come at 10 Hz)
            self._render_figures()

    def set_snapshot(self, snapshot: Any) -> None:
        self._figures["snapshot"] = snapshot
        if self.isVisible():
            self._render_figures()

    def showEvent(self, event) -> None:  # noqa: N802 - Qt override
        self._render_figures()
        super().showEvent(event)

    def run_finished(self, score: Score | None, trace: list[float | None] | None = None,
                     total: float | None = None) -> None:
        """The run ended: its score (``RecordResult.score``) and its NVML trace (bytes) checked against the
        memory mode's shape."""
        self.score = score
        if self.prediction is None and score is not None and score.predicted_bytes:
            self.predicted_bytes = score.predicted_bytes
            self._draw_line()
        self._check(trace, total)
        self._render_prediction()
        self._render_shape()

    def _check(self, trace: list[float | None] | None, total: float | None) -> None:
        self._shape_check = None
        if self.mode and trace and total:
            self._shape_check = mpanel.check_shape(self.mode, trace, total, limit_mb=self.limit_mb, lang=_lang())

    def show_replay(self, rep: Any) -> None:
        """A reopened run or recording: its stored prediction (the sample's estimate, or the end line's
        ``predicted_tf_peak``), its score, its pool line and its shape checked."""
        events = [e for _, e in getattr(rep, "events", ()) if isinstance(e, dict)]
        self.mode = getattr(rep, "mode", "") or ""
        start = next((e for e in events if e.get("type") == "start"), {})
        cfg = start.get("config") if isinstance(start.get("config"), dict) else {}
        try:
            self.limit_mb = float(cfg["memory_limit"]) if cfg.get("memory_limit") else None
        except (TypeError, ValueError):
            self.limit_mb = None
        # the app's own prediction (the header's), else the sample's estimate event
        pred = prediction_from_event(rep.prediction) if isinstance(getattr(rep, "prediction", None), dict) else None
        if pred is None:
            pred = next((p for p in (prediction_from_event(e) for e in events if e.get("type") == "estimate") if p),
                        None)
        end = rep.end if isinstance(getattr(rep, "end", None), dict) else {}
        mem = end.get("memory") if isinstance(end.get("memory"), dict) else {}

        def num(key: str) -> int | None:
            v = mem.get(key)
            return int(v) if isinstance(v, (int, float)) and not isinstance(v, bool) and v > 0 else None

        stored = num("predicted_tf_peak")
        self.score = None
        if mem:
            self.score = Score(stored, num("tf_peak"), num("nvml_peak"), str(mem.get("nvml_source") or ""),
                               str(mem.get("memory_mode") or self.mode))
        elif rep.stats is not None and (rep.stats.tf_peak_mib or rep.stats.predicted_mib):
            st = rep.stats
            self.score = Score(int(st.predicted_mib * MIB) if st.predicted_mib else None,
                               int(st.tf_peak_mib * MIB) if st.tf_peak_mib else None, None, "", self.mode)
        peak = stored if stored else (self.score.predicted_bytes if self.score is not None else None)
        self._figures.update(tf_current=None, tf_peak=None, pool_mb=None, pool_from="log", snapshot=None)
        pool = next((n for n in reversed(getattr(rep, "notes", ()) or ()) if n.get("code") == "tf-pool"
                     and isinstance(n.get("pool_mb"), int)), None)
        if pool is not None:
            self._figures["pool_mb"] = pool["pool_mb"]
        elif self.mode == "limit" and self.limit_mb:
            self._figures.update(pool_mb=int(self.limit_mb), pool_from="limit")
        self.show_prediction(pred, "run", peak=peak)
        if pred is None and peak:
            self.prediction_from = "run"
            self._draw_line()
        for ev in reversed(events):  # TensorFlow's own numbers at its last progress point
            if ev.get("type") in ("progress", "summary"):
                cur, pk = progress_memory(ev)
                if cur is not None or pk is not None:
                    self._figures.update(tf_current=None if cur is None else int(cur),
                                         tf_peak=None if pk is None else int(pk))
                    break
        snaps = list(getattr(rep, "snapshots", ()) or ())
        if snaps:
            first = snaps[0].gpu
            mine = [s for s in snaps if s.gpu == first]
            self._figures["snapshot"] = max(mine, key=lambda s: s.mem_used or 0)  # NVML's figures at the peak
            use_pid = any(s.pid_mem for s in mine)
            trace = [s.pid_mem if use_pid else s.mem_used for s in mine]
            total = next((s.mem_total for s in mine if s.mem_total), None)
            self._check(trace, total)
        else:
            self._shape_check = None
        self._render_figures()
        self._render_shape()
        self._render_prediction()

    def set_pool_mb(self, mb: int | None, source: str = "log") -> None:
        self._figures.update(pool_mb=mb, pool_from=source)
        self._render_figures()

    # -- which number is which --------------------------------------------------------------------------------

    def figures(self) -> list[mpanel.Figure]:
        f = self._figures
        return mpanel.memory_figures(f["snapshot"], tf_current=f["tf_current"], tf_peak=f["tf_peak"],
                                     pool_mb=f["pool_mb"], pool_from=f["pool_from"],
                                     predicted=self.predicted_bytes, lang=_lang())

    def _render_figures(self) -> None:
        shown = {fig.key: fig for fig in self.figures()}
        for key, (name, value) in self.fig_labels.items():
            fig = shown.get(key)
            name.setVisible(fig is not None)
            value.setVisible(fig is not None)
            if fig is None:
                continue
            name.setText(fig.label)
            value.setText("—" if fig.value is None else f"{fig.value / MIB:,.0f} MiB")
            tip = f"{fig.what} ({fig.source})" if fig.source else fig.what
            name.setToolTip(tip)
            value.setToolTip(tip)

    def _render_shape(self) -> None:
        parts = []
        exp = mpanel.expected_shape(self.mode, lang=_lang()) if self.mode else None
        if exp is not None:
            parts.append(html.escape(exp.text))
        c = self._shape_check
        if c is not None:
            colour, symbol = ("#1a7f37", "✓") if c.ok else ("#9a6700", "!")
            parts.append(f"<span style='color:{colour}'>{symbol} {html.escape(c.text)}</span>")
        self.shape_text.setText("<br>".join(parts))
        self.shape_text.setVisible(bool(parts))

    # -- for tests and the page -------------------------------------------------------------------------------

    def parts_shown(self) -> list[str]:
        """The parts' labels as listed (in the current language)."""
        p = self.prediction
        return [] if p is None else [part.label(_lang()) for part in p.parts + p.outside if part.bytes >= MIB // 2]

    def shutdown(self) -> None:
        self._debounce.stop()
        self._pending = None
        self.predictor.shutdown(wait_ms=8000)


def nvml_trace(store: Any) -> tuple[list[float], float | None]:
    """A run's NVML trace in bytes from the chart's store (its process where NVML gives it, else the device;
    the first GPU drawn) and the card's size: what the memory mode's shape is checked on."""
    import numpy as np

    gpus = sorted(int(n[3:].partition(".")[0]) for n in store.names if n.startswith("gpu") and n.endswith(".used"))
    if not gpus:
        return [], None
    g = gpus[0]
    proc = store.col(f"gpu{g}.proc") if f"gpu{g}.proc" in store.names else np.array([])
    col = proc if len(proc) and np.isfinite(proc).any() else store.col(f"gpu{g}.used")
    total = store.col(f"gpu{g}.total") if f"gpu{g}.total" in store.names else np.array([])
    tot = float(np.nanmax(total)) * MIB if len(total) and np.isfinite(total).any() else None
    return [float(v) * MIB for v in col if np.isfinite(v)], tot
