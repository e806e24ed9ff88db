"""Loopback HTTP endpoints serving recorded /metrics text, for the tests and the benchmark of issue 27.

:class:`RecordedEndpoint` plays a list of recorded answers (tests/fixtures/remote: real DCGM exporter captures,
nvitop-exporter answers made from an H200 recording) on 127.0.0.1, moving to the next answer every ``period``
seconds as an exporter's collector does; it counts the requests each answer got (``hits``), so a test can see
that no endpoint is scraped faster than it refreshes. It binds loopback only and ``stop()`` joins its threads.
"""

from __future__ import annotations

import gzip
import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "remote"
DCGM_IDLE = "dcgm-exporter-rtx4000ada-idle.recorded.prom"
DCGM_BUSY = "dcgm-exporter-t4-busy.recorded.prom"
DCGM_MIG = "dcgm-exporter-a800-mig-excerpt.recorded.prom"
NVITOP_H200 = "nvitop-exporter-h200-torch_train.replayed.jsonl.gz"


def recorded(name: str) -> str:
    return (FIXTURES / name).read_text(encoding="utf-8")


def recorded_sequence(name: str) -> tuple[dict, list[str]]:
    """(header, answers) of a .jsonl.gz recording of successive answers."""
    with gzip.open(FIXTURES / name, "rt", encoding="utf-8") as fh:
        rows = [json.loads(line) for line in fh]
    return rows[0], [r["body"] for r in rows[1:]]


class _Handler(BaseHTTPRequestHandler):
    server: _Server

    def log_message(self, format, *args):  # noqa: A002
        pass

    def do_GET(self):  # noqa: N802
        ep = self.server.endpoint
        if ep.token and self.headers.get("Authorization", "") != f"Bearer {ep.token}":
            self.send_response(401)
            self.end_headers()
            return
        version, body = ep.current()
        ep.hits.append((time.monotonic(), version))
        data = body.encode("utf-8")
        self.send_response(ep.status)
        self.send_header("Content-Type", ep.content_type)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)


class _Server(ThreadingHTTPServer):
    daemon_threads = False
    block_on_close = True
    allow_reuse_address = True


class RecordedEndpoint:
    """Recorded answers on 127.0.0.1 (``port=0``: a free one). ``period``: seconds between two new answers."""

    def __init__(self, bodies: list[str] | str, *, period: float = 1.0, token: str | None = None,
                 status: int = 200, content_type: str = "text/plain; version=0.0.4; charset=utf-8", port: int = 0):
        self.bodies = [bodies] if isinstance(bodies, str) else list(bodies)
        self.period = period
        self.token = token
        self.status = status
        self.content_type = content_type
        self.port = port
        self.hits: list[tuple[float, int]] = []
        self._t0 = time.monotonic()
        self._server: _Server | None = None
        self._thread: threading.Thread | None = None

    def current(self) -> tuple[int, str]:
        version = int((time.monotonic() - self._t0) / self.period) if self.period > 0 else 0
        return version, self.bodies[version % len(self.bodies)]

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/metrics"

    def start(self) -> RecordedEndpoint:
        self._server = _Server(("127.0.0.1", self.port), _Handler)
        self._server.endpoint = self
        self.port = self._server.server_address[1]
        self._thread = threading.Thread(target=self._server.serve_forever, kwargs={"poll_interval": 0.1},
                                        name="test-recorded-endpoint", daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._thread.join(5)
            self._server = self._thread = None

    def __enter__(self) -> RecordedEndpoint:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()

    def scrapes_per_answer(self) -> float:
        """Requests per distinct answer served (1.0: each answer was read once)."""
        versions = {v for _, v in self.hits}
        return len(self.hits) / max(1, len(versions))
