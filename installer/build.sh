#!/usr/bin/env bash
# Build the tfgpu-wizard app folder with PyInstaller (Linux; see installer/README.md for Windows/macOS).
#
#   installer/build.sh [--smoke] [--dist DIR] [--work DIR] [--python PY] [--shot FILE]
#
#   --dist DIR    where the app folder goes (default: dist/ in the repository; it is git-ignored)
#   --work DIR    PyInstaller's scratch folder (default: build/pyinstaller in the repository)
#   --python PY   the Python that has the app and PyInstaller installed (default: build/venv, made and
#                 kept up to date here through constraints.txt, so the bundle has the versions CI tested)
#   --smoke       after building, run the built programs for real: CLI commands and the window
#                 (offscreen, and under Xvfb when Xvfb and ImageMagick's `import` exist)
#   --shot FILE   with --smoke: where the Xvfb screenshot goes (default: DIST/smoke/xvfb.png)
#   --no-build    with --smoke: check an existing build only
#
# Prints where the app is. Exit status: 0 good, 1 a smoke check failed, 2 bad usage / build failed.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/.." && pwd)"
DIST="$ROOT/dist"
WORK="$ROOT/build/pyinstaller"
PY=""
SMOKE=0
BUILD=1
SHOT=""

usage() { sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'; }

while [ $# -gt 0 ]; do
    case "$1" in
        --smoke) SMOKE=1 ;;
        --no-build) BUILD=0 ;;
        --dist) [ $# -ge 2 ] || { echo "--dist needs a folder" >&2; exit 2; }; DIST="$2"; shift ;;
        --work) [ $# -ge 2 ] || { echo "--work needs a folder" >&2; exit 2; }; WORK="$2"; shift ;;
        --python) [ $# -ge 2 ] || { echo "--python needs an interpreter" >&2; exit 2; }; PY="$2"; shift ;;
        --shot) [ $# -ge 2 ] || { echo "--shot needs a file name" >&2; exit 2; }; SHOT="$2"; shift ;;
        -h|--help) usage; exit 0 ;;
        *) echo "unknown option: $1 (see --help)" >&2; exit 2 ;;
    esac
    shift
done

if [ -z "$PY" ] && [ "$BUILD" = 1 ]; then
    # shellcheck source=../scripts/_venv.sh
    source "$ROOT/scripts/_venv.sh"
    VENV="${TFGPU_WIZARD_BUILD_VENV:-$ROOT/build/venv}"
    ensure_venv installer
    PY="$VENV/bin/python"
elif [ -z "$PY" ]; then
    if [ -x "$ROOT/build/venv/bin/python" ]; then PY="$ROOT/build/venv/bin/python"; else PY="$(command -v python3 || true)"; fi
fi
[ -n "$PY" ] && [ -x "$PY" ] || { echo "No Python found; pass --python PATH" >&2; exit 2; }
mkdir -p "$DIST" "$WORK"
DIST="$(cd "$DIST" && pwd)"
WORK="$(cd "$WORK" && pwd)"
APP="$DIST/tfgpu-wizard"

if [ "$BUILD" = 1 ]; then
    if ! "$PY" -c "import PyInstaller" 2>/dev/null; then
        echo "PyInstaller is not installed in $PY. Install it with:  $PY -m pip install pyinstaller" >&2
        exit 2
    fi
    echo "Building with $("$PY" -m PyInstaller --version 2>/dev/null | head -1) ($PY) ..."
    if ! "$PY" -m PyInstaller "$HERE/tfgpu_wizard.spec" --noconfirm --log-level WARN \
            --distpath "$DIST" --workpath "$WORK"; then
        echo "The build failed (see the messages above)." >&2
        exit 2
    fi
fi
[ -x "$APP/tfgpu-wizard" ] || { echo "No built app in $APP" >&2; exit 2; }

