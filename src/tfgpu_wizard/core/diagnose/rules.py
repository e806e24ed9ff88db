"""The diagnosis rules, loaded from data: ``resources/diagnosis/rules.json``.

Every rule is one entry of that file (schema: ``resources/schemas/diagnosis-rules.schema.json``, field
reference: docs/diagnosis.md), so a new class of failure is a data entry, not code. A rule holds its
patterns, severity and priority, its texts in English and Chinese (``{"en": ..., "zh_CN": ...}``), a fix
per platform (``default``, ``linux``, ``windows``, ``wsl2``, ``macos``) or per named variant, the rules it
explains, its sources, and conditions that pick a fix variant or change the severity from what the log and
the caller know (``fix_when``, ``severity_when``; see ``matches``).

Texts may hold ``{name}`` fields, filled *after* translation from the named groups of the pattern that
matched or from what the engine derived (``{lib}``, ``{cuda}``, ``{package}``, ...); ``defaults`` gives the
value of a field that nothing supplied.

Ranking: a smaller ``priority`` is closer to the root cause. ``explains`` lists the rules whose findings are
*symptoms* of this one when both appear in one log (``@group`` names a list in the file's ``groups``).
Rules with ``derived: true`` have no patterns: the engine decides when they apply (from the facts read from
the log, or from other findings).

Patterns are searched in the whole text (not per line), so they never span lines: use ``[^\\r\\n]`` instead
of ``.`` and bounded repeats (``{0,300}``) so a pathological line cannot make a search quadratic.

Qt-free, TensorFlow-free, standard library only; the file is read once, at import.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tfgpu_wizard.core.paths import resources_dir

SEVERITIES = ("error", "warning", "info", "harmless")
PLATFORMS = ("linux", "windows", "wsl2", "macos")
LANGS = ("en", "zh_CN")


def rules_path() -> Path:
    return resources_dir() / "diagnosis" / "rules.json"


class RulesError(ValueError):
    """The rules file is malformed (the message names the rule and the field)."""


Text = Mapping[str, str]  # language -> text ("en" always present)


def _text(obj: Any, where: str) -> dict[str, str]:
    if not isinstance(obj, dict) or not isinstance(obj.get("en"), str) or not obj["en"]:
        raise RulesError(f"{where}: a text must be an object with a non-empty 'en' string")
    return {k: v for k, v in obj.items() if isinstance(v, str)}


# --------------------------------------------------------------------------- conditions


_SPEC = re.compile(r"\s*(>=|<=|==|!=|<|>)\s*(\d+(?:\.\d+)*)\s*")


def _tuple(v: str) -> tuple[int, ...]:
    return tuple(int(x) for x in v.split("."))


def version_in(version: tuple[int, ...] | None, spec: str) -> bool:
    """Whether a (major, minor[, patch]) version meets ``spec`` (">=2.11,<2.16"); an unknown version never does.
    Versions are compared on as many parts as the spec names (``2.16.1`` meets ``==2.16``)."""
    if not version:
        return False
    for part in spec.split(","):
        m = _SPEC.fullmatch(part)
        if not m:
            raise RulesError(f"bad version condition {spec!r}")
        op, want = m.group(1), _tuple(m.group(2))
        have = tuple(version[: len(want)]) + (0,) * max(0, len(want) - len(version))
        ok = {
            ">=": have >= want,
            "<=": have <= want,
            "==": have == want,
            "!=": have != want,
            "<": have < want,
            ">": have > want,
        }[op]
        if not ok:
            return False
    return True


# Condition keys (all must hold; a list means "any of these"):
#   platform: ["linux", "wsl2"]          the platform the finding is for
#   tf: ">=2.17"                         the TensorFlow version (unknown -> false); tf_known: true/false
#   env: ["container", "ray"]            any of these environments was read from the log (facts.environment)
#   host: ["no-nvidia-gpu", "no-driver"] the caller's host fact (context "host_fact", or "expect-cpu")
#   facts: {"pip_cuda_wheels": true}     flags read from the log (LogFacts.flags())
#   value: {"case": ["none"]}            values of the finding (pattern groups, derived fields)
_CONDITION_KEYS = frozenset({"platform", "tf", "tf_known", "env", "host", "facts", "value"})


def _as_list(v: Any) -> list:
    return list(v) if isinstance(v, (list, tuple)) else [v]


def matches(when: Mapping[str, Any], situation: Mapping[str, Any]) -> bool:
    """Whether a ``fix_when``/``severity_when`` condition holds in ``situation`` (keys: platform, tf (a tuple),
    env (a set), host (a str or None), facts (a dict of flags), values (the finding's values))."""
    for key, want in when.items():
        if key == "platform":
            if situation.get("platform") not in _as_list(want):
                return False
        elif key == "tf":
            if not version_in(situation.get("tf"), want):
                return False
        elif key == "tf_known":
            if bool(situation.get("tf")) != bool(want):
                return False
        elif key == "env":
            if not set(_as_list(want)) & set(situation.get("env") or ()):
                return False
        elif key == "host":
            if situation.get("host") not in _as_list(want):
                return False
        elif key == "facts":
            flags = situation.get("facts") or {}
            if any(bool(flags.get(k)) != bool(v) for k, v in want.items()):
                return False
        elif key == "value":
            values = situation.get("values") or {}
            for k, v in want.items():
                have = values.get(k)
                if v is True:
                    if not have:
                        return False
                elif v is False:
                    if have:
                        return False
                elif have not in _as_list(v):
                    return False
    return True


# --------------------------------------------------------------------------- the rule


@dataclass(frozen=True)
class Rule:
    id: str
    severity: str  # "error" | "warning" | "info" | "harmless"
    priority: int  # smaller = more fundamental (root causes first)
    patterns: tuple[str, ...]
    title: Text
    explanation: Text
    fix: Mapping[str, Text]  # platform or variant name ("default" always) -> text
    sources: tuple[str, ...] = ()
    explains: tuple[str, ...] = ()
    field_note: int | None = None  # row of field-notes.md section 4
    defaults: Mapping[str, str] = field(default_factory=dict)  # values for {fields} no group supplied
    family: str = ""
    derived: bool = False
    fix_when: tuple[Mapping[str, Any], ...] = ()  # [{"when": {...}, "fix": "<variant>"}]
    severity_when: tuple[Mapping[str, Any], ...] = ()  # [{"when": {...}, "severity": "info"}]
    host_lead: str = ""  # "all": the explanation starts from the host's fact (no GPU, no driver, a working
    #   driver, a CPU-only wheel); "no-gpu": only from a missing GPU/driver; "": never
    scope: str = "text"  # "text": patterns anywhere; "errors": only in error lines (exceptions, E/F, ERROR:)
    variants: Mapping[str, Mapping[str, Text]] = field(default_factory=dict)  # fix variant -> its own "title"
    #   and/or "explanation" (when the situation that picks the fix also changes what is to be said)

    # -- texts
    @staticmethod
    def say(text: Text, lang: str | None) -> str:
        """``text`` in ``lang`` (else the current language of core.i18n), English when not translated."""
        if lang is None:
            from tfgpu_wizard.core.i18n import language

            lang = language()
        return text.get(lang) or text["en"]

    def fix_key(self, situation: Mapping[str, Any]) -> str:
        """The fix variant for this situation: the first ``fix_when`` that holds, else the platform's, else
        ``default``."""
        for entry in self.fix_when:
            if matches(entry["when"], situation) and entry["fix"] in self.fix:
                return entry["fix"]
        plat = situation.get("platform")
        return plat if plat in self.fix else "default"

    def fix_for(self, platform: str) -> str:
        """The English fix for a platform (kept for callers of the former Python rules)."""
        return (self.fix.get(platform) or self.fix["default"])["en"]

    def severity_for(self, situation: Mapping[str, Any]) -> str:
        for entry in self.severity_when:
            if matches(entry["when"], situation):
                return entry["severity"]
        return self.severity

    def texts(self, lang: str = "en") -> list[str]:
        """Every text of the rule in one language (None where it has no translation), for the checks."""
        out = [self.title.get(lang), self.explanation.get(lang)]
        out.extend(t.get(lang) for t in self.fix.values())
        return out  # type: ignore[return-value]

    def all_texts(self) -> list[Text]:
        return [self.title, self.explanation, *self.fix.values(),
                *(t for v in self.variants.values() for t in v.values())]


def _rule(d: dict[str, Any], groups: dict[str, list[str]], shared: dict[str, Any]) -> Rule:
    rid = d.get("id")
    if not isinstance(rid, str) or not rid:
        raise RulesError(f"a rule without an id: {str(d)[:80]}")
    where = f"rule {rid}"
    sev = d.get("severity")
    if sev not in SEVERITIES:
        raise RulesError(f"{where}: severity must be one of {SEVERITIES}, not {sev!r}")
    if not isinstance(d.get("priority"), int):
        raise RulesError(f"{where}: priority must be an integer")
    patterns = tuple(d.get("patterns") or ())
    derived = bool(d.get("derived", False))
    if not patterns and not derived:
        raise RulesError(f"{where}: a rule needs patterns, or 'derived': true")
    for p in patterns:
        try:
            re.compile(p)
        except re.error as exc:
            raise RulesError(f"{where}: bad pattern {p!r}: {exc}") from None
    fix = {}
    for k, v in (d.get("fix") or {}).items():
        if isinstance(v, str) and v.startswith("@"):  # a text shared by several rules ("texts" in the file)
            if v[1:] not in shared:
                raise RulesError(f"{where}.fix.{k}: unknown shared text {v}")
            v = shared[v[1:]]
        fix[k] = _text(v, f"{where}.fix.{k}")
    if "default" not in fix:
        raise RulesError(f"{where}: fix needs a 'default'")
    explains: list[str] = []
    for e in d.get("explains") or ():
        if e.startswith("@"):
            if e[1:] not in groups:
                raise RulesError(f"{where}: unknown group {e}")
            explains.extend(groups[e[1:]])
        else:
            explains.append(e)
    for key in ("fix_when", "severity_when"):
        for entry in d.get(key) or ():
            unknown = set(entry.get("when", {})) - _CONDITION_KEYS
            if unknown:
                raise RulesError(f"{where}.{key}: unknown condition {sorted(unknown)}")
            if key == "fix_when" and entry.get("fix") not in fix:
                raise RulesError(f"{where}.fix_when: no fix named {entry.get('fix')!r}")
            if key == "severity_when" and entry.get("severity") not in SEVERITIES:
                raise RulesError(f"{where}.severity_when: bad severity {entry.get('severity')!r}")
    variants: dict[str, dict[str, dict[str, str]]] = {}
    for name, texts in (d.get("variants") or {}).items():
        if name not in fix:
            raise RulesError(f"{where}.variants: no fix named {name!r}")
        variants[name] = {k: _text(v, f"{where}.variants.{name}.{k}") for k, v in texts.items()
                          if k in ("title", "explanation")}
    return Rule(
        id=rid,
        severity=sev,
        priority=d["priority"],
        patterns=patterns,
        title=_text(d.get("title"), f"{where}.title"),
        explanation=_text(d.get("explanation"), f"{where}.explanation"),
        fix=fix,
        sources=tuple(d.get("sources") or ()),
        explains=tuple(dict.fromkeys(explains)),
        field_note=d.get("field_note"),
        defaults=dict(d.get("defaults") or {}),
        family=d.get("family", ""),
        derived=derived,
        fix_when=tuple(d.get("fix_when") or ()),
        severity_when=tuple(d.get("severity_when") or ()),
        host_lead=str(d.get("host_lead") or ""),
        scope=d.get("scope", "text"),
        variants=variants,
    )


def load_rules(path: Path | None = None) -> tuple[tuple[Rule, ...], dict[str, Any]]:
    """(rules in file order, the file's ``tables``), checked enough that the engine can rely on them.
    The full schema check is tests/test_diagnose_rules_data.py (jsonschema, which is too slow to import here)."""
    p = path or rules_path()
    try:
        data = json.loads(p.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise RulesError(f"cannot read the diagnosis rules {p}: {exc}") from None
    groups = data.get("groups") or {}
    shared = data.get("texts") or {}
    rules = tuple(_rule(d, groups, shared) for d in data.get("rules") or ())
    ids = [r.id for r in rules]
    dup = {i for i in ids if ids.count(i) > 1}
    if dup:
        raise RulesError(f"duplicate rule ids: {sorted(dup)}")
    unknown = {e for r in rules for e in r.explains} - set(ids)
    if unknown:
        raise RulesError(f"'explains' names unknown rules: {sorted(unknown)}")
    return rules, dict(data.get("tables") or {})


ALL_RULES, TABLES = load_rules()
BY_ID: dict[str, Rule] = {r.id: r for r in ALL_RULES}
RULES: tuple[Rule, ...] = tuple(r for r in ALL_RULES if r.patterns)  # the rules with patterns, scanned
GPU_MEMORY_TAKEN = BY_ID["gpu-memory-taken"]
ONLY_HARMLESS = BY_ID["only-harmless-lines"]
PYTHON_EXCEPTION = BY_ID["python-exception"]
