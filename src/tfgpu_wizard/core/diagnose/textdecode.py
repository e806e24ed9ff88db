"""Bytes of a log as users save them -> text, never raising.

Order (first that fits wins):

1. a byte-order mark: UTF-8, UTF-16 LE/BE (PowerShell 5's ``>`` writes UTF-16 LE with a BOM);
2. UTF-16 without a BOM: many NUL bytes on one side of the byte pairs (some editors and
   ``Out-File -Encoding Unicode`` copies lose the BOM);
3. strict UTF-8 (Linux, macOS, WSL, PowerShell 7);
4. GB18030 (a superset of GBK / code page 936): ``python train.py > log.txt`` in a Chinese
   Windows cmd.exe writes the console's code page, and cmd's own messages are Chinese;
5. the locale's preferred encoding, if it is another one that decodes the bytes strictly;
6. UTF-8 with U+FFFD for what cannot be decoded (binary junk never stops a diagnosis).

``detect_encoding(data)`` says which one was used ("utf-8-sig", "utf-16-le", "utf-16-be",
"utf-8", "gb18030", the locale's codec name, or "utf-8-replace").
"""

from __future__ import annotations

import codecs
import locale

__all__ = ["decode_bytes", "detect_encoding"]

_SAMPLE = 4096  # bytes inspected for the UTF-16-without-BOM test


def _utf16_without_bom(data: bytes) -> str | None:
    """"utf-16-le" / "utf-16-be" when the bytes look like UTF-16 text of mostly ASCII characters."""
    sample = data[:_SAMPLE]
    if len(sample) < 4:
        return None
    sample = sample[: len(sample) // 2 * 2]
    even = sample[0::2].count(0)
    odd = sample[1::2].count(0)
    pairs = len(sample) // 2
    # ASCII in UTF-16 LE: the high byte (odd offsets) is NUL; Chinese text has few NULs, so the
    # threshold is a share, not all of them. Plain UTF-8/GBK text has no NUL bytes at all.
    if odd >= pairs * 0.3 and even <= pairs * 0.05:
        return "utf-16-le"
    if even >= pairs * 0.3 and odd <= pairs * 0.05:
        return "utf-16-be"
    return None


def _strict(data: bytes, encoding: str) -> str | None:
    try:
        return data.decode(encoding)
    except (UnicodeDecodeError, LookupError):
        return None


def _locale_encoding() -> str | None:
    try:
        enc = locale.getpreferredencoding(False)
        return codecs.lookup(enc).name if enc else None
    except (LookupError, ValueError):
        return None


def _decode(data: bytes) -> tuple[str, str]:
    if data.startswith(codecs.BOM_UTF8):
        return data[3:].decode("utf-8", errors="replace"), "utf-8-sig"
    if data.startswith(codecs.BOM_UTF16_LE):
        return data[2:].decode("utf-16-le", errors="replace"), "utf-16-le"
    if data.startswith(codecs.BOM_UTF16_BE):
        return data[2:].decode("utf-16-be", errors="replace"), "utf-16-be"
    guess = _utf16_without_bom(data)
    if guess:
        return data.decode(guess, errors="replace"), guess
    text = _strict(data, "utf-8")
    if text is not None:
        return text, "utf-8"
    text = _strict(data, "gb18030")
    if text is not None and _plausible_chinese(text):
        return text, "gb18030"
    loc = _locale_encoding()
    if loc and loc not in ("utf-8", "gb18030", "ascii"):
        text = _strict(data, loc)
        if text is not None:
            return text, loc
    return data.decode("utf-8", errors="replace"), "utf-8-replace"


def _plausible_chinese(text: str) -> bool:
    """GB18030 decodes almost any byte string; accept it only when the non-ASCII characters are
    mostly common CJK ideographs or CJK punctuation (what a Chinese console writes)."""
    if len(text) > 2_000_000:  # a sample of a long text says as much, at a fraction of the cost
        text = text[:1_000_000] + text[-1_000_000:]
    other = [c for c in text if ord(c) > 127]
    if not other:
        return True
    cjk = sum(1 for c in other if "\u4e00" <= c <= "\u9fff" or "\u3000" <= c <= "\u303f" or "\uff00" <= c <= "\uffef")
    return cjk >= 0.9 * len(other)


def decode_bytes(data: bytes) -> str:
    """The text of ``data`` (see the module docstring for the order); never raises."""
    return _decode(bytes(data or b""))[0]


def detect_encoding(data: bytes) -> str:
    """The name of the encoding ``decode_bytes`` used for ``data``."""
    return _decode(bytes(data or b""))[1]
