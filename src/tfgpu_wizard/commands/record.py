"""``tfgpu-wizard record [sample flags]``: run the bundled sample and record it (GPU samples + its events) as a run.

The sample's flags are those of ``sample`` (commands/sample.py: ``--batch-size``, ``--memory growth`` ...), with
the same help texts.
Without a GPU the run is still recorded (the sample's events, with a note saying why no GPU was sampled).
The task itself is ``core.flows.record``, the Monitor page's too: this command prints its progress.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from tfgpu_wizard.core.i18n import tr


def add_arguments(p: argparse.ArgumentParser) -> None:
    from tfgpu_wizard.commands.sample import add_sample_flags
    from tfgpu_wizard.core.target.runner import seconds

    # the sample's own flags with the same help texts as `sample --help` (newcomer-2 #22): one definition
    g = p.add_argument_group("sample", "flags of the bundled sample (see: tfgpu-wizard sample --help)")
    add_sample_flags(g)  # type: ignore[arg-type]  # an argument group takes add_argument like a parser
    g.add_argument("--multi-worker", action="store_true",
                   help="one worker of a MultiWorkerMirroredStrategy run (reads TF_CONFIG; see `cluster`)")
    p.add_argument("--python", help="the Python (or venv / conda env folder) that has TensorFlow (default: this one)")
    p.add_argument("--timeout", type=seconds, default=1800, help="stop the sample after this many seconds")
    p.add_argument("--idle-timeout", type=float, default=300.0, metavar="SECONDS",
                   help="stop the sample when it prints nothing for this long (a hung import; default 300)")
    p.add_argument("--interval", type=float, default=0.1, help="GPU sampling interval in seconds (default 0.1)")
    p.add_argument("--gpu", type=int, action="append", metavar="INDEX", help="sample only this NVML GPU")
    p.add_argument("--label", default="", help="a name for this run")


def _say(text: str, stream=None) -> None:
    """Print, but never fail: after SIGHUP the terminal is gone, and the run must still be closed."""
    try:
        print(text, file=stream or sys.stderr, flush=True)
    except (OSError, ValueError):
        pass


def run(args: argparse.Namespace) -> int:
    from tfgpu_wizard.commands.sample import config_from_args, format_event
    from tfgpu_wizard.core.flows.base import drive
    from tfgpu_wizard.core.flows.record import RecordResult, record
    from tfgpu_wizard.core.monitor import sampler as sm
    from tfgpu_wizard.core.target.runner import ConfigError, Event

    cfg = config_from_args(args, multi_worker=bool(getattr(args, "multi_worker", False)))
    try:
        cfg.validate()
    except ConfigError as exc:
        for problem in exc.problems:
            print(tr("monitor", "Sample flags: {problem}").format(problem=problem), file=sys.stderr)
        return 2
    if not (sm.MIN_INTERVAL <= args.interval <= sm.MAX_INTERVAL):
        print(tr("monitor", "--interval must be between 0.01 and 60 seconds."), file=sys.stderr)
        return 2
    kept: list[RecordResult] = []  # the flow's result, filled in as it ends (also when a signal ends it)

    def show(item) -> None:
        if item.kind == "recording":
            kept.append(item.data)
            _say(item.text, sys.stdout)
        elif item.kind == "no-gpu":
            _say(item.text)
        elif item.kind == "loss-scale":  # mixed_float16: what the loss scale did, one sentence each (issue 25)
            _say(item.text, sys.stdout)
        elif item.kind == "event":  # the sample's stray output and TensorFlow's log stay out of the terminal
            line = format_event(Event(str(item.data.get("type")), item.data, 0.0))
            if line:
                _say(line, sys.stdout)

    idle = args.idle_timeout if args.idle_timeout and args.idle_timeout > 0 else None
    flow = record(cfg, args.python, label=args.label, gpus=args.gpu, interval=args.interval, timeout=args.timeout,
                  idle_timeout=idle, fallback_dir=Path(os.path.expanduser("~")))
    stop_exit = 0
    try:
        drive(flow, show)
    except KeyboardInterrupt as exc:  # Ctrl-C, or SIGTERM/SIGHUP through core.lifecycle (exc says which)
        stop_exit = getattr(exc, "exit_code", 130)
    if not kept or not kept[0].done:
        return stop_exit or 1
    result = kept[0]
    if result.score is not None:
        _say(result.score.line(), sys.stdout)
    show_ref = result.run_id
    if result.write_problem:
        _say(result.write_problem)
        if result.saved_to is None:
            _say(tr("monitor", "Saving elsewhere failed too: {error}").format(error=result.save_problem))
            return stop_exit or 1
        _say(tr("monitor", "The whole run was saved to {path} instead.").format(path=result.saved_to))
        # `runs show <id>` would find the empty leftover in the run folder: name the real file
        import shlex

        where = str(result.saved_to)
        show_ref = shlex.quote(where) if os.name == "posix" else f'"{where}"'
    _say(tr("monitor", "Run {id}: {status}. See: tfgpu-wizard runs show {ref}").format(
        id=result.run_id, status=result.status, ref=show_ref), sys.stdout)
    if stop_exit:
        _say(result.describe_end())
        return stop_exit
    if result.end != "ok":
        _say(result.describe_end())
        return 1
    return 0
