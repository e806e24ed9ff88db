"""Run an install plan's steps here, one process per step: the executor behind "Run it for me" and
``tfgpu-wizard plan --run`` (Qt-free; the window only marshals its events to the GUI thread).

The protocol is the same for every shell: each step that has a command runs as its own process in the plan's
folder (``HERE`` set to it, as the generated script does), its output merged and streamed line by line; a
step limited to other systems is skipped, a step with no command is reported as done by hand, and every
administrator step waits for the caller's answer (``"run"`` / ``"skip"`` / ``"stop"``). The first failing
step ends the run.

How a step becomes a process (``step_process``):

- bash (Linux, WSL2): ``bash -c 'set -euo pipefail' + command``.
- PowerShell (native Windows): ``powershell.exe -NoLogo -NoProfile -NonInteractive -ExecutionPolicy Bypass
  -EncodedCommand <base64 of UTF-16LE>``. The encoded form, because Windows PowerShell 5.1 strips the double
  quotes of a ``-Command`` string passed through ``CreateProcess``, which breaks paths with spaces. The script
  stops on the first error and hands on a native program's exit code (``$LASTEXITCODE``), so a failed
  ``pip`` fails the step. No PowerShell runs on the machines this is developed on: the command building is
  tested against recorded expectations (tests/test_plan_run.py), not by running it.
- cmd and zsh plans are not run by the wizard (``runnable`` says why); their scripts are for the user.

Before anything runs, ``summarize(plan, folder)`` says what will happen: the folder the plan is written to,
the environment folder it creates, an estimate of the download, the free space there, and the
administrator steps. Both front ends show it and ask once.
"""

from __future__ import annotations

import base64
import logging
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tfgpu_wizard.core.i18n import tr

CTX = "plan-run"
log = logging.getLogger("tfgpu_wizard.plan_run")

# What a TensorFlow install downloads, for the confirmation. Measured: the tensorflow 2.21.0 wheel for
# Linux x86_64 is 572 MB (shared/facts/tf-runtime-notes.md). The NVIDIA wheels of the [and-cuda] extra
# (cuBLAS, cuDNN, cuFFT, cuSPARSE, cuSOLVER, NCCL, ...) are an estimate: "about 2-3 GB more".
TF_WHEEL_BYTES = 572_000_000
AND_CUDA_LOW, AND_CUDA_HIGH = 2_000_000_000, 3_000_000_000


@dataclass
class PlanSummary:
    """What "Run it for me" is about to do, shown before anything runs."""

    folder: Path  # where the plan's files are written and the steps run
    env_folder: str  # the environment the plan creates (pip/conda), or the project folder (docker)
    download_low: int  # bytes, an estimate; 0 when nothing is downloaded
    download_high: int
    free_bytes: int | None  # free space where the environment goes (None: unknown)
    admin_steps: list[str] = field(default_factory=list)  # texts of the administrator steps
    skipped: list[str] = field(default_factory=list)  # steps for other systems
    steps: int = 0
    # The environment is already there (a venv's pyvenv.cfg, a conda env's conda-meta): the steps check and repair
    # it, and what is installed already is not downloaded again (gui-audit-2 N11 said "New environment … 572 MB"
    # for a re-run that downloaded nothing).
    existing: bool = False

    def download_text(self) -> str:
        if not self.download_high:
            return tr(CTX, "nothing large")
        if self.download_low == self.download_high:
            return tr(CTX, "about {0}").format(human_bytes(self.download_high))
        return tr(CTX, "about {0} to {1}").format(human_bytes(self.download_low), human_bytes(self.download_high))

    def lines(self) -> list[str]:
        """The confirmation, line by line, in the current language (the window and the CLI show these)."""
        out = [tr(CTX, "The plan's files go to: {0}").format(self.folder)]
        if self.existing:
            out += [tr(CTX, "The environment is already there: {0}. The steps check and repair it.").format(
                        self.env_folder),
                    tr(CTX, "Download: at most {0}; little or nothing when it is already installed.").format(
                        self.download_text())]
        else:
            out += [tr(CTX, "New environment: {0}").format(self.env_folder),
                    tr(CTX, "Download: {0} (an estimate)").format(self.download_text())]
        if self.free_bytes is not None:
            out.append(tr(CTX, "Free space there: {0}").format(human_bytes(self.free_bytes)))
            if self.download_high and self.free_bytes < self.download_high * 2:
                out.append(tr(CTX, "Warning: that may not be enough (installed, it takes about twice the "
                                   "download)."))
        out.append(tr(CTX, "{0} steps; {1} need administrator rights (asked one by one).").format(
            self.steps, len(self.admin_steps)))
        out.extend("  - " + t for t in self.admin_steps)
        return out


