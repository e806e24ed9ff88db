"""Repo-wide check that everything the CLI and core show has a Chinese (zh_CN) translation.

Three sources of user-facing text are checked against the Qt Linguist catalogs in resources/i18n:

1. Source code of ``tfgpu_wizard.core`` and ``tfgpu_wizard.commands`` (not gui/ or target/, which
   have their own checks), read with ``ast``:
   * ``tr("ctx", "literal")`` / ``tr(CONTEXT, "literal")`` (module-level constants are resolved);
   * ``N_("literal")`` markers, in the context the module translates them with (``N_CONTEXTS``);
   * the English templates that ``core.setup.plan`` and ``core.setup.shells`` hand to ``Why(...)`` and
     ``Step(...)`` (explanations and administrator reasons), translated later in context "plan".
   Each must have a translation with the same ``{placeholders}``.
2. The texts of matrix.json that the CLI and GUI show (recipe titles, fix titles, defect titles,
   workarounds and symptoms, row and platform notes, ...) must have an entry in context "matrix-data".
3. The catalogs themselves: well-formed XML, and no (context, source) pair translated differently
   in two places.

A fourth test builds real plans and recommendations from the recorded doctor reports and checks that
every template they actually use is translated, which also catches texts passed through variables.
"""

from __future__ import annotations

import ast
import json
import re
import string
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

import pytest

from tfgpu_wizard.core import i18n
from tfgpu_wizard.core.paths import matrix_path, resources_dir
from tfgpu_wizard.core.setup.matrix import DataText, tr_data

SRC = Path(__file__).resolve().parents[1] / "src" / "tfgpu_wizard"
SCANNED = ("core", "commands", "cli.py")
CATALOG_DIR = resources_dir() / "i18n"
DATA_CONTEXT = "matrix-data"

# Modules that mark strings with N_() and the context they are translated in when shown.
# A new module using N_ must be added here (the test says so).
N_CONTEXTS = {
    "core/setup/recommend.py": "recommend",
    "core/diagnose/rules.py": "diagnose",
    "core/setup/host.py": "host",
    "core/setup/host_model.py": "host",
    "core/monitor/nvml.py": "monitor",
    "core/monitor/remote.py": "remote",
    "core/flows/choose.py": "plan",
    "core/setup/plan/docker.py": "plan",
    "commands/runs.py": "monitor",
    "core/flows/predict.py": "memory",
    "core/monitor/panel.py": "memory",
    "core/verdicts.py": "verdicts",
    "core/i18n.py": None,  # defines N_, marks nothing
}

# Constructors whose English template arguments are translated later (see shells.Step.text/reason
# and plan.Why.text): name -> (context, positional indexes, keyword names).
TEMPLATE_CALLS = {
    "Step": ("plan", (0,), ("explain", "admin_reason")),
    "Why": ("plan", (0,), ("text_en",)),
}


# -- catalogs ------------------------------------------------------------------------------------


def _ts_files() -> list[Path]:
    return sorted(CATALOG_DIR.glob("*_zh_CN.ts"))


def _catalog() -> dict[tuple[str, str], str]:
    merged: dict[tuple[str, str], str] = {}
    for ts in _ts_files():
        merged.update(i18n.parse_ts(ts))
    return merged


def _fields(text: str) -> list[str]:
    """The replacement fields of a format string as a sorted list; "{}" is numbered like str.format does,
    so a translation may reorder "{} {}" as "{1} {0}"."""
    out: list[str] = []
    auto = 0
    try:
        for _, name, spec, conv in string.Formatter().parse(text):
            if name is None:
                continue
            if name == "":
                name = str(auto)
                auto += 1
            out.append(f"{name}!{conv}:{spec}")
    except ValueError as exc:
        return [f"<bad format string: {exc}>"]
    return sorted(out)


# -- source scan ---------------------------------------------------------------------------------


class Found:
    def __init__(self, where: str, context: str | None, text: str) -> None:
        self.where, self.context, self.text = where, context, text

    def __repr__(self) -> str:
        return f"{self.where}: ({self.context!r}, {self.text!r})"


def _module_constants(tree: ast.Module) -> dict[str, str]:
    out: dict[str, str] = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            for t in node.targets:
                if isinstance(t, ast.Name):
                    out[t.id] = node.value.value
        elif (
            isinstance(node, ast.AnnAssign)
            and isinstance(node.target, ast.Name)
            and isinstance(node.value, ast.Constant)
            and isinstance(node.value.value, str)
        ):
            out[node.target.id] = node.value.value
    return out


