"""Compile the Qt Linguist catalogs (resources/i18n/*.ts) into .qm files with ``pyside6-lrelease``.

    python tools/build_translations.py [--out DIR]      # default: beside the .ts files

The window loads the compiled .qm with ``QTranslator.load`` when they are there and not older than their
.ts (gui/i18n.py); a source checkout without them reads the .ts directly. The wheel build (hatch_build.py)
and the PyInstaller spec (installer/tfgpu_wizard.spec) run this first, so both ship the .qm files.
Stdlib only; ``lrelease`` comes with PySide6 (the ``pyside6-lrelease`` script, or PySide6's own tool
module when the script is not on PATH).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
I18N = ROOT / "resources" / "i18n"


def lrelease_command(python: str = sys.executable) -> list[str]:
    """How to run lrelease: the script beside ``python`` or on PATH, else through PySide6's tool module."""
    here = Path(python).with_name("pyside6-lrelease" + (".exe" if sys.platform == "win32" else ""))
    if here.is_file():
        return [str(here)]
    found = shutil.which("pyside6-lrelease")
    if found:
        return [found]
    return [python, "-c", "import sys; from PySide6.scripts.pyside_tool import lrelease; "
                          "sys.argv[0] = 'lrelease'; sys.exit(lrelease())"]


def compile_translations(folder: Path = I18N, out: Path | None = None, timeout: float = 120.0) -> list[Path]:
    """Compile every ``*.ts`` in ``folder`` to ``out/<name>.qm`` (``out`` defaults to ``folder``).

    Raises RuntimeError naming the catalog when lrelease fails or writes nothing.
    """
    out = Path(out or folder)
    out.mkdir(parents=True, exist_ok=True)
    made: list[Path] = []
    cmd = lrelease_command()
    for ts in sorted(Path(folder).glob("*.ts")):
        qm = out / (ts.stem + ".qm")
        proc = subprocess.run([*cmd, str(ts), "-qm", str(qm)], capture_output=True, text=True, timeout=timeout)
        if proc.returncode != 0 or not qm.is_file() or qm.stat().st_size == 0:
            raise RuntimeError(f"lrelease failed for {ts.name}: {(proc.stderr or proc.stdout).strip()[-500:]}")
        made.append(qm)
    return made


def main(argv: list[str]) -> int:
    out = Path(argv[argv.index("--out") + 1]) if "--out" in argv else None
    try:
        made = compile_translations(I18N, out)
    except (RuntimeError, OSError, subprocess.TimeoutExpired) as exc:
        print(f"build_translations: {exc}", file=sys.stderr)
        return 1
    for qm in made:
        print(qm)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
