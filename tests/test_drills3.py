"""The failed fault drills of shared/reports/drills-3.md whose cause is in core/ or in how files are read:
each test runs the report's steps (real CLI processes, real files in folders with spaces and Chinese
characters) and fails on the code the drills ran against.
"""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
H200 = ROOT / "resources" / "recordings" / "doctor-h200.json"
posix_only = pytest.mark.skipif(os.name != "posix", reason="shell wrappers and device files (POSIX)")


def _have_tf() -> bool:
    import importlib.util

    return importlib.util.find_spec("tensorflow") is not None


def cli(*args: str, env: dict[str, str] | None = None, input: bytes | None = None, timeout: float = 300,
        cwd: Path | None = None, stdin=None) -> subprocess.CompletedProcess[str]:
    """The real ``tfgpu-wizard`` in a child process (this checkout's sources first)."""
    full = dict(os.environ)
    full["PYTHONPATH"] = os.pathsep.join([str(ROOT / "src"), full.get("PYTHONPATH", "")])
    full.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
    full.update(env or {})
    p = subprocess.run([sys.executable, "-m", "tfgpu_wizard", *args], input=input, stdin=stdin,
                       capture_output=True, env=full, timeout=timeout, cwd=cwd)
    return subprocess.CompletedProcess(p.args, p.returncode, p.stdout.decode("utf-8", "replace"),
                                       p.stderr.decode("utf-8", "replace"))


def no_traceback(p: subprocess.CompletedProcess[str]) -> None:
    assert "Traceback (most recent call last)" not in p.stderr + p.stdout, (p.stdout[-2000:], p.stderr[-3000:])


@pytest.fixture
def odd(tmp_path: Path) -> Path:
    """A folder whose path has a space and Chinese characters."""
    folder = tmp_path / "drill 目录 三"
    folder.mkdir()
    return folder


