"""Remote GPUs (issue 27): the Prometheus text of NVIDIA's DCGM exporter and nvitop's exporter, read by
core.monitor.remote through prometheus_client's parser, and served on loopback by real sockets.

The answers are recordings (tests/fixtures/remote, each with its source in its header): three real DCGM exporter
captures (an idle RTX 4000 Ada, a busy T4, eight A800s with MIG) and nvitop-exporter answers made by
nvitop-exporter's own registry from an H200 recording. tests/remote_endpoints.py serves them.
"""

from __future__ import annotations

import math
import socket
import time

import pytest

from remote_endpoints import (
    DCGM_BUSY,
    DCGM_IDLE,
    DCGM_MIG,
    NVITOP_H200,
    RecordedEndpoint,
    recorded,
    recorded_sequence,
)
from tfgpu_wizard.core.monitor import remote as rm
from tfgpu_wizard.core.monitor.sampler import Sampler

MIB = 1024 * 1024


def wait_for(cond, timeout: float = 10.0, step: float = 0.02) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if cond():
            return True
        time.sleep(step)
    return cond()


# -- the parser, on the recordings ---------------------------------------------------------------------------


def test_dcgm_busy_t4_reads_memory_utilization_power_and_the_card_size():
    s = rm.parse_metrics(recorded(DCGM_BUSY))
    assert (s.dialect, s.hostname, len(s.gpus)) == ("dcgm", "cp-bm14r7", 1)
    g = s.gpus[0]
    assert (g.key, g.name, g.uuid) == ("0", "Tesla T4", "GPU-6d5c0ac5-74d7-3130-46f1-e93ed57f469a")
    assert g.used == 5120 * MIB and g.free == 9791 * MIB and g.reserved == 447 * MIB
    assert g.total == (5120 + 9791 + 447) * MIB  # used + free + reserved: 15358 MiB, a T4's 15360 MiB less 2
    assert (g.util_gpu, g.util_mem, g.power_w, g.temp_c) == (91.0, 73.0, 68.244, 74.0)


def test_dcgm_idle_rtx4000_with_kubernetes_pod_labels():
    s = rm.parse_metrics(recorded(DCGM_IDLE))
    assert s.dialect == "dcgm" and s.hostname == "lke529760-766837-0a634ab30000"
    (g,) = s.gpus
    assert g.name == "NVIDIA RTX 4000 Ada Generation"
    assert (g.used, g.total, g.util_gpu) == (1 * MIB, (1 + 20015 + 457) * MIB, 0.0)


def test_dcgm_mig_instances_are_gpus_of_their_own_and_util_may_be_missing():
    s = rm.parse_metrics(recorded(DCGM_MIG))
    assert s.hostname == "msxf-hpc-64-35-ai"
    assert [g.key for g in s.gpus] == ["0/mig3", "0/mig5", "0/mig6", "1", "2", "3", "4", "5", "6", "7"]
    mig = s.gpus[0]
    assert mig.name == "NVIDIA A800-SXM4-80GB MIG 2g.20gb #3"
    assert (mig.used, mig.total) == (10 * MIB, (10 + 19957) * MIB)
    assert s.gpus[3].total == (2 + 81226) * MIB
    assert all(g.util_gpu is None for g in s.gpus)  # the excerpt has no utilization family: not a zero
    assert rm.key_label("0/mig3") == "GPU 0 MIG 3"


