"""``tfgpu-wizard fit`` (core/flows/fit.py): the search's arithmetic, and the real flow on this machine, which has
no GPU: it must say why it cannot measure, give the prediction only, and leave no child behind (the suite's leak
guard checks every test).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from tfgpu_wizard.core.flows.fit import BatchSearch, GpuFacts, PrecisionFit, Probe, fit, fit_flow
from tfgpu_wizard.core.flows.predict import MIB
from tfgpu_wizard.core.i18n import tr


def _search(capacity: int, seed: int, **kw) -> BatchSearch:
    """Drive the search against a card on which every batch up to ``capacity`` fits (the arithmetic only)."""
    s = BatchSearch(seed, **kw)
    while (batch := s.next()) is not None:
        s.record(batch, batch <= capacity)
    return s


@pytest.mark.parametrize("capacity,seed", [
    (2525, 2524), (2525, 2300), (2525, 3000), (2525, 256), (5011, 2524), (100, 4000), (9, 8), (60000, 1000),
])
def test_the_search_brackets_the_capacity_in_few_probes(capacity: int, seed: int) -> None:
    s = _search(capacity, seed, multiple=8, tolerance=0.05, max_probes=12)
    assert s.lo is not None and s.hi is not None, (s.tried, capacity)
    assert s.lo <= capacity < s.hi
    assert s.hi - s.lo <= max(8, -(-int(s.lo * 0.05) // 8) * 8), s.tried
    assert all(b % 8 == 0 for b in s.tried)
    assert len(s.tried) <= (6 if 0.8 < seed / capacity < 1.25 else 12), s.tried


def test_a_good_seed_needs_few_probes() -> None:
    # the prediction within a few percent (as on the H200 recordings): 5 probes or fewer to reach 5 %
    assert len(_search(2525, 2480).tried) <= 5
    assert len(_search(2525, 2600).tried) <= 5


def test_the_edges_stop_the_search() -> None:
    nothing = _search(0, 256)  # even the smallest batch fails
    assert nothing.lo is None and nothing.hi == 8
    everything = _search(10**9, 60000, max_batch=65536)
    assert everything.lo == 65536 and everything.hi is None
    capped = _search(10**9, 256, max_probes=3)
    assert len(capped.tried) == 3 and capped.hi is None


def test_sentences_say_fits_and_runs_out_of_memory() -> None:
    f = PrecisionFit("fp32", predicted_batch=2524, probes=[Probe(2520, "fits", 4000 * MIB), Probe(2640, "oom")],
                     largest_fit=2520, smallest_fail=2640, fail_outcome="oom")
    text = f.sentence(4096, "en")
    assert "fp32: batch 2,520 fits, 2,640 runs out of memory" in text
    assert "headroom 96 MiB of the 4,096 MB limit" in text and "predicted 2,524 (+0%)" in text
    zh = f.sentence(4096, "zh_CN")
    assert "2,520" in zh and "2,640" in zh and zh != text
    stalled = PrecisionFit("fp32", largest_fit=256, smallest_fail=512, fail_outcome="stalled")
    assert "stalls" in stalled.sentence(4096, "en")


@pytest.mark.tf
def test_without_a_gpu_fit_says_why_and_predicts_only() -> None:
    """The real command on this machine (no NVIDIA driver): exit 1, the reason, the predicted largest batch."""
    out = subprocess.run([sys.executable, "-m", "tfgpu_wizard", "--lang", "en", "fit", "--model", "resnet20",
                          "--memory-limit", "4096", "--json"], capture_output=True, text=True, timeout=300)
    assert out.returncode == 1, out.stderr[-2000:]
    d = json.loads(out.stdout)
    assert d["measured"] is False and d["reason"]
    assert [f["precision"] for f in d["fits"]] == ["fp32", "mixed_float16"]
    fp32, mixed = d["fits"]
    assert fp32["probes"] == [] and fp32["largest_fit"] is None
    # ResNet-20 needs ~1.7 MB an image in fp32 (H200 recordings): about 2,500 under 4 GB; mixed about twice that
    assert 2000 < fp32["predicted_batch"] < 3000
    assert 1.8 < mixed["predicted_batch"] / fp32["predicted_batch"] < 2.2
    text = subprocess.run([sys.executable, "-m", "tfgpu_wizard", "--lang", "en", "fit", "--model", "cnn",
                           "--precision", "fp32", "--memory-limit", "2048"], capture_output=True, text=True,
                          timeout=300, env={**os.environ, "COLUMNS": "80"})
    assert text.returncode == 1
    assert "Cannot measure here" in text.stdout and "predicted largest batch" in text.stdout


@pytest.mark.tf
def test_when_tensorflow_sees_no_gpu_the_first_probe_is_stopped() -> None:
    """NVML may see a GPU that TensorFlow in that Python does not register (a CPU wheel, a library that did not
    load): the probe's devices event says so, the probe is stopped at once and nothing is reported as measured.
    Here the GPU facts are given (this machine has none), the probe is the real sample on the CPU."""
    facts = GpuFacts(0, "pretend", 16000.0, 15000.0, 8)
    items = []
    flow = fit_flow("cnn", ["fp32"], 1024, sys.executable, gpu=facts, jit="off", probe_timeout=120)
    while True:
        try:
            items.append(next(flow))
        except StopIteration as stop:
            result = stop.value
            break
    assert not result.measured and "registered no GPU" in result.reason
    probes = result.fits[0].probes
    assert len(probes) == 1 and probes[0].outcome == "no-gpu"
    assert any(i.kind == "probe" for i in items) and any(i.kind == "prediction" for i in items)
    assert tr("memory", "no GPU") in "".join(i.text for i in items if i.kind == "probe-done")


@pytest.mark.tf
def test_fit_of_a_saved_model_is_a_prediction(tmp_path) -> None:
    out = subprocess.run([sys.executable, "-m", "tfgpu_wizard", "fit", "--keras-file", str(tmp_path / "none.keras")],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 2 and "no model file" in out.stderr


def test_fit_with_a_python_that_cannot_start_still_returns() -> None:
    """No GPU, no limit, and a Python that cannot be started: the flow still returns, says it could not
    measure, and names the failure."""
    result = fit("cnn", ["fp32"], None, "/nonexistent/python", gpu=None, predict_timeout=30)
    assert not result.measured and result.reason
    assert result.error and result.fits[0].prediction is None
