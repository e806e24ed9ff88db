"""The scan: every rule's patterns over the text, the final exception of each traceback, and where lines are.

Used by the engine (``core.diagnose.engine``) and the derived findings (``core.diagnose.families``); standard
library only. Each pattern is one C-level regex scan of the text, so the cost is linear in its size.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from tfgpu_wizard.core.diagnose.rules import RULES, Rule

MAX_EVIDENCE = 5  # lines kept per finding (count says how many matched)
MAX_COUNT = 10_000  # matches counted per rule at most (count is then a lower bound)
MAX_LINE_CHARS = 400  # evidence text is cut around the match beyond this
_LIST_FIELDS = ("lib",)  # pattern groups whose distinct values are all named (", "-joined)

# glog / TF prefix: "2024-03-09 19:15:45.018171: W tensorflow/core/....cc:210] message"
# absl prefix (TF >= 2.17): "W0000 00:00:1753232013.685876   24341 gpu_device.cc:2431] message"
# Ray-style prefixes such as "(pid=88631) " are skipped first (the engine strips them before the scan).
PREFIX = re.compile(
    r"^(?:\(pid=\d+\)\s*)?"
    r"(?:\d{4}-\d\d-\d\d[ T][\d:.]+:?\s+(?P<l1>[IWEF])\s+\S+?:\d+\]\s?"
    r"|(?P<l2>[IWEF])\d{4}\s+[\d:.]+\s+\d+\s+\S+?:\d+\]\s?"
    r"|(?:(?P<l3>[IWEF])\s+)?[\w./-]+\.cc:\d+\]\s?)"
)


@dataclass
class Evidence:
    line: int  # 1-based line number in the text given to diagnose()
    text: str  # the line as written (cut around the match if very long)
    message: str = ""  # the line without TensorFlow's "time: W file.cc:NN]" prefix
    level: str = ""  # "I" | "W" | "E" | "F" from that prefix, "" if none


@dataclass
class Hit:
    """What one rule found: its evidence, how often, and the values its patterns (or a derivation) supplied."""

    rule: Rule
    evidence: list[Evidence] = field(default_factory=list)
    count: int = 0
    values: dict[str, str] = field(default_factory=dict)
    lines: set[int] = field(default_factory=set)


class Lines:
    """Line numbers for match offsets, computed incrementally (offsets must not go backwards
    within one cursor), so the total cost per rule is one pass over the text at most."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0
        self.line = 1

    def line_of(self, offset: int) -> int:
        if offset < self.pos:  # a new rule's scan: restart
            self.pos, self.line = 0, 1
        self.line += self.text.count("\n", self.pos, offset)
        self.pos = offset
        return self.line


