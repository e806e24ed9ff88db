"""``tfgpu-wizard benchmark``: the window's Benchmark page for a terminal (and SSH).

Runs the sample once per setting (one GPU FP32, all GPUs FP32, all GPUs mixed precision, growth vs a 4 GB
limit; on a machine without an NVIDIA GPU: CPU FP32 vs mixed_bfloat16) with the same model and batch, and
prints images/s, step time and the speed-up against the first row (``core.monitor.benchmark``, the page's table).
The queue itself is ``core.flows.benchmark``, the page's too: whether the GPU settings run is decided by the
machine's facts (``core.setup.host``, the driver's GPUs), as in the window.
``--recordings [RUN ...]`` shows the table from run files instead (the bundled H200 recordings by default):
nothing runs.

Exit status: 0 every setting ran; 1 a setting failed; 2 bad arguments.
"""

from __future__ import annotations

import argparse
import json
import sys

CTX = "verdict"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from tfgpu_wizard.core.target.runner import seconds  # the one check of a time limit (nan, 0, -1)

    parser.add_argument("--python", metavar="PATH", help="the Python (or venv / conda env folder); default: this one")
    parser.add_argument("--steps", type=int, default=200, help="training steps per setting (default 200)")
    parser.add_argument("--recordings", nargs="*", metavar="RUN", default=None,
                        help="show the table from run files (default: the bundled H200 recordings); nothing runs")
    parser.add_argument("--cpu", action="store_true", help="compare the CPU settings even when there is a GPU")
    parser.add_argument("--json", action="store_true", help="print the rows as JSON")
    parser.add_argument("--csv", metavar="FILE", help="also write the table as CSV")
    parser.add_argument("--timeout", type=seconds, default=900.0, metavar="SECONDS", help="per setting (default 900)")


def run(args: argparse.Namespace) -> int:
    from tfgpu_wizard.core.i18n import tr
    from tfgpu_wizard.core.monitor import benchmark as bench

    rows: list[dict] = []
    rc = 0
    if args.recordings is not None:
        rows = bench.recording_rows(args.recordings or None)
    else:
        from tfgpu_wizard.core.flows.base import drive
        from tfgpu_wizard.core.flows.benchmark import DETECT, benchmark
        from tfgpu_wizard.core.target.runner import ConfigError

        if args.steps < 1 or args.timeout <= 0:
            print(tr(CTX, "--steps and --timeout must be positive"), file=sys.stderr)
            return 2

        def show(item) -> None:
            if item.kind == "setting" and not args.json:
                print(item.text, file=sys.stderr, flush=True)

        try:
            flow = benchmark(args.python, steps=args.steps, cpu=args.cpu, host=None if args.cpu else DETECT,
                             timeout=args.timeout)
            result = drive(flow, show)
        except ConfigError as exc:
            print(f"tfgpu-wizard benchmark: {exc}", file=sys.stderr)
            return 2
        rows = result.rows
        rc = result.exit_code
    if args.csv:
        try:
            bench.write_csv(args.csv, rows)
        except OSError as exc:
            print(tr(CTX, "Cannot write {path}: {error}").format(path=args.csv, error=exc.strerror or exc),
                  file=sys.stderr)
            return 2
    if args.json:
        speeds = bench.speedups(rows)
        out = [{k: v for k, v in r.items() if k != "key"} | {"speedup": s} for r, s in zip(rows, speeds, strict=True)]
        print(json.dumps(out, indent=2, ensure_ascii=False, default=str))
    else:
        from tfgpu_wizard.commands._console import out as console

        cells = bench.table_cells(rows)  # laid out to the terminal: the numbers whole, the words wrapped
        console().table(list(cells[0]), cells[1:], no_wrap=(1, 2, 3), right=(1, 2, 3))
    return rc
