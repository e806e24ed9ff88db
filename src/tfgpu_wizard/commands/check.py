"""``tfgpu-wizard check FILE|-``: check a tutorial, requirements file, notebook, environment.yml, Dockerfile or
compose file before following it: every version claim and install command against the matrix's sources, the
text's other lines and this machine, each with the corrected command.

Exit status: 0 nothing wrong found, 1 problems found (an error or a warning), 2 the file could not be read or
is not a text (the message says why; nothing is changed). The task is ``core.flows.check``, the Check page's
too.
"""

from __future__ import annotations

import argparse
import json
import sys

CTX = "check"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from tfgpu_wizard.core.flows.check import FORMAT_NAMES

    parser.add_argument("file", metavar="FILE", help="the file to check, or - to read standard input")
    parser.add_argument("--json", action="store_true", help="print the findings as JSON")
    parser.add_argument("--format", choices=sorted(FORMAT_NAMES), default=None,
                        help="what the file is (default: from its name and its text)")
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--host", metavar="REPORT.json",
                       help="check against the machine of a saved 'doctor --json' report instead of this one")
    where.add_argument("--no-machine", action="store_true",
                       help="check against the sources and the text only, not against this machine")


def _fail(msg: str) -> int:
    print(f"tfgpu-wizard check: {msg}", file=sys.stderr)
    return 2


def run(args: argparse.Namespace) -> int:
    from tfgpu_wizard.core.flows.check import check, machine_tools, read_source
    from tfgpu_wizard.core.i18n import tr

    cut = False
    try:
        if args.file == "-":
            data = sys.stdin.buffer.read()
            name = ""
        else:
            data, cut = read_source(args.file)
            name = args.file
    except OSError as exc:
        return _fail(tr(CTX, "Cannot read {path}: {reason}").format(path=args.file, reason=exc.strerror or exc))
    host = None
    tools = None
    if args.host:
        from tfgpu_wizard.core.setup.host_model import HostReport

        try:
            with open(args.host, encoding="utf-8") as fh:
                host = HostReport.from_json(fh.read())
        except (OSError, ValueError, UnicodeDecodeError) as exc:
            return _fail(tr(CTX, "{path} is not a host report saved by 'tfgpu-wizard doctor --json': {reason}")
                         .format(path=args.host, reason=getattr(exc, "strerror", None) or exc))
    elif not args.no_machine:
        from tfgpu_wizard.core.setup.host import detect_host

        host = detect_host()
        tools = machine_tools()
    result = check(data, name=name, fmt=args.format, host=host, tools=tools, cut=cut)
    rep = result.report
    if args.json:
        print(json.dumps({"file": args.file, **rep.to_dict(), "exit_code": result.exit_code}, ensure_ascii=False,
                         indent=2))
    else:
        from tfgpu_wizard.commands._console import out

        print_report(out(), rep)
    return result.exit_code


def _is_command(text: str) -> bool:
    return text.lstrip().startswith(("pip ", "conda ", "docker ", "tensorflow/", "python", "sudo ", "capabilities"))


def format_report(rep, width: int | None = None) -> str:
    """The report as text (what the terminal gets, without colour): ``print_report`` into a string."""
    import io

    from tfgpu_wizard.commands._console import Out

    buf = io.StringIO()
    print_report(Out(buf, width=min(width or 100, 100)), rep)
    return buf.getvalue()


def print_report(o, rep) -> None:
    """The report through the console: wrapped to the terminal (Chinese characters count two columns), the marks
    and colours of the verdict vocabulary, the quoted lines made visible, commands whole so they can be copied."""
    from tfgpu_wizard.core import verdicts
    from tfgpu_wizard.core.flows.check import note_text
    from tfgpu_wizard.core.i18n import tr

    for code in rep.notes:
        o.line(note_text(code))
    labels = {"error": tr(CTX, "ERROR"), "warning": tr(CTX, "WARNING"), "info": tr(CTX, "INFO")}
    against = {"sources": tr(CTX, "contradicts the sources"), "text": tr(CTX, "contradicts another line"),
               "machine": tr(CTX, "does not fit this computer")}
    for i, f in enumerate(rep.findings, 1):
        where = ", ".join(r.label() for r in f.refs)
        head = f"{i}. [{labels.get(f.severity, f.severity)}] " + tr(CTX, "line {n}").format(n=where) + \
            f": {f.title} ({against.get(f.against, f.against)})"
        o.verdict(verdicts.for_severity(f.severity), head, style_text=False)
        if f.refs:
            o.whole("   > " + f.refs[0].text)  # the line as written: whole, made visible
        o.line(tr(CTX, "Why:") + " " + f.explanation, indent=3)
        if f.fix:
            fix_lines = f.fix.splitlines()
            if len(fix_lines) == 1 and not _is_command(f.fix):
                o.line(tr(CTX, "Instead:") + " " + f.fix, indent=3)
            else:  # a command stays on one line, whole, so it can be copied
                o.line(tr(CTX, "Instead:"), indent=3)
                o.command("\n".join(fix_lines), indent=6)
        urls = [s for s in f.sources if "://" in s]
        if urls and f.severity != "info":
            o.line(tr(CTX, "See:") + " " + " ".join(urls[:2]), indent=3)
        o.blank()
    if not rep.findings and "binary" not in rep.notes and "empty" not in rep.notes and "no-claims" not in rep.notes:
        o.verdict(verdicts.OK, tr(CTX, "Nothing wrong found in {n} claims and commands.").format(n=rep.claims),
                  style_text=False)
        o.blank()
    if rep.unknowns:
        o.line(tr(CTX, "What the sources cannot decide (not counted as problems):"))
        for u in rep.unknowns:
            o.bullet("-", tr(CTX, "line {n}").format(n=u.ref.label()) + f": {u.claim}: {u.reason}", indent=2,
                     data=True)
        o.blank()
    if not rep.checked_machine and rep.findings is not None and "binary" not in rep.notes:
        o.line(tr(CTX, "Not checked against this computer (--no-machine)."))