def executable(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    path.chmod(path.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    return path


def banner_python(folder: Path, *python_args: str) -> Path:
    """An interpreter wrapper that prints a login banner without a newline, then runs this Python."""
    quoted = " ".join(f'"{a}"' for a in (sys.executable, *python_args))
    return executable(folder / "python with banner", f'#!/bin/sh\nprintf "Welcome to the cluster"\nexec {quoted} "$@"\n')


# -- defect 1: text without a newline before the probe's report ----------------------------------------------


@posix_only
def test_verify_reads_the_probe_report_behind_a_banner_without_a_newline(odd: Path) -> None:
    """Drills-3 defect 1 (N16), fast form: a Python without TensorFlow (``-S``: no site-packages) behind a
    banner. The verdict is "no working TensorFlow", not "crashed ... it finished"."""
    python = banner_python(odd, "-S")
    p = cli("verify", "--python", str(python), "--json", timeout=120)
    assert "Traceback" not in p.stderr, p.stderr  # (the probe's own ImportError traceback is in the JSON)
    out = json.loads(p.stdout)
    assert out["verdict"]["status"] == "no-tensorflow", out["verdict"]
    assert out["probe"]["probe_version"] == 1
    assert p.returncode == 3


@posix_only
@pytest.mark.tf
@pytest.mark.skipif(not _have_tf(), reason="needs TensorFlow (CPU) in this Python")
def test_verify_of_a_working_python_behind_a_banner_is_not_a_crash(odd: Path) -> None:
    """Drills-3 defect 1 (N16) as reported: ``printf "Welcome to the cluster"`` then this (working) Python."""
    python = banner_python(odd)
    p = cli("verify", "--python", str(python), timeout=400)
    no_traceback(p)
    assert "crashed" not in p.stdout, p.stdout
    assert p.returncode in (0, 1), (p.returncode, p.stdout, p.stderr[-2000:])  # GPU, or works without a GPU
    assert "TensorFlow" in p.stdout


def test_a_protocol_line_glued_behind_other_text_is_still_read() -> None:
    from tfgpu_wizard.core.target.runner import parse_event_line

    report = {"probe_version": 1, "tensorflow": {"version": "2.21.0"}}
    ev = parse_event_line("Welcome to the cluster" + json.dumps(report) + "\n")
    assert ev.type == "probe" and ev.data == report
    ev = parse_event_line('junk {"a": 1} more ' + json.dumps({"v": 1, "type": "hello", "seq": 1}))
    assert ev.type == "hello"
    # text that only looks like it stays raw
    assert parse_event_line('a {"b": 1}').type == "raw"
    assert parse_event_line("{" * 100_000 + "}").type == "raw"


# -- defect 3: a matrix saved with a UTF-8 byte-order mark ----------------------------------------------------


@pytest.mark.parametrize("args", [(), ("--host", str(H200), "--json")], ids=["this-host", "h200-json"])
def test_a_matrix_with_a_utf8_bom_makes_the_same_plan(odd: Path, args: tuple[str, ...]) -> None:
    """Drills-3 defect 3 (4a, 4d): Windows editors save with a BOM; plan ended in JSONDecodeError."""
    bom = odd / "matrix 矩阵.json"
    bom.write_bytes(b"\xef\xbb\xbf" + (ROOT / "matrix.json").read_bytes())
    with_bom = cli("plan", *args, env={"TFGPU_WIZARD_MATRIX": str(bom)})
    no_traceback(with_bom)
    assert with_bom.returncode == 0, with_bom.stderr
    plain = cli("plan", *args, env={"TFGPU_WIZARD_MATRIX": str(ROOT / "matrix.json")})
    if "--json" in args:
        assert json.loads(with_bom.stdout)["steps"] == json.loads(plain.stdout)["steps"]
    else:
        assert with_bom.stdout == plain.stdout


# -- defect 4: plan --host with reports as Windows saves them, and hostile ones ----------------------------------


def _h200_text() -> str:
    return json.dumps(json.loads(H200.read_text(encoding="utf-8")), indent=2, ensure_ascii=False)


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-8-sig"],
                         ids=["powershell-5.1-redirect", "utf16-without-bom", "utf8-bom"])
def test_plan_host_reads_a_report_as_windows_saves_it(odd: Path, encoding: str) -> None:
    """Drills-3 defect 4 (N10): PowerShell 5.1's ``doctor --json > host.json`` writes UTF-16 LE with a BOM
    (UnicodeDecodeError traceback); PowerShell 7 / Notepad write a UTF-8 BOM ("is not a host report")."""
    saved = odd / f"host 报告 {encoding}.json"
    saved.write_bytes(_h200_text().encode(encoding))
    plain = odd / "host.json"
    plain.write_text(_h200_text(), encoding="utf-8")
    got = cli("plan", "--host", str(saved), "--json")
    no_traceback(got)
    assert got.returncode == 0, got.stderr
    want = cli("plan", "--host", str(plain), "--json")
    assert json.loads(got.stdout) == json.loads(want.stdout)


def _hostile(kind: str) -> str:
    data = json.loads(H200.read_text(encoding="utf-8"))
    if kind == "huge-version":
        data["driver"]["version"] = "5" * 5000
    elif kind == "deep":
        return "[" * 200_000 + "]" * 200_000
    elif kind == "many-gpus":
        data["gpus"] = data["gpus"] * 10_000
    elif kind == "huge-cuda":
        data["driver"]["cuda_version"] = "1" * 5000 + ".0"
    return json.dumps(data)


@pytest.mark.parametrize("kind, words", [
    ("huge-version", "driver.version: '555555555555555555555555' (+4976 characters) is too long"),
    ("huge-cuda", "driver.cuda_version: '111111111111111111111111' (+4978 characters) is too long"),
    ("deep", "nested more than 32 levels deep"),
    ("many-gpus", "it lists 10000 GPUs; a report has at most 64"),
])
def test_plan_host_refuses_a_hostile_report_in_words(odd: Path, kind: str, words: str) -> None:
    """Drills-3 defect 4 (N10): ValueError (4300 digits) and RecursionError tracebacks; 10,000 GPUs planned for
    15 s. Each is now one sentence naming the file, exit status 2."""
    report = odd / f"{kind} 报告.json"
    report.write_text(_hostile(kind), encoding="utf-8")
    p = cli("plan", "--host", str(report))
    no_traceback(p)
    assert p.returncode == 2, (p.stdout[-500:], p.stderr)
    assert "is not a host report saved by 'tfgpu-wizard doctor --json'" in p.stderr and words in p.stderr, p.stderr
    assert str(report) in p.stderr
    assert len(p.stderr) < 400


def test_a_version_too_long_to_be_a_number_is_no_version() -> None:
    from tfgpu_wizard.core.versions import release

    assert release("5" * 5000) == ()
    assert release("5" * 5000 + ".1 beta") == ()
    assert release("580.65.06 beta") == (580, 65, 6)


# -- defect 7: reads without a limit (devices, pipes, standard input) --------------------------------------------


def _address_space(limit: int):
    def apply() -> None:
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))

    return apply


