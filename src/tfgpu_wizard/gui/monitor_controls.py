"""The Monitor page's sample settings: memory mode, limit, devices, precision, model, batch, steps, backend,
Keras 2, and the sentence under them saying what the chosen mode's curve looks like.

Widget code only: the settings become a ``core.target.runner.SampleConfig`` through core's one rule
(``core.target.sampleopts.config_from_controls``: the CPU rule, ``--gpu-total-mb`` from the host report), the
same config ``tfgpu-wizard record`` builds from its flags. Texts are translated in the ``MonitorPage`` context.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QSizePolicy,
    QSpinBox,
    QWidget,
)

from tfgpu_wizard.core.target.sampleopts import BACKEND_MODE_TEXT, DEFAULT_MEMORY, MEMORY_MODES, MODE_TEXT
from tfgpu_wizard.gui.widgets import wrap_label

# Keras backend of the sample -> (combo text, whose allocator the framework memory series show)
BACKEND_NAMES = {"tensorflow": ("TensorFlow", "TensorFlow"), "jax": ("JAX (Keras 3)", "JAX"),
                 "torch": ("PyTorch (Keras 3)", "PyTorch")}


def _t(text: str) -> str:
    return QCoreApplication.translate("MonitorPage", text)


def _combo() -> QComboBox:
    """A combo that may shrink below its longest item (the window fits 1024 px in English)."""
    combo = QComboBox()
    combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
    combo.setMinimumContentsLength(10)
    combo.currentTextChanged.connect(combo.setToolTip)  # an elided choice can still be read in full
    return combo


class SampleControls(QWidget):
    """The settings grid; ``buttons`` (its third row) is where the page puts Start, Stop and the rest."""

    keras2_changed = Signal(bool)

    def __init__(self, keras2: bool = False, parent=None) -> None:
        super().__init__(parent)
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        self.lab_mode, self.mode = QLabel(), _combo()
        for m in MEMORY_MODES:
            self.mode.addItem(m, m)
        self.mode.setCurrentIndex(self.mode.findData(DEFAULT_MEMORY))  # the CLI's default
        self.lab_limit, self.limit_mb = QLabel(), QSpinBox()
        self.limit_mb.setRange(256, 1_000_000)
        self.limit_mb.setValue(4096)
        self.limit_mb.setSuffix(" MB")
        self.lab_devices, self.devices = QLabel(), _combo()
        self.devices_chosen = False  # set when the user picks a device (activated: user actions only)
        self.filled_for: object = None  # the host report the device list was last filled from
        self.devices.activated.connect(self.on_devices_chosen)
        self.lab_precision, self.precision = QLabel(), _combo()
        for p in ("fp32", "mixed_float16", "mixed_bfloat16"):
            self.precision.addItem(p, p)
        self.lab_model, self.model = QLabel(), _combo()
        for m in ("cnn", "resnet20", "resnet50"):
            self.model.addItem(m, m)
        self.lab_batch, self.batch = QLabel(), QSpinBox()
        self.batch.setRange(1, 65536)
        self.batch.setValue(128)
        self.lab_steps, self.steps = QLabel(), QSpinBox()
        self.steps.setRange(1, 1_000_000)
        self.steps.setValue(300)
        self.lab_backend, self.backend = QLabel(), _combo()
        for b, (text, _) in BACKEND_NAMES.items():
            self.backend.addItem(text, b)
        self.keras2 = QCheckBox()
        self.keras2.setChecked(keras2)
        rows = ([(self.lab_mode, self.mode), (self.lab_limit, self.limit_mb), (self.lab_devices, self.devices),
                 (self.lab_precision, self.precision)],
                [(self.lab_model, self.model), (self.lab_batch, self.batch), (self.lab_steps, self.steps),
                 (self.lab_backend, self.backend)])
        for r, row in enumerate(rows):
            for c, (lab, w) in enumerate(row):
                lab.setBuddy(w)
                grid.addWidget(lab, r, 2 * c, alignment=Qt.AlignmentFlag.AlignRight)
                grid.addWidget(w, r, 2 * c + 1)
        for col, stretch in ((1, 3), (3, 1), (5, 3), (7, 2)):  # the combos' words before the spin boxes' digits
            grid.setColumnStretch(col, stretch)
        self.buttons = QHBoxLayout()
        self.buttons.addStretch(1)
        self.buttons.addWidget(self.keras2)
        self.buttons.addSpacing(16)
        grid.addLayout(self.buttons, 2, 0, 1, 8)
        self.mode_text = wrap_label()
        self.mode_text.setStyleSheet("color: #333; font-style: italic;")
        # Its height follows its width (two lines at 1024 px): asked for at a narrow guess, the page overflowed 600 px.
        self.mode_text.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        grid.addWidget(self.mode_text, 3, 0, 1, 8)
        for combo in (self.mode, self.devices, self.backend):
            combo.currentIndexChanged.connect(self.mode_changed)
        self.keras2.toggled.connect(self.keras2_changed)

    def retranslate(self, host: object = None) -> None:
        self.lab_mode.setText(_t("Memory"))
        self.lab_limit.setText(_t("Limit"))
        self.lab_devices.setText(_t("Devices"))
        self.lab_precision.setText(_t("Precision"))
        self.lab_model.setText(_t("Model"))
        self.lab_batch.setText(_t("Batch"))
        self.lab_steps.setText(_t("Steps"))
        self.lab_backend.setText(_t("Backend"))
        self.keras2.setText(_t("Keras 2 (tf-keras)"))
        # The choices in words, with the flag the CLI takes in brackets (what recordings and the table show)
        words = {"default": _t("default allocation"), "growth": _t("memory growth"), "limit": _t("fixed limit"),
                 "fp32": "FP32", "mixed_float16": _t("mixed precision, float16"),
                 "mixed_bfloat16": _t("mixed precision, bfloat16")}
        for combo in (self.mode, self.precision):
            for i in range(combo.count()):
                value = str(combo.itemData(i))
                combo.setItemText(i, f"{words[value]} ({value})" if value in words else value)
            combo.setToolTip(combo.currentText())
        self.fill_devices(host)
        self.mode_changed()

    def fill_devices(self, host: object) -> None:
        """The device list from the host report: CPU, each GPU, all of them; "GPU 0 (if TensorFlow finds one)"
        before detection has answered."""
        current = self.devices.currentData()
        self.devices.blockSignals(True)
        self.devices.clear()
        self.devices.addItem(_t("CPU only"), "cpu")
        gpus = list(getattr(host, "gpus", None) or [])
        for g in gpus:
            self.devices.addItem(_t("GPU {0}: {1}").format(g.index, g.name), f"gpu:{g.index}")
        if len(gpus) > 1:
            self.devices.addItem(_t("All {0} GPUs").format(len(gpus)), "all")
        if not gpus:
            self.devices.addItem(_t("GPU 0 (if TensorFlow finds one)"), "gpu:0")
        idx = self.devices.findData(current)
        self.devices.blockSignals(False)
        new_host = host is not self.filled_for
        self.filled_for = host
        if new_host and not gpus and host is not None and not self.devices_chosen:
            idx = -1  # detection found no NVIDIA GPU: the hopeful "GPU 0" picked before it gives way to the CPU
        if idx < 0:
            # A machine known to have no NVIDIA GPU trains on the CPU by default (a GPU run would only fail
            # with "TensorFlow sees 0 GPUs"); before detection has finished, GPU 0 is the hopeful default.
            no_gpu = host is not None and not gpus
            idx = 0 if no_gpu else (1 if self.devices.count() > 1 else 0)
        self.devices.setCurrentIndex(idx)

    def on_devices_chosen(self, _index: int) -> None:
        self.devices_chosen = True

    def on_cpu(self) -> bool:
        return (self.devices.currentData() or "cpu") == "cpu"

    def backend_name(self) -> str:
        """Whose allocator the run's memory figures come from: TensorFlow, JAX or PyTorch."""
        return BACKEND_NAMES[self.backend.currentData() or "tensorflow"][1]

    def mode_changed(self) -> None:
        mode = self.mode.currentData()
        on_cpu = self.on_cpu()
        backend = self.backend.currentData() or "tensorflow"
        self.mode.setEnabled(not on_cpu)
        self.limit_mb.setEnabled(mode == "limit" and not on_cpu)
        # Keras 2 is tf-keras inside TensorFlow; JAX and PyTorch are Keras 3 only.
        self.keras2.setEnabled(backend == "tensorflow")
        self.keras2.setToolTip(
            _t("Train with Keras 2 (TF_USE_LEGACY_KERAS=1 and the tf-keras package) instead of Keras 3.")
            if backend == "tensorflow" else _t("Keras 2 runs on the TensorFlow backend only."))
        if on_cpu:  # the memory modes are GPU settings; the sample ignores them on the CPU
            self.mode_text.setText(_t("On the CPU the memory setting does not apply: TensorFlow uses ordinary RAM."))
        elif backend != "tensorflow":
            self.mode_text.setText(_t(BACKEND_MODE_TEXT[f"{backend}:{mode}"]))
        else:
            self.mode_text.setText(_t(MODE_TEXT[mode]))

    def config(self, host: object = None):
        """The settings as a ``core.target.runner.SampleConfig``; raises ``ConfigError`` for a combination the
        sample would refuse."""
        from tfgpu_wizard.core.target.sampleopts import config_from_controls

        return config_from_controls(
            memory=self.mode.currentData(), limit_mb=self.limit_mb.value(),
            devices=self.devices.currentData() or "cpu", precision=self.precision.currentData(),
            model=self.model.currentData(), batch_size=self.batch.value(), steps=self.steps.value(),
            backend=self.backend.currentData() or "tensorflow", keras2=self.keras2.isChecked(), host=host,
        )
