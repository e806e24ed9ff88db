"""The CLI's terminal output, through ``rich`` (issue 23): one place that knows the terminal.

- Width: ``COLUMNS`` first, then the terminal's; 100 columns in a pipe or a file (never below 40).
- Colour only on a terminal, never with ``NO_COLOR`` set or ``TERM=dumb`` (no escape codes at all in a pipe).
- Wrapping by display columns: Chinese characters take two and break anywhere, English breaks at spaces.
- Markup is off: data (a run label, a log line, a path with ``[brackets]``) never becomes style. Control
  characters in data (ESC, BEL, OSC 52 clipboard writes…) are shown as ``\\x1b``-style escapes, never sent to
  the terminal (drills-3 #6): ``visible()``.
- Commands are printed as their own lines and never wrapped by us: a line break inside a command would break
  it when pasted (the terminal may still fold a long one on screen; copying it gives the one line back).
- Marks: the verdict vocabulary's ✓ ! ✗ · (``core.verdicts``), in ASCII where the output's encoding cannot
  print them (a Latin-1 locale, drills-3 #9), coloured by the kind's colour name.

Commands get one with ``out()`` (stdout) or ``err()`` (stderr).
"""

from __future__ import annotations

import os
import re
import sys
import time
from collections.abc import Iterable, Sequence
from typing import IO, Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from tfgpu_wizard.core import verdicts

PIPE_WIDTH = 100  # in a pipe or a file without COLUMNS
MIN_WIDTH = 40

# colour names of core.verdicts -> rich styles
STYLES = {"green": "green", "yellow": "yellow", "red": "bold red", "blue": "cyan", "grey": "dim"}
COMMAND_STYLE = "bold"
HEADING_STYLE = "bold"

