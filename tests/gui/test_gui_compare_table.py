"""Monitor: the comparison table under the chart (issue 18). Two bundled TensorFlow 2.21 recordings from an H200
(labelled real runs) opened through the page; the table's numbers must be exactly what
``tfgpu-wizard runs compare --json`` (a real subprocess) says for the same two files, with the overlay's labels
and colours, and its headers follow the language."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from PySide6.QtCore import Qt

pytestmark = pytest.mark.gui

NAMES = ("sample-tf-resnet20-fp32-growth", "sample-tf-resnet20-fp32-limit")


def test_comparison_table_shows_what_runs_compare_says(window, qtbot):
    from tfgpu_wizard.core.monitor.runs import bundled_recordings

    by_name = {p.name.removesuffix(".run.jsonl"): p for p in bundled_recordings()}
    paths = [by_name[n] for n in NAMES]
    page = window.show_page("monitor")
    assert page.compare.isHidden()  # nothing shown yet: no empty table
    for p in paths:  # what "Open run or recording…" calls with the file picked in its dialog
        with qtbot.waitSignal(page.replay_done, timeout=30_000) as blocker:
            assert page.open_run(p)
        assert blocker.args == [True]

    r = subprocess.run([sys.executable, "-m", "tfgpu_wizard", "runs", "compare", *map(str, paths), "--json"],
                       capture_output=True, text=True, env=dict(os.environ), timeout=120)
    assert r.returncode == 0, r.stderr
    cli = json.loads(r.stdout)["runs"]

    table = page.compare
    assert table.isVisible() and table.rowCount() == 2
    shown = table.values()
    for row, want in zip(shown, cli, strict=True):
        assert row["label"] == want["label"]
        for key in ("peak_mib", "steady_mib", "images_per_s", "first_step_s"):
            assert row[key] == pytest.approx(want[key], rel=1e-9), key
    # The text is the CLI's formatting of the same numbers
    assert table.item(0, 1).text() == f"{cli[0]['peak_mib']:,.0f}"
    assert table.item(1, 4).text() == f"{cli[1]['first_step_s']:.2f}"
    # growth vs limit: the lesson the app is for, visible in the numbers
    assert cli[1]["peak_mib"] > cli[0]["peak_mib"]
    # The earlier run is labelled and coloured as in the legend; the opened one is marked current.
    (label, colour, _dash, _info), = page.chart.faded_runs()
    assert label == cli[0]["label"] and table.rows[0].colour == colour
    assert table.rows[1].current and "(current)" in table.item(1, 0).text()
    assert not table.item(0, 0).icon().isNull()

    window.set_language("zh_CN")
    headers = [table.horizontalHeaderItem(c).text() for c in range(table.columnCount())]
    assert headers[1] == "峰值 (MiB)" and "Peak" not in " ".join(headers)
    assert "（当前）" in table.item(1, 0).text()
    assert table.values() == shown  # the numbers stay

    qtbot.mouseClick(page.btn_clear, Qt.MouseButton.LeftButton)  # "Clear earlier runs": their rows go too
    assert table.rowCount() == 1 and table.rows[0].current
