"""``tfgpu-wizard runs list|show|export|delete``: the recorded runs (and bundled recordings)."""

from __future__ import annotations

import argparse
import sys
from collections import Counter

from tfgpu_wizard.commands._console import Out, out, visible
from tfgpu_wizard.core.i18n import N_, language, tr


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
    cmp_.add_argument("--predict", action="store_true",
                      help="predict the memory of runs that have no prediction (runs the estimator in --python)")
    cmp_.add_argument("--python", metavar="PATH", help="with --predict: the Python that has TensorFlow")


def _mib(v: float | None) -> str:
    return "N/A" if v is None else f"{v / 1048576:,.0f} MiB"


def run(args: argparse.Namespace) -> int:
    from tfgpu_wizard.core.monitor import runs

    o = out()
    try:
        if args.action == "list":
            items = runs.list_runs()
            if not items:
                o.line(tr("monitor", "No runs yet in {folder}. Record one with: tfgpu-wizard record").format(
                    folder=runs.runs_dir()), data=True)
            else:  # headers, the label cut with "…" to the room left (newcomer-2 #28, drills-3 #6, #13)
                # (the run id starts with its date and time: 20261203-180547-…)
                o.table([tr("monitor", "run"), tr("monitor", "status"), tr("monitor", "duration"),
                         tr("monitor", "device"), tr("monitor", "label")],
                        [(s.run_id, _status(s.status), "" if s.duration_s is None else f"{s.duration_s:.1f} s",
                          ", ".join(s.gpus) or tr("monitor", "CPU (no GPU)"), s.label) for s in items],
                        no_wrap=(0, 1, 2), ellipsis=(3, 4), right=(2,))
            if getattr(args, "recordings", False):
                o.blank()
                o.line(tr("monitor", "Bundled recordings (real GPU traces):"))
                for p in runs.bundled_recordings():
                    o.line(p.name.removesuffix(runs.SUFFIX), indent=2, data=True)
            return 0
        if args.action == "compare":
            return _compare(args)
        if args.action == "delete":
            path = runs.delete_run(args.run)
            o.line(tr("monitor", "Deleted {path}").format(path=path), data=True)
            return 0
        path = runs.find_run(args.run)
        record = runs.read_run(path)
        for problem in record.problems:
            print(tr("monitor", "Note: {problem}").format(problem=visible(problem)), file=sys.stderr)
        if args.action == "export":
            try:
                n = record.to_csv(args.csv)
            except OSError as exc:
                print(str(exc), file=sys.stderr)  # core.safe_io's sentence: "cannot write PATH: the disk is full"
                return 2
            o.line(tr("monitor", "Wrote {rows} rows to {path}").format(rows=n, path=args.csv), data=True)
            return 0
        _show(o, record, path)
        return 0
    except runs.RunFileError as exc:
        print(visible(exc), file=sys.stderr)
        return 2
    except BrokenPipeError:  # `runs list | head -1`: the reader has what it wanted
        from tfgpu_wizard.core.lifecycle import quiet_broken_pipe

        quiet_broken_pipe()
        return 0
    except OSError as exc:
        if exc.filename is None:  # the output itself (`runs list > /dev/full`): the CLI's sentence (drills-3 #12)
            raise
        print(tr("monitor", "Cannot read {path}: {error}").format(path=visible(exc.filename),
                                                                  error=exc.strerror or exc), file=sys.stderr)
        return 2


def _show(o: Out, record, path) -> None:
    """``runs show``: the run as label: value lines, its configuration as a table (newcomer-2 #28)."""
    h = record.header
    _pairs(o, [(tr("monitor", "Run"), f"{record.run_id}   {h.get('created', '')}   {_status(record.status)}")])
    o.whole(f"{tr('monitor', 'File')}{'：' if language() == 'zh_CN' else ':'} {path}")  # whole, to be copied
    rows = []
    if h.get("label"):
        rows.append((tr("monitor", "Label"), h["label"]))
    if h.get("recorded_on"):
        rows.append((tr("monitor", "Recorded on"), h["recorded_on"]))
    rows.append((tr("monitor", "Duration"), f"{record.duration:.1f} s, {len(record.ticks)} "
                 f"{tr('monitor', 'GPU samples')}, {len(record.events)} {tr('monitor', 'events')}"))
    _pairs(o, rows)
    for d in record.devices:
        o.line(f"GPU {d.index} {d.name}: {tr('monitor', 'peak used')} {_mib(record.peak(d.index))}, "
               f"{tr('monitor', 'peak of the run process')} {_mib(record.peak(d.index, 'pid_mem'))}, "
               f"{tr('monitor', 'total')} {_mib(d.memory_total)}", indent=2, hang=4, data=True)
    kinds = Counter(str(e.get("type", e.get("event", "?"))) for _, e in record.events)
    if kinds:
        _pairs(o, [(tr("monitor", "Events"), ", ".join(f"{k} x{n}" for k, n in kinds.most_common()))])
    _show_memory(o, record)
    if record.config:
        o.blank()
        o.line(tr("monitor", "Configuration") + ":")
        o.table([tr("monitor", "setting"), tr("monitor", "value")],
                [(k, _value(v)) for k, v in record.config.items()], indent=2, no_wrap=(0,))
    if record.end:
        detail = record.end.get("detail")
        code = record.end.get("exit_code")
        exit_text = " " + tr("monitor", "(exit code {code})").format(code=code) if code is not None else ""
        o.blank()
        _pairs(o, [(tr("monitor", "End"), _status(record.status) + exit_text)])
        if detail:
            o.line(str(detail), indent=2, hang=4, data=True)


