"""The classroom (issue 27): several machines at once, each with its live memory and, for the app's own endpoint,
its latest doctor verdict; a dead machine is marked while the others go on. Real loopback endpoints serve
recorded answers (tests/fixtures/remote, tests/remote_endpoints.py) and the app's own server replays an H200
recording with the recorded H200 doctor report."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from remote_endpoints import DCGM_BUSY, NVITOP_H200, RecordedEndpoint, recorded, recorded_sequence
from tfgpu_wizard.core import i18n
from tfgpu_wizard.core.flows.classroom import Classroom, parse_target, watch
from tfgpu_wizard.core.flows.share import Share
from tfgpu_wizard.core.monitor import remote as rm
from tfgpu_wizard.core.monitor.runs import find_run
from tfgpu_wizard.core.monitor.sampler import ReplaySource
from tfgpu_wizard.core.setup.host_model import HostReport
from tfgpu_wizard.core.text import display_width

ROOT = Path(__file__).resolve().parents[1]
MIB = 1024 * 1024


def doctor_h200() -> HostReport:
    return HostReport.from_json((ROOT / "resources" / "recordings" / "doctor-h200.json").read_text("utf-8"))


def free_port() -> int:
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


@pytest.fixture
def lab():
    """A DCGM exporter (a busy T4), an nvitop exporter (an H200 training), the app's own server (an H200
    replay, with its doctor report) and an address where nothing listens."""
    dcgm = RecordedEndpoint(recorded(DCGM_BUSY), period=0.5).start()
    nvitop = RecordedEndpoint(recorded_sequence(NVITOP_H200)[1], period=0.5).start()
    share = Share(port=0, interval=0.5, detect=doctor_h200,
                  source=ReplaySource(find_run("sample-tf-resnet20-fp32-growth"), speed=2.0))
    share.start()
    share.wait_doctor(10)
    dead = free_port()
    try:
        yield [f"t4={dcgm.url}", f"h200={nvitop.url}", f"app=127.0.0.1:{share.server.port}", f"127.0.0.1:{dead}"]
    finally:
        share.stop()
        dcgm.stop()
        nvitop.stop()


def test_targets():
    assert parse_target("alice=10.0.0.5:9480") == ("alice", "http://10.0.0.5:9480/metrics")
    assert parse_target("http://h:9400/metrics") == ("", "http://h:9400/metrics")
    with pytest.raises(ValueError, match="at least one"):
        Classroom([])


def test_every_machine_with_its_state_and_the_app_with_its_doctor_verdict(lab):
    rounds = list(watch(lab, interval=0.1, every=0.3, count=3, timeout=1.0))
    t4, h200, app, dead = rounds[-1].machines
    assert (t4.label, t4.kind, t4.alive) == ("t4", "DCGM exporter", True)
    assert t4.gpus[0].name == "Tesla T4" and t4.gpus[0].used == 5120 * MIB and t4.gpus[0].util == 91.0
    assert t4.verdict is None  # a DCGM exporter has no doctor
    assert (h200.kind, h200.gpus[0].name, h200.gpus[0].total) == ("nvitop-exporter", "NVIDIA H200", 143771 * MIB)
    assert (app.kind, app.alive, app.gpus[0].name) == ("tfgpu-wizard", True, "NVIDIA H200")
    # the recorded H200 report: the driver works, no TensorFlow in the Python it was run with
    assert app.verdict is not None and app.verdict.level == "warn"
    assert "TensorFlow is not installed in /opt/torch/.venv/bin/python3" in app.verdict.headline
    assert (dead.alive, dead.state) == (False, rm.STATE_DOWN)
    assert "not answering: connection refused" in dead.state_text and "trying again" in dead.state_text


def test_the_others_go_on_while_one_dies_and_comes_back():
    port = free_port()
    a = RecordedEndpoint(recorded(DCGM_BUSY), period=0.2).start()
    b = RecordedEndpoint(recorded_sequence(NVITOP_H200)[1], period=0.2, port=port).start()
    room = Classroom([a.url, b.url], interval=0.1, timeout=1.0).start()
    try:
        assert _until(lambda: all(m.alive for m in room.machines()))
        b.stop()
        assert _until(lambda: room.machine(1).state == rm.STATE_DOWN)
        scrapes = room.sources[0].scrapes
        assert _until(lambda: room.sources[0].scrapes >= scrapes + 3)  # the other machine keeps being read
        assert room.machine(0).alive
        b = RecordedEndpoint(recorded_sequence(NVITOP_H200)[1], period=0.2, port=port).start()
        assert _until(lambda: room.machine(1).alive, timeout=15)
    finally:
        room.stop()
        a.stop()
        b.stop()
    assert not room.running


def _until(cond, timeout: float = 10.0) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if cond():
            return True
        time.sleep(0.05)
    return False


def test_words_are_made_when_asked_in_the_current_language(lab):
    (last,) = list(watch(lab[3:], count=1, timeout=1.0))
    (dead,) = last.machines
    before = i18n.language()
    try:
        i18n.set_language("zh_CN")
        assert dead.state_text.startswith("无应答：连接被拒绝")
    finally:
        i18n.set_language(before)
    assert dead.state_text.startswith("not answering")


def test_cli_remote_once_fits_80_columns(lab):
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"), COLUMNS="80")
    p = subprocess.run([sys.executable, "-m", "tfgpu_wizard", "monitor", "--remote", *lab, "--once"],
                       capture_output=True, text=True, env=env, timeout=60)
    assert p.returncode == 0, p.stderr
    lines = p.stdout.rstrip("\n").splitlines()
    assert lines[0].startswith("tfgpu-wizard monitor · 4 machines ·")
    assert all(display_width(line) <= 80 for line in lines), "\n".join(lines)
    text = p.stdout
    assert "t4 (DCGM exporter)" in text and "Tesla T4" in text and "5.0 / 15.0 GiB" in text and "util 91 %" in text and "util ?" not in text
    assert "h200 (nvitop-exporter)" in text and "app (tfgpu-wizard)" in text
    assert "TensorFlow is not installed" in text
    assert "not answering: connection refused" in text


def test_cli_remote_exit_status_when_nobody_answers():
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"), COLUMNS="80")
    p = subprocess.run([sys.executable, "-m", "tfgpu_wizard", "monitor", "--remote", f"127.0.0.1:{free_port()}",
                        "--once"], capture_output=True, text=True, env=env, timeout=60)
    assert p.returncode == 1 and "not answering" in p.stdout
    p = subprocess.run([sys.executable, "-m", "tfgpu_wizard", "monitor", "--remote", "ftp://x:1", "--once"],
                       capture_output=True, text=True, env=env, timeout=60)
    assert p.returncode == 2 and "http://" in p.stderr
