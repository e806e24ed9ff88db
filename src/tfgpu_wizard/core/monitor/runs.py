"""Run records: the sample's configuration + its JSON event stream + GPU snapshots, on one time axis.

A run is one JSON-lines file ``<run_id>.run.jsonl`` under ``runs_dir()`` (= ``user_data_dir()/runs``),
written as it happens: every line is handed to the OS as soon as it exists, so a crash or ``kill -9``
loses at most the line being written (the reader tolerates and reports a truncated last line).
Format: docs/run-format.md, schema: resources/schemas/run-record.schema.json. Bundled recordings
(``resources/recordings/*.run.jsonl``) use the same format; :class:`sampler.ReplaySource` plays them.

API (stable)::

    from tfgpu_wizard.core.monitor import runs

    rec = runs.RunRecorder(config={...}, devices=sampler.devices, label="...", root=None)
    rec.attach(sampler)              # every sampler Tick becomes a "tick" line
    rec.add_event(event_dict)        # the sample's JSON events (uses event["recv_t"], monotonic, if present)
    rec.add_note(code, message, data=None)
    rec.close(status="finished", exit_code=0, memory=None)   # "finished" | "failed" | "stopped" | "gpu-lost"
    rec.path, rec.run_id, rec.write_problem     # write_problem: None, or an English message (disk full ...)
    rec.save_to(other_path)          # after a write problem: everything (disk part + memory part) elsewhere

    record = runs.read_run(path)     # RunRecord; raises RunFileError (clear message) if not a run file
    record.ticks   -> list[(t, list[GpuSnapshot])]   # t in seconds from the run's start
    record.events  -> list[(t, dict)]
    record.problems -> list[str]     # e.g. truncated last line; corrupt lines skipped
    record.to_csv(path)
    runs.list_runs() -> list[RunSummary]; runs.find_run(id_or_prefix_or_path) -> Path
    runs.delete_run(id) ; runs.bundled_recordings() -> list[Path]
"""

from __future__ import annotations

import csv
import glob
import json
import math
import os
import secrets
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Protocol

from tfgpu_wizard.core.i18n import tr
from tfgpu_wizard.core.monitor.snapshot import MIB, DeviceInfo, GpuSnapshot, Tick

try:
    import fcntl
except ImportError:  # Windows: live runs are listed as "incomplete"
    fcntl = None  # type: ignore[assignment]
from tfgpu_wizard.core.paths import resources_dir, user_data_dir


class TickFeed(Protocol):
    """What a recorder attaches to (a ``core.monitor.sampler.Sampler``): runs never import the sampler."""

    def subscribe(self, fn: Callable[[Tick], None]) -> Callable[[], None]: ...


FORMAT = "tfgpu-wizard-run"
FORMAT_VERSION = 1
SUFFIX = ".run.jsonl"
RETRY_WRITE_S = 5.0  # after a write error, try the disk again this often


class RunFileError(Exception):
    """A run file that cannot be read at all (missing, not a run, newer format). The message says which."""


def runs_dir() -> Path:
    return user_data_dir() / "runs"


def new_run_id() -> str:
    return time.strftime("%Y%m%d-%H%M%S") + "-" + secrets.token_hex(2)


def _now_iso() -> str:
    return datetime.now(timezone.utc).astimezone().isoformat(timespec="seconds")


def _dumps(obj: Any) -> bytes:
    return (json.dumps(obj, ensure_ascii=False, separators=(",", ":"), allow_nan=False) + "\n").encode("utf-8")


