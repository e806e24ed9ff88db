"""Facts a log states, read before any rule: versions, platform, environment, the checks the user ran, pip's
output and a pasted issue template.

Many causes follow from these facts alone (TF 2.17 on native Windows; a container started without
``--gpus``; a Ray worker given no GPU; Keras 3 under Keras-2 code), so the engine reads them first and the
rules' conditions (``fix_when``/``severity_when`` in resources/diagnosis/rules.json) and the derived
findings use them.

``strip_worker_prefixes(text)`` removes the prefixes that schedulers put in front of every line of a worker's
output (Ray's ``(pid=123)``, ``(RayTrainWorker pid=…, ip=…)``, srun's ``--label`` ``0:``, docker compose's
``name  |``) so that the rules see the lines as TensorFlow wrote them; line numbers do not change.

Standard library only; every search is linear in the text (bounded repeats, no line spans).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from itertools import islice
from typing import Any

__all__ = ["LogFacts", "PipNoMatch", "read_facts", "strip_worker_prefixes", "version_tuple"]

_V = r"\d+(?:\.\d+){1,3}"  # a dotted version


def version_tuple(v: object) -> tuple[int, ...] | None:
    """The numeric release of a version string (``core.versions.release``: the core's one parser), None when
    there is none: ``"2.16.1"`` -> (2, 16, 1), ``"2.22.0rc0"`` -> (2, 22, 0)."""
    from tfgpu_wizard.core.versions import release

    return release(v) or None


class _LineCounter:
    """1-based line numbers of offsets, counted incrementally when offsets grow (linear over one pass)."""

    def __init__(self, text: str) -> None:
        self.text, self.pos, self.line = text, 0, 1

    def __call__(self, offset: int) -> int:
        if offset < self.pos:
            self.pos, self.line = 0, 1
        self.line += self.text.count("\n", self.pos, offset)
        self.pos = offset
        return self.line


# ------------------------------------------------------------------------------ worker prefixes

_RAY_PREFIX = re.compile(
    r"(?m)^\((?:[A-Za-z_][\w.:-]{0,60}(?:[ \t]+|,[ \t]*))?"
    r"(?:pid=\d+|raylet|gcs_server|autoscaler|monitor|dashboard)(?:,[ \t]*(?:ip|node_id)=[\w.:-]{1,80})*\)[ \t]?"
)
_SRUN_LABEL = re.compile(r"(?m)^\d{1,4}: ")
_COMPOSE = re.compile(r"(?m)^[A-Za-z][\w.-]{0,60}[ \t]+\| ")
# prefixes of the log's container rather than of a worker: a GitHub Actions log's timestamps
# ("2024-03-05T10:11:12.1234567Z "), docker BuildKit's step and seconds ("#12 34.56 "), and a paste quoted in
# Markdown ("> ") as issue threads often show it
_CONTAINER_PREFIXES: tuple[tuple[str, str, re.Pattern[str]], ...] = (
    ("actions", "Z ", re.compile(r"(?m)^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d{1,9})?Z ")),
    ("buildkit", "#", re.compile(r"(?m)^#\d{1,4} \d{1,6}\.\d{1,4} ")),
    ("quote", ">", re.compile(r"(?m)^> ?(?=[^>\r\n]|\r?$)")),
)
WORKER_PREFIXES = frozenset({"ray", "srun", "compose"})


def _most_lines(pat: re.Pattern[str], text: str, lines: int) -> bool:
    n = len(pat.findall(text, 0, 200_000))
    return n >= 3 and n >= 0.5 * min(lines, 200_000 / 80)


_HTML_CHARS = {"&quot;": '"', "&#39;": "'", "&#x27;": "'", "&lt;": "<", "&gt;": ">", "&amp;": "&", "&nbsp;": " "}
_HTML_ENTITY = re.compile("|".join(re.escape(k) for k in _HTML_CHARS))


def decode_entities(text: str) -> tuple[str, bool]:
    """A paste taken from a web page's source keeps its quotes as entities (File &quot;x.py&quot;, line 3, in
    &lt;module&gt;): (the text with them as the characters they stand for, whether any was). None of them is a
    line break, so line numbers stay."""
    if "&" not in text[:4_000_000] or len(_HTML_ENTITY.findall(text, 0, 200_000)) < 2:
        return text, False
    return _HTML_ENTITY.sub(lambda m: _HTML_CHARS[m.group(0)], text), True


def strip_worker_prefixes(text: str) -> tuple[str, str | None]:
    """(text without scheduler prefixes, which kind was stripped: "ray" | "srun" | "compose" | "actions" |
    "buildkit" | "quote" | None). Only whole prefixes at line starts are removed; line numbers stay the same."""
    kind = None
    if "pid=" in text or "(raylet" in text:
        stripped, n = _RAY_PREFIX.subn("", text)
        if n:
            return stripped, "ray"
    lines = text.count("\n") + 1
    if lines >= 3 and ": " in text[:2000]:
        if _most_lines(_SRUN_LABEL, text, lines):
            return _SRUN_LABEL.sub("", text), "srun"
    if lines >= 3 and " | " in text[:4000]:
        if _most_lines(_COMPOSE, text, lines):
            return _COMPOSE.sub("", text), "compose"
    for name, gate, pat in _CONTAINER_PREFIXES:
        if lines >= 3 and gate in text[:4000] and _most_lines(pat, text, lines):
            text, kind = pat.sub("", text), kind or name
    return text, kind


# ------------------------------------------------------------------------------ the facts


@dataclass
class PipNoMatch:
    """pip's "Could not find a version that satisfies the requirement X (from versions: ...)"."""

    requirement: str  # as pip printed it, e.g. "tensorflow==2.11"
    package: str  # the name, lower case, e.g. "tensorflow-gpu"
    wanted: str | None  # the version asked for, e.g. "2.11" (None: any)
    versions: list[str]  # the versions pip saw, pre-releases included
    line: int  # 1-based line of the "No matching distribution" / "Could not find" line
    abi_tags: list[str] = field(default_factory=list)  # uv: the Python tags the release has wheels for ("cp311")
    python: str = ""  # uv, pip's Requires-Python check: the Python the environment runs ("3.12")
    python_range: str = ""  # pip's Requires-Python check: the Pythons the package supports (">=3.8")


@dataclass
class PipConflict:
    """One line of pip's dependency-conflict block: "A 1.0 requires B<2, but you have B 2.1 which is incompatible"
    (``have`` empty when the line was pasted without its "but you have" part), or of its resolver's "The conflict is
    caused by:" block: "A 1.0 depends on B<2" / "The user requested B==2.1" (``package`` "the user" then)."""

    package: str
    version: str
    requires: str  # the requirement, e.g. "keras<2.11,>=2.10.0"
    have: str  # the installed package name
    have_version: str
    line: int
    kind: str = ""  # "" pip/uv/poetry/conda; "runtime": a check at start-up (pkg_resources, a library's own check)