echo
echo "The app is in: $APP"
echo "  $APP/tfgpu-wizard       (terminal: tfgpu-wizard doctor | plan | verify ...; no arguments: the window)"
echo "  $APP/tfgpu-wizard-gui   (the window)"
echo "Size: $(du -sh "$APP" | cut -f1). Biggest parts:"
du -s "$APP/_internal"/* | sort -n | tail -8 | while read -r kb path; do
    printf '  %6s MiB  %s\n' "$((kb / 1024))" "${path#"$APP"/}"
done

[ "$SMOKE" = 1 ] || exit 0

# ---------------------------------------------------------------------------------------------
echo
echo "Smoke checks of the built app:"
FAILED=0
SMOKEDIR="$DIST/smoke"
rm -rf "$SMOKEDIR"
mkdir -p "$SMOKEDIR"
SCRATCH="$(mktemp -d "${TMPDIR:-/tmp}/tfgw smoke 测试.XXXXXX")"   # spaces + Chinese on purpose
export TFGPU_WIZARD_DATA="$SCRATCH/user data 数据"
unset TFGPU_WIZARD_LANG
CLI="$APP/tfgpu-wizard"
DATA="$APP/_internal/tfgpu_wizard/_data"

ok() { echo "  ok    $1"; }
bad() { echo "  FAIL  $1" >&2; FAILED=1; }
check() {  # check NAME COMMAND...  (output kept in $SMOKEDIR/NAME.txt)
    local name="$1"; shift
    if timeout 120 "$@" >"$SMOKEDIR/$name.txt" 2>&1; then ok "$name"; else bad "$name (exit $?; see $SMOKEDIR/$name.txt)"; fi
}
json_check() {  # json_check NAME FILE PYTHON-EXPRESSION-ON-d
    if "$PY" - "$2" "$3" <<'EOF' >>"$SMOKEDIR/$1.txt" 2>&1; then ok "$1"; else bad "$1 (see $SMOKEDIR/$1.txt)"; fi
import json, sys
d = json.load(open(sys.argv[1], encoding="utf-8"))
if not eval(sys.argv[2], {"d": d}):
    print("check failed:", sys.argv[2], "on", json.dumps(d, ensure_ascii=False)[:2000])
    sys.exit(1)
EOF
}

check version "$CLI" --version
check doctor-json sh -c '"$0" doctor --json > "$1"' "$CLI" "$SMOKEDIR/doctor.json"
json_check doctor-json-content "$SMOKEDIR/doctor.json" "d['os']['system'] and 'gpus' in d and 'schema_version' in d"
check plan "$CLI" plan --host "$DATA/resources/recordings/doctor-h200.json" --shell bash
check plan-write "$CLI" plan --host "$DATA/resources/recordings/doctor-h200.json" --write "$SCRATCH/计划 plan"
[ -f "$SCRATCH/计划 plan/install.sh" ] && ok "plan-write files" || bad "plan-write wrote no install.sh"
LOG="$SCRATCH/错误 log.txt"
cat >"$LOG" <<'EOF'
2023-05-01 10:00:00.000000: W tensorflow/stream_executor/platform/default/dso_loader.cc:64] Could not load dynamic library 'libcudnn.so.8'; dlerror: libcudnn.so.8: cannot open shared object file: No such file or directory
2023-05-01 10:00:00.100000: W tensorflow/core/common_runtime/gpu/gpu_device.cc:1850] Cannot dlopen some GPU libraries. Please make sure the missing libraries mentioned above are installed properly if you would like to use GPU.
Skipping registering GPU devices...
EOF
# diagnose exits 1 when it finds an error-level problem: that is the expected answer here.
timeout 60 "$CLI" diagnose "$LOG" >"$SMOKEDIR/diagnose.txt" 2>&1 || true
grep -q "libcudnn.so.8" "$SMOKEDIR/diagnose.txt" && ok "diagnose" || bad "diagnose (see $SMOKEDIR/diagnose.txt)"
timeout 60 "$CLI" --lang zh_CN diagnose "$LOG" >"$SMOKEDIR/diagnose-zh.txt" 2>&1 || true
grep -q "原因" "$SMOKEDIR/diagnose-zh.txt" && ok "diagnose (zh_CN)" || bad "diagnose zh_CN (see $SMOKEDIR/diagnose-zh.txt)"
check monitor-replay "$CLI" monitor --replay jax_default --once --no-clear
grep -q "H200" "$SMOKEDIR/monitor-replay.txt" || bad "monitor-replay shows no GPU"
for s in probe.py sample.py sample_keras3.py estimate.py; do
    [ -f "$APP/_internal/tfgpu_wizard/target/$s" ] && ok "target script $s ships as .py" || bad "target script $s missing"
done
LEAKED="$(find "$APP/_internal" -maxdepth 1 \( -iname 'tensorflow*' -o -iname 'keras*' -o -iname 'torch*' -o -iname 'jax*' -o -iname 'tensorboard*' \) | head -5)"
[ -z "$LEAKED" ] && ok "no tensorflow/keras/torch/jax in the bundle" || bad "bundle contains: $LEAKED"

# The window, offscreen: it must start, find its data, draw, and close through its own shutdown path.
gui_offscreen() {  # gui_offscreen TAG PROGRAM ARGS...
    local tag="$1"; shift
    if QT_QPA_PLATFORM=offscreen TFGPU_WIZARD_SMOKE_EXIT_MS=3000 \
        TFGPU_WIZARD_SMOKE_REPORT="$SMOKEDIR/gui-$tag.json" TFGPU_WIZARD_SMOKE_SHOT="$SMOKEDIR/gui-$tag.png" \
        timeout 90 "$@" >"$SMOKEDIR/gui-$tag.txt" 2>&1; then
        json_check "gui-$tag" "$SMOKEDIR/gui-$tag.json" \
            "d['frozen'] and d['window'] and d['matrix_found'] and all(d['target_scripts'].values()) and d['colours'] > 20 and d['host_error'] is None"
    else
        bad "gui-$tag (exit $?; see $SMOKEDIR/gui-$tag.txt)"
    fi
}
gui_offscreen en "$CLI" gui
gui_offscreen zh "$APP/tfgpu-wizard-gui" --lang zh_CN --page monitor
json_check "gui-zh translated" "$SMOKEDIR/gui-zh.json" "d['language'] == 'zh_CN' and d['title'] != 'TensorFlow GPU wizard' and d['current_page'] == 'monitor'"

# The window on a real X server (xcb plugin and the system's X libraries), when Xvfb is here.
if command -v Xvfb >/dev/null && command -v import >/dev/null; then
    SHOT="${SHOT:-$SMOKEDIR/xvfb.png}"
    exec 3>"$SMOKEDIR/xvfb-display"
    Xvfb -displayfd 3 -screen 0 1366x768x24 >"$SMOKEDIR/xvfb.txt" 2>&1 &
    XPID=$!
    exec 3>&-
    for _ in $(seq 50); do [ -s "$SMOKEDIR/xvfb-display" ] && break; sleep 0.1; done
    DISP=":$(head -1 "$SMOKEDIR/xvfb-display")"
    (unset QT_QPA_PLATFORM; DISPLAY="$DISP" TFGPU_WIZARD_SMOKE_EXIT_MS=6000 \
        TFGPU_WIZARD_SMOKE_REPORT="$SMOKEDIR/gui-xcb.json" timeout 90 "$APP/tfgpu-wizard-gui" \
        >"$SMOKEDIR/gui-xcb.txt" 2>&1) &
    GPID=$!
    sleep 4
    DISPLAY="$DISP" import -window root "$SHOT" 2>>"$SMOKEDIR/xvfb.txt" && ok "screenshot under Xvfb: $SHOT" || bad "screenshot under Xvfb"
    if wait "$GPID"; then
        json_check "gui-xcb" "$SMOKEDIR/gui-xcb.json" "d['window'] and d['colours'] > 20"
    else
        bad "gui under Xvfb (see $SMOKEDIR/gui-xcb.txt)"
    fi
    kill "$XPID" 2>/dev/null || true
    wait "$XPID" 2>/dev/null || true
else
    echo "  skip  window under Xvfb (install xvfb and imagemagick to take a screenshot)"
fi

rm -rf "$SCRATCH"
echo
if [ "$FAILED" = 0 ]; then
    echo "All smoke checks passed. Outputs: $SMOKEDIR"
else
    echo "Some smoke checks FAILED. Outputs: $SMOKEDIR" >&2
    exit 1
fi
