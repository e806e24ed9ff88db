"""Other machines' GPUs, read from the Prometheus-format endpoints that clusters already run.

Three dialects of the Prometheus text format are understood, told apart by their metric names:

``dcgm``    NVIDIA's DCGM exporter (``DCGM_FI_DEV_FB_USED`` / ``_FREE`` / ``_RESERVED`` in MiB, ``DCGM_FI_DEV_GPU_UTIL``
            in %, labels ``gpu``, ``UUID``, ``modelName``, ``Hostname``; a MIG instance adds ``GPU_I_ID`` and
            ``GPU_I_PROFILE`` and is shown as a GPU of its own). Port 9400 by default.
``nvitop``  nvitop's exporter (``gpu_memory_used_MiB``, ``gpu_memory_total_MiB``, ``gpu_utilization_Percentage``
            ..., labels ``hostname``, ``index``, ``devicename``, ``uuid``). Port 8000 by default.
``app``     tfgpu-wizard's own endpoint (``tfgpu-wizard monitor --serve``: ``tfgpu_gpu_memory_used_bytes`` ...,
            ``tfgpu_refresh_interval_seconds``, and ``/doctor.json`` beside ``/metrics``).

The text is parsed by prometheus_client's parser (``text_string_to_metric_families``), never by regular
expressions. :func:`parse_metrics` turns one body into a :class:`Scrape`; :class:`RemoteSource` is a monitor
``Source`` for one URL: the sampler thread calls it, it scrapes, and it returns ``GpuSnapshot`` s (index = the
GPU's place on that machine), so the sampler's ring buffers and series serve a remote machine as they serve
this one.

A source never raises into the sampler. A machine that does not answer, answers garbage, or refuses the token
is *marked* (``state``: ``connecting`` | ``ok`` | ``down`` | ``garbage`` | ``refused``, ``detail`` in words) and
retried, with a growing wait (up to :data:`MAX_RETRY_S`); its GPUs get a snapshot with no values (a gap in the
curve) for each failed try, so a plot shows the hole rather than a stale line.

Pacing: no endpoint is scraped faster than it refreshes. The app's own endpoint says its refresh
(``tfgpu_refresh_interval_seconds``). The exporters do not, so the source learns it: a body identical to the last
one means the endpoint has not refreshed since, and the wait doubles (up to ``max_interval``); after a run of
fresh bodies it halves again, never below the interval at which an unchanged body was seen in the last
:data:`FLOOR_MEMORY_S` seconds, nor below the caller's interval. DCGM's default collection interval is 30 s;
nvitop's exporter refreshes every second.

Remote GPUs are *other* machines: nothing here feeds ``core.setup`` (the doctor is about this machine).
"""

from __future__ import annotations

import hashlib
import math
import socket
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

# Imported here, not in the scraping threads: two threads importing a package for the first time at once can
# see it half initialised.
from prometheus_client.parser import text_string_to_metric_families

from tfgpu_wizard.core.i18n import N_, tr
from tfgpu_wizard.core.monitor.snapshot import MIB, DeviceInfo, GpuSnapshot, Source

CTX = "remote"

DIALECT_DCGM = "dcgm"
DIALECT_NVITOP = "nvitop"
DIALECT_APP = "app"
DIALECT_NAMES = {DIALECT_DCGM: "DCGM exporter", DIALECT_NVITOP: "nvitop-exporter", DIALECT_APP: "tfgpu-wizard"}

STATE_CONNECTING = "connecting"
STATE_OK = "ok"
STATE_DOWN = "down"  # no answer: refused, timed out, reset, HTTP 5xx
STATE_GARBAGE = "garbage"  # an answer that holds no GPU metrics of a known exporter
STATE_REFUSED = "refused"  # HTTP 401/403: the endpoint wants a token (or another one)

DEFAULT_INTERVAL_S = 1.0
MIN_INTERVAL_S = 0.05  # tests and benchmarks on loopback; the CLI and the window ask for 0.5 s at least
MAX_INTERVAL_S = 60.0
MAX_RETRY_S = 30.0
FLOOR_MEMORY_S = 300.0
FRESH_RUN_TO_SPEED_UP = 8
MAX_BODY_BYTES = 8 * MIB  # an 8-GPU DCGM exporter with pods labelled answers a few hundred kB
DEFAULT_TIMEOUT_S = 3.0
DOCTOR_PATH = "/doctor.json"
TOKEN_ENV = "TFGPU_WIZARD_TOKEN"

