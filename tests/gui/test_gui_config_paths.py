"""Every Monitor / Sanity / Benchmark control combination goes through the sample's own flag parser.

The parser is the real one: ``target/sample.py``'s ``build_parser()`` and ``check_flags()``, loaded by path
(the script imports TensorFlow only when it trains, so parsing needs no TensorFlow). Each combination is
also checked for meaning: the mode, the limit in MB, the devices, ``--gpu-total-mb`` and Keras 2 that the
sample will act on are the ones the controls show. Hosts: the doctor report recorded on an H200
(resources/recordings/doctor-h200.json, a recording), and the same report with a second card appended
(derived from the recording, labelled so), for the "All GPUs" entry.
"""

from __future__ import annotations

import copy
import importlib.util
import itertools
import json

import pytest

from tfgpu_wizard.core.paths import resources_dir, target_script
from tfgpu_wizard.core.setup.host_model import HostReport

pytestmark = pytest.mark.gui


def _sample_module():
    spec = importlib.util.spec_from_file_location("tfgpu_sample_parse_only", target_script("sample.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


SAMPLE = _sample_module()


def parse(argv: list[str]):
    """The sample's own parse: raises the sample's SampleError('bad-flags') exactly as the run would."""
    assert argv[0].endswith("sample.py")
    ns = SAMPLE.build_parser().parse_args(argv[1:])
    SAMPLE.check_flags(ns)
    return ns


def h200(cards: int = 1) -> HostReport:
    data = json.loads((resources_dir() / "recordings" / "doctor-h200.json").read_text("utf-8"))
    for i in range(1, cards):
        extra = copy.deepcopy(data["gpus"][0])
        extra.update(index=i, uuid=f"GPU-derived-{i}", memory_total_mib=81559, name="NVIDIA H200 (derived)")
        data["gpus"].append(extra)
    return HostReport.from_dict(data)


@pytest.fixture
def monitor(window, qtbot):
    qtbot.waitUntil(lambda: not window.detecting(), timeout=60_000)  # detection must not land mid-test
    return window.show_page("monitor")


def _set(combo, value) -> None:
    idx = combo.findData(value)
    assert idx >= 0, (value, [combo.itemData(i) for i in range(combo.count())])
    combo.setCurrentIndex(idx)


@pytest.mark.parametrize("cards", [1, 2])
def test_every_monitor_combination_parses_and_means_what_the_controls_say(window, monitor, cards):
    window.state.host = h200(cards)
    monitor.controls.fill_devices(window.state.host)
    devices = [monitor.devices.itemData(i) for i in range(monitor.devices.count())]
    assert devices == (["cpu", "gpu:0"] if cards == 1 else ["cpu", "gpu:0", "gpu:1", "all"])
    monitor.limit_mb.setValue(3000)
    monitor.steps.setValue(40)
    monitor.batch.setValue(96)
    seen = 0
    for mode, dev, precision, model, backend, keras2 in itertools.product(
            ("default", "growth", "limit"), devices, ("fp32", "mixed_float16", "mixed_bfloat16"),
            ("cnn", "resnet20", "resnet50"), ("tensorflow", "jax", "torch"), (False, True)):
        _set(monitor.mode, mode)
        _set(monitor.devices, dev)
        _set(monitor.precision, precision)
        _set(monitor.model, model)
        _set(monitor.backend, backend)
        monitor.keras2.setChecked(keras2)
        cfg = monitor.sample_config()
        ns = parse([str(target_script("sample.py")), *cfg.to_argv()])
        on_cpu = dev == "cpu"
        assert ns.memory == ("default" if on_cpu else mode)
        if mode == "limit" and not on_cpu:
            assert ns.memory_limit == ("mb", 3000)  # the spin box's MB, once, not doubled or dropped
        else:
            assert ns.memory_limit is None
        assert ns.devices == (("cpu", []) if on_cpu else ("all", []) if dev == "all" else ("gpus", [int(dev[4:])]))
        expected_total = None if on_cpu else (81559 if dev in ("gpu:1", "all") else 143771)
        assert ns.gpu_total_mb == expected_total
        assert (ns.precision, ns.model, ns.backend) == (precision, model, backend)
        assert ns.keras2 == (keras2 and backend == "tensorflow")
        assert (ns.batch_size, ns.steps, ns.log_every) == (96, 40, 2)
        # the run file stores the very config that ran
        assert cfg.to_dict()["memory"] == ns.memory
        seen += 1
    assert seen == 3 * len(devices) * 3 * 3 * 3 * 2


def test_monitor_defaults_to_the_clis_memory_mode(monitor):
    import argparse

    from tfgpu_wizard.commands import sample as sample_cmd

    p = argparse.ArgumentParser()
    sample_cmd.add_arguments(p)
    assert monitor.mode.currentData() == p.parse_args([]).memory == "default"


def test_no_gpu_after_detection_moves_the_hopeful_gpu0_to_the_cpu(window, monitor):
    """Issue 14: on a machine without an NVIDIA GPU, "GPU 0 / growth" chosen before detection stayed."""
    window.state.host = None
    monitor.controls.filled_for = object()  # as if the window had just started (no report yet)
    monitor.controls.fill_devices(window.state.host)
    assert monitor.devices.currentData() == "gpu:0"
    cpu_host = h200()
    cpu_host.gpus = []
    window.state.host = cpu_host
    monitor.on_shown()
    assert monitor.devices.currentData() == "cpu"
    ns = parse([str(target_script("sample.py")), *monitor.sample_config().to_argv()])
    assert ns.devices == ("cpu", []) and ns.memory == "default"
    # a user who then picks GPU 0 keeps it
    monitor.devices.setCurrentIndex(monitor.devices.findData("gpu:0"))
    monitor.controls.on_devices_chosen(monitor.devices.currentIndex())
    monitor.on_shown()
    assert monitor.devices.currentData() == "gpu:0"


def test_sanity_and_benchmark_settings_parse(window, qtbot):
    qtbot.waitUntil(lambda: not window.detecting(), timeout=60_000)
    sanity = window.show_page("sanity")
    from tfgpu_wizard.core.target.sampleopts import sanity_config

    for keras2 in (False, True):
        window.state.keras2 = keras2
        ns = parse([str(target_script("sample.py")), *sanity_config(sanity.STEPS, keras2=sanity._keras2()).to_argv()])
        assert ns.devices == ("auto", []) and ns.steps == sanity.STEPS and ns.keras2 == keras2
    bench = window.show_page("benchmark")
    for cards in (0, 1, 2):
        window.state.host = h200(max(cards, 1))
        if cards == 0:
            window.state.host.gpus = []
        bench.steps.setValue(33)
        configs = bench.configs()
        assert len(configs) == (2 if cards == 0 else 4)
        for label, cfg in configs:
            ns = parse([str(target_script("sample.py")), *cfg.to_argv()])
            assert ns.steps == 33
            if "limit" in label:
                assert ns.memory == "limit" and ns.memory_limit == ("mb", 4096)
            if cards == 0:
                assert ns.devices == ("cpu", []) and ns.memory == "default"
            else:
                assert ns.memory in ("growth", "limit") and ns.gpu_total_mb in (143771, 81559)


def test_core_tables_are_translated_in_the_pages_context():
    """The explanation table and the comparison's labels live in core; the pages show them translated."""
    from tfgpu_wizard.core import i18n
    from tfgpu_wizard.core.target.sampleopts import (
        BACKEND_MODE_TEXT,
        BENCHMARK_CPU,
        BENCHMARK_GPU,
        CPU_MODE_TEXT,
        MODE_TEXT,
    )

    zh = i18n.catalog("zh_CN")
    for text in [*MODE_TEXT.values(), *BACKEND_MODE_TEXT.values(), CPU_MODE_TEXT]:
        assert zh.get(("MonitorPage", text)), text
    for label, _ in (*BENCHMARK_GPU, *BENCHMARK_CPU):
        assert zh.get(("BenchmarkPage", label)), label
