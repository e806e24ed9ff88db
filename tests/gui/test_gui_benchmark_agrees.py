"""The Benchmark page and ``tfgpu-wizard benchmark`` (a real subprocess) report the same states (issue 21).

Both run core.flows.benchmark. Before, the page said "crashed" / "not-started" with an empty message where the
CLI said "failed" with how the process ended. The interpreters are small real executables (one that crashes,
one that is missing); a real CPU comparison on both faces is in test_gui_tf.py and test_benchmark_cli.py.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

pytestmark = [pytest.mark.gui,
              pytest.mark.skipif(os.name != "posix", reason="the stand-in interpreter is a shell script")]


@pytest.mark.parametrize("kind", ["crashes", "missing"])
def test_page_and_cli_rows_say_the_same(window, qtbot, tmp_path, kind):
    if kind == "crashes":
        python = tmp_path / "崩溃 python" / "python"
        python.parent.mkdir()
        python.write_text("#!/bin/sh\nkill -SEGV $$\n", encoding="utf-8")
        python.chmod(0o755)
    else:
        python = tmp_path / "no such python"
    qtbot.waitUntil(lambda: not window.detecting(), timeout=60_000)  # the settings follow the host report
    window.state.target_python = str(python)
    page = window.show_page("benchmark")
    page.start(steps=5)
    qtbot.waitUntil(lambda: not page.busy(), timeout=60_000)
    cli = subprocess.run([sys.executable, "-m", "tfgpu_wizard", "benchmark", "--steps", "5", "--python", str(python),
                          "--json"], capture_output=True, text=True, timeout=120)
    assert cli.returncode == 1, cli.stderr
    rows = json.loads(cli.stdout)
    assert [(r["setting"], r["status"], r["message"]) for r in rows] == \
        [(r["setting"], r["status"], r["message"]) for r in page.results]
    want = "crashed" if kind == "crashes" else "not-started"
    assert {r["status"] for r in rows} == {want} and all(r["message"] for r in rows)
    shown = page.table.item(0, 4).text()
    assert shown.startswith("✗") and rows[0]["message"][:40] in shown
    assert window.status_text() == "Ready"