# Each dialect's metric -> (snapshot field, factor to bytes / percent / watts / degrees).
_DCGM = {
    "DCGM_FI_DEV_FB_USED": ("used", MIB),
    "DCGM_FI_DEV_FB_FREE": ("free", MIB),
    "DCGM_FI_DEV_FB_RESERVED": ("reserved", MIB),
    "DCGM_FI_DEV_FB_TOTAL": ("total", MIB),
    "DCGM_FI_DEV_GPU_UTIL": ("util_gpu", 1.0),
    "DCGM_FI_DEV_MEM_COPY_UTIL": ("util_mem", 1.0),
    "DCGM_FI_DEV_POWER_USAGE": ("power_w", 1.0),
    "DCGM_FI_DEV_GPU_TEMP": ("temp_c", 1.0),
}
# nvitop's exporter registers its gauges with a unit, which prometheus_client appends to the name.
_NVITOP = {
    "gpu_memory_used_MiB": ("used", MIB),
    "gpu_memory_free_MiB": ("free", MIB),
    "gpu_memory_total_MiB": ("total", MIB),
    "gpu_utilization_Percentage": ("util_gpu", 1.0),
    "gpu_memory_utilization_Percentage": ("util_mem", 1.0),
    "gpu_power_usage_W": ("power_w", 1.0),
    "gpu_temperature_C": ("temp_c", 1.0),
}
# The app's own names (written by core.monitor.serve): base units, Prometheus style.
APP_METRICS = {
    "tfgpu_gpu_memory_used_bytes": ("used", 1),
    "tfgpu_gpu_memory_free_bytes": ("free", 1),
    "tfgpu_gpu_memory_reserved_bytes": ("reserved", 1),
    "tfgpu_gpu_memory_total_bytes": ("total", 1),
    "tfgpu_gpu_utilization_percent": ("util_gpu", 1.0),
    "tfgpu_gpu_memory_utilization_percent": ("util_mem", 1.0),
    "tfgpu_gpu_power_watts": ("power_w", 1.0),
    "tfgpu_gpu_temperature_celsius": ("temp_c", 1.0),
}
APP_REFRESH = "tfgpu_refresh_interval_seconds"
APP_INFO = "tfgpu_info"
_TABLES = {DIALECT_DCGM: _DCGM, DIALECT_NVITOP: _NVITOP, DIALECT_APP: APP_METRICS}


class Words:
    """A message kept as its English template (marked with ``N_``) and its values; ``str()`` words it in the
    current language, so a view that shows it after a language switch shows it in the new language."""

    __slots__ = ("template", "fields")

    def __init__(self, template: str, **fields: Any):
        self.template = template
        self.fields = fields

    def __str__(self) -> str:
        return tr(CTX, self.template).format(**self.fields)

    def __repr__(self) -> str:
        return f"Words({self.template!r}, {self.fields!r})"


def _raw(text: str) -> Words:
    """Text that is not ours to translate (an exception's own message)."""
    return Words("{text}", text=text)


class MetricsError(ValueError):
    """The text is not Prometheus metrics of a GPU exporter this app knows; ``words`` says what it is."""

    def __init__(self, words: Words):
        super().__init__(str(words))
        self.words = words


@dataclass(frozen=True)
class RemoteGpu:
    """One GPU (or MIG instance) of a remote machine. Memory in bytes; None = the endpoint does not say."""

    key: str  # stable within the machine: "0", "0/mig3" (DCGM's gpu + GPU_I_ID), nvitop's index "0" or "0:1"
    name: str
    uuid: str = ""
    used: int | None = None
    free: int | None = None
    reserved: int | None = None
    total: int | None = None
    util_gpu: float | None = None
    util_mem: float | None = None
    power_w: float | None = None
    temp_c: float | None = None


@dataclass(frozen=True)
class Scrape:
    """What one answer of an endpoint says."""

    dialect: str
    hostname: str
    gpus: tuple[RemoteGpu, ...]
    refresh_s: float | None = None  # the app's own endpoint says how often it refreshes
    version: str = ""  # the app's version, from tfgpu_info


