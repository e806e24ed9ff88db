"""Can a window be shown here? Asked before Qt starts, because Qt's own answer to a display it cannot reach is
to abort the process (exit 134) with "xcb-cursor0 or libxcb-cursor0 is needed … Reinstalling the application
may fix this problem", which sends the user after a library that is installed (newcomer-2 #14).

Stdlib only: the X server's socket (``/tmp/.X11-unix/X<n>``, or TCP port 6000+n for ``host:n``) or the Wayland
compositor's socket (``$XDG_RUNTIME_DIR/$WAYLAND_DISPLAY``) is connected to with a short timeout. Whether the
server then accepts us (xauth) is Qt's to find out; a socket nobody listens on is the common case (a stale
``DISPLAY`` after ``ssh -X`` ended, an Xvfb that was stopped, ``DISPLAY=:0`` copied into a server's profile).
"""

from __future__ import annotations

import os
import socket
import sys
from collections.abc import Mapping

from tfgpu_wizard.core.i18n import tr

# Qt platforms that draw nowhere a user can see: the window "runs" and shows nothing (newcomer-2 #15)
HEADLESS_PLATFORMS = ("offscreen", "minimal", "vnc", "linuxfb", "eglfs", "minimalegl", "vkkhrdisplay")


def _x_socket_ok(display: str, timeout: float) -> bool:
    host, _, rest = display.rpartition(":")
    number = rest.split(".", 1)[0]
    if not number.isdigit():
        return False
    try:
        if host in ("", "unix"):
            path = f"/tmp/.X11-unix/X{number}"
            with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
                s.settimeout(timeout)
                try:
                    s.connect(path)
                    return True
                except OSError:
                    pass
            with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:  # Linux's abstract socket (Xorg, Xvfb)
                s.settimeout(timeout)
                s.connect("\0" + path)
                return True
        with socket.create_connection((host, 6000 + int(number)), timeout=timeout):
            return True
    except OSError:
        return False


def _wayland_ok(env: Mapping[str, str], timeout: float) -> bool:
    name = env.get("WAYLAND_DISPLAY", "")
    path = name if os.path.isabs(name) else os.path.join(env.get("XDG_RUNTIME_DIR", ""), name)
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
            s.settimeout(timeout)
            s.connect(path)
            return True
    except OSError:
        return False


def display_problem(env: Mapping[str, str] | None = None, *, headless_ok: bool = False,
                    timeout: float = 1.0, platform: str | None = None) -> str | None:
    """None when a window can be shown; otherwise why not, in words (the current language).

    ``headless_ok``: an explicit off-screen Qt platform (``QT_QPA_PLATFORM=offscreen``) counts as a display (the
    ``gui`` command asked for by name, tests, screenshot tools); without it, that platform is a reason the user
    would see no window (the default command then prints the terminal report instead)."""
    env = os.environ if env is None else env
    if (platform or sys.platform) in ("win32", "darwin"):
        return None
    qpa = env.get("QT_QPA_PLATFORM", "").split(":", 1)[0].strip()
    if qpa in HEADLESS_PLATFORMS:
        if headless_ok:
            return None
        return tr("display", "QT_QPA_PLATFORM={0} draws the window off screen, where nobody can see it").format(qpa)
    wayland = env.get("WAYLAND_DISPLAY", "")
    x = env.get("DISPLAY", "")
    if wayland and qpa in ("", "wayland", "wayland-egl") and _wayland_ok(env, timeout):
        return None
    if x and qpa in ("", "xcb"):
        if _x_socket_ok(x, timeout):
            return None
        return tr("display", "cannot connect to the display {0} (DISPLAY is set, but no X server answers there)").format(x)
    if wayland:
        return tr("display", "cannot connect to the Wayland display {0}").format(wayland)
    if qpa and qpa not in ("xcb", "wayland", "wayland-egl"):
        return None  # a platform we do not know: Qt decides
    return tr("display", "DISPLAY and WAYLAND_DISPLAY are not set")


def how_to_get_a_window() -> str:
    """What to do instead (the hint that used to say "or set QT_QPA_PLATFORM", which names no useful value)."""
    return tr("display", "To get the window: run this on a desktop, or over SSH with X forwarding (ssh -X, then "
                         "check that `echo $DISPLAY` prints something). On a bare server, Qt also needs the system "
                         "libraries listed in the README (libxcb-cursor0, libegl1, fonts-noto-cjk ...).")