def test_nvitop_exporter_answers_follow_the_recorded_training_run():
    header, bodies = recorded_sequence(NVITOP_H200)
    assert "H200" in header["recorded_on"] and "nvitop-exporter" in header["source"]
    used = []
    for body in bodies:
        s = rm.parse_metrics(body)
        assert (s.dialect, s.hostname) == ("nvitop", "h200-recording")
        (g,) = s.gpus
        assert g.name == "NVIDIA H200" and g.total == 143771 * MIB
        used.append(g.used // MIB)
    assert max(used) == 6008 and used[0] == 0 and used[-1] == 0  # the run's peak, and before / after it
    busy = rm.parse_metrics(bodies[12]).gpus[0]
    assert busy.util_gpu == 98.0 and busy.used // MIB == 6008 and busy.power_w == 594.806


@pytest.mark.parametrize(("text", "words"), [
    ("", "empty"),
    ("<!DOCTYPE html><html><body>Grafana</body></html>", "web page"),
    ('DCGM_FI_DEV_FB_USED{gpu="0" 12\n', "Prometheus text format"),
    ("# HELP node_load1 1m load average.\n# TYPE node_load1 gauge\nnode_load1 0.25\n", "no GPU metrics"),
    ("# TYPE DCGM_FI_DEV_FB_USED gauge\n", "lists no GPU"),
])
def test_garbage_is_refused_in_words(text, words):
    with pytest.raises(rm.MetricsError, match=words):
        rm.parse_metrics(text)


def test_addresses():
    assert rm.normalize_url("lab-1:9400") == "http://lab-1:9400/metrics"
    assert rm.normalize_url("https://gpu.example:8443/custom") == "https://gpu.example:8443/custom"
    assert rm.sibling_url("http://h:9480/metrics", "/doctor.json") == "http://h:9480/doctor.json"
    for bad, words in (("ftp://h:1", "http"), ("http://h:99999", "port"), ("http://u:p@h:1", "token"), ("", "empty")):
        with pytest.raises(ValueError, match=words):
            rm.normalize_url(bad)


# -- the source, against loopback endpoints -------------------------------------------------------------------


def test_a_source_in_a_sampler_gives_snapshots_keyed_by_the_machines_gpus():
    with RecordedEndpoint(recorded(DCGM_MIG)) as ep:
        src = rm.RemoteSource(ep.url, interval=0.05)
        with Sampler(src, interval=0.05, history_s=30) as smp:
            assert wait_for(lambda: smp.ticks >= 1)
        assert src.state == rm.STATE_OK and src.label == "msxf-hpc-64-35-ai" and src.dialect == "dcgm"
        assert [d.index for d in src.devices] == list(range(10)) and src.keys[0] == "0/mig3"
        snaps = {s.gpu: s for s in smp.latest(1)}
        assert snaps[3].mem_used == 2 * MIB and snaps[0].mem_total == 19967 * MIB


def test_no_endpoint_is_scraped_faster_than_it_refreshes():
    """The endpoint moves to its next recorded answer every 0.4 s; the source may come every 0.05 s. A fixed
    0.05 s loop would read each answer 8 times; the source learns the pace from unchanged answers."""
    _, bodies = recorded_sequence(NVITOP_H200)
    with RecordedEndpoint(bodies, period=0.4) as ep:
        src = rm.RemoteSource(ep.url, interval=0.05)
        with Sampler(src, interval=0.05, history_s=30):
            time.sleep(4.5)
        settled = [v for t, v in ep.hits if t - ep.hits[0][0] > 1.5]
    per_answer = len(settled) / len(set(settled))
    assert per_answer <= 1.2, (per_answer, src.wait_s)
    assert src.wait_s >= 0.4 and src.unchanged >= 1
    assert ep.scrapes_per_answer() < 2.0


def test_a_source_that_dies_is_marked_and_retried_and_comes_back():
    with RecordedEndpoint(recorded(DCGM_BUSY), period=0.2) as ep:
        port = ep.port
        src = rm.RemoteSource(ep.url, interval=0.05)
        smp = Sampler(src, interval=0.05, history_s=30).start()
        try:
            assert wait_for(lambda: src.state == rm.STATE_OK)
            ep.stop()
            assert wait_for(lambda: src.state == rm.STATE_DOWN and "connection refused" in src.detail)
            assert src.retry_in is not None
            assert wait_for(lambda: src.failures >= 2, timeout=5)  # it keeps trying
            t, v = smp.series(0, "mem_used")
            assert math.isnan(v[-1]) and v[0] == 5120  # the gap is in the curve, not the last value held
            ep2 = RecordedEndpoint(recorded(DCGM_BUSY), port=port).start()
            try:
                assert wait_for(lambda: src.state == rm.STATE_OK, timeout=10)
                assert src.failures == 0
            finally:
                ep2.stop()
        finally:
            smp.stop()


def test_garbage_token_and_silence_each_get_their_own_state():
    html = RecordedEndpoint("<html><body>Grafana</body></html>", content_type="text/html").start()
    guarded = RecordedEndpoint(recorded(DCGM_IDLE), token="a-token-of-the-lab-0123").start()
    silent = socket.socket()
    silent.bind(("127.0.0.1", 0))
    silent.listen(1)  # accepts the connection in the kernel, never answers
    try:
        cases = [
            (rm.RemoteSource(html.url, interval=0.05), rm.STATE_GARBAGE, "web page"),
            (rm.RemoteSource(guarded.url, interval=0.05), rm.STATE_REFUSED, "wants a token"),
            (rm.RemoteSource(guarded.url, interval=0.05, token="wrong-token-wrong-token"), rm.STATE_REFUSED,
             "refused the token"),
            (rm.RemoteSource(guarded.url, interval=0.05, token="a-token-of-the-lab-0123"), rm.STATE_OK, ""),
            (rm.RemoteSource(f"127.0.0.1:{silent.getsockname()[1]}", interval=0.05, timeout=0.3),
             rm.STATE_DOWN, "no answer within 0.3 s"),
        ]
        for src, state, words in cases:
            src.read(time.monotonic(), frozenset())
            assert (src.state, words in src.detail) == (state, True), (src.url, src.state, src.detail)
    finally:
        html.stop()
        guarded.stop()
        silent.close()
