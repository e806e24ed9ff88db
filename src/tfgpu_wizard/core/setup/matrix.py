"""The compatibility matrix: ``matrix.json`` loaded, validated and turned into frozen dataclasses.

API (stable; the GUI, ``plan`` and ``recommend`` build on it)::

    from tfgpu_wizard.core.setup.matrix import load_matrix, MatrixError
    m = load_matrix()                    # default: core.paths.matrix_path(); load_matrix(path) for another file
    m.rows                               # tuple[Row, ...], every (TF line, platform) pair, newest first
    m.row("2.13", "linux")               # Row or KeyError
    m.rows_for("wsl2")                   # rows of one platform, newest first
    m.lines                              # ("2.22", "2.21", ..., "2.0")
    m.drivers.strict_min("12.5.1", "linux") / .minor_compat_min("12.5", "windows")
    m.arch_name("8.6")                   # "Ampere"
    m.platforms["windows"]               # PlatformInfo (title, last GPU release, alternatives)

    row.tensorflow, row.platform, row.version, row.prerelease, row.python (SpecifierSet),
    row.gpu ("cuda"|"none"), row.cuda, row.cudnn, row.archs (Archs: sass, ptx), row.driver (DriverFloor:
    strict, minor_compat), row.wheel (WheelInfo: tag, glibc, confirmed), row.machines,
    row.numpy (NumpyFacts), row.keras (KerasFacts), row.and_cuda (AndCuda pins or None),
    row.pip_requirement, row.methods {"pip"|"conda"|"docker": Recipe}, row.defects (tuple[Defect]),
    row.notes, row.sources
    row.recipe("conda")                  # Recipe with {placeholders} already filled for this row, or None
    m.recipes["pip-cpu"], m.fixes["xla-libdevice"]   # Recipe / Fix (conda_channels, conda_packages, copies,
                                                     # activate_env: what a plan does for it)

Translating matrix texts (titles, notes, workarounds are English in matrix.json)::

    tr_data(defect.title)               # zh_CN from context "matrix-data" of resources/i18n/matrix_zh_CN.ts
    DataText(defect.title)              # a str that stays English in str()/JSON but is shown translated
                                        # when formatted: "{}".format(t), f"{t}" (Why/Step arguments)

A broken file raises ``MatrixError`` with ONE message naming the place ("row tensorflow 2.13 / linux, field
'python': ...") and what was expected. Schema: resources/schemas/matrix.schema.json. Field reference:
docs/matrix.md.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from packaging.requirements import InvalidRequirement, Requirement
from packaging.specifiers import InvalidSpecifier, SpecifierSet
from packaging.version import InvalidVersion, Version

from tfgpu_wizard.core import i18n
from tfgpu_wizard.core.paths import matrix_path, resources_dir
from tfgpu_wizard.core.safe_io import read_capped
from tfgpu_wizard.core.versions import plain_release, release

SCHEMA_VERSION = 1
PLATFORMS = ("linux", "wsl2", "windows", "macos")
METHODS = ("pip", "conda", "docker")
MethodName = Literal["pip", "conda", "docker"]
# Python minor versions a row's range is checked against (3.0 .. 3.15)
_PY_MINORS = tuple(f"3.{i}" for i in range(16))


DATA_CONTEXT = "matrix-data"  # translation context of the texts that come from matrix.json


def tr_data(text: str, lang: str | None = None) -> str:
    """Translate a text of matrix.json (a title, note, workaround ...) for display; English if unknown.

    Recipe titles hold ``{placeholders}`` ("CUDA {cuda} and cuDNN {cudnn} ...") that are filled before
    the text is shown, so a filled text is also matched against the catalog's templates and the
    values are carried over into the translation.
    """
    if not text:
        return text
    lang = lang or i18n.language()
    if lang == "en":
        return text
    out = i18n.tr(DATA_CONTEXT, text, lang)
    if out != text:
        return out
    for pattern, translation in _data_templates(lang):
        m = pattern.fullmatch(text)
        if m:
            return _FIELD.sub(functools.partial(_field_value, m.groupdict()), translation)
    return text


_FIELD = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")


def _field_value(values: Mapping[str, str], field_match: re.Match[str]) -> str:
    return values.get(field_match.group(1), field_match.group(0))


@functools.lru_cache(maxsize=4)
def _data_templates(lang: str) -> tuple[tuple[re.Pattern[str], str], ...]:
    out = []
    for (ctx, source), translation in i18n.catalog(lang).items():
        if ctx != DATA_CONTEXT or "{" not in source:
            continue
        parts = _FIELD.split(source)
        if len(parts) < 3 or len(set(parts[1::2])) != len(parts[1::2]):
            continue
        rx = "".join(re.escape(p) if i % 2 == 0 else f"(?P<{p}>.+?)" for i, p in enumerate(parts))
        out.append((re.compile(rx, re.DOTALL), translation))
    return tuple(out)


class DataText(str):
    """A text from matrix.json that stays English as a ``str`` (``str()``, JSON, comparisons) but is
    translated with ``tr_data`` when it is formatted for display (``"{}".format(t)``, ``f"{t}"``).

    Why: ``plan.Why`` and ``shells.Step`` keep English templates plus arguments and translate when
    shown; wrapping matrix texts in DataText makes their arguments follow the display language too.
    """

    __slots__ = ()

    def __format__(self, spec: str) -> str:
        return format(tr_data(str(self)), spec)


class MatrixError(ValueError):
    """The matrix file cannot be used. ``str(err)`` is one sentence for the user.

    ``where`` names the place ("row tensorflow 2.13 / linux", "defect 'numpy2-abi'", "file"),
    ``field`` the field inside it (dotted path, may be empty), ``path`` the file.
    """

    def __init__(self, message: str, *, where: str = "file", field: str = "", path: Path | None = None):
        self.where = where
        self.field = field
        self.path = path
        self.detail = message
        place = where + (f", field '{field}'" if field else "")
        prefix = f"{path}: " if path else ""
        super().__init__(f"{prefix}{place}: {message}")


# --------------------------------------------------------------------------------------------- helpers


def driver_tuple(text: str) -> tuple[int, ...]:
    """``"580.159.04"`` -> ``(580, 159, 4)``; raises ValueError on anything else."""
    try:
        return plain_release(text)
    except ValueError:
        raise ValueError(f"not a driver version: {text!r}") from None


def cc_tuple(text: str) -> tuple[int, int]:
    """Compute capability ``"8.6"`` -> ``(8, 6)``."""
    r = plain_release(text)
    return r[0], (r[1] if len(r) > 1 else 0)


def _tuple_of(value: Iterable[Any] | None) -> tuple:
    return tuple(value or ())


# --------------------------------------------------------------------------------------------- data


@dataclass(frozen=True)
class Archs:
    """GPU code in the wheel: ``sass`` = native machine code, ``ptx`` = PTX a newer GPU can JIT-compile."""

    sass: tuple[str, ...]
    ptx: tuple[str, ...]
    note: str | None = None

    def support(self, cc: str) -> tuple[str, str | None]:
        """How a GPU of compute capability ``cc`` runs this wheel.

        Returns (kind, code) with kind one of ``native`` (SASS for exactly this CC), ``compatible``
        (SASS of the same major, lower minor: binary compatible), ``ptx-exact`` (PTX of exactly this CC),
        ``jit`` (only PTX for an older CC: JIT at first start, slow or failing), ``too-old`` (older than
        every SASS and no usable PTX), and code the sm/compute entry used.
        """
        want = cc_tuple(cc)
        sass = sorted((cc_tuple(s) for s in self.sass), reverse=True)
        ptx = sorted((cc_tuple(p) for p in self.ptx), reverse=True)
        if want in sass:
            return "native", _cc_text(want)
        for s in sass:
            if s[0] == want[0] and s[1] <= want[1]:
                return "compatible", _cc_text(s)
        if want in ptx:
            return "ptx-exact", _cc_text(want)
        for p in ptx:
            if p <= want:
                return "jit", _cc_text(p)
        return "too-old", None


def _cc_text(cc: tuple[int, int]) -> str:
    return f"{cc[0]}.{cc[1]}"


@dataclass(frozen=True)
class DriverFloor:
    """Minimum NVIDIA driver for a row, as the driver version string of the row's OS.

    ``strict`` is the driver the CUDA toolkit shipped with (NVIDIA Table 3); ``minor_compat`` the floor of
    CUDA minor-version compatibility (Table 2; None for CUDA 10, which has none).
    """

    strict: str
    minor_compat: str | None
    toolkit: str | None = None


@dataclass(frozen=True)
class WheelInfo:
    tag: str  # manylinux tag of the Linux x86_64 wheel
    glibc: str  # minimum glibc that tag means
    confirmed: bool = True  # False: tag inferred from neighbouring releases


@dataclass(frozen=True)
class NumpyFacts:
    numpy2: bool  # NumPy 2 works with this TF
    pin: str | None  # what to install next to TF ("numpy<2") or None
    metadata: str | None = None  # numpy requirement in the wheel metadata, where read
    note: str | None = None


@dataclass(frozen=True)
class KerasFacts:
    major: int  # Keras major version tf.keras is by default
    requirement: str | None = None
    legacy_package: str | None = None  # "tf-keras~=2.16": how to get Keras 2 back (TF >= 2.16)
    legacy_env: Mapping[str, str] = field(default_factory=dict)  # {"TF_USE_LEGACY_KERAS": "1"}
    note: str | None = None


@dataclass(frozen=True)
class EnvOp:
    """One environment change made when a conda env is activated (restored on deactivate).

    ``op``: set / prepend / append. The value is ``value`` (may hold ``{CONDA_PREFIX}``-style tokens that
    the plan renders per shell), or the folder of ``python_module_dir`` (``dirname(module.__file__)``),
    or every site-packages folder matching ``python_glob``.
    """

    name: str
    op: str
    value: str | None = None
    python_module_dir: str | None = None
    python_glob: str | None = None


@dataclass(frozen=True)
class Recipe:
    """The install recipe of an era, as data (core/setup/plan/ renders it per shell).

    From ``Row.recipe(method)`` the row placeholders ({pip_requirement}, {numpy_pin}, {cuda}, {cudnn},
    {docker_tag}) are filled; shell tokens such as ``{CONDA_PREFIX}`` / ``{CUDNN_PATH}`` stay for the plan.
    """

    id: str
    method: str  # pip | conda | docker
    title: str
    python_from: str  # host (the user's interpreter) | conda (the env gets its own) | image
    pip: tuple[str, ...] = ()
    conda: tuple[str, ...] = ()
    conda_channels: tuple[str, ...] = ()
    activate_env: tuple[EnvOp, ...] = ()
    optional_fixes: tuple[str, ...] = ()
    image: str | None = None
    run_args: tuple[str, ...] = ()
    needs: tuple[str, ...] = ()  # prerequisites: nvidia-driver, conda, docker, nvidia-container-toolkit, ...
    derived: bool = False  # True: the pattern is not printed by tensorflow.org for this era (docs/matrix.md)
    sources: tuple[str, ...] = ()

    def filled(self, values: Mapping[str, str | None]) -> Recipe:
        def fill(text: str) -> str | None:
            for key, val in values.items():
                token = "{" + key + "}"
                if token in text:
                    if val is None:
                        return None if text == token else text.replace(token, "")
                    text = text.replace(token, val)
            return text

        def fill_all(items: tuple[str, ...]) -> tuple[str, ...]:
            return tuple(x for x in (fill(i) for i in items) if x)

        return Recipe(
            id=self.id, method=self.method, title=fill(self.title) or self.title, python_from=self.python_from,
            pip=fill_all(self.pip), conda=fill_all(self.conda), conda_channels=self.conda_channels,
            activate_env=self.activate_env, optional_fixes=self.optional_fixes,
            image=fill(self.image) if self.image else None, run_args=self.run_args, needs=self.needs,
            derived=self.derived, sources=self.sources,
        )


@dataclass(frozen=True)
class FileCopy:
    """A file a fix copies into the environment: ``source`` to the folder ``to_dir`` (``{CONDA_PREFIX}``
    tokens stay for the plan to fill in)."""

    source: str
    to_dir: str


@dataclass(frozen=True)
class Fix:
    """A documented repair (e.g. the tensorflow.org symlink step, the XLA libdevice fix of Ubuntu 22.04).

    What a plan does for it: install ``conda_packages`` from ``conda_channels``, copy ``copies`` and set
    ``activate_env`` on activation. ``data`` is the JSON object as is (the commands as printed upstream).
    """

    id: str
    title: str
    data: Mapping[str, Any]
    conda_channels: tuple[str, ...] = ()
    conda_packages: tuple[str, ...] = ()
    copies: tuple[FileCopy, ...] = ()
    activate_env: tuple[EnvOp, ...] = ()


@dataclass(frozen=True)
class Defect:
    id: str
    tensorflow: SpecifierSet  # which TF versions (matched against Row.version, pre-releases included)
    platforms: tuple[str, ...]
    effect: str  # info | caveat | rule-out
    title: str
    workaround: str
    symptom: str = ""
    gpu_cc_min: str | None = None  # only for GPUs with CC >= this ...
    gpu_cc_max: str | None = None  # ... and <= this
    fix: str | None = None  # id in Matrix.fixes
    sources: tuple[str, ...] = ()
    cpu_install: bool = False  # also concerns a CPU-only install (NumPy); else a GPU library matter

    def applies(self, row: Row, cc: str | None = None) -> bool:
        """Whether this defect concerns ``row`` (and, for GPU-specific defects, a GPU of CC ``cc``)."""
        if row.platform not in self.platforms:
            return False
        if not self.tensorflow.contains(row.install_version, prereleases=True):
            return False
        if self.gpu_cc_min or self.gpu_cc_max:
            if cc is None:
                return False
            if self.gpu_cc_min and cc_tuple(cc) < cc_tuple(self.gpu_cc_min):
                return False
            if self.gpu_cc_max and cc_tuple(cc) > cc_tuple(self.gpu_cc_max):
                return False
        return True


@dataclass(frozen=True)
class AndCuda:
    """The ``tensorflow[and-cuda]`` extra of one exact TF version ([PYPI] Requires-Dist)."""

    tf_version: str
    packages: tuple[tuple[str, str], ...]  # (name, specifier) as published
    exact: bool  # every package pinned with ==

    def requirements(self) -> list[str]:
        return [f"{name}{spec}" for name, spec in self.packages]


@dataclass(frozen=True)
class PlatformInfo:
    id: str
    title: str
    gpu_until: str | None = None  # last TF line with GPU support on this platform (windows: "2.10")
    driver_os: str | None = None  # whose driver numbers apply: linux | windows | None (macOS)
    min_windows_build: int | None = None
    notes: tuple[str, ...] = ()
    alternatives: tuple[Mapping[str, str], ...] = ()


@dataclass(frozen=True)
class Row:
    tensorflow: str  # release line "2.13"
    platform: str  # linux | wsl2 | windows | macos
    version: str  # the exact version the facts describe ("2.13.0", "2.16.1", "2.22.0rc0")
    prerelease: bool
    python: SpecifierSet
    gpu: str  # cuda | none
    cuda: str | None
    cudnn: str | None
    cuda_build: str | None  # cuda_version in the wheel's build_info, as recorded
    archs: Archs | None  # None: not recorded / no GPU
    driver: DriverFloor | None
    machines: tuple[str, ...]
    wheel: WheelInfo | None  # Linux / WSL2 only
    pip_requirement: str
    and_cuda: AndCuda | None
    docker_tag: str | None
    numpy: NumpyFacts
    keras: KerasFacts
    methods: Mapping[str, Recipe]  # method -> recipe template (placeholders unfilled)
    defects: tuple[Defect, ...]
    notes: tuple[str, ...]
    sources: tuple[str, ...]
    # pip requirements installed beside pip_requirement (protobuf<3.20 for TF 2.0-2.5, the cu11 wheels of 2.14)
    companions: tuple[str, ...] = ()
    # TF does not find the pip NVIDIA libraries unless LD_LIBRARY_PATH names every nvidia/*/lib (2.21)
    needs_nvidia_lib_path: bool = False

    @property
    def key(self) -> tuple[str, str]:
        return (self.tensorflow, self.platform)

    @property
    def label(self) -> str:
        return f"tensorflow {self.tensorflow} / {self.platform}"

    @property
    def parsed_version(self) -> Version:
        return Version(self.version)

    @property
    def install_version(self) -> Version:
        """The exact version the row installs where ``pip_requirement`` pins one (``==2.15.1``), else ``version``.

        Defects are matched against this, so a row that installs 2.15.1 does not carry 2.15.0's defects.
        """
        specs = list(Requirement(self.pip_requirement).specifier)
        if len(specs) == 1 and specs[0].operator == "==" and "*" not in specs[0].version:
            return Version(specs[0].version)
        return self.parsed_version

    @property
    def line_tuple(self) -> tuple[int, int]:
        r = release(self.tensorflow)
        return r[0], r[1]

    def python_ok(self, version: str) -> bool:
        """Whether Python ``version`` ("3.11.7" or "3.11") is in the row's range."""
        try:
            v = Version(version)
        except InvalidVersion:
            return False
        return self.python.contains(Version(f"{v.major}.{v.minor}"), prereleases=True)

    def python_minors(self) -> tuple[str, ...]:
        """The 3.x minor versions the row supports, oldest first."""
        return tuple(m for m in _PY_MINORS if self.python_ok(m))

    def recipe(self, method: str) -> Recipe | None:
        """The recipe for ``method`` with this row's values filled in, or None where the row has none."""
        template = self.methods.get(method)
        if template is None:
            return None
        return template.filled(
            {
                "pip_requirement": self.pip_requirement,
                "numpy_pin": self.numpy.pin,
                "cuda": self.cuda or "",
                "cudnn": self.cudnn or "",
                "docker_tag": self.docker_tag or "",
                "version": self.version,
            }
        )


