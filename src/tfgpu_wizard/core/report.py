""""Save a report for help": one zip a beginner attaches to a forum question or an issue.

It holds what a helper asks for first: the doctor report as JSON (``doctor.json``), the app's log files
(``logs/``), the newest run record (``runs/``) and the last "Run it for me" transcript when there is one
(``plan-run.log``), plus a ``README.txt`` saying what is inside. Nothing is uploaded anywhere. Paths in
the doctor report stay as they are: the user sees the files before sending them.

API::

    default_report_path()                          # ~/tfgpu-wizard-report-<time>.zip (Documents when it exists)
    write_report(out, host=None, run=None) -> ReportContents
"""

from __future__ import annotations

import io
import json
import time
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tfgpu_wizard.core import logsetup, safe_io
from tfgpu_wizard.core.paths import user_data_dir


@dataclass
class ReportContents:
    path: Path
    names: list[str] = field(default_factory=list)  # the members, in order
    problems: list[str] = field(default_factory=list)  # parts that could not be added, in words


def last_plan_log() -> Path:
    """Where the plan executor keeps the transcript of the last "Run it for me" / ``plan --run``."""
    return user_data_dir() / "last-plan-run.log"


def default_report_path() -> Path:
    home = Path.home()
    docs = home / "Documents"
    folder = docs if docs.is_dir() else home
    return folder / time.strftime("tfgpu-wizard-report-%Y%m%d-%H%M%S.zip")


def _newest_run() -> Path | None:
    from tfgpu_wizard.core.monitor.runs import list_runs

    try:
        runs = list_runs()
    except OSError:
        return None
    return runs[0].path if runs else None


def write_report(
    out: str | Path,
    host: Any = None,
    run: str | Path | None = None,
    *,
    detect: bool = True,
) -> ReportContents:
    """Write the zip to ``out``. ``host``: a HostReport already detected (else it is detected here, with the
    usual timeouts, unless ``detect`` is False). ``run``: the run file to include (default: the newest)."""
    out = Path(out)
    result = ReportContents(out)
    if host is None and detect:
        try:
            from tfgpu_wizard.core.setup.host import detect_host

            host = detect_host()
        except Exception as exc:  # noqa: BLE001 - a report must be written even when detection breaks
            result.problems.append(f"doctor: {type(exc).__name__}: {exc}")
    run_path = Path(run) if run else _newest_run()
    # Made in memory, then written as safe_io writes any file the user names: atomically, nothing left behind
    # on a full disk, a folder given as --out refused in words (drills-3 N33: ".part" files and raw errnos).
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        if host is not None:
            try:
                text = host.to_json() if hasattr(host, "to_json") else json.dumps(host, indent=2)
                zf.writestr("doctor.json", text + "\n")
                result.names.append("doctor.json")
            except Exception as exc:  # noqa: BLE001
                result.problems.append(f"doctor: {type(exc).__name__}: {exc}")
        log_dir = logsetup.log_dir()
        logs = sorted(log_dir.glob("tfgpu-wizard.log*")) if log_dir.is_dir() else []
        for p in logs:
            try:
                zf.write(p, f"logs/{p.name}")
                result.names.append(f"logs/{p.name}")
            except OSError as exc:
                result.problems.append(f"{p.name}: {exc}")
        if not logs:
            result.problems.append("no log file yet")
        extras = [(run_path, f"runs/{run_path.name}")] if run_path is not None and run_path.is_file() else []
        if last_plan_log().is_file():
            extras.append((last_plan_log(), "plan-run.log"))
        for path, name in extras:
            try:
                zf.write(path, name)
                result.names.append(name)
            except OSError as exc:
                result.problems.append(f"{path.name}: {exc.strerror or exc}")
        readme = (
            "tfgpu-wizard report\n"
            f"made: {time.strftime('%Y-%m-%d %H:%M:%S %z')}\n\n"
            "doctor.json   this machine: OS, Python, NVIDIA driver, GPUs, CUDA, TensorFlow\n"
            "logs/         the app's log (window and command line)\n"
            "runs/         the newest training run record (GPU memory over time)\n"
            "plan-run.log  the last install run by the wizard, when there was one\n\n"
            "Look inside before you share it: paths and your user name appear in it.\n"
        )
        if result.problems:
            readme += "\nNot included:\n" + "".join(f"- {p}\n" for p in result.problems)
        zf.writestr("README.txt", readme)
        result.names.insert(0, "README.txt")
    safe_io.make_folder(out.parent)
    safe_io.write_bytes(out, buffer.getvalue())  # UnsafeWrite (an OSError): a sentence naming the file
    return result
