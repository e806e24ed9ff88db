"""The sample's warnings reach the Monitor's run box, in the user's language, and follow a language switch.

Before: the page dropped every `warning` event, so a run that trained on the CPU although the user asked for a
GPU mode (or, on the H200 without a library path, a CUDA build that registered no GPU) said nothing in the
window. A real sample run in real TensorFlow (CPU): `--devices auto --memory growth` on a machine without a GPU
makes the sample warn that the memory mode has no effect.
"""

from __future__ import annotations

import importlib.util
import sys

import pytest

pytestmark = [pytest.mark.gui, pytest.mark.tf]


@pytest.mark.skipif(importlib.util.find_spec("tensorflow") is None, reason="TensorFlow is not installed here")
def test_the_samples_warning_is_shown_and_translated(window, qtbot) -> None:
    from tfgpu_wizard.core.monitor import nvml

    if nvml.init() is None:
        pytest.skip("a GPU driver is here: the sample would use the GPU and not warn")
    window.set_language("zh_CN")
    page = window.show_page("monitor")
    with qtbot.waitSignal(page.trainer.finished, timeout=180_000) as blocker:
        assert page.start_sample(extra_args=["--devices", "auto", "--memory", "growth", "--steps", "2",
                                             "--log-every", "1", "--batch-size", "8"], python=sys.executable)
    assert blocker.args[0].end == "ok", blocker.args[0].stderr_tail
    text = page.run_state.text()
    assert "没有使用 GPU，所以 --memory growth 不起作用" in text, text
    window.set_language("en")
    text = page.run_state.text()
    assert "No GPU is in use, so --memory growth has no effect" in text and "不起作用" not in text, text
