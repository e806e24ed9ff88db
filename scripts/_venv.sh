# Shared by scripts/app, scripts/test and installer/build.sh: a venv with a suitable Python and the
# project installed (editable) through the lock file constraints.txt, so that every machine gets the
# versions CI tested. Usage:
#   source scripts/_venv.sh
#   VENV="${TFGPU_WIZARD_VENV:-$ROOT/.venv}"     # each script picks its own folder
#   ensure_venv [GROUP ...]                         # dependency groups of pyproject.toml (test, lint, installer)
# Nothing is installed when pyproject.toml, constraints.txt, the groups and the Python are what the venv
# was made from (a stamp file in the venv says so): a relaunch costs no pip run.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CONSTRAINTS="$ROOT/constraints.txt"

pick_python() {
  # Python >= 3.10 with venv; prefer 3.11 (the TensorFlow CPU build used by the tests supports 3.10-3.13).
  for cand in "${PYTHON:-}" python3.11 python3.12 python3.10 python3.13 python3; do
    [ -n "$cand" ] || continue
    if command -v "$cand" >/dev/null 2>&1 &&
       "$cand" -c 'import sys, venv, ensurepip; sys.exit(not ((3,10) <= sys.version_info[:2] <= (3,13)))' 2>/dev/null; then
      echo "$cand"; return 0
    fi
  done
  echo "No Python 3.10-3.13 with the venv module found. Install one (e.g. 'apt-get install python3 python3-venv')." >&2
  return 1
}

# soname -> Debian/Ubuntu package that provides it. Checked by soname (ldconfig), not by package name:
# Ubuntu 24.04 renamed several (libglib2.0-0t64), and a library may come from elsewhere.
QT_LIBS=(libEGL.so.1:libegl1 libGL.so.1:libgl1 libxkbcommon.so.0:libxkbcommon0 libfontconfig.so.1:libfontconfig1
         libdbus-1.so.3:libdbus-1-3 libglib-2.0.so.0:libglib2.0-0)
QT_DISPLAY_LIBS=(libxcb-cursor.so.0:libxcb-cursor0 libxcb-icccm.so.4:libxcb-icccm4 libxcb-keysyms.so.1:libxcb-keysyms1
                 libxkbcommon-x11.so.0:libxkbcommon-x11-0 libxcb-shape.so.0:libxcb-shape0
                 libxcb-xinerama.so.0:libxcb-xinerama0)

missing_qt_libs() {
  # Print the packages whose library is really missing (nothing when ldconfig is not there to ask).
  local cache entry
  command -v ldconfig >/dev/null 2>&1 || [ -x /sbin/ldconfig ] || return 0
  cache="$( (ldconfig -p 2>/dev/null || /sbin/ldconfig -p 2>/dev/null) | awk '{print $1}')"
  local want=("${QT_LIBS[@]}")
  [ "${1:-}" = "display" ] && want+=("${QT_DISPLAY_LIBS[@]}")
  for entry in "${want[@]}"; do
    grep -qxF "${entry%%:*}" <<<"$cache" || echo "${entry#*:}"
  done
  if [ "${1:-}" = "display" ] && command -v fc-list >/dev/null 2>&1 && [ -z "$(fc-list :lang=zh 2>/dev/null | head -n 1)" ]; then
    echo fonts-noto-cjk  # no font for 中文: the window would show boxes
  fi
}

qt_system_libs() {
  # Qt needs a few system libraries that a bare server may lack. Only when one is really missing: install
  # it when we are root and apt-get exists, else say which. A busy or broken apt never stops the script.
  local missing
  missing="$(missing_qt_libs "${1:-}" | sort -u | tr '\n' ' ')"
  missing="${missing% }"
  [ -n "$missing" ] || return 0
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "Installing system libraries Qt needs: $missing"
    # shellcheck disable=SC2086  # one word per package
    if ! { apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing >/dev/null; }; then
      echo "Could not install $missing (apt busy or offline?); continuing. Later: sudo apt-get install $missing" >&2
    fi
  else
    echo "Qt may need these system packages: $missing (sudo apt-get install $missing)" >&2
  fi
}

_stamp() {  # what the venv is made from: the files that decide what is installed, and the groups
  "$VENV/bin/python" - "$ROOT/pyproject.toml" "$CONSTRAINTS" "$@" <<'EOF'
import hashlib, sys
h = hashlib.sha256(sys.version.encode())
for path in sys.argv[1:3]:
    with open(path, "rb") as fh:
        h.update(fh.read())
h.update(" ".join(sys.argv[3:]).encode())
print(h.hexdigest())
EOF
}

ensure_venv() {
  # ensure_venv [GROUP ...]: the project (editable) and these dependency groups, through constraints.txt.
  local groups=("$@") args=() g stamp
  if [ ! -x "$VENV/bin/python" ]; then
    local py; py="$(pick_python)"
    echo "Creating $VENV with $("$py" --version)"
    "$py" -m venv "$VENV"
  fi
  stamp="$(_stamp "${groups[@]}")"
  if [ -f "$VENV/.tfgpu-wizard-stamp" ] && [ "$(cat "$VENV/.tfgpu-wizard-stamp")" = "$stamp" ]; then
    return 0  # nothing changed since the last install
  fi
  echo "Installing tfgpu-wizard${groups[*]:+ with ${groups[*]}} into $VENV (versions from constraints.txt)"
  # pip >= 25.1 reads dependency groups (PEP 735); the lock pins which pip.
  "$VENV/bin/python" -m pip install -q -c "$CONSTRAINTS" pip
  for g in "${groups[@]}"; do args+=(--group "$ROOT/pyproject.toml:$g"); done
  "$VENV/bin/python" -m pip install -q -c "$CONSTRAINTS" -e "$ROOT" "${args[@]}"
  echo "$stamp" >"$VENV/.tfgpu-wizard-stamp"
}
