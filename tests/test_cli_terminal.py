"""Every command in a terminal (issue 23, newcomer-2 #18, drills-3 #6 #9 #11 #12): the real CLI in a real
subprocess, at COLUMNS=80 and 50, in English and Chinese, in a pipe and on a pseudo-terminal. Prose is wrapped
to the width by display columns; a command is never broken inside a word, and one broken between words joins
again in the shell into the same command; colour only on a terminal."""

from __future__ import annotations

import importlib.util
import json
import os
import pty
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tfgpu_wizard.core.text import display_width

ROOT = Path(__file__).resolve().parents[1]
SRC = str(ROOT / "src")
HOSTS = ROOT / "tests" / "fixtures" / "host" / "realistic"
NO_DRIVER = HOSTS / "linux-ubuntu2404-no-driver.json"
H200 = ROOT / "resources" / "recordings" / "doctor-h200.json"
BASH = shutil.which("bash")


def env(**extra: str) -> dict[str, str]:
    e = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "COLUMNS", "FORCE_COLOR", "LC_ALL", "LANG")}
    e.update(PYTHONPATH=SRC, PYTHONIOENCODING="utf-8", TERM="xterm-256color")
    e.update(extra)
    return e


def cli(*args: str, stdin: int | None = subprocess.DEVNULL, **extra: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tfgpu_wizard", *args], capture_output=True, text=True,
                          encoding="utf-8", env=env(**extra), stdin=stdin, timeout=180)


def on_pty(argv: list[str], stream: str = "stdout", timeout: float = 180, **extra: str) -> tuple[int, str]:
    """Run ``argv`` with its ``stream`` (stdout or stderr) on a real pseudo-terminal of 80 columns (the other
    stream discarded): its exit code and what it wrote there, as written."""
    import fcntl
    import struct
    import termios

    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    streams = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL, stream: slave}
    proc = subprocess.Popen(argv, stdin=subprocess.DEVNULL, env=env(**extra), **streams)
    os.close(slave)
    chunks = []
    try:
        while True:
            try:
                data = os.read(master, 65536)
            except OSError:
                break
            if not data:
                break
            chunks.append(data)
        code = proc.wait(timeout=timeout)
    finally:
        os.close(master)
    return code, b"".join(chunks).decode("utf-8")


def on_tty(*args: str, **extra: str) -> tuple[int, str]:
    """The command's stdout on a real pseudo-terminal of 80 columns."""
    code, text = on_pty([sys.executable, "-m", "tfgpu_wizard", *args], **extra)
    return code, text.replace("\r\n", "\n")


def needs_tensorflow() -> None:
    """Skip without TensorFlow, looking for it without importing it: ``pytest.importorskip`` imports it into the
    test process, where the app never has it (tests/test_host.py checks that, and failed in CI after these)."""
    if importlib.util.find_spec("tensorflow") is None:
        pytest.skip("needs TensorFlow in this Python")


def plan_commands(*args: str) -> list[str]:
    data = json.loads(cli("plan", *args, "--json").stdout)
    return [s["command"] for s in data["steps"] if s.get("command")]


@pytest.mark.parametrize("lang", ["en", "zh_CN"])
@pytest.mark.parametrize("columns", [80, 50])
@pytest.mark.parametrize("host", [NO_DRIVER, H200], ids=["no-driver", "h200"])
def test_plan_fits_the_width_and_its_commands_paste(lang: str, columns: int, host: Path) -> None:
    """newcomer-2 #18: at COLUMNS=80, 32 lines of the default plan were wider than 80 (the H200 plan's longest 947
    characters). Now every line that is not part of a command fits; each command is whole, or broken between
    words with the shell's continuation."""
    r = cli("--lang", lang, "plan", "--host", str(host), COLUMNS=str(columns))
    assert r.returncode == 0, r.stderr
    commands = plan_commands("--host", str(host))
    assert commands
    lines = r.stdout.splitlines()
    text = "\n".join(ln.strip() for ln in lines)
    for cmd in commands:
        for cl in cmd.splitlines():
            joined = text.replace(" \\\n", " ")
            assert cl.strip() in joined, f"command not shown whole: {cl[:80]}"
    in_commands = set()
    for i, ln in enumerate(lines):
        if any(ln.strip() and ln.strip() in c for c in commands) or ln.rstrip().endswith(" \\") or \
                (i and lines[i - 1].rstrip().endswith(" \\")):
            in_commands.add(i)
    too_wide = [ln for i, ln in enumerate(lines) if i not in in_commands and display_width(ln) > columns]
    assert not too_wide, too_wide[:3]


