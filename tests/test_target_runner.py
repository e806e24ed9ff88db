"""core/target/runner.py without TensorFlow: event parsing, SampleConfig, and the runner on real subprocesses.

Every process here is real: small Python scripts (and, on POSIX, tiny shell "interpreters") that
crash, hang, print garbage or flood stderr, run through the same code path as the probe and sample.
"""

from __future__ import annotations

import importlib.util
import os
import signal
import sys
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tfgpu_wizard.core.paths import target_script
from tfgpu_wizard.core.target.runner import (
    STDERR_LIMIT,
    ConfigError,
    SampleConfig,
    TargetRun,
    parse_event_line,
    probe_verdict,
    run_target,
)

POSIX = os.name == "posix"


def _load_sample_module():
    """The real target/sample.py, loaded as a module (it imports TensorFlow only inside run())."""
    spec = importlib.util.spec_from_file_location("tfgpu_sample_script", target_script("sample.py"))
    mod = importlib.util.module_from_spec(spec)
    assert spec.loader is not None
    spec.loader.exec_module(mod)
    return mod


SAMPLE = _load_sample_module()


@pytest.fixture
def odd_dir(tmp_path: Path) -> Path:
    d = tmp_path / "dir with spaces 中文"
    d.mkdir()
    return d


def _script(folder: Path, name: str, body: str) -> Path:
    p = folder / name
    p.write_text(body, encoding="utf-8")
    return p


# -- parse_event_line ------------------------------------------------------------------------------


def test_parse_event_line_protocol_object() -> None:
    ev = parse_event_line('{"v": 1, "type": "progress", "step": 3, "loss": 0.5}\n', recv_t=12.5)
    assert (ev.type, ev.get("step"), ev.get("loss"), ev.recv_t) == ("progress", 3, 0.5, 12.5)


@pytest.mark.parametrize("line", ["", "hello", "[1, 2]", '{"no_type": 1}', "{broken json", '"text"', "null"])
def test_parse_event_line_never_raises_on_garbage(line: str) -> None:
    ev = parse_event_line(line)
    assert ev.type == "raw"
    assert ev.data["text"] == line


def test_parse_event_line_bytes_and_probe_report() -> None:
    ev = parse_event_line(b'{"probe_version": 1, "gpus": []}\r\n')
    assert ev.type == "probe" and ev.get("gpus") == []
    bad = parse_event_line(b"\xff\xfe not utf-8")
    assert bad.type == "raw"


@given(st.text())
@settings(max_examples=200, deadline=None)
def test_parse_event_line_total(text: str) -> None:
    ev = parse_event_line(text)
    assert isinstance(ev.type, str) and ev.type


# -- SampleConfig ----------------------------------------------------------------------------------


def test_default_config_argv_is_accepted_by_the_real_sample_parser() -> None:
    argv = SampleConfig().to_argv()
    args = SAMPLE.build_parser().parse_args(argv)
    SAMPLE.check_flags(args)
    assert args.model == "cnn" and args.batch_size == 64 and args.prefetch == "on"


@pytest.mark.parametrize(
    ("kwargs", "fragment"),
    [
        ({"memory": "limit"}, "needs a limit"),
        ({"memory": "limit", "memory_limit": "lots"}, "neither megabytes"),
        ({"memory": "limit", "memory_limit": "1.5"}, "neither megabytes"),
        ({"memory_limit": "1024"}, "only applies to the limit"),
        ({"batch_size": 0}, "batch size"),
        ({"steps": -3}, "steps"),
        ({"model": "vgg"}, "unknown model"),
        ({"precision": "fp16"}, "unknown precision"),
        ({"devices": "gpu:x"}, "devices"),
        ({"allow_download": True}, "real dataset"),
        ({"multi_worker": True, "logical_cpus": 2}, "multi-worker"),
        ({"devices": "cpu", "memory": "growth"}, "needs a GPU"),
        ({"learning_rate": float("nan")}, "learning rate"),
    ],
)
def test_bad_configs_are_refused_with_a_clear_message(kwargs: dict, fragment: str) -> None:
    with pytest.raises(ConfigError) as info:
        SampleConfig(**kwargs).to_argv()
    assert any(fragment in p for p in info.value.problems), info.value.problems


def test_config_error_lists_every_problem() -> None:
    with pytest.raises(ConfigError) as info:
        SampleConfig(model="x", dataset="y", steps=0).validate()
    assert len(info.value.problems) == 3