def _value(v) -> str:
    if isinstance(v, (list, tuple)):
        return ", ".join(str(x) for x in v) or "-"
    return "-" if v is None or v == "" else str(v)


def _pairs(o: Out, rows) -> None:
    """"Label: value" lines, the values wrapped under themselves and made visible (data: drills-3 #6)."""
    colon = "：" if language() == "zh_CN" else ":"
    for key, value in rows:
        o.bullet(f"{key}{colon}", visible(value), indent=0)


def _compare(args: argparse.Namespace) -> int:
    import json

    from tfgpu_wizard.core.monitor import runs
    from tfgpu_wizard.core.monitor.compare import overlay_label, run_stats, unique_labels

    paths = [runs.find_run(r) for r in args.runs]
    stats = [run_stats(p) for p in paths]
    if args.predict:
        problem = _predict_missing(paths, stats, args.python)
        if problem:
            print(problem, file=sys.stderr)
    labels = unique_labels([overlay_label(s) for s in stats])
    drawn = None
    if args.png:
        try:  # the window's chart, drawn off screen: the CLI's one Qt import (pyproject.toml: ignore_imports)
            from tfgpu_wizard.gui.overlay_png import render_overlay_png

            drawn = render_overlay_png(paths, args.png, labels)
        except ImportError as exc:
            print(tr("monitor", "Cannot draw the chart here: {error}").format(error=exc), file=sys.stderr)
            return 2
        except OSError as exc:
            print(tr("monitor", "Cannot write {path}: {error}").format(path=args.png, error=exc.strerror or exc),
                  file=sys.stderr)
            return 2
    written = drawn is not None and any(d.what and d.what != "left-out" for d in drawn)
    if args.json:
        data = [dict(s.to_dict(), label=lab) for s, lab in zip(stats, labels, strict=True)]
        left_out = [d.label for d in drawn or [] if d.what == "left-out"]
        print(json.dumps({"runs": data, "png": args.png if written else None, "not_drawn": left_out}, indent=2,
                         ensure_ascii=False))
        return 1 if args.png and not written else 0

    def num(v, fmt):
        return "-" if v is None else fmt.format(v)

    o = out()
    head = (tr("monitor", "run"), tr("monitor", "peak MiB"), tr("monitor", "steady MiB"), tr("monitor", "img/s"),
            tr("monitor", "first step s"))
    # numbered rows, the label cut by display width with "…" (drills-3 #13), each run's id below the table
    o.table(["#", *head],
            [(str(i), lab, num(s.peak_mib, '{:,.0f}'), num(s.steady_mib, '{:,.0f}'), num(s.images_per_s, '{:,.0f}'),
              num(s.first_step_s, '{:.2f}')) for i, (s, lab) in enumerate(zip(stats, labels, strict=True), 1)],
            no_wrap=(0, 2, 3, 4, 5), ellipsis=(1,), right=(0, 2, 3, 4, 5))
    if any(s.tf_peak_mib or s.predicted_mib for s in stats):
        # Issue 25: the prediction against TensorFlow's own measured peak (not NVML's, which holds the pool).
        mhead = (tr("monitor", "TF peak MiB"), tr("monitor", "predicted MiB"), tr("monitor", "error"))
        o.blank()
        o.table(["#", head[0], *mhead],
                [(str(i), lab, num(s.tf_peak_mib, '{:,.0f}'), num(s.predicted_mib, '{:,.0f}'),
                  "-" if s.error_pct is None else f"{s.error_pct:+.1f}%")
                 for i, (s, lab) in enumerate(zip(stats, labels, strict=True), 1)],
                no_wrap=(0, 2, 3, 4), ellipsis=(1,), right=(0, 2, 3, 4))
    o.blank()
    for i, s in enumerate(stats, 1):
        o.whole(f"#{i} {s.run_id}")
    for i, s in enumerate(stats, 1):  # a row of "-" says why (drills-3 note N8: a cut file)
        if all(v is None for v in (s.peak_mib, s.steady_mib, s.images_per_s, s.first_step_s)):
            o.line(tr("monitor", "#{i}: nothing to compare: the run has no memory readings and no steps ({status}); "
                                 "its file may be cut off, or it ended before its first step.").format(
                i=i, status=_status(s.status)), hang=2)
    if drawn is not None:
        return _say_drawn(drawn, args.png)
    return 0


