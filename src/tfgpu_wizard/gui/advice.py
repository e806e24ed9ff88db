"""What to do after the sample failed, worded for the GUI.

The sample's ``error`` events carry an ``advice`` written for the command line ("Run the sample with
--help", "use a smaller --batch-size"). In the app the user changes controls, not flags, so the pages
show ``advice_for(error_event)``: the GUI wording for the codes a GUI user can meet, keyed by the
event's ``code``, and the sample's own advice for any other code.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication

# error code of target/sample.py -> GUI advice (English; translated in context "Advice")
GUI_ADVICE = {
    "bad-flags": "These sample settings do not fit together (the line above says which): change them in the "
    "controls and start again.",
    "oom": "The GPU ran out of memory: choose a smaller batch, mixed precision, a smaller model or a higher "
    "memory limit, and close other programs that use the GPU.",
    "gpu-not-found": "TensorFlow does not see the GPU you chose: Setup → Verify finds out why; meanwhile choose "
    "“CPU only” under Devices.",
    "no-tf-keras": "Keras 2 was asked for, but tf-keras is not installed in this Python (TensorFlow 2.16 and "
    "later ship only Keras 3): install the tf-keras that matches its TensorFlow, or untick “Keras 2 (tf-keras)” "
    "to train with Keras 3.",
    "batch-not-divisible": "Choose a batch size that is a multiple of the number of GPUs.",
    "no-backend": "Keras 3 with this backend is not installed in this Python: install keras and jax or torch "
    "there, or choose the TensorFlow backend.",
    "multi-gpu-unsupported": "The PyTorch backend trains on one GPU only: choose one GPU under Devices, or the "
    "JAX or TensorFlow backend.",
    "no-tensorflow": "TensorFlow could not be imported in this Python: install it there (Setup shows how), or "
    "check another Python in Setup → Verify.",
}


def _t(text: str) -> str:
    return QCoreApplication.translate("Advice", text)


def advice_for(error_event: dict[str, Any] | None) -> str:
    """The advice to show for a sample ``error`` event ('' when there is none)."""
    if not isinstance(error_event, dict):
        return ""
    code = error_event.get("code")
    if isinstance(code, str) and code in GUI_ADVICE:
        return _t(GUI_ADVICE[code])
    return str(error_event.get("advice") or "")
