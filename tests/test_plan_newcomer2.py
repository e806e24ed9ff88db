"""The plan findings of the second newcomer report (/work/shared/reports/newcomer-2.md, issue 23), each
reproduced the way the report did it: through the real CLI (``cli.main``), the real matrix.json and the
realistic host reports of tests/fixtures/host (plus the H200 recording), running what the plan writes where
this machine can (bash).
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import shutil
import subprocess
from pathlib import Path
from unittest import mock

import pytest

from tfgpu_wizard import cli
from tfgpu_wizard.core import i18n

ROOT = Path(__file__).resolve().parents[1]
HOSTS = ROOT / "tests" / "fixtures" / "host" / "realistic"
NO_DRIVER = HOSTS / "linux-ubuntu2404-no-driver.json"  # a fresh Ubuntu 24.04 desktop, no NVIDIA driver yet
H200 = ROOT / "resources" / "recordings" / "doctor-h200.json"  # recording of a real H200 server
BASH = shutil.which("bash")


def plan_cli(*args: str, lang: str = "en") -> tuple[int, str, str]:
    """``tfgpu-wizard --lang LANG plan ARGS``, in this process; (exit status, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    old = i18n.set_language(lang)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), \
                mock.patch.dict(os.environ, {"COLUMNS": "1000"}):  # content here; layout: test_cli_terminal.py
            code = cli.main(["--lang", lang, "plan", *args])
    finally:
        i18n.set_language(old)
    return code, out.getvalue(), err.getvalue()


