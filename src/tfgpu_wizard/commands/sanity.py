"""``tfgpu-wizard sanity``: does TensorFlow train on the GPU? The window's Sanity check, for a terminal.

It runs the verification probe, then trains the bundled sample a few hundred steps (``--devices auto``: the
first GPU if TensorFlow sees one) in the chosen Python, and answers in one sentence that starts from the
host's facts (``core.diagnose.verdict``): no driver, a CPU-only wheel, an old driver or missing libraries.

Exit status: 0 it trains on the GPU; 1 it trains only on the CPU; 2 bad arguments; 3 it could not train
(no TensorFlow, a crash, a hang, or the Python did not start). ``--json`` prints the verdict as JSON.
"""

from __future__ import annotations

import argparse
import json
import sys

CTX = "verdict"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from tfgpu_wizard.core.target.runner import seconds  # the one check of a time limit (nan, 0, -1)

    parser.add_argument("--python", metavar="PATH", help="the Python (or venv / conda env folder) to check; "
                        "default: this one")
    parser.add_argument("--steps", type=int, default=300, help="training steps (default 300)")
    parser.add_argument("--keras2", action="store_true", help="train with Keras 2 (tf-keras)")
    parser.add_argument("--no-host", action="store_true", help="skip detecting the machine (driver, GPUs)")
    parser.add_argument("--json", action="store_true", help="print the verdict as JSON")
    parser.add_argument("--timeout", type=seconds, default=900.0, metavar="SECONDS",
                        help="stop the training after this long (default 900)")


def _status(result) -> str:
    if result.start_error:
        return "not-started"
    if result.timed_out:
        return "timeout"
    return "ok" if result.ok else "failed"


def run(args: argparse.Namespace) -> int:
    from tfgpu_wizard.commands._target_common import resolve_python
    from tfgpu_wizard.core.diagnose.verdict import sanity_verdict, with_host_facts
    from tfgpu_wizard.core.i18n import tr
    from tfgpu_wizard.core.target.runner import ConfigError, probe_verdict, run_probe, run_sample
    from tfgpu_wizard.core.target.sampleopts import sanity_config

    if args.timeout <= 0:
        print(tr(CTX, "--timeout must be a positive number of seconds"), file=sys.stderr)
        return 2
    try:
        cfg = sanity_config(args.steps, keras2=args.keras2)
    except ConfigError as exc:
        print(f"tfgpu-wizard sanity: {exc}", file=sys.stderr)
        return 2
    python = resolve_python(args.python)
    host = None
    if not args.no_host:
        try:
            from tfgpu_wizard.core.setup.host import detect_host

            host = detect_host()
        except Exception:  # noqa: BLE001 - the verdict stands on the probe alone
            host = None
    say = (lambda text: None) if args.json else (lambda text: print(text, file=sys.stderr, flush=True))
    say(tr(CTX, "Checking TensorFlow in {python} ...").format(python=python))
    probe = with_host_facts(probe_verdict(run_probe(python, keras2=args.keras2)), host)
    events: dict[str, dict] = {}
    result = None
    if probe.status in ("no-tensorflow", "crashed", "hung", "not-started"):
        status = "ok"
    else:
        say(tr(CTX, "Training {steps} steps ...").format(steps=cfg.steps))
        result = run_sample(cfg, python=python, timeout=args.timeout)
        for kind in ("devices", "summary", "error"):
            ev = result.last(kind)
            if ev is not None:
                events[kind] = ev.data
        status = _status(result)
    verdict = sanity_verdict(status=status, steps=cfg.steps, devices=events.get("devices"),
                             summary=events.get("summary"), error=events.get("error"), probe=probe, host=host,
                             start_error=(result.start_error or "") if result else "",
                             stderr_tail=result.stderr_tail() if result else "")
    if args.json:
        print(json.dumps({"verdict": verdict.to_dict(), "config": cfg.to_dict(), "python": python,
                          "probe": {"status": probe.status, "headline": probe.headline, "reasons": probe.reasons}},
                         indent=2, ensure_ascii=False, default=str))
        return verdict.exit_code
    mark = {"ok": "✓", "info": "i", "warn": "!"}.get(verdict.kind, "✗")
    print(f"{mark} {verdict.headline}")
    for reason in verdict.why:
        print(f"  - {reason}")
    for line in verdict.lines:
        print(f"  {line}")
    if verdict.error and verdict.error.get("advice"):
        print("  " + str(verdict.error["advice"]))
    return verdict.exit_code
