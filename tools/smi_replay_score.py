#!/usr/bin/env python3
"""Score ``doctor`` runs over nvidia-smi captures, field by field (issue 28's twenty-case replay).

    tools/smi_replay_score.py CASES_DIR RUNS_DIR

CASES_DIR holds one folder per case with ``truth.json`` (the team's smi-captures layout; tests/fixtures/smi
cases have the same truth inside ``case.json``); RUNS_DIR what the captures' ``_harness/run_all.sh`` wrote
(``<case>/doctor.json`` and ``doctor.txt``). Unlike the harness's score.py, a failure case is judged by the
driver state the capture shows (``truth.driver_state``): right when doctor names it and its headline is not
"No NVIDIA driver was found" (unless there is none), partly when only the detail names the cause. A
compute capability the capture does not show (truth null) is "n/a" when doctor has none and "by name" when
doctor has the one NVIDIA's table gives for the model (core.setup.host_smi.compute_capability_for).
Standard library only, plus this app's src for compute_capability_for (put it on PYTHONPATH).
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

CAUSE_WORDS = {  # what the detail says for each state (old reports have no ``state`` field)
    "needs-reboot": "different versions",
    "not-loaded": "kernel module is not loaded",
    "no-devices": "found no GPU",
}
NO_DRIVER = "No NVIDIA driver was found"


def _truth(case: Path) -> dict:
    if (case / "truth.json").is_file():
        t = json.loads((case / "truth.json").read_text(encoding="utf-8"))
    else:
        t = json.loads((case / "case.json").read_text(encoding="utf-8"))["truth"]
    t.setdefault("driver_state", "working" if t["driver_present"] else "not-installed")
    return t


def score(case: Path, run: Path) -> dict:
    from tfgpu_wizard.core.setup.host_smi import compute_capability_for

    t = _truth(case)
    j = json.loads((run / "doctor.json").read_text(encoding="utf-8"))
    text = " ".join((run / "doctor.txt").read_text(encoding="utf-8").split())
    drv, gpus = j["driver"], j["gpus"]
    state = t["driver_state"]
    errors = [n for n in j["notes"] if n["severity"] == "error"]
    headline_no_driver = bool(errors) and errors[0]["message"].startswith(NO_DRIVER)
    res: dict[str, str] = {}
    if state == "working":
        res["diagnosis"] = "right" if drv["present"] and not headline_no_driver else "wrong"
    else:
        named = drv.get("state") == state or CAUSE_WORDS.get(state, "\0") in (drv.get("error") or "")
        says_no_driver = NO_DRIVER in text and state != "not-installed"
        if drv.get("state") == state and not says_no_driver:
            res["diagnosis"] = "right"
        elif named and state == "not-loaded" and not drv["present"]:
            res["diagnosis"] = "right"  # "no working driver, its module is not loaded": the judgement of the issue
        else:
            res["diagnosis"] = "partly" if named else "wrong"
    res["driver"] = "right" if drv["version"] == t["driver_version"] else "wrong"
    res["cuda"] = "right" if drv["cuda_version"] == t["cuda_version"] else "wrong"
    res["count"] = "right" if len(gpus) == t["gpu_count"] else "wrong"
    if "nvml_version" in t:
        res["nvml_version"] = "right" if drv.get("nvml_version") == t["nvml_version"] else "wrong"
    if len(gpus) != t["gpu_count"]:
        for f in ("names", "memory", "cc", "bus"):
            res[f] = "wrong"
    elif gpus:
        names, ccs = [], []
        for g, tg in zip(gpus, t["gpus"], strict=True):
            if tg["name"] is None:
                names.append("partly" if g["name"] == tg["name_shown"] else "wrong")
            else:
                names.append("right" if g["name"] == tg["name"] else "wrong")
            if tg["cc"] is not None:
                ccs.append("right" if g["compute_capability"] == tg["cc"] else "wrong")
            elif g["compute_capability"] is None:
                ccs.append("n/a")
            else:
                ccs.append("by name" if g["compute_capability"] == compute_capability_for(g["name"]) else "wrong")
        res["names"] = "wrong" if "wrong" in names else ("partly" if "partly" in names else "right")
        res["memory"] = "right" if all(g["memory_total_mib"] == tg["memory_mib"] for g, tg in zip(gpus, t["gpus"], strict=True)) \
            else "wrong"
        res["cc"] = next((v for v in ("wrong", "right", "by name") if v in ccs), "n/a")
        res["bus"] = "right" if all((g["pci_bus_id"] or "").lower() == tg["bus"].lower()
                                    for g, tg in zip(gpus, t["gpus"], strict=True)) else "wrong"
    vals = [v for v in res.values() if v not in ("n/a", "by name")]
    if res["diagnosis"] == "wrong" or res["driver"] == "wrong":
        verdict = "wrong"
    else:
        verdict = "right" if all(v == "right" for v in vals) else "partly"
    return {"verdict": verdict, "fields": res}


def main(cases_dir: str, runs_dir: str) -> int:
    rows = {}
    for case in sorted(Path(cases_dir).iterdir()):
        if case.name.startswith("_") or not (case / "truth.json").is_file() and not (case / "case.json").is_file():
            continue
        rows[case.name] = score(case, Path(runs_dir) / case.name)
    print(dict(Counter(r["verdict"] for r in rows.values())))
    for name, r in rows.items():
        print(f"{name:34s} {r['verdict']:7s} " + " ".join(f"{k}={v}" for k, v in r["fields"].items()))
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:3]))
