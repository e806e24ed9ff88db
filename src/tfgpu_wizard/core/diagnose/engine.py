"""Diagnosis: turn TensorFlow / CUDA loader / driver / pip output into ranked, plain-language findings.

Qt-free and TensorFlow-free, cheap to import (the standard library only; the rules are data, read from
resources/diagnosis/rules.json; patterns are compiled on first use). Feed it anything: the verification
probe's or the sample's stderr, pip's output, a log a user pasted, an issue template.

Public API (stable)::

    from tfgpu_wizard.core.diagnose.engine import diagnose, Finding, format_findings

    findings = diagnose(text, platform=None, context=None, lang=None)
    for f in findings:            # already ranked: root causes first, harmless noise last
        f.rule_id                 # stable id, e.g. "missing-library" (resources/diagnosis/rules.json)
        f.severity                # "error" | "warning" | "info" | "harmless"
        f.title, f.explanation    # translated (lang, else the current language of core.i18n)
        f.fix                     # for this platform ("linux" | "windows" | "wsl2" | "macos") and situation
        f.evidence                # [Evidence(line=12, text="...", message="...", level="W"), ...]
        f.count                   # how many lines matched (evidence keeps the first few)
        f.rank                    # 1 = look at this first
        f.symptom_of              # rule id of the root cause this is a consequence of, or None
        f.sources                 # issue / documentation links
        f.to_dict()               # JSON-ready

    report = diagnose_report(text, ...)    # the findings plus what the log could not tell:
    report.findings, report.notes          # notes: [Note(code="no-tf-lines", text="..."), ...]
    report.facts                           # LogFacts read from the log (versions, platform, environment)
    has_errors(findings) -> bool
    format_findings(findings, show_harmless=False, lang=None) -> str   # the CLI's text
    decode_log(data: bytes) -> str                            # BOM-aware, never raises
    read_log(path) -> LogText                                 # a file of any size, decoded, never the whole
                                                              #   file in memory when it is huge
    guess_platform(text) -> "linux" | "windows" | "wsl2" | "macos"
    RULE_IDS                                                  # every rule id

What the caller knows makes the advice exact (every key optional; keywords win over ``context``):

- ``platform`` ("linux" | "windows" | "wsl2" | "macos"; else ``context["platform"]``, else read from the log);
- ``tf_version`` (else ``context["tf_version"]``, else read from the log);
- ``has_driver`` (else ``context["has_driver"]`` / ``context["driver_present"]``): False makes a missing
  driver the root of an empty GPU list;
- ``context["gpu_count"] == 0``: the probe counted no GPU (the "TensorFlow sees no GPU" symptom);
- ``context["host_fact"]``: a ``core.diagnose.verdict.host_fact`` code. With ``"no-nvidia-gpu"`` or
  ``"no-driver"`` (or ``context["expect_cpu"]``: a CPU install that is meant to run on the CPU), the messages
  a machine without an NVIDIA GPU always prints ("Could not find cuda drivers", "failed call to cuInit", a
  missing libcudart, an empty GPU list) are findings of severity ``info``, not errors: expected there;
- ``context["pip_cuda_wheels"]``: pip's NVIDIA CUDA wheels are installed in that Python (then a CUDA library
  that does not load is a loader-path problem, not a missing install).
``core.diagnose.verdict.diagnosis_context(report, host, expect_cpu=...)`` builds this context.

Ranking: every rule has a priority (driver/library mismatch first, then cuInit, ... down to the "no GPU"
symptom); a finding explained by another finding in the same log (e.g. "Cannot dlopen some GPU libraries"
after "Could not load dynamic library 'libcudnn.so.8'") is marked ``symptom_of`` and ranked after all root
causes; ``info`` findings come after errors and warnings, harmless lines last.

Cost: linear in the size of the log. A log over ``MAX_SCAN_CHARS`` is read at its start and its end (where
TensorFlow's start-up lines and the error are) and the report says so; line numbers stay those of the file.
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any

from tfgpu_wizard.core.diagnose.facts import (
    LogFacts,
    decode_entities,
    read_facts,
    strip_worker_prefixes,
    version_tuple,
)
from tfgpu_wizard.core.diagnose.families import DERIVATIONS, Work
from tfgpu_wizard.core.diagnose.rules import (
    ALL_RULES,
    BY_ID,
    GPU_MEMORY_TAKEN,
    ONLY_HARMLESS,
    PYTHON_EXCEPTION,
    Rule,
)
from tfgpu_wizard.core.diagnose.scan import (
    MAX_COUNT,
    MAX_EVIDENCE,
    MAX_LINE_CHARS,
    Evidence,
    Hit,
    evidence,
    explained,
    line_at,
    scan,
    tracebacks,
)
from tfgpu_wizard.core.diagnose.textdecode import decode_bytes, detect_encoding
from tfgpu_wizard.core.i18n import tr

__all__ = [
    "DiagnosisReport",
    "Evidence",
    "Finding",
    "LogText",
    "MAX_COUNT",
    "MAX_EVIDENCE",
    "MAX_LINE_CHARS",
    "Note",
    "RULE_IDS",
    "decode_log",
    "diagnose",
    "diagnose_report",
    "format_findings",
    "guess_platform",
    "has_errors",
    "read_log",
    "tf_version_from_log",
]

CONTEXT = "diagnose"
RULE_IDS: tuple[str, ...] = tuple(r.id for r in ALL_RULES)
_SEVERITY_ORDER = {"error": 0, "warning": 1, "info": 2, "harmless": 3}

# A log longer than this is read at its start and its end only (TensorFlow's start-up lines come first, the
# error last); what lies between is counted (its lines) but not searched. 12 M characters (about 150,000 lines)
# keep the answer within the time a 50 MB log took before (benchmarks/bench_diagnose_large.py). Text that is
# mostly binary data is searched over a smaller window still.
MAX_SCAN_CHARS = 12_000_000
MAX_SCAN_CHARS_BINARY = 4_000_000
_HEAD_CHARS = 3_000_000
# read_log: bytes of a file read at its start and end when it is larger than this (a little more than the
# characters searched: the lines between are counted, not decoded)
MAX_READ_BYTES = 16_000_000
_HEAD_BYTES = 4_000_000


@dataclass
class Finding:
    rule_id: str
    severity: str  # "error" | "warning" | "info" | "harmless"
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


@dataclass
class Note:
    """Something the diagnosis could not tell from the text (code: stable; text: translated)."""

    code: str  # empty | binary | truncated | no-tf-lines | no-error | tf-version | platform
    text: str


@dataclass
class DiagnosisReport:
    findings: list[Finding]
    notes: list[Note]
    facts: LogFacts
    platform: str
    platform_from: str  # "caller" | "template" | "log" | "default"
    tf_version: str | None
    lines: int  # lines in the whole text
    skipped_lines: int = 0  # lines between the start and the end that were not searched (a huge log)

    def to_dict(self) -> dict[str, Any]:
        return {
            "platform": self.platform,
            "platform_from": self.platform_from,
            "tf_version": self.tf_version,
            "lines": self.lines,
            "skipped_lines": self.skipped_lines,
            "notes": [asdict(n) for n in self.notes],
            "facts": self.facts.to_dict(),
            "findings": [f.to_dict() for f in self.findings],
        }


@dataclass
class LogText:
    """A log file read by ``read_log``: its text (start and end only, for a huge file), how it was decoded,
    and the lines left out between them."""

    text: str
    encoding: str
    size: int  # bytes of the file
    gap: tuple[int, int] | None = None  # (the line after which lines were left out, how many)


# ------------------------------------------------------------------------------- reading


def decode_log(data: bytes) -> str:
    """Bytes of a log file -> text, never raising: byte-order marks, UTF-16 without a BOM, UTF-8,
    then GB18030/GBK (a Chinese Windows console's ``>``), then the locale's encoding
    (``core.diagnose.textdecode``)."""
    return decode_bytes(data)


def read_log(path: str | Path, max_bytes: int = MAX_READ_BYTES) -> LogText:
    """A log file as text, never holding more than ``max_bytes`` of it: a larger file is read at its start and
    its end (the lines between are counted, not kept). Raises OSError when the file cannot be read."""
    p = Path(path)
    size = p.stat().st_size
    with open(p, "rb") as fh:
        if size <= max_bytes:
            data = fh.read()
            return LogText(decode_bytes(data), detect_encoding(data), size)
        head_n = min(_HEAD_BYTES, max_bytes // 4)
        tail_n = max_bytes - head_n
        head = fh.read(head_n)
        enc = detect_encoding(head)
        if enc == "utf-8" and head.isascii():  # plain ASCII so far: the end may say which encoding it is
            fh.seek(size - min(tail_n, 4_000_000))
            enc_tail = detect_encoding(fh.read()[1:])
            enc = enc if enc_tail in ("utf-8", "utf-8-replace") else enc_tail
        wide = enc.startswith("utf-16")
        nl = "\n".encode(enc if wide else "utf-8")
        # cut both parts at a line end, so no line is split (and UTF-16 stays on whole code units)
        cut = head.rfind(nl)
        if cut > 0:
            head = head[: cut + len(nl)]
        skipped = 0
        pos = len(head)
        fh.seek(pos)
        middle_end = size - tail_n
        while pos < middle_end:
            chunk = fh.read(min(8_000_000, middle_end - pos))
            if not chunk:
                break
            skipped += chunk.count(nl)
            pos += len(chunk)
        fh.seek(middle_end)
        tail = fh.read()
        first = tail.find(nl)
        if first >= 0:
            skipped += 1
            tail = tail[first + len(nl) :]
    if enc in ("utf-16-le", "utf-16-be", "utf-8-sig") and head[:3] == b"\xef\xbb\xbf":
        head = head[3:]
    if enc.startswith("utf-16") and head[:2] in (b"\xff\xfe", b"\xfe\xff"):
        head = head[2:]
    codec = {"utf-8-sig": "utf-8", "utf-8-replace": "utf-8"}.get(enc, enc)
    text_head = head.decode(codec, errors="replace")
    text_tail = tail.decode(codec, errors="replace")
    return LogText(text_head + text_tail, enc, size, (text_head.count("\n"), skipped))


_TF_VERSION_RE = (
    re.compile(r"Tensor ?Flow(?: [Vv]ersion)?\s{0,3}[:=]?\s{0,3}v?(\d+\.\d+(?:\.\d+)?)\b"),
    re.compile(r"\btensorflow(?:[-_](?:cpu|gpu|intel|macos))?[-_](\d+\.\d+(?:\.\d+)?)\.dist-info"),
    re.compile(r"\btf\.__version__\W{0,10}(\d+\.\d+(?:\.\d+)?)\b"),
    re.compile(r"Successfully installed [^\r\n]{0,2000}?\btensorflow-(\d+\.\d+(?:\.\d+)?)\b"),
)


def tf_version_from_log(text: str) -> str | None:
    """The TensorFlow version printed in a log ("Tensor Flow Version: 2.12.0", "TensorFlow version
    2.16", ``site-packages/tensorflow-2.12.0.dist-info``, pip's "Successfully installed ...
    tensorflow-2.15.0", ``tensorflow==2.15.0``, a pasted issue template's "TensorFlow version"), or None."""
    for pat in _TF_VERSION_RE:
        m = pat.search(text[:5_000_000])
        if m:
            return m.group(1)
    return read_facts(text[:5_000_000]).tf_version


def guess_platform(text: str) -> str:
    """Best guess of the platform a log comes from (used when the caller does not say): WSL's paths, an issue
    template's OS, macOS paths and wheel names, Windows paths and DLL names; Linux otherwise."""
    return read_facts(text[:5_000_000]).platform or "linux"


def _normalise_platform(platform: str | None) -> str | None:
    if not platform:
        return None
    p = str(platform).strip().lower()
    if p in ("win", "win32", "windows", "nt"):
        return "windows"
    if p in ("wsl", "wsl2"):
        return "wsl2"
    if p in ("mac", "macos", "darwin", "osx"):
        return "macos"
    return "linux"


def _binary_share(text: str) -> float:
    """Share of characters in samples of the text that no log holds: U+FFFD and control characters."""
    if not text:
        return 0.0
    n = len(text)
    samples = [text[:20_000]]
    if n > 60_000:
        samples += [text[n // 2 : n // 2 + 20_000], text[-20_000:]]
    bad = total = 0
    for s in samples:
        total += len(s)
        bad += s.count("\ufffd") + sum(1 for c in s if c < " " and c not in "\t\n\r\x1b\x0c")
    return bad / max(total, 1)


def _version_tuple(v: Any) -> tuple[int, ...] | None:
    """major.minor of a version (``core.versions.release``, packaging's parser); None when there is none."""
    return (version_tuple(v) or ())[:2] or None


# ------------------------------------------------------------------------------- findings


class _SafeDict(dict):
    def __missing__(self, key: str) -> str:
        return "?"


def _fmt(text: Any, lang: str | None, values: dict[str, str]) -> str:
    s = Rule.say(text, lang) if isinstance(text, dict) else tr(CONTEXT, str(text), lang)
    try:
        return s.format_map(_SafeDict(values))
    except (ValueError, IndexError):  # a stray brace in a translation: show it unformatted
        return s


# import name -> pip package, for the common ones that differ
_PIP_NAMES = {
    "cv2": "opencv-python",
    "PIL": "Pillow",
    "sklearn": "scikit-learn",
    "yaml": "PyYAML",
    "google.protobuf": "protobuf",
    "tensorflow_hub": "tensorflow-hub",
    "tensorflow_datasets": "tensorflow-datasets",
    "tensorflow_probability": "tensorflow-probability",
    "tensorflow_addons": "tensorflow-addons",
    "tensorflow_text": "tensorflow-text",
    "tf_keras": "tf-keras",
    "keras_nlp": "keras-nlp",
    "keras_hub": "keras-hub",
    "keras_cv": "keras-cv",
    "absl": "absl-py",
    "ml_dtypes": "ml-dtypes",
    "skimage": "scikit-image",
    "Bio": "biopython",
    "dotenv": "python-dotenv",
}

_NO_GPU_FACTS = frozenset({"no-nvidia-gpu"})
_NO_DRIVER_FACTS = frozenset({"no-driver", "driver-missing", "driver-needs-reboot", "driver-not-loaded",
                              "driver-no-permission", "driver-failed", "driver-no-devices"})
_CPU_EXPECTED = frozenset({"no-nvidia-gpu", "no-driver", "expect-cpu"})


def _host_lead(rule: Rule, has_driver: bool | None, fact: str | None, driver_cuda: str | None,
               lang: str | None) -> str | None:
    """The first sentence of a finding whose advice depends on the machine: what this machine has."""
    if not rule.host_lead:
        return None
    if fact in _NO_GPU_FACTS:
        return tr(CONTEXT, "This computer has no NVIDIA GPU, so TensorFlow uses the CPU here, which is expected: "
                           "no CUDA library changes that.", lang)
    if fact == "expect-cpu":
        return tr(CONTEXT, "This is a CPU installation, so TensorFlow is meant to run on the CPU: this message is "
                           "expected.", lang)
    if fact in _NO_DRIVER_FACTS and fact not in ("no-driver", "driver-missing"):
        # The driver is installed but not working (needs a restart, not loaded, ...): reinstalling is wrong advice.
        return tr(CONTEXT, "The NVIDIA driver on this computer is installed but not working right now, so "
                           "TensorFlow cannot use a GPU whatever CUDA libraries are installed: fix the driver first "
                           "(`tfgpu-wizard doctor` says what it needs; after a driver update, a restart).", lang)
    if has_driver is False or fact in _NO_DRIVER_FACTS:
        if fact == "no-driver":
            return tr(CONTEXT, "This computer has no working NVIDIA driver or GPU, so TensorFlow uses the CPU "
                               "here, which is expected.", lang)
        return tr(CONTEXT, "This computer has no working NVIDIA driver, so TensorFlow cannot use a GPU whatever "
                           "CUDA libraries are installed: install the driver first.", lang)
    if rule.host_lead != "all":
        return None
    if fact == "cpu-wheel" and rule.id in ("cuda-drivers-not-found", "no-gpu-visible"):
        return tr(CONTEXT, "This TensorFlow is a CPU-only build, so it cannot use the GPU whatever the driver: "
                           "install the GPU build (`tensorflow[and-cuda]`).", lang)
    if has_driver is True and fact in (None, "libraries"):
        if driver_cuda:
            return tr(CONTEXT, "The NVIDIA driver works on this computer (CUDA {cuda}), so the driver is not the "
                               "cause: TensorFlow's CUDA libraries are.", lang).format(cuda=driver_cuda)
        return tr(CONTEXT, "The NVIDIA driver works on this computer, so the driver is not the cause: "
                           "TensorFlow's CUDA libraries are.", lang)
    return None


def _values(hit: Hit, facts: LogFacts, tf_version: str | None) -> dict[str, str]:
    rule = hit.rule
    values = dict(rule.defaults)
    values.update({k: v for k, v in hit.values.items() if v != ""})
    if rule.id == "out-of-memory" and values.get("shape"):
        values["shape"] = values["shape"] + " "
    if rule.id == "python-package-missing" and values.get("module"):
        mod = values["module"]
        top = mod if mod in _PIP_NAMES else mod.split(".")[0]
        values["package"] = _PIP_NAMES.get(top, top)
    values.setdefault("tf", tf_version or "?")
    tfv = version_tuple(tf_version)
    # Keras 2 for this TensorFlow: tf-keras of the same minor version (TF 2.16 and newer)
    values.setdefault("tf_keras_req", f"tf-keras~={tfv[0]}.{tfv[1]}.0" if tfv and len(tfv) >= 2 and tfv >= (2, 16)
                      else "tf-keras")
    if facts.python_version:
        values.setdefault("python", facts.python_version)
    return values


def _make(hit: Hit, situation: dict[str, Any], lang: str | None, lead: str | None, facts: LogFacts) -> Finding:
    rule = hit.rule
    values = _values(hit, facts, situation.get("tf_version"))
    sit = dict(situation, values=values)
    key = rule.fix_key(sit)
    variant = rule.variants.get(key, {})
    return Finding(
        rule_id=rule.id,
        severity=rule.severity_for(sit),
        title=_fmt(variant.get("title", rule.title), lang, values),
        explanation=((lead + " ") if lead else "")
        + _fmt(variant.get("explanation", rule.explanation), lang, values).replace("  ", " "),
        fix=_fmt(rule.fix[key], lang, values),
        evidence=list(hit.evidence),
        sources=list(rule.sources),
        count=hit.count,
        platform=situation["platform"],
        priority=rule.priority,
    )


# ------------------------------------------------------------------------------- the engine


_MEM_PAIR = re.compile(
    r"(?:Total memory|totalMemory):\s{0,3}(?P<total>\d+(?:\.\d+)?)\s?(?P<tu>[KMGT])i?B"
    r"[\s\S]{0,80}?(?:Free memory|freeMemory):\s{0,3}(?P<free>\d+(?:\.\d+)?)\s?(?P<fu>[KMGT])i?B"
)
_UNIT = {"K": 1 / 1024, "M": 1.0, "G": 1024.0, "T": 1024.0 * 1024}


def _memory_taken(text: str) -> Hit | None:
    """The GPU was mostly full before TensorFlow started (free < 25 % of total): the
    "Free memory" that older TensorFlow prints next to the device it found."""
    for m in _MEM_PAIR.finditer(text):
        total = float(m.group("total")) * _UNIT[m.group("tu")]
        free = float(m.group("free")) * _UNIT[m.group("fu")]
        if total > 0 and free < 0.25 * total:
            line = text.count("\n", 0, m.start("free")) + 1
            ev = evidence(line, line_at(text, m.start("free"), m.end("free")))
            values = {
                "free": f"{m.group('free')} {m.group('fu')}iB",
                "total": f"{m.group('total')} {m.group('tu')}iB",
            }
            return Hit(GPU_MEMORY_TAKEN, [ev], 1, values)
    return None


# an exception about the shapes of the data and the model (the script's input, labels or loss: not the installation)
_SHAPE_ERROR = re.compile(
    r"Incompatible shapes|[Ss]hapes? [^\r\n]{0,80}?(?:are|is) incompatible|to have shape|expected shape|"
    r"logits and labels must|input_shape|expected (?:min_)?ndim=|"
    r"Dimensions must be equal|incompatible with the layer|cannot reshape array|Input \d{1,3} of layer|"
    r"Data cardinality is ambiguous|[Mm]atrix size-incompatible|must have the same (?:shape|rank)|"
    r"to have \d{1,2} dimensions|A target array with shape|Cannot batch tensors with different shapes|"
    r"Input to reshape is a tensor with|have different shapes|as_list\(\) is not defined on an unknown TensorShape"
)
# a label or index outside the range the model was built for (classes, embedding vocabulary)
_LABEL_ERROR = re.compile(
    r"Received a label value of -?\d{1,12} which is outside the valid range|"
    r"indices\[[^\]\r\n]{1,40}\] = -?\d{1,12} is not in \[0, \d{1,12}\)"
)
# an exception about the data's type (object arrays, strings, ragged lists)
_DTYPE_ERROR = re.compile(
    r"Failed to convert a NumPy array to a Tensor|Unsupported object type|could not convert string to float|"
    r"setting an array element with a sequence|Can't convert non-rectangular Python sequence|"
    r"to EagerTensor of dtype|was expected to be a \w{1,20} tensor but is a \w{1,20} tensor|"
    r"Cast string to (?:float|int)\w{0,4} is not supported|[Ii]nvalid dtype: object"
)
_DATA_CASES = ("shape", "labels", "dtype")
# an exception that is about the GPU (a device that is not there, a list of GPUs that is empty) may be the
# consequence of a GPU that could not be used; one that names none of these is the script's own
_GPU_WORDS = re.compile(r"gpu|cuda|cudnn|device|nvidia|\bnvml|cublas|xla", re.I)
# findings of a GPU that cannot be used: TensorFlow prints them, falls back to the CPU and goes on
_FELL_BACK_TO_CPU = frozenset({
    "cuinit-no-device", "cuinit-unknown", "cuinit-failed", "cuda-drivers-not-found", "missing-library",
    "dlopen-failed", "no-gpu-visible", "windows-native-no-gpu", "windows-cuda-dll-missing", "driver-library-missing",
    "driver-not-loaded", "driver-library-mismatch", "container-no-gpu", "worker-no-gpu-allotted",
    "notebook-runtime-no-gpu", "gpu-too-old", "gpu-newer-than-tensorflow", "ptxas-too-old", "command-not-found",
})
# findings of an error that stops a program whatever the GPU does (packages, APIs)
_STOPPING = frozenset({
    "keras3-needs-tf-keras", "keras3-api-changed", "keras-too-old-for-library", "pinned-package-mismatch",
    "numpy-2-abi", "numpy-too-old", "protobuf-version", "python-package-missing", "tf1-api-on-tf2",
    "devices-modified-after-init", "distributed-partial-batch",
    "out-of-memory",  # on the GPU: whatever was said about it before, the card was used, and its memory ran out
})
_DRIVER_LEVEL = {"driver-library-mismatch", "driver-not-loaded", "driver-too-old", "driver-library-missing"}
_TF_MARKERS = re.compile(
    r"tensorflow|keras|\bcuda|cudnn|nvidia|Traceback \(most recent call last\)|\bpip\b|site-packages|"
    r"\bGPU\b|\.cc:\d+\]",
    re.I,
)


def _lines_after(text: str, line: int, n: int) -> str:
    """Up to ``n`` lines of ``text`` after line ``line`` (1-based), at most 6000 characters."""
    pos = 0
    for _ in range(line):
        pos = text.find("\n", pos) + 1
        if pos == 0:
            return ""
    end = pos
    for _ in range(n):
        nxt = text.find("\n", end, pos + 6000)
        if nxt < 0:
            return text[pos : pos + 6000]
        end = nxt + 1
    return text[pos:end]


def _cut(text: str, limit: int) -> tuple[str, tuple[int, int] | None]:
    """A text over ``limit`` characters cut to its start and end at line ends: (text, (line, lines left out))."""
    if len(text) <= limit:
        return text, None
    head_end = text.rfind("\n", 0, min(_HEAD_CHARS, limit // 4)) + 1 or min(_HEAD_CHARS, limit // 4)
    tail_start = text.find("\n", len(text) - (limit - head_end)) + 1 or len(text) - (limit - head_end)
    skipped = text.count("\n", head_end, tail_start)
    head = text[:head_end]
    return head + text[tail_start:], (head.count("\n"), skipped)


def _quote_as_written(findings: list[Finding], text: str) -> None:
    """Put each evidence line back as the log wrote it (its text was read with HTML entities decoded)."""
    wanted = sorted({e.line for f in findings for e in f.evidence})
    lines: dict[int, str] = {}
    pos, number = 0, 1
    for n in wanted:
        while number < n and pos >= 0:
            pos = text.find("\n", pos)
            pos = pos + 1 if pos >= 0 else -1
            number += 1
        if pos < 0:
            break
        end = text.find("\n", pos)
        lines[n] = text[pos : end if end >= 0 else len(text)].rstrip("\r")[:MAX_LINE_CHARS]
    for f in findings:
        f.evidence = [replace(e, text=lines.get(e.line, e.text)) for e in f.evidence]


def diagnose(
    text: str | bytes,
    platform: str | None = None,
    context: dict[str, Any] | None = None,
    *,
    tf_version: str | None = None,
    has_driver: bool | None = None,
    lang: str | None = None,
) -> list[Finding]:
    """Findings for a log, ranked (``rank`` 1 first). See the module docstring for what the caller may pass."""
    return diagnose_report(
        text, platform, context, tf_version=tf_version, has_driver=has_driver, lang=lang
    ).findings


def diagnose_report(
    text: str | bytes,
    platform: str | None = None,
    context: dict[str, Any] | None = None,
    *,
    tf_version: str | None = None,
    has_driver: bool | None = None,
    lang: str | None = None,
    gap: tuple[int, int] | None = None,
) -> DiagnosisReport:
    """The findings for a log and what it could not tell (``notes``). ``gap``: lines a caller left out of a huge
    file (``LogText.gap`` from ``read_log``), so line numbers stay those of the file."""
    context = dict(context or {})
    if isinstance(text, bytes):  # be forgiving: callers sometimes pass raw stderr
        text = decode_log(text)
    text = text or ""
    total_lines = text.count("\n") + (1 if text and not text.endswith("\n") else 0)
    text, cut = _cut(text, MAX_SCAN_CHARS_BINARY if _binary_share(text) > 0.3 else MAX_SCAN_CHARS)
    if gap and cut:  # both: the file's gap comes first (read_log keeps the start small)
        gap = (gap[0], gap[1] + cut[1]) if cut[0] > gap[0] else gap
    gap = gap or cut
    if gap:
        total_lines += gap[1] if not cut or gap is not cut else 0
    binary = _binary_share(text) > 0.3
    as_written = text
    text, entities = decode_entities(text)
    stripped, prefix_kind = strip_worker_prefixes(text)
    facts = read_facts(stripped, prefix_kind)
    text = stripped

    plat_arg = _normalise_platform(platform) or _normalise_platform(context.get("platform"))
    if plat_arg:
        plat, plat_from = plat_arg, "caller"
    elif facts.platform:
        plat, plat_from = facts.platform, facts.platform_from or "log"
    else:
        plat, plat_from = "linux", "default"
    tf_version = tf_version or context.get("tf_version") or facts.tf_version
    if has_driver is None:
        has_driver = context.get("has_driver", context.get("driver_present"))
    fact = context.get("host_fact")
    if context.get("expect_cpu") and fact not in _NO_GPU_FACTS:
        fact = "expect-cpu"
    if has_driver is None and fact in _NO_DRIVER_FACTS | _NO_GPU_FACTS:
        has_driver = False
    if context.get("pip_cuda_wheels"):
        facts.pip_cuda_wheels = True

    hits = scan(text)

    # context: a probe that counted zero GPUs is the same symptom as a printed "[]"
    if context.get("gpu_count") == 0 and "no-gpu-visible" not in hits:
        hits["no-gpu-visible"] = Hit(BY_ID["no-gpu-visible"])

    # derived: no working driver on a host with an NVIDIA GPU (the caller detected it) explains an empty GPU
    # list; on a host without NVIDIA GPU (or a CPU install) the GPU messages are expected instead (severity)
    if (
        has_driver is False
        and fact not in _CPU_EXPECTED
        and not _DRIVER_LEVEL & hits.keys()
        and "command-not-found" not in hits
    ):
        gpu_hits = [h for k, h in hits.items() if k in BY_ID["driver-not-loaded"].explains]
        if gpu_hits:
            hits["driver-not-loaded"] = Hit(
                BY_ID["driver-not-loaded"], list(gpu_hits[0].evidence), max(gpu_hits[0].count, 1)
            )

    tbs = tracebacks(text)
    for tb in tbs:
        if tb.cut:  # a notebook paste cut before its exception line: the rebuilt line is read like the others
            shown = _lines_after(text, tb.line - 1, 1).rstrip("\r\n")  # the raise line, as it stands in the log
            for rid, hit in scan(tb.exception).items():
                if rid not in hits:
                    hit.evidence = [Evidence(tb.line, shown, tb.exception, "")]
                    hit.lines = {tb.line}
                    hits[rid] = hit
    tfv = version_tuple(tf_version)
    work = Work(text, facts, hits, tbs, plat, tfv, context, has_driver, fact)
    for derive in DERIVATIONS:
        derive(work)

    # derived: out of memory at start-up because the GPU was already full
    if {"out-of-memory", "cudnn-init-failed", "dnn-library-not-found"} & hits.keys() and GPU_MEMORY_TAKEN.id not in hits:
        taken = _memory_taken(text)
        if taken:
            hits[GPU_MEMORY_TAKEN.id] = taken

    # the final exception of each traceback: explained by a rule, or reported as it is
    covered = {e.line for h in hits.values() for e in h.evidence}
    unexplained = [
        tb for tb in tbs
        if not covered & set(range(tb.line, tb.line + tb.block.count("\n") + 1)) and not explained(tb.block)
    ]
    if unexplained:
        tb = unexplained[-1]
        values = {"exception": tb.exception[:200]}
        detail = tb.block + "\n" + _lines_after(text, tb.line, 30)  # TF puts the cause below "Graph execution error"
        if _LABEL_ERROR.search(detail):
            values["case"] = "labels"
        elif _SHAPE_ERROR.search(detail):
            values["case"] = "shape"
        elif _DTYPE_ERROR.search(detail):
            values["case"] = "dtype"
        code = " ".join(f"{fn} {c}" for _f, fn, c in tb.frames[-2:])  # the code and the functions that raised
        if not _GPU_WORDS.search(detail[:3000] + " " + code):
            values["own"] = "yes"  # nothing in it is about the GPU: the script's own error, whatever came before
        hits[PYTHON_EXCEPTION.id] = Hit(PYTHON_EXCEPTION, [evidence(tb.line, tb.exception)], len(unexplained), values)

    situation: dict[str, Any] = {
        "platform": plat,
        "tf": tfv,
        "tf_version": tf_version,
        "env": facts.environment,
        "host": fact,
        "facts": facts.flags(),
    }

    # derived: only harmless lines (or lines expected on this host) -> say so, and that the error (if any)
    # was not pasted
    def quiet(h: Hit) -> bool:
        return h.rule.severity == "harmless" or h.rule.severity_for(dict(situation, values=h.values)) == "info"

    if hits and all(quiet(h) for h in hits.values()) and any(h.rule.severity == "harmless" for h in hits.values()):
        pool = [e for h in hits.values() for e in h.evidence]
        if pool:
            hits[ONLY_HARMLESS.id] = Hit(ONLY_HARMLESS, [max(pool, key=lambda e: e.line)], 1)

    findings = [
        _make(h, situation, lang, _host_lead(h.rule, has_driver, fact, context.get("driver_cuda"), lang), facts)
        for h in hits.values()
    ]

    if binary:  # strings inside a binary file (a library, an archive) are not log lines: a NUL is never in one
        findings = [f for f in findings if not f.evidence or any("\x00" not in e.text for e in f.evidence)]

    # symptoms: explained by a present, more fundamental finding that is not harmless (an "info" finding, one
    # expected on this host, explains only other info findings). An error in the script's data (shapes, labels,
    # types) is nobody's symptom: a GPU that could not be used does not make the data wrong.
    py_hit = hits.get(PYTHON_EXCEPTION.id)
    data_error = py_hit is not None and py_hit.values.get("case") in _DATA_CASES
    own_error = data_error or py_hit is not None and py_hit.values.get("own") == "yes"
    for f in sorted(findings, key=lambda x: x.priority):
        for other in sorted(findings, key=lambda x: x.priority):
            if other is f or other.severity == "harmless" or other.symptom_of:
                continue
            if other.severity == "info" and f.severity != "info":
                continue
            if own_error and f.rule_id == PYTHON_EXCEPTION.id and other.rule_id in _FELL_BACK_TO_CPU:
                continue
            # a rule explains another when it says so; when both say so of each other, the smaller priority wins
            if f.rule_id in BY_ID[other.rule_id].explains and (
                other.priority < f.priority or other.rule_id not in BY_ID[f.rule_id].explains
            ):
                f.symptom_of = other.rule_id
                break

    # A GPU that could not be used makes TensorFlow fall back to the CPU and go on: when a package or API error
    # stopped the program *after* those start-up messages, that error is what stopped it, so it comes first.
    # (only when that error is the last thing the log says: a log of several runs is not read this way)
    def last_line(f: Finding) -> int:
        return max((e.line for e in f.evidence), default=0)

    stops = [f for f in findings if (f.rule_id in _STOPPING or f.rule_id == PYTHON_EXCEPTION.id and own_error)
             and f.evidence and f.severity == "error"]
    stop = max(stops, key=last_line, default=None)
    went_on: set[int] = set()
    if stop is not None and last_line(stop) >= max(last_line(f) for f in findings if f.severity != "harmless"):
        went_on = {id(f) for f in findings
                   if f.rule_id in _FELL_BACK_TO_CPU and f.evidence and last_line(f) < stop.evidence[0].line}

    def key(f: Finding) -> tuple:
        first = f.evidence[0].line if f.evidence else 0
        return (
            f.severity == "harmless",
            f.severity == "info",
            f.symptom_of is not None,
            id(f) in went_on,
            f.priority,
            _SEVERITY_ORDER[f.severity],
            first,
        )

    findings.sort(key=key)
    if entities:  # the evidence quotes the log as it was written, entities and all
        _quote_as_written(findings, as_written)
    for i, f in enumerate(findings, 1):
        f.rank = i
    if gap:
        after, skipped = gap
        for f in findings:
            for e in f.evidence:
                if e.line > after:
                    e.line += skipped

    notes = _notes(text, findings, facts, tf_version, plat_from, binary, gap, lang, bool(tbs))
    return DiagnosisReport(findings, notes, facts, plat, plat_from, tf_version, total_lines,
                           gap[1] if gap else 0)


def _notes(text: str, findings: list[Finding], facts: LogFacts, tf_version: str | None, plat_from: str,
           binary: bool, gap: tuple[int, int] | None, lang: str | None, has_traceback: bool) -> list[Note]:
    """What the diagnosis could not tell from this text, in the user's language."""
    out: list[Note] = []

    def add(code: str, msg: str, **kw: Any) -> None:
        out.append(Note(code, tr(CONTEXT, msg, lang).format(**kw)))

    if not text.strip():
        add("empty", "The text is empty: there is nothing to explain.")
        return out
    if binary:
        add("binary", "This does not look like a text log (much of it is binary data): was it the right file? "
                      "Save the output as text (`python train.py > log.txt 2>&1`) and try again.")
    if gap:
        add("truncated", "The log is very long: its first {head} lines and its last part were searched, "
                         "{skipped} lines in between were not.", head=gap[0], skipped=gap[1])
    relevant = findings or facts.tf_version or facts.packages or facts.template or has_traceback
    if not relevant and not _TF_MARKERS.search(text, 0, 5_000_000):
        add("no-tf-lines", "No TensorFlow, CUDA, pip or Python error lines were found: is this the output of the "
                           "failing command?")
    elif not any(f.severity in ("error", "warning", "info") for f in findings):
        add("no-error", "The error itself: it is not in the text (the log may be cut off, or the error went to "
                        "the other output stream).")
    if not tf_version:
        add("tf-version", "Which TensorFlow version wrote it: the log does not print it.")
    if plat_from == "log":
        add("platform", "The platform: it was read from paths in the log.")
    elif plat_from == "default":
        add("platform", "The platform: the log does not show it (Linux assumed).")
    return out


def has_errors(findings: list[Finding]) -> bool:
    return any(f.severity == "error" for f in findings)


def format_findings(findings: list[Finding], show_harmless: bool = False, lang: str | None = None) -> str:
    """Plain-text report (what the CLI prints). Harmless findings are always listed, so a beginner
    sees that the scary line is known, but explained in full only with ``show_harmless``."""
    labels = {
        "error": tr(CONTEXT, "ERROR", lang),
        "warning": tr(CONTEXT, "WARNING", lang),
        "info": tr(CONTEXT, "INFO", lang),
        "harmless": tr(CONTEXT, "HARMLESS", lang),
    }
    if not findings:
        return tr(CONTEXT, "No known problem found in this log.", lang) + "\n"
    rank_of = {f.rule_id: f.rank for f in findings}
    out: list[str] = []
    for f in findings:
        full = f.severity != "harmless" or show_harmless or f.rule_id == ONLY_HARMLESS.id
        head = f"{f.rank}. [{labels.get(f.severity, f.severity)}] {f.title}"
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
        if full and f.sources and f.severity not in ("harmless", "info"):
            out.append("   " + tr(CONTEXT, "See:", lang) + " " + " ".join(f.sources[:2]))
        out.append("")
    return "\n".join(out).rstrip("\n") + "\n"


def format_notes(notes: list[Note], lang: str | None = None) -> str:
    """The CLI's "What this log does not tell" block ("" when there is nothing to say)."""
    if not notes:
        return ""
    lines = [tr(CONTEXT, "What this log does not tell:", lang)]
    lines += ["  - " + n.text for n in notes]
    return "\n".join(lines) + "\n"