@pytest.mark.skipif(BASH is None, reason="bash is not installed")
def test_a_command_broken_between_words_is_the_same_command_in_bash() -> None:
    """The continuation lines join again into the plan's own argv (bash parses both the same)."""
    r = cli("plan", "--host", str(H200), COLUMNS="60")
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    start = next(i for i, ln in enumerate(lines) if ln.rstrip().endswith(" \\"))
    end = start
    while lines[end].rstrip().endswith(" \\"):
        end += 1
    shown = "\n".join(lines[start:end + 1])
    original = next(c for c in plan_commands("--host", str(H200)) if c.split()[0] == shown.split()[0]
                    and " ".join(shown.replace("\\\n", " ").split()) == " ".join(c.split()))

    def words(cmd: str) -> list[str]:
        p = subprocess.run([BASH, "-c", "set -f; printargs() { printf '%s\\n' \"$@\"; }; printargs " + cmd],
                           capture_output=True, text=True, timeout=30)
        assert p.returncode == 0, p.stderr
        return p.stdout.splitlines()
    assert words(shown.strip()) == words(original)
    assert len(words(original)) > 5


def test_plan_is_coloured_only_on_a_terminal() -> None:
    code, text = on_tty("plan", "--host", str(NO_DRIVER))
    assert code == 0 and "\x1b[" in text
    code, text = on_tty("plan", "--host", str(NO_DRIVER), NO_COLOR="1")
    assert code == 0 and "\x1b" not in text
    r = cli("plan", "--host", str(NO_DRIVER))
    assert "\x1b" not in r.stdout


def test_refusal_is_said_once() -> None:
    """newcomer-2 #3: ``plan --shell cmd`` printed its refusal on stdout and again on stderr."""
    r = cli("plan", "--host", str(NO_DRIVER), "--shell", "cmd")
    assert r.returncode == 1
    said = (r.stdout + r.stderr).count("cmd.exe exists only on Windows")
    assert said == 1, (r.stdout, r.stderr)


def test_latin1_locale_prints_plan_and_chinese_without_a_traceback() -> None:
    """drills-3 #9: a Latin-1 locale crashed ``plan`` (–) and any ``--lang zh_CN`` output with UnicodeEncodeError."""
    for args in (("plan", "--host", str(NO_DRIVER)), ("--lang", "zh_CN", "doctor", "--help"),
                 ("--lang", "zh_CN", "plan", "--host", str(NO_DRIVER))):
        p = subprocess.run([sys.executable, "-m", "tfgpu_wizard", *args], capture_output=True,
                           env=env(PYTHONIOENCODING="latin-1"), stdin=subprocess.DEVNULL, timeout=180)
        assert p.returncode == 0, p.stderr.decode("latin-1")
        assert b"Traceback" not in p.stderr
        assert p.stdout.decode("latin-1")


@pytest.mark.skipif(BASH is None, reason="bash is not installed")
def test_closed_stdout_is_a_sentence_and_an_exit_code() -> None:
    """drills-3 #11: ``doctor >&-`` ended in AttributeError: 'NoneType' object has no attribute 'write'."""
    p = subprocess.run([BASH, "-c", '"$0" -m tfgpu_wizard doctor >&-', sys.executable],
                       stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, env=env(), timeout=120)
    err = p.stderr.decode()
    assert p.returncode == 1, err
    assert "Traceback" not in err and "standard output is closed" in err


@pytest.mark.skipif(BASH is None, reason="bash is not installed")
def test_closed_stdin_for_diagnose_is_a_sentence() -> None:
    """drills-3 #11: ``diagnose - <&-`` was a traceback (sys.stdin is None)."""
    p = subprocess.run([BASH, "-c", '"$0" -m tfgpu_wizard diagnose - <&-', sys.executable],
                       capture_output=True, text=True, env=env(), timeout=120)
    assert "Traceback" not in p.stderr
    assert "standard input" in p.stderr and p.returncode == 2, (p.stdout, p.stderr)