def human_bytes(n: int) -> str:
    if n >= 1_000_000_000:
        return f"{n / 1e9:.1f} GB"
    if n >= 1_000_000:
        return f"{n / 1e6:.0f} MB"
    return f"{n / 1e3:.0f} kB"


def download_estimate(plan: Any) -> tuple[int, int]:
    """(low, high) bytes the plan downloads; an estimate from its requirements (see the constants)."""
    low = high = 0
    reqs = [str(r).lower() for r in getattr(plan, "requirements", []) or []]
    packages = [str(p).lower() for p in getattr(plan, "conda_packages", []) or []]
    image = getattr(plan, "docker_image", "") or ""
    for r in reqs + packages:
        name = r.split(";")[0].strip()
        if name.startswith(("tensorflow", "tf-nightly")):
            low += TF_WHEEL_BYTES
            high += TF_WHEEL_BYTES
            if "and-cuda" in name:
                low += AND_CUDA_LOW
                high += AND_CUDA_HIGH
    if image:  # the TensorFlow GPU images are a few GB
        low, high = max(low, 2_000_000_000), max(high, 8_000_000_000)
    return low, high


def _free_bytes(path: str) -> int | None:
    p = Path(path)
    for candidate in (p, *p.parents):
        if candidate.exists():
            try:
                return shutil.disk_usage(candidate).free
            except OSError:
                return None
    return None


def this_system() -> str:
    """The ``Step.platforms`` word of the machine running the steps (WSL2 counts as linux)."""
    if os.name == "nt":
        return "windows"
    return "macos" if sys.platform == "darwin" else "linux"


def runnable(plan: Any) -> tuple[bool, str]:
    """Whether this machine can run the plan's steps itself, and if not why (in words)."""
    platform, shell = getattr(plan, "platform", ""), getattr(plan, "shell", "")
    here = this_system()
    if shell == "bash" and platform in ("linux", "wsl2") and here == "linux" and shutil.which("bash"):
        return True, ""
    if shell == "powershell" and platform == "windows" and here == "windows":
        return True, ""
    if shell in ("cmd", "zsh"):
        return False, tr(CTX, "The wizard runs bash and PowerShell plans; run this {0} script yourself.").format(shell)
    return False, tr(CTX, "This plan is for {0}; run its script on that machine.").format(platform)


def summarize(plan: Any, folder: str | os.PathLike[str]) -> PlanSummary:
    low, high = download_estimate(plan)
    here = this_system()
    admin, skipped = [], []
    for st in plan.steps:
        if (st.platforms and here not in st.platforms) or st.elsewhere:
            skipped.append(st.text())
        elif st.admin and st.command(plan.shell):
            admin.append(f"{st.text()} ({st.reason()})" if st.reason() else st.text())
    env_folder = str(getattr(plan, "prefix", "") or folder)
    env = Path(env_folder)
    existing = getattr(plan, "method", "") != "docker" and (
        (env / "pyvenv.cfg").is_file() or (env / "conda-meta").is_dir())
    return PlanSummary(Path(folder), env_folder, low, high, _free_bytes(env_folder), admin, skipped,
                       len(plan.steps), existing)


