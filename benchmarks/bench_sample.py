"""Plain Keras ``model.fit`` vs the instrumented sample: same model, same data, same machine, one run.

    python benchmarks/bench_sample.py [--model cnn] [--batch-size 128] [--steps 60] [--rounds 2]

Both sides run in their own fresh subprocess (each pays its own TensorFlow start-up, which is not
timed). The plain side builds the model and the tf.data pipeline with the sample's own functions
(so model and data are identical) and runs one ``model.fit`` of two epochs of ``--steps`` steps,
``verbose=0``, timing only the second epoch (an epoch-hook clock; no per-batch callback). The sample
runs ``2 x --steps`` steps with ``--log-every --steps``; its ``summary.images_per_sec`` counts only the
steps after the first progress event, i.e. the same steady state. Rounds alternate the order.
Goal: sample >= 0.95x plain.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "src" / "tfgpu_wizard" / "target" / "sample.py"


def _load_sample():
    spec = importlib.util.spec_from_file_location("tfgpu_sample_script", SAMPLE)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def plain(args: argparse.Namespace) -> None:
    """Child mode: plain model.fit; prints {"images_per_sec": ...}."""
    sample = _load_sample()
    sargs = sample.build_parser().parse_args(
        ["--model", args.model, "--dataset", args.dataset, "--batch-size", str(args.batch_size),
         "--precision", args.precision])
    tf, keras, np, _info = sample.import_tf()
    sample.set_precision(keras, args.precision)
    x, y, _ = sample.load_arrays(keras, np, sargs)
    ds = sample.make_dataset(tf, x, y, args.batch_size, True, False)
    model = sample.build_model(keras, args.model, tuple(x.shape[1:]), sample.DATASETS[args.dataset][1])
    model.compile(optimizer=keras.optimizers.SGD(learning_rate=0.01, momentum=0.9),
                  loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True), metrics=["accuracy"])
    times: dict[int, float] = {}

    class EpochClock(keras.callbacks.Callback):
        """Epoch hooks only: Keras calls no per-batch hook for it, so plain fit stays plain."""

        def on_epoch_begin(self, epoch, logs=None):
            times[epoch] = time.perf_counter()

        def on_epoch_end(self, epoch, logs=None):
            times[epoch] = time.perf_counter() - times[epoch]

    # One fit of two epochs: the first (tracing, warm-up) is dropped, the second is timed.
    model.fit(ds, epochs=2, steps_per_epoch=args.steps, verbose=0, callbacks=[EpochClock()])
    print(json.dumps({"images_per_sec": args.steps * args.batch_size / times[1]}), flush=True)


def run_plain(args: argparse.Namespace) -> float:
    cmd = [sys.executable, __file__, "--child-plain", "--model", args.model, "--dataset", args.dataset,
           "--batch-size", str(args.batch_size), "--steps", str(args.steps),
           "--precision", args.precision]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=1800)
    if proc.returncode != 0:
        raise SystemExit("plain run failed:\n" + proc.stderr[-3000:])
    return json.loads(proc.stdout.strip().splitlines()[-1])["images_per_sec"]


def run_instrumented(args: argparse.Namespace) -> float:
    sys.path.insert(0, str(ROOT / "src"))
    from tfgpu_wizard.core.target.runner import SampleConfig, run_sample

    cfg = SampleConfig(model=args.model, dataset=args.dataset, batch_size=args.batch_size,
                       steps=2 * args.steps, log_every=args.steps, precision=args.precision)
    result = run_sample(cfg, python=sys.executable, timeout=1800)
    summary = result.last("summary")
    if not result.ok or summary is None:
        raise SystemExit("sample run failed: " + result.describe_end() + "\n" + result.stderr_tail(30))
    return float(summary.get("images_per_sec"))


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--model", default="cnn")
    p.add_argument("--dataset", default="cifar10")
    p.add_argument("--batch-size", type=int, default=128)
    p.add_argument("--steps", type=int, default=60)
    p.add_argument("--precision", default="fp32")
    p.add_argument("--rounds", type=int, default=2)
    p.add_argument("--child-plain", action="store_true", help=argparse.SUPPRESS)
    args = p.parse_args()
    if args.child_plain:
        plain(args)
        return
    plain_ips: list[float] = []
    sample_ips: list[float] = []
    for r in range(args.rounds):
        order = (("plain", run_plain), ("sample", run_instrumented))
        for name, fn in order if r % 2 == 0 else order[::-1]:
            value = fn(args)
            (plain_ips if name == "plain" else sample_ips).append(value)
            print(f"round {r + 1}: {name:6s} {value:8.1f} img/s", flush=True)
    p_med, s_med = statistics.median(plain_ips), statistics.median(sample_ips)
    print(f"model {args.model}, {args.dataset}, batch {args.batch_size}, {args.steps} timed steps, {args.precision}")
    print(f"plain model.fit      {p_med:8.1f} img/s (median of {len(plain_ips)})")
    print(f"instrumented sample  {s_med:8.1f} img/s (median of {len(sample_ips)})")
    print(f"ratio sample/plain   {s_med / p_med:8.3f}  (goal >= 0.95)")


if __name__ == "__main__":
    main()