def _say_drawn(drawn, png: str) -> int:
    """What ``--png`` drew of each run: a line for each run without GPU samples, and whether a chart was written."""
    print()
    for d in drawn:
        if d.what == "framework":
            print(tr("monitor", "{label}: no GPU samples; the chart shows the framework's own memory").format(
                label=visible(d.label, one_line=True)))
        elif d.what == "host-ram":
            print(tr("monitor", "{label}: no GPU samples; the chart shows its training process's host RAM").format(
                label=visible(d.label, one_line=True)))
        elif not d.what:
            print(tr("monitor", "{label}: no GPU samples to draw").format(label=visible(d.label, one_line=True)))
    left_out = [d for d in drawn if d.what == "left-out"]
    if left_out:
        on_chart = sum(1 for d in drawn if d.what and d.what != "left-out")
        print(tr("monitor", "The chart shows the last {n} of {total} runs (more curves cannot be told apart); "
                            "the table above lists all. Not drawn: {labels}").format(
            n=on_chart, total=on_chart + len(left_out),
            labels=", ".join(visible(d.label, one_line=True) for d in left_out)))
    if not any(d.what and d.what != "left-out" for d in drawn):
        print(tr("monitor", "No chart written: none of these runs has memory readings to draw."), file=sys.stderr)
        return 1
    print(tr("monitor", "Chart written to {path}").format(path=png))
    return 0


def _predict_missing(paths, stats, python: str | None) -> str | None:
    """Fill in predictions for runs without one: one estimator run for all of them (issue 25)."""
    from tfgpu_wizard.commands._target_common import resolve_python
    from tfgpu_wizard.core.flows.predict import predict, spec_for_record
    from tfgpu_wizard.core.monitor import runs

    todo: list[tuple[int, dict]] = []
    for i, (path, s) in enumerate(zip(paths, stats, strict=True)):
        if s.predicted_mib is None:
            spec = spec_for_record(runs.read_run(path))
            if spec is not None:
                todo.append((i, spec))
    if not todo:
        return None
    print(tr("monitor", "Predicting {n} run(s) in the target Python ...").format(n=len(todo)), file=sys.stderr)
    result = predict([spec for _, spec in todo], resolve_python(python))
    if result.error:
        return result.error
    for (i, _), pred in zip(todo, result.predictions, strict=True):
        s = stats[i]
        if pred is not None:
            s.predicted_mib = pred.tf_peak_for(s.mode) / 1048576  # with growth, whole chunks count
            if s.tf_peak_mib:
                s.error_pct = (s.predicted_mib - s.tf_peak_mib) / s.tf_peak_mib * 100.0
    return None


def _show_memory(o: Out, record) -> None:
    """The prediction against the measured peaks (issue 25), and TensorFlow's pool from its log, when known."""
    from tfgpu_wizard.core.flows.predict import Score
    from tfgpu_wizard.core.monitor.compare import memory_prediction

    tf_peak, predicted = memory_prediction(record)
    mem = (record.end or {}).get("memory") if isinstance(record.end, dict) else None
    nvml = mem.get("nvml_peak") if isinstance(mem, dict) else None
    if tf_peak or predicted:
        line = Score(int(predicted) if predicted else None, int(tf_peak) if tf_peak else None,
                     nvml if isinstance(nvml, int) else None).line()
        _pairs(o, [(tr("monitor", "Memory"), line)])
    for note in record.notes:
        if note.get("code") == "tf-pool" and isinstance(note.get("pool_mb"), int):
            _pairs(o, [(tr("monitor", "Memory"), tr("monitor", "TensorFlow's pool on {device}: {mb} MB (its log)")
                        .format(device=note.get("device", "GPU"), mb=f"{note['pool_mb']:,}"))])


# Run statuses of core.monitor.runs, shown translated (context "monitor").
STATUS_WORDS = (N_("finished"), N_("failed"), N_("stopped"), N_("gpu-lost"), N_("incomplete"), N_("running"))


def _status(status: str) -> str:
    return tr("monitor", status) if status in STATUS_WORDS else status


