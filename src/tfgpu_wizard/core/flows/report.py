"""Report: save a zip for asking for help. ``tfgpu-wizard report`` and the window's Help → "Save a report for help…".

Steps: this machine's facts (detected here unless the caller has them), then the zip (``core.report``: the
doctor report, the app's log, the newest run or the one named, the last install transcript). Raises OSError
when the zip cannot be written (the faces say so in their words).

Progress kinds: ``phase`` (data: ``"host"`` | ``"write"``).
"""

from __future__ import annotations

import threading
from collections.abc import Generator
from pathlib import Path

from tfgpu_wizard.core.flows.base import Progress, detect_host, last_verified_python
from tfgpu_wizard.core.report import ReportContents, default_report_path, write_report
from tfgpu_wizard.core.setup.host_model import HostReport

DETECT = "detect"


def report(out: str | Path | None = None, *, run: str | Path | None = None, host: HostReport | None | str = DETECT,
           python: str | None = None,
           cancel: threading.Event | None = None) -> Generator[Progress, None, ReportContents]:
    """Write the help zip to ``out`` (default: ``default_report_path()``); ``run``: the run file to include
    (default the newest); ``host``: this machine's report (``DETECT``: detect it now, with the TensorFlow of
    ``python``, by default the Python that ``verify`` last found TensorFlow in)."""
    if host == DETECT:
        yield Progress("phase", data="host")
        host = detect_host(python or last_verified_python())
    yield Progress("phase", data="write")
    return write_report(out or default_report_path(), host=host, run=run, detect=False)
