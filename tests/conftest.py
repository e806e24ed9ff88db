"""Suite-wide fixtures: isolation of user data, and a guard against leaked threads and processes."""

from __future__ import annotations

import os
import shlex
import sys
import threading
import time
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "1")

# The download caches stay the developer's (pip and uv would otherwise fetch TensorFlow again for every test that
# installs it); everything else a test or a child process writes under the home goes to the test's own folder.
_REAL_HOME = os.path.expanduser("~")
_CACHES = {
    "PIP_CACHE_DIR": os.environ.get("PIP_CACHE_DIR") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.join(_REAL_HOME, ".cache"), "pip"),
    "UV_CACHE_DIR": os.environ.get("UV_CACHE_DIR") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.join(_REAL_HOME, ".cache"), "uv"),
}


@pytest.fixture(autouse=True)
def _isolated_user_data(tmp_path_factory, monkeypatch):
    """Runs, saved plans and settings go to a temp folder, never the developer's home: HOME and the XDG folders
    too (Qt's file dialogs wrote ~/.config/QtProject.conf, Keras writes ~/.keras), for this process and every
    child a test starts. The download caches stay shared (_CACHES)."""
    monkeypatch.setenv("TFGPU_WIZARD_DATA", str(tmp_path_factory.mktemp("userdata")))
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("HOME", str(home))
    for name, sub in (("XDG_CONFIG_HOME", ".config"), ("XDG_DATA_HOME", ".local/share"),
                      ("XDG_STATE_HOME", ".local/state"), ("XDG_CACHE_HOME", ".cache")):
        monkeypatch.setenv(name, str(home / sub))
    # Qt reads its settings folders once per process, at the first QSettings (a file dialog's "QtProject"): after
    # that it keeps the home of the test that came first, so each test points Qt at its own again
    qtcore = sys.modules.get("PySide6.QtCore")
    if qtcore is not None:
        for fmt in (qtcore.QSettings.Format.NativeFormat, qtcore.QSettings.Format.IniFormat):
            qtcore.QSettings.setPath(fmt, qtcore.QSettings.Scope.UserScope, str(home / ".config"))
    for name, path in _CACHES.items():
        monkeypatch.setenv(name, path)


def _children() -> set[int]:
    """PIDs of this process's live children (Linux /proc); empty elsewhere."""
    me = os.getpid()
    out: set[int] = set()
    try:
        entries = os.listdir("/proc")
    except OSError:
        return out
    for name in entries:
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat", encoding="ascii", errors="replace") as fh:
                fields = fh.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        # fields[0] = state, fields[1] = ppid; zombies (Z) are already dead and reaped by their owner
        if fields[1] == str(me) and fields[0] != "Z":
            out.add(int(name))
    return out


@pytest.fixture(autouse=True)
def _tensorflow_stays_out_of_this_process():
    """The app never imports TensorFlow (it runs in the target interpreter, a child process); neither does a test:
    one that did (``pytest.importorskip("tensorflow")``) made tests/test_host.py's check fail much later, in CI's
    order only. Name the test that does it."""
    had = "tensorflow" in sys.modules
    yield
    if not had and "tensorflow" in sys.modules:
        pytest.fail("this test imported tensorflow into the test process: look for it with "
                    "importlib.util.find_spec, and run TensorFlow in a child process")


@pytest.fixture(autouse=True)
def _no_leaked_threads_or_processes(request):
    """Fail a test that leaves threads or child processes running (napari-style leak guard).

    Waits briefly first, so a thread that is already on its way out is not counted.
    """
    threads_before = set(threading.enumerate())
    children_before = _children()
    yield
    if request.node.get_closest_marker("allow_leaks"):
        return
    deadline = time.monotonic() + 3.0
    while True:
        leaked_threads = [t for t in threading.enumerate() if t not in threads_before and t.is_alive()]
        leaked_children = _children() - children_before
        if not leaked_threads and not leaked_children:
            return
        if time.monotonic() > deadline:
            break
        time.sleep(0.05)
    names = ", ".join(t.name for t in leaked_threads)
    pytest.fail(f"test leaked threads [{names}] / child processes {sorted(leaked_children)}")


@pytest.fixture
def wsl2_python(tmp_path):
    """``make(with_tf=True) -> Path``: a real Python behind a wrapper that first prints two recorded WSL2 logs
    on stderr (tensorflow issue 63362 and WSL issue 11229, tests/fixtures/logs), so a probe's error output reads
    as a WSL2 machine's where a GPU library did not load. ``with_tf=False``: without site-packages (no TF)."""
    logs = Path(__file__).resolve().parent / "fixtures" / "logs"
    cat = " ".join(shlex.quote(str(logs / name)) for name in ("gh_wsl_11229_ldconfig.log",
                                                              "gh_tf_63362_wsl_tf216_dlopen.log"))

    def make(with_tf: bool = True) -> Path:
        wrapper = tmp_path / ("wsl2 python 录制" + ("" if with_tf else " no tf"))
        flags = "" if with_tf else " -I -S"
        wrapper.write_text(f"#!/bin/sh\ncat {cat} >&2\nexec {shlex.quote(sys.executable)}{flags} \"$@\"\n",
                           encoding="utf-8")
        wrapper.chmod(0o755)
        return wrapper

    return make