@dataclass(frozen=True)
class DriverTables:
    toolkits: tuple[tuple[str, str, str | None], ...]  # (CUDA release, Linux driver, Windows driver or None)
    minor_compat: Mapping[int, tuple[str, str]]  # CUDA major -> (Linux, Windows)

    def strict_min(self, cuda: str, os_key: str) -> str | None:
        """Driver the toolkit ``cuda`` (e.g. "12.5.1", "11.8") shipped with, for ``os_key`` linux/windows."""
        for name, lin, win in self.toolkits:
            if name == cuda:
                return lin if os_key == "linux" else win
        return None

    def minor_compat_min(self, cuda: str, os_key: str) -> str | None:
        entry = self.minor_compat.get(int(cuda.split(".")[0]))
        if entry is None:
            return None
        return entry[0] if os_key == "linux" else entry[1]

    def max_cuda_for(self, driver: str, os_key: str) -> str | None:
        """Newest CUDA toolkit whose own driver is <= ``driver`` (what that driver runs without compat)."""
        have = driver_tuple(driver)
        for name, lin, win in self.toolkits:  # newest first
            need = lin if os_key == "linux" else win
            if need and driver_tuple(need) <= have:
                return name
        return None


@dataclass(frozen=True)
class Matrix:
    rows: tuple[Row, ...]
    drivers: DriverTables
    architectures: Mapping[str, str]  # CC -> architecture name
    platforms: Mapping[str, PlatformInfo]
    recipes: Mapping[str, Recipe]
    fixes: Mapping[str, Fix]
    defects: tuple[Defect, ...]
    and_cuda: Mapping[str, AndCuda]
    sources: Mapping[str, str]
    path: Path | None = None

    @property
    def lines(self) -> tuple[str, ...]:
        seen: dict[str, None] = {}
        for r in sorted(self.rows, key=lambda r: r.line_tuple, reverse=True):
            seen.setdefault(r.tensorflow, None)
        return tuple(seen)

    def row(self, tensorflow: str, platform: str) -> Row:
        for r in self.rows:
            if r.tensorflow == tensorflow and r.platform == platform:
                return r
        raise KeyError(f"no matrix row for tensorflow {tensorflow} / {platform}")

    def rows_for(self, platform: str) -> tuple[Row, ...]:
        return tuple(sorted((r for r in self.rows if r.platform == platform), key=lambda r: r.line_tuple,
                            reverse=True))

    def arch_name(self, cc: str) -> str | None:
        if cc in self.architectures:
            return self.architectures[cc]
        major = cc_tuple(cc)[0]
        for known, name in self.architectures.items():
            if cc_tuple(known)[0] == major:
                return name
        return None

    def source_url(self, key: str) -> str | None:
        """Expand a row source key ("REL v2.16.1", "ISSUE #63362", "DOCS") into a URL / description."""
        if key.startswith("REL v"):
            return self.sources.get("REL", "").replace("{version}", key[5:]) or None
        if key.startswith("ISSUE #"):
            return self.sources.get("ISSUE", "").replace("{number}", key[7:]) or None
        return self.sources.get(key)