# -- how a step becomes a process ---------------------------------------------------------------------

POWERSHELL_PRELUDE = "$ErrorActionPreference = 'Stop'\n$ProgressPreference = 'SilentlyContinue'\n"
POWERSHELL_EPILOGUE = "\nif ($LASTEXITCODE) { exit $LASTEXITCODE }\n"


def powershell_encoded(script: str) -> str:
    """``-EncodedCommand``'s argument: base64 of the script in UTF-16LE."""
    return base64.b64encode(script.encode("utf-16-le")).decode("ascii")


def step_process(command: str, shell: str) -> list[str]:
    """The argv that runs one step's ``command`` in ``shell`` (see the module docstring)."""
    if shell == "bash":
        return ["bash", "-c", "set -euo pipefail\n" + command]
    if shell == "powershell":
        script = POWERSHELL_PRELUDE + command + POWERSHELL_EPILOGUE
        return ["powershell.exe", "-NoLogo", "-NoProfile", "-NonInteractive", "-ExecutionPolicy", "Bypass",
                "-EncodedCommand", powershell_encoded(script)]
    raise ValueError(f"the wizard does not run {shell} steps")


# -- the executor --------------------------------------------------------------------------------------


@dataclass
class PlanEvent:
    """``kind``: "step" (a step starts: ``text``, ``command``), "output" (a line), "done" (``result`` of
    step ``index``: ok | failed | skipped | manual | stopped | cancelled | timeout), "finished" (``result``
    of the run: ok | failed | cancelled | stopped), "started" (the step's process runs: ``pid``); from
    ``events()`` also "ask" (an administrator step waits for "run" | "skip" | "stop", sent back into the
    generator)."""

    kind: str
    index: int = -1
    text: str = ""
    command: str = ""
    result: str = ""
    total: int = 0
    pid: int | None = None


