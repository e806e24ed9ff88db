"""``tfgpu-wizard fit``: the largest batch that fits under a memory limit, measured (core.flows.fit).

A search in child processes (a few training steps of the bundled sample per probe, under TensorFlow's memory
limit), seeded by the prediction; it ends with "batch N fits, N+k runs out of memory" and the headroom. Without
a GPU it says why it cannot measure and prints the prediction only. ``--keras-file`` predicts your own saved
model (measuring runs the bundled sample, so a saved model gets the prediction only).

Exit status: 0 measured, 1 prediction only (no GPU, or a saved model), 2 bad flags, 3 the search or the
prediction failed, 130 stopped.
"""

from __future__ import annotations

import argparse
import json
import os
import sys

from tfgpu_wizard.core.i18n import tr

CTX = "memory"


def add_arguments(p: argparse.ArgumentParser) -> None:
    from tfgpu_wizard.core.target.runner import DATASETS, JIT_MODES, MODELS, PRECISIONS, seconds

    p.add_argument("--model", default="cnn", choices=MODELS, help="the bundled model (default cnn)")
    p.add_argument("--keras-file", metavar="PATH", help="predict a saved Keras model (.keras) instead (not measured)")
    p.add_argument("--dataset", default="cifar10", choices=DATASETS, help="the input shape (default cifar10)")
    p.add_argument("--precision", action="append", choices=PRECISIONS,
                   help="precision to search (repeat it; default fp32 and mixed_float16)")
    p.add_argument("--memory-limit", type=int, metavar="MB",
                   help="TensorFlow's memory limit for the probes (default: the GPU's free memory less TF's reserve)")
    p.add_argument("--jit", default="auto", choices=JIT_MODES,
                   help="XLA for the probes, as the sample (default auto; off makes each probe faster)")
    p.add_argument("--steps", type=int, default=3, help="training steps per probe (default 3)")
    p.add_argument("--multiple", type=int, default=8, help="batch sizes tried are multiples of this (default 8)")
    p.add_argument("--tolerance", type=float, default=0.05,
                   help="stop when the gap between fits and out of memory is this fraction of the batch (default 0.05)")
    p.add_argument("--max-batch", type=int, default=65536, help="the largest batch to try (default 65536)")
    p.add_argument("--max-probes", type=int, default=8, help="probes per precision at most (default 8)")
    p.add_argument("--probe-timeout", type=seconds, metavar="SECONDS",
                   help="a probe that runs longer counts as not fitting (default 150 with XLA, 90 without)")
    p.add_argument("--gpu", type=int, default=0, metavar="INDEX", help="the GPU to measure on (default 0)")
    p.add_argument("--python", metavar="PATH", help="the Python (or venv / conda folder) that has TensorFlow")
    p.add_argument("--keras2", action="store_true", help="use Keras 2 (TF_USE_LEGACY_KERAS=1) in that Python")
    p.add_argument("--json", action="store_true", help="print the result as JSON")


def _problems(args: argparse.Namespace) -> list[str]:
    out = []
    for name in ("steps", "multiple", "max_batch", "max_probes"):
        if getattr(args, name) < 1:
            out.append(tr(CTX, "--{flag} must be at least 1").format(flag=name.replace("_", "-")))
    if args.memory_limit is not None and args.memory_limit < 1:
        out.append(tr(CTX, "--memory-limit must be a number of MB of at least 1"))
    if not 0 < args.tolerance < 1:
        out.append(tr(CTX, "--tolerance must be between 0 and 1"))
    if args.probe_timeout is not None and args.probe_timeout <= 0:
        out.append(tr(CTX, "--probe-timeout must be a positive number of seconds"))
    if args.keras_file and not os.path.isfile(args.keras_file):
        out.append(tr(CTX, "no model file at {path}").format(path=args.keras_file))
    return out


def _say(text: str, stream=None) -> None:
    try:
        print(text, file=stream or sys.stdout, flush=True)
    except UnicodeEncodeError:
        print(text.encode("ascii", "replace").decode("ascii"), file=stream or sys.stdout, flush=True)