def _callee(node: ast.Call) -> str | None:
    f = node.func
    if isinstance(f, ast.Name):
        return f.id
    if isinstance(f, ast.Attribute):
        return f.attr
    return None


def _literal(node: ast.AST | None, consts: dict[str, str]) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.Name) and node.id in consts:
        return consts[node.id]
    return None


def _scan_file(path: Path) -> tuple[list[Found], list[str]]:
    """(strings that need a translation, problems such as an f-string passed to tr)."""
    rel = path.relative_to(SRC).as_posix()
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    consts = _module_constants(tree)
    found: list[Found] = []
    problems: list[str] = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = _callee(node)
        where = f"{rel}:{node.lineno}"
        if name == "tr" and len(node.args) >= 2:
            ctx = _literal(node.args[0], consts)
            text_node = node.args[1]
            if isinstance(text_node, ast.JoinedStr):
                problems.append(f"{where}: tr() gets an f-string, which can never match a catalog entry")
                continue
            text = _literal(text_node, consts) if isinstance(text_node, ast.Constant) else None
            if text is None:
                continue  # a variable: its literals are checked where they are defined (N_, templates)
            if ctx is None:
                problems.append(f"{where}: tr() context is not a literal or module constant")
                continue
            found.append(Found(where, ctx, text))
        elif name == "N_" and node.args and rel != "core/i18n.py":
            text = _literal(node.args[0], {})
            if text is None:
                problems.append(f"{where}: N_() needs a string literal")
                continue
            if rel not in N_CONTEXTS:
                problems.append(f"{where}: {rel} marks strings with N_(); add its context to N_CONTEXTS")
                continue
            found.append(Found(where, N_CONTEXTS[rel], text))
        elif name in TEMPLATE_CALLS:
            ctx, positions, keywords = TEMPLATE_CALLS[name]
            nodes = [node.args[i] for i in positions if i < len(node.args)]
            nodes += [k.value for k in node.keywords if k.arg in keywords]
            for n in nodes:
                text = _literal(n, {})
                if text:
                    found.append(Found(where, ctx, text))
    return found, problems


def _scan() -> tuple[list[Found], list[str]]:
    found: list[Found] = []
    problems: list[str] = []
    for part in SCANNED:
        for path in sorted((SRC / part).rglob("*.py")) if (SRC / part).is_dir() else [SRC / part]:
            f, p = _scan_file(path)
            found += f
            problems += p
    return found, problems


def _missing(items: list[Found], cat: dict[tuple[str, str], str]) -> list[str]:
    out = []
    for it in items:
        if not re.search("[A-Za-z]", it.text):
            continue  # "{}", "—": nothing to translate
        trans = cat.get((it.context or "", it.text))
        if trans is None:
            out.append(f"untranslated {it!r}")
        elif _fields(trans) != _fields(it.text):
            out.append(f"placeholders differ {it!r}: {trans!r}")
    return out


def test_source_strings_have_zh_cn_translations() -> None:
    found, problems = _scan()
    assert len(found) > 500, "the scanner found suspiciously few strings"
    missing = _missing(found, _catalog())
    report = problems + missing
    assert not report, f"{len(report)} problem(s):\n" + "\n".join(report)


# -- matrix.json ---------------------------------------------------------------------------------


def matrix_texts(data: dict) -> Iterator[tuple[str, str]]:
    """(where, text) for every text of matrix.json that the app shows to the user."""
    for rid, r in data.get("recipes", {}).items():
        yield f"recipes.{rid}.title", r.get("title", "")
    for fid, f in data.get("fixes", {}).items():
        yield f"fixes.{fid}.title", f.get("title", "")
        yield f"fixes.{fid}.symptom", f.get("symptom", "")
    for d in data.get("defects", []):
        for key in ("title", "workaround", "symptom"):
            yield f"defects.{d.get('id')}.{key}", d.get(key, "")
    for pid, p in data.get("platforms", {}).items():
        yield f"platforms.{pid}.title", p.get("title", "")
        for i, n in enumerate(p.get("notes", [])):
            yield f"platforms.{pid}.notes[{i}]", n
        for a in p.get("alternatives", []):
            yield f"platforms.{pid}.alternatives.{a.get('id')}.title", a.get("title", "")
            yield f"platforms.{pid}.alternatives.{a.get('id')}.detail", a.get("detail", "")
    for r in data.get("rows", []):
        rid = f"rows[{r.get('platform')} {r.get('version')}]"
        for i, n in enumerate(r.get("notes", [])):
            yield f"{rid}.notes[{i}]", n
        for key in ("keras", "numpy", "archs"):
            note = (r.get(key) or {}).get("note")
            if note:
                yield f"{rid}.{key}.note", note