@dataclass
class LogFacts:
    tf_version: str | None = None
    tf_version_from: str = ""  # "log" | "template" | "pip" ...
    python_version: str | None = None  # "3.12" or "3.12.1"
    python_bits: int | None = None  # 32 when the log shows a 32-bit Python
    cuda_version: str | None = None  # what the user says / nvcc prints (not nvidia-smi's driver CUDA)
    cudnn_version: str | None = None
    driver_version: str | None = None  # nvidia-smi's "Driver Version"
    driver_cuda: str | None = None  # nvidia-smi's "CUDA Version" (the newest the driver supports)
    libcuda_version: str | None = None  # TF's "libcuda reported version is: X"
    kernel_version: str | None = None  # TF's "kernel reported version is: Y", /proc/driver/nvidia/version
    userspace_driver: str | None = None  # the driver's user-space packages (dpkg/rpm lists, "NVML library version")
    gpu_model: str | None = None
    packages: dict[str, str] = field(default_factory=dict)  # name (lower, '-') -> version
    platform: str | None = None  # "linux" | "windows" | "wsl2" | "macos", from strong evidence only
    platform_from: str = ""
    environment: set[str] = field(default_factory=set)  # container, ngc, docker, apptainer, kubernetes,
    #   ray, slurm, colab, kaggle, jupyter, conda, worker
    docker_runs: list[tuple[int, bool, bool]] = field(default_factory=list)  # (line, gpus flag, runs nvidia-smi)
    smi_tables: list[int] = field(default_factory=list)  # lines of nvidia-smi headers (a working nvidia-smi)
    gpu_check_in_container_ok: bool = False  # `docker run --gpus … nvidia-smi` printed its table
    pip_no_match: list[PipNoMatch] = field(default_factory=list)
    pip_conflicts: list[PipConflict] = field(default_factory=list)
    pip_resolution_impossible: list[int] = field(default_factory=list)
    pip_no_dist: list[str] = field(default_factory=list)  # pip's "no matching distributions available for your
    #   environment" list under a conflict (packages with no release for this Python/platform)
    conda_virtual: str = ""  # a conda/mamba solver failing on a virtual package the system lacks ("__cuda")
    pip_cuda_wheels: bool = False  # pip's NVIDIA CUDA wheels are installed (nvidia/*/lib, nvidia-*-cu12)
    opened_libraries: list[str] = field(default_factory=list)  # "Successfully opened dynamic library X"
    template: dict[str, str] = field(default_factory=dict)  # issue-template field -> value
    worker_prefix: str | None = None  # what strip_worker_prefixes removed
    keras_version: str | None = None
    keras3_paths: bool = False  # a traceback through keras/src/ (Keras 3 layout) or keras 3 in the log
    device_listing_without_gpu: int = 0  # line of a printed device list (device_lib, list_physical_devices())
    #   that has the CPU and no GPU (0: none)
    built_without_cuda: int = 0  # line where tf.test.is_built_with_cuda() printed False (0: none)
    tf_keras_paths: bool = False  # a traceback through tf_keras/ (Keras 2 as tf-keras)

    @property
    def tf(self) -> tuple[int, ...] | None:
        return version_tuple(self.tf_version)

    def keras_major(self) -> int | None:
        """3 or 2 when the log tells which Keras is in use (its version, TF's, or the traceback's paths)."""
        kv = version_tuple(self.keras_version)
        if kv:
            return 3 if kv[0] >= 3 else 2
        if self.tf_keras_paths:
            return 2
        if self.keras3_paths:
            return 3
        tf = self.tf
        if tf:
            return 3 if tf >= (2, 16) else 2
        return None

    def flags(self) -> dict[str, bool]:
        """The yes/no facts the rules' conditions can ask for (``"facts": {...}``)."""
        return {
            "pip_cuda_wheels": self.pip_cuda_wheels,
            "gpu_check_in_container_ok": self.gpu_check_in_container_ok,
            "smi_ok": bool(self.smi_tables),
            "docker_without_gpus": any(not gpus for _, gpus, _ in self.docker_runs),
            "docker_with_gpus": any(gpus for _, gpus, _ in self.docker_runs),
            "container": "container" in self.environment,
            "worker": "worker" in self.environment,
            "template": bool(self.template),
            "notebook": bool({"colab", "kaggle", "jupyter"} & self.environment),
            "opened_cuda_libraries": any(
                re.match(r"lib(?:cudart|cublas|cudnn|cufft|curand|cusparse)", lib) for lib in self.opened_libraries
            ),
        }

    def to_dict(self) -> dict[str, Any]:
        out = {
            k: v
            for k, v in self.__dict__.items()
            if v not in (None, "", [], {}, set(), False) and k not in ("docker_runs", "smi_tables")
        }
        out["environment"] = sorted(self.environment)
        out["pip_no_match"] = [p.__dict__ for p in self.pip_no_match]
        out["pip_conflicts"] = [p.__dict__ for p in self.pip_conflicts]
        return out


# ------------------------------------------------------------------------------ readers

# (a literal the text must hold for the pattern to be tried, the pattern): the gate keeps a big log cheap
_TF_VERSION = (
    ("Flow", re.compile(r"Tensor ?Flow(?: [Vv]ersion)?\s{0,3}[:=]?\s{0,3}v?(\d+\.\d+(?:\.\d+)?)\b")),
    (".dist-info", re.compile(r"tensorflow(?:[-_](?:cpu|gpu|intel|macos))?[-_](\d+\.\d+(?:\.\d+)?)\.dist-info")),
    ("__version__", re.compile(r"tf\.__version__\W{0,10}(\d+\.\d+(?:\.\d+)?)\b")),
    ("Successfully installed", re.compile(
        r"Successfully installed [^\r\n]{0,4000}?\btensorflow(?:-gpu|-cpu|-intel)?-(\d+\.\d+(?:\.\d+)?)\b")),
    ("tensorflow", re.compile(r"^tensorflow(?:-gpu|-cpu|-intel)?(?:==|[ \t]{2,40})(\d+\.\d+(?:\.\d+)?)[ \t]*\r?$",
                              re.M)),
    ("Requirement already satisfied: tensorflow", re.compile(
        r"Requirement already satisfied: tensorflow(?:\[[\w-]+\])?(?:[<>=!~][^ \r\n]{0,40})? in "
        r"[^\r\n]{0,400}\((\d+\.\d+(?:\.\d+)?)\)")),
    ("Name: tensorflow", re.compile(r"Name: tensorflow(?:-gpu|-cpu|-intel)?\r?\nVersion: (\d+\.\d+(?:\.\d+)?)")),
    # "You have tensorflow 2.16.1 and ...", pip's "tensorflow 2.15.0 requires ..." (the installed version)
    ("tensorflow", re.compile(r"tensorflow(?:-gpu|-cpu|-intel)? (\d+\.\d+\.\d+)\b")),
)


def _tf_version(text: str) -> str | None:
    for gate, pat in _TF_VERSION:
        m = pat.search(text) if gate in text else None
        if m:
            return m.group(1)
    return None


_PY_VERSION = (
    ("Python 3", re.compile(r"Python (3\.\d{1,2}(?:\.\d{1,2})?)\b")),
    ("ython3.", re.compile(r"ython(3\.\d{1,2})[/\\](?:site|dist)-packages")),
    ("Python3", re.compile(r"Python(3\d{1,2})(?:-32)?[/\\]")),
    ("-cp3", re.compile(r"cp(3\d{1,2})-cp3\d{1,2}")),
)


def _python_version(text: str) -> str | None:
    for i, (gate, pat) in enumerate(_PY_VERSION):
        m = pat.search(text) if gate in text else None
        if m:
            v = m.group(1)
            if i >= 2:  # "312" -> "3.12"
                v = v[0] + "." + v[1:]
            return v
    return None


_TEMPLATE_FIELDS = {
    "tensorflow version": "tf_version",
    "tf version": "tf_version",
    "os platform and distribution": "os",
    "os platform": "os",
    "operating system": "os",
    "os": "os",
    "python version": "python_version",
    "cuda/cudnn version": "cuda_cudnn",
    "cuda version": "cuda_cudnn",
    "gpu model and memory": "gpu",
    "gpu model": "gpu",
    "tensorflow installed from": "source",
    "source": "source",
    "custom code": "custom_code",
    "keras version": "keras_version",
}
_TEMPLATE_HEAD = re.compile(r"(?m)^#{2,4}[ \t]*([A-Za-z][A-Za-z /]{1,60}?)[ \t]*\??[ \t]*\r?$")
_TEMPLATE_LINE = re.compile(
    r"(?m)^[ \t]*[-*]?[ \t]*(?:\*\*)?([A-Za-z][A-Za-z /]{1,40}?)(?:\*\*)?(?:[ \t]*\([^)\r\n]{0,80}\))?"
    r"[ \t]*:(?:\*\*)?[ \t]*([^\r\n]{1,200})$"
)


