"""The sample and the probe on Keras 2 (tf-keras with TF_USE_LEGACY_KERAS=1), run for real on TensorFlow (CPU).

Issue 3: the sample works with Keras 2 as well as Keras 3. Every run here is a real TensorFlow subprocess
with the real tf-keras package: fp32, mixed_float16 (Keras 2's loss scale), mixed_bfloat16, MirroredStrategy
on two logical CPUs, the custom loop (also XLA-compiled), memory modes without a GPU, two workers of a
MultiWorkerMirroredStrategy on loopback, the CLI's ``--keras2`` and the probe's report.

"tf-keras is not installed" is a real environment without it: a fresh venv whose site-packages links every
installed distribution of the test environment except tf-keras, so the real sample, probe and TensorFlow
take their real "not installed" paths. Runs are a few steps with small batches (about a minute in all).
"""

from __future__ import annotations

import importlib.util
import json
import math
import socket
import subprocess
import sys
from importlib import metadata

import pytest

from tfgpu_wizard.cli import main
from tfgpu_wizard.core.target.runner import (
    SAMPLE_SCRIPT,
    SampleConfig,
    TargetRun,
    probe_report,
    probe_verdict,
    run_probe,
    run_sample,
    run_target,
)

pytestmark = pytest.mark.tf


def _installed(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is not None
    except Exception:  # pragma: no cover
        return False


HAVE_TF = _installed("tensorflow")
HAVE_TF_KERAS = _installed("tf_keras")
needs_tf_keras = pytest.mark.skipif(
    not (HAVE_TF and HAVE_TF_KERAS),
    reason="Keras 2 needs TensorFlow and the tf-keras package in this Python (pip install tf-keras==<TF version>)",
)
needs_tf = pytest.mark.skipif(not HAVE_TF, reason="TensorFlow is not installed in this Python")

LABEL = "Keras 2 (tf-keras, TF_USE_LEGACY_KERAS=1)"


def _tf_minor() -> str:
    for dist in ("tensorflow", "tensorflow-cpu"):
        try:
            return ".".join(metadata.version(dist).split(".")[:2])
        except metadata.PackageNotFoundError:
            continue
    return "?"


def _run(env: dict[str, str] | None = None, python: str = sys.executable, **kw):
    kw.setdefault("steps", 6)
    kw.setdefault("log_every", 3)
    kw.setdefault("batch_size", 16)
    kw.setdefault("keras2", True)
    return run_sample(SampleConfig(**kw), python=python, timeout=240, env=env)


def _check_keras2_run(result, replicas: int = 1, precision: str = "fp32", loop: str = "fit") -> None:
    assert result.ok, (result.describe_end(), [e.data for e in result.events_of("error")], result.stderr_tail())
    types = [e.type for e in result.events]
    assert types[0] == "start" and types[-1] == "summary" and "raw" not in types
    versions = result.events[0].get("versions")
    assert versions["keras_major"] == 2 and versions["keras_source"] == "tf_keras"
    assert versions["keras_label"] == LABEL and versions["keras"] == metadata.version("tf-keras")
    assert result.events[0].get("config")["keras2"] is True
    assert result.last("devices").get("replicas") == replicas
    progress = result.events_of("progress")
    assert [p.get("step") for p in progress] == [3, 6]
    for p in progress:
        assert p.get("loss") > 0 and 0.0 <= p.get("accuracy") <= 1.0
        assert p.get("step_time") > 0 and p.get("images_per_sec") > 0
    summary = result.last("summary")
    assert summary.get("steps") == 6 and summary.get("precision") == precision and summary.get("loop") == loop
    assert summary.get("replicas") == replicas and summary.get("images_per_sec") > 0


@pytest.fixture(scope="module")
def no_tf_keras(tmp_path_factory) -> str:
    """A real venv (in a folder with a space and Chinese) with everything installed here except tf-keras."""
    import os
    import sysconfig
    import venv

    root = tmp_path_factory.mktemp("keras2") / "没有 tf keras"
    venv.EnvBuilder(with_pip=False).create(root)
    python = root / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    dest = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True, text=True, timeout=60, check=True,
    ).stdout.strip()
    src = sysconfig.get_paths()["purelib"]
    for entry in os.listdir(src):
        if entry.lower().startswith(("tf_keras", "tf-keras")):
            continue
        os.symlink(os.path.join(src, entry), os.path.join(dest, entry))
    return str(python)


# -- configuration (no TensorFlow needed) --------------------------------------------------------


def test_keras2_config_goes_to_the_sample_as_a_flag() -> None:
    assert "--keras2" in SampleConfig(keras2=True).to_argv()
    assert "--keras2" not in SampleConfig().to_argv()
    problems = SampleConfig(keras2=True, backend="jax").problems()
    assert any("TensorFlow only" in p for p in problems), problems


def test_the_sample_refuses_keras2_on_another_backend_before_importing_anything() -> None:
    result = run_target(SAMPLE_SCRIPT, ["--keras2", "--backend", "torch"], python=sys.executable, timeout=60)
    assert result.returncode == 2 and [e.type for e in result.events] == ["error"]
    err = result.error_event()
    assert err.get("code") == "bad-flags" and "--keras2" in err.get("message") and "Traceback" not in result.stderr


# -- the probe -----------------------------------------------------------------------------------


@needs_tf_keras
def test_probe_reports_keras2_from_tf_keras() -> None:
    result = run_probe(sys.executable, timeout=240, keras2=True)
    assert result.ok, result.stderr_tail()
    keras = probe_report(result)["keras"]
    assert keras["source"] == "tf_keras" and keras["label"] == LABEL and keras["major"] == 2
    assert keras["version"] == metadata.version("tf-keras") == keras["tf_keras_version"]
    assert keras["legacy_env"] == "1" and keras["legacy_problem"] is None and "error" not in keras
    verdict = probe_verdict(result)
    assert f"Keras {keras['version']}: {LABEL}" in verdict.details, verdict.details


