#!/usr/bin/env python3
"""On a machine with an NVIDIA GPU: what NVML and nvidia-smi say, read by the app's own code, as one JSON object.

    PYTHONPATH=src python tools/gpu/check_detect.py > detect.json

Needs only nvidia-ml-py and the app's src (no TensorFlow, no Qt); runs in a few seconds. It checks on real
hardware what issue 28 could only replay elsewhere:

* NVML's own answers: nvmlSystemGetDriverVersion / GetNVMLVersion / GetCudaDriverVersion as the app reads and
  cleans them, and per GPU the MIG mode and MIG devices (core.monitor.nvml.devices);
* the NVML path and the nvidia-smi fallback of the same detection (core.setup.host._driver_from_nvml and
  _driver_from_smi) agree on driver, CUDA, names, memory, compute capability and bus ids;
* the raw answers the fallback parses: ``nvidia-smi`` (table), ``-q`` (head), the csv query with and without
  compute_cap, ``-L`` (lengths and the first lines, to see what this driver prints);
* NVML's error classes as the binding builds them (the mapping to driver states, core.setup.host._nvml_reason).

"ok" is true when every comparison holds; "problems" lists what did not.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import time


def _run(cmd: list[str]) -> dict:
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=15)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return {"cmd": cmd, "error": str(exc)}
    return {"cmd": cmd, "rc": p.returncode, "chars": len(p.stdout), "head": p.stdout.splitlines()[:6],
            "stderr": p.stderr.strip()[:300]}


def main() -> int:
    t0 = time.monotonic()
    out: dict = {"problems": []}
    from tfgpu_wizard.core.monitor import nvml
    from tfgpu_wizard.core.setup import host, host_smi

    st = nvml.status()
    out["nvml_status"] = {"ok": st.ok, "driver_version": str(st.driver_version), "nvml_version": str(st.nvml_version),
                          "cuda_driver_version": str(st.cuda_driver_version), "device_count": st.device_count,
                          "problem": str(st.problem) if st.problem is not None else None}
    devs = nvml.devices()
    out["nvml_devices"] = [d.to_dict() for d in devs] if isinstance(devs, list) else str(devs)

    try:
        info, gpus = host._driver_from_nvml()
    except Exception as exc:  # noqa: BLE001 - no driver here: say so and stop
        out["problems"].append(f"NVML path: {exc}")
        json.dump(out, sys.stdout, indent=1, default=str)
        sys.stdout.write("\n")
        return 1
    out["nvml_path"] = {"driver": info.__dict__, "gpus": [g.__dict__ | {"mig_devices": [m.__dict__ for m in g.mig_devices]}
                                                          for g in gpus]}
    smi = host.find_nvidia_smi({"PATH": "/usr/bin:/bin:/usr/local/bin"}) or shutil.which("nvidia-smi")
    out["nvidia_smi"] = smi
    if smi:
        sinfo, sgpus, problems = host._driver_from_smi(smi, 15.0)
        out["smi_path"] = {"driver": sinfo.__dict__, "gpus": [g.__dict__ | {"mig_devices": [m.__dict__ for m in
                                                                                            g.mig_devices]}
                                                              for g in sgpus], "problems": problems}
        for key in ("version", "cuda_version"):
            if getattr(info, key) != getattr(sinfo, key):
                out["problems"].append(f"driver {key}: NVML {getattr(info, key)!r}, nvidia-smi {getattr(sinfo, key)!r}")
        a = [(g.name, g.memory_total_mib, g.compute_capability, host_smi.bus_key(g.pci_bus_id), g.mig_enabled)
             for g in gpus]
        b = [(g.name, g.memory_total_mib, g.compute_capability, host_smi.bus_key(g.pci_bus_id), g.mig_enabled)
             for g in sgpus]
        if a != b:
            out["problems"].append(f"GPUs differ: NVML {a}, nvidia-smi {b}")
        out["raw"] = [_run([smi]), _run([smi, "-q"]), _run([smi, "-q", "-x"]), _run([smi, "-L"]),
                      _run([smi, f"--query-gpu={host_smi.QUERY_FIELDS}", "--format=csv,noheader,nounits"]),
                      _run([smi, f"--query-gpu={host_smi.QUERY_FIELDS_OLD}", "--format=csv,noheader,nounits"]),
                      _run([smi, "--version"])]
    if info.state != "working":
        out["problems"].append(f"NVML path state {info.state!r}")
    if not host_smi.valid_driver_version(info.version):
        out["problems"].append(f"NVML driver version {info.version!r} does not look like one")
    try:
        import pynvml

        out["error_mapping"] = {name: host._nvml_reason(nvml.classify_error(pynvml.NVMLError(getattr(pynvml, name)),
                                                                              starting=True))[1]
                                for name in ("NVML_ERROR_LIB_RM_VERSION_MISMATCH", "NVML_ERROR_DRIVER_NOT_LOADED",
                                             "NVML_ERROR_NO_PERMISSION", "NVML_ERROR_GPU_NOT_FOUND",
                                             "NVML_ERROR_LIBRARY_NOT_FOUND")}
        out["nvidia_ml_py"] = getattr(pynvml, "__version__", None)
    except Exception as exc:  # noqa: BLE001 - a report, not a test run
        out["problems"].append(f"error mapping: {exc}")
    nvml.shutdown()
    out["seconds"] = round(time.monotonic() - t0, 2)
    out["ok"] = not out["problems"]
    json.dump(out, sys.stdout, indent=1, default=str)
    sys.stdout.write("\n")
    return 0 if out["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