@given(
    model=st.sampled_from(["cnn", "resnet20", "resnet50"]),
    dataset=st.sampled_from(["mnist", "cifar10", "cifar100"]),
    batch=st.integers(1, 4096),
    steps=st.integers(1, 10**6),
    memory=st.sampled_from(["default", "growth", "limit"]),
    limit=st.sampled_from(["512", "0.25", "50%", "1.0"]),
    devices=st.sampled_from(["auto", "all", "gpu:0", "gpu:0,1", "gpu"]),
    precision=st.sampled_from(["fp32", "mixed_float16", "mixed_bfloat16"]),
    prefetch=st.booleans(),
    strict=st.booleans(),
    cpus=st.integers(1, 8),
)
@settings(max_examples=150, deadline=None)
def test_every_valid_config_parses_identically_in_the_sample(model, dataset, batch, steps, memory, limit, devices,
                                                             precision, prefetch, strict, cpus) -> None:
    cfg = SampleConfig(model=model, dataset=dataset, batch_size=batch, steps=steps, memory=memory,
                       memory_limit=limit if memory == "limit" else None, devices=devices, precision=precision,
                       prefetch=prefetch, strict_batch=strict, logical_cpus=cpus)
    args = SAMPLE.build_parser().parse_args(cfg.to_argv())
    SAMPLE.check_flags(args)
    assert (args.model, args.dataset, args.batch_size, args.steps) == (model, dataset, batch, steps)
    assert (args.memory, args.precision, args.strict_batch, args.logical_cpus) == (memory, precision, strict, cpus)
    assert args.prefetch == ("on" if prefetch else "off")
    if memory == "limit":
        kind, value = args.memory_limit
        assert kind == ("mb" if limit == "512" else "fraction")


# -- the runner on real processes -----------------------------------------------------------------


def test_events_stream_with_receipt_times_and_bad_lines_survive(odd_dir: Path) -> None:
    script = _script(odd_dir, "emit 事件.py", (
        "import json, sys, time\n"
        "print(json.dumps({'v': 1, 'type': 'start', 'name': '中文'}), flush=True)\n"
        "print('not json at all', flush=True)\n"
        "time.sleep(0.3)\n"
        "print(json.dumps({'v': 1, 'type': 'summary'}), flush=True)\n"
        "sys.stderr.write('warn line\\n')\n"
    ))
    seen = []
    t_before = time.monotonic()
    result = run_target(script, [], python=sys.executable, timeout=30, on_event=seen.append)
    assert result.ok and result.returncode == 0
    assert [e.type for e in result.events] == ["start", "raw", "summary"]
    assert [e.type for e in seen] == ["start", "raw", "summary"]
    assert result.events[0].get("name") == "中文"
    assert t_before <= result.events[0].recv_t <= result.events[2].recv_t <= time.monotonic()
    assert result.events[2].recv_t - result.events[0].recv_t >= 0.25  # stamped at receipt, not at the end
    assert "warn line" in result.stderr


def test_nonzero_exit_is_a_result(odd_dir: Path) -> None:
    script = _script(odd_dir, "fail.py", "import sys\nsys.stderr.write('Traceback: boom\\n')\nsys.exit(7)\n")
    result = run_target(script, python=sys.executable, timeout=30)
    assert (result.ok, result.returncode, result.signal, result.crashed) == (False, 7, None, False)
    assert "exit code 7" in result.describe_end()
    assert "boom" in result.stderr_tail()


@pytest.mark.skipif(not POSIX, reason="POSIX signals")
def test_a_crashing_interpreter_is_a_result(odd_dir: Path) -> None:
    script = _script(odd_dir, "crash.py", "import os, sys\nprint('{\"type\": \"start\"}', flush=True)\nos.abort()\n")
    result = run_target(script, python=sys.executable, timeout=30)
    assert result.signal == signal.SIGABRT and result.crashed and not result.ok
    assert "SIGABRT" in result.describe_end()
    assert [e.type for e in result.events] == ["start"]


def test_a_hang_past_the_timeout_is_stopped(odd_dir: Path) -> None:
    script = _script(odd_dir, "hang.py", "import time\nprint('{\"type\": \"start\"}', flush=True)\ntime.sleep(60)\n")
    t0 = time.monotonic()
    result = run_target(script, python=sys.executable, timeout=1.5)
    assert time.monotonic() - t0 < 15
    assert result.timed_out and not result.ok and result.crashed
    assert [e.type for e in result.events] == ["start"]


def test_a_python_that_does_not_exist(odd_dir: Path) -> None:
    result = run_target(target_script("probe.py"), python=str(odd_dir / "no python here"), timeout=5)
    assert result.start_error and result.returncode is None and not result.ok
    verdict = probe_verdict(result)
    assert verdict.status == "not-started" and verdict.exit_code == 3