def test_matrix_texts_have_zh_cn_translations() -> None:
    data = json.loads(matrix_path().read_text(encoding="utf-8"))
    cat = _catalog()
    items = [Found(where, DATA_CONTEXT, text) for where, text in matrix_texts(data) if text]
    assert len(items) > 60
    missing = _missing(items, cat)
    assert not missing, f"{len(missing)} matrix.json text(s):\n" + "\n".join(missing)


# -- the catalogs --------------------------------------------------------------------------------


def catalog_problems(files: list[Path]) -> list[str]:
    """Malformed files, empty translations, and (context, source) pairs translated differently twice."""
    seen: dict[tuple[str, str], tuple[str, str]] = {}
    problems: list[str] = []
    for ts in files:
        try:
            root = ET.parse(ts).getroot()
        except ET.ParseError as exc:
            problems.append(f"{ts.name}: not well-formed XML: {exc}")
            continue
        if root.tag != "TS" or root.get("language") != "zh_CN":
            problems.append(f"{ts.name}: root must be <TS language=\"zh_CN\">")
        for ctx in root.iter("context"):
            name = ctx.findtext("name")
            if not name:
                problems.append(f"{ts.name}: a <context> without <name>")
                continue
            for msg in ctx.iter("message"):
                source = msg.findtext("source")
                trans = msg.find("translation")
                if not source or trans is None:
                    problems.append(f"{ts.name}: [{name}] a message without source or translation")
                    continue
                text = trans.text or ""
                if trans.get("type") is None and not text.strip():
                    problems.append(f"{ts.name}: [{name}] empty translation of {source!r}")
                key = (name, source)
                if key in seen and seen[key][1] != text:
                    problems.append(
                        f"{ts.name}: [{name}] {source!r} is translated differently in {seen[key][0]}"
                    )
                seen.setdefault(key, (ts.name, text))
    return problems


def test_catalogs_are_well_formed_and_consistent() -> None:
    files = _ts_files()
    assert files, "no *_zh_CN.ts catalogs"
    problems = catalog_problems(files)
    assert not problems, "\n".join(problems)


def test_catalog_check_finds_conflicts_and_broken_files(tmp_path: Path) -> None:
    head = '<?xml version="1.0" encoding="utf-8"?>\n<TS version="2.1" language="zh_CN"><context><name>plan</name>'
    (tmp_path / "a_zh_CN.ts").write_text(
        head + "<message><source>Steps</source><translation>步骤</translation></message></context></TS>",
        encoding="utf-8",
    )
    (tmp_path / "b_zh_CN.ts").write_text(
        head + "<message><source>Steps</source><translation>阶段</translation></message>"
        "<message><source>Empty</source><translation></translation></message></context></TS>",
        encoding="utf-8",
    )
    (tmp_path / "c_zh_CN.ts").write_text(head + "<message>", encoding="utf-8")
    problems = "\n".join(catalog_problems(sorted(tmp_path.glob("*.ts"))))
    assert "'Steps' is translated differently in a_zh_CN.ts" in problems
    assert "empty translation of 'Empty'" in problems
    assert "c_zh_CN.ts: not well-formed XML" in problems


def test_matrix_texts_translate_when_shown_and_stay_english_as_data() -> None:
    """tr_data / DataText on real matrix texts: filled recipe templates too; str() and JSON stay English."""
    title = "pip in a virtual environment; CUDA 12.2 and cuDNN 8.9 installed on the system"
    zh = tr_data(title, "zh_CN")
    assert "12.2" in zh and "8.9" in zh and re.search("[\u4e00-\u9fff]", zh), zh
    assert tr_data(title, "en") == title
    assert tr_data("/home/ana/tf env", "zh_CN") == "/home/ana/tf env"  # not matrix text: unchanged
    t = DataText("XLA cannot find ptxas")
    assert str(t) == "XLA cannot find ptxas" and json.dumps([t]) == '["XLA cannot find ptxas"]'
    before = i18n.language()
    template = "Known defect worked around: {}."  # how Why/Step fill their arguments
    try:
        i18n.set_language("zh_CN")
        assert template.format(t) == "Known defect worked around: XLA 找不到 ptxas."
        i18n.set_language("en")
        assert f"{t}" == "XLA cannot find ptxas"
    finally:
        i18n.set_language(before)


