"""``tfgpu-wizard verify``: run the verification probe in a Python and say whether TensorFlow uses the GPU.

Exit status: 0 TensorFlow uses the GPU; 1 TensorFlow works without a GPU (or the GPU computation
failed); 2 bad arguments; 3 the Python has no TensorFlow, crashed, hung, or could not be started.
``--json`` prints ``{"verdict": ..., "probe": <the probe's report>, "run": {...}, "findings": [...]}``.
"""

from __future__ import annotations

import argparse
import json
import sys
import time

CTX = "target"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from tfgpu_wizard.core.target.runner import seconds  # the one check of a time limit (nan, 0, -1)

    parser.add_argument("--python", metavar="PATH", help="the Python (or venv / conda env folder) to check; "
                        "default: this one")
    parser.add_argument("--json", action="store_true", help="print the verdict and the probe's report as JSON")
    parser.add_argument("--timeout", type=seconds, default=180.0, metavar="SECONDS",
                        help="stop the probe after this long (default 180; importing TensorFlow is slow)")
    parser.add_argument("--expect-cpu", action="store_true",
                        help="a CPU-only install: TensorFlow working without a GPU is the expected result (exit 0)")


def _probe(python: str, timeout: float, env: dict | None, quiet: bool):
    """Run the probe; every 15 s without an answer say so on stderr (importing TensorFlow can take a minute)."""
    from tfgpu_wizard.core.i18n import tr
    from tfgpu_wizard.core.target.runner import PROBE_SCRIPT, TargetRun

    run = TargetRun(PROBE_SCRIPT, [], python=python, timeout=timeout, env=env)
    with run:
        t0 = time.monotonic()
        next_note = 15.0
        while run.is_running() and time.monotonic() - t0 < timeout:
            time.sleep(0.1)
            elapsed = time.monotonic() - t0
            if not quiet and elapsed >= next_note and run.is_running():
                print(tr(CTX, "... still waiting for TensorFlow ({seconds:.0f} s; it stops after {limit:.0f} s)").format(
                    seconds=elapsed, limit=timeout), file=sys.stderr, flush=True)
                next_note += 15.0
        return run.wait()


def _library_check(python: str, args: argparse.Namespace, verdict, result) -> dict | None:
    """When TensorFlow skipped the GPU because a library did not load: run the probe again with its loader's
    messages on, and name each library with the fix that fits the TensorFlow version and install."""
    from tfgpu_wizard.core.i18n import tr
    from tfgpu_wizard.core.setup import gpulibs

    report = verdict.report or {}
    if verdict.status != "no-gpu" or not gpulibs.wants_library_check(report, result.stderr):
        return None
    if not args.json:
        print(tr(CTX, "TensorFlow skipped the GPU because a library did not load; running the probe again with "
                      "TensorFlow's loader messages on to find which ..."), file=sys.stderr, flush=True)
    again = _probe(python, args.timeout, dict(gpulibs.VERBOSE_LOADER_ENV), quiet=args.json)
    missing = gpulibs.missing_libraries(again.stderr)
    tf_version = (report.get("tensorflow") or {}).get("version")
    plat = (report.get("python") or {}).get("platform") or sys.platform
    platform = "windows" if plat == "win32" else ("macos" if plat == "darwin" else "linux")
    fix = gpulibs.library_fix(missing, tf_version, python, report.get("nvidia_wheels"), platform) if missing else []
    return {"missing": [{"name": m.name, "reason": m.reason} for m in missing],
            "opened": gpulibs.opened_libraries(again.stderr), "fix": fix, "stderr": again.stderr}


def _host():
    """This machine's facts (driver, GPUs) for the verdict's first sentence; None when detection fails."""
    try:
        from tfgpu_wizard.core.setup.host import detect_host

        return detect_host()
    except Exception:  # noqa: BLE001 - the verdict stands on the probe alone
        return None


