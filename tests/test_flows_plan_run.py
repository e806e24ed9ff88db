"""The plan-run flow (core/flows/plan_run.py): what `plan --run` and "Run it for me" both drive. Real bash steps,
a real plan of the recorded H200 host (resources/recordings/doctor-h200.json), real files."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from tfgpu_wizard.core.flows.base import drive
from tfgpu_wizard.core.flows.plan_run import plan_run, run_steps
from tfgpu_wizard.core.setup.host_model import HostReport
from tfgpu_wizard.core.setup.matrix import load_matrix
from tfgpu_wizard.core.setup.plan import build_plan
from tfgpu_wizard.core.setup.recommend import recommend
from tfgpu_wizard.core.setup.shells import Step

ROOT = Path(__file__).resolve().parents[1]
H200 = ROOT / "resources" / "recordings" / "doctor-h200.json"
posix_only = pytest.mark.skipif(os.name != "posix" or sys.platform == "darwin", reason="runs bash steps")


def h200_plan(prefix: Path):
    host = HostReport.from_json(H200.read_text("utf-8"))
    cand = recommend(load_matrix(), host).best
    return build_plan(cand.row, host, "pip", "bash", str(prefix), python=cand.best_method.python)


@posix_only
def test_steps_become_progress_and_an_admin_step_waits_for_its_answer(tmp_path) -> None:
    marker = tmp_path / "admin ran"
    steps = [Step("Say hello", argv=("echo", "hi there")),
             Step("Pretend admin", argv=("touch", str(marker)), admin=True, admin_reason="system files"),
             Step("Done by hand: reboot")]
    items = []

    def on_progress(item) -> None:
        items.append(item)
        if item.kind == "admin":
            assert item.data is steps[1] and item.choices == ("run", "skip", "stop")
            item.reply("skip")

    result = drive(run_steps(steps, tmp_path), on_progress)
    assert result.status == "ok" and result.results == ["ok", "skipped", "manual"] and not marker.exists()
    kinds = [i.kind for i in items]
    assert kinds[:3] == ["step", "started", "line"] and "admin" in kinds
    assert items[0].data == "echo 'hi there'" and items[2].data == "hi there"
    assert [(i.done, i.data) for i in items if i.kind == "done"] == [(1, "ok"), (2, "skipped"), (3, "manual")]
    # a skipped administrator step is said at the end, never "All steps finished." (drills-3 N19)
    assert result.message() == "The other steps finished, but 1 administrator step(s) were skipped: Pretend admin."
    assert result.verdict_kind == "caveats" and result.skipped_admin == [steps[1]]


@posix_only
def test_a_step_for_another_computer_is_shown_and_skipped_not_run(tmp_path) -> None:
    """An offline plan's download step is done on a computer with internet (``Step.elsewhere``): the run names it
    and skips it, then goes on (the executor once called an old callback there and the step never showed)."""
    marker = tmp_path / "downloaded"
    steps = [Step("Download the wheels", argv=("touch", str(marker)), elsewhere=True),
             Step("Say hello", argv=("echo", "hi there"))]
    items = []
    result = drive(run_steps(steps, tmp_path), items.append)
    assert result.status == "ok" and result.results == ["skipped", "ok"] and not marker.exists()
    assert [(i.kind, i.text) for i in items if i.kind == "step"][0] == ("step", "Download the wheels")
    assert any(i.kind == "line" and i.data == "(for a computer with internet: not run here)" for i in items)
    assert [(i.done, i.data) for i in items if i.kind == "done"] == [(1, "skipped"), (2, "ok")]


@posix_only
def test_cancel_stops_the_steps_group_and_no_other_step_starts(tmp_path) -> None:
    pidfile = tmp_path / "pid"
    steps = [Step("Wait", snippet={"posix": f"sleep 300 & echo $! > '{pidfile}'; wait"}),
             Step("Never reached", argv=("echo", "no"))]
    cancel = threading.Event()

    def on_progress(item) -> None:
        if item.kind == "started":
            deadline = time.monotonic() + 10
            while not (pidfile.exists() and pidfile.read_text().strip()) and time.monotonic() < deadline:
                time.sleep(0.05)
            cancel.set()

    t0 = time.monotonic()
    result = drive(run_steps(steps, tmp_path, cancel=cancel), on_progress)
    assert result.status == "cancelled" and result.results == ["cancelled"] and time.monotonic() - t0 < 8
    grandchild = int(pidfile.read_text())
    time.sleep(0.2)
    assert not Path(f"/proc/{grandchild}").exists() or "Z" in Path(f"/proc/{grandchild}/stat").read_text()


@posix_only
def test_nothing_is_written_or_run_without_a_yes(tmp_path) -> None:
    plan = h200_plan(tmp_path / "env")
    items = []
    result = drive(plan_run(plan, tmp_path / "plan"), items.append)  # the default answer: cancel
    assert [i.kind for i in items] == ["confirm"] and "New environment:" in items[0].text
    assert result.status == "declined" and result.message() == "Nothing was installed."
    assert not (tmp_path / "plan").exists() and not (tmp_path / "env").exists()


@posix_only
def test_edited_files_are_kept_unless_the_user_says_replace(tmp_path) -> None:
    plan = h200_plan(tmp_path / "env")
    folder = tmp_path / "plan 目录"
    folder.mkdir()
    (folder / "requirements.txt").write_text("my own pins\n", encoding="utf-8")

    def answer(replace: str):
        def on_progress(item) -> None:
            if item.kind == "confirm":
                item.reply("install")
            elif item.kind == "replace":
                assert folder / "requirements.txt" in [Path(p) for p in item.data]
                item.reply(replace)
            elif item.kind == "step":
                cancel.set()  # replaced and running: stop before anything is installed
        return on_progress

    cancel = threading.Event()
    result = drive(plan_run(plan, folder, cancel=cancel), answer("no"))
    assert result.status == "kept" and "unchanged" in result.message()
    assert (folder / "requirements.txt").read_text("utf-8") == "my own pins\n"
    result = drive(plan_run(plan, folder, force=False, cancel=cancel), answer("yes"))
    assert result.status == "not-written" and (folder / "requirements.txt").read_text("utf-8") == "my own pins\n"
    result = drive(plan_run(plan, folder, cancel=cancel), answer("yes"))
    assert result.status == "cancelled" and (folder / "requirements.txt").read_text("utf-8") != "my own pins\n"


@posix_only
def test_the_cli_asks_before_replacing_edited_files_as_the_window_does(tmp_path) -> None:
    """`plan --run` used to stop with an error where the window asked "Replace your files?"; it asks now (no
    terminal to ask: no), and --force replaces them."""
    folder = tmp_path / "plan"
    folder.mkdir()
    (folder / "requirements.txt").write_text("my own pins\n", encoding="utf-8")
    env = dict(os.environ, PYTHONIOENCODING="utf-8")
    r = subprocess.run([sys.executable, "-m", "tfgpu_wizard", "--lang", "en", "plan", "--host", str(H200),
                        "--method", "pip", "--shell", "bash", "--prefix", str(tmp_path / "env"), "--write",
                        str(folder), "--run", "--yes"], capture_output=True, text=True, env=env, timeout=120,
                       stdin=subprocess.DEVNULL)
    assert r.returncode == 1, r.stdout + r.stderr
    assert "These files were changed after tfgpu-wizard wrote them" in r.stdout
    assert "Nothing was written; your files are unchanged." in r.stderr
    assert (folder / "requirements.txt").read_text("utf-8") == "my own pins\n" and not (tmp_path / "env").exists()
