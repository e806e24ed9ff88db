"""``tfgpu-wizard verify``: run the verification probe in a Python and say whether TensorFlow uses the GPU.

Exit status: 0 TensorFlow uses the GPU; 1 TensorFlow works without a GPU (or the GPU computation
failed); 2 bad arguments; 3 the Python has no TensorFlow, crashed, hung, or could not be started.
``--json`` prints ``{"verdict": ..., "probe": <the probe's report>, "run": {...}, "context": {...},
"findings": [...], "libraries": ...}``. The task itself is ``core.flows.verify``, the window's Verify too.
"""

from __future__ import annotations

import argparse
import json
import sys

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
    parser.add_argument("--keras2", action="store_true",
                        help="check with Keras 2 (sets TF_USE_LEGACY_KERAS=1 for the probe, as the window's "
                             "Keras 2 box does)")


def run(args: argparse.Namespace) -> int:
    from tfgpu_wizard.commands._target_common import format_findings, print_progress
    from tfgpu_wizard.core.flows.base import drive
    from tfgpu_wizard.core.flows.verify import verify
    from tfgpu_wizard.core.i18n import tr

    if not args.timeout or args.timeout <= 0:
        print(tr(CTX, "--timeout must be a positive number of seconds"), file=sys.stderr)
        return 2
    flow = verify(args.python, keras2=bool(getattr(args, "keras2", False)),
                  expect_cpu=bool(getattr(args, "expect_cpu", False)), timeout=args.timeout)
    outcome = drive(flow, None if args.json else print_progress)
    verdict = outcome.verdict  # the same first sentence as the window's (core.flows.verify)
    as_intended = outcome.as_intended
    exit_code = outcome.exit_code
    libraries = outcome.libraries
    result = outcome.probe
    findings = outcome.findings()
    if args.json:
        out = outcome.to_dict()
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
        if libraries.missing:
            print(tr(CTX, "TensorFlow could not load:"))
            for m in libraries.missing:
                print(f"  ✗ {m.name}: {m.reason}" if mark != "+" else f"  x {m.name}: {m.reason}")
            print(tr(CTX, "What to do:"))
            for line in libraries.fix:
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