def _num(value: float) -> float | None:
    return None if value is None or math.isnan(value) or math.isinf(value) else float(value)


def _dialect(names: Iterable[str]) -> str | None:
    names = set(names)
    if names & (set(APP_METRICS) | {APP_INFO, APP_REFRESH}):
        return DIALECT_APP
    if names & set(_DCGM):
        return DIALECT_DCGM
    if names & set(_NVITOP):
        return DIALECT_NVITOP
    return None


def parse_metrics(text: str) -> Scrape:
    """One /metrics body -> :class:`Scrape`. Raises :class:`MetricsError` for anything else (an HTML page, a
    truncated line, metrics of another exporter), with the reason in words."""
    if not text.strip():
        raise MetricsError(Words(N_("the answer is empty")))
    if text.lstrip()[:1] == "<":
        raise MetricsError(Words(N_("the answer is a web page, not metrics (is this the right port and path?)")))
    samples: list[tuple[str, Mapping[str, str], float]] = []
    families: list[str] = []
    try:
        for family in text_string_to_metric_families(text):
            families.append(family.name)
            for s in family.samples:
                samples.append((s.name, s.labels, s.value))
    except Exception as exc:  # noqa: BLE001 - the parser raises ValueError, IndexError ... on malformed text
        raise MetricsError(Words(N_("the answer is not in the Prometheus text format ({error})"),
            error=str(exc)[:120] or type(exc).__name__)) from None
    dialect = _dialect([name for name, _, _ in samples] + families)
    if dialect is None:
        raise MetricsError(Words(N_("the answer holds no GPU metrics of the DCGM exporter, nvitop-exporter or "
                                   "tfgpu-wizard")))
    table = _TABLES[dialect]
    gpus: dict[str, dict[str, Any]] = {}
    order: list[str] = []
    hostname = ""
    refresh: float | None = None
    version = ""
    for name, labels, value in samples:
        if dialect == DIALECT_APP and name == APP_REFRESH:
            refresh = _num(value)
            continue
        if dialect == DIALECT_APP and name == APP_INFO:
            hostname = hostname or labels.get("hostname", "")
            version = labels.get("version", "")
            continue
        field = table.get(name)
        if field is None:
            continue
        key, gpu_name, uuid, host = _identity(dialect, labels)
        if key is None:
            continue
        hostname = hostname or host
        entry = gpus.get(key)
        if entry is None:
            entry = gpus[key] = {"key": key, "name": gpu_name, "uuid": uuid}
            order.append(key)
        attr, factor = field
        if attr in entry:  # the same GPU once per pod using it (DCGM with Kubernetes labels): the first counts
            continue
        v = _num(value)
        if v is not None and factor != 1.0:
            v = v * factor
        if attr in ("used", "free", "reserved", "total") and v is not None:
            v = int(round(v))
        entry[attr] = v
    if not gpus and dialect != DIALECT_APP:  # the app also serves a machine without a GPU (its doctor report)
        raise MetricsError(Words(N_("the {exporter} answered, but lists no GPU"),
            exporter=DIALECT_NAMES[dialect]))
    out = []
    for key in sorted(order, key=_key_order):
        e = gpus[key]
        total = e.get("total")
        if total is None and e.get("used") is not None and e.get("free") is not None:
            # DCGM: used + free + reserved is the card (free 9791 + used 5120 + reserved 447 = 15358 MiB on a T4)
            total = e["used"] + e["free"] + (e.get("reserved") or 0)
        out.append(RemoteGpu(key=key, name=e["name"], uuid=e["uuid"], used=e.get("used"), free=e.get("free"),
                             reserved=e.get("reserved"), total=total, util_gpu=e.get("util_gpu"),
                             util_mem=e.get("util_mem"), power_w=e.get("power_w"), temp_c=e.get("temp_c")))
    return Scrape(dialect, hostname, tuple(out), refresh, version)


def key_label(key: str) -> str:
    """A GPU's key as people say it: "GPU 0", "GPU 0 MIG 3" (DCGM's GPU instance), "GPU 0:1" (nvitop's MIG)."""
    return "GPU " + key.replace("/mig", " MIG ")


