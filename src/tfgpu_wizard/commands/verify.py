"""``tfgpu-wizard verify``: run the verification probe in a Python and say whether TensorFlow uses the GPU.

Exit status: 0 TensorFlow uses the GPU, or works on the CPU where that is expected (``--expect-cpu``, or a machine
without an NVIDIA GPU or driver); 1 TensorFlow works without the GPU that is there (or the GPU computation failed); 2 bad arguments; 3 the Python has no TensorFlow, crashed, hung, or could not be started.
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
    from tfgpu_wizard.commands._target_common import print_progress
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
    from tfgpu_wizard.commands._console import out
    from tfgpu_wizard.commands._target_common import print_findings
    from tfgpu_wizard.core import verdicts

    o = out()
    kind = outcome.verdict_kind  # the one vocabulary: the window's Verify says the same words in the same colour
    if as_intended:  # the sentence says the label's words already
        o.verdict(kind, tr(CTX, "TensorFlow works, on the CPU, as this plan intends."))
    else:
        o.verdict(kind, verdicts.sentence(kind, verdict.headline))
    if as_intended:
        o.line(verdict.headline, indent=2)
    for reason in verdict.reasons:
        o.line(tr(CTX, "why: {reason}").format(reason=reason), indent=2, hang=4)
    for line in verdict.details:
        o.bullet("·" if o.unicode else "-", line, indent=2, data=True)
    if libraries is not None:
        o.blank()
        if libraries.missing:
            o.line(tr(CTX, "TensorFlow could not load:"))
            for m in libraries.missing:
                o.verdict(verdicts.NOT_WORKING, f"{m.name}: {m.reason}", indent=2, style_text=False)
            o.line(tr(CTX, "What to do:"))
            for line in libraries.fix:
                o.line(line, indent=2, hang=4)
        else:
            o.line(tr(CTX, "TensorFlow's loader did not name the library that failed, even with its messages on."))
    if verdict.status == "no-tensorflow":  # the CLI's own next step, not the window's (newcomer-2 #8)
        findings = [f for f in findings if f.rule_id != "no-tensorflow"]
        o.blank()
        o.line(tr(CTX, "What to do:"))
        o.bullet("-", tr(CTX, "If TensorFlow is installed in another Python or environment, check that one: "
                              "tfgpu-wizard verify --python PATH (an interpreter or an environment folder)."),
                 indent=2)
        if outcome.no_gpu_here:
            o.bullet("-", tr(CTX, "To install it: tfgpu-wizard plan writes the commands for this machine. It has no "
                                  "NVIDIA GPU or driver, so that is the CPU package (tensorflow, without the CUDA "
                                  "libraries), in a new environment."), indent=2)
        else:
            o.bullet("-", tr(CTX, "To install it: tfgpu-wizard plan writes the commands for this machine, in a new "
                                  "environment."), indent=2)
    if findings:
        o.blank()
        o.line(tr(CTX, "What the error output says:"))
        print_findings(o, findings)
    elif verdict.status in ("crashed", "hung", "gpu-broken") and result.stderr.strip():
        o.blank()
        o.line(tr(CTX, "Last lines of the error output:"))
        o.line(result.stderr_tail(15), indent=2, data=True)
    return exit_code
