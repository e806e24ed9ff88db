"""Re-resolve every pip plan the matrix offers, for its target, and write a labelled, dated recording.

Run it on purpose when the package index moves (a new TF or companion release), from the repository root::

    .venv/bin/python tools/check_plans.py                    # writes resources/recordings/plan-resolution-<date>.json
    .venv/bin/python tools/check_plans.py --only 2.21 --jobs 2

For every matrix row that has a pip recipe, every machine of the row (macOS) and every Python minor the
row allows, the plan is made with ``core.setup.plan.build_plan(row, None, "pip", …, python=X.Y)`` and its
``requirements`` are resolved with::

    uv pip compile --no-config --only-binary :all: --python-version X.Y --python-platform P -o pylock.toml

``uv`` evaluates environment markers for the *target* (pip does not: pypa/pip#11664), so it sees
``tensorflow-intel`` on Windows and ``tensorflow-macos`` on macOS arm64. ``pylock.toml`` (PEP 751) names
the wheels uv chose for that platform with their sha256, which the plan's ``requirements.lock`` uses.
A plan that fails binary-only is resolved again with sdists allowed; it is then recorded as ``sdist``
with the packages that have no wheel (such a plan installs online, never offline). Python < 3.6 cannot
be resolved by uv and is recorded as ``unchecked`` (the plan builder does not offer it).

Targets: Linux/WSL2 ``x86_64-manylinux_2_17`` for rows whose TF wheel needs glibc ≤ 2.17, else
``x86_64-manylinux_2_28`` (uv has no 2_27 target; a glibc 2.27 host is allowed by the row, the lock is
for 2.28+); Windows ``x86_64-pc-windows-msvc``; macOS ``aarch64-apple-darwin`` / ``x86_64-apple-darwin``
with ``MACOSX_DEPLOYMENT_TARGET=14.0``. tests/test_plan_lock.py compares today's plans with the newest
recording, offline.
"""

from __future__ import annotations

import argparse
import datetime as _dt
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import tomllib

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from tfgpu_wizard.core.setup.matrix import load_matrix  # noqa: E402
from tfgpu_wizard.core.setup.plan import PlanError, build_plan  # noqa: E402

MAC_TARGET = "14.0"


def python_platform(row, machine: str) -> str:
    if row.platform in ("linux", "wsl2"):
        glibc = tuple(int(x) for x in (row.wheel.glibc if row.wheel else "2.17").split("."))
        return "x86_64-manylinux_2_17" if glibc <= (2, 17) else "x86_64-manylinux_2_28"
    if row.platform == "windows":
        return "x86_64-pc-windows-msvc"
    return "aarch64-apple-darwin" if machine == "arm64" else "x86_64-apple-darwin"


def cases(matrix, only: str | None = None):
    """(row, machine, python, cpu, requirements, error) for every pip plan the matrix offers."""
    for row in matrix.rows:
        if "pip" not in row.methods or (only and row.tensorflow != only):
            continue
        machines = row.machines if row.platform == "macos" else ("x86_64",)
        shell = "powershell" if row.platform == "windows" else "bash"
        prefix = "C:\\tf" if row.platform == "windows" else "/opt/tf"
        # the GPU plan, and on Linux/WSL2 also the CPU-only plan (a target without a usable driver)
        kinds = (False, True) if row.platform in ("linux", "wsl2") and row.gpu == "cuda" else (False,)
        for machine in machines:
            for py in row.python_minors():
                for cpu in kinds:
                    try:
                        plan = build_plan(row, None, "pip", shell, prefix, python=py, cpu=cpu, lock=False)
                    except PlanError as exc:
                        yield row, machine, py, cpu, None, str(exc)
                        continue
                    yield row, machine, py, cpu, list(plan.requirements), ""


def resolution_id(target: str, python: str, requirements: list[str]) -> str:
    text = json.dumps([target, python, requirements])
    return hashlib.sha256(text.encode()).hexdigest()[:12]


def _uv() -> str:
    here = Path(sys.executable).parent / "uv"
    return str(here) if here.exists() else (shutil.which("uv") or "uv")


def _compile(target: str, python: str, requirements: list[str], binary_only: bool) -> tuple[int, str, dict | None]:
    """uv pip compile, first from uv's cache alone (``--offline``: fast; the cache was filled from PyPI by this
    run or one minutes before), then online where the cache lacks something."""
    rc, err, lock = _compile_once(target, python, requirements, binary_only, offline=True)
    if rc == 0:
        return rc, err, lock
    return _compile_once(target, python, requirements, binary_only, offline=False)


def _compile_once(
    target: str, python: str, requirements: list[str], binary_only: bool, offline: bool
) -> tuple[int, str, dict | None]:
    with tempfile.TemporaryDirectory() as tmp:
        req = Path(tmp, "requirements.in")
        req.write_text("\n".join(requirements) + "\n", encoding="utf-8")
        out = Path(tmp, "pylock.toml")
        cmd = [_uv(), "pip", "compile", "--no-config", "--quiet", "--python-version", python,
               "--python-platform", target, str(req), "-o", str(out)]
        if binary_only:
            cmd[4:4] = ["--only-binary", ":all:"]
        if offline:
            cmd.insert(3, "--offline")
        env = dict(os.environ, MACOSX_DEPLOYMENT_TARGET=MAC_TARGET)
        env.pop("UV_INDEX_URL", None)
        try:
            proc = subprocess.run(cmd, capture_output=True, text=True, timeout=600, env=env, cwd=tmp)
        except subprocess.TimeoutExpired:
            return 124, "uv pip compile timed out after 600 s", None
        if proc.returncode != 0:
            return proc.returncode, (proc.stderr or proc.stdout).strip(), None
        return 0, "", tomllib.loads(out.read_text(encoding="utf-8"))