# --------------------------------------------------------------------------------------------- loading


def schema_path() -> Path:
    return resources_dir() / "schemas" / "matrix.schema.json"


_cache: dict[tuple[str, float, int], Matrix] = {}


def load_matrix(path: str | Path | None = None) -> Matrix:
    """Read, validate and convert the matrix file (default: the shipped ``matrix.json``).

    Cached per (path, mtime, size), so callers may call it freely. Raises ``MatrixError``.
    """
    p = Path(path) if path is not None else matrix_path()
    try:
        st = p.stat()
    except FileNotFoundError:
        raise MatrixError("the matrix file does not exist", path=p) from None
    except OSError as exc:
        raise MatrixError(f"the matrix file cannot be read ({exc.strerror})", path=p) from None
    key = (str(p.resolve()), st.st_mtime, st.st_size)
    cached = _cache.get(key)
    if cached is not None:
        return cached
    matrix = parse_matrix(_read(p), path=p)
    _cache.clear()
    _cache[key] = matrix
    return matrix


# Bounds on what the loader accepts, so a broken or hostile file is refused at once (issue 14): the shipped
# matrix is ~150 KB, 92 rows, nested 6 deep. A 27,600-row file took 35 s to be refused by the schema check,
# and a 200,000-deep one ended in RecursionError.
MAX_BYTES = 8 * 1024 * 1024
MAX_DEPTH = 32
MAX_ROWS = 5000
MAX_LIST = 20000  # items in any one list of the file


