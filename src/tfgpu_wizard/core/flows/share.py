"""Share this machine, read-only: its GPUs' live snapshot and its latest doctor verdict, as an HTTP endpoint.

``tfgpu-wizard monitor --serve`` drives it. Three parts, each on its own thread, all stopped by ``stop()``:

- a sampler (``core.monitor.sampler``, NVML by default) taking a snapshot every ``interval`` seconds;
- the doctor (``core.setup.host.detect_host``: subprocesses with timeouts) at start and every ``doctor_every``
  seconds, whose report is served as ``/doctor.json`` (the classroom view words its verdict);
- the endpoint (``core.monitor.serve.MetricsServer``): loopback unless a token is given, see there.

This is *this* machine's doctor report being published; nothing read from other machines comes in here.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from tfgpu_wizard import __version__
from tfgpu_wizard.core.monitor import sampler as sm
from tfgpu_wizard.core.monitor.serve import DEFAULT_HOST, DEFAULT_PORT, MetricsServer, check_bind

DOCTOR_EVERY_S = 600.0


class Share:
    """This machine's endpoint. ``source``: where snapshots come from (default NVML; a ``ReplaySource`` plays a
    recording, for a machine without a GPU and for the tests); ``detect``: the doctor (default
    ``detect_host``), None to serve no doctor report."""

    def __init__(self, *, host: str = DEFAULT_HOST, port: int = DEFAULT_PORT, token: str | None = None,
                 interval: float = 1.0, source: sm.Source | None = None,
                 detect: Callable[[], Any] | None | str = "default", doctor_every: float = DOCTOR_EVERY_S):
        check_bind(host, token)  # before anything starts: a refused address leaves nothing behind
        self.sampler = sm.Sampler(source, interval=interval, history_s=max(60.0, interval * 10),
                                  name="tfgpu-share-sampler")
        self.server = MetricsServer(self._snapshot, host=host, port=port, token=token, version=__version__,
                                    refresh_s=interval, doctor=self._doctor_json)
        if detect == "default":
            from tfgpu_wizard.core.setup.host import detect_host

            detect = detect_host
        self._detect = detect if callable(detect) else None
        self.doctor_every = float(doctor_every)
        self.report: Any = None  # the latest HostReport
        self.doctor_error = ""
        self._doctor_bytes: bytes | None = None
        self._stop = threading.Event()
        self._doctor_thread: threading.Thread | None = None

    @property
    def url(self) -> str:
        return self.server.url

    def _snapshot(self):
        tick = self.sampler.last_tick
        return self.sampler.devices, (tick.snapshots if tick is not None else ())

    def _doctor_json(self) -> bytes | None:
        return self._doctor_bytes

    def _doctor_loop(self) -> None:
        while not self._stop.is_set():
            try:
                report = self._detect()  # type: ignore[misc]
                self.report = report
                self._doctor_bytes = report.to_json().encode("utf-8")
                self.doctor_error = ""
            except Exception as exc:  # noqa: BLE001 - the metrics go on without a doctor report
                self.doctor_error = f"{type(exc).__name__}: {exc}"
            if self._stop.wait(self.doctor_every):
                return

    def start(self) -> str:
        """Start sampling, the doctor and the endpoint; returns the endpoint's URL. Raises OSError when the
        address cannot be bound (in use, not this machine's), after stopping what had started."""
        self.sampler.start()
        try:
            self.server.start()
        except BaseException:
            self.sampler.stop()
            raise
        if self._detect is not None:
            self._doctor_thread = threading.Thread(target=self._doctor_loop, name="tfgpu-share-doctor",
                                                   daemon=True)
            self._doctor_thread.start()
        return self.url

    def wait_doctor(self, timeout: float) -> bool:
        """Wait until the first doctor report is there (or failed); True when there is one."""
        end = threading.Event()
        for _ in range(int(timeout / 0.05) + 1):
            if self._doctor_bytes is not None or self.doctor_error or self._detect is None:
                break
            end.wait(0.05)
        return self._doctor_bytes is not None

    def stop(self) -> None:
        self._stop.set()
        self.server.stop()
        self.sampler.stop()
        if self._doctor_thread is not None:
            # detect_host's own timeouts bound this; a doctor still running is a daemon that ends with it
            self._doctor_thread.join(30.0)

    def __enter__(self) -> Share:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()