@needs_tf
def test_probe_says_when_keras2_is_asked_for_without_tf_keras(no_tf_keras) -> None:
    result = run_probe(no_tf_keras, timeout=240, keras2=True)
    assert result.ok, result.stderr_tail()  # TensorFlow itself works
    report = probe_report(result)
    keras = report["keras"]
    assert keras["legacy_problem"] == "tf-keras-missing" and keras["tf_keras_version"] is None
    assert keras["tf_keras_requirement"] == f"tf-keras~={_tf_minor()}.0" and keras["label"] is None
    assert [m["ok"] for m in report["matmul"] if m["device"] == "CPU:0"] == [True]
    verdict = probe_verdict(result)
    assert any("tf-keras is not installed" in d and keras["tf_keras_requirement"] in d for d in verdict.details)


# -- the sample ----------------------------------------------------------------------------------


@needs_tf
def test_sample_keras2_without_tf_keras_is_a_clear_error(no_tf_keras) -> None:
    result = _run(python=no_tf_keras, steps=2)
    assert result.returncode == 3 and not result.crashed
    err = result.error_event()
    assert err.get("code") == "no-tf-keras" and err.get("requirement") == f"tf-keras~={_tf_minor()}.0"
    assert "tf-keras" in err.get("advice") and result.last("summary") is None
    assert "start" not in [e.type for e in result.events]  # it did not quietly train on Keras 3


@needs_tf_keras
def test_cli_keras2_fit_with_a_memory_limit_and_no_gpu(capsys) -> None:
    code = main(["--lang", "en", "sample", "--keras2", "--steps", "4", "--log-every", "2", "--batch-size", "8",
                 "--memory", "limit", "--memory-limit", "0.5"])
    out = capsys.readouterr().out
    assert code == 0, out
    table, run = out.split("\n\n", 1)  # the explanation table first (core.target.sampleopts), then the run
    assert table.startswith("What the settings mean (this run: memory limit, precision fp32):")
    assert LABEL in run.splitlines()[0] and "no effect" in run
    assert "step 2/4" in out and "step 4/4" in out and "Done: 4 steps" in out


@needs_tf_keras
def test_keras2_mixed_float16_fit_reports_keras2s_loss_scale() -> None:
    result = _run(precision="mixed_float16", batch_size=8)
    _check_keras2_run(result, precision="mixed_float16")
    # Keras 2's LossScaleOptimizer (optimizer.loss_scale) starts at 2**15 and halves on an overflow.
    scales = [p.get("loss_scale") for p in result.events_of("progress")]
    assert all(isinstance(s, float) and 1.0 <= s <= 2.0**15 and math.log2(s).is_integer() for s in scales), scales


@needs_tf_keras
def test_keras2_mixed_float16_custom_xla_loop_on_two_logical_cpus() -> None:
    result = _run(precision="mixed_float16", loop="custom", jit="on", logical_cpus=2)
    _check_keras2_run(result, replicas=2, precision="mixed_float16", loop="custom")
    assert result.last("devices").get("strategy") == "MirroredStrategy"
    scales = [p.get("loss_scale") for p in result.events_of("progress")]
    assert all(isinstance(s, float) and s >= 1.0 for s in scales), scales


@needs_tf_keras
def test_keras2_mixed_bfloat16_fit_mirrored_with_growth_mode() -> None:
    result = _run(precision="mixed_bfloat16", logical_cpus=2, memory="growth", batch_size=17)
    _check_keras2_run(result, replicas=2, precision="mixed_bfloat16")
    devices = result.last("devices")
    assert devices.get("strategy") == "MirroredStrategy" and devices.get("global_batch") == 16
    assert "no effect" in devices.get("memory_effect")
    codes = {w.get("code") for w in result.events_of("warning")}
    assert {"memory-mode-no-effect", "batch-adjusted"} <= codes
    assert all("loss_scale" not in p.data for p in result.events_of("progress"))


@needs_tf
def test_keras3_custom_loop_mixed_float16_on_two_logical_cpus() -> None:
    """Keras 3 (no --keras2) in the same set-up: its optimizer variables are created before the loop."""
    result = _run(keras2=False, precision="mixed_float16", loop="custom", logical_cpus=2)
    assert result.ok, (result.error_event() and result.error_event().data, result.stderr_tail())
    assert result.events[0].get("versions")["keras_major"] == 3
    assert result.last("summary").get("replicas") == 2
    assert all(p.get("loss_scale") >= 1.0 for p in result.events_of("progress"))


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


@needs_tf_keras
def test_keras2_two_worker_multi_worker_mirrored_strategy() -> None:
    workers = [f"127.0.0.1:{p}" for p in _free_ports(2)]
    cfg = SampleConfig(keras2=True, multi_worker=True, steps=6, log_every=3, batch_size=16)
    runs = []
    for i in range(2):
        tf_config = {"cluster": {"worker": workers}, "task": {"type": "worker", "index": i}}
        runs.append(TargetRun(SAMPLE_SCRIPT, cfg.to_argv(), python=sys.executable, timeout=240,
                              env={"TF_CONFIG": json.dumps(tf_config)}).start())
    results = [r.wait() for r in runs]
    for i, result in enumerate(results):
        _check_keras2_run(result, replicas=2, loop="custom")
        assert result.last("devices").get("strategy") == "MultiWorkerMirroredStrategy"
        assert result.last("devices").get("worker") == {"type": "worker", "index": i, "workers": 2}
    losses = [[p.get("loss") for p in r.events_of("progress")] for r in results]
    assert losses[0] == pytest.approx(losses[1], rel=1e-5)
