# Shared by scripts/app and scripts/test: make .venv with a suitable Python and install the project.
# Usage: source scripts/_venv.sh; ensure_venv "<pip extras spec>"
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="${TFGPU_WIZARD_VENV:-$ROOT/.venv}"

pick_python() {
  # Python >= 3.10 with venv; prefer 3.11 (the TensorFlow CPU build used by the tests supports 3.10-3.13).
  for cand in "${PYTHON:-}" python3.11 python3.12 python3.10 python3.13 python3; do
    [ -n "$cand" ] || continue
    if command -v "$cand" >/dev/null 2>&1 &&
       "$cand" -c 'import sys, venv; sys.exit(not ((3,10) <= sys.version_info[:2] <= (3,13)))' 2>/dev/null; then
      echo "$cand"; return 0
    fi
  done
  echo "No Python 3.10-3.13 with the venv module found. Install one (e.g. 'apt-get install python3 python3-venv')." >&2
  return 1
}

qt_system_libs() {
  # Qt needs a few system libraries that a bare server may lack. Install them when we are root
  # and apt-get exists; otherwise say which are missing.
  local need=(libegl1 libgl1 libxkbcommon0 libfontconfig1 libdbus-1-3 libglib2.0-0)
  [ "${1:-}" = "display" ] && need+=(libxcb-cursor0 libxcb-icccm4 libxcb-keysyms1 libxkbcommon-x11-0 libxcb-shape0 libxcb-xinerama0 fonts-noto-cjk)
  command -v dpkg-query >/dev/null 2>&1 || return 0
  local missing=()
  for p in "${need[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "Installing system libraries Qt needs: ${missing[*]}"
    apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  else
    echo "Qt may need these system packages: ${missing[*]} (sudo apt-get install ${missing[*]})" >&2
  fi
}

ensure_venv() {
  local spec="$1"
  if [ ! -x "$VENV/bin/python" ]; then
    local py; py="$(pick_python)"
    echo "Creating $VENV with $("$py" --version)"
    "$py" -m venv "$VENV"
    "$VENV/bin/python" -m pip install -q --upgrade pip
  fi
  "$VENV/bin/python" -m pip install -q -e "$ROOT$spec"
}