def _template(text: str) -> dict[str, str]:
    """Fields of a pasted GitHub issue template (the 2023+ form with ``### Field`` headings, the older
    ``- Field (e.g. ...): value`` list) that say something (not ``_No response_``)."""
    out: dict[str, str] = {}
    if "###" in text:
        heads = list(_TEMPLATE_HEAD.finditer(text, 0, 2_000_000))
        for i, m in enumerate(heads):
            key = _TEMPLATE_FIELDS.get(m.group(1).strip().lower())
            if not key or key in out:
                continue
            end = heads[i + 1].start() if i + 1 < len(heads) else min(len(text), m.end() + 400)
            body = [ln.strip() for ln in text[m.end() : min(end, m.end() + 400)].splitlines() if ln.strip()]
            body = [b for b in body if not b.startswith("```")]
            if body and body[0] not in ("_No response_", "No response"):
                out[key] = body[0][:200]
    if not any(k in text for k in ("version", "Version", "OS ", "Platform", "platform", "GPU model")):
        return out
    for m in _TEMPLATE_LINE.finditer(text, 0, 2_000_000):
        key = _TEMPLATE_FIELDS.get(m.group(1).strip().lower())
        if key and key != "source" and key not in out:
            value = m.group(2).strip().strip("*").strip()
            if value and value.lower() not in ("n/a", "na", "-", "none", "no response", "_no response_"):
                out[key] = value[:200]
    return out


def _platform_from_os(value: str) -> str | None:
    v = value.lower()
    if "wsl" in v:
        return "wsl2"
    if "windows" in v or re.search(r"\bwin ?1[01]\b", v):
        return "windows"
    if "macos" in v or "mac os" in v or "os x" in v or "darwin" in v or re.search(r"\bm[1-4]\b", v):
        return "macos"
    if re.search(r"linux|ubuntu|debian|centos|fedora|rhel|red hat|arch|mint|rocky|suse|pop!?_os", v):
        return "linux"
    return None


_MAC = re.compile(r"macosx_\d+_\d+_(?:arm64|x86_64|universal2)|/opt/homebrew/|Darwin Kernel|/Users/[^/\s]+/"
                  r"(?:opt|miniforge3|miniconda3|anaconda3|\.pyenv|Library)/|Apple M[1-4]\b")
_MAC_GATES = ("macosx_", "/opt/homebrew/", "Darwin Kernel", "/Users/", "Apple M")


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


def _platform(text: str, template_os: str | None) -> tuple[str | None, str]:
    if "/usr/lib/wsl/" in text or "microsoft-standard-WSL" in text or "\\lxss\\" in text:
        return "wsl2", "log"
    if template_os:
        p = _platform_from_os(template_os)
        if p:
            return p, "template"
    if "WSL" in text and re.search(r"\bWSL ?2?\b", text):
        return "wsl2", "log"
    if any(g in text for g in _MAC_GATES) and _MAC.search(text):
        return "macos", "log"
    if (
        ".dll" in text
        or ".DLL" in text
        or "win_amd64" in text
        or "Microsoft Windows [Version" in text
        or "PS C:\\" in text
        or _has_drive_path(text)
    ):
        return "windows", "log"
    if any(m in text for m in ("manylinux", "/usr/lib/x86_64-linux-gnu", "/home/", "/usr/local/lib/python3", ".so.")):
        return "linux", "log"
    return None, ""


# packages pip says are installed
_SUCCESS = re.compile(r"Successfully installed ([^\r\n]{1,8000})")
_FREEZE = re.compile(r"(?m)^([A-Za-z][\w.-]{0,80})==(\d[\w.+!-]{0,40})[ \t]*\r?$")
_SATISFIED = re.compile(
    r"Requirement already satisfied: ([A-Za-z][\w.-]{0,80})(?:\[[\w,-]+\])?(?:[<>=!~][^ \r\n]{0,60})? in "
    r"[^\r\n]{0,400}?\((\d[\w.+!-]{0,40})\)"
)
_FOUND_EXISTING = re.compile(r"Found existing installation: ([A-Za-z][\w.-]{0,80}) (\d[\w.+!-]{0,40})")
_PIP_SHOW = re.compile(r"(?m)^Name: ([A-Za-z][\w.-]{0,80})\r?\nVersion: (\d[\w.+!-]{0,40})")
_PIP_LIST_HEAD = re.compile(r"(?m)^Package[ \t]+Version[ \t]*(?:[A-Za-z \t]*)?\r?\n[- \t]+\r?\n")
_PIP_LIST_ROW = re.compile(r"([A-Za-z][\w.-]{0,80})[ \t]+(\d[\w.+!-]{0,40})")
_DIST_INFO = re.compile(r"[/\\]([A-Za-z][\w.]{0,80}?)-(\d[\w.+!]{0,40}?)\.dist-info")


