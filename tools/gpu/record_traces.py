"""Record real NVML traces of GPU workloads with tfgpu-wizard's own Sampler + RunRecorder (GPU machine only).

Usage (repository root, PYTHONPATH=src):  python3 tools/gpu/record_traces.py OUTDIR [scenario ...]
Each scenario runs tools/gpu/workloads.py in a child process; the sampler watches the child's PID, the
recorder writes OUTDIR/<scenario>.run.jsonl (the run format of docs/run-format.md) with a label saying
what ran, on which GPU and driver, and when.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from datetime import date
from pathlib import Path

from tfgpu_wizard.core.monitor import nvml
from tfgpu_wizard.core.monitor.runs import RunRecorder
from tfgpu_wizard.core.monitor.sampler import NvmlSource, Sampler

HERE = Path(__file__).resolve().parent

SCENARIOS: dict[str, tuple[dict[str, str], str]] = {
    "jax_default": ({}, "JAX, default allocator (preallocates 75 % of the GPU at the first allocation); "
                        "eight 1 GiB arrays, one every 0.6 s"),
    "jax_ondemand": ({"XLA_PYTHON_CLIENT_PREALLOCATE": "false"},
                     "JAX, XLA_PYTHON_CLIENT_PREALLOCATE=false (on demand); eight 1 GiB arrays"),
    "jax_fraction": ({"XLA_PYTHON_CLIENT_MEM_FRACTION": "0.20"},
                     "JAX, XLA_PYTHON_CLIENT_MEM_FRACTION=0.20 (preallocates 20 %); eight 1 GiB arrays"),
    "torch_caching": ({}, "PyTorch caching allocator: eight 1 GiB tensors, delete half (memory stays cached), "
                          "then torch.cuda.empty_cache() (memory returns)"),
    "torch_fraction": ({}, "PyTorch set_per_process_memory_fraction(0.10): 1 GiB tensors until the "
                           "allocator refuses (OutOfMemoryError at the limit)"),
    "torch_train": ({}, "PyTorch training loop: small conv net, random CIFAR-sized data, 300 steps, "
                        "batch 256 then 1024 from step 150"),
}


def record(name: str, outdir: Path, interval: float = 0.05, timeout: float = 120.0) -> Path:
    extra_env, what = SCENARIOS[name]
    st = nvml.status()
    devs = nvml.devices()
    assert not isinstance(devs, nvml.NotAvailable), devs
    gpu = devs[0]
    label = f"{what} -- recorded on {gpu.name}, driver {st.driver_version}, {date.today().isoformat()}"
    sampler = Sampler(NvmlSource([gpu.index]), interval=interval, history_s=600)
    sampler.start()
    rec = RunRecorder(
        config={"scenario": name, "env": extra_env, "interval": interval},
        devices=sampler.devices,
        path=outdir / f"{name}.run.jsonl",
        run_id=f"recording-{name}",
        label=label,
        recorded_on=f"{gpu.name}, driver {st.driver_version}, NVML {st.nvml_version}, {date.today().isoformat()} "
                    "(recording)",
        interval=interval,
        source="nvml",
        extra={"tool": "tools/gpu/record_traces.py"},
    )
    rec.attach(sampler)
    time.sleep(0.5)  # idle baseline
    env = dict(os.environ, **extra_env, PYTHONUNBUFFERED="1")
    child = subprocess.Popen([sys.executable, str(HERE / "workloads.py"), name], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, env=env)
    sampler.set_pid(child.pid)
    rec.add_note("child-started", f"pid {child.pid}")
    err_lines: list[str] = []
    t_err = threading.Thread(target=lambda: err_lines.extend(child.stderr), daemon=True)
    t_err.start()
    deadline = time.monotonic() + timeout
    for line in child.stdout:
        try:
            ev = json.loads(line)
        except ValueError:
            continue
        ev["recv_t"] = time.monotonic()
        rec.add_event(ev)
        if time.monotonic() > deadline:
            child.kill()
            break
    code = child.wait(timeout=30)
    time.sleep(1.0)  # after exit: the driver takes the memory back
    sampler.stop()
    status = "finished" if code == 0 else "failed"
    rec.close(status=status, exit_code=code, detail="".join(err_lines[-5:])[-800:] if code else "")
    print(f"{name}: exit {code}, {sampler.ticks} ticks, missed {sampler.missed_ticks}, "
          f"{rec.path.stat().st_size} bytes", flush=True)
    if code:
        print("".join(err_lines[-20:]), flush=True)
    return rec.path


if __name__ == "__main__":
    out = Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    for scenario in sys.argv[2:] or list(SCENARIOS):
        record(scenario, out)
