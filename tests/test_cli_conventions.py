"""argparse used as designed (issue 16): global options before or after the command, the command found by
argparse (and only its module imported), choices from core's own lists, help and argparse's own messages
translated, and one parser for the four programs (pip and frozen, CLI and window).

The frozen programs are the entry scripts in installer/ run as scripts (PyInstaller runs the same files);
the pip programs are what their console-script wrappers do: ``sys.exit(<entry point>())``.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
import tomllib

from tfgpu_wizard import cli
from tfgpu_wizard.core import i18n

ROOT = Path(__file__).resolve().parents[1]
INSTALLER = ROOT / "installer"


def _env(**extra: str) -> dict[str, str]:
    env = dict(os.environ, PYTHONIOENCODING="utf-8", COLUMNS="100", **extra)
    for var in ("TFGPU_WIZARD_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        env.pop(var, None)
    return env


def _run(argv: list[str], timeout: float = 120, **extra: str) -> subprocess.CompletedProcess:
    return subprocess.run(argv, capture_output=True, text=True, encoding="utf-8", timeout=timeout, env=_env(**extra))


def pip_cli(*args: str) -> subprocess.CompletedProcess:
    """What the `tfgpu-wizard` console script runs."""
    return _run([sys.executable, "-c", "import sys; from tfgpu_wizard.cli import main; sys.exit(main())", *args])


def pip_gui(*args: str, **extra: str) -> subprocess.CompletedProcess:
    """What the `tfgpu-wizard-gui` gui script runs."""
    return _run([sys.executable, "-c", "import sys; from tfgpu_wizard.cli import gui_main; sys.exit(gui_main())",
                 *args], **extra)


def frozen_cli(*args: str) -> subprocess.CompletedProcess:
    return _run([sys.executable, str(INSTALLER / "entry_cli.py"), *args])


def frozen_gui(*args: str, **extra: str) -> subprocess.CompletedProcess:
    return _run([sys.executable, str(INSTALLER / "entry_gui.py"), *args], **extra)


# -- global options anywhere -----------------------------------------------------------------------


def test_lang_after_the_command_is_accepted() -> None:
    """Before: `tfgpu-wizard doctor --lang zh_CN` was "unrecognized arguments: --lang zh_CN"."""
    after = pip_cli("doctor", "--lang", "zh_CN")
    before = pip_cli("--lang", "zh_CN", "doctor")
    assert after.returncode == before.returncode == 0, after.stderr
    assert "系统" in after.stdout and "驱动的 CUDA 与工具包的 CUDA" in after.stdout
    assert after.stdout.splitlines()[2:] == before.stdout.splitlines()[2:]  # the first line has a time stamp


def test_lang_works_in_nested_subcommands_and_the_last_one_wins() -> None:
    args = cli.parse_args(["runs", "list", "--lang", "zh_CN"])
    assert (args.command, args.action, args.lang) == ("runs", "list", "zh_CN")
    assert cli.parse_args(["--lang", "zh_CN", "plan", "--lang", "en"]).lang == "en"
    assert cli.parse_args(["--lang", "zh_CN", "plan"]).lang == "zh_CN"  # the sub-parser's default keeps it
    assert i18n.language() == "zh_CN"
    i18n.set_language("en")


def test_diagnose_uses_the_global_lang_wherever_it_is(tmp_path: Path) -> None:
    log = tmp_path / "log.txt"
    log.write_text("Could not load dynamic library 'libcudnn.so.8'; dlerror: libcudnn.so.8: cannot open shared "
                   "object file: No such file or directory\n", encoding="utf-8")
    outs = [pip_cli(*argv) for argv in (["--lang", "zh_CN", "diagnose", str(log)], ["diagnose", str(log), "--lang", "zh_CN"])]
    assert outs[0].stdout == outs[1].stdout and "原因" in outs[0].stdout, outs[0].stderr


def test_the_command_is_found_by_argparse_and_only_its_module_is_imported() -> None:
    """Before: `--lang zh_CN diagnose F` took "zh_CN" for the command and imported all ten modules."""
    code = (
        "import sys\n"
        "from tfgpu_wizard.cli import parse_args\n"
        "a = parse_args(sys.argv[1:])\n"
        "print(a.command, sorted(m for m in sys.modules if m.startswith('tfgpu_wizard.commands.')))\n"
    )
    for argv in (["--lang", "zh_CN", "diagnose", "F"], ["diagnose", "--lang", "zh_CN", "F"],
                 ["--lang=zh_CN", "diagnose", "F", "--json"]):
        out = _run([sys.executable, "-c", code, *argv])
        assert out.returncode == 0, out.stderr
        assert out.stdout.strip() == "diagnose ['tfgpu_wizard.commands.diagnose']", (argv, out.stdout)
    helped = code.replace("a = parse_args(sys.argv[1:])", "try:\n    parse_args(sys.argv[1:])\nexcept SystemExit:\n"
                          "    a = type('A', (), {'command': '-'})")
    out = _run([sys.executable, "-c", helped, "--help"])
    assert out.returncode == 0 and out.stdout.strip().endswith("- []"), out.stdout[-300:]


# -- choices from core's lists ---------------------------------------------------------------------------


def _action(parser: argparse.ArgumentParser, flag: str) -> argparse.Action:
    return next(a for a in parser._actions if flag in a.option_strings)


def _sub(parser: argparse.ArgumentParser, name: str) -> argparse.ArgumentParser:
    action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return action.choices[name]


def test_choices_come_from_core() -> None:
    from tfgpu_wizard.core import i18n
    from tfgpu_wizard.core.diagnose import rules as diagnose_rules
    from tfgpu_wizard.core.setup import plan, shells
    from tfgpu_wizard.core.target import runner as target

    p = cli.build_parser(load_all=True)
    sample_lists = {"--model": target.MODELS, "--dataset": target.DATASETS, "--memory": target.MEMORY_MODES,
                    "--precision": target.PRECISIONS, "--loop": target.LOOPS, "--jit": target.JIT_MODES,
                    "--backend": target.BACKENDS}
    for command in ("sample", "record", "cluster"):
        for flag, choices in sample_lists.items():
            assert tuple(_action(_sub(p, command), flag).choices) == choices, (command, flag)
    assert tuple(_action(_sub(p, "plan"), "--shell").choices) == shells.SHELLS
    assert tuple(_action(_sub(p, "cluster"), "--shell").choices) == shells.SHELLS
    assert tuple(_action(_sub(p, "plan"), "--method").choices) == plan.METHODS
    assert tuple(_action(_sub(p, "diagnose"), "--platform").choices) == diagnose_rules.PLATFORMS
    assert tuple(_action(p, "--lang").choices) == i18n.SUPPORTED
    # Every value the sample's own validation accepts is a choice, and a bad one is refused by argparse.
    bad = pip_cli("sample", "--precision", "fp16")
    assert bad.returncode == 2 and "invalid choice: 'fp16'" in bad.stderr and "mixed_float16" in bad.stderr


def test_gui_pages_are_the_windows_pages() -> None:
    pytest.importorskip("PySide6")
    from tfgpu_wizard.commands.gui import PAGES
    from tfgpu_wizard.gui.mainwindow import PAGES as WINDOW_PAGES

    assert PAGES == WINDOW_PAGES
    assert tuple(_action(cli.build_gui_parser(), "--page").choices) == WINDOW_PAGES


# -- translated help and messages --------------------------------------------------------------------------


def test_help_is_chinese_with_lang_zh_cn_in_any_position() -> None:
    """Before: `--lang zh_CN --help` was English."""
    for argv in (["--lang", "zh_CN", "--help"], ["--help", "--lang", "zh_CN"]):
        out = pip_cli(*argv)
        assert out.returncode == 0, out.stderr
        assert out.stdout.startswith("用法：tfgpu-wizard"), out.stdout[:200]
        assert "选项：" in out.stdout and "显示此帮助信息并退出" in out.stdout
        assert "检测本机：操作系统" in out.stdout  # the command list
    sub = pip_cli("sample", "--help", "--lang", "zh_CN")
    assert "训练步数（默认 100）" in sub.stdout and "training steps" not in sub.stdout
    english = pip_cli("--lang", "en", "sample", "--help")
    assert english.stdout.startswith("usage: tfgpu-wizard sample") and "training steps (default 100)" in english.stdout


def test_argparse_errors_are_translated() -> None:
    out = pip_cli("doctor", "--bogus", "--lang", "zh_CN")
    assert out.returncode == 2
    # the command's own usage and name (drills-3 3f), in Chinese
    assert out.stderr.startswith("用法：tfgpu-wizard doctor ") and "tfgpu-wizard doctor：错误：无法识别的参数：--bogus" \
        in out.stderr, out.stderr
    out = pip_cli("--lang", "zh_CN", "sample", "--model", "vgg")
    assert out.returncode == 2 and "参数 --model：无效的选择：'vgg'" in out.stderr, out.stderr
    out = pip_cli("--lang", "zh_CN", "runs")
    assert out.returncode == 2 and "缺少以下必需参数：ACTION" in out.stderr, out.stderr
    assert argparse._("usage: ") == "usage: ", "argparse's gettext hook must be restored after parsing"  # type: ignore[attr-defined]


def _parser_texts(parser: argparse.ArgumentParser) -> list[str]:
    texts: list[str] = [t for t in (parser.description, parser.epilog) if t]
    for group in parser._action_groups:
        texts += [t for t in (group.title, group.description) if t]
    for action in parser._actions:
        if action.help and action.help is not argparse.SUPPRESS:
            texts.append(action.help)
        if isinstance(action, argparse._SubParsersAction):
            texts += [c.help for c in action._choices_actions if c.help]
            for sub in action.choices.values():
                texts += _parser_texts(sub)
    return texts


def test_every_help_text_has_a_chinese_translation() -> None:
    """A new option's help (or a new command) must get its zh_CN text in resources/i18n/cli_zh_CN.ts,
    context "cli-help"."""
    catalog = i18n.catalog("zh_CN")
    i18n.set_language("en")
    with cli.argparse_translated():  # argparse's own headings are then its own messages, not ours
        texts = _parser_texts(cli.build_parser(load_all=True)) + _parser_texts(cli.build_gui_parser())
    argparse_own = {src for (ctx, src) in catalog if ctx == cli.ARGPARSE_CTX}
    missing = sorted({t for t in texts if t not in argparse_own and (cli.HELP_CTX, t) not in catalog})
    assert not missing, "help texts without a translation (context cli-help):\n" + "\n".join(missing)


def test_argparse_translations_keep_their_placeholders() -> None:
    pattern = re.compile(r"%\([a-z_]+\)[sr]|%[sr]")
    pairs = [(src, dst) for (ctx, src), dst in i18n.catalog("zh_CN").items() if ctx == cli.ARGPARSE_CTX]
    assert len(pairs) > 20
    for src, dst in pairs:
        assert sorted(pattern.findall(src)) == sorted(pattern.findall(dst)), src


# -- one parser for the four programs --------------------------------------------------------------------


def test_pip_gui_script_is_the_shared_launcher() -> None:
    """Before: the pip `tfgpu-wizard-gui` called gui.app:main, which never read its arguments."""
    meta = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert meta["gui-scripts"]["tfgpu-wizard-gui"] == "tfgpu_wizard.cli:gui_main"
    assert meta["scripts"]["tfgpu-wizard"] == "tfgpu_wizard.cli:main"


@pytest.mark.parametrize("argv", [
    ["--version"], ["--help"], ["--lang", "zh_CN", "--help"], ["doctor", "--help", "--lang", "zh_CN"],
    ["frobnicate"], ["doctor", "--bogus"], ["--lang", "xx", "doctor"], ["sample", "--memory", "half"],
    ["runs", "show", "--lang", "zh_CN"],
], ids=lambda a: " ".join(a))
def test_frozen_cli_and_pip_cli_answer_the_same(argv: list[str]) -> None:
    a, b = pip_cli(*argv), frozen_cli(*argv)
    assert (a.returncode, a.stdout, a.stderr) == (b.returncode, b.stdout, b.stderr)
    assert a.stdout or a.stderr


@pytest.mark.parametrize("argv", [
    ["--version"], ["--help"], ["--help", "--lang", "zh_CN"], ["--page", "nowhere"], ["doctor"],
], ids=lambda a: " ".join(a))
def test_frozen_gui_and_pip_gui_answer_the_same(argv: list[str]) -> None:
    a, b = pip_gui(*argv), frozen_gui(*argv)
    assert (a.returncode, a.stdout, a.stderr) == (b.returncode, b.stdout, b.stderr)
    assert a.returncode in (0, 2) and (a.stdout or a.stderr)
    if argv == ["--help", "--lang", "zh_CN"]:
        assert a.stdout.startswith("用法：tfgpu-wizard-gui") and "首先打开的页面" in a.stdout


@pytest.mark.gui
@pytest.mark.parametrize("argv", [["--lang", "zh_CN", "--page", "monitor"], ["--page", "monitor", "--lang", "zh_CN"]])
def test_gui_launcher_opens_the_page_in_the_language(tmp_path: Path, argv: list[str]) -> None:
    """The real window through the shared launcher (the frozen entry script, unfrozen), reporting what it shows."""
    pytest.importorskip("PySide6")
    report = tmp_path / "report.json"
    out = frozen_gui(*argv, QT_QPA_PLATFORM="offscreen", TFGPU_WIZARD_SMOKE_EXIT_MS="1500",
                     TFGPU_WIZARD_SMOKE_REPORT=str(report), TFGPU_WIZARD_DATA=str(tmp_path / "data"))
    assert out.returncode == 0, out.stderr[-2000:]
    data = json.loads(report.read_text(encoding="utf-8"))
    assert data["window"] and data["language"] == "zh_CN" and data["current_page"] == "monitor", data
