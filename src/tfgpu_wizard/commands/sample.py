"""``tfgpu-wizard sample``: run the bundled training sample in a Python and show its progress.

One line per progress event, then a summary. ``--json`` passes the sample's JSON lines through
(each with ``recv_t`` added). The flags are those of target/sample.py (docs/sample-protocol.md).
Exit status: the sample's own (0 ok, 2 bad flags, 3 configuration, 4 out of memory, 5 runtime error,
6 no TensorFlow, 143 stopped), or 124 when it ran past ``--timeout``.
"""

from __future__ import annotations

import argparse
import json
import sys

CTX = "target"
SILENCE_S = 15.0  # the sample silent this long (a slow import) gets a "still working" line on stderr


def add_sample_flags(parser: argparse.ArgumentParser) -> None:
    """The sample's own flags (also used by ``cluster``). The choices are core.target.runner's own lists; the
    other values are checked by SampleConfig."""
    from tfgpu_wizard.core.target.runner import (
        BACKENDS,
        DATASETS,
        JIT_MODES,
        LOOPS,
        MEMORY_MODES,
        MODELS,
        PRECISIONS,
    )

    parser.add_argument("--model", default="cnn", choices=MODELS, help="the model (default cnn)")
    parser.add_argument("--dataset", default="cifar10", choices=DATASETS, help="the dataset's shape (default cifar10)")
    parser.add_argument("--real-data", action="store_true", help="train on the real dataset from the Keras cache")
    parser.add_argument("--allow-download", action="store_true", help="with --real-data: download it if needed")
    parser.add_argument("--batch-size", type=int, default=64, help="global batch over all replicas (default 64)")
    parser.add_argument("--strict-batch", action="store_true",
                        help="fail when the batch does not divide over the replicas (default: adjust it)")
    parser.add_argument("--steps", type=int, default=100, help="training steps (default 100)")
    parser.add_argument("--log-every", type=int, default=10, help="progress every N steps (default 10)")
    parser.add_argument("--memory", default="default", choices=MEMORY_MODES,
                        help="how TensorFlow takes GPU memory (default: default)")
    parser.add_argument("--memory-limit", default=None, help="with --memory limit: MB (4096) or a fraction (0.5)")
    parser.add_argument("--gpu-total-mb", type=int, default=None, help="the card's memory, for a fractional limit")
    parser.add_argument("--devices", default="auto", help="auto | cpu | all | gpu:0 | gpu:0,1 (default auto)")
    parser.add_argument("--logical-cpus", type=int, default=1,
                        help="split the CPU into N logical devices (MirroredStrategy without a GPU)")
    parser.add_argument("--precision", default="fp32", choices=PRECISIONS, help="number format (default fp32)")
    parser.add_argument("--no-prefetch", action="store_true", help="turn off the input pipeline's prefetch")
    parser.add_argument("--loop", default="fit", choices=LOOPS,
                        help="fit (model.fit) or custom (tf.function loop); default fit")
    parser.add_argument("--jit", default="auto", choices=JIT_MODES, help="XLA compilation (default auto)")
    parser.add_argument("--learning-rate", type=float, default=0.01, help="learning rate (default 0.01)")
    parser.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    parser.add_argument("--backend", default="tensorflow", choices=BACKENDS,
                        help="Keras 3 backend (default tensorflow; jax and torch never import TensorFlow)")
    parser.add_argument("--steps-per-execution", type=int, default=0,
                        help="training steps per call into the backend (default: automatic)")
    parser.add_argument("--keras2", action="store_true",
                        help="train with Keras 2 (sets TF_USE_LEGACY_KERAS=1 for the sample; TensorFlow 2.16 and "
                        "later need the tf-keras package in that Python)")
    parser.add_argument("--overflow-demo", action="store_true",
                        help="with mixed_float16: force a few gradient overflows, to see the loss scale halve and "
                        "those steps skipped")


def config_from_args(args: argparse.Namespace, multi_worker: bool = False):
    from tfgpu_wizard.core.target.runner import SampleConfig

    return SampleConfig(
        model=args.model, dataset=args.dataset, real_data=args.real_data, allow_download=args.allow_download,
        batch_size=args.batch_size, strict_batch=args.strict_batch, steps=args.steps, log_every=args.log_every,
        memory=args.memory, memory_limit=args.memory_limit, gpu_total_mb=args.gpu_total_mb, devices=args.devices,
        logical_cpus=args.logical_cpus, multi_worker=multi_worker, precision=args.precision,
        prefetch=not args.no_prefetch, loop=args.loop, jit=args.jit, learning_rate=args.learning_rate,
        seed=args.seed, backend=getattr(args, "backend", "tensorflow"),
        steps_per_execution=getattr(args, "steps_per_execution", 0), keras2=getattr(args, "keras2", False),
        overflow_demo=getattr(args, "overflow_demo", False),
    )


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from tfgpu_wizard.core.target.runner import seconds  # the one check of a time limit (nan, 0, -1)

    add_sample_flags(parser)
    parser.add_argument("--multi-worker", action="store_true",
                        help="one worker of a MultiWorkerMirroredStrategy run (reads TF_CONFIG; see `cluster`)")
    parser.add_argument("--python", metavar="PATH", help="the Python (or venv / conda folder) to train in")
    parser.add_argument("--timeout", type=seconds, default=3600.0, metavar="SECONDS",
                        help="stop the run after this long (default 3600)")
    parser.add_argument("--json", action="store_true", help="print the sample's JSON lines as they come")
    parser.add_argument("--idle-timeout", type=float, default=300.0, metavar="SECONDS",
                        help="stop the run when it prints nothing for this long (a hung import; default 300)")


