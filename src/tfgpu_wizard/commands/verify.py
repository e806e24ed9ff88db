"""``tfgpu-wizard verify``: run the verification probe in a Python and say whether TensorFlow uses the GPU.

Exit status: 0 TensorFlow uses the GPU; 1 TensorFlow works without a GPU (or the GPU computation
failed); 2 bad arguments; 3 the Python has no TensorFlow, crashed, hung, or could not be started.
``--json`` prints ``{"verdict": ..., "probe": <the probe's report>, "run": {...}, "findings": [...]}``.
"""

from __future__ import annotations

import argparse
import json
import sys

CTX = "target"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--python", metavar="PATH", help="the Python (or venv / conda env folder) to check; "
                        "default: this one")
    parser.add_argument("--json", action="store_true", help="print the verdict and the probe's report as JSON")
    parser.add_argument("--timeout", type=float, default=180.0, metavar="SECONDS",
                        help="stop the probe after this long (default 180; importing TensorFlow is slow)")


def run(args: argparse.Namespace) -> int:
    from tfgpu_wizard.commands._target_common import format_findings, resolve_python, stderr_findings
    from tfgpu_wizard.core.i18n import tr
    from tfgpu_wizard.core.target import probe_verdict, run_probe

    if not args.timeout or args.timeout <= 0:
        print(tr(CTX, "--timeout must be a positive number of seconds"), file=sys.stderr)
        return 2
    python = resolve_python(args.python)
    if not args.json:
        print(tr(CTX, "Checking TensorFlow in {python} ...").format(python=python), file=sys.stderr, flush=True)
    result = run_probe(python, timeout=args.timeout)
    verdict = probe_verdict(result)
    context: dict = {}
    report = verdict.report or {}
    if (report.get("tensorflow") or {}).get("version"):
        context = {"tf_version": report["tensorflow"]["version"], "gpu_count": len(report.get("gpus") or [])}
        plat = (report.get("python") or {}).get("platform")
        if plat:
            context["platform"] = "windows" if plat == "win32" else "linux"
    findings = stderr_findings(result.stderr, context) if verdict.status != "gpu" else []
    if args.json:
        out = {
            "verdict": {"status": verdict.status, "headline": verdict.headline, "reasons": verdict.reasons,
                        "details": verdict.details, "exit_code": verdict.exit_code},
            "probe": verdict.report,
            "run": {"python": python, "returncode": result.returncode, "signal": result.signal,
                    "timed_out": result.timed_out, "start_error": result.start_error,
                    "duration_s": round(result.duration_s, 3), "stderr": result.stderr},
            "findings": [f.to_dict() if hasattr(f, "to_dict") else str(f) for f in findings],
        }
        print(json.dumps(out, indent=2, ensure_ascii=False, default=str))
        return verdict.exit_code
    mark = {"gpu": "✓", "no-gpu": "!", "gpu-broken": "✗"}.get(verdict.status, "✗")
    try:
        mark.encode(sys.stdout.encoding or "utf-8")
    except (UnicodeEncodeError, LookupError):
        mark = {"✓": "+", "✗": "x"}.get(mark, mark)
    print(f"{mark} {verdict.headline}")
    for reason in verdict.reasons:
        print("  " + tr(CTX, "why: {reason}").format(reason=reason))
    for line in verdict.details:
        print("  · " + line if mark != "+" else "  - " + line)
    if findings:
        print()
        print(tr(CTX, "What the error output says:"))
        print(format_findings(findings))
    elif verdict.status in ("crashed", "hung", "no-tensorflow", "gpu-broken") and result.stderr.strip():
        print()
        print(tr(CTX, "Last lines of the error output:"))
        print(result.stderr_tail(15))
    return verdict.exit_code
