"""The real pip plan for this machine, run end to end by the plan executor into a temp venv, through its
verify step, with PATH reduced to /usr/bin:/bin (as for a window started from a desktop menu, where the
app's venv is not on PATH: the verify step used to fail there with "tfgpu-wizard: command not found").

One deviation from the plan as built, said here: this machine has no NVIDIA GPU, and the plan's requirement
``tensorflow[and-cuda]`` would download the CUDA wheels (gigabytes); the test installs the same release's CPU
wheel (``tensorflow-cpu``, from this machine's local package index) instead. Every step, the verify step
included, is the plan's own command run by the real executor. Then the CPU plan for the same folder (what
this machine without a driver is offered) runs its own checks on that TensorFlow: they must end "ok".
"""

from __future__ import annotations

import os
import sys
import time

import pytest

from tfgpu_wizard.core.setup.matrix import load_matrix
from tfgpu_wizard.core.setup.plan import build_plan, write_plan
from tfgpu_wizard.core.setup.plan_run import PlanExecutor

pytestmark = [
    pytest.mark.tf,
    pytest.mark.skipif(os.name != "posix" or sys.platform == "darwin", reason="runs a bash plan"),
]


def test_real_cpu_plan_runs_through_verify_with_a_bare_path(tmp_path):
    from tfgpu_wizard.core.setup.host import detect_host

    host = detect_host()
    row = load_matrix().row("2.21", "linux")
    env_dir = tmp_path / "tf 环境"
    plan = build_plan(row, host, "pip", "bash", str(env_dir))
    assert any("verify" in st.argv for st in plan.steps)
    plan.requirements = [r.replace("tensorflow[and-cuda]", "tensorflow-cpu") for r in plan.requirements]
    folder = tmp_path / "plan folder"
    write_plan(plan, folder)
    out: list[str] = []
    t0 = time.monotonic()
    ex = PlanExecutor(plan.steps, "bash", folder, lambda ev: out.append(ev.text) if ev.kind == "output" else None,
                      lambda step: "skip", env={"PATH": "/usr/bin:/bin"}, step_timeout_s=900)
    status = ex.run()
    took = time.monotonic() - t0
    print(f"plan run: {status} in {took:.0f} s, steps {ex.results}")
    text = "\n".join(out)
    verify = next(i for i, st in enumerate(plan.steps) if "verify" in st.argv)
    assert ex.results[:verify] == ["ok"] * verify, text[-4000:]  # venv, pip, TensorFlow installed
    assert "command not found" not in text and "exit code 127" not in text
    assert (env_dir / "bin" / "python").is_file()
    # The verify step ran (by the interpreter's path) and found the new TensorFlow working. On this machine
    # without a GPU, `verify` exits 1 ("works but sees no GPU"), which ends the plan there, as the saved
    # install.sh does too; with a GPU the run is "ok" to the end.
    assert "TensorFlow 2.21.0 works" in text, text[-4000:]
    if status != "ok":
        assert ex.results[verify] == "failed" and "(exit code 1)" in text and "sees no GPU" in text

    # The CPU plan for the same folder (what this machine without a driver is offered: `plan`, the window):
    # its checks, run by the same executor on the TensorFlow just installed, pass -- "works, no GPU" is what a
    # CPU plan intends (verify --expect-cpu), so "Run it for me" ends "ok", not "failed".
    cpu_plan = build_plan(row, host, "pip", "bash", str(env_dir), cpu=True)
    assert cpu_plan.cpu and cpu_plan.env_python == plan.env_python
    checks = cpu_plan.steps[next(i for i, st in enumerate(cpu_plan.steps) if "verify" in st.argv):]
    assert "--expect-cpu" in checks[0].argv and len(checks) == 2
    out.clear()
    ex = PlanExecutor(checks, "bash", folder, lambda ev: out.append(ev.text) if ev.kind == "output" else None,
                      lambda step: "skip", env={"PATH": "/usr/bin:/bin"}, step_timeout_s=600)
    cpu_status = ex.run()
    text = "\n".join(out)
    assert cpu_status == "ok" and ex.results == ["ok", "ok"], text[-4000:]
    assert "as this plan intends" in text and "2.21.0" in text
