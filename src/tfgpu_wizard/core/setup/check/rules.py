"""Checks of a text against the matrix's sources and against its own other lines.

Exactness over recall: a rule speaks only when every TensorFlow line the text can mean contradicts the claim
(``Context.lines``); a claim about a release the matrix does not hold (TensorFlow 1.x, an unknown line) is an
``Unknown``, never a finding. Each finding names its line(s) and gives the corrected command.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from packaging.specifiers import InvalidSpecifier, SpecifierSet
from packaging.version import InvalidVersion, Version

from tfgpu_wizard.core.i18n import tr
from tfgpu_wizard.core.setup.check.extract import Claim, Claims, PipReq
from tfgpu_wizard.core.setup.check.facts import (
    DOCS_PIP_URL,
    DOCS_STALE,
    SOURCE_TABLE_URL,
    MatrixFacts,
    cuda_verdict,
    cudnn_verdict,
    line_of,
    vtuple,
)
from tfgpu_wizard.core.setup.check.model import CheckFinding, Ref, Unknown

CTX = "check"  # translation context (resources/i18n/check_zh_CN.ts)
TF_PACKAGES = ("tensorflow", "tensorflow-gpu", "tensorflow-cpu", "tf-nightly", "tensorflow-intel")
REL = "https://github.com/tensorflow/tensorflow/releases/tag/v{}"


@dataclass
class Context:
    """Which TensorFlow the text installs or talks about, and with which Python.

    ``lines``: the TF lines (matrix keys) every cross-line rule checks against (empty: undecided, those rules
    stay silent); ``refs``: the lines that say so; ``pinned``: a version was given (not just "tensorflow");
    ``pythons``: the Python minors the text creates or names; ``created_python``: refs of ``conda create
    python=X`` / ``FROM python:X``; ``gpu_intent``: the text sets up the GPU (and-cuda, tensorflow-gpu, CUDA,
    cuDNN, a -gpu image).
    """

    lines: list[str] = field(default_factory=list)
    refs: list[Ref] = field(default_factory=list)
    pinned: bool = False
    pythons: set[str] = field(default_factory=set)
    python_refs: list[Ref] = field(default_factory=list)
    created_python: bool = False
    gpu_intent: bool = False
    pip_installs_tf: bool = False
    pip_command_tf: bool = False  # a pip command (not a requirements / environment file) installs TensorFlow
    ranges: list[PipReq] = field(default_factory=list)  # TF ranges whose line depends on the Python
    from_install: bool = False  # ``lines`` come from an install command or an image, not from prose


def _minors(claim: Claim) -> list[str]:
    lo = vtuple(claim.value) or ()
    hi = vtuple(claim.upper) if claim.upper else lo
    if len(lo) < 2 or not hi or len(hi) < 2 or hi < lo:
        return []
    return [f"3.{m}" for m in range(lo[1], hi[1] + 1)] if lo[0] == 3 == hi[0] else []


def build_context(facts: MatrixFacts, claims: Claims, platform: str = "linux") -> Context:
    ctx = Context()
    # Python: what the text creates, else what it names
    for c in claims.conda:
        if c.name == "python" and c.version:
            mv = ".".join(c.version.split(".")[:2])
            ctx.pythons.add(mv)
            ctx.python_refs.append(c.ref)
            ctx.created_python = True
    for img in claims.images:
        if img.repo == "python" and re.match(r"^3\.\d+", img.tag):
            ctx.pythons.add(".".join(img.tag.split("-")[0].split(".")[:2]))
            ctx.python_refs.append(img.ref)
            ctx.created_python = True
    if not ctx.pythons:
        for v in claims.versions:
            if v.what == "python" and not v.negated and not v.open_ended:
                ms = _minors(v)
                ctx.pythons.update(ms)
                if ms:
                    ctx.python_refs.append(v.ref)
    # TensorFlow: pinned installs first, then what the prose names, then unpinned installs
    pinned: dict[str, list[Ref]] = {}
    unpinned: list[PipReq] = []
    ranges: list[PipReq] = []
    for r in claims.pip:
        if r.name in TF_PACKAGES:
            ctx.pip_installs_tf = True
            ctx.pip_command_tf = ctx.pip_command_tf or r.context not in ("requirements", "conda-env")
            if r.name == "tensorflow-gpu" or "and-cuda" in r.extras:
                ctx.gpu_intent = True
            if r.spec:
                if facts.spec_lines(r.spec, None, platform) is None:
                    continue
                if not ctx.pythons and len(facts.matching(r.spec)) > 1:
                    ranges.append(r)  # a range on an unknown Python: which TensorFlow pip takes is not decided
                    continue
                got = facts.spec_lines(r.spec, ctx.pythons or None, platform) or []
                if not got and len(facts.matching(r.spec)) == 1:
                    got = facts.matching(r.spec)  # one line, none for the text's Python: python-range says so
                key = ",".join(got)
                pinned.setdefault(key, []).append(r.ref)
            else:
                unpinned.append(r)
    for c in claims.conda:
        if c.name in ("tensorflow", "tensorflow-gpu") and c.version:
            ln = line_of(c.version)
            if facts.known(ln):
                pinned.setdefault(ln or "", []).append(c.ref)
        if c.name in ("cudatoolkit", "cudnn", "cuda-toolkit", "tensorflow-gpu"):
            ctx.gpu_intent = True
    for img in claims.images:
        if img.repo == "tensorflow/tensorflow":
            m = re.match(r"^(\d+\.\d+\.\d+)", img.tag)
            if "gpu" in img.tag:
                ctx.gpu_intent = True
            if m and facts.known(line_of(m.group(1))):
                pinned.setdefault(line_of(m.group(1)) or "", []).append(img.ref)
    if any(v.what in ("cuda", "cudnn") for v in claims.versions):
        ctx.gpu_intent = True
    if len(pinned) == 1:
        key, refs = next(iter(pinned.items()))
        ctx.lines = [x for x in key.split(",") if x]
        ctx.refs = refs
        ctx.pinned = True
        ctx.from_install = True
        return ctx
    if len(pinned) > 1:
        return ctx  # the text installs several TensorFlows: no cross-line verdicts
    named = [v for v in claims.versions if v.what == "tf" and not v.open_ended]
    lines = {line_of(v.value) for v in named}
    if len(lines) == 1 and named:
        ln = lines.pop()
        if facts.known(ln):
            ctx.lines = [ln or ""]
            ctx.refs = [v.ref for v in named]
            ctx.pinned = True
        return ctx
    if lines:
        return ctx
    ctx.ranges = ranges
    if unpinned:
        got = facts.spec_lines("", ctx.pythons or None, platform) or []
        ctx.lines = got
        ctx.refs = [unpinned[0].ref]
        ctx.from_install = bool(ctx.pythons)
    return ctx


# ------------------------------------------------------------------------------------------ helpers


def _f(rule: str, severity: str, against: str, title: str, explanation: str, fix: str, refs: list[Ref],
       sources: list[str]) -> CheckFinding:
    seen: list[Ref] = []
    for r in refs:
        if r not in seen:
            seen.append(r)
    return CheckFinding(rule, severity, against, title, explanation, fix, seen, sources)


def _worst(levels: list[str | None]) -> str | None:
    """The verdict that holds for every line: None if any line fits; else the mildest of them."""
    if not levels or any(lv is None for lv in levels):
        return None
    return "warning" if "warning" in levels else "error"


def _lines_text(lines: list[str]) -> str:
    return ", ".join(lines)


def _build(facts: MatrixFacts, line: str, what: str) -> str | None:
    row = facts.row(line)
    return row.cuda if what == "cuda" else row.cudnn


def _docs_note(what: str, value: str) -> str:
    stale = DOCS_STALE.get(what)
    if stale and value.startswith(stale):
        return " " + tr(CTX, "tensorflow.org's install page prints this number too, but the wheels were not built "
                             "with it.")
    return ""


# ------------------------------------------------------------------------------------------ rules


def check_text(facts: MatrixFacts, claims: Claims, ctx: Context) -> tuple[list[CheckFinding], list[Unknown]]:
    findings: list[CheckFinding] = []
    unknowns: list[Unknown] = []
    _same_line(facts, claims, findings, unknowns)
    _cross_line(facts, claims, ctx, findings)
    _pip_packages(facts, claims, ctx, findings, unknowns)
    _conda(facts, claims, ctx, findings)
    _keras_api(facts, claims, ctx, findings)
    _windows(facts, claims, ctx, findings)
    for r in ctx.ranges:
        unknowns.append(Unknown(r.ref, r.token, tr(CTX, "Which TensorFlow {spec} installs depends on the Python "
                                                        "version, which the text does not say.").format(
            spec=r.token)))
    return findings, unknowns


def _same_line(facts: MatrixFacts, claims: Claims, findings: list[CheckFinding], unknowns: list[Unknown]) -> None:
    """A line that names one TensorFlow release and its CUDA / cuDNN / Python (a version table, a sentence)."""
    by_line: dict[tuple[int, int | None], list[Claim]] = {}
    for v in claims.versions:
        by_line.setdefault((v.ref.line, v.ref.cell), []).append(v)
    for items in by_line.values():
        tfs = [v for v in items if v.what == "tf"]
        if not tfs:
            continue
        lines = {line_of(v.value) for v in tfs}
        if len(lines) != 1:
            continue
        ln = lines.pop()
        ref = tfs[0].ref
        if not facts.known(ln):
            if ln and (vtuple(ln) or (0,))[0] < 2:
                unknowns.append(Unknown(ref, f"TensorFlow {tfs[0].value}",
                                        tr(CTX, "TensorFlow 1.x is older than the matrix (2.0 and later).")))
            elif ln:
                unknowns.append(Unknown(ref, f"TensorFlow {tfs[0].value}",
                                        tr(CTX, "The matrix has no TensorFlow {line}.").format(line=ln)))
            continue
        if any(v.open_ended for v in tfs):
            continue
        row = facts.row(ln or "")
        kinds: dict[str, set[str]] = {}
        for v in items:
            kinds.setdefault(v.what, set()).add(v.value)
        for v in items:
            if v.what in ("cuda", "cudnn") and len(kinds[v.what]) == 1:
                built = row.cuda if v.what == "cuda" else row.cudnn
                if not built:
                    continue
                level = cuda_verdict(built, v.value) if v.what == "cuda" else cudnn_verdict(built, v.value)
                if level:
                    findings.append(_version_finding(v, level, "sources", ln or "", built, [v.ref]))
            elif v.what == "python":
                _python_claim(facts, v, [ln or ""], "sources", [v.ref], findings)


def _version_finding(v: Claim, level: str, against: str, line: str, built: str, refs: list[Ref],
                     lines: list[str] | None = None) -> CheckFinding:
    name = "CUDA" if v.what == "cuda" else "cuDNN"
    shown = _lines_text(lines or [line])
    title = tr(CTX, "TensorFlow {tf} was not built with {name} {claimed}").format(tf=shown, name=name,
                                                                                 claimed=v.value)
    if v.what == "cuda":
        why = tr(CTX, "The tested build of TensorFlow {tf} uses CUDA {built}.").format(tf=shown, built=built)
        if level == "warning":
            why += " " + tr(CTX, "Another {major}.x release may work through CUDA's minor version compatibility, "
                                 "but it is not what the wheel was built and tested with.").format(
                major=built.split(".")[0])
        else:
            why += " " + tr(CTX, "TensorFlow loads the CUDA libraries of that version by name; others do not load.")
    else:
        why = tr(CTX, "The tested build of TensorFlow {tf} uses cuDNN {built}; TensorFlow needs the same major "
                      "version and an equal or higher minor version.").format(tf=shown, built=built)
    why += _docs_note(v.what, v.value)
    rule = "tf-cuda" if v.what == "cuda" else "tf-cudnn"
    fix = tr(CTX, "Use {name} {built} with TensorFlow {tf} (or install tensorflow[and-cuda] from 2.14 on: pip "
                  "brings the right libraries).").format(name=name, built=built, tf=shown)
    return _f(rule, level, against, title, why, fix, refs, [SOURCE_TABLE_URL, "WHEEL"])


def _python_claim(facts: MatrixFacts, v: Claim, lines: list[str], against: str, refs: list[Ref],
                  findings: list[CheckFinding]) -> None:
    if v.open_ended and not v.negated:
        return
    minors = [v.value] if v.negated else _minors(v)
    if not minors:
        return
    if v.negated:
        ok = [ln for ln in lines if facts.row(ln).python_ok(v.value)]
        if len(ok) == len(lines):
            shown = _lines_text(lines)
            findings.append(_f(
                "python-range", "error", against,
                tr(CTX, "TensorFlow {tf} does support Python {py}").format(tf=shown, py=v.value),
                tr(CTX, "The tested builds of TensorFlow {tf} cover Python {range}.").format(
                    tf=shown, range=facts.python_range(lines[0])),
                tr(CTX, "Python {range} all work with TensorFlow {tf}.").format(
                    range=facts.python_range(lines[0]), tf=shown), refs, [SOURCE_TABLE_URL]))
        return
    bad = [m for m in minors if not any(facts.row(ln).python_ok(m) for ln in lines)]
    if not bad:
        return
    shown = _lines_text(lines)
    rng = facts.python_range(lines[0])
    findings.append(_f(
        "python-range", "error", against,
        tr(CTX, "TensorFlow {tf} does not support Python {py}").format(tf=shown, py=", ".join(bad)),
        tr(CTX, "TensorFlow {tf} has wheels for Python {range} only: pip finds no TensorFlow for Python {py}.")
        .format(tf=shown, range=rng, py=", ".join(bad)),
        tr(CTX, "Use Python {best} (for example: conda create -n tf python={best}).").format(
            best=facts.row(lines[0]).python_minors()[-1]), refs, [SOURCE_TABLE_URL, "PYPI"]))


def _cross_line(facts: MatrixFacts, claims: Claims, ctx: Context, findings: list[CheckFinding]) -> None:
    """Claims on lines without a TensorFlow version, against the TensorFlow the text installs."""
    if not ctx.lines:
        return
    own_tf = {(v.ref.line, v.ref.cell) for v in claims.versions if v.what == "tf"}
    done: set[tuple[str, int]] = set()
    values: dict[tuple[int, int | None, str], set[str]] = {}
    for v in claims.versions:
        values.setdefault((v.ref.line, v.ref.cell, v.what), set()).add(v.value)
    # prose is a claim about the whole text only on a short line with one value ("* CUDA Toolkit 12.3"); a
    # sentence comparing versions ("12.9, not the 12.5 it was built with") is not one
    items: list[Claim] = [v for v in claims.versions if (v.ref.line, v.ref.cell) not in own_tf
                          and v.what in ("cuda", "cudnn") and not v.open_ended and len(v.ref.text) <= 100
                          and len(values[(v.ref.line, v.ref.cell, v.what)]) == 1]
    # what the text installs: conda cudatoolkit / cudnn, pip's nvidia-cudnn-cuXX, a CUDA base image
    for c in claims.conda:
        if c.version and c.name in ("cudatoolkit", "cuda-toolkit", "cuda-runtime", "cuda-version"):
            items.append(Claim(c.ref, "cuda", c.version))
        elif c.version and c.name == "cudnn":
            items.append(Claim(c.ref, "cudnn", c.version))
    for r in claims.pip:
        m = re.match(r"^nvidia-cudnn-cu(\d+)$", r.name)
        pin = re.match(r"^==\s*(\d+\.\d+)", r.spec)
        if m and pin:
            items.append(Claim(r.ref, "cudnn", pin.group(1)))
    for img in claims.images:
        if img.repo == "nvidia/cuda":
            m = re.match(r"^(\d+\.\d+)", img.tag)
            if m:
                items.append(Claim(img.ref, "cuda", m.group(1)))
    if not ctx.pinned and not ctx.pythons:
        return  # an unpinned install on an unknown Python: which TensorFlow pip takes is not decided
    for v in items:
        key = (v.what, v.ref.line)
        if key in done:
            continue
        done.add(key)
        levels = []
        for ln in ctx.lines:
            built = _build(facts, ln, v.what)
            levels.append(None if not built else
                          (cuda_verdict(built, v.value) if v.what == "cuda" else cudnn_verdict(built, v.value)))
        level = _worst(levels)
        if level:
            builts = sorted({_build(facts, ln, v.what) or "" for ln in ctx.lines})
            findings.append(_version_finding(v, level, "text", ctx.lines[0], " / ".join(builts),
                                             [v.ref, *ctx.refs[:1]], ctx.lines))
    if ctx.pinned:
        for v in claims.versions:
            if v.what == "python" and (v.ref.line, v.ref.cell) not in own_tf:
                _python_claim(facts, v, ctx.lines, "text", [v.ref, *ctx.refs[:1]], findings)
        for c in claims.conda:
            if c.name == "python" and c.version:
                _python_claim(facts, Claim(c.ref, "python", ".".join(c.version.split(".")[:2])), ctx.lines,
                              "text", [c.ref, *ctx.refs[:1]], findings)


def _pip_packages(facts: MatrixFacts, claims: Claims, ctx: Context, findings: list[CheckFinding],
                  unknowns: list[Unknown]) -> None:
    for r in claims.pip:
        if r.name == "tensorflow-gpu":
            _tensorflow_gpu(facts, r, findings, unknowns)
        if r.name in TF_PACKAGES and r.spec:
            _published(facts, r, findings, unknowns)
        if r.name == "tensorflow" and "and-cuda" in r.extras:
            _and_cuda(facts, r, ctx, findings)
        if r.name == "numpy" and ctx.lines and ctx.pinned:
            _numpy(facts, r, ctx, findings)
        if r.name == "keras" and ctx.lines and r.spec:
            _keras_pin(facts, r, ctx, findings)


def _spec(text: str) -> SpecifierSet | None:
    try:
        return SpecifierSet(text)
    except InvalidSpecifier:
        return None


def _tensorflow_gpu(facts: MatrixFacts, r: PipReq, findings: list[CheckFinding], unknowns: list[Unknown]) -> None:
    spec = _spec(r.spec)
    if spec is None:
        return
    pins = [x.version for x in spec if x.operator in ("==", "===")]
    if pins:
        ln = line_of(pins[0].rstrip(".*"))
        t = vtuple(ln or "") or ()
        if t and t[0] < 2:
            unknowns.append(Unknown(r.ref, r.token, tr(CTX, "TensorFlow 1.x is older than the matrix (2.0 and later).")))
            return
        if t and t[:2] == (2, 0):
            return  # the 2.0 tensorflow wheel is CPU-only: tensorflow-gpu==2.0.0 is right (WHEEL, REL v2.1.0)
        if t and t < (2, 12):
            findings.append(_f(
                "tensorflow-gpu", "info", "sources",
                tr(CTX, "tensorflow-gpu {v} is the same as tensorflow {v}").format(v=pins[0]),
                tr(CTX, "Since TensorFlow 2.1 the tensorflow package includes GPU support; tensorflow-gpu was only "
                        "the old name and was removed in 2.12."),
                f"pip install tensorflow=={pins[0]}", [r.ref], [REL.format("2.1.0"), REL.format("2.12.0")]))
            return
    new = facts.row(facts.newest)
    findings.append(_f(
        "tensorflow-gpu", "warning", "sources",
        tr(CTX, "tensorflow-gpu no longer exists"),
        tr(CTX, "tensorflow-gpu was removed in TensorFlow 2.12 (the tensorflow package has had GPU support since "
                "2.1): pip cannot install a current TensorFlow under that name."),
        tr(CTX, "On Linux or WSL2: {cmd}").format(cmd=f"pip install '{new.pip_requirement}'"),
        [r.ref], [REL.format("2.12.0")]))


def _published(facts: MatrixFacts, r: PipReq, findings: list[CheckFinding], unknowns: list[Unknown]) -> None:
    spec = _spec(r.spec)
    if spec is None:
        return
    for x in spec:
        if x.operator not in ("==", "===") or "*" in x.version:
            continue
        try:
            Version(x.version)
        except InvalidVersion:
            continue
        t = vtuple(line_of(x.version) or "") or ()
        if t and t[0] < 2:
            if r.name != "tensorflow-gpu":
                unknowns.append(Unknown(r.ref, r.token,
                                        tr(CTX, "TensorFlow 1.x is older than the matrix (2.0 and later).")))
            continue
        ok = facts.exists(x.version)
        if ok is False:
            ln = line_of(x.version) or ""
            known = sorted(facts.published(ln))
            alt = str(known[-1]) if known else facts.row(facts.newest).version
            findings.append(_f(
                "tf-version", "error", "sources",
                tr(CTX, "{pkg} {v} was never published").format(pkg=r.name, v=x.version),
                tr(CTX, "PyPI has no {pkg} {v} (the releases of that line: {known}; the newest when the matrix "
                        "was compiled: {newest}).").format(pkg=r.name, v=x.version,
                                                            known=", ".join(map(str, known)) or "-",
                                                            newest=facts.row(facts.newest).version),
                f"pip install '{r.name}{'[' + ','.join(r.extras) + ']' if r.extras else ''}=={alt}'",
                [r.ref], ["PYPI", REL.format("2.16.1")]))
        elif ok is None and facts.known(line_of(x.version)):
            unknowns.append(Unknown(r.ref, r.token, tr(CTX, "The matrix does not record every release of this "
                                                            "line; {v} may or may not exist.").format(v=x.version)))


def _and_cuda(facts: MatrixFacts, r: PipReq, ctx: Context, findings: list[CheckFinding]) -> None:
    if not r.quoted and r.context in ("shell", "text"):
        fixed = r.command.replace(r.token, f"'{r.token}'", 1)
        findings.append(_f(
            "and-cuda-quotes", "warning", "sources",
            tr(CTX, "Quote tensorflow[and-cuda]"),
            tr(CTX, "Unquoted square brackets are a pattern for zsh (the default shell of macOS and many Linux "
                    "desktops): it stops with 'no matches found' and installs nothing."),
            fixed, [r.ref], [DOCS_PIP_URL]))
    lines = facts.spec_lines(r.spec, ctx.pythons or None) if r.spec else None
    if lines and all((vtuple(ln) or ()) < (2, 14) for ln in lines):
        findings.append(_f(
            "and-cuda-old", "error", "sources",
            tr(CTX, "TensorFlow {tf} has no [and-cuda] extra").format(tf=_lines_text(lines)),
            tr(CTX, "The and-cuda extra exists from TensorFlow 2.14 on; pip warns and installs TensorFlow without "
                    "any CUDA library."),
            tr(CTX, "Install CUDA {cuda} and cuDNN {cudnn} for TensorFlow {tf}, or use TensorFlow 2.14 or newer "
                    "with [and-cuda].").format(cuda=facts.row(lines[0]).cuda, cudnn=facts.row(lines[0]).cudnn,
                                               tf=lines[0]),
            [r.ref], [REL.format("2.14.0")]))


def _numpy(facts: MatrixFacts, r: PipReq, ctx: Context, findings: list[CheckFinding]) -> None:
    spec = _spec(r.spec)
    if spec is None or not r.spec:
        return
    if any(spec.contains(Version(v)) for v in ("1.26.4", "1.24.4", "1.23.5", "1.21.6", "1.19.5")):
        return
    pins = [x.version for x in spec if x.operator in ("==", "===") and "*" not in x.version]
    twos = [*pins, "2.0.0", "2.0.2", "2.1.0", "2.1.3", "2.2.0", "2.2.6", "2.3.0"]
    if not any(spec.contains(Version(v)) for v in twos if v[:1] == "2"):
        return
    if all(not facts.row(ln).numpy.numpy2 for ln in ctx.lines):
        findings.append(_f(
            "numpy2", "error", "text",
            tr(CTX, "NumPy 2 breaks TensorFlow {tf}").format(tf=_lines_text(ctx.lines)),
            tr(CTX, "TensorFlow before 2.18 was built against NumPy 1: importing it with NumPy 2 fails "
                    "('_ARRAY_API not found')."),
            'pip install "numpy<2"', [r.ref, *ctx.refs[:1]], ["PYPI", "ISSUE #67291"]))


def _keras_pin(facts: MatrixFacts, r: PipReq, ctx: Context, findings: list[CheckFinding]) -> None:
    spec = _spec(r.spec)
    pins = [x.version for x in spec or [] if x.operator == "==" and "*" not in x.version]
    if not pins:
        return
    try:
        v = Version(pins[0])
    except InvalidVersion:
        return
    bad = []
    for ln in ctx.lines:
        req = facts.row(ln).keras.requirement
        if not req:
            return
        m = re.match(r"^(?:keras(?:-nightly)?)\s*(.*)$", req)
        want = _spec(m.group(1)) if m else None
        if want is None or want.contains(v, prereleases=True):
            return
        bad.append(req)
    row = facts.row(ctx.lines[0])
    fix = (tr(CTX, "Drop the keras pin; for Keras 2 code install {pkg} and set TF_USE_LEGACY_KERAS=1.").format(
        pkg=row.keras.legacy_package) if row.keras.legacy_package else f"pip install '{bad[0]}'")
    findings.append(_f(
        "keras-pin", "error", "text",
        tr(CTX, "keras {v} cannot be installed with TensorFlow {tf}").format(v=pins[0], tf=_lines_text(ctx.lines)),
        tr(CTX, "TensorFlow {tf} requires {req}: pip refuses the pair.").format(tf=_lines_text(ctx.lines),
                                                                               req=bad[0]),
        fix, [r.ref, *ctx.refs[:1]], ["PYPI"]))


def _conda(facts: MatrixFacts, claims: Claims, ctx: Context, findings: list[CheckFinding]) -> None:
    seen: set[int] = set()
    for c in claims.conda:
        if c.name not in ("tensorflow", "tensorflow-gpu", "tensorflow-base") or c.ref.line in seen:
            continue
        seen.add(c.ref.line)
        ln = line_of(c.version) if c.version else None
        row = facts.row(ln) if facts.known(ln) else facts.row(facts.newest)
        py = ".".join(sorted(ctx.pythons)[-1:]) if ctx.pythons else row.python_minors()[-1]
        fix = f"conda create -n tf python={py} && conda activate tf && pip install '{row.pip_requirement}'"
        findings.append(_f(
            "conda-tensorflow", "warning", "sources",
            tr(CTX, "TensorFlow from conda is not TensorFlow's own build"),
            tr(CTX, "tensorflow.org says not to install TensorFlow with conda: conda's packages are built by others, "
                    "often lag behind and may bring other CUDA libraries. Use conda for Python only and pip for "
                    "TensorFlow."),
            fix, [c.ref], [DOCS_PIP_URL]))


def _keras_api(facts: MatrixFacts, claims: Claims, ctx: Context, findings: list[CheckFinding]) -> None:
    for ref, api in claims.keras_api:
        if ctx.lines and all(facts.row(ln).keras.major >= 3 for ln in ctx.lines):
            sev, against = "warning", "text"
            why = tr(CTX, "TensorFlow {tf} comes with Keras 3, which has no {api}.").format(
                tf=_lines_text(ctx.lines), api=api)
            refs = [ref, *ctx.refs[:1]]
        elif ctx.lines:
            continue
        else:
            sev, against = "info", "sources"
            why = tr(CTX, "{api} exists in Keras 2 only: with TensorFlow 2.16 or newer (Keras 3) this line fails.")\
                .format(api=api)
            refs = [ref]
        findings.append(_f(
            "keras2-api", sev, against, tr(CTX, "Keras 2 API: {api}").format(api=api), why,
            tr(CTX, "pip install tf-keras and set TF_USE_LEGACY_KERAS=1 before importing TensorFlow, or port the "
                    "line to Keras 3."), refs, [REL.format("2.16.1")]))


def _windows(facts: MatrixFacts, claims: Claims, ctx: Context, findings: list[CheckFinding]) -> None:
    if not claims.windows or claims.wsl or not ctx.lines or not ctx.gpu_intent:
        return
    if not all((vtuple(ln) or ()) > (2, 10) for ln in ctx.lines):
        return
    findings.append(_f(
        "windows-native-gpu", "error", "text",
        tr(CTX, "No GPU for TensorFlow {tf} on native Windows").format(tf=_lines_text(ctx.lines)),
        tr(CTX, "TensorFlow 2.10 was the last release with GPU support on native Windows; this text sets up the GPU "
                "for a newer one on Windows."),
        tr(CTX, "Use WSL2 (pip install 'tensorflow[and-cuda]' inside it), or TensorFlow 2.10 on native Windows: "
                "conda install -c conda-forge cudatoolkit=11.2 cudnn=8.1.0 && pip install \"tensorflow<2.11\""),
        [claims.windows[0], *ctx.refs[:1]], [DOCS_PIP_URL, REL.format("2.11.1")]))
