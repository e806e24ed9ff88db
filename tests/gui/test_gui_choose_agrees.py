"""Setup → Choose and `tfgpu-wizard plan` pick the same thing (core.flows.choose), for every recorded host report
and every pin. Before, they disagreed: the window could not choose uv, planned native Windows by default where
core (and the CLI) suggest WSL2, fell back silently to another method when the pinned one could not be used,
and spelled the row statuses in other words.

Hosts: the H200 doctor report (resources/recordings) and the realistic reports of tests/fixtures/host/realistic."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tfgpu_wizard.cli import main
from tfgpu_wizard.core.setup.host_model import HostReport
from tfgpu_wizard.core.setup.plan import METHODS

pytestmark = pytest.mark.gui
ROOT = Path(__file__).resolve().parents[2]
HOSTS = [ROOT / "resources" / "recordings" / "doctor-h200.json",
         *sorted((ROOT / "tests" / "fixtures" / "host" / "realistic").glob("*.json"))]


def cli_pick(host: Path, capsys, method: str | None = None, tf: str | None = None) -> tuple:
    args = ["--lang", "en", "plan", "--host", str(host), "--json"]
    args += ["--method", method] if method else []
    args += ["--tf", tf] if tf else []
    main(args)
    out = json.loads(capsys.readouterr().out)
    if not out["installable"]:
        return (None, bool(out["refusal"]))
    return ((out["line"], out["method"], out["platform"], out["python_version"]), False)


def window_pick(choose_view, host_file: Path, method: str | None = None, tf: str | None = None) -> tuple:
    choose_view.pin_tf(tf)
    choose_view.pin_method(method)
    pick = choose_view.pick()
    c = pick.choice if pick is not None else None
    if c is None:
        return (None, bool(pick and pick.refused))
    from tfgpu_wizard.core.setup.plan import build_plan

    plan = build_plan(c.row, choose_view.host, c.method, "bash" if c.platform != "windows" else "powershell",
                      python=c.python, cpu=c.cpu)
    return ((c.row.tensorflow, c.method, c.platform, plan.python_version), False)


@pytest.mark.parametrize("host_file", HOSTS, ids=lambda p: p.stem)
def test_the_window_and_the_cli_pick_the_same(window, capsys, host_file: Path) -> None:
    host = HostReport.from_json(host_file.read_text("utf-8"))
    page = window.show_page("setup")
    page.set_host(host)
    view = page.choose
    methods = [view.method_combo.itemData(i) for i in range(view.method_combo.count())]
    assert methods == [None, *METHODS]  # uv too, as `plan --method` offers
    lines = [c.row.tensorflow for c in (view.rec.candidates if view.rec else ())]
    for tf in (None, *lines[1:3]):
        for method in (None, *METHODS):
            expected = cli_pick(host_file, capsys, method, tf)
            assert window_pick(view, host_file, method, tf) == expected, (host_file.stem, tf, method)
        view.pin_method(None)
    view.pin_tf(None)


def test_the_status_words_are_the_same(window, capsys) -> None:
    host = ROOT / "tests" / "fixtures" / "host" / "realistic" / "centos7-v100-glibc217.json"
    page = window.show_page("setup")
    page.set_host(HostReport.from_json(host.read_text("utf-8")))
    main(["--lang", "en", "plan", "--host", str(host)])
    text = capsys.readouterr().out
    words = {page.choose.table.item(r, 4).text()[2:] for r in range(page.choose.table.rowCount())}
    assert "ruled out" in words and all(w in text for w in words)
