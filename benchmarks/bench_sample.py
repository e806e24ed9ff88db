"""The bundled sample against the best plain Keras configuration: same model, same machine, one run.

    python benchmarks/bench_sample.py [--models cnn,resnet20] [--precisions fp32,mixed_float16]
                                      [--batch-size 1024] [--steps 200] [--log-every 25] [--rounds 1]
    python benchmarks/bench_sample.py --against REV ...     # the sample of git revision REV vs today's

**Baseline (what "plain" means here).** For each model x precision, plain Keras ``model.fit`` as a careful user
would write it for speed, with nothing of the sample's instrumentation: the same model (the sample's own
``build_model``, float inputs), XLA (``jit_compile=True``), ``steps_per_execution`` 32, and the data as
``MIN_DISTINCT_BATCHES`` distinct float32 batches made once and cached (``batch().cache().repeat().prefetch()``),
no per-batch callback. On a GPU a second variant also moves the cached batches to the device ahead of each step
(``prefetch_to_device``); the baseline is the faster of the variants that ran. Timing: one ``fit`` of two epochs
of ``--steps`` steps, the second epoch timed by epoch hooks (the first holds tracing and compilation).

**The sample** runs as a user runs it: ``sample.py`` with its defaults except ``--model``, ``--precision``,
``--batch-size``, ``--steps`` (twice ``--steps``) and ``--log-every``; its ``summary.images_per_sec`` counts the
steps after the first progress event (the same steady state). Every side runs in its own fresh subprocess (start-up
is not timed); rounds alternate the order. Where NVML finds a GPU, a thread samples its utilisation at 10 Hz and
the mean over each side's timed window is printed beside its speed.

Goal (issue 24): sample >= 0.95x the baseline for every bundled model and precision on a GPU, and >= 80 % GPU
utilisation for ResNet-20 fp32. ``--against REV`` instead compares the sample of another git revision with
today's, side by side (the CPU check: today's sample must not be slower there).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "src" / "tfgpu_wizard" / "target" / "sample.py"
PLAIN_SPE = 32
# Per model: timed steps per side (the sample runs twice as many) and the sample's progress interval; chosen so
# the steady window lasts a few seconds on an H200 at batch 1024.
STEPS = {"cnn": 600, "resnet20": 150, "resnet50": 100}
LOG_EVERY = {"cnn": 100, "resnet20": 25, "resnet50": 10}


def _load_sample():
    spec = importlib.util.spec_from_file_location("tfgpu_sample_script", SAMPLE)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


# -- child: plain Keras -------------------------------------------------------------------------------------


def plain_child(args: argparse.Namespace) -> None:
    """Child mode: the plain baseline; prints one JSON line."""
    sample = _load_sample()
    sargs = sample.build_parser().parse_args(["--model", args.model, "--batch-size", str(args.batch_size)])
    tf, keras, np, _info = sample.import_tf()
    gpus = tf.config.list_physical_devices("GPU")
    if args.variant == "device-prefetch" and not gpus:
        print(json.dumps({"skipped": "no GPU"}), flush=True)
        return
    keras.mixed_precision.set_global_policy("float32" if args.precision == "fp32" else args.precision)
    x, y, _ = sample.load_arrays(keras, np, sargs)
    idx, _batches = sample.batch_indices(np, len(x), args.batch_size, 0)
    xf = (x[idx].astype(np.float32) / 255.0).astype(np.float32)
    ds = tf.data.Dataset.from_tensor_slices((xf, y[idx])).batch(args.batch_size, drop_remainder=True)
    ds = ds.cache().repeat().prefetch(tf.data.AUTOTUNE)
    if args.variant == "device-prefetch":
        ds = ds.apply(tf.data.experimental.prefetch_to_device("/gpu:0", buffer_size=2))
    model = sample.build_model(keras, args.model, tuple(x.shape[1:]), sample.DATASETS["cifar10"][1])
    model.compile(optimizer=keras.optimizers.SGD(learning_rate=0.01, momentum=0.9),
                  loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True), metrics=["accuracy"],
                  jit_compile=True, steps_per_execution=args.spe)
    marks: dict[str, float] = {}

    class EpochClock(keras.callbacks.Callback):
        """Epoch hooks only: Keras calls no per-batch hook for it, so plain fit stays plain."""

        def on_epoch_begin(self, epoch, logs=None):
            marks[f"begin{epoch}"] = time.monotonic()

        def on_epoch_end(self, epoch, logs=None):
            marks[f"end{epoch}"] = time.monotonic()

    steps = max(args.spe, args.steps // args.spe * args.spe)
    model.fit(ds, epochs=2, steps_per_epoch=steps, verbose=0, callbacks=[EpochClock()])
    seconds = marks["end1"] - marks["begin1"]
    print(json.dumps({"images_per_sec": steps * args.batch_size / seconds, "window": [marks["begin1"], marks["end1"]],
                      "first_epoch_s": marks["end0"] - marks["begin0"]}), flush=True)


def run_plain(args: argparse.Namespace, model: str, precision: str, variant: str) -> dict:
    cmd = [sys.executable, __file__, "--child-plain", "--model", model, "--precision", precision,
           "--batch-size", str(args.batch_size), "--steps", str(_steps(args, model)), "--variant", variant,
           "--spe", str(args.plain_spe)]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=args.timeout)
    if proc.returncode != 0:
        return {"failed": proc.stderr.strip().splitlines()[-1:] or [f"exit {proc.returncode}"]}
    return json.loads(proc.stdout.strip().splitlines()[-1])


# -- the sample as a user runs it ------------------------------------------------------------------------


def _sample_flags(args: argparse.Namespace, model: str, precision: str) -> list[str]:
    return ["--model", model, "--precision", precision, "--batch-size", str(args.batch_size),
            "--steps", str(2 * _steps(args, model)), "--log-every", str(_log_every(args, model))]


def _steps(args: argparse.Namespace, model: str) -> int:
    return args.steps or STEPS.get(model, 150)


def _log_every(args: argparse.Namespace, model: str) -> int:
    return args.log_every or LOG_EVERY.get(model, 25)


def _recorded_events(args: argparse.Namespace, model: str, precision: str) -> tuple[list[dict], str]:
    """The sample through ``tfgpu-wizard record`` (the sampler watches it through NVML): its events from the run
    file, which is kept under --record-dir as a labelled recording (memory mode default)."""
    name = f"tf-{model}-{precision}-default"
    data = Path(args.record_dir) / "data" / name
    label = (f"recording: TensorFlow sample, {model}, batch {args.batch_size}, {precision}, memory default "
             f"-- {args.gpu_label}")
    cmd = [sys.executable, "-m", "tfgpu_wizard", "record", "--python", sys.executable, *_sample_flags(args, model,
           precision), "--memory", "default", "--interval", "0.05", "--timeout", str(args.timeout), "--label", label]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=args.timeout + 60,
                          env=dict(os.environ, TFGPU_WIZARD_DATA=str(data), TF_CPP_MIN_LOG_LEVEL="2"))
    files = sorted((data / "runs").glob("*.run.jsonl"))
    if not files:
        return [], proc.stderr
    lines = files[0].read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    header["recorded_on"] = (f"{args.gpu_label} (recording: real run of benchmarks/bench_sample.py "
                             f"--record-dir, sample side of {model} {precision})")
    header["run_id"] = f"recording-sample-{name}"
    lines[0] = json.dumps(header, ensure_ascii=False)
    out = Path(args.record_dir) / "runs"
    out.mkdir(parents=True, exist_ok=True)
    (out / f"sample-{name}.run.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    records = [json.loads(x) for x in lines[1:] if x.strip()]
    return [r["event"] for r in records if r.get("type") == "event"], proc.stderr


def run_sample(args: argparse.Namespace, model: str, precision: str, script: Path) -> dict:
    if args.record_dir and script == SAMPLE:
        events, stderr = _recorded_events(args, model, precision)
    else:
        cmd = [sys.executable, str(script), *_sample_flags(args, model, precision)]
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=args.timeout,
                              env=dict(os.environ, TF_CPP_MIN_LOG_LEVEL="2"))
        events = [json.loads(line) for line in proc.stdout.splitlines() if line.startswith("{")]
        stderr = proc.stderr
    summary = next((e for e in events if e.get("type") == "summary"), None)
    if summary is None:
        err = next((e for e in events if e.get("type") == "error"), None)
        return {"failed": [err["message"] if err else (stderr.strip().splitlines()[-1:] or ["no summary"])[0]]}
    progress = [e for e in events if e.get("type") == "progress"]
    return {"images_per_sec": summary["images_per_sec"], "window": [progress[0]["t"], summary["t"]],
            "first_step_s": summary.get("first_step_s"), "steps_per_execution": summary.get("steps_per_execution"),
            "jit": summary.get("jit")}


# -- GPU utilisation -------------------------------------------------------------------------------------


class UtilSampler:
    """NVML utilisation of GPU 0 at 10 Hz with monotonic times (CLOCK_MONOTONIC is system-wide on Linux, so the
    children's window times compare with it). Does nothing where NVML finds no GPU."""

    def __init__(self) -> None:
        self.samples: list[tuple[float, int]] = []
        self._stop = threading.Event()
        self.handle = None
        try:
            import pynvml

            pynvml.nvmlInit()
            self.nvml = pynvml
            self.handle = pynvml.nvmlDeviceGetHandleByIndex(0)
        except Exception:  # noqa: BLE001 - no NVML, no driver, no GPU: utilisation is not reported
            self.handle = None
        self.thread = threading.Thread(target=self._loop, daemon=True)

    def __enter__(self) -> UtilSampler:
        if self.handle is not None:
            self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        if self.thread.is_alive():
            self.thread.join()

    def _loop(self) -> None:
        while not self._stop.wait(0.1):
            try:
                util = self.nvml.nvmlDeviceGetUtilizationRates(self.handle).gpu
            except Exception:  # noqa: BLE001 - a missed reading (the GPU busy, NVML hiccup) leaves a gap
                continue
            self.samples.append((time.monotonic(), util))

    def mean(self, window: list[float] | None) -> float | None:
        if not window or self.handle is None:
            return None
        inside = [u for t, u in self.samples if window[0] <= t <= window[1]]
        return statistics.mean(inside) if inside else None


# -- main ------------------------------------------------------------------------------------------------


def _old_sample(rev: str, folder: Path) -> Path:
    text = subprocess.run(["git", "-C", str(ROOT), "show", f"{rev}:src/tfgpu_wizard/target/sample.py"],
                          capture_output=True, text=True, check=True).stdout
    path = folder / "sample.py"
    path.write_text(text, encoding="utf-8")
    return path


def _fmt(value: float | None, spec: str = ",.0f") -> str:
    return "-" if value is None else format(value, spec)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--models", default="cnn,resnet20")
    p.add_argument("--precisions", default="fp32,mixed_float16")
    p.add_argument("--batch-size", type=int, default=1024)
    p.add_argument("--steps", type=int, default=0, help="timed steps per side (default: per model, STEPS)")
    p.add_argument("--log-every", type=int, default=0, help="the sample's progress interval (default: LOG_EVERY)")
    p.add_argument("--rounds", type=int, default=1)
    p.add_argument("--plain-spe", type=int, default=PLAIN_SPE)
    p.add_argument("--variants", default="cached-float,device-prefetch")
    p.add_argument("--against", metavar="REV", help="compare the sample of this git revision with today's instead")
    p.add_argument("--timeout", type=int, default=900)
    p.add_argument("--json", metavar="FILE", help="also write the results as JSON (after every model x precision)")
    p.add_argument("--record-dir", metavar="DIR", help="run the sample side through `tfgpu-wizard record` and keep "
                   "its run files there (the default-mode recordings of docs/h200-results.md)")
    p.add_argument("--gpu-label", default="", help="GPU, driver and date, for the recordings' labels")
    p.add_argument("--only-variant-for", default="cnn:fp32",
                   help="model:precision pairs (comma-separated) that also run the plain variants after the first; "
                   "'all' for every pair")
    # child mode
    p.add_argument("--child-plain", action="store_true", help=argparse.SUPPRESS)
    p.add_argument("--model", help=argparse.SUPPRESS)
    p.add_argument("--precision", help=argparse.SUPPRESS)
    p.add_argument("--variant", help=argparse.SUPPRESS)
    p.add_argument("--spe", type=int, default=PLAIN_SPE, help=argparse.SUPPRESS)
    args = p.parse_args()
    if args.child_plain:
        plain_child(args)
        return
    results = []
    with tempfile.TemporaryDirectory() as tmp, UtilSampler() as util:
        old = _old_sample(args.against, Path(tmp)) if args.against else None
        for model in args.models.split(","):
            for precision in args.precisions.split(","):
                sides: dict[str, list[dict]] = {}
                if old is not None:
                    runners = [("old", lambda m=model, pr=precision: run_sample(args, m, pr, old)),
                               ("sample", lambda m=model, pr=precision: run_sample(args, m, pr, SAMPLE))]
                else:
                    variants = args.variants.split(",")
                    if args.only_variant_for != "all" and f"{model}:{precision}" not in args.only_variant_for.split(","):
                        variants = variants[:1]
                    runners = [(f"plain:{v}", lambda m=model, pr=precision, v=v: run_plain(args, m, pr, v))
                               for v in variants]
                    runners.append(("sample", lambda m=model, pr=precision: run_sample(args, m, pr, SAMPLE)))
                for r in range(args.rounds):
                    for name, fn in runners if r % 2 == 0 else runners[::-1]:
                        res = fn()
                        res["util"] = util.mean(res.get("window"))
                        sides.setdefault(name, []).append(res)
                        print(f"  {model} {precision} round {r + 1} {name:22s} {_fmt(res.get('images_per_sec'))} img/s"
                              f"  util {_fmt(res['util'], '.0f')} %  {res.get('failed', '')}", flush=True)
                row = {"model": model, "precision": precision, "batch": args.batch_size}
                for name, runs in sides.items():
                    ok = [x for x in runs if "images_per_sec" in x]
                    row[name] = {
                        "images_per_sec": statistics.median(x["images_per_sec"] for x in ok) if ok else None,
                        "util": statistics.median(x["util"] for x in ok if x["util"] is not None)
                        if any(x["util"] is not None for x in ok) else None,
                        "first_step_s": ok[0].get("first_step_s", ok[0].get("first_epoch_s")) if ok else None,
                        "steps_per_execution": ok[0].get("steps_per_execution") if ok else None,
                        "failed": [x["failed"] for x in runs if "failed" in x] or None,
                    }
                base_names = [n for n in row if n.startswith("plain:") or n == "old"]
                best = max((row[n]["images_per_sec"] or 0, n) for n in base_names) if base_names else (0, None)
                row["baseline"] = best[1]
                s = row.get("sample", {}).get("images_per_sec")
                row["ratio"] = s / best[0] if s and best[0] else None
                results.append(row)
                if args.json:
                    Path(args.json).write_text(json.dumps(results, indent=1), encoding="utf-8")
    label = f"old ({args.against})" if args.against else "best plain"
    print(f"\nbatch {args.batch_size}, timed steps {args.steps or STEPS}, sample --log-every "
          f"{args.log_every or LOG_EVERY}; "
          f"{'the sample of ' + args.against if args.against else 'plain = XLA, spe ' + str(args.plain_spe)}")
    print(f"{'model':9s} {'precision':15s} {label + ' img/s':>20s} {'util':>5s} {'sample img/s':>13s} {'util':>5s} "
          f"{'ratio':>6s}")
    for row in results:
        b = row.get(row["baseline"] or "", {})
        s = row.get("sample", {})
        print(f"{row['model']:9s} {row['precision']:15s} {_fmt(b.get('images_per_sec')):>20s} "
              f"{_fmt(b.get('util'), '.0f'):>5s} {_fmt(s.get('images_per_sec')):>13s} {_fmt(s.get('util'), '.0f'):>5s} "
              f"{_fmt(row['ratio'], '.3f'):>6s}")


if __name__ == "__main__":
    main()
