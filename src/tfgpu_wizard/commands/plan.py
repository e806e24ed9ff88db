"""``tfgpu-wizard plan``: recommend a TensorFlow version and print (or write) the install commands.

Without ``--host`` it detects this machine (core.setup.host.detect_host); ``--host FILE`` plans for the
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
from pathlib import Path
from typing import TYPE_CHECKING

from tfgpu_wizard.core import verdicts

if TYPE_CHECKING:
    from tfgpu_wizard.commands._console import Out

CTX = "plan"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from tfgpu_wizard.core.setup.plan import METHODS
    from tfgpu_wizard.core.setup.shells import SHELLS

    parser.add_argument(
        "--host", metavar="REPORT.json", help="plan for the machine of a saved 'doctor --json' report"
    )
    parser.add_argument("--tf", metavar="VERSION", help="pin a TensorFlow line or version, e.g. 2.15")
    parser.add_argument(
        "--method",
        choices=METHODS,
        help="pin the install method (uv: the pip recipe installed with uv venv + uv pip install)",
    )
    parser.add_argument(
        "--index-url", metavar="URL", help="package index for every pip/uv command (a mirror or a proxy)"
    )
    parser.add_argument(
        "--offline",
        action="store_true",
        help="download the locked files on a connected machine, install on the target with --no-index",
    )
    parser.add_argument("--shell", choices=SHELLS, help="shell of the commands")
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
    from tfgpu_wizard.core.setup.host_model import HostReportError, load_host_report

    try:  # UTF-8 with or without a BOM, UTF-16 (PowerShell 5.1), bounded in size, depth and length
        return load_host_report(path)
    except HostReportError as exc:
        raise SystemExit(_fail(str(exc))) from None


def _fail(message: str, code: int = 2) -> int:
    print(f"tfgpu-wizard plan: {message}", file=sys.stderr)
    return code


def run(args: argparse.Namespace) -> int:
    from tfgpu_wizard.core.flows.choose import choose, recommendation
    from tfgpu_wizard.core.i18n import tr
    from tfgpu_wizard.core.setup import shells
    from tfgpu_wizard.core.setup.matrix import MatrixError, load_matrix
    from tfgpu_wizard.core.setup.plan import PlanError, nothing_fits, write_plan

    if args.host:
        host = _load_host(args.host)
        home = None  # the target's home is read from its report, never this machine's
    else:
        from tfgpu_wizard.core.setup.host import detect_host

        host = detect_host()
        home = str(Path.home())
    try:
        matrix = load_matrix()
    except MatrixError as exc:
        return _fail(str(exc))
    try:
        rec = recommendation(matrix, host, tf=args.tf, method=args.method)  # uv is judged as pip
    except ValueError as exc:
        return _fail(str(exc))
    from tfgpu_wizard.commands._console import Out  # rich: imported once there is something to print

    out = Out(sys.stdout)
    report = _report(rec)
    pick = choose(rec, method=args.method)  # what the window's Setup → Choose picks too (core.flows.choose)
    cand, refusal = pick.candidate, _refusal(pick, args, tr)
    shell = args.shell or _default_shell(cand.row.platform if cand is not None else rec.platform)
    plan = None
    error = ""
    if pick.choice is not None:
        try:
            plan = _make_plan(pick.choice, host, args, shell, home)
        except PlanError as exc:
            error = str(exc)
    instead = []
    if plan is None and (refusal is None or rec.best is None):  # a refused pin names the recommendation instead
        try:
            instead = nothing_fits(rec, host, matrix, args.shell or _default_shell(rec.platform), home=home)
        except PlanError:
            instead = []
    if getattr(args, "run", False) and plan is not None:
        from tfgpu_wizard.commands._plan_run import run_plan_here

        return run_plan_here(plan, args.write, assume_yes=args.yes, force=args.force)
    written: list[Path] = []
    if plan is not None and args.write:
        try:
            written = write_plan(plan, args.write, force=args.force)
        except PlanError as exc:
            return _fail(str(exc), 1)
    if args.json:
        data = plan.to_dict() if plan is not None else {}
        if plan is not None:
            data["steps_script"] = [
                {"explain": st.text(), "command": st.command(plan.shell)} for st in plan.steps
            ]
            data["steps"] = [
                {**d, "command": st.command(plan.shell)} for d, st in zip(data["steps"], plan.paste_steps(), strict=True)
            ]
        data.update(report)
        data["installable"] = plan is not None
        data["status"] = cand.status if cand is not None else None
        data["reasons"] = [r.message for r in cand.reasons] if cand is not None else []
        data["refusal"] = refusal or error or None
        data["nothing_fits"] = (
            None
            if plan is not None
            else {
                "because": [r["message"] for r in report["blockers_summary"]],
                "instead": [i.to_dict(args.shell or _default_shell(rec.platform)) for i in instead],
            }
        )
        data["written"] = [str(p) for p in written]
        print(json.dumps(data, indent=2, ensure_ascii=False))
        if plan is None:
            print(f"tfgpu-wizard plan: {refusal or error or tr(CTX, 'No TensorFlow version fits this machine.')}",
                  file=sys.stderr)
            return 1
        return 0
    # the first line names what is planned below (the WSL2 plan where the Windows choice suggests it)
    chosen = (cand, pick.option) if rec.pin is None and cand is not None and pick.option is not None else None
    _print_table(rec, out, tr, chosen=chosen)
    _print_windows_choice(rec, out, tr)
    if plan is None:  # said once, on stdout with the table and what to do instead (newcomer-2 #3)
        out.blank()
        if refusal or error:
            out.verdict(verdicts.NEEDS_ACTION, refusal or error, style_text=False)
        else:
            out.verdict(verdicts.NOT_WORKING, tr(CTX, "Nothing fits this machine as it is, because:"),
                        style_text=False)
            for r in report["blockers_summary"]:
                out.bullet("-", r["message"], indent=2)
        _print_instead(instead, args.shell or _default_shell(rec.platform), out, tr)
        return 1
    _print_plan(plan, rec, out, tr)
    if written:
        out.blank()
        out.verdict(verdicts.OK, tr(CTX, "Wrote {} files to {}; run {} there.").format(
            len(written), args.write, shells.script_name(plan.shell)), style_text=False)
    return 0


def _refusal(pick, args, tr) -> str | None:
    """Why the pinned version/method cannot be planned, with what to plan instead (None: nothing refused)."""
    if not pick.refused:
        return None
    cand = pick.candidate
    if cand is None:
        return "; ".join(pick.why)
    what = f"TensorFlow {cand.row.version}" + (f" ({args.method})" if args.method else "")
    text = tr(CTX, "{} does not work on this machine: {}.").format(what, "; ".join(pick.why))
    best = pick.instead
    if best is not None and best.best_method is not None:
        text += " " + tr(CTX, "Instead: TensorFlow {} with {} (plan without --tf/--method).").format(
            best.row.version, best.best_method.method
        )
    return text


def _make_plan(choice, host, args, shell, home):
    from tfgpu_wizard.core.flows.choose import plan_for

    return plan_for(choice, host, shell, args.prefix, keras2=args.keras2, home=home,
                    index_url=getattr(args, "index_url", None), offline=getattr(args, "offline", False))


def _reason_dict(r) -> dict:
    return {"code": r.code, "kind": r.kind, "message": r.message, "detail": r.detail, "sources": list(r.sources)}


def _cand_dict(c) -> dict:
    minors = c.row.python_minors()
    bm = c.best_method
    return {
        "tensorflow": c.row.version,
        "line": c.row.tensorflow,
        "platform": c.row.platform,
        "status": c.status,
        "uses_gpu": c.uses_gpu,
        "python": f"{minors[0]}–{minors[-1]}" if minors else str(c.row.python),
        "cuda": c.row.cuda,
        "cudnn": c.row.cudnn,
        "best_method": bm.method if bm else None,
        "only_method": bm.method if bm and sum(m.usable for m in c.methods) == 1 else None,
        "reasons": [_reason_dict(r) for r in c.reasons],
        "methods": [
            {
                "method": m.method,
                "usable": m.usable,
                "python": m.python,
                "reasons": [_reason_dict(r) for r in m.reasons],
            }
            for m in c.methods
        ],
    }


def _report(rec) -> dict:
    """Everything the text output shows, as data (``plan --json``)."""
    alternatives = [c for c in rec.candidates if c.status not in ("recommended", "ruled-out")]
    ruled_out = [c for c in rec.candidates if c.status == "ruled-out"]
    seen: set[str] = set()
    blockers = []
    for c in ruled_out:
        for r in c.blockers:
            if r.code not in seen and r.code != "prerelease":
                seen.add(r.code)
                blockers.append(_reason_dict(r))
    wc = rec.windows_choice
    return {
        "host_platform": rec.platform,
        "gpu_mode": rec.gpu_mode,
        "notes": [_reason_dict(n) for n in rec.notes],
        "recommendation": _cand_dict(rec.best) if rec.best is not None else None,
        "alternatives": [_cand_dict(c) for c in alternatives],
        "ruled_out": [_cand_dict(c) for c in ruled_out],
        "blockers_summary": blockers,
        "pin": None
        if rec.pin is None
        else {
            "tf": rec.pin.tf,
            "method": rec.pin.method,
            "candidate": _cand_dict(rec.pin.candidate) if rec.pin.candidate is not None else None,
            "reasons": [_reason_dict(r) for r in rec.pin.reasons],
        },
        "windows_choice": None
        if wc is None
        else {
            "suggested": wc.suggested,
            "wsl2": _cand_dict(wc.wsl2) if wc.wsl2 is not None else None,
            "native": _cand_dict(wc.native) if wc.native is not None else None,
            "wsl2_pros": [_reason_dict(r) for r in wc.wsl2_pros],
            "wsl2_cons": [_reason_dict(r) for r in wc.wsl2_cons],
            "native_pros": [_reason_dict(r) for r in wc.native_pros],
            "native_cons": [_reason_dict(r) for r in wc.native_cons],
            "directml": _reason_dict(wc.directml),
        },
    }


def _print_plan(plan, rec, out: Out, tr) -> None:
    out.blank()
    out.heading(plan.title())
    if rec.pin is not None and rec.pin.reasons:
        for r in rec.pin.reasons:
            out.bullet("$" if r.kind == "cost" else _dot(out), r.message, indent=2)
    for w in plan.why:
        kind = {"warning": verdicts.CAVEATS, "note": verdicts.INFO}.get(w.kind, verdicts.OK)
        out.verdict(kind, w.text(), indent=2, style_text=False)
    out.blank()
    out.line(tr(CTX, "Commands to paste into {} (one at a time, in order):").format(plan.shell))
    for i, st in enumerate(plan.paste_steps(), 1):
        admin = (" [" + tr(CTX, "administrator: {}").format(st.reason()) + "]") if st.admin else ""
        out.bullet(f"{i}.", f"{st.text()}{admin}", indent=2)
        cmd = st.command(plan.shell)
        if cmd:  # its own lines, never wrapped: it must paste as it is
            out.command(cmd, indent=7, shell=plan.shell)
    from tfgpu_wizard.core.setup import shells

    out.blank()
    out.line(tr(CTX, "--write DIR saves the same steps as a script ({}) with the files it reads ({}).").format(
        shells.script_name(plan.shell), ", ".join(n for n in plan.files() if n != shells.script_name(plan.shell))))


def _dot(out: Out) -> str:
    return "·" if out.unicode else "-"


def _print_instead(instead, shell, out: Out, tr) -> None:
    if not instead:
        return
    out.blank()
    out.line(tr(CTX, "Do this instead:"))
    for alt in instead:
        out.bullet("*", alt.why.text(), indent=2)
        steps = alt.plan.paste_steps() if alt.plan is not None else alt.steps
        for st in steps:
            cmd = st.command(shell)
            out.bullet("-", st.text(), indent=6)
            if cmd:
                out.command(cmd, indent=10, shell=shell)


def _print_windows_choice(rec, out: Out, tr) -> None:
    wc = rec.windows_choice
    if wc is None:
        return
    out.blank()
    out.line(tr(CTX, "Native Windows or WSL2? Side by side:"))
    sides = [("wsl2", tr(CTX, "WSL2 (Linux inside Windows)"), wc.wsl2, wc.wsl2_pros, wc.wsl2_cons),
             ("native", tr(CTX, "Native Windows"), wc.native, wc.native_pros, wc.native_cons)]
    if wc.suggested == "native":
        sides.reverse()
    for key, title, cand, pros, cons in sides:
        head = f"[{title}]"
        if wc.suggested == key:
            head += " " + tr(CTX, "suggested")
        if cand is not None:
            head += f": TensorFlow {cand.row.version}"
        out.line(head, indent=2)
        for r in pros:
            out.bullet("+", r.message, indent=6)
        for r in cons:
            out.bullet("x" if r.kind == "blocker" else "-", r.message, indent=6)
    out.bullet("[DirectML]", wc.directml.message, indent=2)
    if wc.suggested == "wsl2" and wc.native is not None:
        out.line(tr(CTX, "For native Windows instead: plan --tf {} (TensorFlow {} on Windows).").format(
            wc.native.row.tensorflow, wc.native.row.version), indent=2)


def _print_table(rec, out: Out, tr, chosen=None) -> None:
    """The recommendation (``chosen``: the candidate and method planned below, else ``rec.best``), the host
    notes, then every row: its status, its own reasons, and per install method what stops it or what it costs
    (a row that works only through Docker says so)."""
    if chosen is not None:
        cand, option = chosen
        out.heading(tr(CTX, "Recommended: TensorFlow {} on {} with {}").format(
            cand.row.version, cand.row.platform, option.method))
        best = rec.best
        if best is not None and best.best_method is not None and best.row.platform != cand.row.platform:
            out.line(tr(CTX, "The best on {} (the rows below): TensorFlow {} with {}").format(
                rec.platform, best.row.version, best.best_method.method), indent=2)
    elif rec.best is not None:
        bm = rec.best.best_method
        out.heading(tr(CTX, "Recommended: TensorFlow {} on {} with {}").format(
            rec.best.row.version, rec.platform, bm.method if bm else "-"))
    if rec.notes:
        out.line(tr(CTX, "About this machine:"))
    for n in rec.notes:
        out.bullet("!" if n.kind in ("blocker", "caveat") else _dot(out), n.message, indent=2,
                   style=out.style_of(verdicts.CAVEATS) if n.kind in ("blocker", "caveat") else "")
    out.blank()
    from tfgpu_wizard.core.flows.choose import status_word

    common = _common_method_reasons(rec.candidates)
    dash = "–" if out.unicode else "-"
    out.line(f"  {'TF':<10}{'Python':<16}{'CUDA/cuDNN':<14}" + tr(CTX, "status"), style="bold" if out.colour else "")
    for c in rec.candidates:
        row = c.row
        cuda = f"{row.cuda or '-'} / {row.cudnn or '-'}"
        minors = row.python_minors()
        py = f"{minors[0]}{dash}{minors[-1]}" if minors else str(row.python)
        status = status_word(c.status)
        usable = [m for m in c.methods if m.usable]
        if c.status != "ruled-out" and len(usable) == 1 and len(c.methods) > 1:
            status = tr(CTX, "{} (only with {})").format(status, usable[0].method)
        elif c.status != "ruled-out" and usable:
            status = tr(CTX, "{} (with {})").format(status, usable[0].method)
        style = {"recommended": "bold green", "ruled-out": "dim"}.get(c.status, "") if out.colour else ""
        out.line(f"{row.version:<10}{py:<16}{cuda:<14}{status}", indent=2, hang=4, style=style)
        shown = [r for r in c.reasons if r.kind in ("blocker", "caveat", "cost")]
        if c.status == "recommended":
            shown = [r for r in c.reasons if r.kind != "ok"]
        for r in shown:
            mark = {"blocker": "x", "caveat": "!", "cost": "$"}.get(r.kind, _dot(out))
            out.bullet(mark, r.message, indent=6)
        for m in c.methods:
            said = [r for r in m.reasons if r.kind in ("blocker", "caveat", "cost")
                    and (m.method, r.message) not in common]
            if not said:
                continue
            head = f"{m.method}: " + status_word("works" if m.usable else "ruled-out")
            out.line(f"{head} - " + "; ".join(r.message for r in said), indent=6, hang=8)
    for method, message in common:  # said once, not on every row (newcomer-2 #17)
        out.line(tr(CTX, "Every {} option: {}").format(method, message), indent=2, hang=4)
    out.blank()
    out.line(tr(CTX, "x rules a version out; ! a caveat; $ a cost (extra work). Per method: pip, conda, docker."))


def _common_method_reasons(candidates) -> list[tuple[str, str]]:
    """(method, message) of the costs and caveats that every row offering that method has (several rows):
    "Needs conda (Miniconda) installed first" is one fact about this machine, printed once below the table."""
    seen: dict[tuple[str, str], int] = {}
    rows: dict[str, int] = {}
    for c in candidates:
        for m in c.methods:
            rows[m.method] = rows.get(m.method, 0) + 1
            for r in m.reasons:
                if r.kind in ("caveat", "cost"):
                    seen[(m.method, r.message)] = seen.get((m.method, r.message), 0) + 1
    return [k for k, n in seen.items() if n > 1 and n == rows[k[0]]]