def _capped_cli(*args: str, env: dict[str, str] | None = None, stdin_path: str | None = None):
    """``cli`` under a 2.5 GB address-space limit, as the drill ran it (without it, the machine's memory fills)."""
    full = dict(os.environ)
    full["PYTHONPATH"] = os.pathsep.join([str(ROOT / "src"), full.get("PYTHONPATH", "")])
    full.update(env or {})
    with open(stdin_path or os.devnull, "rb") as stdin:
        p = subprocess.run([sys.executable, "-m", "tfgpu_wizard", *args], stdin=stdin, capture_output=True,
                           env=full, timeout=300, preexec_fn=_address_space(2_500_000_000))
    return subprocess.CompletedProcess(p.args, p.returncode, p.stdout.decode("utf-8", "replace"),
                                       p.stderr.decode("utf-8", "replace"))


@posix_only
@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
@pytest.mark.parametrize("case", ["diagnose-file", "diagnose-stdin", "plan-host", "matrix"])
def test_endless_input_is_read_with_a_cap(case: str) -> None:
    """Drills-3 defect 7 (N4): ``diagnose /dev/zero``, ``diagnose - < /dev/zero``, ``plan --host /dev/zero`` and
    ``TFGPU_WIZARD_MATRIX=/dev/zero plan`` read until a MemoryError traceback (the size check saw 0 bytes)."""
    if case == "diagnose-file":
        p = _capped_cli("diagnose", "/dev/zero")
    elif case == "diagnose-stdin":
        p = _capped_cli("diagnose", "-", stdin_path="/dev/zero")
    elif case == "plan-host":
        p = _capped_cli("plan", "--host", "/dev/zero")
    else:
        p = _capped_cli("plan", env={"TFGPU_WIZARD_MATRIX": "/dev/zero"})
    no_traceback(p)
    assert "MemoryError" not in p.stderr
    if case.startswith("diagnose"):
        assert p.returncode in (0, 1), p.stderr
        assert "the input did not end after 1024 MB" in p.stderr
    else:
        assert p.returncode == 2, p.stderr
        assert "8 MB (a device or a pipe?)" in p.stderr, p.stderr


@posix_only
def test_diagnose_reads_the_end_of_a_huge_log_on_standard_input(odd: Path) -> None:
    """A log piped in is read like a huge file: its start and its end (where the error is), in bounded memory."""
    log = odd / "train 日志.log"
    with open(log, "wb") as fh:
        fh.write(b"2024-01-01 I tensorflow/core/platform/cpu_feature_guard.cc:193] This TensorFlow binary\n" * 400_000)
        fh.write(b"tensorflow.python.framework.errors_impl.ResourceExhaustedError: OOM when allocating tensor "
                 b"with shape[8192,8192] and type float on /job:localhost/replica:0/task:0/device:GPU:0\n")
    p = _capped_cli("diagnose", "--json", "-", stdin_path=str(log))
    no_traceback(p)
    out = json.loads(p.stdout)
    assert any("memory" in f["rule_id"] or "oom" in f["rule_id"] for f in out["findings"]), out["findings"]
    assert out["skipped_lines"] > 0


