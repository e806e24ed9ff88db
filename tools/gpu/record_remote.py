"""Record real /metrics answers of nvitop's exporter and of tfgpu-wizard's own endpoint on a GPU machine (issue 27).

Usage (repository root, PYTHONPATH=src, nvitop-exporter installed):  python3 tools/gpu/record_remote.py OUTDIR

On 127.0.0.1 it starts nvitop-exporter (port 8000, 1 s) and this app's endpoint (``core.flows.share``, NVML at
1 s, port 9480, the doctor report), then a PyTorch child that takes GPU memory in steps while it multiplies
matrices, and scrapes both endpoints once a second for the whole run. It writes, for each endpoint,
OUTDIR/<name>.scrapes.jsonl.gz: a header line ({"recorded_on", "source", ...}) then one line per scrape
({"t": seconds since the first scrape, "body": the text as served}); the app's doctor report as
OUTDIR/tfgpu-wizard-<gpu>.doctor.json; and one classroom round over both endpoints (the real flow, real NVML)
as OUTDIR/classroom-round.txt. These are the labelled recordings tests/fixtures/remote replays on loopback.
"""

from __future__ import annotations

import gzip
import json
import subprocess
import sys
import time
from datetime import date
from pathlib import Path

from tfgpu_wizard.commands._remote import render
from tfgpu_wizard.core.flows.classroom import watch
from tfgpu_wizard.core.flows.share import Share
from tfgpu_wizard.core.monitor import nvml
from tfgpu_wizard.core.monitor.remote import fetch

WORKLOAD = r"""
import time, torch
x = torch.randn(8192, 8192, device="cuda")
time.sleep(3)
held = []
for step in range(8):                      # 8 steps of 2 GiB, one every 2 s, the GPU busy in between
    held.append(torch.empty(2 << 30, dtype=torch.uint8, device="cuda"))
    t_end = time.time() + 2
    while time.time() < t_end:
        y = x @ x
    torch.cuda.synchronize()
time.sleep(4)
del held[4:]                               # half freed: the caching allocator keeps it
time.sleep(3)
torch.cuda.empty_cache()                   # now it goes back
time.sleep(4)
"""


def main(out: Path) -> int:
    out.mkdir(parents=True, exist_ok=True)
    st = nvml.status()
    devs = nvml.devices()
    gpu = devs[0].name if not isinstance(devs, nvml.NotAvailable) and devs else "GPU"
    tag = gpu.replace("NVIDIA ", "").replace(" ", "-").lower()
    when = date.today().isoformat()
    exporter = subprocess.Popen([sys.executable, "-m", "nvitop_exporter", "--bind-address", "127.0.0.1",
                                 "--port", "8000", "--interval", "1.0"], stdout=subprocess.DEVNULL,
                                stderr=open(out / "nvitop-exporter.log", "w"))  # noqa: SIM115
    share = Share(port=9480, interval=1.0)
    share.start()
    share.wait_doctor(60)
    try:
        time.sleep(3)
        import nvitop_exporter

        common = {"recorded_on": f"{gpu}, driver {st.driver_version}, {when}",
                  "how": "tools/gpu/record_remote.py: a PyTorch child takes 8 x 2 GiB (one step every 2 s, "
                         "matrix products in between), frees half (cached), then empty_cache(); scraped every 1 s"}
        endpoints = {
            f"nvitop-exporter-{tag}": ("http://127.0.0.1:8000/metrics",
                                       dict(common, source=f"nvitop-exporter {nvitop_exporter.__version__} "
                                                           "(--interval 1.0), /metrics as served")),
            f"tfgpu-wizard-{tag}": ("http://127.0.0.1:9480/metrics",
                                    dict(common, source="tfgpu-wizard monitor --serve (NVML at 1 s), /metrics "
                                                        "as served")),
        }
        rows: dict[str, list[dict]] = {name: [] for name in endpoints}
        child = subprocess.Popen([sys.executable, "-c", WORKLOAD])
        t0 = time.monotonic()
        after = 0  # scrapes after the child ended: the curve's tail
        while after < 3:
            tick = time.monotonic()
            for name, (url, _) in endpoints.items():
                try:
                    body = fetch(url, timeout=2.0).decode("utf-8")
                except Exception as exc:  # noqa: BLE001 - a missed scrape is recorded as such
                    body = ""
                    print(name, "scrape failed:", exc, file=sys.stderr)
                rows[name].append({"t": round(tick - t0, 3), "body": body})
            if child.poll() is not None or tick - t0 > 120:
                after += 1
            time.sleep(max(0.0, 1.0 - (time.monotonic() - tick)))
        child.wait()
        for name, (_, header) in endpoints.items():
            with gzip.open(out / f"{name}.scrapes.jsonl.gz", "wt", encoding="utf-8") as fh:
                fh.write(json.dumps(header) + "\n")
                for row in rows[name]:
                    fh.write(json.dumps(row) + "\n")
        doctor = fetch("http://127.0.0.1:9480/doctor.json", timeout=5.0)
        (out / f"tfgpu-wizard-{tag}.doctor.json").write_bytes(doctor)
        rounds = list(watch(["nvitop=127.0.0.1:8000", "app=127.0.0.1:9480", "dead=127.0.0.1:9"], count=1))
        (out / "classroom-round.txt").write_text(render(list(rounds[-1].machines), 80,
                                                        {"ok": "+", "warn": "!", "bad": "x", "live": "*",
                                                         "dead": "o"}) + "\n")
        print((out / "classroom-round.txt").read_text())
    finally:
        share.stop()
        exporter.terminate()
        exporter.wait(10)
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1])))
