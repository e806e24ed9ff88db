#!/usr/bin/env bash
# Refresh constraints.txt, the lock that CI (.ci/run -> scripts/test), scripts/app and installer/build.sh
# install through. Run it on purpose, review the diff, and commit it on its own ("deps: refresh lock"):
# an upgrade (PySide6, TensorFlow, ...) is then a chosen, tested change, not a surprise in a red CI run.
#
#   tools/lock_deps.sh            # resolve again from pyproject.toml, keeping versions where possible
#   tools/lock_deps.sh --upgrade  # take the newest versions the ranges in pyproject.toml allow
#   tools/lock_deps.sh --upgrade-package pyside6-essentials   # one package (uv's option; repeatable)
#
# Needs uv (`pip install uv`). One universal resolution: Linux, Windows and macOS, Python 3.10-3.13+, the
# markers on each line say where it applies. pip is in the lock because dependency groups need pip >= 25.1.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT="$ROOT/constraints.txt"
UV="${UV:-$(command -v uv || true)}"
[ -n "$UV" ] || { echo "uv not found: pip install uv (or set UV=/path/to/uv)" >&2; exit 2; }
cd "$ROOT"
tmp="$(mktemp)"
trap 'rm -f "$tmp"' EXIT
# uv prefers the versions already in its output file: start from the current lock, so only what
# --upgrade / --upgrade-package (or a changed range in pyproject.toml) asks for moves.
[ -f "$OUT" ] && grep -v '^# Lock of\|^# with uv\|^# with ' "$OUT" >"$tmp" || true
echo "pip>=25.1" | UV_PYTHON_DOWNLOADS=never "$UV" pip compile pyproject.toml - \
  --group dev --group installer --universal --python-version 3.10 \
  --custom-compile-command "tools/lock_deps.sh" --quiet -o "$tmp" "$@"
{
  echo "# Lock of tfgpu-wizard's dependencies, test and build tools, refreshed $(date -u +%Y-%m-%d) by tools/lock_deps.sh"
  echo "# with $("$UV" --version). Used as pip constraints (pip install -c constraints.txt ...): edit pyproject.toml, not this."
  cat "$tmp"
} >"$OUT"
echo "Wrote $OUT ($(grep -c '==' "$OUT") pins). Review: git diff constraints.txt"
