"""The memory panel's words (core/monitor/panel.py): which number is which, TensorFlow's pool from its log line,
and each memory mode's shape stated before a run and checked after it on the real H200 recordings (labelled:
resources/recordings/sample-tf-*.run.jsonl, `recorded_on` in their header)."""

from __future__ import annotations

import pytest

from tfgpu_wizard.core.monitor.panel import (
    check_shape,
    expected_shape,
    memory_figures,
    parse_pool_lines,
)
from tfgpu_wizard.core.monitor.runs import bundled_recordings, read_run
from tfgpu_wizard.core.monitor.snapshot import GpuSnapshot

MIB = 2**20
RECORDINGS = {p.name.removesuffix(".run.jsonl"): p for p in bundled_recordings()}

# The line's two shapes, as gpu_device.cc writes them (TF >= 2.5, then TF 1.x/2.0-2.4), with the glog prefix.
NEW = ("2026-12-03 11:55:20.123456: I tensorflow/core/common_runtime/gpu/gpu_device.cc:2020] Created device "
       "/job:localhost/replica:0/task:0/device:GPU:0 with 141460 MB memory:  -> device: 0, name: NVIDIA H200, "
       "pci bus id: 0000:19:00.0, compute capability: 9.0")
OLD = ("2019-03-16 00:27:48.601511: I tensorflow/core/common_runtime/gpu/gpu_device.cc:1115] Created TensorFlow "
       "device (/job:localhost/replica:0/task:0/device:GPU:1 with 14836 MB memory) -> physical GPU (device: 3, "
       "name: Tesla V100-SXM2-16GB, pci bus id: 0004:04:00.0, compute capability: 7.0)")


def test_the_pool_line_is_read_in_both_shapes() -> None:
    text = "\n".join(["I0000 00:00:1 some other line", NEW, OLD, "W tensorflow ... Created device? no"])
    pools = parse_pool_lines(text)
    assert [(p.index, p.mb, p.physical) for p in pools] == [(0, 141460, 0), (1, 14836, 3)]
    assert pools[0].device == "/job:localhost/replica:0/task:0/device:GPU:0"
    assert parse_pool_lines([NEW])[0].mb == 141460
    assert parse_pool_lines("nothing here") == []


def _h200_snapshot(name: str) -> GpuSnapshot:
    rec = read_run(RECORDINGS[name])
    return max((s for _, snaps in rec.ticks for s in snaps), key=lambda s: s.mem_used or 0)


@pytest.mark.parametrize("lang", ["en", "zh_CN"])
def test_every_number_is_labelled_and_explained(lang: str) -> None:
    snap = _h200_snapshot("sample-tf-resnet20-fp32-limit")
    figs = memory_figures(snap, tf_current=5_355_776, tf_peak=1_738_930_432, pool_mb=4096, pool_from="limit",
                          predicted=1_744_219_320, lang=lang)
    keys = [f.key for f in figs]
    assert keys == ["nvml.device", "nvml.process", "tf.pool", "tf.current", "tf.peak", "predicted"]
    assert len({f.label for f in figs}) == len(figs)  # no two numbers share a name
    assert all(f.label and f.what and f.source for f in figs)
    by = {f.key: f for f in figs}
    assert by["nvml.process"].value == snap.pid_mem and by["tf.pool"].value == 4096 * MIB
    assert "4096" in by["tf.pool"].what
    if lang == "zh_CN":
        english = {f.key: (f.label, f.what) for f in memory_figures(snap, tf_current=1, tf_peak=1, pool_mb=4096,
                                                                      pool_from="limit", predicted=1, lang="en")}
        assert all((f.label, f.what) != english[f.key] for f in figs)
        assert by["tf.peak"].label == "TensorFlow 峰值"


def test_missing_numbers_say_why() -> None:
    figs = {f.key: f for f in memory_figures(None, lang="en")}
    assert figs["nvml.device"].value is None and "NVML" in figs["nvml.device"].what
    assert "TF_CPP_MIN_LOG_LEVEL=0" in figs["tf.pool"].what
    wddm = GpuSnapshot(0.0, 0, mem_used=5 * 2**30, mem_total=8 * 2**30, unavailable=(("processes", "wddm"),))
    assert "WDDM" in {f.key: f for f in memory_figures(wddm, lang="en")}["nvml.process"].what


def test_each_mode_states_its_shape_before_the_run() -> None:
    assert expected_shape("default").shape == "one-jump"
    assert expected_shape("growth").shape == "staircase"
    assert expected_shape("limit").shape == "capped"
    assert "flat line" in expected_shape("default", lang="en").text
    assert expected_shape("growth", lang="zh_CN").text.startswith("预期")
    assert expected_shape("default", backend="jax") is None


@pytest.mark.parametrize("name,mode", [
    ("sample-tf-resnet20-fp32-default", "default"), ("sample-tf-cnn-fp32-default", "default"),
    ("sample-tf-resnet20-fp32-growth", "growth"), ("sample-tf-cnn-fp32-growth", "growth"),
    ("sample-tf-resnet20-mixed_float16-growth", "growth"), ("sample-tf-resnet20-fp32-limit", "limit"),
    ("sample-tf-cnn-fp32-limit", "limit"),
])
def test_the_recorded_runs_have_the_shape_their_mode_promised(name: str, mode: str) -> None:
    rec = read_run(RECORDINGS[name])
    trace = [s.pid_mem for _, snaps in rec.ticks for s in snaps]
    limit = rec.header["config"].get("memory_limit")
    check = check_shape(mode, trace, rec.devices[0].memory_total, limit_mb=float(limit) if limit else None,
                        lang="en")
    assert check.ok, check.text
    assert check.text.startswith("As expected")


def test_a_trace_that_breaks_its_promise_is_named() -> None:
    """The growth recording read as if it had been run in default mode: not one jump, and the text says what
    may cause that."""
    rec = read_run(RECORDINGS["sample-tf-resnet20-fp32-growth"])
    trace = [s.pid_mem for _, snaps in rec.ticks for s in snaps]
    check = check_shape("default", trace, rec.devices[0].memory_total, lang="en")
    assert not check.ok and check.seen == "staircase" and "TF_FORCE_GPU_ALLOW_GROWTH" in check.text
    over = check_shape("limit", [520 * MIB, 9000 * MIB, 9000 * MIB], 143771 * MIB, limit_mb=4096, lang="en")
    assert not over.ok and "did not hold" in over.text
