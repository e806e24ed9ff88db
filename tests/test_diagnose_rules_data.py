"""The diagnosis rules are data (resources/diagnosis/rules.json): the file against its schema, the loader's own
checks on broken files, and a new class being only a data entry."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import jsonschema
import pytest

from tfgpu_wizard.core.diagnose import rules as R
from tfgpu_wizard.core.paths import resources_dir

SCHEMA = resources_dir() / "schemas" / "diagnosis-rules.schema.json"


def data() -> dict:
    return json.loads(R.rules_path().read_text(encoding="utf-8"))


def test_rules_file_matches_its_schema():
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    errors = sorted(jsonschema.Draft202012Validator(schema).iter_errors(data()), key=lambda e: e.json_path)
    assert not errors, [(e.json_path, e.message[:120]) for e in errors[:5]]


def test_every_fix_variant_is_reachable_or_a_platform():
    for rule in R.ALL_RULES:
        named = {e["fix"] for e in rule.fix_when}
        for key in rule.fix:
            assert key == "default" or key in R.PLATFORMS or key in named, (rule.id, key)


def _shape_problems(pattern: str) -> list[str]:
    """What could let one search span lines or backtrack without end: an unescaped "." , a "\\s" or a negated
    class ("[^...]") with an unbounded repeat ("*", "+")."""
    out, i, class_start = [], 0, -1
    while i < len(pattern):
        c = pattern[i]
        if c == "\\":
            if pattern[i + 1 : i + 2] == "s" and pattern[i + 2 : i + 3] in ("*", "+"):
                out.append(f"unbounded \\s at {i}")
            i += 2
            continue
        if class_start >= 0:
            if c == "]" and i > class_start + 1:
                if pattern[class_start + 1] == "^" and pattern[i + 1 : i + 2] in ("*", "+"):
                    out.append(f"unbounded negated class at {class_start}")
                class_start = -1
        elif c == "[":
            class_start = i
        elif c == ".":
            out.append(f"'.' at {i}")
        i += 1
    return out


def test_patterns_are_linear_shapes():
    # patterns are searched in the whole text: "[^\\r\\n]{0,300}" instead of ".*", bounded repeats
    for rule in R.ALL_RULES:
        for p in rule.patterns:
            assert not _shape_problems(p), (rule.id, p, _shape_problems(p))
    assert _shape_problems(r"a.b") and _shape_problems(r"x[^y]+z") and _shape_problems(r"a\s*b")
    assert not _shape_problems(r"[.+]\.{1,3}\d+(?:\.\d+)*[^\r\n]{0,20}")


def _load(tmp_path: Path, mutate) -> str:
    d = copy.deepcopy(data())
    mutate(d)
    p = tmp_path / "rules.json"
    p.write_text(json.dumps(d), encoding="utf-8")
    with pytest.raises(R.RulesError) as err:
        R.load_rules(p)
    return str(err.value)


def test_loader_names_the_rule_and_the_field(tmp_path):
    def bad_severity(d):
        d["rules"][0]["severity"] = "fatal"

    assert "rule driver-library-mismatch: severity" in _load(tmp_path, bad_severity)

    def bad_pattern(d):
        d["rules"][0]["patterns"] = ["(unclosed"]

    assert "bad pattern" in _load(tmp_path, bad_pattern)

    def unknown_explains(d):
        d["rules"][0]["explains"] = ["no-such-rule"]

    assert "no-such-rule" in _load(tmp_path, unknown_explains)

    def unknown_variant(d):
        d["rules"][0]["fix_when"] = [{"when": {"platform": ["linux"]}, "fix": "nowhere"}]

    assert "no fix named 'nowhere'" in _load(tmp_path, unknown_variant)

    def no_english(d):
        d["rules"][0]["title"] = {"zh_CN": "只有中文"}

    assert "rule driver-library-mismatch.title" in _load(tmp_path, no_english)
    p = tmp_path / "broken.json"
    p.write_text("{not json", encoding="utf-8")
    with pytest.raises(R.RulesError, match="cannot read the diagnosis rules"):
        R.load_rules(p)


def test_a_new_class_is_one_data_entry(tmp_path):
    d = data()
    d["rules"].insert(0, {
        "id": "example-new-class", "severity": "error", "priority": 40,
        "patterns": [r"frobnicator (?P<what>\w{1,20}) exploded"],
        "title": {"en": "The frobnicator {what} exploded", "zh_CN": "frobnicator {what} 爆炸了"},
        "explanation": {"en": "It does that.", "zh_CN": "它就是这样。"},
        "fix": {"default": {"en": "Replace it.", "zh_CN": "换一个。"},
                "windows": {"en": "Replace it on Windows.", "zh_CN": "在 Windows 上换一个。"}},
    })
    p = tmp_path / "rules.json"
    p.write_text(json.dumps(d, ensure_ascii=False), encoding="utf-8")
    rules, _tables = R.load_rules(p)
    rule = rules[0]
    assert rule.id == "example-new-class" and rule.say(rule.title, "zh_CN") == "frobnicator {what} 爆炸了"
    assert rule.fix_key({"platform": "windows"}) == "windows" and rule.fix_key({"platform": "linux"}) == "default"


def test_conditions():
    assert R.version_in((2, 16, 1), "==2.16") and not R.version_in((2, 17), "<2.17,>=2.16")
    assert R.version_in((2, 17), ">=2.17") and not R.version_in(None, ">=2.0")
    sit = {"platform": "linux", "tf": (2, 21), "env": {"docker"}, "host": None, "facts": {"pip_cuda_wheels": True},
           "values": {"case": "none", "python": "3.14"}}
    assert R.matches({"platform": ["linux", "wsl2"], "tf": ">=2.17", "facts": {"pip_cuda_wheels": True}}, sit)
    assert R.matches({"value": {"case": ["none", "other"], "python": True}, "env": ["docker"]}, sit)
    assert not R.matches({"value": {"implied_python": True}}, sit)
    assert not R.matches({"host": ["no-nvidia-gpu"]}, sit) and R.matches({"tf_known": True}, sit)