def line_at(text: str, start: int, end: int) -> str:
    """The full line containing text[start:end], cut to MAX_LINE_CHARS around the match."""
    ls = text.rfind("\n", max(0, start - MAX_LINE_CHARS * 4), start) + 1
    if ls == 0 and start > MAX_LINE_CHARS * 4:
        ls = start - MAX_LINE_CHARS // 2
    le = text.find("\n", end, end + MAX_LINE_CHARS * 4)
    if le < 0:
        le = min(len(text), end + MAX_LINE_CHARS * 4)
    line = text[ls:le].rstrip("\r")
    if len(line) > MAX_LINE_CHARS:
        rel = start - ls
        a = max(0, rel - MAX_LINE_CHARS // 2)
        line = ("…" if a else "") + line[a : a + MAX_LINE_CHARS] + "…"
    return line


def evidence(lineno: int, line: str) -> Evidence:
    m = PREFIX.match(line)
    if m:
        return Evidence(
            lineno, line, line[m.end() :].strip(), m.group("l1") or m.group("l2") or m.group("l3") or ""
        )
    return Evidence(lineno, line, line.strip(), "")


def evidence_at(text: str, offset: int, end: int | None = None, lines: Lines | None = None) -> Evidence:
    """Evidence for the line holding ``offset``."""
    lineno = lines.line_of(offset) if lines else text.count("\n", 0, offset) + 1
    return evidence(lineno, line_at(text, offset, end if end is not None else offset))


_compiled: dict[str, list[re.Pattern[str]]] | None = None


def patterns() -> dict[str, list[re.Pattern[str]]]:
    global _compiled
    if _compiled is None:
        _compiled = {r.id: [re.compile(p) for p in r.patterns] for r in RULES}
    return _compiled


_DEP = re.compile(r"(lib[\w.+-]{1,120}?\.so[\w.]{0,20}|[\w.+-]{1,120}\.dll): cannot open shared object file")

# "error lines": where a rule with scope "errors" may match (an exception, an E/F log line, pip's ERROR:)
ERROR_LINE = re.compile(
    r"^(?:[A-Za-z_][\w.]*\.)?[A-Za-z_]\w*(?:Error|Exception|Exit|Warning)\b|^(?:ERROR|Error|error|FATAL|"
    r"Fatal)\b|^[EF]\d{4} |^\d{4}-\d\d-\d\d[ T][\d:.]+:?\s+[EF] "
)


def _is_error_line(text: str, start: int) -> bool:
    ls = text.rfind("\n", max(0, start - 4000), start) + 1
    return bool(ERROR_LINE.match(text, ls, min(len(text), ls + 400)))


def scan(text: str) -> dict[str, Hit]:
    hits: dict[str, Hit] = {}
    cursor = Lines(text)
    for rule in RULES:
        pats = patterns()[rule.id]
        hit = Hit(rule)
        for pat in pats:
            cursor.pos, cursor.line = 0, 1
            for m in pat.finditer(text):
                if rule.scope == "errors" and not _is_error_line(text, m.start()):
                    continue
                hit.count += 1
                groups = m.groupdict()
                if groups.get("lib") and groups.get("reason"):
                    # a nested loader error names the library that is really missing in its reason:
                    # "libcudnn_cnn_infer.so.8. Error: libcuda.so: cannot open shared object file"
                    dep = _DEP.match(groups["reason"].strip())
                    if dep and dep.group(1) != groups["lib"].strip():
                        groups["lib"] = f"{dep.group(1)} ({groups['lib'].strip()})"
                for k, v in groups.items():
                    if not v:
                        continue
                    if k not in hit.values:
                        hit.values[k] = v.strip()
                    elif k in _LIST_FIELDS and len(hit.values[k]) < 200:
                        names = hit.values[k].split(", ")
                        if v.strip() not in names:
                            hit.values[k] += ", " + v.strip()
                if len(hit.evidence) < MAX_EVIDENCE:
                    lineno = cursor.line_of(m.start())
                    if lineno not in hit.lines:
                        hit.lines.add(lineno)
                        hit.evidence.append(evidence(lineno, line_at(text, m.start(), m.end())))
                elif hit.count >= MAX_COUNT:
                    break  # enough to know; keeps a flood of one line from dominating the time
        if hit.count:
            hit.evidence.sort(key=lambda e: e.line)
            hits[rule.id] = hit
    return hits


# ------------------------------------------------------------------------------ tracebacks

_TRACEBACK = re.compile(r"Traceback \(most recent call last\):")
EXC_LINE = re.compile(r"^(?:[A-Za-z_][\w.]*\.)?[A-Za-z_]\w*(?:Error|Exception|Exit|Interrupt|Failure)\b")
_FRAME = re.compile(r'^\s*File "([^"\r\n]{1,1000})", line \d+, in ([^\r\n]{1,200})')


@dataclass
class Traceback:
    line: int  # line of the final exception
    exception: str  # the final exception line
    block: str  # the exception line and its indented continuation lines
    frames: list[tuple[str, str, str]]  # (file, function, the code line shown) in order, innermost last
    start: int  # line of the "Traceback" header
    cut: bool = False  # the paste ends before the exception line: ``exception`` was rebuilt from the notebook's
    #   header (the exception's type) and the string literals of the ``raise`` it shows last


# a pasted exception line without its traceback: "ValueError: …", after a prompt (">> ValueError: …"), or TF 1's
# "InvalidArgumentError (see above for traceback): …"
_BARE_EXC = re.compile(
    r"(?m)^(?:>{1,3}[ \t]?)?((?:[A-Za-z_][\w.]{0,120}\.)?[A-Za-z_]\w{0,60}(?:Error|Exception)"
    r"(?: \(see above for traceback\))?: [^\r\n]{1,2000})"
)


def tracebacks(text: str, limit: int = 200) -> list[Traceback]:
    """Every traceback's frames and final exception: the first line after the ``Traceback`` header that is
    not indented and not a TensorFlow log line. A paste without any ``Traceback`` header (often only the last
    line is copied) gives its exception lines instead, without frames."""
    out = _tracebacks(text, limit)
    if "Traceback (most recent call last)" in text and len(out) < limit:
        ipy = _ipython_tracebacks(text, limit - len(out))
        out = sorted(out + ipy, key=lambda tb: tb.line) if ipy else out
    if not out and "Error: " not in text and "Exception: " not in text and "for traceback): " not in text:
        return _error_bodies(text)
    if out:
        return out
    cursor = Lines(text)
    for m in _BARE_EXC.finditer(text, 0, 4_000_000):
        line = m.group(1).rstrip("\r")
        out.append(Traceback(cursor.line_of(m.start()), line[:MAX_LINE_CHARS], _wrapped(text, m.end(), line), [], 0))
        if len(out) >= 20:
            break
    return out


# what TensorFlow prints *under* "InvalidArgumentError: Graph execution error:" (the node, then the cause): a paste
# that starts below the exception's own line still holds the cause, which is the script's data
_TF_BODY = re.compile(
    r"(?m)^[ \t]{0,8}((?:Received a label value of -?\d{1,12} which is outside the valid range"
    r"|indices\[[\d,]{1,40}\] = -?\d{1,12} is not in \["
    r"|Incompatible shapes: \[|Matrix size-incompatible: "
    r"|logits and labels must (?:have the same first dimension|be broadcastable))[^\r\n]{0,1500})"
)


def _error_bodies(text: str) -> list[Traceback]:
    out: list[Traceback] = []
    cursor = Lines(text)
    for m in _TF_BODY.finditer(text, 0, 4_000_000):
        line = m.group(1).rstrip("\r")  # the evidence is the log's own line
        out.append(Traceback(cursor.line_of(m.start()), line[:MAX_LINE_CHARS], line, [], 0))
        if len(out) >= 20:
            break
    return out


def _wrapped(text: str, end: int, line: str) -> str:
    """A pasted exception line with the lines its message was wrapped onto: "AttributeError: module 'x' " followed
    by "has no attribute 'y'." (a continuation starts in lower case; a finished sentence ends the message)."""
    block = [line]
    for extra in text[end : end + 1200].split("\n")[1:4]:
        extra = extra.rstrip("\r")
        s = extra.strip()
        if not s or not s[0].islower() or PREFIX.match(extra) or EXC_LINE.match(s) or block[-1].rstrip().endswith("."):
            break
        block.append(s)
    return "\n".join(block)


# a paste cut above its "Traceback" header starts with the frames themselves: 'File "…", line 5, in <module>'
_FIRST_FRAME = re.compile(r'(?m)^[ \t]{0,8}File "[^"\r\n]{1,1000}", line \d+, in ')


def _next_newline(text: str, at: int) -> int:
    end = text.find("\n", at)
    return len(text) if end < 0 else end


def _starts(text: str) -> list[tuple[int, int]]:
    """(position of the newline before the first line to read, the start's own position) of every traceback: each
    ``Traceback`` header, and the frames a paste begins with when it was cut above its header."""
    starts = [(_next_newline(text, m.end()), m.start()) for m in _TRACEBACK.finditer(text)]
    first = _FIRST_FRAME.search(text, 0, 4_000_000)
    if first and (not starts or first.start() < starts[0][1]):
        starts.insert(0, (first.start() - 1, first.start()))
    return starts


def _tracebacks(text: str, limit: int) -> list[Traceback]:
    out: list[Traceback] = []
    cursor = Lines(text)
    for pos, at in _starts(text):
        if len(out) >= limit:
            break
        head_line = cursor.line_of(at)
        steps = 0
        frames: list[tuple[str, str, str]] = []
        pending: list[str] | None = None
        while -1 <= pos < len(text) and steps < 2000:
            steps += 1
            start = pos + 1
            end = text.find("\n", start)
            end = len(text) if end < 0 else end
            raw = text[start : min(end, start + 2000)].rstrip("\r")
            pos = end if end < len(text) else len(text)
            fm = _FRAME.match(raw)
            if fm:
                pending = [fm.group(1), fm.group(2).strip(), ""]
                frames.append(tuple(pending))  # type: ignore[arg-type]
                continue
            if pending is not None and raw[:1] in (" ", "\t") and raw.strip() and not pending[2]:
                code = raw.strip()
                if not set(code) <= set("^~ "):
                    pending[2] = code
                    frames[-1] = tuple(pending)  # type: ignore[assignment]
                continue
            if not raw.strip() or raw[:1] in (" ", "\t") or PREFIX.match(raw) or raw.startswith(">"):
                continue
            stripped = raw.strip()
            if EXC_LINE.match(stripped):
                # the exception's own continuation lines (indented), e.g. "  (0) Unknown: ..."
                tail = text[start : min(len(text), start + 4000)].split("\n")[1:20]
                block = [stripped]
                for extra in tail:
                    if not extra.strip() or extra[:1] not in (" ", "\t"):
                        break
                    block.append(extra.strip())
                out.append(Traceback(cursor.line_of(start), stripped[:MAX_LINE_CHARS], "\n".join(block), frames,
                                     head_line))
            break
    return out


# IPython / Jupyter / Colab tracebacks: "ValueError      Traceback (most recent call last)", then frames as
# "Cell In[3], line 5", "File ~/env/lib/python3.11/site-packages/keras/x.py:122, in fit(self, x)" (IPython 8) or
# "<ipython-input-1-ab> in <module>()" / "~/env/lib/python3.7/site-packages/keras/x.py in fit(self, x)" (IPython 7),
# code lines ("----> 1 import tensorflow as tf", "     42 from …"), and the exception line at the end
_IPY_HEADER = re.compile(r"(?m)^[A-Za-z_][\w.]{0,120}[ \t]{2,200}Traceback \(most recent call last\)[ \t]*\r?$")
# Colab copies its frames as links: "[<ipython-input-9-b0a8>](https://localhost:8080/#) in <cell line: 2>()",
# "[/usr/local/lib/python3.10/dist-packages/keras/src/models/sequential.py](https://localhost:8080/#) in add(self, …)"
_IPY_FRAME = re.compile(
    r"File (?P<f1>[^\r\n]{1,1000}?\.pyx?):\d+(?:, in (?P<fn1>[^\r\n(]{1,200}))?"
    r"|Cell In ?\[\d*\], line \d+(?:, in (?P<fn2>[^\r\n(]{1,200}))?"
    r"|\[?(?P<f3><ipython-input-[^>\r\n]{1,80}>|[^\r\n \[\]]{1,1000}?\.pyx?)(?:\]\([^)\s]{1,300}\))? in "
    r"(?P<fn3>[^\r\n(]{1,200})"
)
_IPY_CODE = re.compile(r"^[ \t]{1,12}\d{1,6}[ \t]")
_IPY_ARROW = re.compile(r"^-{1,8}>[ \t]{0,4}\d{1,6}[ \t]")  # "----> 2 model.add(…)", "---> 95 raise …" (IPython 7/8)
_STR_LITERAL = re.compile(r"""[rRfFbBuU]{0,2}"([^"\r\n]{0,400})"|[rRfFbBuU]{0,2}'([^'\r\n]{0,400})'""")


def _ipython_tracebacks(text: str, limit: int) -> list[Traceback]:
    out: list[Traceback] = []
    cursor = Lines(text)
    for m in _IPY_HEADER.finditer(text):
        if len(out) >= limit:
            break
        head_line = cursor.line_of(m.start())
        pos = text.find("\n", m.end())
        frames: list[tuple[str, str, str]] = []
        raise_code: list[str] = []  # the code shown from the last frame's arrow on ("---> 95 raise ValueError(", …)
        raise_line = 0
        done = False
        for _ in range(2000):
            if pos < 0 or pos >= len(text):
                break
            start = pos + 1
            end = text.find("\n", start)
            end = len(text) if end < 0 else end
            raw = text[start : min(end, start + 2000)].rstrip("\r")
            pos = end if end < len(text) else -1
            fm = _IPY_FRAME.match(raw)
            if fm:
                file = fm.group("f1") or fm.group("f3") or "<cell>"
                func = (fm.group("fn1") or fm.group("fn2") or fm.group("fn3") or "<module>").strip()
                frames.append((file, func, ""))
                raise_code, raise_line = [], 0
                continue
            am = _IPY_ARROW.match(raw)
            if am and frames:
                code = raw[am.end() :].strip()
                if not frames[-1][2]:
                    frames[-1] = (frames[-1][0], frames[-1][1], code)
                raise_code, raise_line = [code], cursor.line_of(start)
                continue
            if raise_code and len(raise_code) < 8 and _IPY_CODE.match(raw):
                raise_code.append(raw[_IPY_CODE.match(raw).end() :].strip())
                continue
            if not raw.strip() or raw[:1] in (" ", "\t") or raw.startswith(("---", "...")) or PREFIX.match(raw):
                continue
            stripped = raw.strip()
            if EXC_LINE.match(stripped) and _IPY_HEADER.match(raw) is None:
                tail = text[start : min(len(text), start + 4000)].split("\n")[1:20]
                block = [stripped]
                for extra in tail:
                    if not extra.strip() or extra[:1] not in (" ", "\t"):
                        break
                    block.append(extra.strip())
                out.append(Traceback(cursor.line_of(start), stripped[:MAX_LINE_CHARS], "\n".join(block), frames,
                                     head_line))
                done = True
                break
            if _IPY_HEADER.match(raw):
                break
        if not done and frames and raise_code and raise_code[0].lstrip().startswith("raise "):
            # the paste stops inside the last frame: the header names the exception, the raise shows its message
            etype = m.group(0).split()[0]
            message = "".join(a or b for a, b in _STR_LITERAL.findall(" ".join(raise_code[1:] or raise_code)))
            line = f"{etype}: {message.strip()}" if message.strip() else etype
            out.append(Traceback(raise_line, line[:MAX_LINE_CHARS], line, frames, head_line, cut=True))
    return out


def explained(line: str) -> bool:
    """Whether some rule's pattern recognises this (exception) line."""
    return any(p.search(line) for pats in patterns().values() for p in pats)
