"""``tfgpu-wizard record [sample flags]``: run the bundled sample and record it (GPU samples + its events) as a run.

The sample's flags are generated from core.target.runner.SampleConfig (``--batch-size``, ``--memory growth`` ...).
Without a GPU the run is still recorded (the sample's events, with a note saying why no GPU was sampled).
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import sys
import time
from pathlib import Path
from typing import Any

from tfgpu_wizard.core.i18n import tr

_SKIP = {"extra_args"}


def _flag(name: str) -> str:
    return "--" + name.replace("_", "-")


def add_arguments(p: argparse.ArgumentParser) -> None:
    from tfgpu_wizard.core.target import runner as target
    from tfgpu_wizard.core.target.runner import SampleConfig, seconds

    choices_of = {"model": target.MODELS, "dataset": target.DATASETS, "memory": target.MEMORY_MODES,
                "precision": target.PRECISIONS, "loop": target.LOOPS, "jit": target.JIT_MODES,
                "backend": target.BACKENDS}

    g = p.add_argument_group("sample", "flags of the bundled sample (see: tfgpu-wizard sample --help)")
    for f in dataclasses.fields(SampleConfig):
        if f.name in _SKIP:
            continue
        default = f.default
        if isinstance(default, bool):
            if default:
                g.add_argument("--no-" + f.name.replace("_", "-"), dest=f.name, action="store_false")
            else:
                g.add_argument(_flag(f.name), dest=f.name, action="store_true")
            continue
        kind: Any = str
        annotation = str(f.type)  # a string under `from __future__ import annotations`
        if isinstance(default, int) or (default is None and annotation.startswith("int")):
            kind = int  # an optional whole number (gpu_total_mb) must reach SampleConfig as an int
        elif isinstance(default, float):
            kind = float
        g.add_argument(_flag(f.name), dest=f.name, type=kind, default=default, choices=choices_of.get(f.name))
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
    from tfgpu_wizard.commands._target_common import resolve_python
    from tfgpu_wizard.core.monitor import nvml
    from tfgpu_wizard.core.monitor import sampler as sm
    from tfgpu_wizard.core.monitor.runs import RunRecorder
    from tfgpu_wizard.core.target.runner import SAMPLE_SCRIPT, ConfigError, SampleConfig, TargetRun

    values = {f.name: getattr(args, f.name) for f in dataclasses.fields(SampleConfig) if f.name not in _SKIP}
    cfg = SampleConfig(**values)
    try:
        argv = cfg.to_argv()
    except ConfigError as exc:
        for problem in exc.problems:
            print(tr("monitor", "Sample flags: {problem}").format(problem=problem), file=sys.stderr)
        return 2
    if not (sm.MIN_INTERVAL <= args.interval <= sm.MAX_INTERVAL):
        print(tr("monitor", "--interval must be between 0.01 and 60 seconds."), file=sys.stderr)
        return 2
    python = resolve_python(args.python)

    sampler = sm.Sampler(sm.NvmlSource(args.gpu), interval=args.interval)
    sampler.start()
    sampled = sampler.state == sm.STATE_RUNNING
    extra: dict[str, Any] = {"python": python}
    if sampled:
        mapping = nvml.map_tf_devices(sampler.devices, os.environ)
        extra["tf_to_nvml"] = {str(k): v for k, v in mapping.tf_to_nvml.items()}
    rec = RunRecorder(config=cfg.to_dict(), devices=sampler.devices, label=args.label, interval=args.interval,
                      source="nvml" if sampled else "none", extra=extra)
    if sampled:
        rec.attach(sampler)
    else:
        rec.add_note("no-gpu-sampled", sampler.state_detail)
        print(tr("monitor", "No GPU is sampled ({reason}); recording the sample's events only.").format(
            reason=sampler.state_detail), file=sys.stderr)
    print(tr("monitor", "Recording run {id} -> {path}").format(id=rec.run_id, path=rec.path))
    from tfgpu_wizard.core.flows.predict import PeakTracker
    from tfgpu_wizard.core.monitor.panel import parse_pool_lines

    # Issue 25: the sample's prediction (its estimate event) against TensorFlow's and NVML's measured peaks,
    # scored on the end line; TensorFlow's pool size from its INFO log line, kept as a note.
    tracker = PeakTracker()
    unsubscribe = sampler.subscribe(tracker.add_tick) if sampled else None

    def on_event(ev) -> None:
        rec.add_event(ev)
        tracker.add_event(ev)

    def on_text(line: str) -> None:
        for pool in parse_pool_lines([line]):
            rec.add_note("tf-pool", pool.line, data={"pool_mb": pool.mb, "device": f"GPU:{pool.index}"})

    idle = args.idle_timeout if args.idle_timeout and args.idle_timeout > 0 else None
    target = TargetRun(SAMPLE_SCRIPT, argv, python=python, timeout=args.timeout, on_event=on_event,
                       on_text=on_text, idle_timeout=idle, env={"TF_CPP_MIN_LOG_LEVEL": "0"})
    status = "failed"
    from tfgpu_wizard.commands.sample import format_event

    result = None
    stop_exit = 0
    try:
        target.start()
        if target.pid:
            sampler.set_pid(target.pid)
        while target.is_running():
            try:
                ev = target.events.get(timeout=0.5)
            except Exception:  # noqa: BLE001 - queue.Empty
                continue
            if ev.type != "raw":  # the sample's stray output is kept in the run, not echoed
                line = format_event(ev)
                if line:
                    print(line, flush=True)
        result = target.wait()
        status = "finished" if result.ok else "failed"
    except KeyboardInterrupt as exc:  # Ctrl-C, or SIGTERM/SIGHUP through core.lifecycle (exc says which)
        result = target.stop(grace=3, reason=str(exc))
        status = "stopped"
        stop_exit = getattr(exc, "exit_code", 130)
    finally:
        time.sleep(min(1.0, 5 * args.interval))  # the memory release after exit belongs to the run
        if unsubscribe is not None:
            unsubscribe()
        sampler.stop()
        if sampler.state == sm.STATE_GPU_LOST:
            status = "gpu-lost"
        detail = "" if result is None or result.ok else result.describe_end() + "\n" + result.stderr_tail(10)
        score = tracker.score()
        memory = score.to_dict() if (score.predicted_bytes or score.tf_peak_bytes) else None
        rec.close(status=status, exit_code=None if result is None else result.returncode, detail=detail.strip(),
                  memory=memory)
        if memory:
            _say(score.line(), sys.stdout)
    show_ref = rec.run_id
    if rec.write_problem:
        _say(rec.write_problem)
        fallback = os.path.join(os.path.expanduser("~"), rec.path.name)
        try:
            rec.save_to(Path(fallback))
            _say(tr("monitor", "The whole run was saved to {path} instead.").format(path=fallback))
            # `runs show <id>` would find the empty leftover in the run folder: name the real file
            import shlex

            show_ref = shlex.quote(fallback) if os.name == "posix" else f'"{fallback}"'
        except OSError as exc:
            _say(tr("monitor", "Saving elsewhere failed too: {error}").format(error=exc))
            return stop_exit or 1
    _say(tr("monitor", "Run {id}: {status}. See: tfgpu-wizard runs show {ref}").format(
        id=rec.run_id, status=status, ref=show_ref), sys.stdout)
    if stop_exit:
        if result is not None:
            _say(result.describe_end())
        return stop_exit
    if result is not None and not result.ok:
        print(result.describe_end(), file=sys.stderr)
        return 1
    return 0