def _key_order(key: str) -> tuple:
    return tuple(int(p) if p.isdigit() else p for p in key.replace(":", "/").split("/"))


def _identity(dialect: str, labels: Mapping[str, str]) -> tuple[str | None, str, str, str]:
    """(key, display name, uuid, hostname) of the GPU a sample is about."""
    if dialect == DIALECT_DCGM:
        gpu = labels.get("gpu")
        if gpu is None:
            return None, "", "", ""
        name = labels.get("modelName", "") or f"GPU {gpu}"
        key = gpu
        if labels.get("GPU_I_ID"):
            key = f"{gpu}/mig{labels['GPU_I_ID']}"
            profile = labels.get("GPU_I_PROFILE", "")
            name = f"{name} MIG {profile}".rstrip() + f" #{labels['GPU_I_ID']}"
        return key, name, labels.get("UUID", ""), labels.get("Hostname", "") or labels.get("hostname", "")
    if dialect == DIALECT_NVITOP:
        index = labels.get("index")
        if index is None:
            return None, "", "", ""
        return index, labels.get("devicename", "") or f"GPU {index}", labels.get("uuid", ""), labels.get(
            "hostname", "")
    gpu = labels.get("gpu")
    if gpu is None:
        return None, "", "", ""
    return gpu, labels.get("name", "") or f"GPU {gpu}", labels.get("uuid", ""), labels.get("hostname", "")


# -- addresses and HTTP ---------------------------------------------------------------------------


def normalize_url(url: str) -> str:
    """``host:port`` or ``http://host:port`` or a full URL -> ``http(s)://host:port/path`` (path default
    ``/metrics``). Raises ValueError, in words, for what cannot be an endpoint."""
    text = (url or "").strip()
    if not text:
        raise ValueError(str(Words(N_("an empty address"))))
    if "://" not in text:
        text = "http://" + text
    parts = urllib.parse.urlsplit(text)
    if parts.scheme not in ("http", "https"):
        raise ValueError(str(Words(N_("{url}: only http:// and https:// addresses can be read"), url=url)))
    try:
        port = parts.port
    except ValueError:
        raise ValueError(str(Words(N_("{url}: the port is not a number from 1 to 65535"), url=url))) from None
    if not parts.hostname:
        raise ValueError(str(Words(N_("{url}: no host name"), url=url)))
    if parts.username or parts.password:
        raise ValueError(str(Words(N_("{url}: put a token in the token file, not in the address"), url=url)))
    del port
    path = parts.path if parts.path not in ("", "/") else "/metrics"
    return urllib.parse.urlunsplit((parts.scheme, parts.netloc, path, parts.query, ""))


def sibling_url(url: str, path: str) -> str:
    """The same endpoint's ``path`` (``/doctor.json`` beside ``/metrics``)."""
    parts = urllib.parse.urlsplit(url)
    base = parts.path.rsplit("/", 1)[0]
    return urllib.parse.urlunsplit((parts.scheme, parts.netloc, base + path, "", ""))


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    """A redirect is not followed: it would carry the token to wherever it points."""

    def redirect_request(self, req, fp, code, msg, headers, newurl):  # noqa: D102 - urllib's hook
        return None


_OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}), _NoRedirect())


class FetchError(Exception):
    """One try failed; ``state`` is ``down`` or ``refused``, ``words`` says why."""

    def __init__(self, state: str, words: Words):
        super().__init__(str(words))
        self.state = state
        self.words = words