def _check_bounds(data: Any, path: Path | None) -> None:
    """Depth and size of parsed JSON, without recursion (MatrixError when out of bounds)."""
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        node, depth = stack.pop()
        if isinstance(node, dict):
            children: Any = node.values()
        elif isinstance(node, list):
            if len(node) > MAX_LIST:
                raise MatrixError(f"a list in the file has {len(node)} items; a matrix has at most {MAX_LIST}",
                                  path=path)
            children = node
        else:
            continue
        if depth > MAX_DEPTH:
            raise MatrixError(f"the JSON is nested more than {MAX_DEPTH} levels deep; a matrix is not", path=path)
        stack.extend((c, depth + 1) for c in children)
    rows = data.get("rows") if isinstance(data, dict) else None
    if isinstance(rows, list) and len(rows) > MAX_ROWS:
        raise MatrixError(f"the file has {len(rows)} rows; a matrix has at most {MAX_ROWS}", where="top level",
                          field="rows", path=path)


def _read(p: Path) -> Any:
    try:
        if p.stat().st_size > MAX_BYTES:
            raise MatrixError(f"the file is {p.stat().st_size // 1048576} MB; a matrix is at most "
                              f"{MAX_BYTES // 1048576} MB", path=p)
        capped = read_capped(p, MAX_BYTES)  # a device or a pipe claims size 0 (/dev/zero never ends)
        if capped.more:
            raise MatrixError(f"the file goes on past {MAX_BYTES // 1048576} MB (a device or a pipe?); a matrix "
                              f"is at most {MAX_BYTES // 1048576} MB", path=p)
        raw = capped.head
    except IsADirectoryError:
        raise MatrixError("expected a file, found a folder", path=p) from None
    except OSError as exc:
        raise MatrixError(f"the matrix file cannot be read ({exc.strerror})", path=p) from None
    if not raw.strip():
        raise MatrixError("the file is empty; expected the JSON matrix", path=p)
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise MatrixError("the file is UTF-16 text; expected UTF-8 (save it again as UTF-8)", path=p)
    if raw.startswith(b"\xef\xbb\xbf"):  # a UTF-8 byte-order mark (Windows editors): harmless, drop it
        raw = raw[3:]
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise MatrixError(
            f"the file is not UTF-8 text (byte 0x{raw[exc.start]:02x} at offset {exc.start}); "
            "expected UTF-8 JSON", path=p) from None
    try:
        return json.loads(text)
    except RecursionError:
        raise MatrixError(f"the JSON is nested more than {MAX_DEPTH} levels deep; a matrix is not", path=p) from None
    except json.JSONDecodeError as exc:
        hint = " (the file ends too early: truncated?)" if exc.pos >= len(text.rstrip()) else ""
        raise MatrixError(f"not valid JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}{hint}",
                          path=p) from None