def test_read_capped_keeps_the_start_and_the_end(tmp_path: Path) -> None:
    from tfgpu_wizard.core.safe_io import read_capped

    data = b"".join(b"line %d\n" % i for i in range(100_000))
    f = tmp_path / "big"
    f.write_bytes(data)
    whole = read_capped(f, len(data))
    assert whole.data == data and not whole.more and not whole.left_out
    over = read_capped(f, 1000)
    assert over.more and over.head == data[:1000]
    ends = read_capped(f, 10_000, tail=6_000)
    assert ends.head == data[:4000] and ends.tail == data[-6000:] and not ends.more
    assert ends.left_out == len(data) - 10_000
    assert ends.left_out_lines == data[4000:-6000].count(b"\n")
    endless = read_capped("/dev/zero", 100, tail=50, max_total=5_000_000) if os.path.exists("/dev/zero") else None
    assert endless is None or (endless.more and len(endless.data) == 100)


# -- defect 8: a full data disk ----------------------------------------------------------------------------------


@posix_only
@pytest.mark.skipif(not (os.path.exists("/dev/full") and stat.S_ISCHR(os.stat("/dev/full").st_mode)),
                    reason="needs /dev/full, the device (some containers have a plain file there)")
def test_a_log_file_on_a_full_disk_prints_no_logging_error(odd: Path) -> None:
    """Drills-3 defect 8a (7g): with the log on a full disk every command printed Python's "--- Logging error ---"
    traceback block. The log file here is a link to /dev/full, which answers every write with ENOSPC."""
    logs = odd / "logs"
    logs.mkdir()
    (logs / "tfgpu-wizard.log").symlink_to("/dev/full")
    p = cli("runs", "list", env={"TFGPU_WIZARD_LOG_DIR": str(logs)})
    assert p.returncode == 0, p.stderr
    assert "Logging error" not in p.stderr and "Traceback" not in p.stderr, p.stderr
    assert (logs / "tfgpu-wizard.log").is_symlink()


def _can_mount_tmpfs() -> bool:
    """Root with ``unshare``: a tmpfs mounted in a private mount namespace (gone when the command ends)."""
    import shutil

    if os.name != "posix" or os.geteuid() != 0 or not shutil.which("unshare"):
        return False
    probe = subprocess.run(["unshare", "-m", "sh", "-c", "mount -t tmpfs -o size=16k tmpfs /mnt 2>/dev/null"],
                           capture_output=True, timeout=30)
    return probe.returncode == 0


needs_tmpfs = pytest.mark.skipif(not _can_mount_tmpfs(), reason="needs root and unshare to mount a small tmpfs")


def on_full_disk(folder: Path, size_kb: int, fill_bytes: int, *argv: str, env: dict[str, str] | None = None
                 ) -> subprocess.CompletedProcess[str]:
    """Run ``argv`` with a ``size_kb`` tmpfs mounted on ``folder`` (``fill_bytes`` already taken by a filler
    file), in a private mount namespace: the mount never outlives the command."""
    full = dict(os.environ)
    full["PYTHONPATH"] = os.pathsep.join([str(ROOT / "src"), full.get("PYTHONPATH", "")])
    full.update(env or {})
    shell = ('mount -t tmpfs -o size="$1"k tmpfs "$2" && head -c "$3" /dev/zero > "$2/filler" && shift 3 '
             '&& exec "$@"')
    p = subprocess.run(["unshare", "-m", "sh", "-c", shell, "sh", str(size_kb), str(folder), str(fill_bytes), *argv],
                       capture_output=True, env=full, timeout=600)
    return subprocess.CompletedProcess(p.args, p.returncode, p.stdout.decode("utf-8", "replace"),
                                       p.stderr.decode("utf-8", "replace"))


_RECORD_ON_FULL_DISK = """
import json, sys
from pathlib import Path
from tfgpu_wizard.core.monitor import runs
full, home = Path(sys.argv[1]), Path(sys.argv[2])
rec = runs.RunRecorder(config={"model": "cnn"}, label="full disk 满", root=full / "runs")
for i in range(400):
    rec.add_event({"type": "progress", "step": i, "loss": 1.0 / (i + 1), "pad": "x" * 100})
rec.close(status="finished", exit_code=0)
problem = rec.write_problem
rec.save_to(home / rec.path.name)
back = runs.read_run(home / rec.path.name)
print(json.dumps({"problem": problem, "stub": rec.path.exists(), "listed": [s.status for s in runs.list_runs(full / "runs")],
                  "steps": [e.get("step") for _, e in back.events], "problems": back.problems, "status": back.status}))
"""


