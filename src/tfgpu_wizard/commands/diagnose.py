"""``tfgpu-wizard diagnose FILE|-``: explain a TensorFlow / CUDA log in plain words, with the fix.

Exit status: 0 no problem found (harmless lines, or what is expected on this machine: "info"), 1 problems found
(an error or warning), 2 the log could not be read (the message says why; nothing is changed or lost). After the
findings it says what the log could not tell (no TensorFlow lines, no version, a huge log read at its ends, ...).
The task is ``core.flows.diagnose``, the Diagnose page's too.
"""

from __future__ import annotations

import argparse
import json
import os
import sys


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from tfgpu_wizard.core.diagnose.rules import PLATFORMS

    # The language of the findings is the global --lang (before or after the command).
    parser.add_argument("file", metavar="FILE", help="the log file to explain, or - to read standard input")
    parser.add_argument("--json", action="store_true", help="print the findings as JSON")
    parser.add_argument(
        "--platform",
        choices=PLATFORMS,
        help="the platform the log comes from, for platform-specific fixes (default: guessed from the log)",
    )
    parser.add_argument(
        "--tf",
        dest="tf_version",
        metavar="VERSION",
        help="the TensorFlow version that wrote the log, e.g. 2.21 (default: read from the log when printed)",
    )
    parser.add_argument(
        "--all", action="store_true", help="also explain the harmless lines in detail (text output)"
    )
    parser.add_argument(
        "--here", action="store_true",
        help="the log comes from this computer: start the advice from its facts (driver, GPUs), as the window does",
    )


# standard input and devices are read like a huge file (its start and its end), and only so far: /dev/zero and
# `yes |` never end (drills-3 N4)
STREAM_MAX_BYTES = 1 << 30


def _read_stream(source) -> tuple[bytes, tuple[int, int] | None]:
    """The bytes to explain and the lines left out between their start and their end (or None)."""
    from tfgpu_wizard.core.diagnose.engine import MAX_READ_BYTES
    from tfgpu_wizard.core.i18n import tr
    from tfgpu_wizard.core.safe_io import read_capped

    capped = read_capped(source, MAX_READ_BYTES, tail=MAX_READ_BYTES * 3 // 4, max_total=STREAM_MAX_BYTES)
    if capped.more:
        print("tfgpu-wizard diagnose: " + tr("cli", "the input did not end after {mb} MB (a device or an endless "
                                                   "pipe?): its start and the last part read are explained")
              .format(mb=STREAM_MAX_BYTES >> 20), file=sys.stderr)
    return capped.data, ((capped.head.count(b"\n"), capped.left_out_lines) if capped.left_out else None)


def run(args: argparse.Namespace) -> int:
    from tfgpu_wizard.core import i18n
    from tfgpu_wizard.core.flows.diagnose import explain, explain_file
    from tfgpu_wizard.core.i18n import tr

    if getattr(args, "diagnose_lang", None):
        i18n.set_language(args.diagnose_lang)
    host = None
    if getattr(args, "here", False):
        from tfgpu_wizard.core.flows.base import detect_host

        host = detect_host()
    if args.file == "-" and getattr(sys.stdin, "name", "") == os.devnull:  # cli.prepare_streams: it was closed
        print("tfgpu-wizard diagnose: " + tr("cli", "the standard input is closed: name a log file, or pipe a log "
                                                   "in (... | tfgpu-wizard diagnose -)."), file=sys.stderr)
        return 2
    known = {"platform": args.platform, "tf_version": getattr(args, "tf_version", None), "host": host}
    # the same explanation as the Diagnose page's (core.flows.diagnose): BOM, UTF-16, UTF-8, GBK/GB18030
    # (Chinese cmd.exe), the locale's; a file of any size (a huge one is read at its start and its end)
    try:
        if args.file == "-" or not os.path.isfile(args.file):  # standard input, a device, a pipe: bounded
            data, gap = _read_stream(sys.stdin.buffer if args.file == "-" else args.file)
            ex = explain(data, gap=gap, **known)
        else:  # a file of any size: a huge one is read at its start and its end (read_log), never all at once
            ex = explain_file(args.file, **known)
    except OSError as exc:
        msg = tr("diagnose", "Cannot read the log {path}: {reason}").format(
            path=args.file, reason=exc.strerror or exc
        )
        print(f"tfgpu-wizard diagnose: {msg}", file=sys.stderr)
        return 2
    report = ex.report()
    findings = report.findings
    if args.json:
        payload = {
            "platform": report.platform,
            "platform_from": report.platform_from,
            "tf_version": report.tf_version,
            "encoding": ex.encoding,
            "language": i18n.language(),
            "lines": report.lines,
            "skipped_lines": report.skipped_lines,
            "context": ex.context(),
            "notes": [{"code": n.code, "text": n.text} for n in report.notes],
            "facts": report.facts.to_dict(),
            "findings": [f.to_dict() for f in findings],
        }
        print(json.dumps(payload, ensure_ascii=False, indent=2))
    else:  # through the console: wrapped, the vocabulary's marks, the quoted log lines made visible (drills-3 #6)
        from tfgpu_wizard.commands._console import out
        from tfgpu_wizard.commands._target_common import print_findings
        from tfgpu_wizard.core import verdicts

        o = out()
        if not ex.text.strip():
            print(tr("diagnose", "The log is empty: nothing to explain."), file=sys.stderr)
        if findings:  # the summary line: the worst finding's kind, in the words every face uses
            kind = verdicts.worst([verdicts.for_severity(f.severity) for f in findings])
            problems = sum(f.severity in ("error", "warning") for f in findings)
            summary = (tr("diagnose", "{n} problem(s) found in this log.").format(n=problems) if problems
                       else tr("diagnose", "Nothing to fix: the lines found are expected or harmless."))
            o.verdict(kind, verdicts.sentence(kind, summary))
            o.blank()
        print_findings(o, findings, show_harmless=args.all)
        if report.notes:
            o.line(tr("diagnose", "What this log does not tell:"))
            for n in report.notes:
                o.bullet("-", n.text, indent=2)
    return 1 if any(f.severity in ("error", "warning") for f in findings) else 0