def _schema() -> dict[str, Any]:
    return json.loads(schema_path().read_text(encoding="utf-8"))


def _where(data: Any, path: list[Any]) -> tuple[str, str]:
    """Turn a JSON path into ("row tensorflow 2.13 / linux", "python")."""
    if not path:
        return "file", ""
    head = path[0]
    rest = [str(x) for x in path[1:]]
    if head == "rows" and len(path) >= 2 and isinstance(path[1], int):
        idx = path[1]
        row = data["rows"][idx] if isinstance(data.get("rows"), list) and idx < len(data["rows"]) else None
        if isinstance(row, dict) and isinstance(row.get("tensorflow"), str) and isinstance(row.get("platform"), str):
            where = f"row tensorflow {row['tensorflow']} / {row['platform']}"
        else:
            where = f"row #{idx + 1}"
        return where, ".".join(str(x) for x in path[2:])
    if head == "defects" and len(path) >= 2 and isinstance(path[1], int):
        items = data.get("defects")
        d = items[path[1]] if isinstance(items, list) and path[1] < len(items) else None
        name = d.get("id") if isinstance(d, dict) else None
        where = f"defect '{name}'" if isinstance(name, str) else f"defect #{path[1] + 1}"
        return where, ".".join(str(x) for x in path[2:])
    if head in ("recipes", "and_cuda", "fixes", "platforms") and len(path) >= 2:
        kind = {"recipes": "recipe", "and_cuda": "and-cuda pins", "fixes": "fix", "platforms": "platform"}[head]
        return f"{kind} '{path[1]}'", ".".join(str(x) for x in path[2:])
    return "top level", ".".join([str(head), *rest])