PROGRESS = r"""
import time
from tfgpu_wizard.commands._target_common import ProgressPrinter
from tfgpu_wizard.core.flows.base import Progress
with ProgressPrinter(every=0.05) as p:
    p(Progress("phase", "Training 10 steps ...", data="train"))
    for i in range(1, 11):
        time.sleep(0.03)
        p(Progress("step", done=i, total=10))
    p(Progress("phase", "Done.", data="end"))
"""


def test_training_progress_is_a_bar_on_a_terminal_and_heartbeat_lines_in_a_pipe() -> None:
    """newcomer-2 #26: sanity was silent while it trained. The same printer serves sanity's training."""
    r = subprocess.run([sys.executable, "-c", PROGRESS], capture_output=True, text=True, env=env(), timeout=60)
    assert r.returncode == 0, r.stderr
    beats = [ln for ln in r.stderr.splitlines() if ln.startswith("... Training")]
    assert beats and all("/10" in ln and ln.endswith(" s") for ln in beats), r.stderr
    assert "\x1b" not in r.stderr
    code, text = on_pty([sys.executable, "-c", PROGRESS], stream="stderr", timeout=60)
    assert code == 0
    assert "\x1b[" in text and "Training" in text and "10/10" in text  # rich's live bar, M of N
    assert "... Training" not in text  # no heartbeat lines on a terminal


@pytest.mark.skipif(shutil.which("nvidia-smi") is not None, reason="a machine without an NVIDIA GPU")
def test_sanity_on_a_machine_without_gpu_is_a_pass_in_the_vocabulary() -> None:
    """newcomer-2 #26: sanity exited 1 after saying the CPU result is expected, and began with a bare "i"."""
    needs_tensorflow()
    r = cli("sanity", "--steps", "20", COLUMNS="80")
    first = r.stdout.splitlines()[0]
    assert r.returncode == 0, r.stdout + r.stderr[-2000:]
    assert first.startswith("✓ Works on the CPU, as expected: TensorFlow works and trains on the CPU."), first
    assert not any(ln.startswith("i ") for ln in r.stdout.splitlines())
    assert all(display_width(ln) <= 80 for ln in r.stdout.splitlines())
    r = cli("--lang", "zh_CN", "sanity", "--steps", "20", "--expect-cpu")
    assert r.returncode == 0 and r.stdout.startswith("✓ 在 CPU 上正常工作（符合预期）："), r.stdout


def _no_room() -> None:
    """In the child: no file may grow (RLIMIT_FSIZE 0, SIGXFSZ ignored), so writing stdout fails with EFBIG the
    way a full disk fails with ENOSPC: an OSError with no file name, from the output itself."""
    import resource
    import signal

    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (0, 0))


@pytest.mark.parametrize("argv", [["runs", "list", "--recordings"], ["runs", "show", "sample-tf-resnet20-fp32-oom"],
                                  ["plan", "--host", str(NO_DRIVER)]])
def test_output_that_cannot_be_written_is_a_sentence_with_its_subject(tmp_path: Path, argv: list[str]) -> None:
    """drills-3 #12: ``runs list > /dev/full`` printed ": No space left on device" with no subject."""
    with open(tmp_path / "out.txt", "w") as f:
        p = subprocess.run([sys.executable, "-m", "tfgpu_wizard", *argv], stdout=f, stderr=subprocess.PIPE,
                           stdin=subprocess.DEVNULL, env=env(), preexec_fn=_no_room, timeout=120)
    err = p.stderr.decode("utf-8", "replace")
    assert p.returncode == 1 and "Traceback" not in err, err
    assert err.startswith("tfgpu-wizard: the output could not be written: File too large"), err


def _hostile_run(folder: Path) -> str:
    """A run file with a label full of terminal controls (drills-3 #6, N29): retitle, clear, fake line, OSC 52."""
    src = ROOT / "resources" / "recordings" / "sample-tf-cnn-fp32-default.run.jsonl"
    lines = src.read_text(encoding="utf-8").split("\n")
    head = json.loads(lines[0])
    head["label"] = "\x1b]0;PWNED\x07\x1b[2J\nFake: End: finished OK\x1b]52;c;ZWNobyBwd25lZA==\x07"
    head.pop("run_id", None)
    runs = folder / "runs"
    runs.mkdir(parents=True)
    (runs / "20261203-180547-da46.run.jsonl").write_text(json.dumps(head) + "\n" + "\n".join(lines[1:]),
                                                          encoding="utf-8")
    return "20261203-180547-da46"