class PlanExecutor:
    """Runs ``steps`` in ``folder``, one process per step.

    Two ways to drive it: ``events()`` is the run as a generator of ``PlanEvent`` (an "ask" event takes the
    answer through ``send``; ``core.flows.plan_run`` drives it so), and ``run()`` blocks, calling
    ``on_event(PlanEvent)`` and asking ``ask_admin(step) -> "run"|"skip"|"stop"`` before every administrator
    step. ``cancel()`` from any thread stops the running step (its whole process group: pip's children too)
    and starts no other. A transcript goes to ``transcript``.
    """

    def __init__(
        self,
        steps: Sequence[Any],
        shell: str,
        folder: str | os.PathLike[str],
        on_event: Callable[[PlanEvent], None] | None = None,
        ask_admin: Callable[[Any], str] | None = None,
        *,
        env: dict[str, str] | None = None,
        step_timeout_s: float = 3600.0,
        transcript: Path | None = None,
    ) -> None:
        self.steps = list(steps)
        self.shell = shell
        self.folder = os.fspath(folder)
        self.on_event = on_event
        self.ask_admin = ask_admin
        self.env = dict(env or {})
        self.step_timeout_s = step_timeout_s
        self.transcript = transcript
        self.results: list[str] = []
        self.status = "idle"
        self.failed_index: int | None = None
        self._cancel = threading.Event()
        self._proc: subprocess.Popen | None = None
        self._lock = threading.Lock()
        self._timers: list[threading.Timer] = []
        self._timed_out = False
        self._tfile = None

    # -- control ------------------------------------------------------------------------------

    @property
    def pid(self) -> int | None:
        """The process id of the step running now, if one runs."""
        with self._lock:
            proc = self._proc
        return proc.pid if proc is not None else None

    def cancel(self) -> None:
        self._cancel.set()
        with self._lock:
            proc = self._proc
        if proc is not None:
            self._stop(proc)

    def _stop(self, proc: subprocess.Popen) -> None:
        """SIGTERM the step's process group now, SIGKILL it 3 s later if it is still there."""
        _signal_group(proc)
        timer = threading.Timer(3.0, _signal_group, (proc, True))
        timer.daemon = True
        with self._lock:
            self._timers.append(timer)
        timer.start()

    def _event(self, ev: PlanEvent) -> PlanEvent:
        """``ev`` with the step count, written to the transcript."""
        ev.total = len(self.steps)
        if self._tfile is not None:
            try:
                if ev.kind == "step":
                    self._tfile.write(f"\n==> [{ev.index + 1}/{ev.total}] {ev.text}\n$ {ev.command}\n")
                elif ev.kind == "output":
                    self._tfile.write(ev.text + "\n")
                elif ev.kind in ("done", "finished"):
                    self._tfile.write(f"== {ev.kind} {ev.index + 1 if ev.kind == 'done' else ''} {ev.result}\n")
                self._tfile.flush()
            except OSError:
                self._tfile = None
        return ev

    # -- running ------------------------------------------------------------------------------

    def run(self) -> str:
        """Run to the end in this thread (callbacks ``on_event`` / ``ask_admin``); returns the run's status."""
        events = self.events()
        answer: str | None = None
        while True:
            try:
                ev = events.send(answer)
            except StopIteration as stop:
                return stop.value
            answer = None
            if ev.kind == "ask":
                answer = self.ask_admin(self.steps[ev.index]) if self.ask_admin is not None else "stop"
            elif self.on_event is not None:
                self.on_event(ev)

    def events(self) -> Generator[PlanEvent, str | None, str]:
        """The run as events; the generator's value is the run's status. Leaving it early stops the step."""
        self.status = "running"
        self.results = []
        if self.transcript is not None:
            try:
                self.transcript.parent.mkdir(parents=True, exist_ok=True)
                self._tfile = open(self.transcript, "w", encoding="utf-8")  # noqa: SIM115 - closed below
                self._tfile.write(f"tfgpu-wizard plan run in {self.folder} ({time.strftime('%Y-%m-%d %H:%M:%S')})\n")
            except OSError:
                self._tfile = None
        status = "failed"
        try:
            try:
                status = yield from self._run_all()
            finally:
                self.status = status
            yield self._event(PlanEvent("finished", result=self.status))
            log.info("plan run in %s: %s (%s)", self.folder, self.status, ", ".join(self.results))
            return self.status
        finally:
            if self._tfile is not None:
                self._tfile.close()
                self._tfile = None

    def _run_all(self) -> Generator[PlanEvent, str | None, str]:
        here = this_system()
        for i, step in enumerate(self.steps):
            if self._cancel.is_set():
                return "cancelled"
            text = step.text()
            command = step.command(self.shell) or ""
            if step.platforms and here not in step.platforms:
                yield from self._done(i, "skipped", tr(CTX, "(not for this system: skipped)"))
                continue
            if step.elsewhere:
                yield self._event(PlanEvent("step", i, text, command))
                yield from self._done(i, "skipped", tr(CTX, "(for a computer with internet: not run here)"))
                continue
            if not command:
                yield self._event(PlanEvent("step", i, text, ""))
                yield from self._done(i, "manual", tr(CTX, "(a step you do by hand; see the script's comment)"))
                continue
            if step.admin:
                answer = yield PlanEvent("ask", i, text, command, total=len(self.steps))
                if self._cancel.is_set():
                    return "cancelled"
                if answer == "stop":
                    yield from self._done(i, "stopped", "")
                    return "stopped"
                if answer != "run":
                    yield self._event(PlanEvent("step", i, text, command))
                    yield from self._done(i, "skipped", tr(CTX, "(administrator step skipped by you)"))
                    continue
            yield self._event(PlanEvent("step", i, text, command))
            result, note = yield from self._run_one(command, i)
            yield from self._done(i, result, note)
            if result in ("failed", "timeout"):
                self.failed_index = i
                return "failed"
            if result == "cancelled":
                return "cancelled"
        return "ok"

    def _done(self, i: int, result: str, note: str) -> Generator[PlanEvent, str | None, None]:
        if note:
            yield self._event(PlanEvent("output", i, note))
        self.results.append(result)
        yield self._event(PlanEvent("done", i, result=result))

    def _run_one(self, command: str, index: int) -> Generator[PlanEvent, str | None, tuple[str, str]]:
        env = dict(os.environ)
        env.update({"HERE": self.folder, "PYTHONUNBUFFERED": "1", **self.env})
        argv = step_process(command, self.shell)
        kwargs: dict[str, Any] = {}
        if os.name == "nt":
            kwargs["creationflags"] = subprocess.CREATE_NEW_PROCESS_GROUP  # type: ignore[attr-defined]
        else:
            kwargs["start_new_session"] = True
        try:
            proc = subprocess.Popen(argv, cwd=self.folder, env=env, stdin=subprocess.DEVNULL,
                                    stdout=subprocess.PIPE, stderr=subprocess.STDOUT, **kwargs)
        except OSError as exc:
            return "failed", tr(CTX, "Could not start {0}: {1}").format(argv[0], exc)
        with self._lock:
            self._proc = proc
        self._timed_out = False

        def on_timeout() -> None:
            self._timed_out = True
            self._stop(proc)

        timer = threading.Timer(self.step_timeout_s, on_timeout)
        timer.daemon = True
        timer.start()
        finished = False
        try:
            yield PlanEvent("started", index, total=len(self.steps), pid=proc.pid)
            assert proc.stdout is not None
            for raw in iter(proc.stdout.readline, b""):
                line = raw.decode("utf-8", errors="replace").rstrip("\r\n")
                yield self._event(PlanEvent("output", text=line))
            code = proc.wait()
            finished = True
        finally:
            if not finished:  # left early (the generator closed, an exception): the step goes too
                _signal_group(proc, kill=True)
                proc.wait()
            timer.cancel()
            with self._lock:
                self._proc = None
                timers, self._timers = [timer, *self._timers], []
            for t in timers:  # no thread outlives the step
                t.cancel()
                # _stop() registers its timer before starting it: one not started yet never runs once cancelled
                if t is not threading.current_thread() and t.ident is not None:
                    t.join()
            if proc.stdout is not None:
                proc.stdout.close()
        if self._cancel.is_set():
            return "cancelled", ""
        if self._timed_out:
            return "timeout", tr(CTX, "(stopped after {0:.0f} s)").format(self.step_timeout_s)
        if code == 0:
            return "ok", ""
        return "failed", tr(CTX, "(exit code {0})").format(code)


