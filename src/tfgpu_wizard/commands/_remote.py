"""``monitor --serve`` and ``monitor --remote URL ...`` (issue 27): this machine as an endpoint, other machines read.

``--serve`` publishes this machine's GPU snapshot and its latest doctor report read-only
(``core.flows.share``): on 127.0.0.1 unless ``--bind ADDRESS`` is given, and then only with a token
(``--token-file FILE`` or the environment variable TFGPU_WIZARD_TOKEN). ``--remote`` watches other machines
(``core.flows.classroom``): DCGM exporters, nvitop exporters, or other copies of this app run with ``--serve``.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from datetime import datetime
from typing import Any

from tfgpu_wizard.commands._console import visible
from tfgpu_wizard.core.i18n import tr
from tfgpu_wizard.core.text import display_width, pad, terminal_width, wrap

CTX = "remote"
BAR = 20
REMOTE_MIN_INTERVAL = 0.5


def read_token(args: argparse.Namespace) -> str | None:
    """The token from ``--token-file`` (first line), else from TFGPU_WIZARD_TOKEN; None when neither is set.
    Raises ValueError with the reason in words."""
    from tfgpu_wizard.core.monitor.remote import TOKEN_ENV

    path = getattr(args, "token_file", None)
    if path:
        try:
            with open(path, encoding="utf-8") as fh:
                token = fh.readline().strip()
        except OSError as exc:
            raise ValueError(tr(CTX, "Cannot read the token file {path}: {error}").format(
                path=path, error=exc.strerror or exc)) from None
        if not token:
            raise ValueError(tr(CTX, "The token file {path} is empty.").format(path=path))
        return token
    return os.environ.get(TOKEN_ENV, "").strip() or None


def _marks(stream: Any) -> dict[str, str]:
    """The verdict vocabulary's marks (core.verdicts), and two for a machine that answers or not; ASCII where the
    stream cannot print them."""
    from tfgpu_wizard.core import verdicts

    marks = {"ok": "✓", "warn": "!", "bad": "✗", "live": "●", "dead": "○"}
    try:
        "".join(marks.values()).encode(getattr(stream, "encoding", None) or "utf-8")
        ascii_marks = False
    except (UnicodeEncodeError, LookupError):
        ascii_marks = True
    kinds = {"ok": verdicts.OK, "warn": verdicts.CAVEATS, "bad": verdicts.NOT_WORKING}
    out = {k: verdicts.mark(kind, ascii=ascii_marks) for k, kind in kinds.items()}
    out.update({"live": "*", "dead": "o"} if ascii_marks else {"live": "●", "dead": "○"})
    return out


# -- serve -------------------------------------------------------------------------------------------------


def serve(args: argparse.Namespace, interval: float) -> int:
    from tfgpu_wizard.core.flows.share import Share
    from tfgpu_wizard.core.monitor import sampler as sm
    from tfgpu_wizard.core.monitor.serve import BindRefused, is_loopback

    try:
        token = read_token(args)
    except ValueError as exc:
        print(str(exc), file=sys.stderr)
        return 2
    if args.replay:
        from tfgpu_wizard.core.monitor.runs import RunFileError, find_run

        try:
            source: sm.Source = sm.ReplaySource(find_run(args.replay), speed=args.speed, gpus=args.gpu)
        except RunFileError as exc:
            print(str(exc), file=sys.stderr)
            return 2
    else:
        source = sm.NvmlSource(args.gpu)
    try:
        share = Share(host=args.bind, port=args.port, token=token, interval=interval, source=source)
    except BindRefused as exc:
        print(str(exc), file=sys.stderr)
        return 2
    try:
        url = share.start()
    except OSError as exc:
        print(tr(CTX, "Cannot listen on {host} port {port}: {error}").format(
            host=args.bind, port=args.port, error=exc.strerror or exc), file=sys.stderr)
        return 2
    width = terminal_width()
    try:
        lines = [tr(CTX, "Serving this machine's GPUs read-only at {url}").format(url=url),
                 tr(CTX, "The doctor report: {url}").format(url=url.rsplit("/", 1)[0] + "/doctor.json")]
        if is_loopback(share.server.host):
            lines.append(tr(CTX, "Only this machine can read it (127.0.0.1). To let a classroom read it, give "
                                 "--bind 0.0.0.0 and a token (--token-file FILE)."))
        else:
            lines.append(tr(CTX, "Machines that can reach this address and know the token can read it (the "
                                 "Authorization: Bearer header). Plain HTTP: keep it to a network you trust."))
        lines.append(tr(CTX, "Read it from another machine with: tfgpu-wizard monitor --remote {host}:{port}").format(
            host=share.server.host if not share.server.host.startswith("0.") else "<this-machine>",
            port=share.server.port))
        lines.append(tr(CTX, "Ctrl-C stops."))
        for line in lines:
            print("\n".join(wrap(line, width)), flush=True)
        if share.sampler.state == sm.STATE_UNAVAILABLE:
            print("\n".join(wrap(tr(CTX, "No GPU to show here ({reason}); the endpoint serves the doctor report "
                                         "only.").format(reason=tr("monitor", share.sampler.state_detail)), width)),
                  file=sys.stderr, flush=True)
        deadline = None if not args.count else time.monotonic() + args.count * max(interval, 1.0)
        while deadline is None or time.monotonic() < deadline:
            time.sleep(0.2)
    finally:  # Ctrl-C / SIGTERM (core.lifecycle) pass through with their exit status, after this
        share.stop()
    return 0


# -- remote ------------------------------------------------------------------------------------------------


def _gib(v: int | None) -> str:
    if v is None:
        return "?"
    gib = v / 2**30
    return f"{gib:.1f}" if gib < 100 else f"{gib:.0f}"


def _bar(used: int | None, total: int | None) -> str:
    if not total or used is None:
        return "[" + "?" * BAR + "]"
    n = max(0, min(BAR, round(used / total * BAR)))
    return "[" + "#" * n + "." * (BAR - n) + "]"


def _util(g: Any) -> str:
    return tr(CTX, "util {util}").format(util="?" if g.util is None else f"{g.util:.0f} %")


def render(machines: list[Any], width: int, marks: dict[str, str]) -> str:
    """The machines as text that fits ``width`` columns."""
    lines = [tr(CTX, "tfgpu-wizard monitor · {n} machines · {time}").format(
        n=len(machines), time=datetime.now().strftime("%H:%M:%S"))]
    gpus = [g for m in machines for g in m.gpus]  # columns lined up over every machine
    label_w = max((display_width(g.label) for g in gpus), default=5)
    mem_w = max((len(f"{_gib(g.used)} / {_gib(g.total)} GiB") for g in gpus), default=0)
    util_w = max((display_width(_util(g)) for g in gpus), default=0)
    for m in machines:
        head = f"{marks['live' if m.alive else 'dead']} {m.label}"
        if m.dialect:
            head += f"  ({m.kind})"
        lines += wrap(head + "  " + m.state_text, width, subsequent_indent="    ")
        if m.verdict is not None:
            mark = marks.get(m.verdict.level, "·")
            lines += wrap(f"{mark} {m.verdict.headline}", width, indent="  ", subsequent_indent="    ")
        elif m.doctor_error:
            lines += wrap(tr(CTX, "doctor report: {error}").format(error=m.doctor_error), width, indent="  ",
                          subsequent_indent="    ")
        for g in m.gpus:
            mem = f"{_gib(g.used)} / {_gib(g.total)} GiB"
            bar = _bar(g.used, g.total) if m.alive else "[" + "-" * BAR + "]"
            tail = f" {bar} {mem.rjust(mem_w)}  {pad(_util(g), util_w)}"
            name_w = max(8, width - 2 - label_w - 2 - display_width(tail))
            name = g.name if display_width(g.name) <= name_w else g.name[: max(1, name_w - 1)] + "…"
            lines.append(f"  {pad(g.label, label_w)}  {pad(name, name_w)}{tail}".rstrip())
    return "\n".join(lines)


def remote(args: argparse.Namespace, interval: float) -> int:
    from tfgpu_wizard.core.flows.classroom import Classroom, watch

    if not (REMOTE_MIN_INTERVAL <= interval <= 60):
        print(tr(CTX, "--interval must be between 0.5 and 60 seconds for other machines."), file=sys.stderr)
        return 2
    if args.csv:
        print(tr(CTX, "--csv logs this machine's GPUs; it cannot be combined with --remote."), file=sys.stderr)
        return 2
    try:
        token = read_token(args)
        room = Classroom(args.remote, interval=interval, token=token)
    except ValueError as exc:
        print(str(exc), file=sys.stderr)
        return 2
    width = terminal_width()
    marks = _marks(sys.stdout)
    clear = sys.stdout.isatty() and not args.no_clear and not args.once
    flow = watch(args.remote, every=args.refresh, count=1 if args.once else args.count, classroom=room)
    last: list[Any] = []
    try:
        for item in flow:
            last = list(item.machines)
            text = visible(render(last, width, marks))  # names and labels come from other machines: data
            if clear:
                sys.stdout.write("\x1b[H\x1b[2J")
            print(text + ("" if args.once else "\n"), flush=True)
    finally:  # Ctrl-C, a closed pipe: every thread of the classroom is stopped before the exit
        flow.close()
    return 0 if any(m.alive for m in last) or not last else 1
