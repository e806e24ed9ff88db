"""This machine's GPU snapshot as a read-only HTTP endpoint in the Prometheus text format.

``tfgpu-wizard monitor --serve`` runs it (through ``core.flows.share``): the classroom view of another machine,
a Prometheus server or plain ``curl`` read it. What it serves:

``GET /metrics``      the latest snapshot of every GPU (``tfgpu_gpu_memory_used_bytes{gpu,uuid,name,hostname}``,
                      ``..._total_bytes``, ``..._free_bytes``, ``..._reserved_bytes``, ``tfgpu_gpu_utilization_percent``,
                      ``tfgpu_gpu_memory_utilization_percent``, ``tfgpu_gpu_power_watts``,
                      ``tfgpu_gpu_temperature_celsius``), ``tfgpu_refresh_interval_seconds`` (how often the values
                      change: a client never needs to come faster) and ``tfgpu_info{hostname,version}``. Written by
                      prometheus_client's exposition code (``generate_latest``), not by hand.
``GET /doctor.json``  the latest doctor report of this machine (404 until there is one)
``GET /``             a short index

Nothing else: other paths are 404, other methods 501 (the standard library's answer); nothing is ever written.

Safety: the server binds to 127.0.0.1 unless told otherwise (and then answers only requests whose Host header
names loopback, against DNS rebinding from a web page in this machine's browser). Any other address needs a token (at least
:data:`MIN_TOKEN_CHARS` characters): :func:`check_bind` refuses to start without one. When a token is set, every
request must carry ``Authorization: Bearer <token>`` (what Prometheus sends with ``authorization: credentials``);
it is compared with ``hmac.compare_digest``. Each connection has a socket timeout, and at most
:data:`MAX_CLIENTS` are served at once (more are closed at once), so a slow or greedy client cannot tie it up.
"""

from __future__ import annotations

import hmac
import ipaddress
import socket
import threading
from collections.abc import Callable, Iterator, Sequence
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

# Imported here, not in the request threads (a first import from two threads at once can see it half made).
from prometheus_client.core import CollectorRegistry, GaugeMetricFamily
from prometheus_client.exposition import generate_latest

from tfgpu_wizard.core.i18n import tr
from tfgpu_wizard.core.monitor.remote import APP_INFO, APP_METRICS, APP_REFRESH, TOKEN_ENV
from tfgpu_wizard.core.monitor.snapshot import DeviceInfo, GpuSnapshot

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 9480
MIN_TOKEN_CHARS = 16
MAX_CLIENTS = 16
CONNECTION_TIMEOUT_S = 5.0
CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"
CTX = "remote"

# snapshot field -> the app's metric name (remote.APP_METRICS, read the other way) and its help text
_HELP = {
    "used": "GPU memory in use (NVML), bytes",
    "free": "GPU memory free, bytes",
    "reserved": "GPU memory reserved by the driver (NVML v2), bytes",
    "total": "GPU memory size, bytes",
    "util_gpu": "time a kernel ran, percent",
    "util_mem": "time device memory was read or written, percent",
    "power_w": "power draw, watts",
    "temp_c": "GPU temperature, degrees Celsius",
}
_FIELDS = {"used": "mem_used", "free": "mem_free", "reserved": "mem_reserved", "total": "mem_total",
           "util_gpu": "util_gpu", "util_mem": "util_mem", "power_w": "power_w", "temp_c": "temp_c"}

Snapshot = Callable[[], "tuple[Sequence[DeviceInfo], Sequence[GpuSnapshot]]"]


class BindRefused(ValueError):
    """The server would listen beyond this machine without a (long enough) token; the message says what to do."""