def test_runs_list_and_show_keep_data_from_the_terminal(tmp_path: Path) -> None:
    """drills-3 #6: ``runs list`` / ``runs show`` printed a run's label raw (title change, screen clear, a fake
    line, a clipboard write). Also newcomer-2 #28: ``runs list`` has headers; ``runs show`` its configuration as a
    table, not one 400-character line."""
    run_id = _hostile_run(tmp_path)
    for argv in (["runs", "list"], ["runs", "show", run_id]):
        r = cli(*argv, TFGPU_WIZARD_DATA=str(tmp_path), XDG_DATA_HOME=str(tmp_path), COLUMNS="80")
        assert r.returncode == 0, r.stderr
        assert "\x1b" not in r.stdout and "\x07" not in r.stdout
        assert "\\x1b]0;PWNED\\x07" in r.stdout
        assert not any(ln.startswith("Fake: End") for ln in r.stdout.splitlines())
        assert all(display_width(ln) <= 80 for ln in r.stdout.splitlines() if not ln.startswith("File: "))
    listing = cli("runs", "list", TFGPU_WIZARD_DATA=str(tmp_path), XDG_DATA_HOME=str(tmp_path), COLUMNS="80").stdout
    header = listing.splitlines()[0].split()
    assert header == ["run", "status", "duration", "device", "label"]
    assert run_id in listing and "…" in listing  # the label cut by display width, the id whole
    show = cli("runs", "show", run_id, TFGPU_WIZARD_DATA=str(tmp_path), XDG_DATA_HOME=str(tmp_path),
               COLUMNS="80").stdout.splitlines()
    at = show.index("Configuration:")
    assert show[at + 1].split() == ["setting", "value"]
    assert any(ln.split()[:2] == ["model", "cnn"] for ln in show[at + 2:])


def test_record_help_gives_every_sample_flag_its_help_text() -> None:
    """newcomer-2 #22: ``record --help`` listed about 23 sample flags with no help text for any of them."""
    from tfgpu_wizard import cli as cli_mod
    from tfgpu_wizard.core.target.runner import SampleConfig

    parser = cli_mod.build_parser(load_all=True)
    sub = next(a for a in parser._actions if a.dest == "command")
    helps = {}
    for name in ("sample", "record"):
        helps[name] = {opt: a.help for a in sub.choices[name]._actions for opt in a.option_strings}
    sample_flags = {o for o in helps["sample"] if o not in ("-h", "--help", "--lang", "--python", "--timeout",
                                                          "--json", "--idle-timeout")}
    import dataclasses

    assert len(sample_flags) >= len(dataclasses.fields(SampleConfig)) - 2  # extra_args is not a flag
    for flag in sample_flags:
        assert helps["record"].get(flag), f"record {flag}: no help"
        assert helps["record"][flag] == helps["sample"][flag], flag
    text = cli("record", "--help", COLUMNS="80").stdout
    assert "global batch over all replicas" in text and "--no-prefetch" in text
    assert all(display_width(ln) <= 80 for ln in text.splitlines())


def test_plan_run_end_says_expected_cuda_messages_and_skipped_admin_steps(tmp_path: Path) -> None:
    """newcomer-2 #25: the CPU plan's last step printed TensorFlow's raw CUDA messages right before "✓ All steps
    finished." with no word that they are expected without a driver. drills-3 N19: with stdin closed the
    administrator steps were skipped, yet the run ended "✓ All steps finished.".

    The plan is the real CPU plan for this machine's report (``NO_DRIVER``), run by the real executor in bash; its
    steps are replaced by two of the same kinds: an administrator step, and a check whose output is a real
    TensorFlow log of a machine without CUDA drivers (tests/fixtures/logs/gh_tf_66750_cuda_drivers.log, replayed
    with ``cat``)."""
    import dataclasses
    import io

    from tfgpu_wizard.commands._plan_run import run_plan_here
    from tfgpu_wizard.core.setup.host_model import load_host_report
    from tfgpu_wizard.core.setup.matrix import load_matrix
    from tfgpu_wizard.core.setup.plan import build_plan
    from tfgpu_wizard.core.setup.shells import Step

    host = load_host_report(str(NO_DRIVER))
    plan = build_plan(load_matrix().row("2.21", "linux"), host, "pip", "bash", str(tmp_path / "env"), cpu=True)
    log = ROOT / "tests" / "fixtures" / "logs" / "gh_tf_66750_cuda_drivers.log"
    plan = dataclasses.replace(plan, steps=[
        Step("Install the system's build tools.", argv=("true",), admin=True, admin_reason="it installs packages"),
        Step("Check that TensorFlow imports and computes on the CPU.", argv=("cat", str(log))),
    ])
    out = io.StringIO()
    code = run_plan_here(plan, str(tmp_path / "plan"), assume_yes=True, out=out)
    text = out.getvalue()
    assert code == 0, text
    tail = text[text.index("Could not find cuda drivers"):]
    assert "The CUDA messages above are expected here" in tail
    assert "✓ All steps finished" not in text
    flat = " ".join(text.split())
    assert "! Works, with caveats: The other steps finished, but 1 administrator step(s) were skipped: Install " \
           "the system's build tools. To do it yourself" in flat, text
    assert "To do it yourself: Install the system's build tools." in text