# -- what real plans and recommendations use ----------------------------------------------------


RECORDED_HOSTS = sorted((resources_dir() / "recordings").glob("doctor-*.json"))
SHELLS_FOR = {"linux": ("bash", "powershell"), "macos": ("zsh",), "wsl2": ("bash",), "windows": ("powershell", "cmd")}


def _plan_texts(plan) -> Iterator[Found]:
    where = f"plan {plan.tensorflow}/{plan.platform}/{plan.method}/{plan.shell}"
    for w in plan.why:
        yield Found(where, "plan", w.text_en)
        for a in w.args:
            if isinstance(a, DataText):
                yield Found(where, DATA_CONTEXT, str(a))
    for st in plan.steps:
        yield Found(where, "plan", st.explain)
        if st.admin_reason:
            yield Found(where, "plan", st.admin_reason)
        for a in st.explain_args:
            if isinstance(a, DataText):
                yield Found(where, DATA_CONTEXT, str(a))


def _unique(items: Iterator[Found]) -> list[Found]:
    seen: dict[tuple[str | None, str], Found] = {}
    for it in items:
        seen.setdefault((it.context, it.text), it)
    return list(seen.values())


def _data_missing(items: list[Found]) -> list[str]:
    """matrix-data texts may be filled templates (recipe titles): check them the way tr_data finds them."""
    return [f"untranslated {it!r}" for it in items if tr_data(it.text, "zh_CN") == it.text]


def test_every_plan_of_the_matrix_is_translated() -> None:
    """Every row x method x shell through the real ``build_plan`` (no host: nothing host-specific)."""
    from tfgpu_wizard.core.setup.matrix import load_matrix
    from tfgpu_wizard.core.setup.plan import PlanError, build_plan

    matrix = load_matrix()
    found: list[Found] = []
    built = 0
    for row in matrix.rows:
        for method in row.methods:
            for shell in SHELLS_FOR[row.platform]:
                prefix = "C:\\tf env" if row.platform == "windows" else "/tmp/tf env"
                try:
                    plan = build_plan(row, None, method, shell, prefix)
                except PlanError:
                    continue
                built += 1
                found += _plan_texts(plan)
    assert built > 100
    items = _unique(iter(found))
    cat = _catalog()
    missing = _missing([i for i in items if i.context != DATA_CONTEXT], cat)
    missing += _data_missing([i for i in items if i.context == DATA_CONTEXT])
    assert not missing, f"{len(missing)} text(s) used by real plans:\n" + "\n".join(missing)


@pytest.mark.parametrize("host_file", RECORDED_HOSTS, ids=lambda p: p.stem)
def test_recorded_host_recommendation_and_plans_are_translated(host_file: Path) -> None:
    """A recorded ``doctor --json`` report (labelled recording) through the real recommend and plan code."""
    from tfgpu_wizard.core.setup.host_model import HostReport
    from tfgpu_wizard.core.setup.matrix import load_matrix
    from tfgpu_wizard.core.setup.plan import PlanError, build_plan
    from tfgpu_wizard.core.setup.recommend import MESSAGES, recommend

    host = HostReport.from_json(host_file.read_text(encoding="utf-8"))
    rec = recommend(load_matrix(), host)
    assert rec.candidates
    found: list[Found] = []
    for n in rec.notes:
        found.append(Found("recommend notes", "recommend", MESSAGES[n.code]))
    for cand in rec.candidates:
        reasons = (*cand.reasons, *(r for m in cand.methods for r in m.reasons))
        found += [Found(f"recommend {cand.row.version}", "recommend", MESSAGES[r.code]) for r in reasons]
        for opt in cand.methods:
            if not opt.usable:
                continue
            try:
                plan = build_plan(cand.row, host, opt.method, "bash", "/tmp/tf env", python=opt.python)
            except PlanError:
                continue
            found += _plan_texts(plan)
    items = _unique(iter(found))
    missing = _missing([i for i in items if i.context != DATA_CONTEXT], _catalog())
    missing += _data_missing([i for i in items if i.context == DATA_CONTEXT])
    assert not missing, f"{len(missing)} text(s) used for {host_file.name}:\n" + "\n".join(missing)
    # the defects the recommendation names come out in Chinese, placeholders filled
    zh = recommend(load_matrix(), host, lang="zh_CN")
    for cand in zh.candidates:
        for r in cand.reasons:
            if r.code.startswith("known-"):
                assert re.search("[\u4e00-\u9fff]", r.message), r.message