def fetch(url: str, *, token: str | None = None, timeout: float = DEFAULT_TIMEOUT_S,
          limit: int = MAX_BODY_BYTES, accept: str = "text/plain") -> bytes:
    """GET ``url`` (no proxy, no redirects, ``Authorization: Bearer`` when a token is given) within ``timeout``
    seconds; at most ``limit`` bytes. Raises :class:`FetchError`."""
    headers = {"Accept": accept, "User-Agent": "tfgpu-wizard"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    req = urllib.request.Request(url, headers=headers)
    try:
        with _OPENER.open(req, timeout=timeout) as resp:
            body = resp.read(limit + 1)
    except urllib.error.HTTPError as exc:
        exc.close()
        if exc.code in (401, 403):
            msg = (Words(N_("the endpoint wants a token (HTTP {code})"), code=exc.code) if not token else
                   Words(N_("the endpoint refused the token (HTTP {code})"), code=exc.code))
            raise FetchError(STATE_REFUSED, msg) from None
        if 300 <= exc.code < 400:
            raise FetchError(STATE_DOWN, Words(N_("the endpoint redirects to {where}: give that address"),
                where=exc.headers.get("Location", "?"))) from None
        raise FetchError(STATE_DOWN, Words(N_("HTTP error {code}"), code=exc.code)) from None
    except TimeoutError:
        raise FetchError(STATE_DOWN, Words(N_("no answer within {seconds:g} s"), seconds=timeout)) from None
    except urllib.error.URLError as exc:
        reason = exc.reason
        if isinstance(reason, (TimeoutError, socket.timeout)):
            raise FetchError(STATE_DOWN, Words(N_("no answer within {seconds:g} s"),
                seconds=timeout)) from None
        if isinstance(reason, ConnectionRefusedError):
            raise FetchError(STATE_DOWN, Words(N_("connection refused (nothing listens on that port)"))) from None
        if isinstance(reason, socket.gaierror):
            raise FetchError(STATE_DOWN, Words(N_("unknown host name"))) from None
        if isinstance(reason, ConnectionResetError):
            raise FetchError(STATE_DOWN, Words(N_("the connection was closed before an answer came"))) from None
        raise FetchError(STATE_DOWN, _raw(str(reason))) from None
    except ConnectionResetError:  # also http.client.RemoteDisconnected: the server went away mid-answer
        raise FetchError(STATE_DOWN, Words(N_("the connection was closed before an answer came"))) from None
    except (OSError, ValueError) as exc:  # broken pipe, a malformed status line
        raise FetchError(STATE_DOWN, _raw(f"{type(exc).__name__}: {exc}")) from None
    if len(body) > limit:
        raise FetchError(STATE_DOWN, Words(N_("the answer is larger than {mib} MiB"), mib=limit // MIB))
    return body


# -- the source -----------------------------------------------------------------------------------


class RemoteSource(Source):
    """One remote endpoint as a monitor source (self-paced: never faster than the endpoint refreshes).

    ``interval`` is the shortest wait between two scrapes the caller wants (seconds); the source waits longer
    when the endpoint refreshes less often, and after failures. Read by other threads (plain attributes, each
    replaced whole): ``state``, ``detail``, ``dialect``, ``hostname``, ``version``, ``gpus`` (the last
    :class:`RemoteGpu` s), ``devices``, ``wait_s`` (the current wait), ``last_ok`` (monotonic time of the last
    good scrape, None before), ``scrapes``, ``failures`` (in a row), ``unchanged`` (bodies that had not changed).
    """

    live = False

    def __init__(self, url: str, *, interval: float = DEFAULT_INTERVAL_S, timeout: float = DEFAULT_TIMEOUT_S,
                 token: str | None = None, label: str = "", max_interval: float = MAX_INTERVAL_S):
        if not (MIN_INTERVAL_S <= interval <= MAX_INTERVAL_S):
            raise ValueError(f"interval must be between {MIN_INTERVAL_S} and {MAX_INTERVAL_S} seconds")
        if not (timeout > 0):
            raise ValueError("timeout must be > 0")
        self.url = normalize_url(url)
        self.interval = float(interval)
        self.max_interval = max(float(max_interval), self.interval)
        self.timeout = float(timeout)
        self.token = token or None
        self.given_label = label
        self.label = label or urllib.parse.urlsplit(self.url).netloc
        self.state = STATE_CONNECTING
        self._words: Words | None = None
        self.dialect: str | None = None
        self.hostname = ""
        self.version = ""
        self.refresh_s: float | None = None
        self.gpus: tuple[RemoteGpu, ...] = ()
        self.devices: list[DeviceInfo] = []
        self.wait_s = self.interval
        self.last_ok: float | None = None
        self.scrapes = 0
        self.failures = 0
        self.unchanged = 0
        self._keys: list[str] = []  # GPU key -> index (its place in this list), stable while the source lives
        self.keys: list[str] = []  # a copy for other threads: keys[index] is that GPU's key ("0", "0/mig3")
        self._digest = b""
        self._fresh_run = 0
        self._floor = 0.0  # the longest wait at which an unchanged body was seen ...
        self._floor_at = -math.inf  # ... and when
        self._next: float | None = None

    # -- Source --

    def open(self) -> list[DeviceInfo]:
        """Nothing to open: the first read connects (a machine that is down now may answer later)."""
        return []

    def next_due(self, now: float) -> float | None:
        return now if self._next is None else self._next

    def read(self, now: float, pids: frozenset[int]) -> list[GpuSnapshot] | None:
        started = time.monotonic()
        self.scrapes += 1
        try:
            body = fetch(self.url, token=self.token, timeout=self.timeout)
            scrape = parse_metrics(body.decode("utf-8", errors="replace"))
        except FetchError as exc:
            return self._failed(now, started, exc.state, exc.words)
        except MetricsError as exc:
            return self._failed(now, started, STATE_GARBAGE, exc.words)
        except Exception as exc:  # noqa: BLE001 - a source never raises into the sampler
            return self._failed(now, started, STATE_GARBAGE, _raw(f"{type(exc).__name__}: {exc}"))
        self._pace(started, hashlib.blake2b(body, digest_size=16).digest(), scrape.refresh_s)
        self.failures = 0
        self.state = STATE_OK
        self._words = None
        self.dialect = scrape.dialect
        self.hostname = scrape.hostname
        self.version = scrape.version
        self.refresh_s = scrape.refresh_s
        if not self.given_label and scrape.hostname:
            self.label = scrape.hostname
        self.gpus = scrape.gpus
        snaps = []
        for g in scrape.gpus:
            if g.key not in self._keys:
                self._keys.append(g.key)
            i = self._keys.index(g.key)
            snaps.append(GpuSnapshot(now, i, mem_used=g.used, mem_reserved=g.reserved, mem_total=g.total,
                                     mem_free=g.free, mem_version="remote", util_gpu=g.util_gpu,
                                     util_mem=g.util_mem, power_w=g.power_w, temp_c=g.temp_c))
        self.devices = [DeviceInfo(self._keys.index(g.key), g.name, g.uuid, memory_total=g.total)
                        for g in scrape.gpus]
        self.keys = list(self._keys)
        self.last_ok = time.monotonic()
        return snaps

    # -- pacing --

    def _pace(self, started: float, digest: bytes, refresh: float | None) -> None:
        if refresh is not None and refresh > 0:  # the app's own endpoint says it
            self.wait_s = min(max(self.interval, refresh), self.max_interval)
        elif digest == self._digest:  # not refreshed since the last scrape: we came too early
            self.unchanged += 1
            self._floor, self._floor_at = self.wait_s, started
            self.wait_s = min(self.wait_s * 2, self.max_interval)
            self._fresh_run = 0
        else:
            self._fresh_run += 1
            floor = self._floor if started - self._floor_at < FLOOR_MEMORY_S else 0.0
            if self._fresh_run >= FRESH_RUN_TO_SPEED_UP and self.wait_s / 2 > floor:
                self.wait_s = max(self.interval, self.wait_s / 2)
                self._fresh_run = 0
        self._digest = digest
        self._next = started + self.wait_s

    def _failed(self, now: float, started: float, state: str, words: Words) -> list[GpuSnapshot]:
        self.failures += 1
        self.state = state
        self._words = words
        self._digest = b""
        retry = min(max(self.interval, self.wait_s) * (2 ** min(self.failures - 1, 6)), MAX_RETRY_S)
        self._next = started + retry
        # every known GPU gets a snapshot with no values: a gap in its curve, not a line held at the last value
        return [GpuSnapshot(now, i, status="unreachable") for i in range(len(self._keys))]

    @property
    def words(self) -> Words | None:
        """Why the source is not ok (None when it is): worded when ``str()`` is called."""
        return self._words

    @property
    def detail(self) -> str:
        """Why the source is not ok, in the current language ("" when it is)."""
        words = self._words
        return "" if words is None else str(words)

    @property
    def retry_in(self) -> float | None:
        """Seconds until the next try when the source is failing (None when it is fine)."""
        if self.state in (STATE_OK, STATE_CONNECTING) or self._next is None:
            return None
        return max(0.0, self._next - time.monotonic())
