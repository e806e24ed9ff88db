"""Writing a plan's files into a folder: atomically, and never over a file the user edited (a manifest of
what tfgpu-wizard wrote, with sha256 hashes, tells the two apart)."""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

from tfgpu_wizard.core.i18n import tr
from tfgpu_wizard.core.setup.plan.model import PlanError, PlanExistsError, PlanFileText
from tfgpu_wizard.core.setup.plan.script import Plan

CTX = "plan"  # translation context (tests/test_i18n_coverage.py reads it here)


def _manifest_path(folder: Path) -> Path:
    return folder / ".tfgpu-wizard-plan.json"


def write_plan(plan: Plan, folder: str | os.PathLike[str], *, force: bool = False) -> list[Path]:
    """Write the plan's files into ``folder`` atomically (temp file + rename per file).

    A file written earlier by tfgpu-wizard and not changed since is replaced; a file the user edited,
    or one not written by tfgpu-wizard, is left alone and reported with PlanExistsError, unless
    ``force``. Returns the paths written.
    """
    out = Path(folder)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise PlanError(
            tr(CTX, "Cannot create the folder {}: {}").format(out, exc.strerror or exc)
        ) from None
    files = plan.files()
    manifest_file = _manifest_path(out)
    try:
        manifest: dict[str, str] = json.loads(manifest_file.read_text(encoding="utf-8"))
        if not isinstance(manifest, dict):
            manifest = {}
    except (OSError, ValueError):
        manifest = {}
    edited: list[Path] = []
    for rel, ft in files.items():
        target = out / rel
        if target.exists():
            try:
                current = target.read_bytes()
            except OSError:
                edited.append(target)
                continue
            if manifest.get(rel) != hashlib.sha256(current).hexdigest():
                if current != _encode(ft):
                    edited.append(target)
    if edited and not force:
        names = ", ".join(str(p.relative_to(out)) for p in edited)
        raise PlanExistsError(
            tr(
                CTX,
                "Not overwriting files you changed (or that tfgpu-wizard did not write) in {}: {}. "
                "Nothing was written. Use --force to replace them, or choose another folder.",
            ).format(out, names),
            edited,
        )
    written: list[Path] = []
    for rel, ft in files.items():
        target = out / rel
        data = _encode(ft)
        _atomic_write(target, data, executable=rel.endswith(".sh"))
        manifest[rel] = hashlib.sha256(data).hexdigest()
        written.append(target)
    _atomic_write(manifest_file, json.dumps(manifest, indent=1, sort_keys=True).encode("utf-8"))
    return written


def _encode(ft: PlanFileText) -> bytes:
    text = ft.text.replace("\r\n", "\n")
    if ft.newline != "\n":
        text = text.replace("\n", ft.newline)
    return text.encode(ft.encoding)


def _atomic_write(target: Path, data: bytes, *, executable: bool = False) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_name(f".{target.name}.tmp{os.getpid()}")
    try:
        with open(tmp, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        if executable and os.name != "nt":
            os.chmod(tmp, 0o755)
        os.replace(tmp, target)
    except OSError as exc:
        try:
            tmp.unlink()
        except OSError:
            pass
        raise PlanError(tr(CTX, "Cannot write {}: {}").format(target, exc.strerror or exc)) from None
