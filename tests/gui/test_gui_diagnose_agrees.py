"""The Diagnose page and `tfgpu-wizard diagnose --here` give one explanation (core.flows.diagnose). Before, the page
passed no context (the host's facts were known), translated the engine's words a second time, explained harmless
lines in full paragraphs, dropped "a consequence of #n", and only the page said what the log does not tell.

Logs: real logs from public issues (tests/fixtures/logs, each with its .source.txt)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tfgpu_wizard.cli import main
from tfgpu_wizard.core.diagnose.engine import decode_log

pytestmark = pytest.mark.gui
LOGS = Path(__file__).resolve().parents[1] / "fixtures" / "logs"


@pytest.mark.parametrize("name", ["gh_tf_63362_wsl_tf216_dlopen", "gh_wsl_11229_ldconfig",
                                  "gh_textgen_3320_trt_only", "gh_apapiu_8_dnn_not_found"])
def test_the_page_says_what_the_cli_says(window, qtbot, capsys, name: str) -> None:
    log = LOGS / f"{name}.log"
    window.detect_host()  # the page's host: this machine, as --here
    qtbot.waitUntil(lambda: not window.detecting(), timeout=60_000)
    assert main(["--lang", "en", "diagnose", "--here", "--json", str(log)]) in (0, 1)
    cli = json.loads(capsys.readouterr().out)
    assert cli["context"].get("driver_present") is not None  # this machine's facts were used
    page = window.show_page("diagnose")
    page.log.setPlainText(decode_log(log.read_bytes()))
    page.btn.click()
    shown = page.result.toPlainText()
    at = -1
    for f in cli["findings"]:
        assert f["title"] in shown and shown.index(f["title"]) > at  # the same findings, in the same order
        at = shown.index(f["title"])
        if f["severity"] != "harmless" or f["rule_id"] == "only-harmless-lines":
            assert f["explanation"] in shown
        else:  # named, not explained: as the CLI without --all
            assert f["explanation"] not in shown
        if f["symptom_of"]:
            assert "(a consequence of #" in shown
    notes = [n["text"] for n in cli["notes"]]  # what the log does not tell
    for note in notes:
        assert note in shown
    main(["--lang", "en", "diagnose", "--here", str(log)])
    text = " ".join(capsys.readouterr().out.split())  # the terminal wraps its paragraphs to the width
    assert all(" ".join(n.split()) in text for n in notes) and ("What this log does not tell:" in text) == bool(notes)
