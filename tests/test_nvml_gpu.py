"""The NVML wrapper and the sampler against a real GPU (marker ``gpu``: skipped where NVML finds none).

Run on the GPU machine with ``PYTHONPATH=src python3 -m pytest -m gpu tests/test_nvml_gpu.py``.
The per-process checks start a real PyTorch child that holds 1 GiB (skipped without torch).
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
import time

import pytest

from tfgpu_wizard.core.monitor import nvml
from tfgpu_wizard.core.monitor.sampler import STATE_RUNNING, NvmlSource, Sampler

pytestmark = [
    pytest.mark.gpu,
    pytest.mark.skipif(nvml.init() is not None, reason="no NVIDIA GPU / driver here"),
]
GIB = 1024**3


def test_status_and_devices_are_real() -> None:
    st = nvml.status()
    assert st.ok and st.device_count >= 1
    assert isinstance(st.driver_version, str) and st.driver_version[0].isdigit()
    devs = nvml.devices()
    assert isinstance(devs, list) and len(devs) == st.device_count
    d = devs[0]
    assert d.uuid.startswith("GPU-") and d.memory_total and d.memory_total > GIB
    assert d.pci_bus_id and d.compute_capability


def test_memory_v2_adds_up_and_fields_are_sane() -> None:
    r = nvml.read_device(0)
    m = r.memory
    assert isinstance(m, nvml.MemoryInfo)
    assert m.version == "v2", "this driver has the v2 memory query"
    assert m.reserved is not None and m.reserved > 0
    assert abs(m.used + m.reserved + m.free - m.total) <= 2 * 1024 * 1024
    assert isinstance(r.utilization, nvml.Utilization) and 0 <= r.utilization.gpu <= 100
    assert isinstance(r.power_w, float) and 10 < r.power_w < 2000
    assert isinstance(r.temperature_c, int) and 0 < r.temperature_c < 110
    assert isinstance(r.processes, list)


def test_bad_index_is_not_available_not_an_exception() -> None:
    r = nvml.read_device(999)
    assert isinstance(r.memory, nvml.NotAvailable) and r.memory.code == nvml.NA_NO_SUCH_GPU


def test_mapping_with_real_uuids() -> None:
    devs = nvml.devices()
    assert isinstance(devs, list)
    m = nvml.map_tf_devices(devs, {"CUDA_VISIBLE_DEVICES": devs[-1].uuid[:12]})
    assert m.tf_to_nvml == {0: devs[-1].index}


@pytest.mark.skipif(importlib.util.find_spec("torch") is None, reason="needs torch for a real GPU process")
def test_sampler_splits_the_watched_process_memory() -> None:
    code = (
        "import torch,sys,time\n"
        "x=torch.ones(1024**3//4,device='cuda');torch.cuda.synchronize()\n"
        "print('ready',flush=True);sys.stdin.read()\n"
    )
    child = subprocess.Popen([sys.executable, "-c", code], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout is not None and child.stdout.readline().strip() == "ready"
        procs = nvml.read_processes(0)
        assert isinstance(procs, list)
        mine = [p for p in procs if p.pid == child.pid]
        assert mine and mine[0].used is not None and mine[0].used >= GIB
        with Sampler(NvmlSource([0]), interval=0.01, history_s=10) as s:
            s.set_pid(child.pid)
            time.sleep(1.0)
        assert s.state != STATE_RUNNING
        assert s.ticks >= 60, f"only {s.ticks} ticks in 1 s at 100 Hz"
        last = s.latest(1, gpu=0)[0]
        assert last.pid_mem is not None and last.pid_mem >= GIB
        assert last.others_mem is not None and last.others_mem < last.pid_mem
        assert last.mem_used is not None and last.mem_used >= last.pid_mem
        t, v = s.series(0, "pid_mem")
        assert len(t) == s.ticks and v[-1] >= 1024
    finally:
        child.communicate("", timeout=30)