def _norm(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _packages(text: str) -> dict[str, str]:
    out: dict[str, str] = {}

    def put(name: str, version: str) -> None:
        out.setdefault(_norm(name), version)

    for m in islice(_SUCCESS.finditer(text), 200) if "Successfully installed" in text else ():
        for tok in m.group(1).split():
            mm = re.match(r"([A-Za-z][\w.-]*?)-(\d[\w.+!]*)$", tok)
            if mm:
                out[_norm(mm.group(1))] = mm.group(2)  # the last install wins
    for gate, pat in (("Name: ", _PIP_SHOW), ("already satisfied", _SATISFIED), ("==", _FREEZE),
                      (".dist-info", _DIST_INFO)):
        for m in islice(pat.finditer(text), 5000) if gate in text else ():
            put(m.group(1), m.group(2))
    for m in islice(_PIP_LIST_HEAD.finditer(text), 20) if "Package" in text else ():
        pos = m.end()
        for _ in range(2000):
            end = text.find("\n", pos)
            line = text[pos : end if end >= 0 else len(text)].strip()
            row = _PIP_LIST_ROW.fullmatch(line.split("  /")[0].strip()) if line else None
            if not row:
                row = _PIP_LIST_ROW.match(line) if line else None
            if not row:
                break
            put(row.group(1), row.group(2))
            if end < 0:
                break
            pos = end + 1
    for m in islice(_FOUND_EXISTING.finditer(text), 500) if "Found existing" in text else ():  # weakest: before
        put(m.group(1), m.group(2))
    return out


_NO_MATCH = re.compile(
    r"Could not find a version that satisfies the requirement ([^\s(]{1,200})"
    r"(?: \(from versions: ([^)\r\n]{0,20000})\))?"
)
_NO_MATCH_ONLY = re.compile(r"No matching distribution found for ([^\s]{1,200})")
_REQ = re.compile(r"([A-Za-z][\w.-]{0,80})(?:\[[\w,-]+\])?\s*(?:(==|~=|>=|<=|<|>|!=)\s*([\w.*+!-]{1,40}))?")


# other installers' words for pip's "no matching distribution": uv, poetry, conda, IDE front ends
_UV_NO_WHEEL = re.compile(
    r"Distribution ([A-Za-z][\w.-]{0,80}(?:\[[\w,-]+\])?(?:==|>=|~=)?[\w.*+!-]{0,40})(?: @ [^\s]{1,200})? can't be "
    r"installed because it doesn't have a source distribution or wheel for the current platform"
    r"(?:[^\r\n]{0,200}?You're using CPython (3\.\d{1,2}) \(cp3\d{1,2}\), but [^\r\n]{1,120}? only has wheels "
    r"with the following Python (?:ABI |implementation )?tags?: ([^\r\n]{1,200}))?"
)
_OTHER_NO_MATCH = re.compile(
    r"there is no version of ([A-Za-z][\w.-]{0,80}(?:==|>=|~=|<=)[\w.*+!-]{1,40})"  # uv's resolver
    r"|No version ([\w.*+!-]{1,40}) of (?:the )?([A-Za-z][\w.-]{0,80}) (?:package )?(?:was|were|could be) found"
    r"|Because [^\r\n]{0,200}?\b([A-Za-z][\w.-]{0,80}) \(([^()\r\n]{1,40})\) (?:which )?doesn't match any versions"
)
# pip's Requires-Python check: "ERROR: Package 'tensorflow-io' requires a different Python: 3.7.9 not in '>=3.8'"
_WRONG_PYTHON = re.compile(
    r"Package '([A-Za-z][\w.-]{0,80})' requires a different Python: (3\.\d{1,2})(?:\.\d{1,3})? not in '([^'\r\n]{1,60})'"
)
_CONDA_NOT_FOUND = re.compile(
    r"PackagesNotFoundError: The following packages are not available from current channels:\s{0,8}"
    r"((?:[ \t]{0,8}-[ \t]{1,4}[A-Za-z][\w.-]{0,80}(?:[=<>!~]{1,2}[\w.*+!-]{1,40})?\r?\n?){1,20})"
)


def _other_no_match(text: str, line_of) -> list[PipNoMatch]:
    out: list[PipNoMatch] = []
    for m in islice(_UV_NO_WHEEL.finditer(text), 10) if "can't be installed" in text else ():
        req = m.group(1)
        rm = _REQ.match(req)
        pkg = _norm(rm.group(1)) if rm else req.lower()
        wanted = rm.group(3) if rm and rm.group(2) in ("==", "~=", ">=") else None
        tags = re.findall(r"cp3\d{1,2}", m.group(3) or "")
        out.append(PipNoMatch(req, pkg, wanted, [], line_of(m.start()), tags, m.group(2) or ""))
    gates = ("no version of", "No version ", "doesn't match any versions")
    for m in islice(_OTHER_NO_MATCH.finditer(text), 10) if any(g in text for g in gates) else ():
        if m.group(1):
            req = m.group(1)
        elif m.group(3):
            req = f"{m.group(3)}=={m.group(2)}"
        else:
            spec = m.group(5).strip()
            req = m.group(4) + (spec if spec[:1] in "<>=!~" else f"=={spec}")
        rm = _REQ.match(req)
        pkg = _norm(rm.group(1)) if rm else req.lower()
        wanted = rm.group(3) if rm and rm.group(2) in ("==", "~=", ">=") else None
        out.append(PipNoMatch(req, pkg, wanted, [], line_of(m.start())))
    for m in islice(_WRONG_PYTHON.finditer(text), 5) if "requires a different Python" in text else ():
        out.append(PipNoMatch(m.group(1), _norm(m.group(1)), None, [], line_of(m.start()), [], m.group(2),
                              m.group(3)))
    for m in islice(_CONDA_NOT_FOUND.finditer(text), 5) if "PackagesNotFoundError" in text else ():
        for item in re.findall(r"-[ \t]{1,4}([^\s]{1,120})", m.group(1)):
            req = item.replace("=", "==", 1) if re.search(r"[^=<>!~]=[^=]", item) else item
            rm = _REQ.match(req)
            pkg = _norm(rm.group(1)) if rm else req.lower()
            wanted = rm.group(3) if rm and rm.group(2) in ("==", "~=", ">=") else None
            out.append(PipNoMatch(req, pkg, wanted, [], line_of(m.start())))
    return out


def _pip_no_match(text: str, line_of) -> list[PipNoMatch]:
    out: list[PipNoMatch] = []
    seen: set[str] = set()
    for m in islice(_NO_MATCH.finditer(text), 20):
        req = m.group(1).strip().strip("'\"")
        rm = _REQ.match(req)
        pkg = _norm(rm.group(1)) if rm else req.lower()
        wanted = rm.group(3) if rm and rm.group(2) in ("==", "~=", ">=") else None
        versions = [v.strip() for v in (m.group(2) or "").split(",") if v.strip() and v.strip() != "none"]
        out.append(PipNoMatch(req, pkg, wanted, versions, line_of(m.start())))
        seen.add(req)
    for m in islice(_NO_MATCH_ONLY.finditer(text), 20):
        req = m.group(1).strip().strip("'\"")
        if req in seen:
            continue
        rm = _REQ.match(req)
        pkg = _norm(rm.group(1)) if rm else req.lower()
        wanted = rm.group(3) if rm and rm.group(2) in ("==", "~=", ">=") else None
        out.append(PipNoMatch(req, pkg, wanted, [], line_of(m.start())))
        seen.add(req)
    return out + [o for o in _other_no_match(text, line_of) if o.requirement not in seen]


_CONFLICT = re.compile(
    r"([A-Za-z][\w.-]{0,80}) (\d[\w.+!-]{0,40}) (?:requires|has requirement) ([A-Za-z][\w.-]{0,80}[^\r\n]{0,160}?), "
    r"but you(?:'ll)? have ([A-Za-z][\w.-]{0,80}) (\d[\w.+!-]{0,40}?)(?=[.,]?(?:\s|$))"
)
_CONFLICT_CAUSED = re.compile(
    r"(?:Cannot install [^\r\n]{1,600}? because these package versions have conflicting dependencies"
    r"|ResolutionImpossible"
    r"|UnsatisfiableError: The following (?:specifications|packages) (?:were|are) (?:found|incompatible)"  # conda
    # conda's and mamba's solver in its several releases: the headline and the tree's words
    r"|LibMambaUnsatisfiableError|(?:Could not|[Ff]ailed to) solve for environment|Encountered problems while solving"
    r"|Solving environment: failed(?! with)|nothing provides [\w.-]{1,80} needed by"
    r"|is (?:not installable|uninstallable) because|Package [\w.-]{1,80} conflicts for:"
    r"|No solution found when resolving dependencies"  # uv
    r"|SolverProblemError|version solving failed"  # poetry
    r"|incompatible versions in the resolved dependencies)"  # pipenv
)


# uv's and poetry's reasoning: "Because tensorflow==2.16.1 depends on numpy<2 and you require numpy>=2, ...",
# "Because only tensorflow<=2.16.1 is available and tensorflow==2.16.1 depends on numpy>=1.23.5,<2.0.0, we can
# conclude ...", poetry's "Because tensorflow (2.13.0) depends on typing-extensions (>=3.6.6,<4.6.0)\n and pydantic
# (2.0) depends on typing-extensions (>=4.6.1), ...": every "A==1 depends on B<2" clause of such a sentence
_DEPENDS_CLAUSE = re.compile(
    r"(?<![\w.<>=!~-])([A-Za-z][\w.-]{0,80})(?:\[[\w,-]{1,60}\])?(?:==| \(=?=?)(\d[\w.+!*-]{0,40})\)? depends on "
    r"([A-Za-z][\w.-]{0,80}(?:\[[\w,-]{1,60}\])?(?: \()?[<>=!~^*][^\s,()]{0,60}(?:,[<>=!~][^\s,()]{0,40}){0,4}\)?)"
)
# what the user (the project) asks for, in uv's and poetry's words
_USER_REQUIRES = re.compile(
    r"(?:you require|your project depends on|root depends on)(?: both)? "
    r"([A-Za-z][\w.-]{0,80}(?:\[[\w,-]{1,60}\])?(?: \()?[<>=!~^*][^\s,()]{0,60}(?:,[<>=!~][^\s,()]{0,40}){0,4}\)?)"
)
_NOT_INSTALLED = re.compile(
    r"([A-Za-z][\w.-]{0,80}) (\d[\w.+!-]{0,40}) requires ([A-Za-z][\w.-]{0,80}[^\r\n,]{0,80}?(?:,[<>=!~][^\s,]{1,40})"
    r"{0,4}), which is not installed"
)
# mamba's "package tensorflow-2.10.0-cpu_py310h… requires python >=3.10,<3.11.0a0, but none of the providers can be
# installed"
_MAMBA_REQUIRES = re.compile(
    r"package ([A-Za-z][\w.-]{0,80}?)-(\d[\w.]{0,30})-[\w.]{1,80} requires ([^,\r\n]{1,60}(?:,[^,\r\n]{1,40}){0,3}), "
    r"but none of the providers can be installed"
)
# conda's "UnsatisfiableError: ... incompatible with the existing python installation": "  - tensorflow-gpu ->
# python[version='>=3.7,<3.8.0a0|>=3.8,<3.9.0a0']" and "Your python: python=3.9"; its "Package python conflicts
# for:" block holds the same arrows
_CONDA_ARROW = re.compile(
    r"(?m)^[ \t]{0,8}(?:-[ \t]{1,4})?([A-Za-z][\w.-]{0,80})(?:[=<>][^\s]{0,80})?(?: -> [^\r\n]{1,300}?)? -> "
    r"(python|__cuda|__glibc|[A-Za-z][\w.-]{0,80})(?:\[version='([^'\r\n]{1,300})'\]|[=<>][^\s]{0,80})?[ \t]*\r?$"
)
_CONDA_YOUR = re.compile(r"Your (python|installed version is): ?(?:python=)?([\w.]{1,40})")
# mamba's tree: "└─ tensorflow 2.10**  is not installable because it requires\n   └─ python >=3.10,<3.11.0a0 *, which
# conflicts with any installable versions previously reported." and "├─ python 3.12**  is requested and can be
# installed;"
_MAMBA_TREE = re.compile(
    r"([A-Za-z][\w.-]{0,80}) ([\d.*]{1,40})[ \t]{1,8}is (?:not installable|uninstallable) because (?:it|they) "
    r"requires?[ \t]*\r?\n[ \t│├└─]{0,40}([A-Za-z_][\w.-]{0,80})(?: ([^\s]{1,60}))?"
)
_NOTHING_PROVIDES = re.compile(
    r"nothing provides ([^\s]{1,80}(?: [<>=!~]{0,2}[\w.*]{1,40})?) needed by ([A-Za-z][\w.-]{0,80}?)-(\d[\w.]{0,30})-[\w.]{1,80}"
)
_MAMBA_REQUESTED = re.compile(r"([A-Za-z][\w.-]{0,80}) ([\d.*]{1,40})[ \t]{1,8}is requested and can be installed")
# pkg_resources at a program's start: "pkg_resources.ContextualVersionConflict: (numpy 1.23.3 (/path),
# Requirement.parse('numpy~=1.19.2'), {'tensorflow'})", "VersionConflict: (protobuf 4.21.0 (/path), Requirement.parse(
# 'protobuf<3.20'))", "DistributionNotFound: The 'keras<2.7,>=2.6.0' distribution was not found and is required by
# tensorflow"
_PKG_RESOURCES = re.compile(
    r"VersionConflict: \(([A-Za-z][\w.-]{0,80}) (\d[\w.+!-]{0,40}) [^\r\n]{0,400}?Requirement\.parse\('([^'\r\n]{1,200})'\)"
    r"(?:, \{([^}\r\n]{1,200})\})?"
    r"|DistributionNotFound: The '([^'\r\n]{1,200})' distribution was not found(?: and is required by ([^\r\n]{1,200}))?"
)
# a library's own check of its requirements at import: "tokenizers>=0.11.1,!=0.11.3,<0.14 is required for a normal
# functioning of this module, but found tokenizers==0.14.0."
_RUNTIME_CHECK = re.compile(
    r"([A-Za-z][\w.-]{0,80}[<>=!~][^\s]{1,120}) is required for a normal functioning of this module, but found "
    r"([A-Za-z][\w.-]{0,80})==(\d[\w.+!-]{0,40}?)(?=[.,]?(?:\s|$))"
)
# pip's resolver: "Additionally, some packages in these conflicts have no matching distributions available for your
# environment:\n    tensorflow-intel"
_POETRY_NO_WHEEL = re.compile(r"([A-Za-z][\w.-]{0,80}) \([\w.]{1,40}\) has no wheels with a matching platform tag")
_NO_DIST = re.compile(r"no matching distributions available for your environment:[ \t]*\r?\n((?:[ \t]{2,12}[\w.-]{1,80}"
                      r"[ \t]*\r?\n?){1,20})")
# the packages pip names in "Cannot install A==1, B and C because these package versions have conflicting dependencies"
_CANNOT_INSTALL = re.compile(r"Cannot install ([^\r\n]{1,600}?) because these package versions have conflicting")
_REQUIRES_LINE = re.compile(
    r"(?m)^[ \t>]{0,6}([A-Za-z][\w.-]{0,80}) (\d[\w.+!-]{0,40}) requires ([A-Za-z][\w.-]{0,80}[<>=!~][^\s,]{1,40}"
    r"(?:,[<>=!~][^\s,]{1,40}){0,4})[ \t]*\r?$"
)
# the resolver's "The conflict is caused by:" block
_CAUSED_BY = re.compile(r"(?:The )?conflict is caused by:[ \t]*\r?\n((?:[ \t]{1,12}[^\r\n]{1,400}\r?\n?){1,30})")
_CAUSE_LINE = re.compile(
    r"[ \t]{1,12}(?:The user requested ([A-Za-z][\w.-]{0,80}(?:\[[\w,-]+\])?[^\r\n]{0,120})"
    r"|([A-Za-z][\w.-]{0,80})(?:\[[\w,-]{1,60}\])? (\d[\w.+!-]{0,40}) depends on "
    r"([A-Za-z][\w.-]{0,80}(?:\[[\w,-]+\])?[^\r\n]{0,160}))"
)


def _requirement(req: str) -> str:
    """A requirement as pip, uv and poetry print it, without its environment marker (``; extra == "and-cuda"``) and
    with poetry's ``numpy (>=1.23.5,<2.0.0)`` and pip's ``keras<2.12 and >=2.11.0`` written as pip takes them."""
    req = req.split(";")[0].strip().rstrip(",.")
    req = re.sub(r" \((?=[<>=!~^*])([^()]{1,80})\)$", r"\1", req)
    return re.sub(r" and (?=[<>=!~])", ",", req).strip()


_PIPENV_LINE = re.compile(r"(?m)^[ \t]{1,8}([A-Za-z][\w.-]{0,80}(?:\[[\w,-]+\])?[<>=!~][^\s(]{1,80}) \(from ([^\r\n]{1,300})\)")
_OS_INSTALLED = re.compile(
    r"Cannot uninstall '?([A-Za-z][\w.-]{0,80})'?[.,]? (?:It is a distutils installed project"
    r"|None|[^\r\n]{0,40}?(?:RECORD file not found|installed by [\w ]{1,40}))"
)


def _pip_conflicts(text: str, line_of) -> tuple[list[PipConflict], list[int]]:
    conflicts = [
        PipConflict(m.group(1), m.group(2), m.group(3).strip(), m.group(4), m.group(5), line_of(m.start()))
        for m in islice(_CONFLICT.finditer(text), 50)
    ]
    if " depends on " in text and any(g in text for g in ("Because ", "version solving failed", "No solution found")):
        for m in islice(_DEPENDS_CLAUSE.finditer(text), 40):
            conflicts.append(PipConflict(m.group(1), m.group(2).rstrip("*."), _requirement(m.group(3)), "", "",
                                         line_of(m.start())))
        for m in islice(_USER_REQUIRES.finditer(text), 10):
            conflicts.append(PipConflict("the user", "", _requirement(m.group(1)), "", "", line_of(m.start())))
    if "none of the providers" in text:
        conflicts += [PipConflict(m.group(1), m.group(2), m.group(3).strip(), "", "", line_of(m.start()))
                      for m in islice(_MAMBA_REQUIRES.finditer(text), 20)]
    if "installable because" in text:
        for m in islice(_MAMBA_TREE.finditer(text), 20):
            req = m.group(3) + (m.group(4) or "").rstrip("*,")
            conflicts.append(PipConflict(m.group(1), m.group(2).rstrip("*."), req, "", "", line_of(m.start())))
    if "nothing provides" in text:
        conflicts += [PipConflict(m.group(2), m.group(3), m.group(1).strip(), "", "", line_of(m.start()))
                      for m in islice(_NOTHING_PROVIDES.finditer(text), 20)]
    if "installable because" in text:
        wanted = {m.group(1).lower(): m.group(2).rstrip("*.") for m in islice(_MAMBA_REQUESTED.finditer(text), 20)}
        for c in conflicts:  # "python 3.12** is requested": what the environment is asked to have
            dep = re.split(r"[<>=!~ ]", c.requires)[0].lower()
            if not c.have and dep in wanted and dep != c.package.lower():
                c.have, c.have_version = dep, wanted[dep]
    if " -> " in text and ("UnsatisfiableError" in text or "conflicts for:" in text):
        your = {m.group(1): m.group(2) for m in islice(_CONDA_YOUR.finditer(text), 5)}
        for m in islice(_CONDA_ARROW.finditer(text), 40):
            dep = m.group(2)
            req = dep + (" " + m.group(3) if m.group(3) else "")
            have = your.get("python", "") if dep == "python" else ""
            conflicts.append(PipConflict(m.group(1), "", req, dep if have else "", have, line_of(m.start())))
    if "which is not installed" in text:
        # pip's "tensorflow 2.15.0 requires ml-dtypes~=0.2.0, which is not installed."
        conflicts += [
            PipConflict(m.group(1), m.group(2), m.group(3).strip(), re.split(r"[<>=!~; \[(]", m.group(3))[0],
                        "(not installed)", line_of(m.start()))
            for m in islice(_NOT_INSTALLED.finditer(text), 50)
        ]
    if "VersionConflict" in text or "DistributionNotFound" in text:
        for m in islice(_PKG_RESOURCES.finditer(text), 10):
            if m.group(1):
                who = re.findall(r"'([A-Za-z][\w.-]{0,80})'", m.group(4) or "")
                conflicts.append(PipConflict(", ".join(who), "", m.group(3), m.group(1), m.group(2), line_of(m.start()),
                                             "runtime"))
            else:
                req = m.group(5)
                conflicts.append(PipConflict((m.group(6) or "").strip().rstrip("."), "", req,
                                             re.split(r"[<>=!~; \[(]", req)[0], "(not installed)", line_of(m.start()),
                                             "runtime"))
    if "normal functioning of this module" in text:
        for m in islice(_RUNTIME_CHECK.finditer(text), 10):
            conflicts.append(PipConflict("", "", m.group(1), m.group(2), m.group(3), line_of(m.start()), "runtime"))
    if " requires " in text:
        seen = {(c.package, c.requires) for c in conflicts}
        conflicts += [
            PipConflict(m.group(1), m.group(2), m.group(3).strip(), "", "", line_of(m.start()))
            for m in islice(_REQUIRES_LINE.finditer(text), 50)
            if (m.group(1), m.group(3).strip()) not in seen
        ]
    if "The conflict is caused by" in text:
        for block in islice(_CAUSED_BY.finditer(text), 5):
            pos = block.start(1)
            for raw in block.group(1).splitlines(keepends=True):
                m = _CAUSE_LINE.match(raw)
                if m and m.group(1):
                    conflicts.append(PipConflict("the user", "", _requirement(m.group(1)), "", "", line_of(pos)))
                elif m:
                    conflicts.append(PipConflict(m.group(2), m.group(3), _requirement(m.group(4)), "", "",
                                                 line_of(pos)))
                pos += len(raw)
    if "incompatible versions in the resolved dependencies" in text:
        # pipenv: "  keras<2.16,>=2.15.0 (from tensorflow==2.15.0->-r /tmp/reqs.txt (line 1))"
        for m in islice(_PIPENV_LINE.finditer(text), 20):
            origin = re.search(r"([A-Za-z][\w.-]{0,80})==([\w.+!-]{1,40})->", m.group(2))
            conflicts.append(PipConflict(origin.group(1) if origin else "the user", origin.group(2) if origin else "",
                                         m.group(1), "", "", line_of(m.start())))
    if "Cannot uninstall" in text:
        # pip cannot replace a package that the operating system (distutils, apt) installed: not pip's to remove
        for m in islice(_OS_INSTALLED.finditer(text), 5):
            conflicts.append(PipConflict(m.group(1), "", m.group(1), m.group(1), "", line_of(m.start()), "os"))
    impossible = [line_of(m.start()) for m in islice(_CONFLICT_CAUSED.finditer(text), 20)]
    if not conflicts and "Cannot install" in text:
        # only pip's first line: the requirements it names are the ones that disagree
        for m in islice(_CANNOT_INSTALL.finditer(text), 3):
            for req in re.split(r",\s*|\s+and\s+", m.group(1)):
                rm = re.match(r"([A-Za-z][\w.-]{0,80})(?:\[[\w,-]+\])?((?:==|>=|<=|~=|<|>)[^\s,]{1,40})?$", req.strip())
                if rm and not req.strip().startswith("-r"):
                    conflicts.append(PipConflict("the user", "", req.strip(), "", "", line_of(m.start())))
    return conflicts, impossible


# environments: (name, literals one of which the text must hold, regex)
_ENV_MARKERS: tuple[tuple[str, tuple[str, ...], re.Pattern[str]], ...] = (
    ("ngc", ("NVIDIA Release", "Container image Copyright", "Container Toolkit", "nvcr.io/nvidia/"),
     re.compile(r"NVIDIA Release \d{2}\.\d{2}|Container image Copyright \(c\)|NVIDIA Container Toolkit|"
                r"nvcr\.io/nvidia/")),
    ("docker", ("docker", "podman", "root@"),
     re.compile(r"(?:docker|podman|nvidia-docker)(?:[ \t]+container)?[ \t]+(?:run|exec)\b|"
                r"docker: Error response from daemon|/\.dockerenv|root@[0-9a-f]{12}:|"
                r"tensorflow/tensorflow:[\w.-]{1,40}")),
    ("apptainer", ("apptainer", "singularity"), re.compile(r"(?:apptainer|singularity)[ \t]+(?:exec|run|shell)\b")),
    ("kubernetes", ("nvidia.com/gpu", "kubectl"), re.compile(r"nvidia\.com/gpu|kubectl\b")),
    ("ray", ("ray.init(", "(raylet)", "ray.remote", "pid=", "ray/_private/", "RayWorker", "RayTrainWorker"),
     re.compile(r"ray\.init\(|\(raylet\)|ray\.remote\b|\(\w{0,40}[ \t]?pid=\d+|ray/_private/|"
                r"Ray(?:Train)?Worker\b")),
    ("slurm", ("slurm", "srun", "SLURM_", "SBATCH", "sbatch"),
     re.compile(r"slurmstepd\b|(?<![\w-])srun\b|SLURM_[A-Z_]+|#SBATCH|(?<![\w-])sbatch\b")),
    ("spark", ("pyspark", "apache.spark"), re.compile(r"pyspark\b|org\.apache\.spark")),
    ("colab", ("colab", "/content/", "localhost:8080/", "%tensorflow_version"),
     # Colab copies a traceback's frames as localhost links; %tensorflow_version is its own magic
     re.compile(r"google\.colab|/content/drive|dist-packages/google/colab|File \"/content/|\]\(https?://localhost:8080/"
                r"|%tensorflow_version|Colab only includes TensorFlow")),
    ("kaggle", ("/kaggle/", "kaggle_secrets"), re.compile(r"/kaggle/(?:working|input)|kaggle_secrets")),
    ("jupyter", ("ipython-input-", "ipykernel", "Cell In[", "IPython", "/bin/bash: ", "!nvidia-smi", "!pip "),
     # also a notebook cell's shell escape: "!nvidia-smi", and bash run by it ("/bin/bash: line 1: nvidia-smi:
     # command not found"; a terminal says "bash: …" or "Command 'nvidia-smi' not found")
     re.compile(r"<ipython-input-|/tmp/ipykernel_\d+|Cell In\[\d*\]|ipykernel_launcher|site-packages[/\\]IPython[/\\]"
                r"|^/bin/bash: (?:line \d{1,4}: )?[\w.-]{1,40}: command not found|^!(?:nvidia-smi|pip3? install)\b",
                re.M)),
    ("conda", ("conda", "miniforge"),
     re.compile(r"(?:ana|mini)conda3?[/\\]|miniforge3?[/\\]|conda (?:install|create|activate)\b")),
)

_DOCKER_RUN = re.compile(r"(nvidia-docker|docker|podman)(?:[ \t]+container)?[ \t]+run\b([^\r\n]{0,2000})")
_SMI_HEADER = re.compile(r"NVIDIA-SMI \d{2,4}\.\d{1,3}(?:\.\d{1,3})?[ \t]{1,40}Driver Version: (\d{2,4}\.\d{1,3}"
                         r"(?:\.\d{1,3})?)(?:[ \t]{1,40}CUDA Version: (\d{1,2}\.\d))?")
_LIBCUDA = re.compile(r"libcuda reported version is:?[ \t]*(\d{2,4}\.\d{1,3}(?:\.\d{1,3})?)")
_KERNEL = re.compile(r"kernel reported version is:?[ \t]*(\d{2,4}\.\d{1,3}(?:\.\d{1,3})?)")
_NVRM = re.compile(r"NVRM version: [^\r\n]{0,80}?Kernel Module[ \t]+(\d{2,4}\.\d{1,3}(?:\.\d{1,3})?)")
_NVCC = re.compile(r"Cuda compilation tools, release (\d{1,2}\.\d)")
_OPENED = re.compile(r"Successfully opened (?:dynamic|CUDA) library ([\w.+-]{1,120})")
_PIP_CUDA_WHEELS = re.compile(
    r"site-packages[/\\]nvidia[/\\](?:cu\w+|cudnn|cublas|cusolver|cuda_runtime|cufft|nccl)|"
    r"\bnvidia-(?:cudnn|cublas|cusolver|cuda-runtime|cufft|cusparse|nccl)-cu1[12]\b|"
    r"tensorflow\[and-cuda\]"
)
_KERAS3_PATH = re.compile(r"[/\\]keras[/\\]src[/\\](?:ops|backend[/\\](?:tensorflow|common)|trainers|layers|models)[/\\]"
                          r"|\bkeras\.src\.(?:ops|trainers|backend\.common)\b")
_TF_KERAS_PATH = re.compile(r"[/\\]tf_keras[/\\]")
_KERAS_VERSION = re.compile(r"Keras(?: version)?:?[ \t]+v?(\d+\.\d+(?:\.\d+)?)\b|keras\.__version__\W{0,10}"
                            r"(\d+\.\d+(?:\.\d+)?)\b")


# the driver's user-space side, as package lists and NVML print it (compared with the kernel module's version)
_USERSPACE = re.compile(
    r"(?m)^[a-z]{2}[ \t]{1,4}(?:nvidia-smi|nvidia-utils(?:-\d{3})?|libnvidia-compute(?:-\d{3})?|nvidia-driver(?:-\d{3})?"
    r"(?:-server)?|libcuda1(?:-\d{3})?|nvidia-driver-libs|xserver-xorg-video-nvidia(?:-\d{3})?)(?::amd64)?[ \t]{1,40}"
    r"(\d{3}\.\d{1,3}(?:\.\d{1,3})?)"
    r"|NVML library version:[ \t]*(\d{3}\.\d{1,3}(?:\.\d{1,3})?)"
)
# a device list that was printed: device_lib.list_local_devices() and tf.config.list_physical_devices() (no filter)
_DEVICE_TYPE = re.compile(r"device_type(?:: \"|=')(CPU|GPU|XLA_CPU|XLA_GPU|TPU)[\"']")
# tf.test.is_built_with_cuda() and what it printed (the next line, or a comment on the same line)
_BUILT_WITH_CUDA = re.compile(r"is_buil[dt]_with_cuda\(\)[^\r\n]{0,80}?(?:\r?\n[ \t>.]{0,8})?\b([Ff]alse|[Tt]rue)\b")


def _device_listing_without_gpu(text: str, line_of) -> int:
    """Line of a printed device list that holds a CPU and no GPU (0: none, or a GPU is listed)."""
    kinds = [(m.group(1), m.start()) for m in islice(_DEVICE_TYPE.finditer(text), 200)]
    if not kinds or any(k.endswith("GPU") for k, _ in kinds):
        return 0
    return line_of(kinds[0][1]) if any(k == "CPU" for k, _ in kinds) else 0


_CONFLICT_GATES = (
    "but you have", "but you'll have", "conflicting dependencies", "ResolutionImpossible", "which is not installed",
    "LibMamba", "solve for environment", "conflicts for:", "The conflict is caused by", " requires ",
    "UnsatisfiableError", "No solution found", "SolverProblemError", "version solving failed", "has requirement",
    "Because ", "Encountered problems while solving", "Solving environment: failed", "nothing provides",
    "installable because", "VersionConflict", "DistributionNotFound", "normal functioning of this module",
    "incompatible versions in the resolved dependencies", "Cannot uninstall",
)
FACTS_SAMPLE_CHARS = 2_000_000  # a longer text's facts are read from its first and last 1 M characters


def read_facts(text: str, worker_prefix: str | None = None) -> LogFacts:
    """The facts ``text`` states (see LogFacts). Cheap on logs of any size: each reader is one linear scan, tried
    only when a literal it needs is in the text, over at most FACTS_SAMPLE_CHARS (the start and the end of a long
    log: where versions, pip's output and the final error are). Line numbers are those of ``text``."""
    if len(text) > FACTS_SAMPLE_CHARS:
        half = FACTS_SAMPLE_CHARS // 2
        head_end = text.rfind("\n", 0, half) + 1 or half
        tail_start = text.find("\n", len(text) - half) + 1 or len(text) - half
        f = read_facts(text[:head_end], worker_prefix)
        tail = read_facts(text[tail_start:], worker_prefix)
        skipped = text.count("\n", 0, tail_start)
        _merge(f, tail, skipped)
        return f
    f = LogFacts(worker_prefix=worker_prefix)
    if worker_prefix in WORKER_PREFIXES:
        f.environment.add("worker")
        f.environment.add({"ray": "ray", "srun": "slurm", "compose": "docker"}[worker_prefix])
    elif worker_prefix == "buildkit":
        f.environment.add("docker")

    line_of = _LineCounter(text)

    f.template = _template(text)
    f.packages = _packages(text)
    f.tf_version = _tf_version(text)
    f.tf_version_from = "log" if f.tf_version else ""
    if not f.tf_version:
        for name in ("tensorflow", "tensorflow-gpu", "tensorflow-cpu", "tensorflow-intel", "tf-nightly"):
            if name in f.packages:
                f.tf_version, f.tf_version_from = f.packages[name], "pip"
                break
    if not f.tf_version and f.template.get("tf_version"):
        m = re.search(r"\d+\.\d+(?:\.\d+)?", f.template["tf_version"])
        if m:
            f.tf_version, f.tf_version_from = m.group(0), "template"
    f.python_version = _python_version(text)
    if f.template.get("python_version") and not f.python_version:
        m = re.search(r"3\.\d{1,2}(?:\.\d{1,2})?", f.template["python_version"])
        f.python_version = m.group(0) if m else None
    if ("32" in text) and re.search(r"(?:32 ?bit|win32)\b[^\r\n]{0,40}\]|Python\d{2,3}-32[/\\]|MSC v\.\d+ 32 bit", text):
        f.python_bits = 32
    cc = f.template.get("cuda_cudnn", "")
    m = re.search(r"\b(\d{1,2}\.\d)(?:\.\d+)?\b", cc)
    f.cuda_version = m.group(1) if m else None
    m = re.search(r"(?:cudnn|/)[ \t]*v?(\d\.\d{1,2})", cc, re.I)
    f.cudnn_version = m.group(1) if m else None
    m = _NVCC.search(text)
    if m:
        f.cuda_version = f.cuda_version or m.group(1)
    m = _SMI_HEADER.search(text)
    if m:
        f.driver_version, f.driver_cuda = m.group(1), m.group(2)
    f.smi_tables = [line_of(m.start()) for m in islice(_SMI_HEADER.finditer(text), 20)]
    m = _LIBCUDA.search(text)
    f.libcuda_version = m.group(1) if m else None
    m = _KERNEL.search(text) or _NVRM.search(text)
    f.kernel_version = m.group(1) if m else None
    if "nvidia" in text or "NVML library" in text:
        m = _USERSPACE.search(text)
        f.userspace_driver = (m.group(1) or m.group(2)) if m else None
    if "device_type" in text:
        f.device_listing_without_gpu = _device_listing_without_gpu(text, line_of)
    if "_with_cuda()" in text:
        m = _BUILT_WITH_CUDA.search(text)
        f.built_without_cuda = line_of(m.start()) if m and m.group(1).lower() == "false" else 0
    if f.template.get("gpu"):
        f.gpu_model = f.template["gpu"]
    else:
        m = re.search(r"name: (NVIDIA [^\r\n]{2,60}?|GeForce [^\r\n]{2,60}?|Tesla [^\r\n]{2,60}?) (?:major|"
                      r"computeCapability)", text)
        f.gpu_model = m.group(1) if m else None
    f.platform, f.platform_from = _platform(text, f.template.get("os"))
    for name, gates, pat in _ENV_MARKERS:
        if any(g in text for g in gates) and pat.search(text):
            f.environment.add(name)
    if {"ngc", "docker", "apptainer", "kubernetes"} & f.environment:
        f.environment.add("container")
    if {"ray", "slurm", "spark"} & f.environment and worker_prefix in WORKER_PREFIXES:
        f.environment.add("worker")
    runs = _DOCKER_RUN.finditer(text) if (" run" in text and ("docker" in text or "podman" in text)) else ()
    for m in islice(runs, 20):
        tool, args = m.group(1), m.group(2)
        gpus = tool == "nvidia-docker" or bool(
            re.search(r"--gpus\b|--runtime[ =]nvidia|--device[ =]nvidia\.com/gpu|NVIDIA_VISIBLE_DEVICES=(?!void)"
                      r"|--nv\b", args)
        )
        f.docker_runs.append((line_of(m.start()), gpus, "nvidia-smi" in args))
    for line, gpus, smi in f.docker_runs:
        if gpus and smi and any(t > line and t - line <= 12 for t in f.smi_tables):
            f.gpu_check_in_container_ok = True
    if any(g in text for g in _CONFLICT_GATES):
        f.pip_conflicts, f.pip_resolution_impossible = _pip_conflicts(text, line_of)
        if "no matching distributions available" in text:
            m = _NO_DIST.search(text)
            f.pip_no_dist = m.group(1).split() if m else []
        if "has no wheels with a matching platform tag" in text:  # poetry
            f.pip_no_dist += [m.group(1) for m in islice(_POETRY_NO_WHEEL.finditer(text), 5)
                              if m.group(1) not in f.pip_no_dist]
        if "__cuda" in text and (f.pip_resolution_impossible or f.pip_conflicts):
            f.conda_virtual = "__cuda"
    no_match_gates = ("satisfies the requirement", "No matching", "can't be installed", "no version of", "No version ",
                      "doesn't match any versions", "PackagesNotFoundError", "requires a different Python")
    f.pip_no_match = _pip_no_match(text, line_of) if any(g in text for g in no_match_gates) else []
    f.pip_cuda_wheels = bool(("nvidia" in text or "and-cuda" in text) and _PIP_CUDA_WHEELS.search(text)) or any(
        p.startswith("nvidia-") and p.endswith(("-cu12", "-cu11")) for p in f.packages
    )
    f.opened_libraries = list(dict.fromkeys(m.group(1) for m in islice(_OPENED.finditer(text), 2000)))[:60]
    f.keras_version = f.packages.get("keras") or f.template.get("keras_version")
    if not f.keras_version and ("Keras" in text or "keras.__version__" in text):
        m = _KERAS_VERSION.search(text)
        f.keras_version = (m.group(1) or m.group(2)) if m else None
    f.keras3_paths = any(g in text for g in ("keras/src/", "keras\\src\\", "keras.src.")) and bool(
        _KERAS3_PATH.search(text))
    f.tf_keras_paths = "tf_keras" in text and bool(_TF_KERAS_PATH.search(text))
    return f


def _merge(f: LogFacts, tail: LogFacts, line_offset: int) -> None:
    """Add the facts of a log's end (``tail``, whose line 1 is line ``line_offset + 1``) to those of its start."""
    for name in ("tf_version", "python_version", "python_bits", "cuda_version", "cudnn_version", "driver_version",
                 "driver_cuda", "libcuda_version", "kernel_version", "userspace_driver", "gpu_model", "platform",
                 "keras_version"):
        if getattr(f, name) is None and getattr(tail, name) is not None:
            setattr(f, name, getattr(tail, name))
            if name == "tf_version":
                f.tf_version_from = tail.tf_version_from
            if name == "platform":
                f.platform_from = tail.platform_from
    for k, v in tail.packages.items():
        f.packages.setdefault(k, v)
    for k, v in tail.template.items():
        f.template.setdefault(k, v)
    f.environment |= tail.environment
    f.docker_runs += [(n + line_offset, g, s) for n, g, s in tail.docker_runs]
    f.smi_tables += [n + line_offset for n in tail.smi_tables]
    f.gpu_check_in_container_ok = f.gpu_check_in_container_ok or tail.gpu_check_in_container_ok
    for p in tail.pip_no_match:
        p.line += line_offset
    for c in tail.pip_conflicts:
        c.line += line_offset
    f.pip_no_match += tail.pip_no_match
    f.pip_conflicts += tail.pip_conflicts
    f.pip_resolution_impossible += [n + line_offset for n in tail.pip_resolution_impossible]
    f.pip_no_dist = f.pip_no_dist or tail.pip_no_dist
    f.conda_virtual = f.conda_virtual or tail.conda_virtual
    f.pip_cuda_wheels = f.pip_cuda_wheels or tail.pip_cuda_wheels
    f.opened_libraries = list(dict.fromkeys(f.opened_libraries + tail.opened_libraries))[:60]
    f.keras3_paths = f.keras3_paths or tail.keras3_paths
    for name in ("device_listing_without_gpu", "built_without_cuda"):
        if not getattr(f, name) and getattr(tail, name):
            setattr(f, name, getattr(tail, name) + line_offset)
    f.tf_keras_paths = f.tf_keras_paths or tail.tf_keras_paths