def _packages(lock: dict) -> tuple[list, list[str]]:
    out, sdist_only = [], []
    for pkg in lock.get("packages", []):
        files = [[w["url"].rsplit("/", 1)[-1], w["hashes"]["sha256"]] for w in pkg.get("wheels", [])]
        if not files and pkg.get("sdist"):
            sd = pkg["sdist"]
            files = [[sd["url"].rsplit("/", 1)[-1], sd["hashes"]["sha256"]]]
            sdist_only.append(f"{pkg['name']}=={pkg['version']}")
        out.append([pkg["name"], pkg["version"], files])
    return out, sdist_only


def _short(text: str) -> str:
    lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
    return " ".join(lines)[:600]


def resolve(target: str, python: str, requirements: list[str]) -> dict:
    base = {"python_platform": target, "python": python, "requirements": requirements}
    if tuple(int(x) for x in python.split(".")) < (3, 6):
        return {**base, "status": "unchecked", "packages": [], "sdist_only": [],
                "reason": "uv resolves for Python 3.6 and newer only, so this plan cannot be checked or "
                          "locked; Python 3.5 reached its end of life in September 2020"}
    rc, err, lock = _compile(target, python, requirements, binary_only=True)
    if rc == 0 and lock is not None:
        pk, _ = _packages(lock)
        return {**base, "status": "wheels", "packages": pk, "sdist_only": [], "reason": ""}
    rc2, err2, lock2 = _compile(target, python, requirements, binary_only=False)
    if rc2 == 0 and lock2 is not None:
        pk, sd = _packages(lock2)
        return {**base, "status": "sdist", "packages": pk, "sdist_only": sd,
                "reason": "needs packages that have no wheel (built from source during install): " + ", ".join(sd)
                          + "; cannot be installed offline or with --only-binary"}
    return {**base, "status": "fails", "packages": [], "sdist_only": [], "reason": _short(err2 or err)}


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", metavar="LINE", help="only this TF line (e.g. 2.21); merged into the newest recording")
    ap.add_argument("--jobs", type=int, default=4)
    ap.add_argument("--out", metavar="FILE")
    args = ap.parse_args(argv)
    matrix = load_matrix()
    todo: dict[str, tuple[str, str, list[str]]] = {}
    rows = []
    for row, machine, py, cpu, reqs, error in cases(matrix, args.only):
        case = {"tf": row.tensorflow, "platform": row.platform, "machine": machine, "python": py, "cpu": cpu}
        if reqs is None:
            rows.append({**case, "requirements": None, "resolution": None, "plan_error": error})
            continue
        target = python_platform(row, machine)
        rid = resolution_id(target, py, reqs)
        todo[rid] = (target, py, reqs)
        rows.append({**case, "requirements": reqs, "resolution": rid})
    print(f"{len(rows)} plan cases, {len(todo)} distinct resolutions", file=sys.stderr)
    results: dict[str, dict] = {}
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        futures = {rid: pool.submit(resolve, *spec) for rid, spec in todo.items()}
        for i, (rid, fut) in enumerate(futures.items(), 1):
            results[rid] = fut.result()
            r = results[rid]
            print(f"[{i}/{len(futures)}] {r['python_platform']} py{r['python']} {r['requirements'][0]}: "
                  f"{r['status']}", file=sys.stderr)
    uv_version = subprocess.run([_uv(), "--version"], capture_output=True, text=True).stdout.strip()
    today = _dt.datetime.now(_dt.timezone.utc)
    out = Path(args.out) if args.out else ROOT / "resources" / "recordings" / f"plan-resolution-{today:%Y-%m-%d}.json"
    if args.only and out.exists():
        old = json.loads(out.read_text(encoding="utf-8"))
        rows = [c for c in old["cases"] if c["tf"] != args.only] + rows
        results = {**{k: v for k, v in old["resolutions"].items()
                      if any(c["resolution"] == k for c in rows)}, **results}
    data = {
        "label": "recording: every pip plan of matrix.json resolved against PyPI for its target "
                 "(tools/check_plans.py); a snapshot of the index on the date below",
        "recorded_on": today.strftime("%Y-%m-%d"),
        "recorded_at": today.strftime("%Y-%m-%dT%H:%M:%SZ"),
        "resolver": uv_version + " pip compile --no-config --only-binary :all: (then sdists allowed) "
                    "--python-version X.Y --python-platform P; MACOSX_DEPLOYMENT_TARGET=" + MAC_TARGET,
        "index": "https://pypi.org/simple",
        "cases": rows,
        "resolutions": dict(sorted(results.items())),
    }
    out.write_text(json.dumps(data, indent=1, ensure_ascii=False, sort_keys=False) + "\n", encoding="utf-8")
    counts: dict[str, int] = {}
    for c in rows:
        st = results[c["resolution"]]["status"] if c["resolution"] else "plan-error"
        counts[st] = counts.get(st, 0) + 1
    print(f"wrote {out}: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())), file=sys.stderr)
    return 0 if not counts.get("fails") else 1


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