def _mib(value: object) -> str:
    return f"{value / 2**20:.0f} MiB" if isinstance(value, (int, float)) else "?"


def format_event(ev) -> str | None:
    """One terminal line for an event (None: nothing to show)."""
    from tfgpu_wizard.core.i18n import tr

    d = ev.data
    if ev.type == "start":
        v = d.get("versions") or {}
        if v.get("backend") in ("jax", "torch"):
            fw = v.get("backend")
            return tr(CTX, "Keras {keras} on {backend} {version}, Python {py} (pid {pid})").format(
                keras=v.get("keras"), backend={"jax": "JAX", "torch": "PyTorch"}[fw], version=v.get(fw),
                py=v.get("python"), pid=d.get("pid"))
        line = tr(CTX, "TensorFlow {tf}, Keras {keras}, Python {py} (pid {pid})").format(
            tf=v.get("tensorflow"), keras=v.get("keras"), py=v.get("python"), pid=d.get("pid"))
        if v.get("keras_major") == 2:
            from tfgpu_wizard.core.target.runner import keras_label

            label = keras_label({"source": v.get("keras_source")})
            if label:
                line += " · " + label
        return line
    if ev.type == "devices":
        line = tr(CTX, "{strategy} on {devices}: {replicas} replica(s), global batch {batch}").format(
            strategy=d.get("strategy"), devices=", ".join(d.get("devices") or []), replicas=d.get("replicas"),
            batch=d.get("global_batch"))
        if d.get("memory_mapping") and not d.get("memory_effect"):
            line += " · " + tr(CTX, "memory mode {mode}: {effect}").format(
                mode=d.get("memory_mode"), effect=d.get("memory_mapping"))
        if d.get("memory_effect"):
            effect = {"no GPU": tr(CTX, "no GPU"),
                      "no GPU: the memory mode has no effect": tr(CTX, "no GPU: the memory mode has no effect"),
                      }.get(d["memory_effect"], d["memory_effect"])
            line += " · " + tr(CTX, "memory mode {mode}: {effect}").format(mode=d.get("memory_mode"), effect=effect)
        return line
    if ev.type == "progress":
        acc = d.get("accuracy")
        line = tr(CTX, "step {step}/{steps}  loss {loss}  accuracy {acc}  {ips} img/s  {ms} ms/step").format(
            step=d.get("step"), steps=d.get("steps"),
            loss=f"{d['loss']:.4f}" if isinstance(d.get("loss"), float) else "?",
            acc=f"{acc:.3f}" if isinstance(acc, float) else "?",
            ips=f"{d['images_per_sec']:.0f}" if isinstance(d.get("images_per_sec"), float) else "?",
            ms=f"{d['step_time'] * 1000:.1f}" if isinstance(d.get("step_time"), float) else "?")
        if d.get("warmup"):
            line += " " + tr(CTX, "(includes start-up)")
        if d.get("loss_scale") is not None:
            line += "  " + tr(CTX, "loss scale {scale:g}").format(scale=d["loss_scale"])
        for m in d.get("memory") or []:
            line += f"  {m.get('device')} {_mib(m.get('current'))} (peak {_mib(m.get('peak'))})"
        return line
    if ev.type == "summary":
        line = tr(CTX, "Done: {steps} steps in {secs:.1f} s, {ips:.0f} img/s (steady), final loss {loss}").format(
            steps=d.get("steps"), secs=d.get("seconds") or 0.0, ips=d.get("images_per_sec") or 0.0,
            loss=f"{d['final_loss']:.4f}" if isinstance(d.get("final_loss"), float) else "?")
        if isinstance(d.get("first_step_s"), float):
            line += " · " + tr(CTX, "first step {secs:.1f} s (compilation)").format(secs=d["first_step_s"])
        return line
    if ev.type == "estimate":  # the prediction (target/estimate.py), before the first step
        from tfgpu_wizard.core.flows.predict import prediction_from_event

        pred = prediction_from_event(d)
        return "≈ " + pred.line() if pred is not None else None
    if ev.type == "resumed":
        return "… " + tr(CTX, "step {step} finished: the run goes on").format(step=d.get("step"))
    if ev.type == "warning":
        from tfgpu_wizard.core.target.runner import warning_text

        return "! " + warning_text(d)
    if ev.type == "error" and d.get("code") == "terminated":  # the echo of a stop: the end says who stopped it
        return None
    if ev.type == "error":
        return "✗ " + tr(CTX, "{message}\n  what to do: {advice}").format(
            message=d.get("message", ""), advice=d.get("advice", ""))
    if ev.type == "raw":  # the sample's stray output: data, its control characters shown, not run (drills-3 N15)
        from tfgpu_wizard.commands._console import visible

        return visible(d.get("text") or "") or None
    return None


