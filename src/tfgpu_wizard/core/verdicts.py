"""One verdict vocabulary for every face: the same fact gets the same word, mark and colour in Verify, Sanity,
"Run it for me", Diagnose, the doctor and the CLI, in English and Chinese (issue 23).

A *kind* is what a result means for the user, not which check produced it:

==============  ====  ======  =====================================================================
kind            mark  colour  meaning
==============  ====  ======  =====================================================================
ok              ✓     green   it works as it should (TensorFlow uses the GPU; a step succeeded)
ok-cpu          ✓     green   it works on the CPU, and that is what was asked for or all this machine
                              can do (a CPU install; a computer without an NVIDIA GPU)
caveats         !     yellow  it works, with something worth knowing (a warning, a skipped step)
needs-action    !     yellow  it does not do what you want yet, and there is something for you to do
                              (TensorFlow works but without the GPU that is there; TensorFlow is missing)
not-working     ✗     red     it is broken (a crash, a hang, a failed step, an error)
info            ·     blue    for information only; harmless, expected
stopped         ·     grey    stopped by you before an answer
==============  ====  ======  =====================================================================

The module knows words, marks and colour *names*; each face maps a colour name to its own styles (the CLI to
rich styles, the window to its palette). It is Qt-free and imports only ``core.i18n``. Exit codes stay with the
flows (``verify`` and ``sanity`` keep theirs): a kind says how a result reads, not how a script should branch.

``mark(kind, ascii=True)`` gives a mark that any terminal encoding can print (a Latin-1 or ASCII console).
"""

from __future__ import annotations

from dataclasses import dataclass

from tfgpu_wizard.core.i18n import N_, tr

CTX = "verdicts"

OK = "ok"
OK_CPU = "ok-cpu"
CAVEATS = "caveats"
NEEDS_ACTION = "needs-action"
NOT_WORKING = "not-working"
INFO = "info"
STOPPED = "stopped"

COLOURS = ("green", "yellow", "red", "blue", "grey")


@dataclass(frozen=True)
class Kind:
    """One verdict kind: its key, its marks (Unicode, ASCII), its colour name and its label (English source)."""

    key: str
    mark: str
    ascii_mark: str
    colour: str
    label_en: str
    rank: int  # how bad: 0 ok … 4 not working (``worst`` picks the highest)

    @property
    def label(self) -> str:
        """The label in the current language (e.g. "Works on the CPU, as intended")."""
        return tr(CTX, self.label_en)

    @property
    def good(self) -> bool:
        """It works (with or without caveats), or there is nothing to act on."""
        return self.key in (OK, OK_CPU, CAVEATS, INFO)


KINDS: dict[str, Kind] = {k.key: k for k in (
    Kind(OK, "✓", "+", "green", N_("Works"), 0),
    Kind(OK_CPU, "✓", "+", "green", N_("Works on the CPU, as intended"), 0),
    Kind(INFO, "·", "-", "blue", N_("For information"), 1),
    Kind(STOPPED, "·", "-", "grey", N_("Stopped by you"), 2),
    Kind(CAVEATS, "!", "!", "yellow", N_("Works, with caveats"), 2),
    Kind(NEEDS_ACTION, "!", "!", "yellow", N_("Needs action"), 3),
    Kind(NOT_WORKING, "✗", "x", "red", N_("Not working"), 4),
)}


def kind(key: str) -> Kind:
    """The kind for ``key`` (one of KINDS); an unknown key is a programming error (KeyError)."""
    return KINDS[key]


def mark(key: str, ascii: bool = False) -> str:  # noqa: A002 - the natural name for the option
    """The kind's mark: ✓ ! ✗ · (``ascii``: + ! x -, for a console that cannot print the others)."""
    k = KINDS[key]
    return k.ascii_mark if ascii else k.mark


def colour(key: str) -> str:
    """The kind's colour name (one of COLOURS)."""
    return KINDS[key].colour


def label(key: str) -> str:
    """The kind's label in the current language."""
    return KINDS[key].label


def worst(keys: list[str] | tuple[str, ...]) -> str:
    """The most serious of ``keys`` (``OK`` for none): a summary line's kind."""
    return max(keys, key=lambda k: KINDS[k].rank, default=OK)


# -- the facts each check reports, mapped to a kind ---------------------------------------------------


def for_probe(status: str, *, expect_cpu: bool = False, host_has_gpu: bool | None = None) -> str:
    """The kind of a probe verdict (``ProbeVerdict.status``: gpu | no-gpu | gpu-broken | no-tensorflow |
    crashed | hung | not-started).

    "no-gpu" (TensorFlow works on the CPU) is ``OK_CPU`` when a CPU install was asked for (``expect_cpu``) or the
    machine has no NVIDIA GPU to use (``host_has_gpu is False``): nothing is wrong and nothing can be done.
    With a GPU there (or unknown) it needs action. Missing TensorFlow needs action (install it); a crash, a hang
    or a Python that cannot start is not working; a GPU that registers but fails to compute is not working."""
    if status == "gpu":
        return OK
    if status == "no-gpu":
        return OK_CPU if expect_cpu or host_has_gpu is False else NEEDS_ACTION
    if status == "no-tensorflow":
        return NEEDS_ACTION
    return NOT_WORKING


def for_sanity(status: str, *, host_has_gpu: bool | None = None) -> str:
    """The kind of a sanity verdict (``SanityVerdict.status``: gpu | cpu | cpu-expected | failed |
    no-tensorflow | cancelled | timeout | not-started)."""
    if status == "gpu":
        return OK
    if status == "cpu-expected" or (status == "cpu" and host_has_gpu is False):
        return OK_CPU
    if status == "cpu":
        return NEEDS_ACTION
    if status == "cancelled":
        return STOPPED
    if status == "no-tensorflow":
        return NEEDS_ACTION
    return NOT_WORKING


def for_severity(severity: str) -> str:
    """The kind of a diagnosis finding or a doctor check (error | warning | info | harmless | ok)."""
    return {"error": NOT_WORKING, "warning": CAVEATS, "info": INFO, "harmless": INFO, "ok": OK}.get(severity, INFO)


def for_step(status: str) -> str:
    """The kind of one step, or of the whole run, of "Run it for me" (ok | failed | timeout | skipped |
    cancelled | stopped | dry-run)."""
    return {"ok": OK, "failed": NOT_WORKING, "timeout": NOT_WORKING, "skipped": CAVEATS, "cancelled": STOPPED,
            "stopped": STOPPED, "dry-run": INFO}.get(status, INFO)


__all__ = ["CAVEATS", "COLOURS", "INFO", "KINDS", "NEEDS_ACTION", "NOT_WORKING", "OK", "OK_CPU", "STOPPED", "Kind",
           "colour", "for_probe", "for_sanity", "for_severity", "for_step", "kind", "label", "mark", "worst"]
