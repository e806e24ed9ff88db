"""The bundled sample trainer, run for real on TensorFlow (CPU): precisions, strategies, memory modes,
multi-worker on loopback, and the error paths (strict batch, bad flags, SIGTERM, SIGKILL).

Runs are small (a few steps, small batches) so the whole file stays around a minute on 2 cores.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import sys
import time

import pytest

from tfgpu_wizard.cli import main
from tfgpu_wizard.core.target.runner import SAMPLE_SCRIPT, SampleConfig, TargetRun, run_sample

pytestmark = pytest.mark.tf

try:
    import importlib.util

    HAVE_TF = importlib.util.find_spec("tensorflow") is not None
except Exception:  # pragma: no cover
    HAVE_TF = False

needs_tf = pytest.mark.skipif(not HAVE_TF, reason="TensorFlow is not installed in this Python")


def _run(**kw):
    kw.setdefault("steps", 6)
    kw.setdefault("log_every", 3)
    kw.setdefault("batch_size", 16)
    return run_sample(SampleConfig(**kw), python=sys.executable, timeout=240)


def _types(result) -> list[str]:
    return [e.type for e in result.events]


def _check_ok(result, replicas=1, precision="fp32") -> None:
    assert result.ok, (result.describe_end(), [e.data for e in result.events_of("error")], result.stderr_tail())
    types = _types(result)
    assert types[0] == "start" and types[-1] == "summary" and "devices" in types and "raw" not in types
    assert all(e.get("v") == 1 for e in result.events)
    start = result.events[0]
    assert start.get("pid") and start.get("versions")["tensorflow"]
    devices = result.last("devices")
    assert devices.get("replicas") == replicas
    progress = result.events_of("progress")
    assert [p.get("step") for p in progress] == [3, 6]
    for p in progress:
        assert p.get("loss") > 0 and 0.0 <= p.get("accuracy") <= 1.0
        assert p.get("step_time") > 0 and p.get("images_per_sec") > 0
        assert isinstance(p.get("memory"), list)
    assert progress[0].get("warmup") is True and progress[1].get("warmup") is False
    summary = result.last("summary")
    assert summary.get("steps") == 6 and summary.get("precision") == precision
    assert summary.get("images_per_sec") > 0
    # receipt stamps are monotonic and in order
    stamps = [e.recv_t for e in result.events]
    assert stamps == sorted(stamps)


@pytest.fixture(scope="module")
def fp32_run():
    if not HAVE_TF:
        pytest.skip("no TensorFlow")
    return _run()


@needs_tf
def test_fp32_fit(fp32_run) -> None:
    _check_ok(fp32_run)
    assert fp32_run.last("summary").get("loop") == "fit"
    # no GPU in CI: the devices event says so rather than pretending
    assert fp32_run.last("devices").get("gpus") == [] or fp32_run.last("devices").get("physical_gpus") > 0


@needs_tf
def test_mixed_bfloat16() -> None:
    _check_ok(_run(precision="mixed_bfloat16"), precision="mixed_bfloat16")


@needs_tf
def test_mixed_float16_reports_the_loss_scale() -> None:
    result = _run(precision="mixed_float16", batch_size=8)
    _check_ok(result, precision="mixed_float16")
    scales = [p.get("loss_scale") for p in result.events_of("progress")]
    assert all(isinstance(s, float) and s >= 1.0 for s in scales), scales


@needs_tf
def test_mirrored_strategy_on_two_logical_cpus_adjusts_an_odd_batch() -> None:
    result = _run(logical_cpus=2, batch_size=17)
    _check_ok(result, replicas=2)
    devices = result.last("devices")
    assert devices.get("strategy") == "MirroredStrategy"
    assert [d.rsplit("/", 1)[-1] for d in devices.get("devices")] == ["device:CPU:0", "device:CPU:1"]
    assert devices.get("global_batch") == 16 and devices.get("per_replica_batch") == 8
    warning = [w for w in result.events_of("warning") if w.get("code") == "batch-adjusted"]
    assert warning and warning[0].get("requested") == 17 and warning[0].get("used") == 16


@needs_tf
def test_strict_batch_that_does_not_divide_is_a_clear_error() -> None:
    result = _run(logical_cpus=2, batch_size=17, strict_batch=True)
    assert result.returncode == 3 and not result.crashed
    err = result.error_event()
    assert err.get("code") == "batch-not-divisible" and "17" in err.get("message") and err.get("advice")
    assert result.last("summary") is None


@needs_tf
def test_custom_loop_and_growth_mode_without_gpu() -> None:
    result = _run(loop="custom", memory="growth")
    _check_ok(result)
    assert result.last("summary").get("loop") == "custom"
    devices = result.last("devices")
    assert devices.get("memory_mode") == "growth" and "no effect" in devices.get("memory_effect")
    assert any(w.get("code") == "memory-mode-no-effect" for w in result.events_of("warning"))


@needs_tf
def test_limit_mode_without_gpu_says_it_has_no_effect() -> None:
    # A fractional limit needs the card's size; with no GPU it is never needed, and the run goes on.
    result = _run(memory="limit", memory_limit="0.5", steps=3, log_every=3)
    assert result.ok, result.stderr_tail()
    assert "no effect" in result.last("devices").get("memory_effect")


def test_a_bad_flag_is_an_error_event_not_a_traceback() -> None:
    """The sample checks flags before importing TensorFlow, so this is quick."""
    cfg = SampleConfig(extra_args=["--no-such-flag"])
    result = run_sample(cfg, python=sys.executable, timeout=60)
    assert result.returncode == 2
    assert _types(result) == ["error"]
    err = result.error_event()
    assert err.get("code") == "bad-flags" and "--no-such-flag" in err.get("message")
    assert "Traceback" not in result.stderr


def test_multi_worker_needs_tf_config(monkeypatch) -> None:
    monkeypatch.delenv("TF_CONFIG", raising=False)
    result = run_sample(SampleConfig(multi_worker=True), python=sys.executable, timeout=60)
    assert result.returncode == 3 and result.error_event().get("code") == "tf-config"


def _wait_for(run: TargetRun, kind: str, timeout: float = 120.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            ev = run.events.get(timeout=1)
        except Exception:
            if not run.is_running():
                break
            continue
        if ev.type == kind:
            return ev
    return None


@needs_tf
@pytest.mark.skipif(os.name != "posix", reason="SIGTERM handling is POSIX")
def test_sigterm_mid_run_ends_with_a_terminated_event() -> None:
    cfg = SampleConfig(steps=100000, log_every=2, batch_size=8)
    run = TargetRun(SAMPLE_SCRIPT, cfg.to_argv(), python=sys.executable, timeout=240).start()
    try:
        assert _wait_for(run, "progress") is not None, "no progress before the stop"
        run.terminate()
        result = run.wait(timeout=60)
    finally:
        if run.is_running():
            run.kill()
            run.wait()
    assert result.returncode == 128 + signal.SIGTERM and result.stopped
    err = result.error_event()
    assert err is not None and err.get("code") == "terminated" and err.get("signal") == signal.SIGTERM
    assert result.last("summary") is None


@needs_tf
@pytest.mark.skipif(os.name != "posix", reason="SIGKILL is POSIX")
def test_sigkill_mid_run_is_a_result() -> None:
    cfg = SampleConfig(steps=100000, log_every=2, batch_size=8)
    run = TargetRun(SAMPLE_SCRIPT, cfg.to_argv(), python=sys.executable, timeout=240).start()
    try:
        assert _wait_for(run, "progress") is not None, "no progress before the kill"
        run.kill()
        result = run.wait(timeout=60)
    finally:
        if run.is_running():  # a failed wait above must not leave the trainer running
            run.kill()
            run.wait()
    assert result.signal == signal.SIGKILL and result.stopped and not result.ok
    assert result.events_of("progress") and result.last("summary") is None


def _free_ports(n: int) -> list[int]:
    socks = []
    try:
        for _ in range(n):
            s = socket.socket()
            s.bind(("127.0.0.1", 0))
            socks.append(s)
        return [s.getsockname()[1] for s in socks]
    finally:
        for s in socks:
            s.close()


@needs_tf
def test_two_worker_multi_worker_mirrored_strategy_on_loopback() -> None:
    ports = _free_ports(2)
    workers = [f"127.0.0.1:{p}" for p in ports]
    cfg = SampleConfig(multi_worker=True, steps=6, log_every=3, batch_size=16)
    runs = []
    for i in range(2):
        tf_config = {"cluster": {"worker": workers}, "task": {"type": "worker", "index": i}}
        runs.append(TargetRun(SAMPLE_SCRIPT, cfg.to_argv(), python=sys.executable, timeout=240,
                              env={"TF_CONFIG": json.dumps(tf_config)}).start())
    results = [r.wait() for r in runs]
    for i, result in enumerate(results):
        _check_ok(result, replicas=2)
        assert result.last("devices").get("strategy") == "MultiWorkerMirroredStrategy"
        assert result.last("devices").get("worker") == {"type": "worker", "index": i, "workers": 2}
        assert result.last("summary").get("loop") == "custom"
    # synchronous training: both workers see the same global loss at every step
    losses = [[p.get("loss") for p in r.events_of("progress")] for r in results]
    assert losses[0] == pytest.approx(losses[1], rel=1e-5)


@needs_tf
def test_sample_command_prints_progress_lines(capsys) -> None:
    code = main(["--lang", "en", "sample", "--steps", "4", "--log-every", "2", "--batch-size", "8"])
    out = capsys.readouterr().out
    assert code == 0
    assert "step 2/4" in out and "step 4/4" in out and "Done: 4 steps" in out


def test_sample_command_refuses_a_bad_combination(capsys) -> None:
    code = main(["--lang", "en", "sample", "--memory", "limit"])
    assert code == 2 and "needs a limit" in capsys.readouterr().err
