"""The app's own endpoint (issue 27): ``monitor --serve`` publishes this machine's snapshot read-only, written by
prometheus_client's exposition code, read back by core.monitor.remote. Fed by a real H200 recording replayed
through the sampler (this machine has no GPU), served on loopback with real sockets."""

from __future__ import annotations

import http.client
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tfgpu_wizard.core.flows.share import Share
from tfgpu_wizard.core.monitor import remote as rm
from tfgpu_wizard.core.monitor.runs import find_run
from tfgpu_wizard.core.monitor.sampler import ReplaySource, Sampler
from tfgpu_wizard.core.monitor.serve import BindRefused, MetricsServer, check_bind, exposition
from tfgpu_wizard.core.setup.host_model import HostReport

ROOT = Path(__file__).resolve().parents[1]
RECORDING = "sample-tf-resnet20-fp32-growth"  # TensorFlow on an H200 (NVML samples, recorded)
TOKEN = "classroom-token-0123456789"


def doctor_h200() -> HostReport:
    return HostReport.from_json((ROOT / "resources" / "recordings" / "doctor-h200.json").read_text("utf-8"))


def request(port: int, method: str = "GET", path: str = "/metrics", token: str | None = None):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    try:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        conn.request(method, path, headers=headers)
        resp = conn.getresponse()
        return resp.status, dict(resp.getheaders()), resp.read()
    finally:
        conn.close()


def test_the_exposition_reads_back_to_the_snapshots_it_was_made_from():
    smp = Sampler(ReplaySource(find_run(RECORDING), speed=float("inf")), interval=0.05)
    smp.start()
    smp.join(30)
    tick = smp.last_tick
    body = exposition(smp.devices, tick.snapshots, hostname="h200", version="9.9", refresh_s=0.5)
    scrape = rm.parse_metrics(body.decode())
    assert (scrape.dialect, scrape.hostname, scrape.version, scrape.refresh_s) == ("app", "h200", "9.9", 0.5)
    (g,) = scrape.gpus
    (s,) = tick.snapshots
    assert g.name == smp.devices[0].name == "NVIDIA H200" and g.uuid == smp.devices[0].uuid
    assert (g.used, g.total, g.free, g.reserved) == (s.mem_used, s.mem_total, s.mem_free, s.mem_reserved)
    assert (g.util_gpu, g.power_w, g.temp_c) == (s.util_gpu, s.power_w, s.temp_c)


def test_a_machine_without_gpus_still_serves_its_identity():
    scrape = rm.parse_metrics(exposition([], [], hostname="laptop", version="1", refresh_s=1.0).decode())
    assert (scrape.dialect, scrape.hostname, scrape.gpus) == ("app", "laptop", ())


@pytest.mark.parametrize(("host", "token", "ok"), [
    ("127.0.0.1", None, True), ("localhost", None, True), ("::1", None, True), ("127.0.0.2", None, True),
    ("0.0.0.0", None, False), ("", None, False), ("192.168.1.20", None, False), ("::", None, False),
    ("0.0.0.0", "short", False), ("0.0.0.0", TOKEN, True), ("127.0.0.1", "short", False),
])
def test_only_loopback_goes_without_a_token(host, token, ok):
    if ok:
        check_bind(host, token)
    else:
        with pytest.raises(BindRefused, match="token"):
            check_bind(host, token)


def test_read_only_with_the_token_checked_on_every_path():
    calls = []
    server = MetricsServer(lambda: (calls.append(1), ([], []))[1], port=0, token=TOKEN,
                           doctor=lambda: b'{"x": 1}')
    server.start()
    try:
        port = server.port
        assert request(port)[0] == 401
        status, headers, _ = request(port, token="wrong-token-wrong-token")
        assert status == 401 and headers["WWW-Authenticate"].startswith("Bearer")
        assert request(port, path="/doctor.json")[0] == 401 and not calls
        status, headers, body = request(port, token=TOKEN)
        assert status == 200 and headers["Content-Type"].startswith("text/plain; version=0.0.4")
        assert b"tfgpu_refresh_interval_seconds" in body and len(calls) == 1
        assert request(port, "HEAD", token=TOKEN)[2] == b""
        assert request(port, path="/doctor.json", token=TOKEN)[2] == b'{"x": 1}'
        for method in ("POST", "PUT", "DELETE", "PATCH"):
            assert request(port, method, token=TOKEN)[0] == 501
        for path in ("/../etc/passwd", "/metrics/../../x", "/admin"):
            assert request(port, path=path, token=TOKEN)[0] == 404
    finally:
        server.stop()


def test_without_a_token_only_requests_for_loopback_are_answered():
    server = MetricsServer(lambda: ([], []), port=0)
    server.start()
    try:
        conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=5)
        try:
            conn.request("GET", "/metrics", headers={"Host": "evil.example:9480"})  # a rebound name
            assert conn.getresponse().status == 403
        finally:
            conn.close()
        for host in (f"127.0.0.1:{server.port}", f"localhost:{server.port}", "[::1]:9480"):
            conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=5)
            try:
                conn.request("GET", "/metrics", headers={"Host": host})
                assert conn.getresponse().status == 200, host
            finally:
                conn.close()
    finally:
        server.stop()


def test_share_serves_the_replayed_gpu_and_the_doctor_report_to_a_remote_source():
    share = Share(port=0, interval=0.5, source=ReplaySource(find_run(RECORDING), speed=4.0), detect=doctor_h200)
    share.start()
    try:
        assert share.wait_doctor(10)
        src = rm.RemoteSource(share.url, interval=0.05)
        assert src.read(time.monotonic(), frozenset()) and src.state == rm.STATE_OK
        assert src.dialect == "app" and src.wait_s == 0.5  # the endpoint's own refresh, not the caller's 0.05 s
        assert src.devices[0].name == "NVIDIA H200"
        doctor = HostReport.from_json(rm.fetch(rm.sibling_url(share.url, "/doctor.json")).decode())
        assert doctor.gpus[0].name == doctor_h200().gpus[0].name
    finally:
        share.stop()


def _cli(*args: str, **kw) -> subprocess.Popen:
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"), COLUMNS="80", PYTHONUNBUFFERED="1")
    env.pop("TFGPU_WIZARD_TOKEN", None)
    return subprocess.Popen([sys.executable, "-m", "tfgpu_wizard", "monitor", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env, **kw)


def test_cli_refuses_another_address_without_a_token():
    p = _cli("--serve", "--bind", "0.0.0.0", "--port", "0")
    out, err = p.communicate(timeout=60)
    assert p.returncode == 2 and "--token-file" in err and "127.0.0.1" in err and not out


def test_cli_serves_until_stopped(tmp_path):
    p = _cli("--serve", "--port", "0", "--interval", "0.5", "--replay", RECORDING, "--count", "30")
    try:
        first = p.stdout.readline()
        assert first.startswith("Serving this machine's GPUs read-only at http://127.0.0.1:"), first
        url = first.split(" at ")[1].strip()
        lines = [p.stdout.readline() for _ in range(5)]
        assert all(len(line.rstrip("\n")) <= 80 for line in lines), lines
        scrape = rm.parse_metrics(rm.fetch(url).decode())
        assert scrape.dialect == "app" and scrape.gpus[0].name == "NVIDIA H200" and scrape.refresh_s == 0.5
    finally:
        p.terminate()
        out, err = p.communicate(timeout=60)
    assert p.returncode in (0, 143, -15), err
