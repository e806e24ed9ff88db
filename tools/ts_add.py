#!/usr/bin/env python3
"""Append translations to a Qt Linguist catalog: ``tools/ts_add.py resources/i18n/X_zh_CN.ts CONTEXT < pairs.json``.

``pairs.json`` is a JSON object {english source: Chinese translation}. Entries already in the context are
left alone; new ones go at the end of the context (created when missing). Keeps the file's layout so that
merges of catalogs edited on several branches stay readable.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from xml.sax.saxutils import escape


def add(path: Path, context: str, pairs: dict[str, str]) -> int:
    text = path.read_text(encoding="utf-8")
    head = f"<context>\n    <name>{escape(context)}</name>\n"
    if head not in text:
        text = text.replace("</TS>", head + "</context>\n</TS>")
    start = text.index(head)
    end = text.index("</context>", start)
    block = text[start:end]
    added = 0
    new = ""
    for src, zh in pairs.items():
        if f"<source>{escape(src)}</source>" in block:
            continue
        new += (f"    <message>\n        <source>{escape(src)}</source>\n"
                f"        <translation>{escape(zh)}</translation>\n    </message>\n")
        added += 1
    path.write_text(text[:end] + new + text[end:], encoding="utf-8")
    return added


if __name__ == "__main__":
    n = add(Path(sys.argv[1]), sys.argv[2], json.load(sys.stdin))
    print(f"{n} added")
