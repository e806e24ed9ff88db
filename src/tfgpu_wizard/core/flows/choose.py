"""Choose: what to plan for this machine. ``tfgpu-wizard plan`` and Setup → Choose.

The recommendation with the user's pins (``recommendation``: ``uv`` installs the pip recipe, so it is judged as
pip), then the one choice to build a plan for (``choose``): an explicit "plan for WSL2" on a Windows host, else
the pinned version and method (or why they cannot be planned), else the suggested side on Windows, else the
recommended version with its best method. Plain functions: nothing here waits.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tfgpu_wizard.core.i18n import N_, tr
from tfgpu_wizard.core.setup.matrix import Matrix, Row
from tfgpu_wizard.core.setup.plan import METHODS, Plan, build_plan
from tfgpu_wizard.core.setup.recommend import Candidate, MethodOption, Recommendation, recommend

CTX = "plan"
JUDGED_AS = {"uv": "pip"}  # uv installs the pip recipe with uv venv + uv pip install

# The candidate statuses of core.setup.recommend in words (translated in context "plan"): one catalog for both faces.
STATUS_WORDS = {
    "recommended": N_("recommended"),
    "works": N_("works"),
    "works-with-caveats": N_("works, with caveats"),
    "ruled-out": N_("ruled out"),
}


def status_word(status: str) -> str:
    return tr(CTX, STATUS_WORDS[status]) if status in STATUS_WORDS else status


@dataclass(frozen=True)
class Choice:
    """What to build a plan for: a matrix row, an install method (pip | uv | conda | docker) and the candidate
    that judged it."""

    row: Row
    method: str
    candidate: Candidate
    platform: str  # the platform of the row ("linux", "wsl2", "windows", "macos")
    python: str | None = None  # the environment's Python minor, as the method option says (None: the plan picks)
    cpu: bool = False  # no usable NVIDIA GPU/driver: the CPU plan


@dataclass(frozen=True)
class Pick:
    """``choose``'s answer: the choice, or why the pinned version/method cannot be planned (``why``, with the
    recommendation to take ``instead``); both None/empty when nothing fits this machine."""

    choice: Choice | None
    candidate: Candidate | None = None
    option: MethodOption | None = None
    why: list[str] = field(default_factory=list)
    instead: Candidate | None = None

    @property
    def refused(self) -> bool:
        return self.choice is None and bool(self.why)


def recommendation(matrix: Matrix, host: Any, *, tf: str | None = None, method: str | None = None) -> Recommendation:
    """``core.setup.recommend.recommend`` with the user's pins as both faces take them (``uv`` judged as pip).

    Raises ValueError for a malformed pin."""
    if method is not None and method not in METHODS:
        raise ValueError(f"unknown install method {method!r}; expected one of {', '.join(METHODS)}")
    return recommend(matrix, host, tf=tf, method=JUDGED_AS.get(method or "", method))


def _choice(rec: Recommendation, cand: Candidate, option: MethodOption, method: str | None) -> Choice:
    planned = method if method in JUDGED_AS and JUDGED_AS[method] == option.method else option.method
    return Choice(row=cand.row, method=planned, candidate=cand, platform=cand.row.platform, python=option.python,
                  cpu=not rec.gpu_mode)


def choose(rec: Recommendation, *, method: str | None = None, windows_side: str | None = None) -> Pick:
    """The choice to plan. ``method``: the method the user pinned (uv included), or None; ``windows_side``:
    "wsl2" / "native" when the user picked a side of a native Windows host, None to follow the suggestion."""
    wc = rec.windows_choice
    if windows_side == "wsl2" and wc is not None and wc.wsl2 is not None and wc.wsl2.best_method is not None:
        return Pick(_choice(rec, wc.wsl2, wc.wsl2.best_method, None), wc.wsl2, wc.wsl2.best_method)
    if rec.pin is not None:
        cand = rec.pin.candidate
        if cand is None:
            return Pick(None, why=[r.message for r in rec.pin.reasons], instead=rec.best)
        judged = JUDGED_AS.get(method or "", method)
        option = next((m for m in cand.methods if m.method == judged), None) if judged else cand.best_method
        if cand.status == "ruled-out" or option is None or not option.usable:
            why = [r.message for r in cand.blockers]
            if option is not None:
                why += [r.message for r in option.reasons if r.kind == "blocker" and r.message not in why]
            return Pick(None, cand, option, why or ["-"], rec.best)
        return Pick(_choice(rec, cand, option, method), cand, option)
    if windows_side is None and wc is not None and wc.suggested == "wsl2" and wc.wsl2 is not None \
            and wc.wsl2.best_method is not None:
        return Pick(_choice(rec, wc.wsl2, wc.wsl2.best_method, None), wc.wsl2, wc.wsl2.best_method)
    cand = rec.best
    if cand is None or cand.best_method is None:
        return Pick(None)
    return Pick(_choice(rec, cand, cand.best_method, method), cand, cand.best_method)


def plan_for(choice: Choice, host: Any, shell: str, prefix: str | None = None, *, keras2: bool = False,
             home: str | None = None, index_url: str | None = None, offline: bool = False) -> Plan:
    """The install plan for ``choice`` in ``shell``: the same arguments for both faces (the method option's
    Python, the CPU plan where there is no usable GPU). Raises ``PlanError`` for an impossible choice."""
    return build_plan(choice.row, host, choice.method, shell, prefix, keras2=keras2, python=choice.python,
                      cpu=choice.cpu, home=home, index_url=index_url, offline=offline)
