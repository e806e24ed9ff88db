"""The matrix as the checker asks it: which TensorFlow lines a requirement can install, what each was built with.

Everything here comes from ``core.setup.matrix``'s typed model (matrix.json and its cited sources). What the
matrix does not know (TensorFlow 1.x, a patch release outside the recorded ones, the contents of a conda channel)
is not guessed: callers turn a ``None`` into an "unknown".
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from packaging.specifiers import InvalidSpecifier, SpecifierSet
from packaging.version import InvalidVersion, Version

from tfgpu_wizard.core.setup.matrix import Matrix, Row

# The lines whose every release is recorded (the and-cuda table was read release by release from PyPI):
# a version of these lines that is not recorded was never published.
COMPLETE_FROM = (2, 14)
# Pages of tensorflow.org that state something else than the wheels (shared facts tf-compat.md 5c/6a):
# pip.md's software requirements, still printed for the current release.
DOCS_STALE = {"cuda": "12.3", "cudnn": "8.9.7", "python": "3.9–3.12"}
DOCS_PIP_URL = "https://www.tensorflow.org/install/pip"
SOURCE_TABLE_URL = "https://www.tensorflow.org/install/source#gpu"


def vtuple(text: str) -> tuple[int, ...] | None:
    try:
        return tuple(int(p) for p in text.split(".") if p != "")
    except ValueError:
        return None


def line_of(version: str) -> str | None:
    """"2.13.0" -> "2.13"; None when it is not a x.y[.z] version."""
    t = vtuple(version.split("rc")[0].split("post")[0].rstrip("."))
    return f"{t[0]}.{t[1]}" if t and len(t) >= 2 else None


@dataclass
class MatrixFacts:
    matrix: Matrix

    @cached_property
    def lines(self) -> tuple[str, ...]:
        """TF lines, newest first (pre-release lines included)."""
        return self.matrix.lines

    @cached_property
    def stable_lines(self) -> tuple[str, ...]:
        return tuple(ln for ln in self.lines if not self.row(ln).prerelease)

    @cached_property
    def newest(self) -> str:
        return self.stable_lines[0]

    def row(self, line: str, platform: str = "linux") -> Row:
        try:
            return self.matrix.row(line, platform)
        except KeyError:
            return self.matrix.row(line, "linux")

    def known(self, line: str | None) -> bool:
        return line is not None and line in self.lines

    @cached_property
    def _published(self) -> dict[str, set[Version]]:
        out: dict[str, set[Version]] = {}
        for r in self.matrix.rows:
            for v in (r.version, str(r.install_version)):
                try:
                    out.setdefault(r.tensorflow, set()).add(Version(v))
                except InvalidVersion:
                    pass
        for v in self.matrix.and_cuda:
            ln = line_of(v)
            if ln:
                out.setdefault(ln, set()).add(Version(v))
        return out

    def published(self, line: str) -> set[Version]:
        return self._published.get(line, set())

    def complete(self, line: str) -> bool:
        """Every release of ``line`` is recorded (so an unrecorded one was never published)."""
        t = vtuple(line)
        return bool(t) and t >= COMPLETE_FROM and line in self.lines  # type: ignore[operator]

    def exists(self, version: str) -> bool | None:
        """True / False where the records decide, None where they cannot (old lines, unknown lines)."""
        try:
            v = Version(version)
        except InvalidVersion:
            return None
        ln = line_of(version)
        if ln is None:
            return None
        if v in self.published(ln):
            return True
        newest = vtuple(self.lines[0]) or ()
        if (vtuple(ln) or ()) > newest:
            return False
        if self.complete(ln):
            return False
        return None

    def matching(self, spec: str) -> list[str]:
        """The TF lines with a published release in ``spec`` (pre-releases only when it names one)."""
        try:
            s = SpecifierSet(spec)
        except InvalidSpecifier:
            return []
        pre = any(Version(x.version.rstrip(".*")).is_prerelease for x in s if x.version[:1].isdigit())
        return [ln for ln in self.lines if (pre or not self.row(ln).prerelease)
                and any(s.contains(v, prereleases=pre) for v in self.published(ln))]

    def spec_lines(self, spec: str, pythons: set[str] | None = None, platform: str = "linux") -> list[str] | None:
        """The TF lines pip can install for ``spec`` ("", "==2.12.*", ">=2.13", "<2.11"), newest first.

        With ``pythons`` (the Python minors the text uses) pip takes the newest release each of them can
        install; without, a pin to one line is that line, and an open range is what pip installs on the
        Python minors the newest release supports. None: the spec cannot be read."""
        try:
            SpecifierSet(spec)
        except InvalidSpecifier:
            return None
        matching = self.matching(spec)
        if not matching:
            return []
        if pythons:
            out: list[str] = []
            for p in sorted(pythons):
                for ln in matching:
                    if self.row(ln, platform).python_ok(p):
                        if ln not in out:
                            out.append(ln)
                        break
            return sorted(out, key=lambda x: vtuple(x) or (), reverse=True)
        if len(matching) == 1:
            return matching
        minors = self.row(self.newest).python_minors()
        out = []
        for p in minors:
            for ln in matching:
                if self.row(ln, platform).python_ok(p):
                    if ln not in out:
                        out.append(ln)
                    break
        return out or matching[:1]

    def python_range(self, line: str, platform: str = "linux") -> str:
        minors = self.row(line, platform).python_minors()
        return f"{minors[0]}–{minors[-1]}" if minors else "?"


def same_minor(a: str, b: str) -> bool:
    ta, tb = vtuple(a) or (), vtuple(b) or ()
    return ta[:2] == tb[:2]


def cuda_verdict(built: str, claimed: str) -> str | None:
    """How a claimed CUDA release fits one TF was built with: None fits; "error" another major, or another
    minor of CUDA 10 (its library names carry the minor: libcudart.so.10.0); "warning" another minor of
    CUDA 11+ (minor version compatibility may carry it, but it is not the tested build)."""
    tb, tc = vtuple(built) or (), vtuple(claimed) or ()
    if not tb or not tc:
        return None
    if tc[0] != tb[0]:
        return "error"
    if len(tc) < 2 or tc[1] == tb[1]:
        return None
    return "error" if tb[0] <= 10 else "warning"


def cudnn_verdict(built: str, claimed: str) -> str | None:
    """cuDNN: "the same major version and an equal or higher minor version" (TF's own check, shared facts
    tf-compat.md 7, issue #62626); else an error."""
    tb, tc = vtuple(built) or (), vtuple(claimed) or ()
    if not tb or not tc:
        return None
    if tc[0] != tb[0]:
        return "error"
    if len(tc) >= 2 and len(tb) >= 2 and tc[1] < tb[1]:
        return "error"
    return None
