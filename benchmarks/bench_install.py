"""pip vs uv: install the same requirement into a fresh venv, cold cache and warm cache, side by side in one run.

    python benchmarks/bench_install.py                       # tensorflow[and-cuda]==2.21.0, this Python
    python benchmarks/bench_install.py --req tensorflow==2.21.0 --record

Cold: an empty cache directory made for the run (PIP_CACHE_DIR / UV_CACHE_DIR), so everything is downloaded.
Warm: a second fresh venv with the cache the cold run filled. The four runs go pip-cold, uv-cold, pip-warm,
uv-warm, in one process, on the same network and disk. ``--record`` writes
resources/recordings/bench-install-<date>.json, which the uv plan's text quotes (core.setup.plan).
"""

from __future__ import annotations

import argparse
import datetime as _dt
import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _uv() -> str:
    here = Path(sys.executable).parent / "uv"
    return str(here) if here.exists() else (shutil.which("uv") or "uv")


def _timed(cmd: list[str], env: dict[str, str]) -> float:
    t0 = time.perf_counter()
    proc = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=3600)
    dt = time.perf_counter() - t0
    if proc.returncode != 0:
        raise SystemExit(f"failed: {' '.join(cmd)}\n{proc.stderr[-3000:]}")
    return dt


def one(tool: str, req: str, cache: Path, work: Path, tag: str) -> dict:
    env = dict(os.environ)
    env.pop("PIP_NO_CACHE_DIR", None)
    venv = work / f"{tool}-{tag}"
    if tool == "pip":
        env["PIP_CACHE_DIR"] = str(cache)
        _timed([sys.executable, "-m", "venv", str(venv)], env)
        py = str(venv / "bin" / "python")
        secs = _timed([py, "-m", "pip", "install", "--disable-pip-version-check", "--quiet", req], env)
    else:
        env["UV_CACHE_DIR"] = str(cache)
        _timed([_uv(), "venv", "--quiet", "--python", sys.executable, str(venv)], env)
        py = str(venv / "bin" / "python")
        secs = _timed([_uv(), "pip", "install", "--quiet", "--no-config", "--python", py, req], env)
    shutil.rmtree(venv, ignore_errors=True)
    return {"tool": tool, "cache": tag, "seconds": round(secs, 1)}


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--req", default="tensorflow[and-cuda]==2.21.0")
    ap.add_argument("--record", action="store_true")
    ap.add_argument("--work", metavar="DIR", help="scratch folder (needs ~4x the install size free)")
    args = ap.parse_args(argv)
    work = Path(tempfile.mkdtemp(prefix="bench-install-", dir=args.work))
    try:
        caches = {"pip": work / "pip-cache", "uv": work / "uv-cache"}
        results = []
        for tag in ("cold", "warm"):
            for tool in ("pip", "uv"):
                r = one(tool, args.req, caches[tool], work, tag)
                results.append(r)
                print(f"{tool:4} {tag}: {r['seconds']:7.1f} s", flush=True)
        t = {(r["tool"], r["cache"]): r["seconds"] for r in results}
        ratio = {c: round(t[("pip", c)] / t[("uv", c)], 1) for c in ("cold", "warm")}
        print(f"pip/uv: cold {ratio['cold']}x, warm {ratio['warm']}x")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    if args.record:
        now = _dt.datetime.now(_dt.timezone.utc)
        uv_version = subprocess.run([_uv(), "--version"], capture_output=True, text=True).stdout.strip()
        pip_version = subprocess.run([sys.executable, "-m", "pip", "--version"], capture_output=True,
                                     text=True).stdout.split(" from ")[0]
        out = ROOT / "resources" / "recordings" / f"bench-install-{now:%Y-%m-%d}.json"
        out.write_text(json.dumps({
            "label": "recording: benchmarks/bench_install.py, pip vs uv into a fresh venv, side by side",
            "recorded_at": now.strftime("%Y-%m-%dT%H:%M:%SZ"),
            "requirement": args.req, "python": platform.python_version(), "machine": platform.machine(),
            "cpus": os.cpu_count(), "pip": pip_version, "uv": uv_version,
            "runs": results, "ratio": ratio,
        }, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
