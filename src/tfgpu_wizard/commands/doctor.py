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
from typing import TYPE_CHECKING

from tfgpu_wizard.core import verdicts

if TYPE_CHECKING:
    from tfgpu_wizard.commands._console import Out

CTX = "doctor"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print the report as JSON instead of text")
    parser.add_argument("--python", metavar="PATH",
                        help="a Python interpreter (or venv / conda env folder) whose TensorFlow to examine")
    parser.add_argument("--out", metavar="FILE", help="also save the report as JSON to FILE")
    parser.add_argument("--timeout", type=float, default=None, metavar="SECONDS",
                        help="limit for each external command (nvidia-smi, conda, the target Python); default 8")


# -- text rendering ------------------------------------------------------------------------------

# a check's severity -> the one verdict vocabulary (core.verdicts): its mark and colour
KINDS = {"ok": verdicts.OK, "error": verdicts.NOT_WORKING, "warning": verdicts.CAVEATS, "info": verdicts.INFO}


def render_text(report, ascii: bool = False, width: int | None = None) -> str:  # noqa: A002
    """The human-readable report (translated) as text, ASCII marks with ``ascii``; every line fits ``width``
    columns (default: COLUMNS, else 100). The terminal gets the same through ``render`` (with colour there)."""
    import io

    from tfgpu_wizard.commands._console import Out

    buf = io.StringIO()
    render(Out(buf, width=width, ascii=ascii), report)
    return buf.getvalue()


def render(o: Out, report) -> None:
    """The report through the console: sections of "✓ ok  label  value" rows, the values wrapped under
    themselves, data (paths, environment values) made visible, marks and colours from the verdict vocabulary."""
    from rich.text import Text

    from tfgpu_wizard.commands._console import padded
    from tfgpu_wizard.core.i18n import tr
    from tfgpu_wizard.core.setup.host import (
        cut_value,
        explain_cuda_versions,
        note_detail,
        note_text,
        sorted_notes,
    )

    words = {
        "ok": tr(CTX, "ok"),
        "error": tr(CTX, "error"),
        "warning": tr(CTX, "warning"),
        "info": tr(CTX, "info"),
    }
    status_w = max(Text(w).cell_len for w in words.values())

    def status(kind: str) -> Text:
        return o.mark(KINDS[kind]) + Text(" " + padded(words[kind], status_w), style=o.style_of(KINDS[kind]))

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
        rows.append(("info" if d.no_nvidia_gpu else "error", tr(CTX, "NVIDIA driver"),
                     d.state_label() + (f" · {known[0]}" if known else "")))
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
    rows = [("info", k, cut_value(v, 300)) for k, v in r.env.items()]  # whole in --json
    if rows:
        sections.append((tr(CTX, "Environment variables"), rows))

    label_w = max((Text(lbl).cell_len for _, rows in sections for _, lbl, _ in rows), default=10) + 2
    o.line(tr(CTX, "tfgpu-wizard doctor · {created} · version {version}").format(
        created=r.created, version=r.tool_version) + (f" · {r.recorded_on}" if r.recorded_on else ""), hang=2,
        data=True)
    o.blank()

    notes = sorted_notes(r.notes)
    attention = [n for n in notes if n.severity in ("error", "warning")]
    if attention:
        o.heading(tr(CTX, "Needs attention"))
        for n in attention:
            _note(o, status(n.severity), note_text(n), note_detail(n))
        o.blank()
    for title, rows in sections:
        o.heading(title)  # a title can carry a path (the target's interpreter): wrapped like every other line
        for kind, label, value in rows:
            o.row(Text("  ") + status(kind) + Text(" " + padded(label, label_w)), value, data=True)
        o.blank()
    infos = [n for n in notes if n.severity not in ("error", "warning")]
    if infos:
        o.heading(tr(CTX, "Good to know"))
        for n in infos:
            _note(o, status("info"), note_text(n), note_detail(n))
        o.blank()
    o.heading(tr(CTX, "Driver CUDA and toolkit CUDA"))
    for para in explain_cuda_versions(r):
        o.line(para, indent=2)
        o.blank()


def _py(p) -> str:
    bits = [p.version, p.executable]
    if p.conda_env:
        bits.append(f"conda env {p.conda_env}")
    elif p.is_venv:
        bits.append("venv")
    return " · ".join(bits)


def _note(o: Out, prefix, message: str, detail: str) -> None:
    """A note: its message after the status mark, its detail under the message; both wrapped."""
    from rich.text import Text

    head = Text("  ") + prefix + Text(" ")
    o.row(head, message, data=True)
    if detail:
        o.line(detail, indent=head.cell_len, data=True)


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
            from tfgpu_wizard.commands._console import out

            render(out(), report)
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