def _signal_group(proc: subprocess.Popen, kill: bool = False) -> None:
    """Stop the step and everything it started (pip's build backends, conda's solver)."""
    if proc.poll() is not None:
        return
    try:
        if os.name == "nt":
            proc.kill() if kill else proc.terminate()
        else:
            os.killpg(proc.pid, signal.SIGKILL if kill else signal.SIGTERM)
    except (ProcessLookupError, PermissionError, OSError):
        pass


def failure_message(status: str, failed_step: str = "", terminal: bool = False) -> str:
    """The one line that ends a run. The window shows it above the log (so the log is "below"); the terminal
    prints it after the output (``terminal``: "above")."""
    if status == "ok":
        return tr(CTX, "All steps finished.")
    if status == "failed":
        if terminal:
            return tr(CTX, "Step “{0}” failed; its output is just above. tfgpu-wizard diagnose explains such "
                           "logs.").format(failed_step)
        if failed_step:
            return tr(CTX, "Step “{0}” failed; its output is in the log below. The Diagnose page "
                           "(tfgpu-wizard diagnose) explains such logs.").format(failed_step)
        return tr(CTX, "A step failed; its output is in the log below.")
    if status == "cancelled":
        return tr(CTX, "Cancelled by you.")
    if status == "stopped":
        return tr(CTX, "Stopped before an administrator step, as you asked.")
    return status