def _print_explanations(config) -> None:
    """The explanation table (core.target.sampleopts), before the run: what each setting means."""
    from tfgpu_wizard.core.i18n import tr
    from tfgpu_wizard.core.target.sampleopts import explanation_table
    from tfgpu_wizard.core.text import fill

    rows = explanation_table(config.backend, config.devices)
    chosen = {config.memory, config.precision}
    lines = [tr(CTX, "What the settings mean (this run: memory {memory}, precision {precision}):").format(
        memory=config.memory, precision=config.precision)]
    for name, text in rows:
        mark = "*" if name in chosen else " "
        lines.append(fill(text, indent=f"  {mark} ", subsequent_indent="    "))
    lines.append("")
    out = "\n".join(lines)
    try:
        print(out, flush=True)
    except UnicodeEncodeError:
        print(out.encode("ascii", "replace").decode("ascii"), flush=True)


def run(args: argparse.Namespace) -> int:
    from tfgpu_wizard.commands._target_common import format_findings, resolve_python, stderr_findings
    from tfgpu_wizard.core.i18n import tr
    from tfgpu_wizard.core.target.runner import ConfigError, run_sample

    config = config_from_args(args, multi_worker=args.multi_worker)
    try:
        config.validate()
    except ConfigError as exc:
        for problem in exc.problems:
            print(tr(CTX, "tfgpu-wizard sample: {problem}").format(problem=problem), file=sys.stderr)
        return 2
    if not args.timeout or args.timeout <= 0:
        print(tr(CTX, "--timeout must be a positive number of seconds"), file=sys.stderr)
        return 2
    python = resolve_python(args.python)
    if not args.json:
        _print_explanations(config)

    def show(ev) -> None:
        try:
            _show(ev)
        except BrokenPipeError:  # `sample --json | head -1`: the run stops (core.target.runner), the exit is quiet
            from tfgpu_wizard.core.lifecycle import quiet_broken_pipe

            quiet_broken_pipe()
            raise

    def _show(ev) -> None:
        if args.json:
            data = dict(ev.data)
            data["recv_t"] = ev.recv_t
            print(json.dumps(data, ensure_ascii=False), flush=True)
            return
        line = format_event(ev)
        if line:
            try:
                print(line, flush=True)
            except UnicodeEncodeError:
                print(line.encode("ascii", "replace").decode("ascii"), flush=True)

    from tfgpu_wizard.core.flows.predict import PeakTracker

    tracker = PeakTracker()  # the sample's estimate event against TensorFlow's measured peak

    from tfgpu_wizard.commands._console import SilenceBeat, err

    # a long silent start (importing TensorFlow, building and compiling the model) says it is still working
    beat = SilenceBeat(err(), every=SILENCE_S)

    def show_and_track(ev) -> None:
        beat.touch()
        tracker.add_event(ev)
        show(ev)

    idle = args.idle_timeout if args.idle_timeout and args.idle_timeout > 0 else None
    if not args.json:
        beat.start(tr(CTX, "the sample (importing TensorFlow, building and compiling the model takes a while)"))
    try:
        result = run_sample(config, python=python, timeout=args.timeout, on_event=show_and_track,
                            idle_timeout=idle)
    except KeyboardInterrupt:  # Ctrl-C (or SIGTERM/SIGHUP through core.lifecycle): the user stopped it
        from tfgpu_wizard.commands._console import err
        from tfgpu_wizard.core import verdicts

        err().verdict(verdicts.STOPPED, tr(CTX, "Stopped by you: the sample did not finish. Nothing is wrong "
                                                "with TensorFlow."))
        raise
    finally:
        beat.stop()
    if not args.json and tracker.prediction is not None and tracker.tf_peak:
        print(tracker.score().line(), flush=True)
    if result.ok:
        return 0
    error = result.error_event()
    if error is not None and error.get("code") == "terminated":
        error = None  # the sample's echo of a stop says nothing: how it ended does
    if not error or result.timed_out or result.stalled:
        # No explanation from the sample itself: say how it ended (one sentence), and what its error output shows.
        print(tr(CTX, "The sample {end}.").format(end=result.describe_end()), file=sys.stderr)
    if error is None or (error.get("code") in ("error", "oom", "no-tensorflow")):
        findings = stderr_findings(result.stderr)
        if findings:
            print(format_findings(findings), file=sys.stderr)
        elif result.stderr.strip() and not result.ok:
            print(result.stderr_tail(15), file=sys.stderr)
    if result.timed_out or result.stalled:
        return 124
    if result.returncode is None:
        return 3
    return result.returncode if result.returncode > 0 else 128 - result.returncode