@pytest.mark.skipif(BASH is None, reason="bash is not installed")
def test_24_install_sh_dry_run_says_nothing_was_run(tmp_path: Path) -> None:
    """Defect 24: ``bash install.sh --dry-run`` ended with "==> All steps finished." although nothing ran."""
    folder = tmp_path / "my plan 计划"
    code, _, err = plan_cli("--host", str(NO_DRIVER), "--prefix", str(tmp_path / "tf env 环境"), "--write", str(folder))
    assert code == 0, err
    proc = subprocess.run([BASH, str(folder / "install.sh"), "--dry-run"], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    last = [ln for ln in proc.stderr.splitlines() if ln.strip()][-1]
    assert last == "==> Dry run: nothing was run."
    assert "All steps finished." not in proc.stderr
    assert not (tmp_path / "tf env 环境").exists()  # and indeed nothing ran
    ps1 = tmp_path / "ps"
    assert plan_cli("--host", str(NO_DRIVER), "--shell", "powershell", "--write", str(ps1))[0] == 0
    assert "if ($DryRun) { Write-Host 'Dry run: nothing was run.' }" in (ps1 / "install.ps1").read_text("utf-8")


def _readme_commands(readme: str) -> list[str]:
    """The commands of README.md's "## Steps" section (the indented fenced blocks), one string each."""
    steps = readme.split("\n## Steps\n", 1)[1].split("\n## ", 1)[0]
    out, block = [], None
    for line in steps.splitlines():
        if line.strip() == "```":
            if block is None:
                block = []
            else:
                out.append("\n".join(block))
                block = None
        elif block is not None:
            block.append(line[3:])
    return out


@pytest.mark.skipif(BASH is None, reason="bash is not installed")
def test_04_written_readme_is_pasteable_from_the_plan_folder(tmp_path: Path) -> None:
    """Defect 4: README.md step 3 read ``… -r "$HERE"/requirements.lock``; pasted, $HERE is empty and pip looks
    for /requirements.lock. The README's commands now name the plan's files relative to its folder."""
    import sys

    folder = tmp_path / "my plan 计划"
    env = tmp_path / "tf env 环境"
    code, _, err = plan_cli("--host", str(NO_DRIVER), "--prefix", str(env), "--write", str(folder))
    assert code == 0, err
    readme = (folder / "README.md").read_text(encoding="utf-8")
    commands = _readme_commands(readme)
    assert len(commands) >= 4 and not any("HERE" in c for c in commands), commands
    install = next(c for c in commands if "requirements.lock" in c)
    # paste it, in a terminal opened in the plan's folder, into the environment the first step makes
    subprocess.run([sys.executable, "-m", "venv", str(env)], check=True, timeout=300)
    offline = {"PIP_NO_INDEX": "1", "PIP_CONFIG_FILE": "/dev/null", "PATH": "/usr/bin:/bin", "HOME": str(tmp_path)}
    proc = subprocess.run([BASH, "-c", install], cwd=folder, capture_output=True, text=True, timeout=300, env=offline)
    # pip opened the lock and looked for its first pinned package (there is no index here: that is the stop)
    assert "Could not open requirements file" not in proc.stderr, proc.stderr
    assert "absl-py" in proc.stderr, proc.stderr
    win11 = HOSTS / "win11-rtx4070-py312.json"  # native Windows 2.10 (conda, requirements.txt)
    for shell in ("powershell", "cmd"):
        other = tmp_path / shell
        code, _, err = plan_cli("--host", str(win11), "--tf", "2.10", "--shell", shell, "--write", str(other))
        assert code == 0, err
        pasted = _readme_commands((other / "README.md").read_text(encoding="utf-8"))
        assert any("requirements.txt" in c for c in pasted)
        assert not any("$PSScriptRoot" in c or "%~dp0" in c for c in pasted), pasted


def _dry_run_commands(folder: Path) -> list[list[str]]:
    """What ``install.sh --dry-run`` would run, read back NUL-separated (TFGPU_WIZARD_DRY_RUN_FORMAT=nul)."""
    import os

    proc = subprocess.run([BASH, str(folder / "install.sh"), "--dry-run"], capture_output=True, timeout=60,
                          env=dict(os.environ, TFGPU_WIZARD_DRY_RUN_FORMAT="nul"))
    assert proc.returncode == 0, proc.stderr.decode(errors="replace")
    parts, out, i = proc.stdout.split(b"\0"), [], 0
    while i < len(parts) - 1:
        if parts[i] == b"A":
            n = int(parts[i + 1])
            out.append([p.decode() for p in parts[i + 2:i + 2 + n]])
            i += 2 + n
        else:  # a snippet: S <index>
            out.append(["<snippet>", parts[i + 1].decode()])
            i += 2
    return out


@pytest.mark.skipif(BASH is None, reason="bash is not installed")
@pytest.mark.parametrize("method", ["pip", "uv"])
def test_06_offline_plan_downloads_elsewhere_and_installs_without_network(tmp_path: Path, method: str) -> None:
    """Defect 6: ``plan --offline`` step 2 was titled "Install the 32 locked packages …" but ran ``pip download``,
    and install.sh ran that download on the target, which has no internet."""
    code, out, err = plan_cli("--host", str(NO_DRIVER), "--offline", "--method", method)
    assert code == 0, err
    steps = [ln.strip() for ln in out.splitlines() if ln[:5].strip().rstrip(".").isdigit()]
    download = next(i for i, ln in enumerate(out.splitlines()) if "pip download" in ln)
    title = out.splitlines()[download - 1].strip()
    assert title.split(" ", 1)[1].startswith("Download the wheels (on a computer with internet"), title
    assert sum("Install the" in s and "locked packages" in s for s in steps) == 1, steps
    folder = tmp_path / "plan"
    assert plan_cli("--host", str(NO_DRIVER), "--offline", "--method", method, "--write", str(folder))[0] == 0
    script = (folder / "install.sh").read_text(encoding="utf-8")
    assert "Not run here: do this on a computer with internet" in script
    commands = _dry_run_commands(folder)
    assert commands and not any("download" in c for c in commands), commands
    installs = [c for c in commands if "install" in c and ("pip" in c or "uv" in c)]
    assert installs and all("--no-index" in c for c in installs), installs
    assert not any(c[0] == "<snippet>" for c in commands)  # no "install uv with pip" bootstrap either
    readme = (folder / "README.md").read_text(encoding="utf-8")
    assert "Download the wheels (on a computer with internet" in readme


def test_06_run_it_for_me_skips_the_download_of_an_offline_plan(tmp_path: Path) -> None:
    """The executor behind ``plan --run`` / "Run it for me" runs on the target: the download is not for it."""
    from tfgpu_wizard.core.setup import plan_run
    from tfgpu_wizard.core.setup.host_model import HostReport
    from tfgpu_wizard.core.setup.matrix import load_matrix
    from tfgpu_wizard.core.setup.plan import build_plan

    host = HostReport.from_json(NO_DRIVER.read_text(encoding="utf-8"))
    plan = build_plan(load_matrix().row("2.21", "linux"), host, "pip", "bash", str(tmp_path / "env"), cpu=True,
                      offline=True)
    download = next(st for st in plan.steps if "download" in st.argv)
    assert download.elsewhere and download.text() in plan_run.summarize(plan, tmp_path).skipped
    events: list[plan_run.PlanEvent] = []
    executor = plan_run.PlanExecutor([download], "bash", tmp_path, events.append, lambda step: "stop")
    assert executor.run() == "ok" and executor.results == ["skipped"]


def _this_machines_paths() -> list[str]:
    import sys

    return [p for p in {sys.executable, sys.prefix, str(ROOT), str(Path(sys.executable).resolve())} if len(p) > 4]


@pytest.mark.parametrize(("report", "args"), [
    (H200, ()),
    (H200, ("--method", "conda")),
    (H200, ("--offline",)),
    (HOSTS / "win11-rtx4070-py312.json", ()),  # the WSL2 plan, made from a Windows report
    (HOSTS / "win11-rtx4070-py312.json", ("--tf", "2.10", "--shell", "cmd")),
    (HOSTS / "macos-arm64-m2.json", ()),
    (HOSTS / "ubuntu2404-rtx5090.json", ()),  # nothing fits: the CPU plan instead
    (NO_DRIVER, ()),
])
def test_02_plan_for_another_hosts_report_has_no_path_of_this_machine(tmp_path: Path, report: Path,
                                                                       args: tuple[str, ...]) -> None:
    """Defect 2: ``plan --host doctor-h200.json`` ended with ``<this machine's venv>/bin/python -m tfgpu_wizard
    verify …``, a command that does not exist on the H200; so did the WSL2, macOS and RTX 5090 plans."""
    folder = tmp_path / "plan"
    code, text, err = plan_cli("--host", str(report), *args, "--write", str(folder))
    _, js, _ = plan_cli("--host", str(report), *args, "--json")
    written = "".join(f.read_text(encoding="utf-8") for f in folder.rglob("*") if f.is_file()) if code == 0 else ""
    for path in _this_machines_paths():
        assert path not in text + js + written, (path, report.name, args)
    data = json.loads(js)
    plan_steps = data.get("steps") or [s for i in data["nothing_fits"]["instead"] for s in i["commands"]]
    assert plan_steps
    if code == 0:
        cmds = [s["command"] or "" for s in data["steps"]]
        assert not any("-m tfgpu_wizard" in c or "tfgpu-wizard verify" in c for c in cmds), cmds
        if data["docker_image"] == "":
            # the checks: the new environment's own Python (or conda run in it), nothing of the wizard
            assert data["env_python"] in cmds[-1] and "import tensorflow" in cmds[-1]
        assert any("tfgpu-wizard verify --python" in w["text"] for w in data["why"]), data["why"]


def test_02_plan_for_this_machine_still_verifies_with_the_wizard() -> None:
    """A report of this machine (what ``plan`` without --host detects) keeps the wizard's verify, by path."""
    import dataclasses
    import sys

    from tfgpu_wizard.core.setup.host_model import HostReport
    from tfgpu_wizard.core.setup.matrix import load_matrix
    from tfgpu_wizard.core.setup.plan import build_plan

    host = HostReport.from_json(NO_DRIVER.read_text(encoding="utf-8"))
    here = dataclasses.replace(host, python=dataclasses.replace(host.python, executable=sys.executable))
    plan = build_plan(load_matrix().row("2.21", "linux"), here, "pip", "bash", "/opt/tf", cpu=True)
    verify = next(st for st in plan.steps if "verify" in st.argv)
    assert verify.argv[:3] == (sys.executable, "-m", "tfgpu_wizard") and "--expect-cpu" in verify.argv


def test_02_cluster_commands_name_no_path_of_this_machine(tmp_path: Path) -> None:
    """Defect 2 (cluster): every worker's command was ``python <this clone>/src/tfgpu_wizard/target/sample.py``."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert cli.main(["--lang", "en", "cluster", "--workers", "host1:12345,host2:12345",
                         "--out", str(tmp_path / "workers")]) == 0
    commands = [ln for ln in out.getvalue().splitlines() if not ln.startswith("#") and "sample.py" in ln]
    assert len(commands) == 2
    for path in _this_machines_paths():
        assert not any(path in c for c in commands), path
        assert path not in (tmp_path / "workers" / "worker-0.sh").read_text(encoding="utf-8")
    assert all(c.startswith("python sample.py ") for c in commands)
    copied = tmp_path / "workers" / "sample.py"  # the folder to copy to the workers has the sample itself
    assert copied.read_bytes() == (ROOT / "src" / "tfgpu_wizard" / "target" / "sample.py").read_bytes()


def test_01_docker_on_a_machine_without_gpu_names_a_release_and_says_why() -> None:
    """Defect 1: ``plan --method docker`` on a machine without an NVIDIA GPU picked 2.22.0rc0 ("a pre-release; pin
    it to use it anyway") and said "No docker recipe for TensorFlow 2.22 on linux"."""
    code, out, err = plan_cli("--host", str(NO_DRIVER), "--method", "docker")
    assert code == 1
    said = "\n".join(ln for ln in out.splitlines() if ln.startswith("! ")) + err  # the refusal (the table lists all)
    assert "rc0" not in said and "pre-release" not in said
    assert "TensorFlow 2.21.0 (docker) does not work on this machine" in said
    assert "needs an NVIDIA GPU and its driver" in said and "No docker recipe" not in said
    assert "Instead: TensorFlow 2.21.0 with pip" in said
    code, out, err = plan_cli("--host", str(NO_DRIVER), "--tf", "2.21", "--method", "docker")
    assert code == 1 and "needs an NVIDIA GPU" in out + err and "No docker recipe" not in out + err


def test_01_a_method_pin_never_picks_a_pre_release_nobody_pinned() -> None:
    from tfgpu_wizard.core.setup.host_model import HostReport
    from tfgpu_wizard.core.setup.matrix import load_matrix
    from tfgpu_wizard.core.setup.recommend import recommend

    matrix = load_matrix()
    reports = [*sorted((ROOT / "tests" / "fixtures" / "host").rglob("*.json")), H200]
    for report in reports:
        host = HostReport.from_json(report.read_text(encoding="utf-8"))
        for method in ("pip", "conda", "docker"):
            rec = recommend(matrix, host, method=method)
            if rec.pin is not None and rec.pin.candidate is not None:
                assert not rec.pin.candidate.row.prerelease, (report.name, method)


@pytest.mark.parametrize("pin", [(), ("--tf", "2.10")])
def test_05_conda_cpu_plan_does_not_promise_cuda_libraries(pin: tuple[str, ...]) -> None:
    """Defect 5: ``plan --method conda`` (and ``--tf 2.10``) without a driver said "Create the conda environment …
    with Python 3.11 and the CUDA libraries of this TensorFlow" over ``conda create … python=3.11`` alone."""
    code, out, err = plan_cli("--host", str(NO_DRIVER), "--method", "conda", *pin, "--json")
    assert code == 0, err
    data = json.loads(out)
    create = next(s for s in data["steps"] if " create " in (s["command"] or ""))
    assert "CUDA" not in create["explain"] and "only" in create["explain"]
    assert not any(w in create["command"] for w in ("cuda", "cudnn")), create["command"]
    assert data["conda_packages"] == []


def test_17_cpu_plan_shows_only_caveats_of_a_cpu_install_and_says_a_shared_cost_once() -> None:
    """Defect 17: ``plan`` on a CPU-only machine listed "Good to know: An older cuDNN 9 … shadows", "… and-cuda
    extra uses ranges", "XLA cannot find ptxas", and "conda: works - Needs conda (Miniconda) installed first" on
    18 rows."""
    code, out, err = plan_cli("--host", str(NO_DRIVER))
    assert code == 0, err
    for gpu_only in ("cuDNN 9", "and-cuda extra", "ptxas"):
        assert gpu_only not in out, gpu_only
    assert out.count("Needs conda (Miniconda) installed first") == 1
    assert "Every conda option: Needs conda (Miniconda) installed first" in out
    # what does concern a CPU install stays: NumPy 2 breaks TensorFlow before 2.18
    code, out, _ = plan_cli("--host", str(NO_DRIVER), "--tf", "2.15")
    assert code == 0 and "Known issue: NumPy 2 breaks TensorFlow before 2.18" in out
    # and a GPU plan keeps its GPU caveats
    code, out, _ = plan_cli("--host", str(H200))
    assert code == 0 and "ptxas" in out and "cuDNN 9" in out


def test_20_uv_speed_line_says_where_and_when_it_was_measured() -> None:
    """Defect 20: ``plan --method uv`` printed "✓ Measured here: … 3.9x as fast as pip with a cold cache and
    101.1x with a warm one" — not measured here, and the recording calls the warm figure an upper bound."""
    recording = sorted((ROOT / "resources" / "recordings").glob("bench-install-*.json"))[-1]
    bench = json.loads(recording.read_text(encoding="utf-8"))
    code, out, err = plan_cli("--host", str(NO_DRIVER), "--method", "uv")
    assert code == 0, err
    line = next(ln for ln in out.splitlines() if "as fast as pip" in ln)
    assert "here:" not in line.lower() and "Measured here" not in out
    assert line.lstrip().startswith("· Indicative:")  # a note, not a ✓ reason
    assert f"{bench['cpus']}-core {bench['machine']}" in line and bench["recorded_at"][:10] in line
    assert recording.name in line and "up to" in line


WIN11 = HOSTS / "win11-rtx4070-py312.json"  # Windows 11, RTX 4070, Python 3.12, no conda


def _bullets(out: str) -> list[str]:
    """The "Do this instead:" bullets of the text output."""
    tail = out.split("Do this instead:\n", 1)[1]
    return [ln.strip()[2:] for ln in tail.splitlines() if ln.startswith("  * ")]


def test_23_windows_host_first_line_agrees_with_the_plan_printed() -> None:
    """Defect 23: the first line said "Recommended: TensorFlow 2.10.0 on windows with conda", the plan printed
    was "Install TensorFlow 2.21.0 with pip (wsl2)"."""
    code, out, err = plan_cli("--host", str(WIN11))
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == "Recommended: TensorFlow 2.21.0 on wsl2 with pip"
    assert "Install TensorFlow 2.21.0 with pip (wsl2)" in lines
    assert lines[1].strip() == "The best on windows (the rows below): TensorFlow 2.10.0 with conda"


def test_23_wsl_plan_from_a_windows_report_says_its_python_right() -> None:
    """Defect 23: the WSL plan said "! Python 3.13 is needed for this TensorFlow", though 2.21 supports
    3.10–3.13 (the Windows report says nothing of the Python inside WSL)."""
    code, out, _ = plan_cli("--host", str(WIN11))
    assert code == 0
    assert "Python 3.13 is needed for this TensorFlow" not in out
    said = next(ln for ln in out.splitlines() if "Python inside WSL2" in ln)
    assert "supports 3.10–3.13" in said and "uses Python 3.13" in said


@pytest.mark.parametrize("shell", ["powershell", "cmd"])
def test_23_windows_shell_offers_the_native_gpu_plan_and_bullets_read_right(shell: str) -> None:
    """Defect 23: ``--shell powershell`` was refused ("The WSL2 recipe runs inside WSL's Linux shell") and offered
    only a CPU install, whose bullet began "Or run …"; PowerShell can run the native 2.10 GPU plan."""
    code, out, err = plan_cli("--host", str(WIN11), "--shell", shell)
    assert code == 1 and "WSL's Linux shell" in out and "WSL's Linux shell" not in err  # said once (#3)
    bullets = _bullets(out)
    assert bullets[0].startswith(f"Use the GPU plan for native Windows, which {shell} runs: TensorFlow 2.10")
    assert "conda create" in out.split("Do this instead:", 1)[1]
    assert all(b.startswith("Or ") for b in bullets[1:]) and len(bullets) >= 2
    # the JSON says the same
    code, js, _ = plan_cli("--host", str(WIN11), "--shell", shell, "--json")
    instead = json.loads(js)["nothing_fits"]["instead"]
    assert instead[0]["plan"].startswith("Install TensorFlow 2.10")


def test_23_do_this_instead_never_starts_with_or() -> None:
    """The same on Linux: ``plan --shell cmd`` began its only bullet with "* Or run …"."""
    code, out, _ = plan_cli("--host", str(NO_DRIVER), "--shell", "cmd")
    assert code == 1
    bullets = _bullets(out)
    assert bullets and not bullets[0].startswith("Or ")


@pytest.mark.skipif(BASH is None, reason="a POSIX venv layout (bin/python)")
def test_h200_plan_for_powershell_is_made_and_its_pasted_helper_runs(tmp_path: Path) -> None:
    """Found while reproducing the report: ``plan --host doctor-h200.json --shell powershell`` (pwsh on Linux)
    ended in a ShellError traceback: the pasted LD_LIBRARY_PATH helper is a program with double quotes, which
    Windows PowerShell 5.1 cannot pass. The pasted form is now base64-encoded for such shells."""
    import base64
    import re
    import sys

    folder = tmp_path / "plan"
    code, out, err = plan_cli("--host", str(H200), "--shell", "powershell", "--write", str(folder))
    assert code == 0, err
    _, js, _ = plan_cli("--host", str(H200), "--shell", "powershell", "--json")
    pasted = next(s["command"] for s in json.loads(js)["steps"] if "base64" in (s["command"] or ""))
    encoded = re.search(r"b64decode\(''([A-Za-z0-9+/=]+)''\)", pasted).group(1)
    helper = (folder / "nvidia_lib_path.py").read_text(encoding="utf-8")
    assert base64.b64decode(encoded).decode("utf-8") == helper
    # the one-liner runs the helper: in a fresh venv without the NVIDIA wheels it stops with its own message
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=120)
    code_arg = f"import base64; exec(base64.b64decode('{encoded}').decode('utf-8'))"
    proc = subprocess.run([str(venv / "bin" / "python"), "-c", code_arg], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 1 and "no nvidia/*/lib folders in" in proc.stderr
