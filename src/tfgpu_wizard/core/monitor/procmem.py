"""The training process's resident memory (host RAM), for runs on the CPU where there is no GPU memory to
chart: the Monitor draws it on the memory axis, labelled as host RAM, and the run record keeps it (``rss``
on progress events, which ``core.monitor.compare`` reads)."""

from __future__ import annotations


def process_rss(pid: int) -> int | None:
    """Resident set size of ``pid`` in bytes (None: gone, not allowed, or psutil missing). Never raises."""
    try:
        import psutil

        return int(psutil.Process(pid).memory_info().rss)
    except Exception:  # noqa: BLE001 - a process that just ended, or no psutil: no number
        return None
