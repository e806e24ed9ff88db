"""Claims with line numbers, from every format a beginner follows.

``read_document(data, name)`` turns bytes (or text) into ``Line``s: Markdown (markdown-it-py says which lines
are code), plain text (a pasted web page: every line may hold a command), a shell script, a notebook (plain
JSON: the cells' sources, never their outputs), requirements.txt, a conda environment.yml and a compose file
(PyYAML, line numbers from its nodes), a Dockerfile (dockerfile-parse, instructions with their lines).

``extract(doc)`` finds in those lines: pip requirements (commands in any line, requirement files, the pip
part of an environment file), conda specs with their channels, version claims (TensorFlow, CUDA, cuDNN,
Python, the driver), Docker images (FROM, ``image:``, ``docker run``/``pull``) and whether the container gets
the GPU, mentions of Windows and WSL, and Keras 2 APIs in Python code.

Bad input never raises: a binary file, an empty text, a notebook that is not JSON, a huge file each get a
note (``Document.notes``) and whatever lines could be read.
"""

from __future__ import annotations

import json
import re
import shlex
from dataclasses import dataclass, field
from pathlib import PurePath

from packaging.requirements import InvalidRequirement, Requirement

from tfgpu_wizard.core.diagnose.textdecode import decode_bytes
from tfgpu_wizard.core.setup.check.model import Line, Ref

# A tutorial is never this large; beyond it only the start is read (the install steps come first) and the
# report says so. Notebooks are parsed whole up to MAX_NOTEBOOK_BYTES (their outputs make them big).
MAX_TEXT_CHARS = 2_000_000
MAX_NOTEBOOK_BYTES = 64 * 1024 * 1024
MAX_LINE_CHARS = 4000  # a longer line is cut (minified HTML, base64): claims are short


@dataclass
class Document:
    name: str
    format: str
    lines: list[Line]
    total_lines: int
    notes: list[str] = field(default_factory=list)  # codes: binary, empty, cut, not-json, not-yaml


# ------------------------------------------------------------------------------------------ reading


def _is_binary(data: bytes) -> bool:
    head = data[:8192]
    if not head:
        return False
    if head[:2] in (b"\xff\xfe", b"\xfe\xff") or head[:3] == b"\xef\xbb\xbf":
        return False
    if b"\x00" in head:
        # UTF-16 without a BOM has NULs on one side of every pair; decode_bytes handles it
        odd, even = head[1::2].count(0), head[0::2].count(0)
        pairs = len(head) // 2 or 1
        return not (odd >= pairs * 0.3 and even <= pairs * 0.05 or even >= pairs * 0.3 and odd <= pairs * 0.05)
    controls = sum(1 for b in head if b < 9 or 13 < b < 32)
    return controls > len(head) * 0.05


_DOCKERFILE_NAME = re.compile(r"(?i)^(?:.*\.)?dockerfile(?:\..*)?$|^containerfile$")
_COMPOSE_NAME = re.compile(r"(?i)^(?:docker-)?compose(?:\.[\w-]+)?\.ya?ml$")
_ENV_NAME = re.compile(r"(?i)^(?:.*env.*|.*environment.*|conda.*)\.ya?ml$")
_REQ_NAME = re.compile(r"(?i)^.*requirements.*\.(?:txt|in)$|^constraints.*\.txt$")


def guess_format(name: str, text: str) -> str:
    """The format from the file name, else from the text itself."""
    base = PurePath(name).name if name else ""
    low = base.lower()
    if low.endswith(".ipynb"):
        return "notebook"
    if base and _DOCKERFILE_NAME.match(base):
        return "dockerfile"
    if base and _COMPOSE_NAME.match(base):
        return "compose"
    if low.endswith((".yml", ".yaml")):
        if re.search(r"(?m)^services\s*:", text):
            return "compose"
        return "conda-env" if (_ENV_NAME.match(base) or re.search(r"(?m)^dependencies\s*:", text)) else "text"
    if base and _REQ_NAME.match(base):
        return "requirements"
    if low.endswith((".md", ".markdown", ".rst")):
        return "markdown"
    if low.endswith((".sh", ".bash", ".zsh", ".ps1", ".bat", ".cmd")):
        return "shell"
    stripped = text.lstrip()
    if stripped.startswith("{") and '"cells"' in text[:200_000]:
        return "notebook"
    first = next((ln.strip() for ln in text.splitlines() if ln.strip() and not ln.lstrip().startswith("#")), "")
    if re.match(r"(?i)^(FROM|ARG)\s+\S", first) and re.search(r"(?im)^FROM\s+\S", text):
        return "dockerfile"
    if re.search(r"(?m)^services\s*:\s*$", text):
        return "compose"
    if re.search(r"(?m)^dependencies\s*:\s*$", text) and re.search(r"(?m)^\s+-\s", text):
        return "conda-env"
    if re.search(r"(?m)^```", text) or re.search(r"(?m)^#{1,6} \S", text) and "](" in text:
        return "markdown"
    return "text"