def _describe(error: Any) -> str:
    """What jsonschema found, said as 'expected ..., got ...'."""
    v, inst = error.validator, error.instance
    got = json.dumps(inst, ensure_ascii=False)
    if len(got) > 60:
        got = got[:57] + "..."
    if v == "type":
        want = error.validator_value
        want = " or ".join(want) if isinstance(want, list) else want
        return f"expected {_article(want)}, got {got}"
    if v == "required":
        missing = [k for k in error.validator_value if isinstance(inst, dict) and k not in inst]
        return f"missing field '{missing[0] if missing else '?'}'"
    if v == "enum":
        return "expected one of " + ", ".join(json.dumps(x) for x in error.validator_value) + f"; got {got}"
    if v == "const":
        return f"expected {json.dumps(error.validator_value)}, got {got}"
    if v == "pattern":
        return f"{got} does not have the expected form (pattern {error.validator_value})"
    if v == "additionalProperties":
        return f"unexpected field ({error.message})"
    if v in ("minItems", "minLength", "minProperties"):
        return f"must not be empty, got {got}"
    if v == "oneOf":
        return f"{got} is not any of the allowed forms"
    return error.message


def _article(word: str) -> str:
    return ("an " if word[:1] in "aeiou" else "a ") + word


def parse_matrix(data: Any, path: Path | None = None) -> Matrix:
    """Validate already-parsed JSON ``data`` and build the Matrix (``load_matrix`` reads the file first)."""
    import jsonschema  # imported here: only loading pays for it

    if not isinstance(data, dict):
        raise MatrixError(f"expected a JSON object at the top level, got {type(data).__name__}", path=path)
    _check_bounds(data, path)
    version = data.get("schema_version")
    if version != SCHEMA_VERSION:
        raise MatrixError(
            f"schema_version {json.dumps(version)} is not supported; this tool reads schema_version "
            f"{SCHEMA_VERSION}" + (" (is the file newer than the tool?)" if isinstance(version, int)
                                   and version > SCHEMA_VERSION else ""),
            where="top level", field="schema_version", path=path)
    validator = jsonschema.Draft202012Validator(_schema())
    error = jsonschema.exceptions.best_match(validator.iter_errors(data))
    if error is not None:
        where, fld = _where(data, list(error.absolute_path))
        raise MatrixError(_describe(error), where=where, field=fld, path=path)
    return _build(data, path)


