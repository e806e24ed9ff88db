"""``tfgpu-wizard runs list|show|export|delete``: the recorded runs (and bundled recordings)."""

from __future__ import annotations

import argparse
import sys
from collections import Counter

from tfgpu_wizard.core.i18n import N_, tr
from tfgpu_wizard.core.text import pad


def add_arguments(p: argparse.ArgumentParser) -> None:
    sub = p.add_subparsers(dest="action", metavar="ACTION", required=True)
    ls = sub.add_parser("list", help="list past runs, newest first")
    ls.add_argument("--recordings", action="store_true", help="also list the bundled real-GPU recordings")
    show = sub.add_parser("show", help="summary of one run")
    show.add_argument("run", metavar="ID", help="run id (or a unique start of it), or a run file")
    exp = sub.add_parser("export", help="write a run as CSV (samples and events on one time axis)")
    exp.add_argument("run", metavar="ID")
    exp.add_argument("--csv", metavar="FILE", required=True)
    rm = sub.add_parser("delete", help="delete one of your runs")
    rm.add_argument("run", metavar="ID")
    cmp_ = sub.add_parser("compare", help="compare runs side by side: peak, steady, img/s, first step")
    cmp_.add_argument("runs", metavar="RUN", nargs="+", help="run ids, recording names or run files")
    cmp_.add_argument("--png", metavar="FILE", help="also draw the overlay chart into FILE (as the window does)")
    cmp_.add_argument("--json", action="store_true", help="print the numbers as JSON")


def _mib(v: float | None) -> str:
    return "N/A" if v is None else f"{v / 1048576:,.0f} MiB"


def run(args: argparse.Namespace) -> int:
    from tfgpu_wizard.core.monitor import runs

    try:
        if args.action == "list":
            items = runs.list_runs()
            if not items:
                print(tr("monitor", "No runs yet in {folder}. Record one with: tfgpu-wizard record").format(
                    folder=runs.runs_dir()))
            for s in items:
                dur = "" if s.duration_s is None else f"{s.duration_s:8.1f} s"
                gpus = ", ".join(s.gpus) or "-"
                status = _status(s.status)
                status = pad(status, 10)
                print(f"{s.run_id:22} {s.created[:19]:19} {status} {dur:>10}  {gpus}  {s.label}")
            if getattr(args, "recordings", False):
                print(tr("monitor", "Bundled recordings (real GPU traces):"))
                for p in runs.bundled_recordings():
                    print("  " + p.name.removesuffix(runs.SUFFIX))
            return 0
        if args.action == "compare":
            return _compare(args)
        if args.action == "delete":
            path = runs.delete_run(args.run)
            print(tr("monitor", "Deleted {path}").format(path=path))
            return 0
        path = runs.find_run(args.run)
        record = runs.read_run(path)
        for problem in record.problems:
            print(tr("monitor", "Note: {problem}").format(problem=problem), file=sys.stderr)
        if args.action == "export":
            try:
                n = record.to_csv(args.csv)
            except OSError as exc:
                print(str(exc), file=sys.stderr)  # core.safe_io's sentence: "cannot write PATH: the disk is full"
                return 2
            print(tr("monitor", "Wrote {rows} rows to {path}").format(rows=n, path=args.csv))
            return 0
        h = record.header
        print(f"{tr('monitor', 'Run')}: {record.run_id}   {h.get('created', '')}   {_status(record.status)}")
        print(f"{tr('monitor', 'File')}: {path}")
        if h.get("label"):
            print(f"{tr('monitor', 'Label')}: {h['label']}")
        if h.get("recorded_on"):
            print(f"{tr('monitor', 'Recorded on')}: {h['recorded_on']}")
        if record.config:
            print(f"{tr('monitor', 'Configuration')}: " + ", ".join(f"{k}={v}" for k, v in record.config.items()))
        print(f"{tr('monitor', 'Duration')}: {record.duration:.1f} s, {len(record.ticks)} "
              f"{tr('monitor', 'GPU samples')}, {len(record.events)} {tr('monitor', 'events')}")
        for d in record.devices:
            print(f"  GPU {d.index} {d.name}: {tr('monitor', 'peak used')} {_mib(record.peak(d.index))}, "
                  f"{tr('monitor', 'peak of the run process')} {_mib(record.peak(d.index, 'pid_mem'))}, "
                  f"{tr('monitor', 'total')} {_mib(d.memory_total)}")
        kinds = Counter(str(e.get("type", e.get("event", "?"))) for _, e in record.events)
        if kinds:
            print(f"{tr('monitor', 'Events')}: " + ", ".join(f"{k} x{n}" for k, n in kinds.most_common()))
        if record.end:
            detail = record.end.get("detail")
            code = record.end.get("exit_code")
            exit_text = " " + tr("monitor", "(exit code {code})").format(code=code) if code is not None else ""
            print(f"{tr('monitor', 'End')}: {_status(record.status)}" + exit_text
                  + (f"\n  {detail}" if detail else ""))
        return 0
    except runs.RunFileError as exc:
        print(str(exc), file=sys.stderr)
        return 2
    except BrokenPipeError:  # `runs list | head -1`: the reader has what it wanted
        from tfgpu_wizard.core.lifecycle import quiet_broken_pipe

        quiet_broken_pipe()
        return 0
    except OSError as exc:
        print(f"{exc.filename or ''}: {exc.strerror or exc}", file=sys.stderr)
        return 2


def _compare(args: argparse.Namespace) -> int:
    import importlib
    import json

    from tfgpu_wizard.core.monitor import runs
    from tfgpu_wizard.core.monitor.compare import overlay_label, run_stats, unique_labels

    paths = [runs.find_run(r) for r in args.runs]
    stats = [run_stats(p) for p in paths]
    labels = unique_labels([overlay_label(s) for s in stats])
    if args.png:
        try:  # the window's chart code, drawn off screen (Qt is imported only for --png)
            chart = importlib.import_module("tfgpu_wizard.gui.chart")
            chart.render_overlay_png(paths, args.png)
        except ImportError as exc:
            print(tr("monitor", "Cannot draw the chart here: {error}").format(error=exc), file=sys.stderr)
            return 2
    if args.json:
        out = [dict(s.to_dict(), label=lab) for s, lab in zip(stats, labels, strict=True)]
        print(json.dumps({"runs": out, "png": args.png}, indent=2, ensure_ascii=False))
        return 0

    def num(v, fmt):
        return "-" if v is None else fmt.format(v)

    head = (tr("monitor", "run"), tr("monitor", "peak MiB"), tr("monitor", "steady MiB"), tr("monitor", "img/s"),
            tr("monitor", "first step s"))
    print(f"{head[0]:44} {head[1]:>10} {head[2]:>10} {head[3]:>10} {head[4]:>12}")
    for s, lab in zip(stats, labels, strict=True):
        print(f"{lab[:44]:44} {num(s.peak_mib, '{:,.0f}'):>10} {num(s.steady_mib, '{:,.0f}'):>10} "
              f"{num(s.images_per_s, '{:,.0f}'):>10} {num(s.first_step_s, '{:.2f}'):>12}")
    if args.png:
        print(tr("monitor", "Chart written to {path}").format(path=args.png))
    return 0


# Run statuses of core.monitor.runs, shown translated (context "monitor").
STATUS_WORDS = (N_("finished"), N_("failed"), N_("stopped"), N_("gpu-lost"), N_("incomplete"), N_("running"))


def _status(status: str) -> str:
    return tr("monitor", status) if status in STATUS_WORDS else status