def read_document(data: bytes | str, name: str = "") -> Document:
    """Bytes (or text) -> a ``Document``; never raises."""
    notes: list[str] = []
    if isinstance(data, bytes):
        if _is_binary(data):
            return Document(name, "binary", [], 0, ["binary"])
        if name.lower().endswith(".ipynb") or data.lstrip()[:1] == b"{":
            if len(data) <= MAX_NOTEBOOK_BYTES:
                doc = _notebook(data, name)
                if doc is not None:
                    return doc
        if len(data) > MAX_TEXT_CHARS * 2:  # decode only what is checked (plus room for wide encodings)
            data = data[: MAX_TEXT_CHARS * 2]
            notes.append("cut")
        text = decode_bytes(data)
    else:
        text = data
    if len(text) > MAX_TEXT_CHARS:
        cut = text.rfind("\n", 0, MAX_TEXT_CHARS)
        text = text[: cut if cut > 0 else MAX_TEXT_CHARS]
        if "cut" not in notes:
            notes.append("cut")
    if not text.strip():
        return Document(name, "text", [], 0, ["empty"])
    fmt = guess_format(name, text)
    if fmt == "notebook":
        doc = _notebook(text.encode("utf-8", "replace"), name)
        if doc is not None:
            doc.notes += notes
            return doc
        notes.append("not-json")
        fmt = "text"
    raw = text.splitlines()
    lines = [ln[:MAX_LINE_CHARS] for ln in raw]
    if fmt == "markdown":
        out = _markdown(lines, text)
    elif fmt in ("shell", "dockerfile", "requirements"):
        lang = {"shell": "shell", "dockerfile": "dockerfile", "requirements": "requirements"}[fmt]
        out = [Line(i + 1, t, code=True, lang=lang) for i, t in enumerate(lines)]
    elif fmt in ("compose", "conda-env"):
        out = [Line(i + 1, t, code=True, lang="yaml") for i, t in enumerate(lines)]
    else:
        out = [Line(i + 1, t, code=_looks_like_command(t), lang="shell" if _looks_like_command(t) else "")
               for i, t in enumerate(lines)]
    return Document(name, fmt, out, len(raw), notes)


_PROMPT = re.compile(r"^\s*(?:\$|#|>|PS [^>]*>|\(\w[\w.-]*\)\s*\$?|[\w.-]+@[\w.-]+:[^$]*\$)\s*:?\s*"
                     r"(?=(?:sudo\s+)?(?:pip|python|conda|mamba|docker|nvidia-smi|apt))")
_CMD_START = re.compile(r"^\s*(?:sudo\s+)?(?:pip\d?(?:\.\d+)?|python\d?(?:\.\d+)?|py|conda|mamba|micromamba|docker|"
                        r"nvidia-docker|podman|uv)\s+\S")


def _looks_like_command(text: str) -> bool:
    return bool(_CMD_START.match(text) or _PROMPT.match(text))


def _markdown(lines: list[str], text: str) -> list[Line]:
    """Markdown: fenced and indented code blocks (markdown-it-py's token map) are code, the rest prose."""
    from markdown_it import MarkdownIt

    code_lang: dict[int, str] = {}
    try:
        tokens = MarkdownIt("commonmark").parse(text)
    except Exception:  # noqa: BLE001 - a parser failure leaves every line prose (commands are still found)
        tokens = []
    for tok in tokens:
        if tok.type in ("fence", "code_block") and tok.map:
            info = (tok.info or "").strip().split()[0].lower() if tok.info else ""
            lang = "python" if info in ("python", "py", "ipython", "python3") else (
                "dockerfile" if info == "dockerfile" else "yaml" if info in ("yaml", "yml") else
                "requirements" if info in ("requirements", "txt") and False else "shell")
            start, end = tok.map
            inner = range(start + 1, end - 1) if tok.type == "fence" else range(start, end)
            for i in inner:
                code_lang[i] = lang
    return [Line(i + 1, t, code=i in code_lang or _looks_like_command(t),
                 lang=code_lang.get(i, "shell" if _looks_like_command(t) else ""))
            for i, t in enumerate(lines)]