def test_a_stalled_sample_is_one_sentence_naming_the_phase() -> None:
    """newcomer-2 #19: ``sample --idle-timeout 1`` printed "✗ stopped by signal 15 / what to do: …" and then "The
    sample stalled: no output for 1 s (last event: error: stopped by signal 15)"."""
    r = cli("sample", "--idle-timeout", "1", "--steps", "5")
    assert r.returncode == 124
    said = (r.stdout + r.stderr)
    assert "signal 15" not in said and "what to do" not in said
    assert said.count("stalled") == 1
    assert "The sample stalled while starting (importing TensorFlow): no output for 1 s, so it was stopped." in said


def test_ctrl_c_on_sample_says_the_user_stopped_it() -> None:
    """drills-3 8a (PASS row, wording): Ctrl-C on ``sample`` said "✗ stopped by signal 15"."""
    needs_tensorflow()
    import signal
    import time

    proc = subprocess.Popen([sys.executable, "-m", "tfgpu_wizard", "sample", "--steps", "100000", "--log-every", "1"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, text=True,
                            env=env())
    try:
        assert proc.stdout is not None
        t0 = time.monotonic()
        for line in proc.stdout:
            if line.startswith("step ") or time.monotonic() - t0 > 120:
                break
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    assert proc.returncode == 130, err[-2000:]
    assert "Stopped by you: the sample did not finish." in err
    assert "signal 15" not in out + err and "Traceback" not in err


@pytest.mark.parametrize("argv,prog", [(["sample", "--bogus"], "tfgpu-wizard sample"),
                                       (["runs", "list", "--bogus"], "tfgpu-wizard runs list")])
def test_an_unknown_flag_prints_the_commands_usage(argv: list[str], prog: str) -> None:
    """drills-3 3f (PASS row, wording): ``--bogus`` printed the top-level usage, not the subcommand's."""
    r = cli(*argv)
    assert r.returncode == 2
    assert r.stderr.startswith(f"usage: {prog} ") and f"{prog}: error: unrecognized arguments: --bogus" in r.stderr


def test_replay_at_infinite_speed_shows_the_peak() -> None:
    """newcomer-2 #12: ``monitor --replay … --speed inf`` showed only the first and last frames, both "used 0 MiB +
    reserved 615 MiB / 140.4 GiB", never the 138 GiB the run took."""
    r = cli("monitor", "--replay", "sample-tf-cnn-fp32-default", "--speed", "inf", "--no-clear", COLUMNS="80")
    assert r.returncode == 0, r.stderr
    text = r.stdout
    assert "The recording:" in text and "frames over" in text
    peak = text[text.index("Peak at"):]
    assert "used 138.1 GiB" in peak
    assert all(display_width(ln) <= 80 for ln in text.splitlines())


def test_report_describes_the_last_verified_environment(tmp_path: Path) -> None:
    """newcomer-2 #16: after ``verify --python <tfenv>``, ``report`` saved a doctor.json with the app's own Python
    (``"tensorflow": {"python": "<venv>/bin/python", "version": null}``), and had no ``--python``."""
    needs_tensorflow()
    import zipfile

    data = {"TFGPU_WIZARD_DATA": str(tmp_path / "data")}
    tf_python = sys.executable  # this test interpreter has TensorFlow (the CPU build)
    r = cli("verify", "--python", tf_python, **data)
    assert r.returncode in (0, 1), r.stdout + r.stderr
    # a report started by another Python (not the one with TensorFlow) still describes the verified one
    r = cli("report", "--out", str(tmp_path / "r.zip"), **data)
    assert r.returncode == 0, r.stderr
    with zipfile.ZipFile(tmp_path / "r.zip") as z:
        name = next(n for n in z.namelist() if n.endswith("doctor.json"))
        doc = json.loads(z.read(name))
    assert doc["tensorflow"]["python"] == tf_python and doc["tensorflow"]["version"]
    remembered = (tmp_path / "data" / "last-verified-python.txt").read_text(encoding="utf-8").strip()
    assert remembered == tf_python
    # --python names the environment to describe (here one without TensorFlow: its facts, not the app's)
    other = shutil.which("python3", path="/usr/bin:/bin")
    if other and os.path.realpath(other) != os.path.realpath(tf_python):
        r = cli("report", "--python", other, "--out", str(tmp_path / "o.zip"), **data)
        assert r.returncode == 0, r.stderr
        with zipfile.ZipFile(tmp_path / "o.zip") as z:
            doc = json.loads(z.read(next(n for n in z.namelist() if n.endswith("doctor.json"))))
        assert doc["tensorflow"]["python"] == other
    r = cli("report", "--python", str(tmp_path / "nothing here"), "--out", str(tmp_path / "x.zip"), **data)
    assert r.returncode == 2 and "no Python interpreter" in r.stderr


def test_readme_table_lists_every_command_as_a_user_can_type_it() -> None:
    """newcomer-2 #21: the README's table used ``tfgpu-wizard …`` (not on PATH after ``scripts/app``), left out
    sanity, benchmark, report and gui, and listed ``cluster`` without its required ``--workers``. Each row's
    command (options in brackets left out) must parse with the real parser."""
    import re

    from tfgpu_wizard import cli as cli_mod

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    rows = [ln for ln in readme.splitlines() if ln.startswith("| `scripts/app ")]
    names = {ln.split("`")[1].split()[1] for ln in rows}
    assert names == set(cli_mod.COMMANDS), set(cli_mod.COMMANDS) ^ names
    assert "check" in names and "fit" in names
    parser = cli_mod.build_parser(load_all=True)
    for ln in rows:
        seg = ln.split("`")[1].removeprefix("scripts/app ")
        seg = re.sub(r"\[[^\]]*\]", "", seg).split("\\|")[0].replace("…", "")
        tokens = [t for t in seg.split() if t != "/"]
        try:
            parser.parse_args(tokens)
        except SystemExit as exc:  # argparse refused the command as written
            raise AssertionError(f"README row does not parse: {tokens}") from exc


def test_plan_run_says_a_silent_step_is_still_working(tmp_path: Path) -> None:
    """Issue 23: long silent phases (pip downloading in ``plan --run``) showed nothing. A real step that says
    nothing for a while (``sleep``) gets "still working" lines, and they stop when it ends."""
    import dataclasses
    import io

    from tfgpu_wizard.commands._plan_run import run_plan_here
    from tfgpu_wizard.core.setup.host_model import load_host_report
    from tfgpu_wizard.core.setup.matrix import load_matrix
    from tfgpu_wizard.core.setup.plan import build_plan
    from tfgpu_wizard.core.setup.shells import Step

    plan = build_plan(load_matrix().row("2.21", "linux"), load_host_report(str(NO_DRIVER)), "pip", "bash",
                      str(tmp_path / "env"), cpu=True)
    plan = dataclasses.replace(plan, steps=[Step("Download the packages.", argv=("sleep", "2.5")),
                                            Step("Say done.", argv=("echo", "done"))])
    out = io.StringIO()
    assert run_plan_here(plan, str(tmp_path / "plan"), assume_yes=True, out=out, silence_s=0.6) == 0
    text = out.getvalue()
    beats = [ln for ln in text.splitlines() if ln.startswith("... still working: [1/2] Download the packages.")]
    assert 2 <= len(beats) <= 5, text
    assert text.index(beats[-1]) < text.index("==> [2/2]")


@pytest.mark.parametrize("columns", [80, 50])
def test_runs_compare_cuts_labels_with_an_ellipsis_and_names_each_run(columns: int) -> None:
    """drills-3 #13 (the table half): labels were cut at 46 columns without an ellipsis, no run id."""
    runs = ["sample-tf-cnn-fp32-default", "sample-tf-cnn-fp32-growth", "sample-tf-resnet20-fp32-oom"]
    r = cli("runs", "compare", *runs, COLUMNS=str(columns))
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert all(display_width(ln) <= columns for ln in lines if not ln.startswith("#1 ") and not
               ln.startswith(("#2 ", "#3 "))), lines
    rows = [ln for ln in lines if ln[:1] and ln[:1] in "123"]
    assert rows and all("…" in ln for ln in rows[:3])
    for i, name in enumerate(runs, 1):
        assert f"#{i} recording-{name}" in lines


@pytest.mark.skipif(shutil.which("nvidia-smi") is not None, reason="a machine without an NVIDIA GPU")
def test_verify_of_a_cpu_install_on_a_machine_without_gpu_passes(tmp_path: Path) -> None:
    """newcomer-2 #7: ``verify`` of a CPU install on a machine without a GPU printed "!", two [ERROR]s, exit 1."""
    needs_tensorflow()
    r = cli("verify", "--python", sys.executable, COLUMNS="80", TFGPU_WIZARD_DATA=str(tmp_path))
    assert r.returncode == 0, r.stdout + r.stderr[-2000:]
    assert r.stdout.startswith("✓ Works on the CPU, as expected: TensorFlow ")
    assert "[ERROR]" not in r.stdout and "install the NVIDIA driver" not in r.stdout.lower()
    assert all(display_width(ln) <= 80 for ln in r.stdout.splitlines())


def test_verify_without_tensorflow_points_to_plan_not_the_window(tmp_path: Path) -> None:
    """newcomer-2 #8: ``verify`` of a Python without TensorFlow said to `pip install "tensorflow[and-cuda]"` into
    it ("the wizard's Plan page writes the exact commands"), on a machine without a driver, in the CLI."""
    import venv

    venv.EnvBuilder(with_pip=False).create(tmp_path / "no tf")
    python = tmp_path / "no tf" / "bin" / "python"
    r = cli("verify", "--python", str(python), COLUMNS="80", TFGPU_WIZARD_DATA=str(tmp_path / "data"))
    assert r.returncode == 3, r.stderr
    flat = " ".join(r.stdout.split())
    assert flat.startswith("! Needs action: This Python has no working TensorFlow")
    assert "tfgpu-wizard plan writes the commands for this machine" in flat
    assert "Plan page" not in flat and "[and-cuda]" not in flat
    if shutil.which("nvidia-smi") is None:
        assert "the CPU package" in flat


def test_diagnose_quotes_log_lines_as_data() -> None:
    """drills-3 #6: ``diagnose``'s quoted evidence lines were printed raw: a pasted log could retitle the terminal,
    clear it, or write the clipboard (OSC 52)."""
    log = ("2024-06-28 00:03:52.493638: E tensorflow/stream_executor/cuda/cuda_driver.cc:313] failed call to cuInit: "
           "CUDA_ERROR_NO_DEVICE: no CUDA-capable device is detected \x1b]0;PWNED\x07\x1b[2J\x1b]52;c;ZWNobw==\x07\n")
    r = subprocess.run([sys.executable, "-m", "tfgpu_wizard", "diagnose", "-"], input=log, capture_output=True,
                       text=True, encoding="utf-8", env=env(COLUMNS="80"), timeout=120)
    assert r.returncode == 1, r.stderr
    assert "\x1b" not in r.stdout and "\x07" not in r.stdout
    assert "\\x1b]0;PWNED\\x07" in r.stdout.replace("\n", "").replace(" ", "")
    assert r.stdout.startswith("✗ Not working: 1 problem(s) found in this log.")


def test_no_display_hint_is_wrapped_and_names_no_vague_variable() -> None:
    """newcomer-2 #15 and #18: the no-display hint was one long line, and "or set QT_QPA_PLATFORM" led to a
    process that showed nothing."""
    e = env(COLUMNS="80")
    for var in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"):
        e.pop(var, None)
    if sys.platform in ("win32", "darwin"):
        pytest.skip("a window can always be shown here")
    r = subprocess.run([sys.executable, "-m", "tfgpu_wizard"], capture_output=True, text=True, encoding="utf-8",
                       env=e, stdin=subprocess.DEVNULL, timeout=120)
    assert r.returncode == 0, r.stderr
    assert "No display found" in r.stderr and "QT_QPA_PLATFORM" not in r.stderr
    assert all(display_width(ln) <= 80 for ln in r.stderr.splitlines())
