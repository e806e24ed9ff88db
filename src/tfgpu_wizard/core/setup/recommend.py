"""Rank the matrix rows for a host, and say in words why every other row does not fit.

API (stable; the CLI ``plan`` and the GUI Setup page format these objects)::

    from tfgpu_wizard.core.setup.matrix import load_matrix
    from tfgpu_wizard.core.setup.recommend import recommend
    rec = recommend(load_matrix(), host_report,            # core.setup.host_model.HostReport
                    tf="2.13", method="conda",             # optional pins (TF line or exact version; pip|conda|docker)
                    allow_prerelease=False)
    rec.platform            # "linux" | "wsl2" | "windows" | "macos" (rows evaluated)
    rec.gpu_mode            # True: a usable NVIDIA GPU + driver was found; False: CPU-only recommendation
    rec.best                # Candidate or None: the recommendation ignoring pins
    rec.chosen              # the pinned candidate where pins are given, else rec.best
    rec.candidates          # every row of the platform: usable ones ranked first, then the ruled-out ones
    rec.notes               # host-level Reasons (no GPU -> CPU only, WSL1, CUDA_VISIBLE_DEVICES, Blackwell ...)
    rec.pin                 # PinCost or None: what the pin costs compared with rec.best
    rec.windows_choice      # WindowsChoice or None (native Windows with a GPU): TF 2.10 native vs WSL2

    Candidate: row (matrix.Row), status ("recommended"|"works"|"works-with-caveats"|"ruled-out"),
               reasons (tuple[Reason]), methods (tuple[MethodOption], usable first, best first),
               best_method, uses_gpu, blockers, caveats
    MethodOption: method ("pip"|"conda"|"docker"), recipe (matrix.Recipe, filled for the row), usable,
                  python (the Python minor the environment will run, e.g. "3.10"; None for docker), reasons
    Reason: code (stable id, e.g. "python-too-new"), kind ("blocker"|"caveat"|"cost"|"info"|"ok"),
            message (translated, placeholders filled), detail (untranslated extra text), sources

Messages are English templates in ``MESSAGES`` translated with ``core.i18n.tr("recommend", ...)``
(zh_CN in resources/i18n/matrix_zh_CN.ts) and filled after translation.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from packaging.requirements import Requirement
from packaging.version import InvalidVersion, Version

from tfgpu_wizard.core.i18n import N_, tr
from tfgpu_wizard.core.setup.host_model import DRIVER_STATE_MESSAGES, GpuInfo, HostReport
from tfgpu_wizard.core.setup.matrix import Matrix, MethodName, Recipe, Row, cc_tuple, driver_tuple, tr_data
from tfgpu_wizard.core.versions import release

__all__ = [
    "MESSAGES", "Candidate", "MethodOption", "PinCost", "Reason", "Recommendation", "WindowsChoice",
    "host_platform", "recommend",
]

STATUSES = ("recommended", "works", "works-with-caveats", "ruled-out")
KINDS = ("blocker", "caveat", "cost", "info", "ok")

# code -> English template. Placeholders are filled after translation.
MESSAGES: dict[str, str] = {
    # row-level blockers
    "prerelease": N_("TensorFlow {version} is a pre-release; pin it to use it anyway"),
    "windows-native-after-2.10": N_(
        "TensorFlow {line} has no GPU support on native Windows (2.10 was the last); use WSL2, or TF 2.10"),
    "macos-no-cuda": N_("macOS has no CUDA: TensorFlow runs on the CPU only"),
    "machine-unsupported": N_("No TensorFlow {line} wheel for {machine} on {platform}"),
    "aarch64-cpu-only": N_("Official GPU wheels are x86_64 only; on aarch64 TensorFlow runs on the CPU "
                           "(tensorflow-cpu-aws)"),
    "arch-needs-cuda": N_("{gpu} (compute capability {cc}, {arch}) needs CUDA {need} or newer; TensorFlow {line} "
                          "is built with CUDA {cuda} (use TensorFlow {tf_min} or newer)"),
    "arch-too-old": N_("{gpu} (compute capability {cc}, {arch}) is older than the oldest GPU code in the "
                       "TensorFlow {line} wheel ({oldest}): unsupported"),
    "driver-too-old": N_("Driver {driver} is too old for CUDA {cuda}: TensorFlow {line} needs at least "
                         "{minor} (minor-version compatibility), {strict} to be safe"),
    "driver-too-old-strict": N_("Driver {driver} is too old for CUDA {cuda}: TensorFlow {line} needs "
                                "driver {strict} or newer"),
    "known-defect": N_("Known problem: {title}"),
    "wsl2-windows-too-old": N_("GPU in WSL2 needs Windows 10 build 19044 (21H2) or newer; this is build {build}"),
    "wsl2-windows-build-unknown": N_("GPU in WSL2 needs Windows 10 build 19044 (21H2) or newer; the Windows build "
                                     "is not in the report"),
    "no-usable-method": N_("No install method fits this machine"),
    # method-level blockers
    "python-too-new": N_("Python {python} is too new for TensorFlow {line} (supports {range})"),
    "python-too-old": N_("Python {python} is too old for TensorFlow {line} (supports {range})"),
    "glibc-too-old": N_("glibc {glibc} is too old for the TensorFlow {line} wheel ({tag} needs glibc {need})"),
    "method-not-available": N_("No {method} recipe for TensorFlow {line} on {platform}"),
    "docker-not-on-platform": N_("The GPU Docker images need Linux or WSL2"),
    "docker-needs-gpu": N_("The docker recipe is TensorFlow's GPU image: it needs an NVIDIA GPU and its driver, "
                           "which this machine does not have"),
    # caveats
    "arch-jit-only": N_("{gpu} (compute capability {cc}) is newer than all native code in the wheel; only "
                        "PTX for {ptx} is there: works after a long first JIT compilation, or not at all"),
    "arch-jit-first-start": N_("{gpu} (compute capability {cc}) has no native code in the wheel; its kernels "
                               "are JIT-compiled from the compute_{sm} PTX at the first start (slow once)"),
    "arch-not-recorded": N_("The GPU architectures of the TensorFlow {line} wheel are not recorded; "
                            "{gpu} (compute capability {cc}) may or may not be supported"),
    "driver-minor-compat-jit": N_("Driver {driver} is older than CUDA {cuda}'s own driver ({strict}); "
                                  "JIT-compiling PTX may fail with it"),
    "driver-unknown": N_("The driver version is unknown, so CUDA {cuda} support cannot be checked"),
    "known-caveat": N_("Known problem: {title}"),
    "glibc-unknown": N_("The glibc version is unknown; the wheel needs glibc {need} or newer"),
    "prerelease-pinned": N_("TensorFlow {version} is a pre-release"),
    "glibc-unconfirmed": N_("The wheel tag {tag} of TensorFlow {line} is inferred, not read from the wheel"),
    # costs (method-level)
    "new-python": N_("The environment gets Python {python} (yours is {host_python}, outside {range})"),
    "needs-conda": N_("Needs conda (Miniconda) installed first"),
    "needs-docker": N_("Needs Docker and the NVIDIA Container Toolkit (administrator rights)"),
    "needs-system-cuda": N_("Needs CUDA {cuda} and cuDNN {cudnn} installed on the system by hand "
                            "(administrator rights)"),
    "needs-msvc": N_("Needs the Microsoft Visual C++ Redistributable 2015-2019 and long paths enabled"),
    "derived-recipe": N_("tensorflow.org does not print this recipe for TensorFlow {line}; it follows the "
                         "same pattern"),
    "numpy-pin": N_("NumPy must stay below 2 (the plan pins {pin})"),
    "python-in-wsl": N_("Inside WSL2 use a Python in {range}"),
    # info / ok
    "arch-native": N_("{gpu} (compute capability {cc}) runs the wheel's sm_{sm} code natively"),
    "arch-compatible": N_("{gpu} (compute capability {cc}) runs the wheel's sm_{sm} code "
                          "(binary compatible within the same architecture)"),
    "arch-ptx-exact": N_("{gpu} (compute capability {cc}) uses the wheel's compute_{sm} PTX, "
                         "compiled once at the first start"),
    "driver-ok": N_("Driver {driver} is new enough for CUDA {cuda} (needs {strict})"),
    "driver-minor-compat": N_("Driver {driver} runs CUDA {cuda} by minor-version compatibility "
                              "(needs {minor}; {strict} for the full feature set)"),
    "python-ok": N_("Python {python} is supported ({range})"),
    "known-info": N_("Good to know: {title}"),
    "keras-3": N_("tf.keras is Keras 3; for Keras 2 code install {legacy} and set TF_USE_LEGACY_KERAS=1"),
    "cpu-only": N_("Runs on the CPU only"),
    # host-level notes
    "no-driver": N_("No NVIDIA driver was found, so this is a CPU-only recommendation"),
    "no-gpu": N_("No NVIDIA GPU was found, so this is a CPU-only recommendation"),
    # a driver that is there but does not work: the words doctor and the Setup page use (host_model)
    "driver-no-devices": DRIVER_STATE_MESSAGES["no-devices"],
    "driver-needs-reboot": DRIVER_STATE_MESSAGES["needs-reboot"],
    "driver-not-loaded": DRIVER_STATE_MESSAGES["not-loaded"],
    "driver-no-permission": DRIVER_STATE_MESSAGES["no-permission"],
    "driver-failed": DRIVER_STATE_MESSAGES["failed"],
    "wsl1-no-gpu": N_("WSL1 has no GPU access; convert the distribution to WSL2 (wsl --set-version <distro> 2)"),
    "os-unsupported": N_("TensorFlow has no official builds for this operating system"),
    "cuda-visible-devices-hides": N_("CUDA_VISIBLE_DEVICES={value} hides every GPU from TensorFlow"),
    "no-candidate": N_("No TensorFlow version fits this machine as it is"),
    "blackwell-alternatives": N_("{gpu} (Blackwell) is not supported by official TensorFlow wheels; users "
                                 "report success with the NVIDIA NGC TensorFlow container or a source build"),
    # pin costs
    "pin-ruled-out": N_("The pinned choice does not work here"),
    "pin-older": N_("TensorFlow {pinned} is older than the recommended {best}"),
    "pin-newer": N_("TensorFlow {pinned} is newer than the recommended {best}"),
    "pin-method": N_("{method} instead of the recommended {best_method}"),
    "pin-same": N_("The pin matches the recommendation: no extra cost"),
    "pin-cpu": N_("The pinned version cannot use the GPU here"),
    "pin-keras-2": N_("TensorFlow {pinned} uses Keras 2, the recommended {best} uses Keras 3"),
    "pin-unknown": N_("There is no TensorFlow {pinned} for {platform} in the matrix"),
    # windows choice
    "win-native-pro": N_("Stays on Windows: no Linux to learn"),
    "win-native-con": N_("Stuck at TensorFlow {line}, Python {range}, CUDA {cuda} / cuDNN {cudnn} via conda"),
    "win-wsl2-pro": N_("Current TensorFlow {line}; pip brings CUDA {cuda} / cuDNN {cudnn} itself"),
    "win-wsl2-con": N_("Needs WSL2 (Windows 10 build 19044 or newer) and working in a Linux shell"),
    "win-wsl2-floor": N_("Not possible on this Windows (build {build}): GPU in WSL2 needs build 19044 (Windows 10 "
                         "21H2) or newer; update Windows to use it"),
    "win-directml": N_("tensorflow-cpu with the TensorFlow-DirectML-Plugin: any DirectX 12 GPU, versions "
                       "not covered by the matrix"),
}

_KIND_ORDER = {k: i for i, k in enumerate(KINDS)}


@dataclass(frozen=True)
class Reason:
    code: str
    kind: str  # blocker | caveat | cost | info | ok
    message: str
    detail: str = ""
    sources: tuple[str, ...] = ()


def _reason(code: str, kind: str, lang: str | None, detail: str = "", sources: Iterable[str] = (),
            **values: object) -> Reason:
    text = tr("recommend", MESSAGES[code], lang)
    try:
        message = text.format(**values)
    except (KeyError, IndexError, ValueError):  # a broken translation must not break the plan
        message = MESSAGES[code].format(**values)
    return Reason(code=code, kind=kind, message=message, detail=detail, sources=tuple(sources))


@dataclass(frozen=True)
class MethodOption:
    method: str
    recipe: Recipe | None
    usable: bool
    python: str | None  # Python minor the environment runs ("3.10"); None for docker / unknown
    reasons: tuple[Reason, ...] = ()

    @property
    def penalty(self) -> int:
        """Lower is easier for a beginner (used to order methods)."""
        base = {"pip": 0, "conda": 2, "docker": 6}.get(self.method, 9)
        admin = 5 if self.recipe is not None and "system-cuda-toolkit" in self.recipe.needs else 0
        return base + admin + sum(3 if r.kind == "cost" else 0 for r in self.reasons)


@dataclass(frozen=True)
class Candidate:
    row: Row
    status: str
    reasons: tuple[Reason, ...]
    methods: tuple[MethodOption, ...]
    uses_gpu: bool

    @property
    def best_method(self) -> MethodOption | None:
        return next((m for m in self.methods if m.usable), None)

    @property
    def blockers(self) -> tuple[Reason, ...]:
        own = tuple(r for r in self.reasons if r.kind == "blocker")
        if own:
            return own
        if self.status == "ruled-out":  # every method blocked: their blockers are the reasons
            return tuple(r for m in self.methods for r in m.reasons if r.kind == "blocker")
        return ()

    @property
    def caveats(self) -> tuple[Reason, ...]:
        bm = self.best_method
        return tuple(r for r in (*self.reasons, *(bm.reasons if bm else ())) if r.kind == "caveat")

    @property
    def codes(self) -> set[str]:
        """Every reason code on the row and its methods (handy for tests and filters)."""
        return {r.code for r in self.reasons} | {r.code for m in self.methods for r in m.reasons}


@dataclass(frozen=True)
class PinCost:
    tf: str | None
    method: str | None
    candidate: Candidate | None  # the pinned row (with methods limited to the pinned one), None if unknown
    reasons: tuple[Reason, ...]  # what the pin costs compared with the recommendation


@dataclass(frozen=True)
class WindowsChoice:
    """Native Windows with an NVIDIA GPU: TF 2.10 natively versus the current TF in WSL2, side by side."""

    native: Candidate | None
    wsl2: Candidate | None
    native_pros: tuple[Reason, ...]
    native_cons: tuple[Reason, ...]
    wsl2_pros: tuple[Reason, ...]
    wsl2_cons: tuple[Reason, ...]
    directml: Reason
    suggested: str  # "wsl2" | "native" | "none"


@dataclass(frozen=True)
class Recommendation:
    platform: str
    gpu_mode: bool
    best: Candidate | None
    candidates: tuple[Candidate, ...]
    notes: tuple[Reason, ...]
    pin: PinCost | None = None
    windows_choice: WindowsChoice | None = None

    @property
    def chosen(self) -> Candidate | None:
        if self.pin is not None:
            return self.pin.candidate
        return self.best

    def candidate(self, line: str) -> Candidate | None:
        return next((c for c in self.candidates if c.row.tensorflow == line), None)


# --------------------------------------------------------------------------------------------- host facts


def host_platform(host: HostReport) -> str:
    """The matrix platform whose rows describe this host ("other" where there are none)."""
    system = (host.os.system or "").lower()
    if system in ("linux", "wsl2", "windows", "macos"):
        return system
    if system == "wsl1":
        return "linux"
    return "other"


def _machine(host: HostReport) -> str:
    m = (host.os.machine or "").lower()
    if m in ("x86_64", "amd64", "x64", ""):
        return "x86_64"
    if m in ("arm64", "aarch64"):
        return "arm64" if host_platform(host) == "macos" else "aarch64"
    return m


def _python(host: HostReport) -> str | None:
    py = host.target_python or host.python
    if py is None or not py.version:
        return None
    try:
        v = Version(py.version)
    except InvalidVersion:
        return None
    return f"{v.major}.{v.minor}"


def _gpus(host: HostReport) -> list[GpuInfo]:
    return [g for g in host.gpus if g.compute_capability]


def _gpu_mode(host: HostReport) -> bool:
    return bool(host.driver and host.driver.present and host.gpus) and host.os.system not in ("wsl1", "macos")


# --------------------------------------------------------------------------------------------- evaluation


@dataclass
class _Ctx:
    matrix: Matrix
    host: HostReport
    lang: str | None
    gpu_mode: bool
    python: str | None
    machine: str
    allow_prerelease: bool
    pinned_line: str | None
    in_wsl_choice: bool = False  # evaluating WSL2 rows for a Windows host (python/glibc unknown)


# The first CUDA that knows a GPU generation, and the first TensorFlow built with it. Ampere (CC 8.x) needs
# CUDA 11, i.e. TF >= 2.4 (tf-compat.md: 2.4 is the first CUDA 11.0 build with compute_80; the CUDA 10.1
# builds fail with "device kernel image is invalid", tensorflow#41990/#43718). This also covers 2.0-2.2,
# whose wheel architectures are not recorded. Hopper on CUDA 11.2 builds is left to the PTX rules (not
# sourced either way); Blackwell (10.x, 12.x) is ruled out by a matrix defect.
_CUDA_FOR_CC: tuple[tuple[tuple[int, int], str, str], ...] = (
    ((8, 0), "11.0", "2.4"),
)


def _cuda_needed(cc: str) -> tuple[str, str] | None:
    have = cc_tuple(cc)
    if have[0] >= 10:
        return None
    for floor, cuda, tf_min in _CUDA_FOR_CC:
        if have >= floor:
            return cuda, tf_min
    return None


def _arch_reasons(row: Row, ctx: _Ctx) -> list[Reason]:
    out: list[Reason] = []
    for g in _gpus(ctx.host):
        cc = g.compute_capability or ""
        arch = ctx.matrix.arch_name(cc) or "?"
        need = _cuda_needed(cc)
        if need and row.cuda and release(row.cuda) < release(need[0]):
            out.append(_reason("arch-needs-cuda", "blocker", ctx.lang, gpu=g.name, cc=cc, arch=arch, need=need[0],
                               line=row.tensorflow, cuda=row.cuda, tf_min=need[1], sources=["DOCS", "WHEEL"]))
            continue
        if row.archs is None:
            out.append(_reason("arch-not-recorded", "caveat", ctx.lang, gpu=g.name, cc=cc, line=row.tensorflow))
            continue
        kind, code = row.archs.support(cc)
        sm = (code or "").replace(".", "")
        if kind == "native":
            out.append(_reason("arch-native", "ok", ctx.lang, gpu=g.name, cc=cc, sm=sm, sources=["WHEEL"]))
        elif kind == "compatible":
            out.append(_reason("arch-compatible", "ok", ctx.lang, gpu=g.name, cc=cc, sm=sm, sources=["WHEEL"]))
        elif kind == "ptx-exact":
            out.append(_reason("arch-ptx-exact", "info", ctx.lang, gpu=g.name, cc=cc, sm=sm, sources=["WHEEL"]))
        elif kind == "jit" and code is not None and cc_tuple(code)[0] == cc_tuple(cc)[0]:
            out.append(_reason("arch-jit-first-start", "caveat", ctx.lang, gpu=g.name, cc=cc, sm=sm,
                               sources=["WHEEL"]))
        elif kind == "jit":
            ptx = ", ".join("compute_" + p.replace(".", "") for p in row.archs.ptx)
            out.append(_reason("arch-jit-only", "caveat", ctx.lang, gpu=g.name, cc=cc, ptx=ptx,
                               detail=f"SASS in the wheel: {', '.join(row.archs.sass)}", sources=["WHEEL"]))
        else:
            oldest = "sm_" + min(row.archs.sass, key=cc_tuple).replace(".", "") if row.archs.sass else "-"
            out.append(_reason("arch-too-old", "blocker", ctx.lang, gpu=g.name, cc=cc, arch=arch,
                               line=row.tensorflow, oldest=oldest, sources=["WHEEL"]))
    return out


def _driver_reasons(row: Row, ctx: _Ctx, jit: bool) -> list[Reason]:
    assert row.driver is not None and row.cuda is not None
    d = row.driver
    version = ctx.host.driver.version if ctx.host.driver else None
    try:
        have = driver_tuple(version) if version else None
    except ValueError:
        have = None
    if have is None:
        return [_reason("driver-unknown", "caveat", ctx.lang, cuda=row.cuda)]
    vals = dict(driver=version, cuda=row.cuda, strict=d.strict, minor=d.minor_compat or d.strict,
                line=row.tensorflow)
    if have >= driver_tuple(d.strict):
        return [_reason("driver-ok", "ok", ctx.lang, sources=["NV-RN"], **vals)]
    if d.minor_compat and have >= driver_tuple(d.minor_compat):
        out = [_reason("driver-minor-compat", "cost", ctx.lang, sources=["NV-RN"], **vals)]
        if jit:
            out.append(_reason("driver-minor-compat-jit", "caveat", ctx.lang, sources=["NV-RN"],
                               detail="NVIDIA's wording on PTX JIT under minor-version compatibility is "
                                      "not quoted in the facts (UNCONFIRMED)", **vals))
        return out
    code = "driver-too-old" if d.minor_compat else "driver-too-old-strict"
    return [_reason(code, "blocker", ctx.lang, sources=["NV-RN"], **vals)]


def _defect_reasons(row: Row, ctx: _Ctx) -> list[Reason]:
    out: list[Reason] = []
    ccs = [g.compute_capability for g in _gpus(ctx.host)] if ctx.gpu_mode else []
    for d in row.defects:
        gpu_specific = bool(d.gpu_cc_min or d.gpu_cc_max)
        if gpu_specific:
            if not any(d.applies(row, cc) for cc in ccs):
                continue
        elif not d.applies(row):
            continue
        if not ctx.gpu_mode and not d.cpu_install:
            continue  # GPU library problems (cuDNN, ptxas, the and-cuda pins) do not concern a CPU-only install
        detail = " / ".join(x for x in (d.symptom, d.workaround) if x)
        title = tr_data(d.title, ctx.lang)  # the title comes from matrix.json: shown translated
        if d.effect == "rule-out":
            out.append(_reason("known-defect", "blocker", ctx.lang, detail=detail, sources=d.sources, title=title))
        elif d.effect == "caveat":
            out.append(_reason("known-caveat", "caveat", ctx.lang, detail=detail, sources=d.sources, title=title))
        else:
            out.append(_reason("known-info", "info", ctx.lang, detail=detail, sources=d.sources, title=title))
    return out


def _row_reasons(row: Row, ctx: _Ctx) -> list[Reason]:
    out: list[Reason] = []
    lang = ctx.lang
    if row.prerelease:
        if ctx.allow_prerelease or ctx.pinned_line == row.tensorflow:
            out.append(_reason("prerelease-pinned", "caveat", lang, version=row.version))
        else:
            out.append(_reason("prerelease", "blocker", lang, version=row.version))
    if ctx.machine not in row.machines:
        if row.platform in ("linux", "wsl2") and ctx.machine == "aarch64" and ctx.gpu_mode:
            out.append(_reason("aarch64-cpu-only", "blocker", lang, sources=["DOCS"]))
        else:
            out.append(_reason("machine-unsupported", "blocker", lang, line=row.tensorflow, machine=ctx.machine,
                               platform=row.platform))
    if row.platform == "wsl2":
        build = ctx.host.os.windows_build
        min_build = ctx.matrix.platforms["wsl2"].min_windows_build
        if ctx.gpu_mode and build is not None and min_build and build < min_build:
            out.append(_reason("wsl2-windows-too-old", "blocker", lang, build=build, sources=["DOCS"]))
    if ctx.gpu_mode:
        if row.gpu == "none":
            if row.platform == "windows":
                out.append(_reason("windows-native-after-2.10", "blocker", lang, line=row.tensorflow,
                                   sources=["DOCS", "REL v2.11.1"]))
            else:
                out.append(_reason("macos-no-cuda", "blocker", lang, sources=["DOCS"]))
        else:
            arch = _arch_reasons(row, ctx)
            out.extend(arch)
            jit = any(r.code in ("arch-jit-only", "arch-jit-first-start", "arch-ptx-exact") for r in arch)
            out.extend(_driver_reasons(row, ctx, jit))
    else:
        out.append(_reason("cpu-only", "info", lang))
    out.extend(_defect_reasons(row, ctx))
    if row.keras.major == 3 and row.keras.legacy_package:
        out.append(_reason("keras-3", "info", lang, legacy=row.keras.legacy_package, sources=["REL v2.16.1"]))
    return out


def _cpu_recipe(row: Row, matrix: Matrix) -> Recipe | None:
    """Plain ``tensorflow==X`` (no and-cuda, no tensorflow-gpu) for a CPU-only install of the row."""
    template = matrix.recipes.get("pip-cpu")
    if template is None:
        return None
    req = Requirement(row.pip_requirement)
    name = "tensorflow" if req.name == "tensorflow-gpu" else req.name
    return template.filled({"pip_requirement": f"{name}{req.specifier}", "numpy_pin": row.numpy.pin})


def _glibc_reasons(row: Row, ctx: _Ctx) -> list[Reason]:
    if row.wheel is None or ctx.in_wsl_choice:
        return []
    out: list[Reason] = []
    glibc = ctx.host.os.glibc
    vals = dict(line=row.tensorflow, tag=row.wheel.tag, need=row.wheel.glibc)
    if glibc is None:
        if row.platform in ("linux", "wsl2"):
            out.append(_reason("glibc-unknown", "caveat", ctx.lang, **vals))
    elif release(glibc) < release(row.wheel.glibc):
        out.append(_reason("glibc-too-old", "blocker", ctx.lang, glibc=glibc, sources=["PYPI"], **vals))
        if not row.wheel.confirmed:
            out.append(_reason("glibc-unconfirmed", "info", ctx.lang, **vals))
    return out


def _method_options(row: Row, ctx: _Ctx, only: str | None) -> list[MethodOption]:
    lang = ctx.lang
    options: list[MethodOption] = []
    methods: Mapping[str, Recipe | None]
    if ctx.gpu_mode:
        methods = {m: row.recipe(m) for m in row.methods}
    else:
        # CPU only: plain tensorflow with pip; a conda env (for its Python) where the row has a conda recipe
        # (core.setup.plan.build_plan(cpu=True) swaps in the CPU packages)
        methods = {"pip": _cpu_recipe(row, ctx.matrix)}
        if "conda" in row.methods and row.platform != "macos":
            methods["conda"] = row.recipe("conda")
    rng = _range_text(row)
    for method in ("pip", "conda", "docker"):
        if only and method != only:
            continue
        recipe = methods.get(method)
        if recipe is None:
            if only:
                code = "docker-not-on-platform" if method == "docker" and row.platform not in ("linux", "wsl2") \
                    else "docker-needs-gpu" if method == "docker" and "docker" in row.methods \
                    else "method-not-available"
                options.append(MethodOption(method, None, False, None, (
                    _reason(code, "blocker", lang, method=method, line=row.tensorflow, platform=row.platform),)))
            continue
        reasons: list[Reason] = []
        python: str | None = None
        if recipe.python_from == "host":
            python = ctx.python
            if ctx.in_wsl_choice:
                python = row.python_minors()[-1] if row.python_minors() else None
                reasons.append(_reason("python-in-wsl", "info", lang, range=rng))
            elif python is None:
                pass
            elif not row.python_ok(python):
                too_new = release(python) > release(row.python_minors()[-1])
                reasons.append(_reason("python-too-new" if too_new else "python-too-old", "blocker", lang,
                                       python=python, line=row.tensorflow, range=rng, sources=["DOCS"]))
            else:
                reasons.append(_reason("python-ok", "ok", lang, python=python, range=rng))
        elif recipe.python_from == "conda":
            minors = row.python_minors()
            if ctx.python and row.python_ok(ctx.python) and not ctx.in_wsl_choice:
                python = ctx.python
            else:
                python = minors[-1] if minors else None
                if ctx.python and not ctx.in_wsl_choice:
                    reasons.append(_reason("new-python", "cost", lang, python=python, host_python=ctx.python,
                                           range=rng))
            if ctx.host.conda is None:
                reasons.append(_reason("needs-conda", "cost", lang))
        if method in ("pip", "conda"):
            reasons.extend(_glibc_reasons(row, ctx))
        if "system-cuda-toolkit" in recipe.needs:
            reasons.append(_reason("needs-system-cuda", "cost", lang, cuda=row.cuda, cudnn=row.cudnn))
        if "docker" in recipe.needs:
            reasons.append(_reason("needs-docker", "cost", lang))
        if "msvc-redist" in recipe.needs:
            reasons.append(_reason("needs-msvc", "info", lang))
        if recipe.derived:
            reasons.append(_reason("derived-recipe", "info", lang, line=row.tensorflow))
        if row.numpy.pin and method != "docker":
            reasons.append(_reason("numpy-pin", "info", lang, pin=row.numpy.pin))
        usable = not any(r.kind == "blocker" for r in reasons)
        options.append(MethodOption(method, recipe, usable, python, tuple(reasons)))
    options.sort(key=lambda o: (not o.usable, o.penalty))
    return options


def _range_text(row: Row) -> str:
    minors = row.python_minors()
    if not minors:
        return str(row.python)
    return minors[0] if len(minors) == 1 else f"{minors[0]}–{minors[-1]}"


def _evaluate(row: Row, ctx: _Ctx, only_method: str | None = None) -> Candidate:
    reasons = _row_reasons(row, ctx)
    methods = _method_options(row, ctx, only_method)
    blocked = any(r.kind == "blocker" for r in reasons)
    if not blocked and not any(m.usable for m in methods):
        blocked = True
        if not methods:
            reasons.append(_reason("no-usable-method", "blocker", ctx.lang))
    reasons.sort(key=lambda r: _KIND_ORDER.get(r.kind, 9))
    if blocked:
        status = "ruled-out"
    else:
        best = next(m for m in methods if m.usable)
        has_caveat = any(r.kind == "caveat" for r in (*reasons, *best.reasons))
        status = "works-with-caveats" if has_caveat else "works"
    uses_gpu = ctx.gpu_mode and row.gpu == "cuda" and status != "ruled-out"
    return Candidate(row=row, status=status, reasons=tuple(reasons), methods=tuple(methods), uses_gpu=uses_gpu)


def _rank(cands: list[Candidate]) -> list[Candidate]:
    """Usable before ruled out; no caveats before caveats; then a method without administrator work
    (docker, a hand-installed system CUDA) before one with it; then the newest TensorFlow."""

    def key(c: Candidate) -> tuple:
        ok = c.status != "ruled-out"
        bm = c.best_method
        hard = bm is None or bm.method == "docker" or (bm.recipe is not None and "system-cuda-toolkit" in bm.recipe.needs)
        return (not ok, c.status == "works-with-caveats", hard, tuple(-x for x in c.row.line_tuple),
                bm.penalty if bm else 99)

    return sorted(cands, key=key)


def _mark_best(ranked: list[Candidate]) -> list[Candidate]:
    if ranked and ranked[0].status != "ruled-out":
        ranked[0] = dataclasses.replace(ranked[0], status="recommended")
    return ranked


def _normalise_pin(tf: str | None) -> str | None:
    if not tf:
        return None
    try:
        v = Version(tf)
    except InvalidVersion:
        raise ValueError(f"not a TensorFlow version: {tf!r} (expected e.g. 2.13 or 2.13.1)") from None
    return f"{v.major}.{v.minor}"


def _host_notes(host: HostReport, ctx: _Ctx, platform: str) -> list[Reason]:
    lang = ctx.lang
    notes: list[Reason] = []
    if platform == "other":
        notes.append(_reason("os-unsupported", "blocker", lang, detail=host.os.system))
    if host.os.system == "wsl1":
        notes.append(_reason("wsl1-no-gpu", "info", lang))
    elif platform == "macos":
        notes.append(_reason("macos-no-cuda", "info", lang, sources=["DOCS"]))
    elif host.driver is not None and host.driver.effective_state() not in ("working", "not-installed"):
        # the driver is there but does not work as it is (waiting for a restart, not loaded, no GPU ...)
        state = host.driver.effective_state()
        notes.append(_reason(f"driver-{state}", "caveat", lang, detail=host.driver.error or ""))
    elif host.driver is not None and host.driver.no_nvidia_gpu:  # the PCI bus holds no NVIDIA GPU at all
        notes.append(_reason("no-gpu", "info", lang, detail=host.driver.error or ""))
    elif host.driver is None or not host.driver.present:
        notes.append(_reason("no-driver", "info", lang, detail=(host.driver.error or "") if host.driver else ""))
    elif not host.gpus:
        notes.append(_reason("no-gpu", "info", lang))
    cvd = host.env.get("CUDA_VISIBLE_DEVICES")
    if cvd is not None and cvd.strip() in ("", "-1"):
        notes.append(_reason("cuda-visible-devices-hides", "caveat", lang, value=repr(cvd)))
    if ctx.gpu_mode:
        for g in _gpus(host):
            if cc_tuple(g.compute_capability or "0.0")[0] >= 10:
                notes.append(_reason("blackwell-alternatives", "info", lang, gpu=g.name,
                                     sources=["ISSUE #89272", "ISSUE #97387", "ISSUE #99592"]))
    return notes


def _pin_cost(best: Candidate | None, pinned: Candidate | None, tf: str | None, method: str | None,
              ctx: _Ctx, platform: str) -> PinCost:
    lang = ctx.lang
    if pinned is None:
        return PinCost(tf, method, None, (_reason("pin-unknown", "blocker", lang, pinned=tf, platform=platform),))
    reasons: list[Reason] = []
    if pinned.status == "ruled-out":
        reasons.append(_reason("pin-ruled-out", "blocker", lang))
        reasons.extend(pinned.blockers)
        return PinCost(tf, method, pinned, tuple(reasons))
    if best is not None:
        if pinned.row.line_tuple < best.row.line_tuple:
            reasons.append(_reason("pin-older", "cost", lang, pinned=pinned.row.tensorflow, best=best.row.tensorflow))
        elif pinned.row.line_tuple > best.row.line_tuple:
            reasons.append(_reason("pin-newer", "cost", lang, pinned=pinned.row.tensorflow, best=best.row.tensorflow))
        if best.uses_gpu and not pinned.uses_gpu:
            reasons.append(_reason("pin-cpu", "cost", lang))
        if pinned.row.keras.major < best.row.keras.major:
            reasons.append(_reason("pin-keras-2", "info", lang, pinned=pinned.row.tensorflow, best=best.row.tensorflow))
        pbm, bbm = pinned.best_method, best.best_method
        if pbm and bbm and pbm.method != bbm.method:
            reasons.append(_reason("pin-method", "cost", lang, method=pbm.method, best_method=bbm.method))
    bm = pinned.best_method
    best_codes: set[str] = set()
    if best is not None:
        best_bm = best.best_method
        best_codes = {r.code for r in (*best.reasons, *(best_bm.reasons if best_bm else ()))}
    for r in (*pinned.reasons, *(bm.reasons if bm else ())):
        if r.kind in ("caveat", "cost") and r.code not in best_codes:
            reasons.append(r)
    if not reasons:
        reasons.append(_reason("pin-same", "ok", lang))
    return PinCost(tf, method, pinned, tuple(reasons))


def _windows_choice(matrix: Matrix, host: HostReport, ctx: _Ctx, native: list[Candidate]) -> WindowsChoice:
    lang = ctx.lang
    native_best = next((c for c in native if c.status != "ruled-out" and c.row.gpu == "cuda"), None)
    if native_best is None:
        native_best = next((c for c in native if c.row.gpu == "cuda"), None)
    wsl_ctx = dataclasses.replace(ctx, in_wsl_choice=True)
    wsl = _rank([_evaluate(r, wsl_ctx) for r in matrix.rows_for("wsl2")])
    wsl_best = next((c for c in wsl if c.status != "ruled-out"), None)
    n_pros: list[Reason] = [_reason("win-native-pro", "ok", lang)]
    n_cons: list[Reason] = []
    if native_best is not None:
        r = native_best.row
        n_cons.append(_reason("win-native-con", "cost", lang, line=r.tensorflow, range=_range_text(r),
                              cuda=r.cuda, cudnn=r.cudnn))
    w_pros: list[Reason] = []
    if wsl_best is not None:
        r = wsl_best.row
        w_pros.append(_reason("win-wsl2-pro", "ok", lang, line=r.tensorflow, cuda=r.cuda, cudnn=r.cudnn))
    w_cons = [_reason("win-wsl2-con", "cost", lang, sources=["DOCS"])]
    build = host.os.windows_build
    min_build = matrix.platforms["wsl2"].min_windows_build
    if build is not None and min_build and build < min_build:
        w_cons.insert(0, _reason("win-wsl2-floor", "blocker", lang, build=build, sources=["DOCS"]))
    elif build is None:
        w_cons.append(_reason("wsl2-windows-build-unknown", "caveat", lang, sources=["DOCS"]))
    if wsl_best is not None:
        suggested = "wsl2"
    elif native_best is not None and native_best.status != "ruled-out":
        suggested = "native"
    else:
        suggested = "none"
    return WindowsChoice(
        native=native_best, wsl2=wsl_best, native_pros=tuple(n_pros), native_cons=tuple(n_cons),
        wsl2_pros=tuple(w_pros), wsl2_cons=tuple(w_cons),
        directml=_reason("win-directml", "info", lang, sources=["DOCS"]), suggested=suggested,
    )


def recommend(matrix: Matrix, host: HostReport, *, tf: str | None = None, method: MethodName | None = None,
              allow_prerelease: bool = False, lang: str | None = None) -> Recommendation:
    """Rank ``matrix``'s rows for ``host``; ``tf`` / ``method`` pin a choice and get its cost.

    Raises ValueError for a malformed pin (``tf="banana"``, ``method="apt"``); an unknown but well-formed
    TF version is not an error: the pin then reports "no TensorFlow X for <platform>".
    """
    if method is not None and method not in ("pip", "conda", "docker"):
        raise ValueError(f"unknown install method {method!r}; expected pip, conda or docker")
    pinned_line = _normalise_pin(tf)
    platform = host_platform(host)
    ctx = _Ctx(matrix=matrix, host=host, lang=lang, gpu_mode=_gpu_mode(host) and platform != "other",
               python=_python(host), machine=_machine(host), allow_prerelease=allow_prerelease,
               pinned_line=None)
    notes = _host_notes(host, ctx, platform)
    if platform == "other":
        return Recommendation(platform=platform, gpu_mode=False, best=None, candidates=(), notes=tuple(notes))
    rows = matrix.rows_for(platform)
    ranked = _mark_best(_rank([_evaluate(r, ctx) for r in rows]))
    best = ranked[0] if ranked and ranked[0].status == "recommended" else None
    if best is None:
        notes.append(_reason("no-candidate", "info", lang))
    pin = None
    if pinned_line or method:
        pctx = dataclasses.replace(ctx, pinned_line=pinned_line)
        target_rows = [r for r in rows if r.tensorflow == pinned_line] if pinned_line else []
        if pinned_line is None:
            # method pin only: the newest row that works with that method; when none does, the one to explain
            # why is a release, never a pre-release nobody pinned
            evaluated = _rank([_evaluate(r, pctx, method) for r in rows])
            pinned = next((c for c in evaluated if c.status != "ruled-out"), None) or next(
                (c for c in evaluated if allow_prerelease or not c.row.prerelease), evaluated[0] if evaluated else None)
        else:
            pinned = _evaluate(target_rows[0], pctx, method) if target_rows else None
        pin = _pin_cost(best, pinned, tf, method, pctx, platform)
    choice = None
    if platform == "windows" and ctx.gpu_mode:
        choice = _windows_choice(matrix, host, ctx, ranked)
    return Recommendation(platform=platform, gpu_mode=ctx.gpu_mode, best=best, candidates=tuple(ranked),
                          notes=tuple(notes), pin=pin, windows_choice=choice)