@needs_tmpfs
def test_a_run_on_a_disk_that_fills_is_saved_whole_and_leaves_no_stub(odd: Path) -> None:
    """Drills-3 defect 8b/8c (7g, N6): the run saved to the home folder held the line the full disk cut
    ("1 damaged line(s) were skipped"), and the cut copy stayed in runs/ under the same id ("incomplete")."""
    disk = odd / "full disk 满"
    disk.mkdir()
    home = odd / "home 家"
    home.mkdir()
    p = on_full_disk(disk, 16, 4000, sys.executable, "-c", _RECORD_ON_FULL_DISK, str(disk), str(home))
    assert p.returncode == 0, p.stderr
    out = json.loads(p.stdout)
    assert out["problem"] and "disk is full" in out["problem"]
    assert out["steps"] == list(range(400)) and out["status"] == "finished"
    assert out["problems"] == []  # no damaged line in the saved copy
    assert not out["stub"] and out["listed"] == []  # nothing left in the full run folder


@needs_tmpfs
@pytest.mark.tf
@pytest.mark.skipif(not _have_tf(), reason="records the real sample (TensorFlow, CPU)")
def test_record_onto_a_disk_that_fills_as_the_drill_did(odd: Path) -> None:
    """Drills-3 defect 8 (N6) with the report's steps: 64 KB data folder, 40 KB taken, ``record --steps 300
    --log-every 1``; then ``runs list`` on that folder and ``runs show`` of the copy saved in the home folder."""
    disk = odd / "data 数据"
    disk.mkdir()
    home = odd / "home 家"
    home.mkdir()
    py = f'"{sys.executable}" -m tfgpu_wizard'
    script = (f'{py} record --steps 300 --log-every 1 --batch-size 8 --devices cpu; echo "rc=$?"; '
              f'echo "=== list"; {py} runs list')
    p = on_full_disk(disk, 64, 40000, "sh", "-c", script,
                     env={"TFGPU_WIZARD_DATA": str(disk), "HOME": str(home), "TF_CPP_MIN_LOG_LEVEL": "2"})
    assert "rc=0" in p.stdout, (p.stdout[-3000:], p.stderr[-3000:])
    assert "Logging error" not in p.stderr and "Traceback" not in p.stderr, p.stderr[-3000:]
    assert "The whole run was saved to" in p.stderr, p.stderr[-2000:]
    listing = p.stdout.split("=== list", 1)[1]
    assert "incomplete" not in listing and "unreadable" not in listing, listing
    saved = list(home.glob("*.run.jsonl"))
    assert len(saved) == 1
    show = cli("runs", "show", str(saved[0]), env={"HOME": str(home)})
    assert show.returncode == 0, show.stderr
    assert "damaged" not in show.stdout + show.stderr, show.stdout
    assert "finished" in show.stdout


# -- defect 10 and the run list's notes (5e, 9b) -----------------------------------------------------------------


def _data_with_runs(odd: Path) -> tuple[dict[str, str], Path]:
    """A data folder whose run folder holds one real recording (so that the run folder exists)."""
    runs = odd / "data 数据" / "runs"
    runs.mkdir(parents=True)
    recording = ROOT / "resources" / "recordings" / "jax_default.run.jsonl"
    (runs / recording.name).write_bytes(recording.read_bytes())
    return {"TFGPU_WIZARD_DATA": str(runs.parent)}, runs


@pytest.mark.parametrize("argv", [("runs", "show"), ("runs", "export", "--csv", "out.csv"), ("monitor", "--replay"),
                                  ("report", "--out", "r.zip", "--run")], ids=lambda a: "-".join(a[:2]))
