"""``tfgpu-wizard doctor``: what this machine has for TensorFlow on an NVIDIA GPU.

Prints an aligned report, the things that need attention first, each line with a marker and a
word (``✓ ok``, ``✗ error``, ``! warning``, ``· info``; ASCII markers where the terminal cannot
show those). ``--json`` prints the same report as data (``resources/schemas/host-report.schema.json``,
docs/host-report.md); ``--out FILE`` also saves that JSON, for ``plan --host FILE`` on another
machine. ``--python PATH`` examines the TensorFlow in another interpreter (or venv/conda folder).

Exit status: 0 when the report was made (whatever it found), 2 for bad arguments or an unwritable
``--out`` file. Only the standard library and ``pynvml`` are needed: no Qt, no TensorFlow.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from tfgpu_wizard.core.text import display_width, pad, terminal_width, wrap

CTX = "doctor"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print the report as JSON instead of text")
    parser.add_argument("--python", metavar="PATH",
                        help="a Python interpreter (or venv / conda env folder) whose TensorFlow to examine")
    parser.add_argument("--out", metavar="FILE", help="also save the report as JSON to FILE")
    parser.add_argument("--timeout", type=float, default=None, metavar="SECONDS",
                        help="limit for each external command (nvidia-smi, conda, the target Python); default 8")


# -- text rendering ------------------------------------------------------------------------------

_UNICODE_MARKS = {"ok": "✓", "error": "✗", "warning": "!", "info": "·"}
_ASCII_MARKS = {"ok": "+", "error": "x", "warning": "!", "info": "-"}


def _marks(stream) -> dict[str, str]:
    enc = getattr(stream, "encoding", None) or "ascii"
    try:
        "".join(_UNICODE_MARKS.values()).encode(enc)
    except (UnicodeEncodeError, LookupError):
        return _ASCII_MARKS
    return _UNICODE_MARKS


def _pad(text: str, width: int) -> str:
    return pad(text, width)


def render_text(report, marks: dict[str, str] | None = None, width: int | None = None) -> str:
    """The human-readable report (translated); ``marks`` maps ok/error/warning/info to symbols.
    Every line fits ``width`` columns (default: the terminal's width)."""
    from tfgpu_wizard.core.i18n import tr
    from tfgpu_wizard.core.setup.host import explain_cuda_versions, note_detail, note_text, sorted_notes

    marks = marks or _UNICODE_MARKS
    width = terminal_width() if width is None else width
    words = {
        "ok": tr(CTX, "ok"),
        "error": tr(CTX, "error"),
        "warning": tr(CTX, "warning"),
        "info": tr(CTX, "info"),
    }
    status_w = max(display_width(w) for w in words.values())

    def status(kind: str) -> str:
        return f"{marks[kind]} {_pad(words[kind], status_w)}"

    sections: list[tuple[str, list[tuple[str, str, str]]]] = []
    r = report

    # System
    rows = []
    os_bits = [r.os.version or r.os.system, r.os.machine]
    if r.os.system in ("wsl1", "wsl2"):
        os_bits.append(r.os.system.upper())
    if r.os.release:
        os_bits.append(tr(CTX, "kernel {release}").format(release=r.os.release) if r.os.system != "windows"
                       else r.os.release)
    rows.append(("error" if r.os.system == "wsl1" else "ok", tr(CTX, "OS"), " · ".join(b for b in os_bits if b)))
    if r.os.glibc:
        rows.append(("ok", "glibc", r.os.glibc))
    rows.append(("ok", tr(CTX, "Python (this app)"), _py(r.python)))
    if r.target_python:
        rows.append(("ok", tr(CTX, "Python (target)"), _py(r.target_python)))
    if r.conda:
        envs = ", ".join(f"{e.name} (Python {e.python_version})" if e.python_version else e.name for e in r.conda.envs)
        rows.append(("ok", r.conda.kind, f"{r.conda.version or '?'} · {r.conda.executable}"))
        rows.append(("info", tr(CTX, "conda envs"), envs or tr(CTX, "none")))
    else:
        rows.append(("info", "conda", tr(CTX, "not found")))
    sections.append((tr(CTX, "System"), rows))

    # NVIDIA
    rows = []
    d = r.driver
    state = d.effective_state()
    if d.present and d.version and state == "working":
        rows.append(("ok", tr(CTX, "NVIDIA driver"), f"{d.version} ({tr(CTX, 'read with')} {d.source})"))
        rows.append(("ok" if d.cuda_version else "warning", tr(CTX, "Driver CUDA"),
                     (d.cuda_version or "?") + "  " + tr(CTX, "(the highest CUDA this driver runs)")))
    else:  # the state in a few words (host_model's words, the same as the Setup page's), and any version known
        known = [v for v in (d.version,) if v]
        rows.append(("error", tr(CTX, "NVIDIA driver"), d.state_label() + (f" · {known[0]}" if known else "")))
        if d.cuda_version:
            rows.append(("ok", tr(CTX, "Driver CUDA"),
                         d.cuda_version + "  " + tr(CTX, "(the highest CUDA this driver runs)")))
    if d.nvml_version:
        rows.append(("info", tr(CTX, "NVML library"), d.nvml_version))
    if d.kernel_module_version and (state != "working" or d.kernel_module_version != d.version):
        rows.append(("info", tr(CTX, "Kernel module"), d.kernel_module_version))
    for g in r.gpus:
        bits = [g.name + (" " + tr(CTX, "(name cut short by nvidia-smi)") if g.name_cut else "")]
        if g.memory_total_mib is not None:
            bits.append(f"{g.memory_total_mib} MiB")
        if g.compute_capability:
            cc = tr(CTX, "compute capability {cc}").format(cc=g.compute_capability)
            if g.compute_capability_source == "product name":
                cc += " " + tr(CTX, "(known from the model name)")
            bits.append(cc)
        if g.pci_bus_id:
            bits.append(g.pci_bus_id)
        if g.mig_enabled:
            bits.append(tr(CTX, "MIG mode, {n} MIG devices").format(n=len(g.mig_devices)))
        rows.append(("info" if g.name_cut else "ok", f"GPU {g.index}", " · ".join(bits)))
        for m in g.mig_devices:
            mbits = [m.name or "MIG"]
            if m.memory_total_mib is not None:
                mbits.append(f"{m.memory_total_mib} MiB")
            if m.uuid:
                mbits.append(m.uuid)
            rows.append(("info", f"  MIG {g.index}:{m.index}", " · ".join(mbits)))
    if d.present and not r.gpus:
        rows.append(("error", "GPU", tr(CTX, "none")))
    sections.append(("NVIDIA", rows))

    # CUDA toolkit and cuDNN (system-wide)
    rows = []
    tk = r.cuda_toolkit
    if tk:
        rows.append(("info", tr(CTX, "CUDA toolkit"),
                     f"{tk.version or '?'} · nvcc {tk.nvcc}" + (f" · {tk.cuda_home}" if tk.cuda_home else "")))
    else:
        rows.append(("info", tr(CTX, "CUDA toolkit"), tr(CTX, "not found (not needed for pip or conda installs)")))
    if r.cudnn:
        rows.append(("info", tr(CTX, "cuDNN (system)"), f"{r.cudnn.version or '?'} · {r.cudnn.path}"))
    else:
        rows.append(("info", tr(CTX, "cuDNN (system)"), tr(CTX, "not found (not needed for pip or conda installs)")))
    sections.append((tr(CTX, "CUDA on the system"), rows))

    # TensorFlow
    rows = []
    t = r.tensorflow
    if t is not None:
        title = tr(CTX, "TensorFlow in {python}").format(python=t.python)
        if t.error and not t.version:
            rows.append(("error", "TensorFlow", tr(CTX, "could not be read")))
        elif t.version:
            rows.append(("ok", "TensorFlow", f"{t.version} ({t.distribution}) · {t.location}"))
        else:
            rows.append(("info", "TensorFlow", tr(CTX, "not installed")))
        if t.keras_version:
            rows.append(("info", "Keras", t.keras_version))
        if t.tf_keras_version:
            rows.append(("info", "tf-keras", t.tf_keras_version))
        if t.numpy_version:
            rows.append(("info", "numpy", t.numpy_version))
        if t.version or t.nvidia_packages:
            wheels = ", ".join(f"{k} {v}" for k, v in sorted(t.nvidia_packages.items()))
            rows.append(("info", tr(CTX, "NVIDIA wheels"), wheels or tr(CTX, "none")))
        sections.append((title, rows))

    # Environment
    rows = [("info", k, v) for k, v in r.env.items()]
    if rows:
        sections.append((tr(CTX, "Environment variables"), rows))

    label_w = max((display_width(lbl) for _, rows in sections for _, lbl, _ in rows), default=10) + 2
    indent = "  "
    out: list[str] = []
    out.extend(wrap(tr(CTX, "tfgpu-wizard doctor · {created} · version {version}").format(
        created=r.created, version=r.tool_version) + (f" · {r.recorded_on}" if r.recorded_on else ""), width, "", indent))
    out.append("")

    notes = sorted_notes(r.notes)
    attention = [n for n in notes if n.severity in ("error", "warning")]
    if attention:
        out.extend(wrap(tr(CTX, "Needs attention"), width, "", indent))
        for n in attention:
            out.extend(_note_lines(status(n.severity), note_text(n), note_detail(n), indent, width))
        out.append("")
    for title, rows in sections:
        # A title can carry a path (the target's interpreter): wrapped like every other line.
        out.extend(wrap(title, width, "", indent) or [title])
        for kind, label, value in rows:
            head = f"{indent}{status(kind)} {_pad(label, label_w)}"
            out.extend(wrap(value, width, head, " " * display_width(head)) or [head.rstrip()])
        out.append("")
    infos = [n for n in notes if n.severity not in ("error", "warning")]
    if infos:
        out.append(tr(CTX, "Good to know"))
        for n in infos:
            out.extend(_note_lines(status("info"), note_text(n), note_detail(n), indent, width))
        out.append("")
    out.append(tr(CTX, "Driver CUDA and toolkit CUDA"))
    for para in explain_cuda_versions(r):
        out.extend(wrap(para, width, indent))
        out.append("")
    return "\n".join(out).rstrip() + "\n"


def _py(p) -> str:
    bits = [p.version, p.executable]
    if p.conda_env:
        bits.append(f"conda env {p.conda_env}")
    elif p.is_venv:
        bits.append("venv")
    return " · ".join(bits)


def _note_lines(prefix: str, message: str, detail: str, indent: str, width: int) -> list[str]:
    """A note: its message after the status mark, its detail under the message; both wrapped."""
    head = f"{indent}{prefix} "
    hang = " " * display_width(head)
    lines = wrap(message, width, head, hang) or [head.rstrip()]
    if detail:
        lines.extend(wrap(detail, width, hang))
    return lines


# -- saving --------------------------------------------------------------------------------------


def save_report(report, path: Path) -> Path:
    """Write the JSON safely (core.safe_io): atomic for a file, through a symlink, never over a device.

    Raises ``safe_io.UnsafeWrite`` (an OSError with a message for the user); returns the file written.
    """
    from tfgpu_wizard.core import safe_io

    return safe_io.write_text(path, report.to_json() + "\n")


def run(args: argparse.Namespace) -> int:
    from tfgpu_wizard.core.flows.base import drive
    from tfgpu_wizard.core.flows.doctor import doctor
    from tfgpu_wizard.core.i18n import tr
    from tfgpu_wizard.core.setup.host import DEFAULT_TIMEOUT

    timeout = DEFAULT_TIMEOUT if args.timeout is None else args.timeout
    if not timeout > 0:
        print(tr(CTX, "doctor: --timeout must be a number of seconds above 0."), file=sys.stderr)
        return 2
    if args.python:
        from tfgpu_wizard.core.setup.host import resolve_python

        if not os.path.exists(resolve_python(args.python)):
            print(tr(CTX, "doctor: no Python interpreter at {path}").format(path=args.python), file=sys.stderr)
            return 2
    if args.out:
        out_path = Path(args.out).expanduser()
        if out_path.is_dir():
            print(tr(CTX, "doctor: {path} is a folder; give a file name for --out").format(path=args.out),
                  file=sys.stderr)
            return 2
        if not out_path.parent.is_dir() and not out_path.is_symlink():
            print(tr(CTX, "doctor: the folder {path} does not exist").format(path=str(out_path.parent)),
                  file=sys.stderr)
            return 2

    report = drive(doctor(args.python, timeout=timeout))  # the window's detection too (core.flows.doctor)

    if args.out:
        try:
            written = save_report(report, out_path)
        except OSError as exc:
            print(tr(CTX, "doctor: {reason}").format(reason=exc), file=sys.stderr)
            return 2
    try:
        if args.json:
            sys.stdout.write(report.to_json() + "\n")
        else:
            sys.stdout.write(render_text(report, marks=_marks(sys.stdout)))
        sys.stdout.flush()
    except BrokenPipeError:  # `doctor | head -1`
        from tfgpu_wizard.core.lifecycle import quiet_broken_pipe

        quiet_broken_pipe()
        return 0
    except OSError as exc:  # stdout into a full disk: a sentence, not a traceback
        from tfgpu_wizard.core.lifecycle import quiet_broken_pipe

        quiet_broken_pipe()
        print(tr(CTX, "doctor: the report could not be printed: {reason}").format(reason=exc.strerror or exc),
              file=sys.stderr)
        return 2
    if args.out:
        shown = str(out_path) if written == out_path else f"{out_path} -> {written}"
        print(tr(CTX, "Report saved to {path}").format(path=shown), file=sys.stderr)
    return 0
