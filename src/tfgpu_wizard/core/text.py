"""Terminal text for the CLI: display width, the terminal's width, and wrapping that is right for
Chinese and English alike.

A terminal gives East Asian wide characters (汉字, full-width punctuation) two columns, combining marks
none, and most others one; ``rich.cells`` knows the Unicode tables (``str.__len__`` and ``textwrap`` count
code points, so Chinese lines came out twice as wide as measured). The CLI prints through ``rich``
(commands/_console.py); what rich does not do is kept here: the line-breaking rules of Chinese. English breaks
at spaces; Chinese, which has none, may break between any two characters, except that closing punctuation
(，。、）…) never starts a line and opening punctuation (（“《…) never ends one (rich's wrapping would put "，"
at the start of a line).
"""

from __future__ import annotations

import shutil

from rich.cells import cell_len, get_character_cell_size

DEFAULT_WIDTH = 100  # when the output is not a terminal and COLUMNS is unset
MIN_WIDTH = 40

# Punctuation that must not start a line (closing) or end one (opening): the common Chinese set.
_NO_LINE_START = set("，。、；：！？）》」』】〕〉”’…%,.;:!?)]}·")
_NO_LINE_END = set("（《「『【〔〈“‘([{")

def char_width(ch: str) -> int:
    """Columns one character takes: 2 for wide East Asian characters, 0 for combining marks and
    control characters (which a terminal does not advance for), else 1."""
    return max(get_character_cell_size(ch), 0)


def display_width(text: str) -> int:
    """Columns ``text`` takes in a terminal (Chinese characters take two; tabs and controls none)."""
    return cell_len(text)  # a control character takes no column; the rest is counted


def pad(text: str, width: int, minimum: int = 0) -> str:
    """``text`` followed by spaces up to ``width`` columns (at least ``minimum`` spaces)."""
    return text + " " * max(minimum, width - display_width(text))


def terminal_width(fallback: int = DEFAULT_WIDTH) -> int:
    """The terminal's width in columns (``COLUMNS`` first, then the terminal; ``fallback`` when the
    output is a file or a pipe), never below ``MIN_WIDTH``."""
    cols = shutil.get_terminal_size((fallback, 24)).columns
    if cols <= 0:  # some CI consoles report 0
        cols = fallback
    return max(MIN_WIDTH, cols)


def _tokens(text: str) -> list[str]:
    """Runs of white space, runs of narrow non-space characters (an English word, a path, a number),
    and single wide characters (a line may break after any of them)."""
    out: list[str] = []
    kind_prev = ""
    for ch in text:
        kind = "s" if ch.isspace() else ("w" if char_width(ch) >= 2 else "n")
        if out and kind == kind_prev and kind != "w":
            out[-1] += ch
        else:
            out.append(ch)
        kind_prev = kind
    return out


def wrap(text: str, width: int, indent: str = "", subsequent_indent: str | None = None) -> list[str]:
    """Wrap one paragraph to ``width`` columns, each line starting with ``indent`` (the first) or
    ``subsequent_indent`` (the others; default: ``indent``). Words longer than a line are split.
    Line breaks in ``text`` are kept. An empty paragraph gives no lines."""
    sub = indent if subsequent_indent is None else subsequent_indent
    lines: list[str] = []
    for para in text.splitlines() or [""]:
        lines.extend(_wrap_one(para, width, indent if not lines else sub, sub))
    while lines and not lines[-1].strip():
        lines.pop()
    return lines


def _wrap_one(text: str, width: int, first: str, sub: str) -> list[str]:
    lines: list[str] = []
    prefix = first
    line: list[str] = []
    used = 0

    def limit() -> int:
        return max(1, width - display_width(prefix))

    def flush() -> None:
        nonlocal line, used, prefix
        while line and line[-1].isspace():
            line.pop()
        lines.append(prefix + "".join(line))
        line, used, prefix = [], 0, sub

    for tok in _tokens(text.strip()):
        w = display_width(tok)
        if tok.isspace():
            if line:
                line.append(" ")
                used += 1
            continue
        if used + w <= limit():
            line.append(tok)
            used += w
            continue
        # It does not fit. Closing punctuation takes the character before it to the next line;
        # opening punctuation at the end of this line goes down with the text after it.
        carry: list[str] = []
        if len(line) > 1 and (tok[0] in _NO_LINE_START or line[-1][-1] in _NO_LINE_END) \
                and not line[-1].isspace() and display_width(line[-1]) + w <= limit():
            carry = [line.pop()]
        if line:
            flush()
        line = carry
        used = sum(display_width(t) for t in carry)
        while display_width(tok) > limit() - used:  # longer than a whole line: split it
            room = limit() - used
            cut, cw = 0, 0
            while cut < len(tok) and cw + char_width(tok[cut]) <= room:
                cw += char_width(tok[cut])
                cut += 1
            if cut == 0 and not line:
                cut = 1
            line.append(tok[:cut])
            flush()
            tok = tok[cut:]
        if tok:
            line.append(tok)
            used += display_width(tok)
    if line or not lines:
        flush()
    return lines


def fill(text: str, width: int | None = None, indent: str = "", subsequent_indent: str | None = None) -> str:
    """``wrap`` joined with newlines; ``width`` defaults to the terminal's."""
    return "\n".join(wrap(text, terminal_width() if width is None else width, indent, subsequent_indent))
