"""One log file for the window and the CLI: standard ``logging`` to a rotating file.

A window started from a desktop menu has no console, so an exception nobody catches, a failed step or a
silent fallback must leave a trace a beginner can attach to a question ("Save a report for help").

API::

    log_dir()                 # platformdirs.user_log_path("tfgpu-wizard"); TFGPU_WIZARD_LOG_DIR overrides it,
                              # and with TFGPU_WIZARD_DATA set (tests, portable use) it is DATA/logs
    log_file()                # log_dir() / "tfgpu-wizard.log"
    setup_logging(kind)       # idempotent; kind "gui" or "cli" is written on every line
    install_excepthooks(show) # sys.excepthook and threading.excepthook log, then call show(text, log_file)

Only the standard library is used (plus platformdirs for the folder); nothing here may raise into the
caller: an unwritable log folder leaves logging to stderr.
"""

from __future__ import annotations

import logging
import logging.handlers
import os
import sys
import threading
import traceback
from collections.abc import Callable
from pathlib import Path

LOGGER = "tfgpu_wizard"
_MAX_BYTES = 1_000_000
_BACKUPS = 3
_handler: logging.Handler | None = None


class _QuietFileHandler(logging.handlers.RotatingFileHandler):
    """The rotating log file, silent when it cannot be written.

    Python's handler prints "--- Logging error --- Traceback ... OSError: [Errno 28]" on stderr for every record
    it could not write: with the log folder on a full disk, every command's output began with that block
    (drills-3, 7g). The log is a trace for helpers, not the output: a record that cannot be written is dropped,
    and ``failed`` says so."""

    failed = False

    def handleError(self, record: logging.LogRecord) -> None:  # noqa: N802 - logging's name
        self.failed = True


def log_dir() -> Path:
    override = os.environ.get("TFGPU_WIZARD_LOG_DIR")
    if override:
        return Path(override)
    data = os.environ.get("TFGPU_WIZARD_DATA")
    if data:
        return Path(data) / "logs"
    from platformdirs import user_log_path

    return user_log_path("tfgpu-wizard", appauthor=False)


def log_file() -> Path:
    return log_dir() / "tfgpu-wizard.log"


def setup_logging(kind: str = "cli", level: int = logging.INFO) -> Path | None:
    """Send the ``tfgpu_wizard`` loggers to the rotating file; returns the file, or None when it cannot be
    written (then nothing is logged to a file, and the caller goes on). Calling it again changes nothing."""
    global _handler
    logger = logging.getLogger(LOGGER)
    if _handler is not None and _handler in logger.handlers:
        return Path(getattr(_handler, "baseFilename", "")) or None
    path = log_file()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handler: logging.Handler = _QuietFileHandler(path, maxBytes=_MAX_BYTES, backupCount=_BACKUPS,
                                                     encoding="utf-8")
    except OSError:
        return None
    handler.setFormatter(
        logging.Formatter(f"%(asctime)s {kind}[%(process)d] %(levelname)s %(name)s: %(message)s")
    )
    logger.addHandler(handler)
    logger.setLevel(level)
    _handler = handler
    logger.info("started: %s (python %s)", " ".join(sys.argv[:3]), sys.version.split()[0])
    return path


def close_logging() -> None:
    """Detach and close the file handler (tests, and before a report zips the file on Windows)."""
    global _handler
    if _handler is not None:
        logging.getLogger(LOGGER).removeHandler(_handler)
        _handler.close()
        _handler = None


def format_exception(exc_type, exc, tb) -> str:
    return "".join(traceback.format_exception(exc_type, exc, tb))


def install_excepthooks(show: Callable[[str, Path], None] | None = None) -> None:
    """Log every uncaught exception (main thread and other threads), then tell the user through ``show``.

    ``show(text, log_file)`` runs on whatever thread raised; the GUI's version marshals to its own thread.
    A failing ``show`` is itself only logged, so a broken dialog cannot hide the original error.
    """
    log = logging.getLogger(LOGGER)

    def report(text: str) -> None:
        log.error("uncaught exception:\n%s", text)
        if show is not None:
            try:
                show(text, log_file())
            except Exception:  # noqa: BLE001 - the hook must never raise
                log.exception("could not show the error")

    def on_exception(exc_type, exc, tb) -> None:
        if issubclass(exc_type, KeyboardInterrupt):
            sys.__excepthook__(exc_type, exc, tb)
            return
        text = format_exception(exc_type, exc, tb)
        sys.stderr.write(text)
        report(text)

    def on_thread_exception(args: threading.ExceptHookArgs) -> None:
        if args.exc_type is SystemExit:
            return
        name = getattr(args.thread, "name", "?")
        text = f"in thread {name}:\n" + format_exception(args.exc_type, args.exc_value, args.exc_traceback)
        sys.stderr.write(text)
        report(text)

    sys.excepthook = on_exception
    threading.excepthook = on_thread_exception