def run(args: argparse.Namespace) -> int:
    from tfgpu_wizard.commands._target_common import format_findings, resolve_python, stderr_findings
    from tfgpu_wizard.core.diagnose.verdict import with_host_facts
    from tfgpu_wizard.core.i18n import tr
    from tfgpu_wizard.core.target.runner import probe_verdict

    if not args.timeout or args.timeout <= 0:
        print(tr(CTX, "--timeout must be a positive number of seconds"), file=sys.stderr)
        return 2
    python = resolve_python(args.python)
    if not args.json:
        print(tr(CTX, "Checking TensorFlow in {python} ...").format(python=python), file=sys.stderr, flush=True)
    result = _probe(python, args.timeout, None, quiet=args.json)
    verdict = with_host_facts(probe_verdict(result), _host())  # the same first sentence as the window's
    # A CPU plan's check (core.setup.plan): "works, no GPU" is what that plan installs, so it passes.
    as_intended = bool(getattr(args, "expect_cpu", False)) and verdict.status == "no-gpu"
    exit_code = 0 if as_intended else verdict.exit_code
    libraries = _library_check(python, args, verdict, result)
    context: dict = {}
    report = verdict.report or {}
    if (report.get("tensorflow") or {}).get("version"):
        context = {"tf_version": report["tensorflow"]["version"], "gpu_count": len(report.get("gpus") or [])}
        plat = (report.get("python") or {}).get("platform")
        if plat:
            context["platform"] = "windows" if plat == "win32" else "linux"
    log = result.stderr if libraries is None else result.stderr + "\n" + libraries["stderr"]
    findings = stderr_findings(log, context) if verdict.status != "gpu" and not as_intended else []
    if args.json:
        out = {
            "verdict": {"status": verdict.status, "headline": verdict.headline, "reasons": verdict.reasons,
                        "details": verdict.details, "exit_code": exit_code, "expected_cpu": as_intended},
            "probe": verdict.report,
            "run": {"python": python, "returncode": result.returncode, "signal": result.signal,
                    "timed_out": result.timed_out, "start_error": result.start_error,
                    "duration_s": round(result.duration_s, 3), "stderr": result.stderr},
            "findings": [f.to_dict() if hasattr(f, "to_dict") else str(f) for f in findings],
            "libraries": None if libraries is None else {k: v for k, v in libraries.items() if k != "stderr"},
        }
        print(json.dumps(out, indent=2, ensure_ascii=False, default=str))
        return exit_code
    mark = {"gpu": "✓", "no-gpu": "✓" if as_intended else "!", "gpu-broken": "✗"}.get(verdict.status, "✗")
    try:
        mark.encode(sys.stdout.encoding or "utf-8")
    except (UnicodeEncodeError, LookupError):
        mark = {"✓": "+", "✗": "x"}.get(mark, mark)
    if as_intended:
        print(f"{mark} " + tr(CTX, "TensorFlow works, on the CPU, as this plan intends."))
        print("  " + verdict.headline)
    else:
        print(f"{mark} {verdict.headline}")
    for reason in verdict.reasons:
        print("  " + tr(CTX, "why: {reason}").format(reason=reason))
    for line in verdict.details:
        print("  · " + line if mark != "+" else "  - " + line)
    if libraries is not None:
        print()
        if libraries["missing"]:
            print(tr(CTX, "TensorFlow could not load:"))
            for m in libraries["missing"]:
                print(f"  ✗ {m['name']}: {m['reason']}" if mark != "+" else f"  x {m['name']}: {m['reason']}")
            print(tr(CTX, "What to do:"))
            for line in libraries["fix"]:
                print("  " + line)
        else:
            print(tr(CTX, "TensorFlow's loader did not name the library that failed, even with its messages on."))
    if findings:
        print()
        print(tr(CTX, "What the error output says:"))
        print(format_findings(findings))
    elif verdict.status in ("crashed", "hung", "no-tensorflow", "gpu-broken") and result.stderr.strip():
        print()
        print(tr(CTX, "Last lines of the error output:"))
        print(result.stderr_tail(15))
    return exit_code
