"""A run whose file cannot be written is not silent in the window (issue 11): the run box says why and offers
to save the whole run elsewhere, as `tfgpu-wizard record` does. The fault injected: the runs folder lies under
a plain file, so it cannot be created (works as root too, unlike a read-only folder). The run is the real
sample on the CPU.
"""

from __future__ import annotations

import importlib.util

import pytest

from tfgpu_wizard.core.monitor.runs import read_run

pytestmark = [pytest.mark.gui,
              pytest.mark.skipif(importlib.util.find_spec("tensorflow") is None, reason="needs TensorFlow")]


def test_unwritable_run_folder_is_said_and_the_run_can_be_saved_elsewhere(window, qtbot, tmp_path, monkeypatch):
    blocker = tmp_path / "not a folder"
    blocker.write_text("x", encoding="utf-8")
    monkeypatch.setenv("TFGPU_WIZARD_DATA", str(blocker / "data"))
    page = window.show_page("monitor")
    page.devices.setCurrentIndex(page.devices.findData("cpu"))
    page.steps.setValue(5)
    page.batch.setValue(16)
    with qtbot.waitSignal(page.trainer.finished, timeout=240_000) as blocker_sig:
        assert page.start_sample()
    assert blocker_sig.args[0].end == "ok"
    assert page.last_run_path is None and page._unsaved is not None
    text = page.run_state.text()
    assert "Writing the run failed" in text and "Save run elsewhere" in text
    assert page.btn_save_elsewhere.isVisibleTo(page)
    target = tmp_path / "另存 run.run.jsonl"
    assert page.save_unsaved(target)
    record = read_run(target)
    assert record.end is not None and record.end["status"] == "finished" and not record.problems
    assert record.header["config"] == page._config.to_dict()
    assert any(ev.get("type") == "summary" for _, ev in record.events)
    assert page.last_run_path == target and not page.btn_save_elsewhere.isVisibleTo(page)
    assert "Saved as" in page.run_state.text()
