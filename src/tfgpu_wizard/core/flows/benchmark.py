"""Benchmark: the sample once per setting, one after another, into one table. ``tfgpu-wizard benchmark`` and
the Benchmark page both drive it (the table's rows and words are ``core.monitor.benchmark``'s).

Steps: read this machine's facts unless the caller has them; pick the settings (``settings``: the GPU ones —
one GPU FP32, all GPUs FP32, all GPUs mixed precision, growth vs a 4 GB limit — when the machine has an NVIDIA
GPU, else CPU FP32 vs mixed_bfloat16); run each (``run_target``), and turn it into a row as it ends. A cancel
ends the running setting (its row says "cancelled") and leaves the rest not run.

Which side was right where the faces disagreed (issue 21): whether to run the GPU settings is decided by the
host report's GPUs, as the window did (the CLI asked ``nvml.device_count()``: the same GPUs when NVML loads,
none when only nvidia-smi sees them, and without the cards' sizes for ``--gpu-total-mb``); a row's status is
how its run ended (ok | failed | timeout | crashed | not-started | cancelled, the window's; the CLI said
"failed" for a crash, a stall or a missing interpreter), and its message the sample's error or, without one,
how the process ended (the CLI's; the window left it empty).

Progress kinds: ``phase`` (data: ``"host"``), ``plan`` (data: the settings' labels, in order), ``setting``
(text: "Running: …"; data: its index), ``started``/``event``/``line`` (the running sample), ``step``
(done/total: that setting's steps), ``row`` (data: the finished row, ``core.monitor.benchmark.result_row``).

The table's own helpers (``recording_rows``: the bundled H200 comparison; ``speedups``; ``write_csv``) are
``core.monitor.benchmark``'s, named here too so a face needs only this module.
"""

from __future__ import annotations

import threading
from collections.abc import Generator, Sequence
from dataclasses import dataclass, field
from typing import Any

from tfgpu_wizard.core.flows.base import Progress, detect_host, is_cancelled, resolve_python, run_target
from tfgpu_wizard.core.i18n import tr
from tfgpu_wizard.core.monitor import benchmark as table
from tfgpu_wizard.core.monitor.benchmark import BACKEND_NAMES, CSV_FIELDS, recording_rows, speedups, write_csv
from tfgpu_wizard.core.setup.host_model import HostReport
from tfgpu_wizard.core.target.runner import SAMPLE_SCRIPT, SampleConfig, TargetResult, TargetRun
from tfgpu_wizard.core.target.sampleopts import benchmark_configs

CTX = "verdict"
DETECT = "detect"
DEFAULT_STEPS = 200
DEFAULT_TIMEOUT_S = 900.0  # per setting


def has_gpu(host: HostReport | None) -> bool:
    """Whether to compare the GPU settings: the host report lists an NVIDIA GPU (NVML, or nvidia-smi)."""
    return bool(getattr(host, "gpus", None))


def settings(host: HostReport | None, steps: int = DEFAULT_STEPS, *, cpu: bool = False) -> list[tuple[str, SampleConfig]]:
    """(English label, validated config) of each setting compared on this machine (``cpu``: the CPU ones even
    with a GPU). Raises ``ConfigError`` for bad ``steps``."""
    return benchmark_configs(has_gpu(host) and not cpu, steps, host=host)


def row_status(result: TargetResult, cancelled: bool = False) -> str:
    """How one setting's run ended: ok | cancelled | timeout | crashed | not-started | failed."""
    if result.start_error:
        return "not-started"
    if cancelled:
        return "cancelled"
    if result.timed_out or result.stalled:
        return "timeout"
    if result.signal is not None:
        return "crashed"
    return "ok" if result.ok else "failed"


def row_for(label: str, config: SampleConfig, result: TargetResult, cancelled: bool = False) -> dict[str, Any]:
    """The table's row for one finished setting: its numbers from the ``summary`` event, its status, and the
    sample's error message (or how the process ended when it sent none)."""
    summary = result.last("summary")
    error = result.error_event()
    status = row_status(result, cancelled)
    if error is not None and error.get("message"):
        message = str(error.get("message"))
    else:
        message = "" if status == "ok" else result.describe_end()
    return table.result_row(label, summary.data if summary else None, status, message, config.batch_size)


@dataclass
class BenchmarkResult:
    """The rows of the settings that ran (in order), the settings planned, and whether it was stopped."""

    python: str
    planned: list[tuple[str, SampleConfig]]
    rows: list[dict[str, Any]] = field(default_factory=list)
    host: HostReport | None = None
    cancelled: bool = False

    @property
    def ok(self) -> bool:
        return len(self.rows) == len(self.planned) and all(r["status"] == "ok" for r in self.rows)

    @property
    def exit_code(self) -> int:
        """0 every setting ran; 1 one failed (or the comparison was stopped)."""
        return 0 if self.ok else 1


def benchmark(python: str | None = None, *, steps: int = DEFAULT_STEPS, cpu: bool = False,
              host: HostReport | None | str = DETECT, configs: Sequence[tuple[str, SampleConfig]] | None = None,
              timeout: float = DEFAULT_TIMEOUT_S,
              cancel: threading.Event | None = None) -> Generator[Progress, None, BenchmarkResult]:
    """Run the comparison in ``python`` (default this one): ``configs`` when given, else ``settings(host)``.

    ``host``: this machine's ``HostReport`` (None: unknown, so the CPU settings; ``DETECT``: read it first).
    Raises ``ConfigError`` for bad ``steps``."""
    if not timeout or timeout <= 0:
        raise ValueError("timeout must be a positive number of seconds")
    python = resolve_python(python)
    if configs is None:
        if host == DETECT:
            yield Progress("phase", data="host")
            host = detect_host()
        planned = settings(host, steps, cpu=cpu)  # type: ignore[arg-type]
    else:
        planned = list(configs)
    out = BenchmarkResult(python, planned, host=None if host == DETECT else host)  # type: ignore[arg-type]
    yield Progress("plan", data=[label for label, _ in planned])
    for i, (label, cfg) in enumerate(planned):
        if is_cancelled(cancel):
            break
        yield Progress("setting", tr(CTX, "Running: {label} ...").format(label=label), data=i)
        run = TargetRun(SAMPLE_SCRIPT, cfg.to_argv(), python=python, timeout=timeout)
        train = run_target(run, cancel)
        try:
            while True:
                try:
                    item = next(train)
                except StopIteration as stop:
                    result: TargetResult = stop.value
                    break
                yield item
                data = item.data if item.kind == "event" else {}
                if data.get("type") == "progress" and isinstance(data.get("step"), int):
                    yield Progress("step", done=data["step"], total=cfg.steps)
        finally:
            train.close()  # left early (Ctrl-C, the window closing): the run's own finally stops the sample
        row = row_for(label, cfg, result, cancelled=is_cancelled(cancel) and not result.ok)
        out.rows.append(row)
        yield Progress("row", data=row)
    out.cancelled = is_cancelled(cancel)
    return out


__all__ = ["BACKEND_NAMES", "CSV_FIELDS", "DETECT", "BenchmarkResult", "benchmark", "has_gpu", "recording_rows",
           "row_for", "row_status", "settings", "speedups", "write_csv"]