def _notebook(data: bytes, name: str) -> Document | None:
    """A notebook's cells (plain JSON; outputs are never read): code cells are code, markdown cells prose/code
    as Markdown. Line numbers are per cell (``Line.cell``). None when it is not a notebook."""
    try:
        nb = json.loads(data.decode("utf-8", "replace"))
    except (ValueError, RecursionError):
        return None
    if not isinstance(nb, dict) or not isinstance(nb.get("cells"), list):
        return None
    lang = "python"
    meta = nb.get("metadata") if isinstance(nb.get("metadata"), dict) else {}
    kernel = (meta.get("kernelspec") or {}) if isinstance(meta.get("kernelspec"), dict) else {}
    if str(kernel.get("language", "python")).lower() not in ("python", ""):
        lang = "other"
    out: list[Line] = []
    total = 0
    for ci, cell in enumerate(nb["cells"], start=1):
        if not isinstance(cell, dict):
            continue
        src = cell.get("source", "")
        if isinstance(src, list):
            src = "".join(s for s in src if isinstance(s, str))
        if not isinstance(src, str):
            continue
        cell_lines = [ln[:MAX_LINE_CHARS] for ln in src.splitlines()]
        total += len(cell_lines)
        if cell.get("cell_type") == "code":
            for i, t in enumerate(cell_lines):
                shell = t.lstrip().startswith(("!", "%"))
                out.append(Line(i + 1, t, code=True, lang="shell" if shell else lang, cell=ci))
        elif cell.get("cell_type") == "markdown":
            for ln in _markdown(cell_lines, src):
                out.append(Line(ln.no, ln.text, ln.code, ln.lang, ci))
    notes = [] if out else ["empty"]
    return Document(name, "notebook", out, total, notes)


# ------------------------------------------------------------------------------------------ claims


@dataclass(frozen=True)
class PipReq:
    ref: Ref
    name: str  # normalised: lower case, "_" -> "-"
    spec: str  # the specifier as written ("==2.12.*", "" when unpinned)
    extras: tuple[str, ...]
    token: str  # as written, quotes included
    quoted: bool
    context: str  # shell | dockerfile | requirements | conda-env | notebook
    command: str  # the whole pip command (for the corrected one)


@dataclass(frozen=True)
class CondaSpec:
    ref: Ref
    name: str
    version: str | None  # "2.6.0", "11.2", None when unpinned
    channels: tuple[str, ...]
    action: str  # install | create | env
    command: str


@dataclass(frozen=True)
class Claim:
    """A version stated in words or a table: ``what`` tf | cuda | cudnn | python | driver."""

    ref: Ref
    what: str
    value: str
    upper: str | None = None  # the end of a range ("3.9–3.12")
    open_ended: bool = False  # "2.0+", "3.8 or later", "及以上"
    negated: bool = False  # "不能是3.9", "not 3.9"


@dataclass(frozen=True)
class Image:
    ref: Ref
    image: str  # as written
    repo: str  # "tensorflow/tensorflow", "nvidia/cuda", ...
    tag: str  # "" when none (= latest)
    how: str  # from | compose | run | pull
    gpu_flag: bool = False  # docker run: --gpus / --runtime=nvidia / --device nvidia.com/gpu
    service: str = ""  # compose service name


@dataclass(frozen=True)
class ComposeService:
    ref: Ref
    name: str
    image: Image | None
    gpu: bool  # a device reservation with capabilities [gpu], or runtime: nvidia
    devices_without_caps: Ref | None = None


@dataclass
class Claims:
    pip: list[PipReq] = field(default_factory=list)
    conda: list[CondaSpec] = field(default_factory=list)
    versions: list[Claim] = field(default_factory=list)
    images: list[Image] = field(default_factory=list)
    services: list[ComposeService] = field(default_factory=list)
    windows: list[Ref] = field(default_factory=list)
    wsl: list[Ref] = field(default_factory=list)
    keras_api: list[tuple[Ref, str]] = field(default_factory=list)
    pip_python: list[Ref] = field(default_factory=list)  # "python3 -m venv": pip runs in this machine's Python

    def count(self) -> int:
        return (len(self.pip) + len(self.conda) + len(self.versions) + len(self.images) + len(self.services)
                + len(self.keras_api))


def _ref(line: Line, text: str | None = None) -> Ref:
    return Ref(line.no, (text if text is not None else line.text).strip()[:300], line.cell)


def _logical(lines: list[Line]) -> list[tuple[Line, str]]:
    """Shell and Dockerfile code: lines ending in ``\\`` joined to the next (the first line is the ref)."""
    out: list[tuple[Line, str]] = []
    i = 0
    while i < len(lines):
        ln = lines[i]
        text = ln.text
        j = i
        while ln.code and text.rstrip().endswith(("\\", "`")) and j + 1 < len(lines) and lines[j + 1].code \
                and lines[j + 1].cell == ln.cell and (not text.rstrip().endswith("`") or ln.lang == "shell"):
            j += 1
            text = text.rstrip()[:-1] + " " + lines[j].text.strip()
        out.append((ln, text))
        i = j + 1
    return out