def _build(data: dict[str, Any], path: Path | None) -> Matrix:
    def fail(where: str, fld: str, msg: str) -> MatrixError:
        return MatrixError(msg, where=where, field=fld, path=path)

    toolkits = tuple((t["cuda"], t["linux"], t.get("windows")) for t in data["drivers"]["toolkits"])
    minor = {int(m["cuda_major"]): (m["linux"], m["windows"]) for m in data["drivers"]["minor_compat"]}
    drivers = DriverTables(toolkits=toolkits, minor_compat=minor)

    fixes = {k: _build_fix(k, v) for k, v in data["fixes"].items()}

    recipes: dict[str, Recipe] = {}
    for rid, r in data["recipes"].items():
        for fx in r.get("optional_fixes", []):
            if fx not in fixes:
                raise fail(f"recipe '{rid}'", "optional_fixes", f"unknown fix '{fx}'; expected one of "
                           + ", ".join(sorted(fixes)))
        recipes[rid] = Recipe(
            id=rid, method=r["method"], title=r["title"], python_from=r["python_from"],
            pip=_tuple_of(r.get("pip")), conda=_tuple_of(r.get("conda")),
            conda_channels=_tuple_of(r.get("conda_channels")),
            activate_env=tuple(_env_op(e) for e in r.get("activate_env", [])),
            optional_fixes=_tuple_of(r.get("optional_fixes")), image=r.get("image"),
            run_args=_tuple_of(r.get("run_args")), needs=_tuple_of(r.get("needs")),
            derived=bool(r.get("derived", False)), sources=_tuple_of(r.get("sources")),
        )

    and_cuda: dict[str, AndCuda] = {}
    for ver, entry in data["and_cuda"].items():
        try:
            Version(ver)
        except InvalidVersion:
            raise fail(f"and-cuda pins '{ver}'", "", "the key is not a version (expected e.g. \"2.15.1\")") from None
        for name, spec in entry["packages"].items():
            try:
                SpecifierSet(spec)
            except InvalidSpecifier:
                raise fail(f"and-cuda pins '{ver}'", f"packages.{name}",
                           f"{spec!r} is not a version specifier (expected e.g. \"==8.9.4.25\")") from None
        pkgs = tuple(entry["packages"].items())
        and_cuda[ver] = AndCuda(tf_version=ver, packages=pkgs, exact=all(s.startswith("==") for _, s in pkgs))

    defects: list[Defect] = []
    seen_ids: set[str] = set()
    for d in data["defects"]:
        where = f"defect '{d['id']}'"
        if d["id"] in seen_ids:
            raise fail(where, "id", "the id is used twice; expected unique defect ids")
        seen_ids.add(d["id"])
        try:
            spec = SpecifierSet(d["tensorflow"])
        except InvalidSpecifier:
            raise fail(where, "tensorflow", f"{d['tensorflow']!r} is not a version specifier "
                       "(expected e.g. \">=2.16,<2.18\")") from None
        if d.get("fix") and d["fix"] not in fixes:
            raise fail(where, "fix", f"unknown fix '{d['fix']}'")
        defects.append(Defect(
            id=d["id"], tensorflow=spec, platforms=tuple(d["platforms"]), effect=d["effect"], title=d["title"],
            workaround=d["workaround"], symptom=d.get("symptom", ""), gpu_cc_min=d.get("gpu_cc_min"),
            gpu_cc_max=d.get("gpu_cc_max"), fix=d.get("fix"), sources=_tuple_of(d.get("sources")),
            cpu_install=bool(d.get("cpu_install", False)),
        ))

    platforms = {
        k: PlatformInfo(id=k, title=v["title"], gpu_until=v.get("gpu_until"), driver_os=v.get("driver_os"),
                        min_windows_build=v.get("min_windows_build"), notes=_tuple_of(v.get("notes")),
                        alternatives=tuple(v.get("alternatives", [])))
        for k, v in data["platforms"].items()
    }

    rows: list[Row] = []
    seen: dict[tuple[str, str], int] = {}
    for i, r in enumerate(data["rows"]):
        rows.append(_build_row(r, i, seen, recipes, and_cuda, defects, drivers, fail))
    rows.sort(key=lambda r: (r.line_tuple, PLATFORMS.index(r.platform) * -1), reverse=True)
    return Matrix(
        rows=tuple(rows), drivers=drivers,
        architectures={a["cc"]: a["name"] for a in data["architectures"]},
        platforms=platforms, recipes=recipes, fixes=fixes, defects=tuple(defects), and_cuda=and_cuda,
        sources=dict(data["sources"]), path=path,
    )


def _env_op(e: Mapping[str, Any]) -> EnvOp:
    return EnvOp(name=e["name"], op=e["op"], value=e.get("value"), python_module_dir=e.get("python_module_dir"),
                 python_glob=e.get("python_glob"))


def _build_fix(fid: str, v: Mapping[str, Any]) -> Fix:
    conda = v.get("conda") or {}
    return Fix(
        id=fid, title=v["title"], data=v, conda_channels=_tuple_of(conda.get("channels")),
        conda_packages=_tuple_of(conda.get("packages")),
        copies=tuple(FileCopy(source=c["from"], to_dir=c["to_dir"]) for c in v.get("copy", [])),
        activate_env=tuple(_env_op(e) for e in v.get("activate_env", [])),
    )


