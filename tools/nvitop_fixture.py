"""Make the nvitop-exporter fixture from a real H200 recording when no running exporter can be captured.

Usage (nvitop and nvitop-exporter installed aside, not project dependencies):
    pip install --no-deps --target /tmp/nvt nvitop==1.7.2 nvitop-exporter==1.7.2
    PYTHONPATH=/tmp/nvt:src python tools/nvitop_fixture.py resources/recordings/torch_train.run.jsonl \
        tests/fixtures/remote/nvitop-exporter-h200-torch_train.replayed.jsonl.gz

The text comes from nvitop-exporter's own code: its ``PrometheusExporter`` registers its gauges (names, units,
labels, help) in a registry and prometheus_client writes the exposition, exactly as the running exporter does.
The GPU gauges are set once a second, as the exporter's ``update_device`` sets them (MiB, %, W, degrees C), from the
NVML samples of the recording; gauges the recording has no value for (clocks, fan, PCIe, NVLink), the host gauges
and the process gauges are left without samples. The exporter's info metric (device count, driver) is
made of the recording's facts: the constructor would ask NVML, which a machine without a GPU does not have. tools/gpu/record_remote.py records the same file from a running
exporter on a GPU machine (it replaces this one when a device session can run it).
"""

from __future__ import annotations

import gzip
import json
import sys
from pathlib import Path

from prometheus_client import CollectorRegistry, generate_latest

from tfgpu_wizard.core.monitor.runs import read_run

MIB = 1024 * 1024
HOSTNAME = "h200-recording"


def main(recording: Path, out: Path) -> int:
    import nvitop_exporter
    from nvitop_exporter.exporter import PrometheusExporter

    run = read_run(recording)
    devices = {d.index: d for d in run.devices}
    from nvitop import Device

    registry = CollectorRegistry()
    driver = (run.header.get("label") or "").split("driver ")[-1].split(",")[0] or "N/A"
    # The constructor's info metric asks NVML for the count and the driver; here they are the recording's.
    Device.count = staticmethod(lambda: len(devices))  # type: ignore[method-assign]
    Device.driver_version = staticmethod(lambda: driver)  # type: ignore[method-assign]
    Device.cuda_driver_version = staticmethod(lambda: "N/A")  # type: ignore[method-assign]
    exporter = PrometheusExporter([], hostname=HOSTNAME, registry=registry, interval=1.0)
    header = {
        "recorded_on": run.header.get("label", ""),
        "source": f"nvitop-exporter {nvitop_exporter.__version__}'s own registry and prometheus_client's exposition "
                  f"(tools/nvitop_fixture.py), its GPU gauges set once a second from the NVML samples of the real "
                  f"recording {recording.name}; not a capture of a running exporter",
    }
    rows = []
    ticks = run.ticks
    t0 = ticks[0][0]
    second = 0.0
    i = 0
    while True:
        while i + 1 < len(ticks) and ticks[i + 1][0] - t0 <= second:
            i += 1
        for s in ticks[i][1]:
            d = devices.get(s.gpu)
            labels = {"hostname": HOSTNAME, "index": str(s.gpu), "devicename": d.name if d else f"GPU {s.gpu}",
                      "uuid": d.uuid if d else ""}
            values = [
                (exporter.gpu_utilization, s.util_gpu),
                (exporter.gpu_memory_utilization, s.util_mem),
                (exporter.gpu_memory_total, None if s.mem_total is None else s.mem_total / MIB),
                (exporter.gpu_memory_used, None if s.mem_used is None else s.mem_used / MIB),
                (exporter.gpu_memory_free, None if s.mem_free is None else s.mem_free / MIB),
                (exporter.gpu_memory_percent, None if not s.mem_total or s.mem_used is None
                 else round(100.0 * s.mem_used / s.mem_total, 1)),
                (exporter.gpu_power_usage, s.power_w),
                (exporter.gpu_temperature, s.temp_c),
            ]
            for gauge, value in values:
                if value is not None:
                    gauge.labels(**labels).set(float(value))
        rows.append({"t": round(second, 3), "body": generate_latest(registry).decode("utf-8")})
        if ticks[-1][0] - t0 <= second:
            break
        second += 1.0
    out.parent.mkdir(parents=True, exist_ok=True)
    with gzip.open(out, "wt", encoding="utf-8") as fh:
        fh.write(json.dumps(header) + "\n")
        for row in rows:
            fh.write(json.dumps(row) + "\n")
    print(f"{out}: {len(rows)} answers")
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1]), Path(sys.argv[2])))