@pytest.mark.parametrize("what", ["folder", "file-without-suffix", "missing"])
def test_a_path_that_is_not_a_run_is_a_sentence(odd: Path, argv: tuple[str, ...], what: str) -> None:
    """Drills-3 defect 10 (N32): ``runs show /tmp`` (and export, ``monitor --replay``, ``report --run`` with a
    folder or a file without the .run.jsonl suffix) ended in ``NotImplementedError: Non-relative patterns``."""
    env, _ = _data_with_runs(odd)
    target = {"folder": odd, "file-without-suffix": odd / "hostname", "missing": odd / "no such run"}[what]
    if what == "file-without-suffix":
        target.write_text("a machine\n", encoding="utf-8")
    if argv[0] == "runs" and argv[1] == "export":
        args = ("runs", "export", str(target), "--csv", str(odd / "out.csv"))
    elif argv[0] == "report":
        args = ("report", "--out", str(odd / "r.zip"), "--run", str(target))
    else:
        args = (*argv, str(target))
    p = cli(*args, env=env, cwd=odd)
    no_traceback(p)
    assert p.returncode in (1, 2), (p.returncode, p.stderr)
    words = {"folder": "is a folder, not a run file", "file-without-suffix": "is not a tfgpu-wizard run file",
             "missing": "No run file at"}[what]
    assert words in p.stderr and str(target) in p.stderr, p.stderr
    assert not (odd / "r.zip").exists() and not (odd / "out.csv").exists()


def test_the_ids_runs_list_shows_are_the_ids_runs_show_finds(odd: Path) -> None:
    """Drills-3 note (5e): a copied run file is listed under its header's id, which ``runs show`` could not find
    ("No run matches")."""
    env, runs = _data_with_runs(odd)
    original = runs / "jax_default.run.jsonl"
    header_id = json.loads(original.read_text(encoding="utf-8").splitlines()[0])["run_id"]
    original.rename(runs / "copy of a run 副本.run.jsonl")
    listing = cli("runs", "list", env=env)
    assert header_id in listing.stdout
    for ref in (header_id, header_id[:10]):
        p = cli("runs", "show", ref, env=env)
        assert p.returncode == 0, p.stderr
        assert header_id in p.stdout


def test_a_run_of_a_newer_format_is_listed_as_unreadable(odd: Path) -> None:
    """Drills-3 note (5e): a format-99 file was listed as "finished" while ``runs show`` refuses it."""
    env, runs = _data_with_runs(odd)
    lines = (runs / "jax_default.run.jsonl").read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    header["version"], header["run_id"] = 99, "from-the-future"
    (runs / "from-the-future.run.jsonl").write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n",
                                                    encoding="utf-8")
    listing = cli("runs", "list", env=env)
    row = next(line for line in listing.stdout.splitlines() if line.startswith("from-the-future"))
    assert "unreadable" in row and "finished" not in row, row
    assert "newer tfgpu-wizard" in cli("runs", "show", "from-the-future", env=env).stderr


_LIVE_RECORDER = """
import sys, time
from tfgpu_wizard.core.monitor import runs
rec = runs.RunRecorder(config={"model": "cnn"}, label="live", run_id=sys.argv[1])
rec.add_event({"type": "progress", "step": 1})
print("recording", flush=True)
time.sleep(120)
"""