# C0 controls but tab and newline, DEL, and C1 controls; also the bidi overrides that reorder what is shown
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
_CONTROL_LINE = re.compile("[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def visible(text: Any, one_line: bool = False) -> str:
    """``text`` with its control characters shown as escapes (``\\x1b``), so that data printed to a terminal
    cannot move the cursor, retitle the window or write the clipboard. ``one_line``: newlines and tabs too
    (a label, a table cell)."""
    s = str(text)
    pattern = _CONTROL_LINE if one_line else _CONTROL
    return pattern.sub(lambda m: repr(m.group())[1:-1] if ord(m.group()) < 0x100 else f"\\u{ord(m.group()):04x}", s)


def colour_wanted(stream: IO[str] | None) -> bool:
    """Colour only on a terminal, and never with NO_COLOR (any value, https://no-color.org) or TERM=dumb."""
    if stream is None or "NO_COLOR" in os.environ or os.environ.get("TERM") == "dumb":
        return False
    try:
        return stream.isatty()
    except (AttributeError, ValueError, OSError):
        return False


def width_for(stream: IO[str] | None) -> int:
    """COLUMNS, else the terminal's width, else PIPE_WIDTH; never below MIN_WIDTH."""
    cols = os.environ.get("COLUMNS", "")
    if cols.isdigit() and int(cols) > 0:
        return max(MIN_WIDTH, int(cols))
    try:
        if stream is not None and stream.isatty():
            return max(MIN_WIDTH, os.get_terminal_size(stream.fileno()).columns or PIPE_WIDTH)
    except (AttributeError, ValueError, OSError):
        pass
    return PIPE_WIDTH


def can_print(stream: IO[str] | None, sample: str = "✓✗·…–") -> bool:
    """Whether ``stream``'s encoding can print ``sample`` (a Latin-1 or ASCII console cannot; a stream of text
    with no encoding, such as a StringIO, can)."""
    encoding = getattr(stream, "encoding", None)
    if encoding is None:
        return True
    try:
        sample.encode(encoding)
        return True
    except (UnicodeEncodeError, LookupError):
        return False


CONTINUATION = {"bash": "\\", "zsh": "\\", "sh": "\\", "powershell": "`", "pwsh": "`", "cmd": "^"}
_UNSAFE_TO_BREAK = set("'\"\\`^#")


def _continued(line: str, room: int, shell: str | None) -> list[str]:
    """``line`` as one or more lines joined by ``shell``'s continuation character (see ``Out.command``)."""
    mark = CONTINUATION.get(shell or "")
    if mark is None or Text(line).cell_len <= room or _UNSAFE_TO_BREAK & set(line) or "  " in line.strip():
        return [line]
    lead = line[: len(line) - len(line.lstrip())]
    words = line.split()
    out: list[str] = []
    cur = lead + words[0]
    more = lead + "    "
    for w in words[1:]:
        if Text(cur + " " + w + " " + mark).cell_len > room and cur.strip():
            out.append(cur + " " + mark)
            cur = more + w
        else:
            cur += " " + w
    out.append(cur)
    return out


class Out:
    """Printing for one stream: paragraphs wrapped to the width, marked lines, commands, tables."""

    def __init__(self, stream: IO[str] | None = None, *, width: int | None = None, ascii: bool | None = None) -> None:  # noqa: A002
        self.stream = stream if stream is not None else sys.stdout
        self.colour = colour_wanted(self.stream)
        self.width = width_for(self.stream) if width is None else max(MIN_WIDTH, width)
        self.unicode = can_print(self.stream) if ascii is None else not ascii
        self.console = Console(file=self.stream, width=self.width, color_system="standard" if self.colour else None,
                               force_terminal=self.colour, no_color=not self.colour, markup=False, emoji=False,
                               highlight=False, soft_wrap=False, legacy_windows=False, safe_box=True)

    # -- building blocks ------------------------------------------------------------------------------

    def mark(self, kind: str) -> Text:
        """The verdict kind's mark, coloured (ASCII where the stream cannot print it)."""
        return Text(verdicts.mark(kind, ascii=not self.unicode), style=STYLES[verdicts.colour(kind)])

    def style_of(self, kind: str | None) -> str:
        return STYLES[verdicts.colour(kind)] if kind else ""

    def _emit(self, text: Text) -> None:
        self.console.print(text, soft_wrap=True, crop=False, overflow="ignore", no_wrap=True)

    def _wrapped(self, first: Text, body: Text, indent: int, hang: int | None) -> None:
        """``first`` (a prefix: indent + mark) then ``body`` wrapped so that its lines start at ``hang``."""
        from tfgpu_wizard.core.text import wrap

        hang = indent + first.cell_len if hang is None else hang
        room = max(10, self.width - hang)
        # Lines that fit are kept as they are (aligned columns keep their spaces); longer ones are broken by the
        # rules of core.text (display columns; Chinese closing punctuation never starts a line).
        plain = body.plain.rstrip()
        parts = [plain] if body.cell_len <= room else (wrap(plain, room) or [""])
        for i, part in enumerate(parts):
            head = Text(" " * indent) + first if i == 0 else Text(" " * hang)
            self._emit(head + Text(part.strip() if i else part, style=body.style))

    # -- what commands call ---------------------------------------------------------------------------

    def blank(self) -> None:
        self._emit(Text(""))

    def line(self, text: str = "", indent: int = 0, hang: int | None = None, style: str = "",
             data: bool = False) -> None:
        """A paragraph, wrapped to the width (its own line breaks kept). ``data``: control characters shown."""
        text = visible(text) if data else text
        for para in text.split("\n") if text else [""]:
            self._wrapped(Text(""), Text(para, style=style), indent, hang)

    def whole(self, text: str, indent: int = 0) -> None:
        """Data that must stay whole to be copied (a path, a file name): its lines never wrapped, made visible."""
        for ln in visible(text).split("\n"):
            self._emit(Text(" " * indent + ln))

    def comment(self, prefix: str, text: str) -> None:
        """A shell comment (``#`` / ``REM``) wrapped to the width, every line starting with ``prefix``: pasted
        with the commands around it, each line stays a comment."""
        from tfgpu_wizard.core.text import wrap

        room = max(10, self.width - len(prefix) - 1)
        for part in (wrap(text, room) if Text(text).cell_len > room else [text]) or [""]:
            self._emit(Text(f"{prefix} {part}".rstrip()))

    def heading(self, text: str) -> None:
        self.line(text, style=HEADING_STYLE if self.colour else "")

    def verdict(self, kind: str, text: str, indent: int = 0, style_text: bool = True) -> None:
        """``✓ text`` with the kind's mark and colour (the text too when ``style_text``), wrapped under itself."""
        for i, para in enumerate(text.split("\n")):
            first = self.mark(kind) + " " if i == 0 else Text("  ")
            self._wrapped(first, Text(para, style=self.style_of(kind) if style_text and i == 0 else ""),
                          indent, None)

    def row(self, head: Text | str, text: str, indent: int = 0, data: bool = False) -> None:
        """``head`` (a mark and a padded label, already laid out) then ``text`` wrapped under its own start."""
        head = head if isinstance(head, Text) else Text(head)
        text = visible(text) if data else text
        for i, para in enumerate(text.split("\n") or [""]):
            self._wrapped(head if i == 0 else Text(" " * head.cell_len), Text(para), indent, None)

    def bullet(self, mark: str, text: str, indent: int = 2, style: str = "", data: bool = False) -> None:
        """``mark text`` (a plain mark such as "-", "x", "$", "1."), the text wrapped under itself."""
        text = visible(text) if data else text
        for i, para in enumerate(text.split("\n")):
            first = Text(mark + " ", style=style) if i == 0 else Text(" " * (len(mark) + 1))
            self._wrapped(first, Text(para), indent, None)

    def command(self, cmd: str, indent: int = 4, shell: str | None = None) -> None:
        """A command, each of its lines printed so that it pastes as it is: never broken inside a word. A line
        wider than the room is broken between its words only where ``shell``'s line continuation is certain to
        join it again (bash/zsh ``\\``, PowerShell a backtick, cmd ``^``): a line with no quotes, escapes or comments;
        any other line is printed whole (the terminal may fold it on screen; copying it gives the one line)."""
        style = COMMAND_STYLE if self.colour else ""
        for ln in cmd.splitlines() or [""]:
            for part in _continued(ln, self.width - indent, shell):
                self._emit(Text(" " * indent) + Text(part, style=style))

    def table(self, headers: Sequence[str], rows: Iterable[Sequence[Any]], *, indent: int = 0,
              no_wrap: Sequence[int] = (), ellipsis: Sequence[int] = (), right: Sequence[int] = ()) -> None:
        """Rows under headers, the cells' data made visible. Columns in ``ellipsis`` are cut with "…" to the room
        the others leave (display width: a Chinese label is cut at its columns); ``no_wrap`` columns are never
        broken; the others wrap."""
        cells = [[c if isinstance(c, Text) else Text(visible("" if c is None else c, one_line=True)) for c in row]
                 for row in rows]
        gap = 2
        natural = [max([Text(h).cell_len] + [r[i].cell_len for r in cells if i < len(r)])
                   for i, h in enumerate(headers)]
        fixed = sum(w + gap for i, w in enumerate(natural) if i not in ellipsis)
        room = self.width - indent - fixed - gap * len(ellipsis)
        caps: dict[int, int] = {}  # the room shared out: a narrow column takes what it needs, the rest share
        todo = sorted(ellipsis, key=lambda i: natural[i])
        while todo:
            share = max(8, room // len(todo))
            i = todo.pop(0)
            caps[i] = min(natural[i], share)
            room -= caps[i]
        table = Table(box=None, show_header=True, header_style=HEADING_STYLE if self.colour else "",
                      pad_edge=False, padding=(0, gap, 0, 0), show_edge=False, expand=False)
        for i, h in enumerate(headers):
            table.add_column(h, no_wrap=i in no_wrap or i in ellipsis,
                             overflow="ellipsis" if i in ellipsis else "fold",
                             max_width=caps.get(i),
                             justify="right" if i in right else "left")
        for row in cells:
            table.add_row(*row)
        with self.console.capture() as cap:
            self.console.print(table, crop=False)
        pad = " " * indent
        for ln in cap.get().splitlines():
            self.stream.write(pad + ln.rstrip() + "\n")
        self.stream.flush()

    def print_text(self, text: Text) -> None:
        """A prepared rich Text, wrapped to the width."""
        self._wrapped(Text(""), text, 0, 0)


def padded(text: str, width: int) -> str:
    """``text`` and spaces up to ``width`` display columns (a Chinese label takes two per character)."""
    from rich.cells import cell_len

    return text + " " * max(0, width - cell_len(text))


def out() -> Out:
    return Out(sys.stdout)


def err() -> Out:
    return Out(sys.stderr)


class Heartbeat:
    """Progress of a long silent phase: a rich progress line on a terminal, a plain line every ``every`` seconds
    in a pipe or a file (issue 23: pip install, sanity's training, the sample). Use as a context manager; call
    ``update(text, done, total)`` as often as you like."""

    def __init__(self, what: str, stream: IO[str] | None = None, every: float = 15.0, total: float | None = None):
        self.what = what
        self.o = Out(stream if stream is not None else sys.stderr)
        self.every = every
        self.total = total
        self._progress: Any = None
        self._task: Any = None
        self._last = 0.0
        self._start = time.monotonic()

    def __enter__(self) -> Heartbeat:
        self._start = time.monotonic()
        self._last = self._start
        if self.o.colour:  # a terminal that takes escape codes
            from rich.progress import (
                BarColumn,
                MofNCompleteColumn,
                Progress,
                SpinnerColumn,
                TextColumn,
                TimeElapsedColumn,
            )

            cols: list[Any] = [SpinnerColumn(), TextColumn("{task.description}")]
            if self.total:
                cols += [BarColumn(), MofNCompleteColumn()]
            cols.append(TimeElapsedColumn())
            self._progress = Progress(*cols, console=self.o.console, transient=True)
            self._progress.start()
            self._task = self._progress.add_task(visible(self.what, one_line=True), total=self.total)
        return self

    def update(self, text: str | None = None, done: float | None = None) -> None:
        now = time.monotonic()
        if self._progress is not None:
            kw: dict[str, Any] = {}
            if text is not None:
                kw["description"] = visible(text, one_line=True)
            if done is not None:
                kw["completed"] = done
            self._progress.update(self._task, **kw)
            return
        if now - self._last >= self.every:
            self._last = now
            desc = visible(text if text is not None else self.what, one_line=True)
            tail = f" ({done:g}/{self.total:g})" if done is not None and self.total else ""
            self.o.line(f"... {desc}{tail}, {now - self._start:.0f} s")

    def __exit__(self, *exc: Any) -> None:
        if self._progress is not None:
            self._progress.stop()
            self._progress = None


class SilenceBeat:
    """A line when a long step has said nothing for ``every`` seconds, then every ``every`` seconds (issue 23: pip
    downloading a 600 MB wheel, a slow import): "… still working: <what> (2 min 30 s)". Plain lines on a terminal
    and in a pipe alike, so that they never fight the step's own output (pip's progress bars). ``touch()`` on each
    output line; ``start(what)`` / ``stop()`` around each step; a daemon thread, joined by ``stop()``."""

    def __init__(self, o: Out, every: float = 30.0) -> None:
        import threading

        self.o = o
        self.every = every
        self._lock = threading.Lock()
        self._what = ""
        self._start = self._last = time.monotonic()
        self._stop: Any = None
        self._thread: Any = None

    def start(self, what: str) -> None:
        import threading

        self.stop()
        with self._lock:
            self._what = what
            self._start = self._last = time.monotonic()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, args=(self._stop,), name="silence-beat", daemon=True)
        self._thread.start()

    def touch(self) -> None:
        with self._lock:
            self._last = time.monotonic()

    def _run(self, stop: Any) -> None:
        from tfgpu_wizard.core.i18n import tr

        while not stop.wait(min(1.0, self.every)):
            now = time.monotonic()
            with self._lock:
                if now - self._last < self.every:
                    continue
                self._last = now
                what, secs = self._what, now - self._start
            took = f"{secs:.0f} s" if secs < 120 else f"{secs // 60:.0f} min {secs % 60:.0f} s"
            try:
                self.o.line(tr("cli", "... still working: {what} ({time})").format(what=what, time=took),
                            style="dim" if self.o.colour else "", data=True)
                self.o.stream.flush()
            except (OSError, ValueError):
                return

    def stop(self) -> None:
        if self._thread is not None:
            self._stop.set()
            self._thread.join(timeout=5)
            self._thread = None


__all__ = ["Heartbeat", "SilenceBeat", "Out", "colour_wanted", "err", "out", "padded", "visible", "width_for"]