def is_loopback(host: str) -> bool:
    """127.0.0.0/8, ::1 and "localhost"; "" (every interface) is not."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def check_bind(host: str, token: str | None) -> None:
    """Raise :class:`BindRefused` unless ``host`` is a loopback address or a token of
    :data:`MIN_TOKEN_CHARS` characters or more is set."""
    if token is not None and len(token) < MIN_TOKEN_CHARS:
        raise BindRefused(tr(CTX, "The token is too short: use at least {n} characters (for example the output "
                                  "of: python -c \"import secrets; print(secrets.token_urlsafe())\").").format(
            n=MIN_TOKEN_CHARS))
    if not is_loopback(host) and not token:
        raise BindRefused(tr(CTX, "Serving on {host} lets other machines read this one, so it needs a token: put "
                                  "one in a file and give --token-file FILE, or set {env}. Without --bind the "
                                  "server listens on 127.0.0.1 only.").format(host=host, env=TOKEN_ENV))


def exposition(devices: Sequence[DeviceInfo], snapshots: Sequence[GpuSnapshot], *, hostname: str, version: str,
               refresh_s: float) -> bytes:
    """The /metrics body for these snapshots (prometheus_client's text exposition)."""
    names = {d.index: d for d in devices}

    class _Collector:
        def collect(self) -> Iterator[Any]:
            info = GaugeMetricFamily(APP_INFO, "tfgpu-wizard's endpoint (doctor report: /doctor.json)",
                                     labels=["hostname", "version"])
            info.add_metric([hostname, version], 1)
            yield info
            yield GaugeMetricFamily(APP_REFRESH, "seconds between two new values of this endpoint", value=refresh_s)
            for metric, (attr, _factor) in APP_METRICS.items():
                fam = GaugeMetricFamily(metric, _HELP[attr], labels=["gpu", "uuid", "name", "hostname"])
                for s in snapshots:
                    value = getattr(s, _FIELDS[attr])
                    if value is None:
                        continue
                    d = names.get(s.gpu)
                    fam.add_metric([str(s.gpu), d.uuid if d else "", d.name if d else f"GPU {s.gpu}", hostname],
                                   float(value))
                yield fam

    registry = CollectorRegistry(auto_describe=False)
    registry.register(_Collector())  # type: ignore[arg-type]
    return generate_latest(registry)


class _Server(ThreadingHTTPServer):
    daemon_threads = False  # request threads are joined by server_close(): nothing outlives stop()
    block_on_close = True
    allow_reuse_address = True

    def __init__(self, address: tuple[str, int], app: MetricsServer, family: int):
        self.address_family = family
        self.app = app
        self._slots = threading.BoundedSemaphore(MAX_CLIENTS)
        super().__init__(address, _Handler)

    def process_request(self, request: Any, client_address: Any) -> None:
        if not self._slots.acquire(blocking=False):
            self.shutdown_request(request)  # too many at once: close, do not queue
            return
        super().process_request(request, client_address)

    def process_request_thread(self, request: Any, client_address: Any) -> None:
        try:
            super().process_request_thread(request, client_address)
        finally:
            self._slots.release()


class _Handler(BaseHTTPRequestHandler):
    server: _Server
    server_version = "tfgpu-wizard"
    sys_version = ""
    timeout = CONNECTION_TIMEOUT_S

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the stdlib's signature
        self.server.app.requests += 1

    def _authorized(self) -> bool:
        token = self.server.app.token
        if not token:
            return True
        given = self.headers.get("Authorization", "")
        scheme, _, value = given.partition(" ")
        return scheme.lower() == "bearer" and hmac.compare_digest(value.strip().encode(), token.encode())

    def _send(self, code: int, body: bytes, content_type: str, head: bool, extra: dict[str, str] | None = None):
        self.send_response(code)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        for k, v in (extra or {}).items():
            self.send_header(k, v)
        self.end_headers()
        if not head:
            self.wfile.write(body)

    def _host_ok(self) -> bool:
        """Without a token only loopback serves, and then the Host header must name loopback too: a web page
        in this machine's browser that rebinds its own name to 127.0.0.1 (DNS rebinding) cannot read it."""
        if self.server.app.token:
            return True
        host = self.headers.get("Host", "")
        name = host.rsplit(":", 1)[0] if not host.startswith("[") else host[1:].split("]", 1)[0]
        return is_loopback(name)

    def _answer(self, head: bool) -> None:
        app = self.server.app
        if not self._host_ok():
            self._send(403, b"this endpoint answers requests for 127.0.0.1 / localhost only\n",
                       "text/plain; charset=utf-8", head)
            return
        if not self._authorized():
            self._send(401, b"a token is needed: Authorization: Bearer <token>\n", "text/plain; charset=utf-8",
                       head, {"WWW-Authenticate": 'Bearer realm="tfgpu-wizard"'})
            return
        path = self.path.split("?", 1)[0]
        if path == "/metrics":
            self._send(200, app.metrics(), CONTENT_TYPE, head)
        elif path == "/doctor.json":
            doctor = app.doctor_json()
            if doctor is None:
                self._send(404, b'{"error": "no doctor report yet"}\n', "application/json", head)
            else:
                self._send(200, doctor, "application/json; charset=utf-8", head)
        elif path == "/":
            self._send(200, b"tfgpu-wizard: GPU metrics at /metrics, the doctor report at /doctor.json\n",
                       "text/plain; charset=utf-8", head)
        else:
            self._send(404, b"not found\n", "text/plain; charset=utf-8", head)

    def do_GET(self) -> None:  # noqa: N802 - the stdlib's name
        self._answer(head=False)

    def do_HEAD(self) -> None:  # noqa: N802
        self._answer(head=True)


class MetricsServer:
    """The endpoint, served from a thread (stdlib ``http.server``). ``snapshot()`` gives (devices, latest
    snapshots) when a request comes; ``doctor()`` the doctor report as JSON bytes, or None.

    ``start()`` binds (``port=0``: a free port) and returns (host, port); ``stop()`` closes it and joins every
    thread it started. Read-only, see the module docstring for what is served and the token rules.
    """

    def __init__(self, snapshot: Snapshot, *, host: str = DEFAULT_HOST, port: int = DEFAULT_PORT,
                 token: str | None = None, hostname: str = "", version: str = "", refresh_s: float = 1.0,
                 doctor: Callable[[], bytes | None] | None = None):
        check_bind(host, token)
        self.host = host.strip("[]")
        self.port = int(port)
        self.token = token or None
        self.hostname = hostname or socket.gethostname()
        self.version = version
        self.refresh_s = float(refresh_s)
        self._snapshot = snapshot
        self._doctor = doctor
        self.requests = 0
        self._server: _Server | None = None
        self._thread: threading.Thread | None = None

    def metrics(self) -> bytes:
        devices, snapshots = self._snapshot()
        return exposition(devices, snapshots, hostname=self.hostname, version=self.version,
                          refresh_s=self.refresh_s)

    def doctor_json(self) -> bytes | None:
        return self._doctor() if self._doctor is not None else None

    @property
    def url(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}/metrics"

    def start(self) -> tuple[str, int]:
        if self._server is not None:
            raise RuntimeError("already started")
        family = socket.AF_INET6 if ":" in self.host else socket.AF_INET
        self._server = _Server((self.host, self.port), self, family)
        self.port = self._server.server_address[1]
        self._thread = threading.Thread(target=self._server.serve_forever, kwargs={"poll_interval": 0.2},
                                        name="tfgpu-serve", daemon=True)
        self._thread.start()
        return self.host, self.port

    def stop(self) -> None:
        server, thread = self._server, self._thread
        self._server = self._thread = None
        if server is None:
            return
        server.shutdown()
        server.server_close()
        if thread is not None:
            thread.join(5.0)

    def __enter__(self) -> MetricsServer:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()
