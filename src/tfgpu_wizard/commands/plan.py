"""``tfgpu-wizard plan``: recommend a TensorFlow version and print (or write) the install commands.

Without ``--host`` it detects this machine (core.host.detect_host); ``--host FILE`` plans for the
machine whose ``doctor --json`` report is in FILE. Prints the recommendation, every row with the reason
it was ruled out, then the commands for the chosen shell. ``--write DIR`` writes install script, env
file, environment.yml, requirements.txt and README.md (never over edited files without ``--force``).

Exit status: 0 plan made; 1 nothing installable / the plan could not be made; 2 bad input.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import unicodedata
from pathlib import Path

from tfgpu_wizard.core.i18n import N_

CTX = "plan"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--host", metavar="REPORT.json", help="plan for the machine of a saved 'doctor --json' report"
    )
    parser.add_argument("--tf", metavar="VERSION", help="pin a TensorFlow line or version, e.g. 2.15")
    parser.add_argument("--method", choices=["pip", "conda", "docker"], help="pin the install method")
    parser.add_argument("--shell", choices=["bash", "zsh", "powershell", "cmd"], help="shell of the commands")
    parser.add_argument(
        "--prefix", metavar="PATH", help="folder of the new environment (docker: your project folder)"
    )
    parser.add_argument(
        "--keras2", action="store_true", help="keep Keras 2 (tf-keras + TF_USE_LEGACY_KERAS=1, TF>=2.16)"
    )
    parser.add_argument("--write", metavar="DIR", help="write the plan's files into DIR")
    parser.add_argument("--force", action="store_true", help="with --write: replace files you edited")
    parser.add_argument("--json", action="store_true", help="print the plan as JSON")
    parser.add_argument("--run", action="store_true", help="run the plan here after a confirmation (admin steps "
                        "asked one by one); its files go to --write DIR or the wizard's data folder")
    parser.add_argument("--yes", action="store_true", help="with --run: skip the first confirmation")


def _default_shell(platform: str) -> str:
    if platform == "windows":
        return "powershell"
    shell = os.path.basename(os.environ.get("SHELL", ""))
    return "zsh" if shell == "zsh" else "bash"


def _load_host(path: str):
    from tfgpu_wizard.core.host_model import HostReport
    from tfgpu_wizard.core.i18n import tr

    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise SystemExit(
            _fail(tr(CTX, "Cannot read the host report {}: {}").format(path, exc.strerror or exc))
        ) from None
    problem = _schema_problem(text)
    if problem:
        raise SystemExit(
            _fail(tr(CTX, "{} is not a host report saved by 'tfgpu-wizard doctor --json': {}").format(path, problem))
        ) from None
    try:
        return HostReport.from_json(text)
    except (ValueError, TypeError, AttributeError, KeyError) as exc:
        raise SystemExit(
            _fail(
                tr(CTX, "{} is not a host report saved by 'tfgpu-wizard doctor --json': {}").format(path, exc)
            )
        ) from None


def _schema_problem(text: str) -> str | None:
    """What is wrong with a saved report, checked against resources/schemas/host-report.schema.json: the
    first problem as "field: message" (a wrong field type would otherwise end in a traceback later)."""
    import json

    try:
        data = json.loads(text)
    except ValueError:
        return None  # HostReport.from_json says it in its own words
    try:
        import jsonschema

        from tfgpu_wizard.core.paths import resources_dir

        schema = json.loads((resources_dir() / "schemas" / "host-report.schema.json").read_text(encoding="utf-8"))
    except (ImportError, OSError, ValueError):
        return None
    error = jsonschema.exceptions.best_match(jsonschema.Draft202012Validator(schema).iter_errors(data))
    if error is None:
        return None
    where = ".".join(str(p) for p in error.absolute_path) or "(top level)"
    return f"{where}: {error.message}"


def _fail(message: str, code: int = 2) -> int:
    print(f"tfgpu-wizard plan: {message}", file=sys.stderr)
    return code


def run(args: argparse.Namespace) -> int:
    from tfgpu_wizard.core import shells
    from tfgpu_wizard.core.i18n import tr
    from tfgpu_wizard.core.matrix import MatrixError, load_matrix
    from tfgpu_wizard.core.plan import PlanError, build_plan, write_plan
    from tfgpu_wizard.core.recommend import recommend

    if args.host:
        host = _load_host(args.host)
    else:
        from tfgpu_wizard.core.host import detect_host

        host = detect_host()
    try:
        matrix = load_matrix()
    except MatrixError as exc:
        return _fail(str(exc))
    try:
        rec = recommend(matrix, host, tf=args.tf, method=args.method)
    except ValueError as exc:
        return _fail(str(exc))
    cand = rec.chosen
    out = sys.stdout
    if not args.json:
        _print_table(rec, out, tr)
    if cand is None:
        msg = tr(CTX, "No TensorFlow version fits this machine as asked.")
        if rec.pin is not None:
            msg += " " + "; ".join(r.message for r in rec.pin.reasons)
        return _fail(msg, 1)
    option = (
        next((m for m in cand.methods if m.method == args.method), None) if args.method else cand.best_method
    )
    if option is None:
        return _fail(tr(CTX, "No install method fits TensorFlow {} here.").format(cand.row.version), 1)
    shell = args.shell or _default_shell(cand.row.platform)
    try:
        plan = build_plan(
            cand.row, host, option.method, shell, args.prefix, keras2=args.keras2, python=option.python
        )
    except PlanError as exc:
        return _fail(str(exc), 1)
    if getattr(args, "run", False):
        from tfgpu_wizard.commands._plan_run import run_plan_here

        return run_plan_here(plan, args.write, assume_yes=args.yes)
    written: list[Path] = []
    if args.write:
        try:
            written = write_plan(plan, args.write, force=args.force)
        except PlanError as exc:
            return _fail(str(exc), 1)
    if args.json:
        data = plan.to_dict()
        data["status"] = cand.status
        data["reasons"] = [r.message for r in cand.reasons]
        data["written"] = [str(p) for p in written]
        print(json.dumps(data, indent=2, ensure_ascii=False), file=out)
        return 0
    print("", file=out)
    print(plan.title(), file=out)
    for w in plan.why:
        mark = {"warning": "!", "note": "·"}.get(w.kind, "✓" if _utf(out) else "+")
        print(f"  {mark} {w.text()}", file=out)
    print("", file=out)
    print(tr(CTX, "Commands ({}):").format(shell), file=out)
    for i, st in enumerate(plan.steps, 1):
        admin = (" [" + tr(CTX, "administrator: {}").format(st.reason()) + "]") if st.admin else ""
        print(f"  {i}. {st.text()}{admin}", file=out)
        cmd = st.command(shell)
        if cmd:
            for ln in cmd.splitlines():
                print(f"       {ln}", file=out)
    if written:
        print("", file=out)
        print(
            tr(CTX, "Wrote {} files to {}; run {} there.").format(
                len(written), args.write, shells.script_name(shell)
            ),
            file=out,
        )
    return 0


def _utf(stream) -> bool:
    try:
        "✓".encode(getattr(stream, "encoding", None) or "ascii")
        return True
    except (UnicodeEncodeError, LookupError):
        return False


def _print_table(rec, out, tr) -> None:
    if rec.best is not None:
        bm = rec.best.best_method
        print(
            tr(CTX, "Recommended: TensorFlow {} on {} with {}").format(
                rec.best.row.version, rec.platform, bm.method if bm else "-"
            ),
            file=out,
        )
    for n in rec.notes:
        print(f"  · {n.message}", file=out)
    print("", file=out)
    status_words = {s: tr(CTX, s) for s in STATUS_WORDS}
    width = max(len("status"), *(_width(w) for w in status_words.values())) + 2
    print(
        f"  {'TF':<10}{'Python':<16}{'CUDA/cuDNN':<14}{_pad(tr(CTX, 'status'), width)}" + tr(CTX, "why"),
        file=out,
    )
    for c in rec.candidates:
        row = c.row
        cuda = f"{row.cuda or '-'} / {row.cudnn or '-'}"
        reasons = c.blockers if c.status == "ruled-out" else c.caveats
        why = "; ".join(r.message for r in reasons[:2])
        minors = row.python_minors()
        py = f"{minors[0]}–{minors[-1]}" if minors else str(row.python)
        status = _pad(status_words.get(c.status, c.status), width)
        print(f"  {row.version:<10}{py:<16}{cuda:<14}{status}{why}", file=out)


# The candidate statuses of core.recommend, as shown in the table (translated with tr(CTX, ...)).
STATUS_WORDS = (N_("recommended"), N_("works"), N_("works-with-caveats"), N_("ruled-out"))


def _width(text: str) -> int:
    """Columns the text takes in a terminal: CJK characters are two columns wide."""
    return sum(2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1 for ch in text)


def _pad(text: str, width: int) -> str:
    return text + " " * max(1, width - _width(text))