_CJK = re.compile(r"[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]")
_PIP = re.compile(r"(?:^|(?<=[\s;&|(`!%$>:：\u3000-\u303f\u3400-\u9fff\uff00-\uffef]))(?:(?:python\d?(?:\.\d+)?|py(?: -3(?:\.\d+)?)?)\s+-m\s+)?"
                  r"(?:pip\d?(?:\.\d+)?|uv pip)\s+install\s+(?P<rest>[^\n]*)", re.IGNORECASE)
_PIP_ARG_OPTS = {"-r", "--requirement", "-c", "--constraint", "-i", "--index-url", "--extra-index-url", "-f",
                 "--find-links", "-t", "--target", "--prefix", "--root", "--python", "--platform",
                 "--python-version", "--implementation", "--abi", "--src", "--upgrade-strategy", "--trusted-host",
                 "--progress-bar", "--cache-dir", "--log", "--proxy", "--timeout", "--retries", "-e",
                 "--editable", "--only-binary", "--no-binary", "--report", "--config-settings", "-C"}
_REQ_TOKEN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]*(?:\[[A-Za-z0-9,._ -]+\])?(?:\s*(?:===|==|~=|!=|<=|>=|<|>)"
                        r"\s*[A-Za-z0-9.*+!_-]+(?:\s*,\s*(?:===|==|~=|!=|<=|>=|<|>)\s*[A-Za-z0-9.*+!_-]+)*)?$")


def _split_command(rest: str) -> list[str]:
    """The arguments of one command: cut at ; && || | # and at prose (CJK text, sentence punctuation)."""
    cut = re.split(r"\s(?:&&|\|\||;|\|)\s|;\s|\s#|\s//", rest, maxsplit=1)[0]
    m = _CJK.search(cut)
    if m:
        cut = cut[: m.start()]
    try:
        parts = shlex.split(cut, posix=True, comments=False)
        raw = _raw_tokens(cut)
    except ValueError:
        parts = cut.split()
        raw = parts
    if len(raw) != len(parts):
        raw = parts
    return raw


def _raw_tokens(text: str) -> list[str]:
    """Tokens as written (quotes kept), split like a shell would."""
    out: list[str] = []
    lex = shlex.shlex(text, posix=False, punctuation_chars=False)
    lex.whitespace_split = True
    lex.commenters = ""
    for tok in lex:
        out.append(tok)
    return out


