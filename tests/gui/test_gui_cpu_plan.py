"""The window's plan is the CLI's plan: on a machine without a usable NVIDIA driver both make the CPU plan.

Before: the Setup page called build_plan without ``cpu=`` (nor the method option's Python), so on a laptop
without a driver "Run it for me" installed ``tensorflow[and-cuda]`` and ended at a GPU verify that must fail,
while `tfgpu-wizard plan` for the same machine gave the CPU plan (found in the issue-18 audit, F11).
The host reports are realistic fixtures, validated against the host-report schema by tests/test_plans_realistic.py.
"""

from __future__ import annotations

import dataclasses
import json
import sys
from pathlib import Path

import pytest

from tfgpu_wizard.core.setup.host_model import HostReport
from tfgpu_wizard.core.setup.matrix import load_matrix
from tfgpu_wizard.core.setup.plan import build_plan
from tfgpu_wizard.core.setup.recommend import recommend

pytestmark = pytest.mark.gui
REALISTIC = Path(__file__).resolve().parents[1] / "fixtures" / "host" / "realistic"


def _cli_plan(host: HostReport, shell: str):
    """What `tfgpu-wizard plan` builds for this host (commands/plan.py's arguments, default method)."""
    rec = recommend(load_matrix(), host)
    cand = rec.chosen
    opt = cand.best_method
    return build_plan(cand.row, host, opt.method, shell, None, python=opt.python, cpu=not rec.gpu_mode)


@pytest.mark.parametrize(("fixture", "cpu"), [
    ("linux-ubuntu2404-no-driver.json", True),
    ("ubuntu2204-a100-conda.json", False),
])
def test_setup_page_builds_the_clis_plan(window, fixture: str, cpu: bool) -> None:
    host = HostReport.from_dict(json.loads((REALISTIC / fixture).read_text("utf-8")))
    # the window plans for the machine it runs on: its report names this interpreter, as detection does
    # (a report of another computer gets checks without this machine's paths: tests/test_plan_newcomer2.py)
    host = dataclasses.replace(host, python=dataclasses.replace(host.python, executable=sys.executable))
    page = window.show_page("setup")
    page.set_host(host)
    plans = page.commands.plans
    assert "bash" in plans, page.commands.error
    plan = plans["bash"]
    assert plan.cpu is cpu
    script = plan.script()
    assert "verify --python" in script
    assert ("--expect-cpu" in script) is cpu  # a CPU plan's verify accepts "works on the CPU"
    assert script == _cli_plan(host, "bash").script()
