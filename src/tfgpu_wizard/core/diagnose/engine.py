"""Diagnosis: turn TensorFlow / CUDA loader / driver output into ranked, plain-language findings.

Qt-free and TensorFlow-free, cheap to import (the standard library only; patterns are compiled
on first use). Feed it anything: the verification probe's or the sample's stderr, or a log a
user pasted.

Public API (stable)::

    from tfgpu_wizard.core.diagnose.engine import diagnose, Finding, format_findings

    findings = diagnose(text, platform=None, context=None, lang=None)
    for f in findings:            # already ranked: root causes first, harmless noise last
        f.rule_id                 # stable id, e.g. "missing-library" (see core/diagnose/rules.py)
        f.severity                # "error" | "warning" | "harmless"
        f.title, f.explanation    # translated (lang, else the current language of core.i18n)
        f.fix                     # for this platform ("linux" | "windows" | "wsl2")
        f.evidence                # [Evidence(line=12, text="...", message="...", level="W"), ...]
        f.count                   # how many lines matched (evidence keeps the first few)
        f.rank                    # 1 = look at this first
        f.symptom_of              # rule id of the root cause this is a consequence of, or None
        f.sources                 # issue / documentation links
        f.to_dict()               # JSON-ready

    has_errors(findings) -> bool
    format_findings(findings, show_harmless=False, lang=None) -> str   # the CLI's text
    decode_log(data: bytes) -> str                            # BOM-aware, never raises
    guess_platform(text) -> "linux" | "windows" | "wsl2"
    RULE_IDS                                                  # every rule id

``platform``: ``"linux"``, ``"windows"``, ``"wsl2"`` or None (then ``context["platform"]``, then
guessed from the log: Windows paths/DLL names -> windows, ``/usr/lib/wsl`` -> wsl2, else linux).

``context`` (all keys optional) adds what the log alone cannot say, e.g. what the probe knows:
``{"platform": "windows", "tf_version": "2.15.0", "gpu_count": 0}``. ``gpu_count == 0`` counts as
the "TensorFlow sees no GPU" symptom even if the log does not show ``[]``; ``tf_version`` below
2.11 rules out the native-Windows-2.11 finding.

Ranking: every rule has a priority (driver/library mismatch first, then cuInit, missing
libraries, ... down to the "no GPU" symptom); a finding explained by another finding in the same
log (e.g. "Cannot dlopen some GPU libraries" after "Could not load dynamic library
'libcudnn.so.8'") is marked ``symptom_of`` and ranked after all root causes. Harmless lines (NUMA,
factory registration, TensorRT, CPU instructions) come last.

Cost: linear in the size of the log (each pattern is one C-level regex scan with bounded
repeats); a 50 MB log takes 2-3 s, a few kB of stderr about a millisecond.
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass, field
from typing import Any

from tfgpu_wizard.core.diagnose.rules import (
    ALL_RULES,
    GPU_MEMORY_TAKEN,
    ONLY_HARMLESS,
    PLATFORMS,
    PYTHON_EXCEPTION,
    RULES,
    Rule,
)
from tfgpu_wizard.core.diagnose.textdecode import decode_bytes
from tfgpu_wizard.core.i18n import tr

__all__ = [
    "Evidence",
    "Finding",
    "RULE_IDS",
    "decode_log",
    "diagnose",
    "format_findings",
    "guess_platform",
    "has_errors",
    "tf_version_from_log",
]

CONTEXT = "diagnose"
MAX_EVIDENCE = 5  # lines kept per finding (count says how many matched)
MAX_COUNT = 10_000  # matches counted per rule at most (count is then a lower bound)
MAX_LINE_CHARS = 400  # evidence text is cut around the match beyond this
RULE_IDS: tuple[str, ...] = tuple(r.id for r in ALL_RULES)
_SEVERITY_ORDER = {"error": 0, "warning": 1, "harmless": 2}
_LIST_FIELDS = ("lib",)  # pattern groups whose distinct values are all named (", "-joined)

# glog / TF prefix: "2024-03-09 19:15:45.018171: W tensorflow/core/....cc:210] message"
# absl prefix (TF >= 2.17): "W0000 00:00:1753232013.685876   24341 gpu_device.cc:2431] message"
# Ray-style prefixes such as "(pid=88631) " are skipped first.
_PREFIX = re.compile(
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
class Finding:
    rule_id: str
    severity: str  # "error" | "warning" | "harmless"
    title: str
    explanation: str
    fix: str
    evidence: list[Evidence] = field(default_factory=list)
    rank: int = 0
    sources: list[str] = field(default_factory=list)
    symptom_of: str | None = None
    count: int = 0
    platform: str = "linux"
    priority: int = 0

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


# ------------------------------------------------------------------------------- helpers


def decode_log(data: bytes) -> str:
    """Bytes of a log file -> text, never raising: byte-order marks, UTF-16 without a BOM, UTF-8,
    then GB18030/GBK (a Chinese Windows console's ``>``), then the locale's encoding
    (``core.diagnose.textdecode``)."""
    return decode_bytes(data)


_TF_VERSION = (
    re.compile(r"Tensor ?Flow(?: [Vv]ersion)?\s{0,3}[:=]?\s{0,3}v?(\d+\.\d+(?:\.\d+)?)\b"),
    re.compile(r"\btensorflow(?:[-_](?:cpu|gpu|intel|macos))?[-_](\d+\.\d+(?:\.\d+)?)\.dist-info"),
    re.compile(r"\btf\.__version__\W{0,10}(\d+\.\d+(?:\.\d+)?)\b"),
    re.compile(r"Successfully installed [^\r\n]{0,2000}?\btensorflow-(\d+\.\d+(?:\.\d+)?)\b"),
)


def tf_version_from_log(text: str) -> str | None:
    """The TensorFlow version printed in a log ("Tensor Flow Version: 2.12.0", "TensorFlow version
    2.16", ``site-packages/tensorflow-2.12.0.dist-info``, pip's "Successfully installed ...
    tensorflow-2.15.0"), or None."""
    for pat in _TF_VERSION:
        m = pat.search(text[:5_000_000])
        if m:
            return m.group(1)
    return None


def _has_drive_path(text: str) -> bool:
    """A Windows path such as ``C:\\Users`` somewhere in the text (plain ``find``: linear and fast)."""
    i = text.find(":\\")
    checked = 0
    while i > 0 and checked < 10_000:
        if text[i - 1].isascii() and text[i - 1].isalpha() and (i < 2 or not text[i - 2].isalnum()):
            return True
        i = text.find(":\\", i + 2)
        checked += 1
    return False


def guess_platform(text: str) -> str:
    """Best guess of the platform a log comes from (used when the caller does not say)."""
    if "/usr/lib/wsl/" in text or "WSL" in text or "\\lxss\\" in text:
        return "wsl2"
    if ".dll" in text or ".DLL" in text or "nvcuda" in text or _has_drive_path(text):
        return "windows"
    return "linux"


def _normalise_platform(platform: str | None) -> str | None:
    if not platform:
        return None
    p = platform.strip().lower()
    if p in ("win", "win32", "windows", "nt"):
        return "windows"
    if p in ("wsl", "wsl2"):
        return "wsl2"
    if p in ("mac", "macos", "darwin", "osx"):
        return "macos"
    if p in PLATFORMS:
        return p
    return "linux"


_compiled: dict[str, list[re.Pattern[str]]] | None = None


def _patterns() -> dict[str, list[re.Pattern[str]]]:
    global _compiled
    if _compiled is None:
        _compiled = {r.id: [re.compile(p) for p in r.patterns] for r in RULES}
    return _compiled


class _Lines:
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


def _line_at(text: str, start: int, end: int) -> str:
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


def _evidence(lineno: int, line: str) -> Evidence:
    m = _PREFIX.match(line)
    if m:
        return Evidence(
            lineno, line, line[m.end() :].strip(), m.group("l1") or m.group("l2") or m.group("l3") or ""
        )
    return Evidence(lineno, line, line.strip(), "")


@dataclass
class _Hit:
    rule: Rule
    evidence: list[Evidence] = field(default_factory=list)
    count: int = 0
    values: dict[str, str] = field(default_factory=dict)
    lines: set[int] = field(default_factory=set)


_DEP = re.compile(r"(lib[\w.+-]{1,120}?\.so[\w.]{0,20}|[\w.+-]{1,120}\.dll): cannot open shared object file")


def _scan(text: str) -> dict[str, _Hit]:
    hits: dict[str, _Hit] = {}
    cursor = _Lines(text)
    for rule in RULES:
        pats = _patterns()[rule.id]
        if not pats:
            continue
        hit = _Hit(rule)
        for pat in pats:
            cursor.pos, cursor.line = 0, 1
            for m in pat.finditer(text):
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
                        hit.evidence.append(_evidence(lineno, _line_at(text, m.start(), m.end())))
                elif hit.count >= MAX_COUNT:
                    break  # enough to know; keeps a flood of one line from dominating the time
        if hit.count:
            hit.evidence.sort(key=lambda e: e.line)
            hits[rule.id] = hit
    return hits


_TRACEBACK = re.compile(r"Traceback \(most recent call last\):")
_EXC_LINE = re.compile(r"^(?:[A-Za-z_][\w.]*\.)?[A-Za-z_]\w*(?:Error|Exception|Exit|Interrupt|Failure)\b")


def _final_exceptions(text: str, limit: int = 200) -> list[tuple[int, str, str]]:
    """(line number, exception line, exception block) ending each traceback: the first line after the
    ``Traceback`` header that is not indented and not a TensorFlow log line."""
    out: list[tuple[int, str]] = []
    cursor = _Lines(text)
    for m in _TRACEBACK.finditer(text):
        if len(out) >= limit:
            break
        pos = text.find("\n", m.end())
        steps = 0
        while 0 <= pos < len(text) and steps < 2000:
            steps += 1
            start = pos + 1
            end = text.find("\n", start)
            end = len(text) if end < 0 else end
            raw = text[start : min(end, start + 2000)].rstrip("\r")
            pos = end if end < len(text) else -1
            if not raw.strip() or raw[:1] in (" ", "\t") or _PREFIX.match(raw) or raw.startswith(">"):
                continue
            stripped = raw.strip()
            if _EXC_LINE.match(stripped):
                # the exception's own continuation lines (indented), e.g. "  (0) Unknown: ..."
                tail = text[start : min(len(text), start + 4000)].split("\n")[1:20]
                block = [stripped]
                for extra in tail:
                    if not extra.strip() or extra[:1] not in (" ", "\t"):
                        break
                    block.append(extra.strip())
                out.append((cursor.line_of(start), stripped[:MAX_LINE_CHARS], "\n".join(block)))
            break
    return out


def _explained(line: str) -> bool:
    """Whether some rule recognises this (exception) line."""
    return any(p.search(line) for pats in _patterns().values() for p in pats)


def _version_tuple(v: Any) -> tuple[int, ...] | None:
    """major.minor of a version (``core.versions.release``, packaging's parser); None when there is none."""
    from tfgpu_wizard.core.versions import release

    return release(v)[:2] or None


class _SafeDict(dict):
    def __missing__(self, key: str) -> str:
        return "?"


def _fmt(template: str, lang: str | None, values: dict[str, str]) -> str:
    text = tr(CONTEXT, template, lang)
    try:
        return text.format_map(_SafeDict(values))
    except (ValueError, IndexError):  # a stray brace in a translation: show it unformatted
        return text


# import name -> pip package, for the few common ones that differ
_PIP_NAMES = {
    "cv2": "opencv-python",
    "PIL": "Pillow",
    "sklearn": "scikit-learn",
    "yaml": "PyYAML",
    "google.protobuf": "protobuf",
    "tensorflow_hub": "tensorflow-hub",
    "tensorflow_datasets": "tensorflow-datasets",
}


def _fix_template(rule: Rule, platform: str, tfv: tuple[int, ...] | None) -> str:
    """The rule's fix for this platform, or for this TensorFlow version where the rule has one."""
    if rule.id == "dlopen-failed" and platform in ("linux", "wsl2") and tfv:
        if tfv >= (2, 17):
            return rule.fix["tf217"]
        if tfv[:2] == (2, 16):
            return rule.fix["tf216"]
    return rule.fix_for(platform)


# Rules whose advice depends on whether this machine has a working NVIDIA driver: their explanation starts
# from the host's fact when the caller knows it (``has_driver`` / the context's ``driver_present`` and
# ``host_fact``, see core.diagnose.verdict.diagnosis_context).
_DRIVER_DEPENDENT = frozenset({"cuda-drivers-not-found", "no-gpu-visible", "dlopen-failed", "missing-library"})
_NO_GPU_FACTS = frozenset({"no-nvidia-gpu"})
_NO_DRIVER_FACTS = frozenset({"no-driver", "driver-missing"})


def _host_lead(rule_id: str, has_driver: bool | None, fact: str | None, driver_cuda: str | None,
               lang: str | None) -> str | None:
    """The first sentence of a driver-dependent finding: what this machine has (None when unknown)."""
    if rule_id not in _DRIVER_DEPENDENT:
        return None
    if fact in _NO_GPU_FACTS:
        return tr(CONTEXT, "This computer has no NVIDIA GPU, so TensorFlow uses the CPU here, which is expected: "
                           "no CUDA library changes that.", lang)
    if has_driver is False or fact in _NO_DRIVER_FACTS:
        return tr(CONTEXT, "This computer has no working NVIDIA driver, so TensorFlow cannot use a GPU whatever "
                           "CUDA libraries are installed: install the driver first.", lang)
    if fact == "cpu-wheel" and rule_id in ("cuda-drivers-not-found", "no-gpu-visible"):
        return tr(CONTEXT, "This TensorFlow is a CPU-only build, so it cannot use the GPU whatever the driver: "
                           "install the GPU build (`tensorflow[and-cuda]`).", lang)
    if has_driver is True and fact in (None, "libraries"):
        if driver_cuda:
            return tr(CONTEXT, "The NVIDIA driver works on this computer (CUDA {cuda}), so the driver is not the "
                               "cause: TensorFlow's CUDA libraries are.", lang).format(cuda=driver_cuda)
        return tr(CONTEXT, "The NVIDIA driver works on this computer, so the driver is not the cause: "
                           "TensorFlow's CUDA libraries are.", lang)
    return None


def _make(
    rule: Rule, hit: _Hit | None, platform: str, lang: str | None, tfv: tuple[int, ...] | None = None,
    lead: str | None = None,
) -> Finding:
    values = dict(rule.defaults)
    if hit:
        values.update(hit.values)
    if rule.id == "out-of-memory" and values.get("shape"):
        values["shape"] = values["shape"] + " "
    if rule.id == "python-package-missing" and values.get("module"):
        mod = values["module"]
        top = mod if mod in _PIP_NAMES else mod.split(".")[0]
        values["package"] = _PIP_NAMES.get(top, top)
    fix = _fmt(_fix_template(rule, platform, tfv), lang, values)
    return Finding(
        rule_id=rule.id,
        severity=rule.severity,
        title=_fmt(rule.title, lang, values),
        explanation=((lead + " ") if lead else "") + _fmt(rule.explanation, lang, values).replace("  ", " "),
        fix=fix,
        evidence=list(hit.evidence) if hit else [],
        sources=list(rule.sources),
        count=hit.count if hit else 0,
        platform=platform,
        priority=rule.priority,
    )


# ------------------------------------------------------------------------------- the engine


_MEM_PAIR = re.compile(
    r"(?:Total memory|totalMemory):\s{0,3}(?P<total>\d+(?:\.\d+)?)\s?(?P<tu>[KMGT])i?B"
    r"[\s\S]{0,80}?(?:Free memory|freeMemory):\s{0,3}(?P<free>\d+(?:\.\d+)?)\s?(?P<fu>[KMGT])i?B"
)
_UNIT = {"K": 1 / 1024, "M": 1.0, "G": 1024.0, "T": 1024.0 * 1024}


def _memory_taken(text: str, cursor_text: str) -> _Hit | None:
    """The GPU was mostly full before TensorFlow started (free < 25 % of total): the
    "Free memory" that older TensorFlow prints next to the device it found."""
    for m in _MEM_PAIR.finditer(text):
        total = float(m.group("total")) * _UNIT[m.group("tu")]
        free = float(m.group("free")) * _UNIT[m.group("fu")]
        if total > 0 and free < 0.25 * total:
            line = cursor_text.count("\n", 0, m.start("free")) + 1
            ev = _evidence(line, _line_at(text, m.start("free"), m.end("free")))
            values = {
                "free": f"{m.group('free')} {m.group('fu')}iB",
                "total": f"{m.group('total')} {m.group('tu')}iB",
            }
            return _Hit(GPU_MEMORY_TAKEN, [ev], 1, values)
    return None


_DRIVER_LEVEL = {"driver-library-mismatch", "driver-not-loaded", "driver-too-old", "driver-library-missing"}


def diagnose(
    text: str,
    platform: str | None = None,
    context: dict[str, Any] | None = None,
    *,
    tf_version: str | None = None,
    has_driver: bool | None = None,
    lang: str | None = None,
) -> list[Finding]:
    """Findings for a log, ranked (``rank`` 1 first). See the module docstring.

    What the caller knows about the host makes the advice exact; every fact is optional:

    - ``platform``: "linux" | "windows" | "wsl2" | "macos" (else ``context["platform"]``, else
      guessed from paths in the log);
    - ``tf_version``: e.g. "2.21.0" (else ``context["tf_version"]``, else read from the log);
    - ``has_driver``: whether a working NVIDIA driver was detected (``False`` makes a missing
      driver the root cause of an empty GPU list); else ``context["has_driver"]`` or
      ``context["driver_present"]`` (what ``core.diagnose.verdict.diagnosis_context`` sets).

    Findings whose advice depends on the driver (CUDA libraries not found, no GPU visible, a library
    that did not load) start their explanation from the host's fact when it is known: no NVIDIA GPU,
    no working driver, a CPU-only TensorFlow (``context["host_fact"]``), or a working driver.
    """
    context = dict(context or {})
    if isinstance(text, bytes):  # be forgiving: callers sometimes pass raw stderr
        text = decode_log(text)
    text = text or ""
    plat = (
        _normalise_platform(platform) or _normalise_platform(context.get("platform")) or guess_platform(text)
    )
    tf_version = tf_version or context.get("tf_version") or tf_version_from_log(text)
    if has_driver is None:
        has_driver = context.get("has_driver", context.get("driver_present"))
    fact = context.get("host_fact")
    if has_driver is None and fact in _NO_DRIVER_FACTS | _NO_GPU_FACTS:
        has_driver = False

    hits = _scan(text)
    by_id = {r.id: r for r in ALL_RULES}

    # context: a probe that counted zero GPUs is the same symptom as a printed "[]"
    if context.get("gpu_count") == 0 and "no-gpu-visible" not in hits:
        hits["no-gpu-visible"] = _Hit(by_id["no-gpu-visible"])

    # derived: no working driver on this host (the caller detected it) explains an empty GPU list
    if has_driver is False and not _DRIVER_LEVEL & hits.keys() and "command-not-found" not in hits:
        gpu_hits = [h for k, h in hits.items() if k in by_id["driver-not-loaded"].explains]
        if gpu_hits:
            hits["driver-not-loaded"] = _Hit(
                by_id["driver-not-loaded"], list(gpu_hits[0].evidence), max(gpu_hits[0].count, 1)
            )

    # derived: native Windows with TF >= 2.11 (no CUDA DLL is even tried, the GPU list is just empty)
    tfv = _version_tuple(tf_version) if tf_version else None
    if (
        plat == "windows"
        and "no-gpu-visible" in hits
        and not {"missing-library", "dlopen-failed", "gpu-device-created"} & hits.keys()
        and (tfv is None or tfv >= (2, 11))
    ):
        src = hits["no-gpu-visible"]
        hits["windows-native-no-gpu"] = _Hit(
            by_id["windows-native-no-gpu"], list(src.evidence), max(src.count, 1)
        )

    # derived: out of memory at start-up because the GPU was already full
    if {"out-of-memory", "cudnn-init-failed", "dnn-library-not-found"} & hits.keys():
        taken = _memory_taken(text, text)
        if taken:
            hits[GPU_MEMORY_TAKEN.id] = taken

    # the final exception of each traceback: explained by a rule, or reported as it is
    covered = {e.line for h in hits.values() for e in h.evidence}
    unexplained = [
        (n, line)
        for n, line, block in _final_exceptions(text)
        if not covered & set(range(n, n + block.count("\n") + 1)) and not _explained(block)
    ]
    if unexplained:
        n, line = unexplained[-1]
        hit = _Hit(PYTHON_EXCEPTION, [_evidence(n, line)], len(unexplained), {"exception": line[:200]})
        hits[PYTHON_EXCEPTION.id] = hit

    # derived: only harmless lines -> say so, and that the error (if any) was not pasted
    if hits and all(h.rule.severity == "harmless" for h in hits.values()):
        last = max((e for h in hits.values() for e in h.evidence), key=lambda e: e.line)
        hits[ONLY_HARMLESS.id] = _Hit(ONLY_HARMLESS, [last], 1)

    findings = [
        _make(h.rule, h, plat, lang, tfv,
              _host_lead(h.rule.id, has_driver, fact, context.get("driver_cuda"), lang))
        for h in hits.values()
    ]

    # symptoms: explained by a present, more fundamental, non-harmless finding
    for f in sorted(findings, key=lambda x: x.priority):
        for other in sorted(findings, key=lambda x: x.priority):
            if other is f or other.severity == "harmless" or other.symptom_of:
                continue
            if f.rule_id in by_id[other.rule_id].explains and other.priority < f.priority:
                f.symptom_of = other.rule_id
                break

    def key(f: Finding) -> tuple:
        first = f.evidence[0].line if f.evidence else 0
        return (
            f.severity == "harmless",
            f.symptom_of is not None,
            f.priority,
            _SEVERITY_ORDER[f.severity],
            first,
        )

    findings.sort(key=key)
    for i, f in enumerate(findings, 1):
        f.rank = i
    return findings


def has_errors(findings: list[Finding]) -> bool:
    return any(f.severity == "error" for f in findings)


def unknowns(text: str, findings: list[Finding], context: dict[str, Any] | None = None,
             lang: str | None = None) -> list[str]:
    """What the diagnosis could not tell from this text (translated): the error itself when only harmless
    lines matched, the TensorFlow version when neither the log nor the context has it, the platform when it
    was guessed from the log."""
    ctx = context or {}
    out = []
    if not any(f.severity in ("error", "warning") for f in findings):
        out.append(tr(CONTEXT, "The error itself: it is not in the pasted text.", lang))
    if not ctx.get("tf_version") and not tf_version_from_log(text):
        out.append(tr(CONTEXT, "Which TensorFlow version wrote it: the log does not print it.", lang))
    if not ctx.get("platform"):
        out.append(tr(CONTEXT, "The platform: it was guessed from paths in the log.", lang))
    return out


def format_findings(findings: list[Finding], show_harmless: bool = False, lang: str | None = None) -> str:
    """Plain-text report (what the CLI prints). Harmless findings are always listed, so a beginner
    sees that the scary line is known, but explained in full only with ``show_harmless``."""
    labels = {
        "error": tr(CONTEXT, "ERROR", lang),
        "warning": tr(CONTEXT, "WARNING", lang),
        "harmless": tr(CONTEXT, "HARMLESS", lang),
    }
    if not findings:
        return tr(CONTEXT, "No known problem found in this log.", lang) + "\n"
    rank_of = {f.rule_id: f.rank for f in findings}
    out: list[str] = []
    for f in findings:
        full = f.severity != "harmless" or show_harmless or f.rule_id == ONLY_HARMLESS.id
        head = f"{f.rank}. [{labels[f.severity]}] {f.title}"
        if f.symptom_of:
            head += "  " + tr(CONTEXT, "(a consequence of #{n})", lang).format(
                n=rank_of.get(f.symptom_of, "?")
            )
        out.append(head)
        if full:
            out.append("   " + tr(CONTEXT, "Why:", lang) + " " + f.explanation)
            out.append("   " + tr(CONTEXT, "Fix:", lang) + " " + f.fix)
        shown = f.evidence[: 3 if full else 1]
        for e in shown:
            out.append("   " + tr(CONTEXT, "line {n}:", lang).format(n=e.line) + " " + (e.message or e.text))
        if f.count > len(shown):
            out.append("   " + tr(CONTEXT, "({n} matching lines in all)", lang).format(n=f.count))
        if full and f.sources and f.severity != "harmless":
            out.append("   " + tr(CONTEXT, "See:", lang) + " " + " ".join(f.sources[:2]))
        out.append("")
    return "\n".join(out).rstrip("\n") + "\n"