def _clean(value: Any) -> Any:
    """JSON-safe copy: NaN/inf become None, unknown objects become strings."""
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, Mapping):
        return {str(k): _clean(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_clean(v) for v in value]
    if value is None or isinstance(value, (str, int, bool)):
        return value
    return str(value)


# -- writing ----------------------------------------------------------------------------------


class RunRecorder:
    """Writes one run as it happens. Thread-safe (ticks come from the sampler thread, events from the runner)."""

    def __init__(
        self,
        config: Mapping[str, Any] | None = None,
        devices: Sequence[DeviceInfo] = (),
        *,
        label: str = "",
        recorded_on: str = "",
        root: Path | None = None,
        path: Path | None = None,
        run_id: str | None = None,
        t0: float | None = None,
        interval: float | None = None,
        source: str = "",
        extra: Mapping[str, Any] | None = None,
    ):
        self.run_id = run_id or new_run_id()
        self.t0 = time.monotonic() if t0 is None else t0
        if path is None:
            path = (root if root is not None else runs_dir()) / f"{self.run_id}{SUFFIX}"
        self.path = Path(path)
        self.write_problem: str | None = None
        self.lines_written = 0
        self.closed = False
        self._lock = threading.Lock()
        self._pending: list[bytes] = []  # lines not on disk yet (after a write problem)
        self._partial = False  # a failed write may have left half a line on disk
        self._good_size = 0  # bytes of whole lines on disk: a half line past it is cut off again
        self._next_retry = 0.0
        self._fh: Any = None
        self._unsubscribe: Callable[[], None] | None = None
        header: dict[str, Any] = {
            "type": "header",
            "format": FORMAT,
            "version": FORMAT_VERSION,
            "run_id": self.run_id,
            "created": _now_iso(),
            "label": label,
            "config": _clean(dict(config or {})),
            "devices": [d.to_dict() for d in devices],
        }
        if recorded_on:
            header["recorded_on"] = recorded_on
        if interval is not None:
            header["interval"] = interval
        if source:
            header["source"] = source
        if extra:
            header.update(_clean(dict(extra)))
        self.header = header
        try:
            self._open()
        except OSError as exc:
            self._fail(exc)
        self._write(_dumps(header))

    # public

    def rel(self, t: float) -> float:
        return round(t - self.t0, 4)

    def attach(self, sampler: TickFeed) -> None:
        """Record every tick of ``sampler`` until close()."""
        self._unsubscribe = sampler.subscribe(self.add_tick)

    def add_tick(self, tick: Tick) -> None:
        self._write(_dumps({"type": "tick", "t": self.rel(tick.t), "gpus": [_clean(s.to_dict()) for s in tick.snapshots]}))

    def add_event(self, event: Any, t: float | None = None) -> None:
        """One event of the sample: a dict, or a core.target.runner.Event (its ``data`` and ``recv_t``)."""
        recv = getattr(event, "recv_t", None)
        data = getattr(event, "data", None)
        if isinstance(data, Mapping):
            event = data
        elif not isinstance(event, Mapping):
            event = {"value": event}
        if recv is None:
            recv = event.get("recv_t")
        if t is None:
            t = float(recv) if isinstance(recv, (int, float)) else time.monotonic()
        self._write(_dumps({"type": "event", "t": self.rel(t), "event": _clean(dict(event))}))

    def add_note(self, code: str, message: str, t: float | None = None,
                 data: Mapping[str, Any] | None = None) -> None:
        """A note; ``data`` adds fields to the line (e.g. ``tf-pool``'s ``pool_mb``)."""
        t = time.monotonic() if t is None else t
        line: dict[str, Any] = {"type": "note", "t": self.rel(t), "code": code, "message": message}
        if data:
            line.update({k: v for k, v in _clean(dict(data)).items() if k not in line})
        self._write(_dumps(line))

    def close(self, status: str = "finished", exit_code: int | None = None, detail: str = "",
              memory: Mapping[str, Any] | None = None) -> None:
        """The end line. ``memory``: the prediction's score (core.flows.predict.Score.to_dict()), when known."""
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None
        if self.closed:
            return
        end: dict[str, Any] = {"type": "end", "t": self.rel(time.monotonic()), "status": status}
        if exit_code is not None:
            end["exit_code"] = exit_code
        if detail:
            end["detail"] = detail
        if memory:
            end["memory"] = _clean(dict(memory))
        self._write(_dumps(end), force_retry=True)
        with self._lock:
            self.closed = True
            if self._fh is not None:
                try:
                    self._fh.close()
                except OSError:
                    pass
                self._fh = None

    def pending_lines(self) -> int:
        with self._lock:
            return len(self._pending)

    def save_to(self, other: Path) -> None:
        """Write the whole run (what reached the disk + what is only in memory) to ``other``. Raises OSError.

        The copy holds whole lines only (a line the full disk cut is in memory in full), and once it is
        written the incomplete file in the run folder goes: ``runs list`` / ``runs show <id>`` found that stub
        (empty or cut) under the same id as the whole run (drills-3, 7g and N6)."""
        with self._lock:
            on_disk = b""
            if self.lines_written:
                try:
                    with open(self.path, "rb") as fh:
                        on_disk = fh.read(self._good_size)
                except OSError:
                    on_disk = b""
            if not on_disk.endswith(b"\n"):
                on_disk = on_disk[: on_disk.rfind(b"\n") + 1]  # whole lines only
            # the header is the first line ever written, so it is on disk or first in memory
            pending = list(self._pending) if on_disk else [_dumps(self.header)] + [
                line for line in self._pending if not line.startswith(b'{"type":"header"')]
            other = Path(other)
            other.parent.mkdir(parents=True, exist_ok=True)
            with open(other, "wb") as fh:
                fh.write(on_disk)
                for line in pending:
                    fh.write(line)
                fh.flush()
                os.fsync(fh.fileno())
            try:
                if self.path.exists() and not self.path.samefile(other):
                    self.path.unlink()
            except OSError:
                pass  # a read-only run folder: nothing was written there either

    # internals

    def _open(self) -> None:
        """Open the file for appending, holding an exclusive ``flock`` on it while the run lasts: ``runs list``
        tells a live run ("running") from one whose writer died ("incomplete") by that lock (POSIX)."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._fh = open(self.path, "ab", buffering=0)  # noqa: SIM115 - kept open for the run
        self._good_size = os.fstat(self._fh.fileno()).st_size
        if fcntl is not None:
            try:
                fcntl.flock(self._fh.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                pass  # a file system without locks: the run is listed as "incomplete" until it ends

    def _fail(self, exc: OSError) -> None:
        import errno

        if exc.errno in (errno.ENOSPC, errno.EDQUOT if hasattr(errno, "EDQUOT") else errno.ENOSPC):
            msg = tr("monitor", "The disk is full: the run is kept in memory until there is room ({path}).")
        elif isinstance(exc, PermissionError) or exc.errno in (errno.EACCES, errno.EROFS, errno.EPERM):
            msg = tr("monitor", "The run folder cannot be written: the run is kept in memory ({path}).")
        else:
            msg = tr("monitor", "Writing the run failed: the run is kept in memory ({path}).")
        self.write_problem = msg.format(path=self.path) + f" [{exc.strerror or exc}]"
        self._next_retry = time.monotonic() + RETRY_WRITE_S

    def _write(self, line: bytes, force_retry: bool = False) -> None:
        with self._lock:
            if self.closed:
                return
            if self.write_problem is not None:
                self._pending.append(line)
                if force_retry or time.monotonic() >= self._next_retry:
                    self._retry()
                return
            if not self._write_raw(line):
                self._pending.append(line)

    def _write_raw(self, line: bytes) -> bool:
        """Hand one line to the OS. False (and write_problem set) if it did not all go."""
        if self._fh is None:
            try:
                self._open()
            except OSError as exc:
                self._fail(exc)
                return False
        try:
            if self._partial and not self._cut_half_line():
                self._fh.write(b"\n")  # end the half line a failed write left, so later lines stay whole
                self._good_size = os.fstat(self._fh.fileno()).st_size
            self._partial = False
            view = memoryview(line)
            done = 0
            while done < len(view):
                n = self._fh.write(view[done:])
                if not n:
                    raise OSError(28, os.strerror(28))
                done += n
        except OSError as exc:
            self._partial = not self._cut_half_line()
            self._fail(exc)
            return False
        self.lines_written += 1
        self._good_size += len(line)
        return True

    def _cut_half_line(self) -> bool:
        """Cut what a failed write left past the last whole line (True when the file ends with whole lines)."""
        try:
            os.ftruncate(self._fh.fileno(), self._good_size)
        except (OSError, AttributeError, ValueError):
            return False
        return True

    def _retry(self) -> None:
        while self._pending:
            if not self._write_raw(self._pending[0]):
                return
            self._pending.pop(0)
        self.write_problem = None


# -- reading ----------------------------------------------------------------------------------


@dataclass
class RunRecord:
    path: Path
    header: dict[str, Any]
    ticks: list[tuple[float, list[GpuSnapshot]]] = field(default_factory=list)
    events: list[tuple[float, dict[str, Any]]] = field(default_factory=list)
    notes: list[dict[str, Any]] = field(default_factory=list)
    end: dict[str, Any] | None = None
    problems: list[str] = field(default_factory=list)  # English; shown to the user
    truncated: bool = False

    @property
    def run_id(self) -> str:
        return str(self.header.get("run_id", self.path.name.removesuffix(SUFFIX)))

    @property
    def config(self) -> dict[str, Any]:
        cfg = self.header.get("config")
        return cfg if isinstance(cfg, dict) else {}

    @property
    def devices(self) -> list[DeviceInfo]:
        out = []
        for d in self.header.get("devices") or ():
            try:
                out.append(DeviceInfo.from_dict(d))
            except Exception:  # noqa: BLE001 - a damaged device entry in the header is left out
                continue
        if not out and self.ticks:
            out = [DeviceInfo(s.gpu, f"GPU {s.gpu}", "") for s in self.ticks[0][1]]
        return out

    @property
    def status(self) -> str:
        if self.end is None:
            return "incomplete"
        return str(self.end.get("status", "finished"))

    @property
    def duration(self) -> float:
        ts = [t for t, _ in self.ticks] + [t for t, _ in self.events]
        if self.end and isinstance(self.end.get("t"), (int, float)):
            ts.append(float(self.end["t"]))
        return max(ts) if ts else 0.0

    def series(self, gpu: int, name: str) -> tuple[list[float], list[float | None]]:
        """Times and values of one snapshot field for one GPU (memory in bytes)."""
        ts: list[float] = []
        vs: list[float | None] = []
        for t, snaps in self.ticks:
            for s in snaps:
                if s.gpu == gpu:
                    ts.append(t)
                    vs.append(getattr(s, name))
        return ts, vs

    def peak(self, gpu: int, name: str = "mem_used") -> int | None:
        vals = [v for v in self.series(gpu, name)[1] if v is not None]
        return int(max(vals)) if vals else None

    def to_csv(self, out: Path) -> int:
        """Write samples and events on one time axis; returns the number of rows. Raises OSError."""
        return write_csv(self, out)


def read_run(path: Path | str) -> RunRecord:
    """Read a run file back. Corrupt lines are skipped and reported; a truncated last line is tolerated."""
    path = Path(path)
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise RunFileError(tr("monitor", "No run file at {path}.").format(path=path)) from None
    except OSError as exc:
        raise RunFileError(tr("monitor", "Cannot read {path}: {error}").format(path=path, error=exc.strerror or exc)) from None
    lines = data.split(b"\n")
    last_complete = data.endswith(b"\n")
    record: RunRecord | None = None
    bad = 0
    first_bad = 0
    for n, raw in enumerate(lines, 1):
        if not raw.strip():
            continue
        is_last = n == len(lines)
        try:
            obj = json.loads(raw.decode("utf-8"))
            if not isinstance(obj, dict):
                raise ValueError("not an object")
        except (ValueError, UnicodeDecodeError, RecursionError, MemoryError):  # deep nesting: RecursionError
            if is_last and not last_complete and record is not None:
                record.truncated = True
                record.problems.append(
                    tr("monitor", "The last line was cut off (the run was interrupted while writing); "
                       "everything before it was read.")
                )
            elif record is None:
                raise RunFileError(
                    tr("monitor", "{path} is not a tfgpu-wizard run file (its first line is not a run header).")
                    .format(path=path)
                ) from None
            else:
                bad += 1
                first_bad = first_bad or n
            continue
        kind = obj.get("type")
        if record is None:
            if kind != "header" or obj.get("format") != FORMAT:
                raise RunFileError(
                    tr("monitor", "{path} is not a tfgpu-wizard run file (its first line is not a run header).")
                    .format(path=path)
                )
            version = obj.get("version")
            if not isinstance(version, int) or version > FORMAT_VERSION:
                raise RunFileError(
                    tr("monitor", "{path} was written by a newer tfgpu-wizard (run format {version}).")
                    .format(path=path, version=version)
                )
            record = RunRecord(path=path, header=obj)
            continue
        t = obj.get("t")
        if not isinstance(t, (int, float)):
            bad += 1
            first_bad = first_bad or n
            continue
        try:
            if kind == "tick":
                gpus = obj.get("gpus") or ()
                if not isinstance(gpus, list) or not all(isinstance(g, dict) for g in gpus):
                    raise TypeError("a tick's gpus must be a list of objects")  # e.g. "gpus": [null]
                snaps = [GpuSnapshot.from_dict(float(t), g) for g in gpus]
                record.ticks.append((float(t), snaps))
            elif kind == "event":
                ev = obj.get("event")
                record.events.append((float(t), ev if isinstance(ev, dict) else {"value": ev}))
            elif kind == "note":
                record.notes.append(obj)
            elif kind == "end":
                record.end = obj
            # unknown line types from newer minor versions are skipped silently
        except Exception:  # noqa: BLE001 - a damaged line, whatever it holds, is skipped and counted
            bad += 1
            first_bad = first_bad or n
    if record is None:
        raise RunFileError(tr("monitor", "{path} is empty: no run was recorded in it.").format(path=path))
    if bad:
        record.problems.append(
            tr("monitor", "{count} damaged line(s) were skipped (first at line {line}).").format(
                count=bad, line=first_bad)
        )
    if record.end is None:
        record.problems.append(
            tr("monitor", "The run has no end mark: it was still running, or the app was killed.")
        )
    return record


# -- CSV --------------------------------------------------------------------------------------

_CSV_SAMPLE_COLS = [
    ("mem_used_mib", "mem_used"), ("mem_reserved_mib", "mem_reserved"), ("mem_total_mib", "mem_total"),
    ("mem_free_mib", "mem_free"), ("pid_mem_mib", "pid_mem"), ("others_mem_mib", "others_mem"),
    ("util_gpu_pct", "util_gpu"), ("util_mem_pct", "util_mem"), ("power_w", "power_w"), ("temp_c", "temp_c"),
]
MAX_EVENT_COLUMNS = 24


def _sample_cells(s: GpuSnapshot) -> list[str]:
    vals = []
    for _, name in _CSV_SAMPLE_COLS:
        v = getattr(s, name)
        if v is None:
            vals.append("")
        elif name.startswith("mem") or name in ("pid_mem", "others_mem"):
            vals.append(f"{v / MIB:.1f}")
        else:
            vals.append(f"{v:g}")
    return vals


class GpuCsvWriter:
    """The one CSV format for GPU data: ``runs export --csv``, ``monitor --csv`` (streamed) and run files.

    Columns: ``t_s``, ``kind`` (gpu | event), ``gpu``, the sample columns (memory in MiB, utilization in %,
    power in W, temperature in deg C), ``status``, ``gpu_name``, ``event``, then the events' scalar fields
    (``event_keys``). ``fh`` is a text file opened with ``newline=""``; ``header=False`` when appending to a
    file that has one; ``names`` maps a GPU index to its name.
    """

    def __init__(self, fh: Any, event_keys: Sequence[str] = (), header: bool = True,
                 names: Mapping[int, str] | None = None) -> None:
        self._w = csv.writer(fh)
        self.keys = list(event_keys)
        self.names = dict(names or {})
        if header:
            self._w.writerow(self.header())

    def header(self) -> list[str]:
        return ["t_s", "kind", "gpu"] + [c for c, _ in _CSV_SAMPLE_COLS] + ["status", "gpu_name", "event"] + self.keys

    def sample(self, t: float, s: GpuSnapshot) -> None:
        self._w.writerow([f"{t:.4f}", "gpu", s.gpu, *_sample_cells(s), s.status, self.names.get(s.gpu, ""), ""]
                         + [""] * len(self.keys))

    def event(self, t: float, ev: Mapping[str, Any]) -> None:
        name = ev.get("event", ev.get("type", ""))
        extra = [ev.get(k, "") if not isinstance(ev.get(k), bool) else str(ev[k]).lower() for k in self.keys]
        self._w.writerow([f"{t:.4f}", "event", ""] + [""] * len(_CSV_SAMPLE_COLS) + ["", "", name] + extra)


def write_csv(record: RunRecord, out: Path) -> int:
    """One row per GPU sample and one per event, sorted by time (spreadsheet-friendly)."""
    keys: list[str] = []
    for _, ev in record.events:
        for k, v in ev.items():
            if k not in keys and k not in ("type", "event", "recv_t") and isinstance(v, (int, float, str, bool)):
                if len(keys) < MAX_EVENT_COLUMNS:
                    keys.append(k)
    rows: list[tuple[float, int, Any]] = []
    for t, snaps in record.ticks:
        for s in snaps:
            rows.append((t, 0, s))
    for t, ev in record.events:
        rows.append((t, 1, ev))
    rows.sort(key=lambda r: (r[0], r[1]))
    import io

    from tfgpu_wizard.core import safe_io

    buf = io.StringIO(newline="")
    w = GpuCsvWriter(buf, keys, names={d.index: d.name for d in record.devices})
    for t, kind, item in rows:
        if kind == 0:
            w.sample(t, item)
        else:
            w.event(t, item)
    # a user-named path: atomic for a file, through a symlink, never a device replaced (OSError with a sentence)
    safe_io.write_text(out, buf.getvalue())
    return len(rows)


# -- listing ----------------------------------------------------------------------------------


@dataclass
class RunSummary:
    run_id: str
    path: Path
    created: str
    label: str
    status: str  # finished | failed | stopped | gpu-lost | incomplete | unreadable
    duration_s: float | None
    gpus: list[str]
    size_bytes: int
    problem: str = ""


def summarize(path: Path) -> RunSummary:
    """Header and end mark only (reads the first line and the file's tail), for fast listing."""
    size = path.stat().st_size if path.exists() else 0
    run_id = path.name.removesuffix(SUFFIX)
    try:
        with open(path, "rb") as fh:
            first = fh.readline()
            fh.seek(max(0, size - 65536))
            tail = fh.read()
        header = json.loads(first.decode("utf-8"))
        if not isinstance(header, dict) or header.get("format") != FORMAT:
            raise ValueError("not a run header")
        version = header.get("version")
        if not isinstance(version, int) or isinstance(version, bool) or version > FORMAT_VERSION:
            # `runs show` refuses it too: it was listed as "finished" (drills-3, 5e)
            raise ValueError(tr("monitor", "{path} was written by a newer tfgpu-wizard (run format {version}).")
                             .format(path=path.name, version=version))
    except (OSError, ValueError, UnicodeDecodeError, RecursionError) as exc:
        return RunSummary(run_id, path, "", "", "unreadable", None, [], size, problem=str(exc))
    status, duration = "incomplete", None
    last_t = None
    for raw in reversed(tail.split(b"\n")):
        try:
            obj = json.loads(raw.decode("utf-8"))
        except (ValueError, UnicodeDecodeError, RecursionError):
            continue
        if not isinstance(obj, dict):
            continue
        if last_t is None and isinstance(obj.get("t"), (int, float)):
            last_t = float(obj["t"])
        if obj.get("type") == "end":
            status = str(obj.get("status", "finished"))
            break
    duration = last_t
    if status == "incomplete" and _being_written(path):
        status = "running"  # a recorder holds the file: not a run that was cut off (drills-3, 9b)
    gpus = [str(d.get("name", "")) for d in header.get("devices") or () if isinstance(d, dict)]
    return RunSummary(str(header.get("run_id", run_id)), path, str(header.get("created", "")),
                      str(header.get("label", "")), status, duration, gpus, size)


def _being_written(path: Path) -> bool:
    """A live recorder holds the file's lock (RunRecorder._open); a dead one's lock went with its process."""
    if fcntl is None:
        return False
    try:
        with open(path, "rb") as fh:
            try:
                fcntl.flock(fh.fileno(), fcntl.LOCK_SH | fcntl.LOCK_NB)
            except BlockingIOError:
                return True
            except OSError:
                return False
            fcntl.flock(fh.fileno(), fcntl.LOCK_UN)
    except OSError:
        return False
    return False


def list_runs(root: Path | None = None) -> list[RunSummary]:
    """Past runs, newest first."""
    folder = root if root is not None else runs_dir()
    if not folder.is_dir():
        return []
    out = [summarize(p) for p in folder.glob(f"*{SUFFIX}")]
    out.sort(key=lambda s: (s.created, s.run_id), reverse=True)
    return out


TF_DEMO_PREFIX = "sample-tf-"
FIRST_DEMO = "sample-tf-resnet20-fp32-default"


def bundled_recordings() -> list[Path]:
    """The labelled real recordings shipped with the app (replay them with sampler.ReplaySource)."""
    folder = resources_dir() / "recordings"
    if not folder.is_dir():
        return []
    # TensorFlow's own runs first (what the app is about), the default-mode one at the very top; JAX and
    # PyTorch recordings follow as comparisons.
    return sorted(folder.glob(f"*{SUFFIX}"),
                  key=lambda p: (not p.name.startswith(TF_DEMO_PREFIX), p.name != FIRST_DEMO + SUFFIX, p.name))


def _has_run_header(path: Path) -> bool:
    """The file's first line is a run header (any format version: ``read_run`` says when it is too new)."""
    try:
        with open(path, "rb") as fh:
            first = fh.readline(4 << 20)
        header = json.loads(first.decode("utf-8"))
    except (OSError, ValueError, UnicodeDecodeError, RecursionError):
        return False
    return isinstance(header, dict) and header.get("format") == FORMAT


def find_run(ref: str, root: Path | None = None) -> Path:
    """A run by id, unique id prefix, bundled recording name, or file path. Raises RunFileError.

    A reference with a folder in it (``/tmp``, ``./x``, ``~/run``) is a path and only a path: a regular file
    is returned (``read_run`` says whether it is a run), anything else is an error in words. Ids are looked
    up by file name first, then by the id in the header (``runs list`` shows that one, also for a copied
    file)."""
    p = Path(os.path.expanduser(ref))
    seps = [s for s in (os.sep, os.altsep) if s]
    as_path = p.is_absolute() or any(s in ref for s in seps) or ref.startswith(("~", "."))
    not_a_run = tr("monitor", "{path} is not a tfgpu-wizard run file (its first line is not a run header).")
    if (p.suffix or as_path) and p.is_file():
        if not _has_run_header(p):  # `report --run /etc/passwd` would have put that file into the help zip
            raise RunFileError(not_a_run.format(path=ref))
        return p
    if as_path:
        if p.is_dir():
            raise RunFileError(tr("monitor", "{path} is a folder, not a run file.").format(path=ref))
        if p.exists():
            raise RunFileError(not_a_run.format(path=ref))
        raise RunFileError(tr("monitor", "No run file at {path}.").format(path=ref))
    folder = root if root is not None else runs_dir()
    candidates = sorted(folder.glob(f"{glob.escape(ref)}*{SUFFIX}")) if folder.is_dir() and ref else []
    if not candidates and ref and folder.is_dir():
        ids = [(s.run_id, s.path) for s in list_runs(folder) if s.status != "unreadable"]
        exact = [path for run_id, path in ids if run_id == ref]
        candidates = exact or [path for run_id, path in ids if run_id.startswith(ref)]
    if not candidates:
        candidates = [b for b in bundled_recordings() if b.name.startswith(ref)]
    if len(candidates) == 1:
        return candidates[0]
    if not candidates:
        raise RunFileError(tr("monitor", "No run matches '{ref}'. See: tfgpu-wizard runs list").format(ref=ref))
    raise RunFileError(
        tr("monitor", "'{ref}' matches {count} runs; give more of the id.").format(ref=ref, count=len(candidates))
    )


def delete_run(ref: str, root: Path | None = None) -> Path:
    """Delete one of the user's runs (never a bundled recording). Returns the deleted path."""
    path = find_run(ref, root)
    folder = (root if root is not None else runs_dir()).resolve()
    if path.resolve().parent != folder:
        raise RunFileError(tr("monitor", "Only runs in {folder} can be deleted.").format(folder=folder))
    path.unlink()
    return path