@posix_only
def test_a_live_run_is_listed_as_running_and_a_killed_one_as_incomplete(odd: Path) -> None:
    """Drills-3 note (9b): ``runs list`` during a ``record`` showed the live run as "incomplete"."""
    env, _ = _data_with_runs(odd)
    full = {**os.environ, **env, "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), os.environ.get("PYTHONPATH", "")])}
    child = subprocess.Popen([sys.executable, "-c", _LIVE_RECORDER, "20261203-live-0001"], env=full,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        assert child.stdout is not None and child.stdout.readline() == b"recording\n"
        row = next(line for line in cli("runs", "list", env=env).stdout.splitlines() if "live-0001" in line)
        assert " running " in row, row
    finally:
        child.kill()
        child.communicate()
    row = next(line for line in cli("runs", "list", env=env).stdout.splitlines() if "live-0001" in line)
    assert "incomplete" in row, row


# -- defect 15: number checks ------------------------------------------------------------------------------------


@pytest.mark.parametrize("argv", [
    ("verify", "--timeout", "nan"), ("sample", "--timeout", "nan"), ("record", "--timeout", "nan"),
    ("sanity", "--timeout", "nan"), ("benchmark", "--timeout", "-1"), ("fit", "--probe-timeout", "0"),
], ids=lambda a: "-".join(a[:2]))
def test_a_time_limit_that_is_not_a_positive_number_is_refused(odd: Path, argv: tuple[str, ...]) -> None:
    """Drills-3 defect 15 (N30): ``verify --timeout nan`` with a hung interpreter never stopped and never said
    it was waiting; ``sample --timeout nan`` was accepted. Every --timeout now goes through one check."""
    hung = executable(odd / "hung python 挂起", "#!/bin/sh\nsleep 600\n")
    p = cli(*argv, "--python", str(hung), env={"TFGPU_WIZARD_DATA": str(odd / "data")}, timeout=60)
    no_traceback(p)
    assert p.returncode == 2, (p.returncode, p.stderr[-1000:])
    assert "a number of seconds above 0 is needed" in p.stderr, p.stderr
    assert not (odd / "data" / "runs").exists()


@pytest.mark.parametrize("command", ["sample", "record"])
def test_a_batch_too_large_to_start_is_refused_before_the_sample_starts(odd: Path, command: str) -> None:
    """Drills-3 defect 15 (N30): ``sample --batch-size 999999999`` was accepted, then sat in step 0 until the
    300 s idle timeout. The largest batch is the Monitor's and fit's, 65536."""
    hung = executable(odd / "hung python 挂起", "#!/bin/sh\nsleep 600\n")
    p = cli(command, "--batch-size", "999999999", "--python", str(hung),
            env={"TFGPU_WIZARD_DATA": str(odd / "data")}, timeout=60)
    no_traceback(p)
    assert p.returncode == 2, (p.returncode, p.stdout[-500:], p.stderr[-1000:])
    assert "batch size must be at most 65536 (got 999999999)" in p.stderr


def test_the_runner_refuses_a_nan_time_limit() -> None:
    from tfgpu_wizard.core.target.runner import PROBE_SCRIPT, ConfigError, SampleConfig, TargetRun

    for limit in (float("nan"), 0, -5):
        with pytest.raises(ConfigError, match="must be a number of seconds above 0"):
            TargetRun(PROBE_SCRIPT, timeout=limit)
        with pytest.raises(ConfigError):
            TargetRun(PROBE_SCRIPT, idle_timeout=limit)
    assert SampleConfig(batch_size=65536).problems() == []
    assert SampleConfig(batch_size=65537).problems() == ["batch size must be at most 65536 (got 65537)"]


# -- defect 16: report --out leaves .part files and raw errnos -----------------------------------------------------


def test_report_into_an_existing_folder_is_a_sentence_and_leaves_nothing(odd: Path) -> None:
    """Drills-3 defect 16 (N33): ``--out <existing folder>`` said "[Errno 21] Is a directory: '….part' -> '…'" and
    left ``<folder>.part`` (3.7 KB) beside it."""
    folder = odd / "reports 报告"
    folder.mkdir()
    p = cli("report", "--out", str(folder), env={"TFGPU_WIZARD_DATA": str(odd / "data")})
    no_traceback(p)
    assert p.returncode == 1
    assert f"{folder} is a folder; give a file name" in p.stderr, p.stderr
    assert "Errno" not in p.stderr
    assert sorted(x.name for x in odd.iterdir() if x.name != "data") == [folder.name]
    assert list(folder.iterdir()) == []


@needs_tmpfs
def test_report_onto_a_full_disk_is_a_sentence_and_leaves_nothing(odd: Path) -> None:
    """Drills-3 defect 16 (N33): on a full 4 KB tmpfs, "[Errno 28] No space left on device" and a 0-byte
    ``r.zip.part`` left behind."""
    disk = odd / "full 满"
    disk.mkdir()
    script = (f'"{sys.executable}" -m tfgpu_wizard report --out "$0/r 报告.zip"; echo "rc=$?"; '
              'ls -A "$0"')
    p = on_full_disk(disk, 4, 4096, "sh", "-c", script, str(disk), env={"TFGPU_WIZARD_DATA": str(odd / "data")})
    no_traceback(p)
    assert "rc=1" in p.stdout, (p.stdout, p.stderr)
    assert "the disk is full" in p.stderr and "Errno" not in p.stderr, p.stderr
    assert p.stdout.split("rc=1", 1)[1].split() == ["filler"]  # no r.zip, no r.zip.part, no temporary file


@pytest.mark.skipif(os.name != "posix" or os.geteuid() != 0, reason="makes its own full device node (root)")
def test_report_onto_a_full_device_keeps_the_device(odd: Path) -> None:
    """``--out`` naming a device that refuses data: a sentence, and the device node stays a device (a private
    node like /dev/full, made here: the machine's own is never written to)."""
    node = odd / "full device"
    os.mknod(node, 0o666 | stat.S_IFCHR, os.makedev(1, 7))
    p = cli("report", "--out", str(node), env={"TFGPU_WIZARD_DATA": str(odd / "data")})
    no_traceback(p)
    assert p.returncode == 1 and "the disk is full" in p.stderr, p.stderr
    assert stat.S_ISCHR(node.stat().st_mode)
    assert sorted(x.name for x in odd.iterdir() if x.name != "data") == [node.name]


# -- notes: a hung or unstartable nvidia-smi is not "No NVIDIA driver was found" (1a, N31) ------------------------


@posix_only
@pytest.mark.parametrize("fake", ["hangs", "cannot-start"])
def test_an_nvidia_smi_that_hangs_or_cannot_start_is_not_a_missing_driver(odd: Path, fake: str) -> None:
    """Drills-3 notes 1a and N31: a hung nvidia-smi, or one that could not be started ("[Errno 24] Too many open
    files"), was headlined "No NVIDIA driver was found". It is the driver state "failed" (issue 28's words)."""
    folder = odd / "fake bin 假"
    folder.mkdir()
    if fake == "hangs":
        executable(folder / "nvidia-smi", "#!/bin/sh\nsleep 600\n")
    else:
        executable(folder / "nvidia-smi", "not a program\0\1\2")  # Exec format error: it never starts
    env = {"PATH": f"{folder}{os.pathsep}{os.environ.get('PATH', '')}"}
    p = cli("doctor", "--json", "--timeout", "2", env=env, timeout=120)
    no_traceback(p)
    driver = json.loads(p.stdout)["driver"]
    if driver.get("source") == "nvml":
        pytest.skip("NVML answers on this machine: nvidia-smi is not asked")
    assert driver["state"] == "failed", driver
    assert "nvidia-smi" in driver["error"]
    text = cli("doctor", "--timeout", "2", env=env, timeout=120)
    assert "No NVIDIA driver was found" not in text.stdout
    assert "The NVIDIA driver did not answer properly." in text.stdout


@posix_only
def test_doctor_and_verify_say_the_same_words_for_a_crashed_python(odd: Path) -> None:
    """Drills-3 note (2b): for an interpreter that dies of SIGSEGV, ``doctor --python`` said "exited with code
    -11" where ``verify`` said "crashed (SIGSEGV)"."""
    python = executable(odd / "segv python 崩溃", '#!/bin/sh\nkill -SEGV $$\n')
    verify = cli("verify", "--python", str(python), timeout=60)
    assert "crashed (SIGSEGV)" in verify.stdout, verify.stdout
    doctor = cli("doctor", "--python", str(python), "--json", timeout=60)
    no_traceback(doctor)
    tf = json.loads(doctor.stdout)["tensorflow"]
    assert "crashed (SIGSEGV) without an answer" in tf["error"], tf
    assert "-11" not in tf["error"]


def test_a_cut_run_in_compare_says_why_its_row_is_empty(tmp_path: Path) -> None:
    """drills-3 note N8: ``runs compare`` of a run file cut mid-line gave a row of "-" and no word on why."""
    rec = ROOT / "resources" / "recordings" / "sample-tf-cnn-fp32-growth.run.jsonl"
    cut = tmp_path / "截断 run.run.jsonl"
    cut.write_bytes(rec.read_bytes()[:3000])
    p = cli("--lang", "en", "runs", "compare", str(cut), str(rec), env={"COLUMNS": "200"})
    no_traceback(p)
    assert p.returncode == 0, p.stderr
    assert "#1: nothing to compare: the run has no memory readings and no steps" in p.stdout
    assert "#2: nothing to compare" not in p.stdout  # the whole recording has its figures