def test_stderr_is_bounded_and_keeps_head_and_tail(odd_dir: Path) -> None:
    script = _script(odd_dir, "flood.py", (
        "import sys\nsys.stderr.write('FIRST LINE\\n')\n"
        f"for i in range({STDERR_LIMIT // 50}):\n    sys.stderr.write('x' * 199 + '\\n')\n"
        "sys.stderr.write('LAST LINE\\n')\n"
    ))
    result = run_target(script, python=sys.executable, timeout=60)
    assert result.ok and result.stderr_truncated
    assert len(result.stderr) <= STDERR_LIMIT + 1000
    assert result.stderr.startswith("FIRST LINE") and result.stderr.rstrip().endswith("LAST LINE")


@pytest.mark.skipif(not POSIX, reason="process groups")
def test_stop_takes_down_the_whole_process_group(odd_dir: Path) -> None:
    """The target may start children of its own (a data loader, nvidia-smi): stop() must end them too."""
    script = _script(odd_dir, "parent.py", (
        "import subprocess, sys, time\n"
        "child = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(60)'])\n"
        "print('{\"type\": \"start\", \"child\": %d}' % child.pid, flush=True)\n"
        "time.sleep(60)\n"
    ))
    run = TargetRun(script, python=sys.executable, timeout=60).start()
    ev = run.events.get(timeout=20)
    child = ev.get("child")
    result = run.stop(grace=5)
    assert result.stopped and result.signal == signal.SIGTERM and not result.crashed
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        try:
            os.kill(child, 0)
        except ProcessLookupError:
            break
        time.sleep(0.05)
    else:
        pytest.fail("the target's child survived stop()")


def test_a_broken_callback_stops_the_run(odd_dir: Path) -> None:
    """issue 11: a consumer that fails (``sample --json | head -1``) must not leave the trainer training."""
    script = _script(odd_dir, "many.py", "import time\nfor i in range(500):\n"
                     "    print('{\"type\": \"progress\", \"step\": %d}' % i, flush=True)\n    time.sleep(0.05)\n")
    seen: list[int] = []

    def bad(ev):
        seen.append(ev.get("step"))
        raise BrokenPipeError(32, "Broken pipe")

    t0 = time.monotonic()
    with pytest.raises(BrokenPipeError):
        run_target(script, python=sys.executable, timeout=60, on_event=bad)
    assert time.monotonic() - t0 < 10  # 500 x 0.05 s = 25 s if it had trained on
    assert seen == [0]  # the broken consumer is not called again
    run = TargetRun(script, python=sys.executable, timeout=60, on_event=bad).start()
    result = run.wait()
    assert not result.ok and isinstance(result.consumer_error, BrokenPipeError)
    assert result.signal == signal.SIGTERM and len(result.events_of("progress")) < 100


def test_verdict_for_a_garbage_printing_python(odd_dir: Path) -> None:
    """An 'interpreter' that runs but prints no report: the verdict says it crashed, with how it ended."""
    script = _script(odd_dir, "noise.py", "print('hello')\nraise SystemExit(3)\n")
    result = run_target(script, python=sys.executable, timeout=30)
    verdict = probe_verdict(result)
    assert verdict.status == "crashed" and "exit code 3" in verdict.headline


# The "CUDA_VISIBLE_DEVICES hides every GPU" verdict is checked on a real probe run in test_probe.py
# (test_verdict_names_cuda_visible_devices_that_hides_the_gpus), not on a hand-made report.


def test_a_silent_target_ends_as_stalled_with_heartbeats(odd_dir: Path) -> None:
    """The app-side watchdog: no line for N s ends the group with a plain message (a hung import)."""
    script = _script(odd_dir, "silent.py", "import time\ntime.sleep(300)\n")
    beats: list[tuple[float, float]] = []
    t0 = time.monotonic()
    result = run_target(script, python=sys.executable, timeout=120, idle_timeout=1.5,
                        on_heartbeat=lambda elapsed, idle: beats.append((elapsed, idle)))
    assert time.monotonic() - t0 < 8
    assert result.stalled and result.stalled_s == 1.5 and not result.ok and not result.timed_out
    # one sentence naming the phase (newcomer-2 #19)
    assert result.describe_end() == "stalled while starting (importing TensorFlow): no output for 1.5 s, so it was " \
                                    "stopped"
    assert beats and beats[-1][1] >= 0.9