def _build_row(r: dict[str, Any], i: int, seen: dict[tuple[str, str], int], recipes: Mapping[str, Recipe],
               and_cuda: Mapping[str, AndCuda], defects: list[Defect], drivers: DriverTables, fail: Any) -> Row:
    where = f"row tensorflow {r['tensorflow']} / {r['platform']}"
    key = (r["tensorflow"], r["platform"])
    if key in seen:
        raise fail(where, "", f"duplicate row (rows #{seen[key] + 1} and #{i + 1}); expected one row per "
                   "TensorFlow line and platform")
    seen[key] = i
    try:
        version = Version(r["version"])
    except InvalidVersion:
        raise fail(where, "version", f"{r['version']!r} is not a version (expected e.g. \"2.13.0\")") from None
    if f"{version.major}.{version.minor}" != r["tensorflow"]:
        raise fail(where, "version", f"{r['version']} is not in the {r['tensorflow']} line")
    if version.is_prerelease != r["prerelease"]:
        raise fail(where, "prerelease", f"expected {str(version.is_prerelease).lower()} for version {version}")
    try:
        python = SpecifierSet(r["python"])
    except InvalidSpecifier:
        raise fail(where, "python", f"{r['python']!r} is not a version range (expected e.g. \">=3.9,<3.12\")") from None
    if not any(python.contains(Version(m)) for m in _PY_MINORS):
        raise fail(where, "python", f"{r['python']!r} admits no Python 3 version")
    try:
        Requirement(r["pip_requirement"])
    except InvalidRequirement as exc:
        raise fail(where, "pip_requirement", f"not a pip requirement: {exc}") from None
    cuda_fields = ("cuda", "cudnn", "driver")
    if r["gpu"] == "cuda":
        for f in cuda_fields:
            if r[f] is None:
                raise fail(where, f, "is null, but gpu is \"cuda\"; expected a value")
    else:
        for f in (*cuda_fields, "archs", "and_cuda"):
            if r.get(f) is not None:
                raise fail(where, f, "must be null when gpu is \"none\"")
    if r["platform"] in ("linux", "wsl2") and r["wheel"] is None:
        raise fail(where, "wheel", "is null; expected the manylinux tag and glibc floor of the Linux wheel")
    driver = None
    if r["driver"] is not None:
        d = r["driver"]
        os_key = "linux" if r["platform"] == "linux" else "windows"
        toolkit = d.get("toolkit")
        if toolkit:
            expected = drivers.strict_min(toolkit, os_key)
            if expected is None:
                raise fail(where, "driver.toolkit", f"CUDA {toolkit} is not in drivers.toolkits")
            if expected != d["strict"]:
                raise fail(where, "driver.strict", f"{d['strict']} disagrees with the driver table "
                           f"(CUDA {toolkit} on {os_key}: {expected})")
        driver = DriverFloor(strict=d["strict"], minor_compat=d.get("minor_compat"), toolkit=toolkit)
    methods: dict[str, Recipe] = {}
    for method, rid in r["methods"].items():
        recipe = recipes.get(rid)
        if recipe is None:
            raise fail(where, f"methods.{method}", f"unknown recipe '{rid}'; expected one of "
                       + ", ".join(sorted(recipes)))
        if recipe.method != method:
            raise fail(where, f"methods.{method}", f"recipe '{rid}' is a {recipe.method} recipe")
        methods[method] = recipe
    ac = None
    if r["and_cuda"] is not None:
        ac = and_cuda.get(r["and_cuda"])
        if ac is None:
            raise fail(where, "and_cuda", f"no pins for '{r['and_cuda']}' in the and_cuda table")
    n = r["numpy"]
    if not n["numpy2"] and not n["pin"]:
        raise fail(where, "numpy.pin", "is empty although numpy2 is false; expected e.g. \"numpy<2\"")
    k = r["keras"]
    legacy = k.get("legacy") or {}
    archs = None
    if r["archs"] is not None:
        archs = Archs(sass=tuple(r["archs"]["sass"]), ptx=tuple(r["archs"]["ptx"]), note=r["archs"].get("note"))
    w = r["wheel"]
    row = Row(
        tensorflow=r["tensorflow"], platform=r["platform"], version=r["version"], prerelease=r["prerelease"],
        python=python, gpu=r["gpu"], cuda=r["cuda"], cudnn=r["cudnn"], cuda_build=r.get("cuda_build"),
        archs=archs, driver=driver, machines=tuple(r["machines"]),
        wheel=WheelInfo(tag=w["tag"], glibc=w["glibc"], confirmed=w.get("confirmed", True)) if w else None,
        pip_requirement=r["pip_requirement"], and_cuda=ac, docker_tag=r.get("docker_tag"),
        numpy=NumpyFacts(numpy2=n["numpy2"], pin=n["pin"], metadata=n.get("metadata"), note=n.get("note")),
        keras=KerasFacts(major=k["major"], requirement=k.get("requirement"), legacy_package=legacy.get("package"),
                         legacy_env=dict(legacy.get("env", {})), note=k.get("note")),
        methods=methods, defects=(), notes=_tuple_of(r.get("notes")), sources=_tuple_of(r["sources"]),
        companions=_tuple_of(r.get("companions")), needs_nvidia_lib_path=bool(r.get("needs_nvidia_lib_path")),
    )
    # defects are attached after the row exists (Defect.applies needs the row)
    object.__setattr__(row, "defects", tuple(d for d in defects if d.applies(row) or (
        (d.gpu_cc_min or d.gpu_cc_max) and row.platform in d.platforms
        and d.tensorflow.contains(row.install_version, prereleases=True))))
    return row