def run(args: argparse.Namespace) -> int:
    from tfgpu_wizard.commands._target_common import resolve_python
    from tfgpu_wizard.core.text import fill

    problems = _problems(args)
    if problems:
        for problem in problems:
            print(tr(CTX, "tfgpu-wizard fit: {problem}").format(problem=problem), file=sys.stderr)
        return 2
    python = resolve_python(args.python)
    precisions = list(dict.fromkeys(args.precision or ["fp32", "mixed_float16"]))
    if args.keras_file:
        return _predict_file(args, python, precisions)
    from tfgpu_wizard.core.flows.fit import fit_flow

    flow = fit_flow(args.model, precisions, args.memory_limit, python, dataset=args.dataset, jit=args.jit,
                    keras2=args.keras2, steps=args.steps, multiple=args.multiple, tolerance=args.tolerance,
                    max_batch=args.max_batch, max_probes=args.max_probes, probe_timeout=args.probe_timeout,
                    gpu_index=args.gpu)
    while True:
        try:
            item = next(flow)
        except StopIteration as stop:
            result = stop.value
            break
        if not args.json and item.text and item.kind != "waiting":
            _say(fill(item.text, subsequent_indent="  "), sys.stderr if item.kind in ("phase", "probe") else None)
    if args.json:
        _say(json.dumps(result.to_dict(), ensure_ascii=False, indent=2))
    else:
        _say("")
        for line in result.lines():
            _say(fill(line, subsequent_indent="  "))
        for fit in result.fits:
            for note in fit.notes:
                _say(fill("  " + tr(CTX, "note: {note}").format(note=note), subsequent_indent="    "))
    if result.cancelled:
        return 130
    if result.error:
        return 3
    return 0 if result.measured else 1


def _predict_file(args: argparse.Namespace, python: str, precisions: list[str]) -> int:
    """A saved model: the prediction only (largest batch under the limit, when a limit or a GPU gives one)."""
    from tfgpu_wizard.core.flows.fit import REFERENCE_BATCH, default_limit_mb, find_gpu
    from tfgpu_wizard.core.flows.predict import MIB, predict
    from tfgpu_wizard.core.text import fill

    limit = args.memory_limit
    if limit is None:
        gpu, _ = find_gpu(args.gpu)
        limit = default_limit_mb(gpu) if gpu is not None else None
    xla = args.jit == "on" or (args.jit == "auto" and not args.keras2)
    specs = [{"keras_file": os.path.abspath(args.keras_file), "batch_size": REFERENCE_BATCH, "precision": p,
              "xla": xla} for p in precisions]
    if not args.json:
        _say(tr(CTX, "Predicting {path} in the target Python ...").format(path=args.keras_file), sys.stderr)
    result = predict(specs, python, keras2=args.keras2)
    out = []
    for p, pred, err in zip(precisions, result.predictions, result.errors, strict=True):
        item = {"precision": p, "error": err, "prediction": pred.to_dict() if pred else None,
                "predicted_batch": pred.largest_batch(int(limit * MIB), 1) if pred and limit else None}
        out.append(item)
    if args.json:
        _say(json.dumps({"keras_file": args.keras_file, "limit_mb": limit, "measured": False,
                         "error": result.error, "fits": out}, ensure_ascii=False, indent=2))
    else:
        _say(tr(CTX, "A saved model is predicted, not measured (the probes run the bundled sample)."))
        if result.error:
            _say(result.error)
        for p, pred, item in zip(precisions, result.predictions, out, strict=True):
            if pred is None:
                _say(tr(CTX, "{precision}: {error}").format(precision=p, error=item["error"] or "?"))
                continue
            _say(fill(f"{p}: " + pred.line(), subsequent_indent="  "))
            per_sample = pred.scaling.get("step_per_sample")
            if isinstance(per_sample, (int, float)):
                _say("  " + tr(CTX, "each sample of the batch adds {kib} KiB").format(kib=f"{per_sample / 1024:,.0f}"))
            if item["predicted_batch"] is not None:
                _say("  " + tr(CTX, "predicted largest batch under {limit} MB: {batch}").format(
                    limit=f"{limit:,.0f}", batch=f"{item['predicted_batch']:,}"))
            for note in pred.notes:
                _say(fill("  " + tr(CTX, "note: {note}").format(note=note), subsequent_indent="    "))
    if result.error or any(e for e in result.errors):
        return 3
    return 1