def _norm(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _pip_from_command(line: Line, text: str, context: str, out: list[PipReq]) -> None:
    for m in _PIP.finditer(text):
        tokens = _split_command(m.group("rest"))
        skip = False
        for tok in tokens:
            if skip:
                skip = False
                continue
            if tok.startswith("-"):
                if tok in _PIP_ARG_OPTS:
                    skip = True
                continue
            quoted = tok[:1] in ("'", '"') and tok[-1:] == tok[:1] and len(tok) > 1
            bare = tok[1:-1] if quoted else tok
            bare = bare.rstrip(",.;:)，。；：）")
            if not bare or not _REQ_TOKEN.match(bare):
                if re.match(r"^[A-Za-z]", bare) and not re.search(r"[/\\]|://|\.whl$|\.tar\.gz$", bare):
                    break  # prose after the command ("pip install tensorflow and then ...")
                continue
            req = _requirement(bare)
            if req is None:
                continue
            out.append(PipReq(_ref(line), _norm(req.name), str(req.specifier), tuple(sorted(req.extras)), tok,
                              quoted, context, text.strip()[:500]))


def _requirement(text: str) -> Requirement | None:
    try:
        return Requirement(text)
    except InvalidRequirement:
        return None


_CONDA = re.compile(r"(?:^|(?<=[\s;&|(`!%$>:：\u3000-\u303f\u3400-\u9fff\uff00-\uffef]))(?:conda|mamba|micromamba)\s+(?P<verb>install|create|env\s+create)"
                    r"\s+(?P<rest>[^\n]*)", re.IGNORECASE)
_CONDA_ARG_OPTS = {"-n", "--name", "-p", "--prefix", "-c", "--channel", "--file", "-f", "--override-channels"}


def _conda_from_command(line: Line, text: str, out: list[CondaSpec]) -> None:
    for m in _CONDA.finditer(text):
        verb = m.group("verb").split()[0].lower()
        tokens = _split_command(m.group("rest"))
        channels: list[str] = []
        specs: list[str] = []
        i = 0
        while i < len(tokens):
            tok = tokens[i].strip("'\"")
            if tok in ("-c", "--channel") and i + 1 < len(tokens):
                channels.append(tokens[i + 1].strip("'\""))
                i += 2
                continue
            if tok.startswith("--channel="):
                channels.append(tok.split("=", 1)[1])
            elif tok in _CONDA_ARG_OPTS:
                i += 2
                continue
            elif not tok.startswith("-"):
                specs.append(tok)
            i += 1
        for spec in specs:
            parsed = _conda_spec(spec)
            if parsed:
                name, version = parsed
                out.append(CondaSpec(_ref(line), name, version, tuple(channels), verb, text.strip()[:500]))


def _conda_spec(spec: str) -> tuple[str, str | None] | None:
    """``name``, ``name=1.2``, ``name==1.2``, ``name=1.2=build``, ``name>=1.2``, ``channel::name=1.2``."""
    spec = spec.split("::", 1)[-1].strip().rstrip(",.;:)，。")
    m = re.match(r"^([A-Za-z0-9][A-Za-z0-9._-]*)\s*(?:(==|=|>=|<=|<|>|~=)\s*([0-9][0-9A-Za-z.*+_-]*))?", spec)
    if not m or m.end() == 0:
        return None
    name = _norm(m.group(1))
    version = m.group(3)
    if version and m.group(2) in ("=", "=="):
        version = version.split("=")[0].rstrip(".*")
    elif version:
        version = None  # a range: which version conda picks is not decidable here
    return name, version


# version claims in words and tables -------------------------------------------------------------

_V = r"(\d+(?:\.\d+){0,3})"
_NEG = re.compile(r"(?:不能是|不能用|不可以是|不支持|not\s+(?:on\s+|with\s+)?)\s*$", re.IGNORECASE)
_OPEN = re.compile(r"^(?:\+|\s*(?:or|and)\s+(?:later|newer|above|higher)|\s*(?:及以上|以上|或更高|或以上))", re.IGNORECASE)
_RANGE = re.compile(r"^\s*(?:-|–|—|~|～|to|至|到)\s*v?(\d+\.\d+)")
_TF = re.compile(r"(?<![A-Za-z0-9_/.-])(?:tensorflow|TF)(?:[-_ ]?gpu)?(?:\s+version|\s*版本)?\s*(?:[:：=]|==|为|是|v)?\s*"
                 r"v?(?P<v>[12]\.\d+(?:\.\d+)?)(?![\d.]*\d)", re.IGNORECASE)
_TF_TABLE = re.compile(r"(?<![\w/])tensorflow(?:_gpu)?-(?P<v>[12]\.\d+\.\d+)\b")
_CUDA = re.compile(r"(?<![A-Za-z0-9_/-])CUDA(?:®)?(?:\s*Toolkit)?(?:\s*(?:version|版本))?\s*(?:[:：=]\s*)?(?:为|是|必须是|必须为)?\s*"
                   r"v?" + _V + r"(?![\d])", re.IGNORECASE)
_CUDNN = re.compile(r"(?<![A-Za-z0-9_/-])cuDNN(?:\s*SDK)?(?:\s*(?:version|版本))?\s*(?:[:：=]\s*)?(?:为|是|必须是|必须为)?\s*"
                    r"v?" + _V + r"(?![\d])", re.IGNORECASE)
_PY = re.compile(r"(?<![A-Za-z0-9_/-])python(?:\s*(?:version|版本))?\s*(?:[:：=]|==|为|是)?\s*(?P<v>3\.\d{1,2})(?:\.\d+)?"
                 r"(?![\d])", re.IGNORECASE)
_DRIVER = re.compile(r"(?:driver|drivers|驱动)[^0-9\n]{0,40}?(?P<v>\d{3}\.\d{2,3}(?:\.\d{2,3})?)", re.IGNORECASE)
_WINDOWS = re.compile(r"(?<![\w-])(?:Windows(?!\s+Subsystem)|Win\s?(?:10|11)|win(?:10|11))(?![\w-])|Windows系统|"
                      r"Windows\s?(?:10|11)")
_WSL = re.compile(r"(?<![\w-])WSL2?(?![\w-])|Windows Subsystem for Linux", re.IGNORECASE)


def _claims_in_line(line: Line, text: str, out: list[Claim]) -> None:
    for pat, what in ((_TF, "tf"), (_TF_TABLE, "tf")):
        for m in pat.finditer(text):
            v = m.group("v")
            after = text[m.end():]
            out.append(Claim(_ref(line), what, v, open_ended=bool(_OPEN.match(after)) or after.startswith((".x", ".X"))))
    for pat, what in ((_CUDA, "cuda"), (_CUDNN, "cudnn")):
        for m in pat.finditer(text):
            v = m.group(1)
            if what == "cuda" and (v.count(".") == 0 and int(v) > 13 or v.startswith("0")):
                continue
            out.append(Claim(_ref(line), what, v, open_ended=bool(_OPEN.match(text[m.end():]))))
    for m in _PY.finditer(text):
        after = text[m.end():]
        rng = _RANGE.match(after)
        out.append(Claim(_ref(line), "python", m.group("v"), upper=rng.group(1) if rng else None,
                         open_ended=bool(_OPEN.match(after))))
        # "Python:3.6 ~ 3.8(注意不能是3.9或更高)": a negated version later on the same line
        for neg in re.finditer(r"(?:不能是|不能用|不支持|not)\s*(3\.\d{1,2})", after[:80]):
            out.append(Claim(_ref(line), "python", neg.group(1), negated=True,
                             open_ended=bool(_OPEN.match(after[neg.end():]))))
    for m in _DRIVER.finditer(text):
        out.append(Claim(_ref(line), "driver", m.group("v")))
        for more in re.finditer(r"(?:>=|≥|或)\s*(\d{3}\.\d{2,3}(?:\.\d{2,3})?)", text[m.end():]):
            out.append(Claim(_ref(line), "driver", more.group(1)))


# docker ------------------------------------------------------------------------------------------

_IMAGE = re.compile(r"^(?P<repo>[a-z0-9][a-z0-9._/-]*[a-z0-9])(?::(?P<tag>[\w][\w.-]{0,127}))?(?:@sha256:[0-9a-f]+)?$")
_DOCKER_RUN = re.compile(r"(?:^|(?<=[\s;&|(`!$]))(?:sudo\s+)?(?:docker|nvidia-docker|podman)\s+(?:container\s+)?"
                         r"(?P<verb>run|pull|create)\s+(?P<rest>[^\n]*)")
_RUN_VALUE_OPTS = {"-v", "--volume", "-p", "--publish", "-e", "--env", "-w", "--workdir", "--name", "--mount",
                   "-u", "--user", "--network", "--net", "--entrypoint", "--shm-size", "--ipc", "-m", "--memory",
                   "--env-file", "--label", "-l", "--cpus", "--hostname", "-h", "--restart", "--ulimit",
                   "--device", "--gpus", "--runtime", "--platform", "--add-host", "--cap-add", "--security-opt",
                   "--log-driver", "--pid", "--tmpfs", "--volumes-from", "--link", "--expose", "-a", "--attach"}


def parse_image(text: str) -> tuple[str, str] | None:
    """``repo``, ``tag`` of an image reference (``docker.io/`` and ``library/`` dropped); None if not one."""
    t = text.strip().strip("'\"")
    if "$" in t or not t:
        return None
    t = re.sub(r"^(?:docker\.io|index\.docker\.io|registry\.hub\.docker\.com)/", "", t)
    m = _IMAGE.match(t)
    if not m:
        return None
    repo = re.sub(r"^library/", "", m.group("repo"))
    return repo, m.group("tag") or ""


def _docker_from_command(line: Line, text: str, out: list[Image]) -> None:
    for m in _DOCKER_RUN.finditer(text):
        verb = m.group("verb")
        tokens = _split_command(m.group("rest"))
        gpu = text.lstrip().startswith("nvidia-docker") or "nvidia-docker" in text[: m.start() + 20]
        i = 0
        while i < len(tokens):
            tok = tokens[i].strip("'\"")
            if tok.startswith("--gpus") or tok.startswith("--runtime=nvidia") or (
                    tok == "--runtime" and i + 1 < len(tokens) and tokens[i + 1].strip("'\"") == "nvidia"):
                gpu = True
            if tok in ("--device",) and i + 1 < len(tokens) and "nvidia.com/gpu" in tokens[i + 1]:
                gpu = True
            if tok.startswith("--device=nvidia.com/gpu"):
                gpu = True
            if tok.startswith("-"):
                if tok in _RUN_VALUE_OPTS:
                    i += 1
                i += 1
                continue
            parsed = parse_image(tok)
            if parsed:
                out.append(Image(_ref(line, text), tok, parsed[0], parsed[1], verb if verb != "create" else "run",
                                 gpu_flag=gpu))
            break


def _dockerfile(doc_lines: list[Line], claims: Claims) -> None:
    """FROM lines (with ARG defaults filled in) and the RUN commands, through dockerfile-parse."""
    from dockerfile_parse import DockerfileParser

    text = "\n".join(ln.text for ln in doc_lines)
    by_no = {ln.no: ln for ln in doc_lines}
    try:
        parser = DockerfileParser(fileobj=_TextIO(text))
        structure = parser.structure
        args = {}
        for item in structure:
            if item["instruction"] == "ARG":
                k, _, v = item["value"].partition("=")
                if v:
                    args[k.strip()] = v.strip().strip("'\"")
    except Exception:  # noqa: BLE001 - a Dockerfile the parser refuses is read line by line
        structure = []
        args = {}
    for item in structure:
        line = by_no.get(item["startline"] + 1)
        if line is None:
            continue
        ins = item["instruction"]
        value = item["value"]
        if ins == "FROM":
            image = value.split()[0] if value.split() else ""
            image = re.sub(r"\$\{?(\w+)\}?", lambda m: args.get(m.group(1), m.group(0)), image)
            parsed = parse_image(image)
            if parsed:
                claims.images.append(Image(_ref(line), image, parsed[0], parsed[1], "from"))
        elif ins == "RUN":
            _pip_from_command(line, value, "dockerfile", claims.pip)
            _conda_from_command(line, value, claims.conda)
            _claims_in_line(line, value, claims.versions)
        elif ins in ("ENV", "LABEL"):
            pass


class _TextIO:
    """A minimal file object for dockerfile-parse (it reads bytes and never writes here)."""

    def __init__(self, text: str) -> None:
        import io

        self._buf = io.BytesIO(text.encode("utf-8"))

    def read(self, *a):  # noqa: ANN002
        return self._buf.read(*a)

    def seek(self, *a):  # noqa: ANN002
        return self._buf.seek(*a)

    def readlines(self):
        return self._buf.readlines()

    def __iter__(self):
        return iter(self._buf.readlines())


def _yaml_nodes(text: str):
    import yaml

    try:
        return yaml.compose(text, Loader=yaml.SafeLoader)
    except Exception:  # noqa: BLE001 - not YAML after all: the lines are still searched as text
        return None


def _map_get(node, key: str):
    import yaml

    if not isinstance(node, yaml.MappingNode):
        return None
    for k, v in node.value:
        if isinstance(k, yaml.ScalarNode) and k.value == key:
            return v
    return None


def _line_of(node, by_no: dict[int, Line]) -> Line | None:
    return by_no.get(node.start_mark.line + 1)


def _conda_env(doc_lines: list[Line], claims: Claims) -> bool:
    import yaml

    root = _yaml_nodes("\n".join(ln.text for ln in doc_lines))
    deps = _map_get(root, "dependencies")
    if not isinstance(deps, yaml.SequenceNode):
        return False
    by_no = {ln.no: ln for ln in doc_lines}
    chans = _map_get(root, "channels")
    channels = tuple(n.value for n in chans.value if isinstance(n, yaml.ScalarNode)) \
        if isinstance(chans, yaml.SequenceNode) else ()
    for item in deps.value:
        if isinstance(item, yaml.ScalarNode):
            line = _line_of(item, by_no)
            parsed = _conda_spec(str(item.value).replace(" ", ""))
            if line and parsed:
                claims.conda.append(CondaSpec(_ref(line), parsed[0], parsed[1], channels, "env", line.text.strip()))
        elif isinstance(item, yaml.MappingNode):
            pip = _map_get(item, "pip")
            if isinstance(pip, yaml.SequenceNode):
                for p in pip.value:
                    line = _line_of(p, by_no) if isinstance(p, yaml.ScalarNode) else None
                    req = _requirement(str(p.value)) if line else None
                    if line and req:
                        claims.pip.append(PipReq(_ref(line), _norm(req.name), str(req.specifier),
                                                 tuple(sorted(req.extras)), str(p.value), True, "conda-env",
                                                 str(p.value)))
    return True


def _compose(doc_lines: list[Line], claims: Claims) -> bool:
    import yaml

    root = _yaml_nodes("\n".join(ln.text for ln in doc_lines))
    services = _map_get(root, "services")
    if not isinstance(services, yaml.MappingNode):
        return False
    by_no = {ln.no: ln for ln in doc_lines}
    for key, svc in services.value:
        sline = _line_of(key, by_no)
        if sline is None or not isinstance(svc, yaml.MappingNode):
            continue
        image = None
        node = _map_get(svc, "image")
        if isinstance(node, yaml.ScalarNode):
            parsed = parse_image(str(node.value))
            iline = _line_of(node, by_no)
            if parsed and iline:
                image = Image(_ref(iline), str(node.value), parsed[0], parsed[1], "compose", service=str(key.value))
        build = _map_get(svc, "build")
        bargs = _map_get(build, "args") if build is not None else None
        if image is None and isinstance(bargs, yaml.MappingNode):
            for _k, v in bargs.value:
                if isinstance(v, yaml.ScalarNode):
                    parsed = parse_image(str(v.value))
                    vline = _line_of(v, by_no)
                    if parsed and vline and "/" in parsed[0]:
                        image = Image(_ref(vline), str(v.value), parsed[0], parsed[1], "compose",
                                      service=str(key.value))
        gpu = False
        no_caps = None
        runtime = _map_get(svc, "runtime")
        if isinstance(runtime, yaml.ScalarNode) and str(runtime.value) == "nvidia":
            gpu = True
        devs = _map_get(_map_get(_map_get(_map_get(svc, "deploy"), "resources"), "reservations"), "devices")
        if isinstance(devs, yaml.SequenceNode):
            for d in devs.value:
                caps = _map_get(d, "capabilities")
                if caps is None:
                    no_caps = no_caps or (_ref(_line_of(d, by_no)) if _line_of(d, by_no) else None)
                    continue
                vals = [c.value for c in caps.value] if isinstance(caps, yaml.SequenceNode) else []
                if "gpu" in vals:
                    gpu = True
        gpus = _map_get(svc, "gpus")
        if gpus is not None:
            gpu = True
        if image is not None:
            claims.images.append(image)
        claims.services.append(ComposeService(_ref(sline), str(key.value), image, gpu, no_caps))
    return True


# keras 2 APIs (Keras 3, the default from TF 2.16, has none of these) ---------------------------------
KERAS2_APIS = (
    (re.compile(r"\b(?:from|import)\s+(?:tensorflow\.)?keras\.engine\b"), "keras.engine"),
    (re.compile(r"\b(?:from|import)\s+(?:tensorflow\.)?keras\.wrappers\b"), "keras.wrappers"),
    (re.compile(r"\b(?:from|import)\s+(?:tensorflow\.)?keras\.utils\.(?:np_utils|generic_utils|vis_utils)\b"),
     "keras.utils.np_utils / generic_utils"),
    (re.compile(r"\b(?:from|import)\s+(?:tensorflow\.)?keras\.layers\.(?:core|convolutional|recurrent|normalization|"
                r"embeddings|merge|pooling|advanced_activations|wrappers|noise|local)\b"), "keras.layers.<module>"),
    (re.compile(r"\bkeras\.optimizers\.legacy\b"), "keras.optimizers.legacy"),
    (re.compile(r"\b(?:Adam|SGD|RMSprop|Adagrad|Adadelta|Adamax|Nadam)\(\s*lr\s*="), "optimizer(lr=...)"),
)


def extract(doc: Document) -> Claims:
    """Every claim of ``doc`` with its line."""
    claims = Claims()
    structured = False
    if doc.format == "dockerfile":
        _dockerfile(doc.lines, claims)
        structured = True
    elif doc.format == "conda-env":
        structured = _conda_env(doc.lines, claims)
    elif doc.format == "compose":
        structured = _compose(doc.lines, claims)
    elif doc.format == "requirements":
        for ln in doc.lines:
            body = ln.text.split(" #", 1)[0].split("\t#", 1)[0].strip()
            if not body or body.startswith(("#", "-")):
                continue
            req = _requirement(body)
            if req is not None:
                claims.pip.append(PipReq(_ref(ln), _norm(req.name), str(req.specifier), tuple(sorted(req.extras)),
                                         body, True, "requirements", body))
        structured = True
    if doc.format in ("dockerfile", "compose"):
        # comments of a Dockerfile / compose file (a `docker run` it was made from) and prose claims
        for ln in doc.lines:
            if ln.text.lstrip().startswith("#"):
                _docker_from_command(ln, ln.text.lstrip("# "), claims.images)
    if doc.format in ("requirements", "conda-env", "compose"):
        for ln in doc.lines:
            _claims_in_line(ln, ln.text, claims.versions)
    if structured and doc.format != "conda-env":
        _mentions(doc, claims)
        return claims
    for ln, text in _logical(doc.lines):
        if doc.format == "conda-env" and structured:
            break
        stripped = text.lstrip()
        if ln.lang == "python" and not stripped.startswith(("!", "%")):
            for pat, api in KERAS2_APIS:
                if pat.search(text):
                    claims.keras_api.append((_ref(ln), api))
            continue
        comment = ln.code and ln.lang in ("shell", "dockerfile") and stripped.startswith("#")
        if comment:
            _claims_in_line(ln, text, claims.versions)
            continue
        context = "notebook" if ln.cell is not None else ("shell" if ln.code else "text")
        cmd = re.sub(r"^\s*[!%]", "", text) if ln.cell is not None else text
        _pip_from_command(ln, cmd, context, claims.pip)
        _conda_from_command(ln, cmd, claims.conda)
        _docker_from_command(ln, cmd, claims.images)
        if re.search(r"\bpython\d?(?:\.\d+)?\s+-m\s+venv\b|\bvirtualenv\b", cmd):
            claims.pip_python.append(_ref(ln))
        _claims_in_line(ln, text, claims.versions)
    _mentions(doc, claims)
    return claims


def _mentions(doc: Document, claims: Claims) -> None:
    for ln in doc.lines:
        if _WSL.search(ln.text):
            claims.wsl.append(_ref(ln))
        elif _WINDOWS.search(ln.text):
            claims.windows.append(_ref(ln))
