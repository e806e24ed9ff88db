#!/usr/bin/env bash
# One device lease's GPU work for issues 24 and 25 (and the GPU checks of 28), in three calls after the carry of
# TensorFlow 2.21 + its CUDA 12 wheels (../shared/tools/tf-on-h200: parts in /tmp/acc, .carry/small beside):
#   bash tools/gpu/h200_session.sh a     # install; the sample vs the best plain Keras + the default-mode recordings
#   bash tools/gpu/h200_session.sh b     # the growth/limit recordings, the out-of-memory run, overflow, ResNet-50
#   bash tools/gpu/h200_session.sh c     # memory sweep (estimate calibration), fit, NVML checks, the CPU fallback
# Each phase ends within its device call (10 minutes) and packs what it made into $OUT as one .tgz + its log.
set -u
phase=${1:?phase a, b or c}
OUT=${OUT:-/tmp/out}; mkdir -p "$OUT"
export PYTHONUNBUFFERED=1 TF_CPP_MIN_LOG_LEVEL=2 NCCL_NVLS_ENABLE=0
libpath() { ls -d /tmp/site/nvidia/*/lib 2>/dev/null | tr '\n' ':'; }
gpu_label() {
  echo "$(nvidia-smi --query-gpu=name --format=csv,noheader -i 0), driver $(nvidia-smi --query-gpu=driver_version \
    --format=csv,noheader -i 0), $(date +%F)"
}

case "$phase" in
a)
  t0=$(date +%s)
  bash .carry/setup_on_device.sh >"$OUT/setup.log" 2>&1 || { cat "$OUT/setup.log"; exit 3; }
  tail -n 2 "$OUT/setup.log"
  export PYTHONPATH=/tmp/site:$PWD/src LD_LIBRARY_PATH=$(libpath)${LD_LIBRARY_PATH:-}
  python3 -m tfgpu_wizard doctor --json >"$OUT/doctor.json" 2>"$OUT/doctor.err" || echo "doctor failed"
  left=$((560 - $(date +%s) + t0))
  echo "setup took $(( $(date +%s) - t0 )) s; bench gets $left s"
  mkdir -p /tmp/rec
  timeout "$left" python3 benchmarks/bench_sample.py --models resnet20,cnn \
    --precisions fp32,mixed_float16,mixed_bfloat16 --record-dir /tmp/rec --gpu-label "$(gpu_label)" \
    --json /tmp/rec/bench.json --timeout 200 2>&1 | tee "$OUT/bench.log"
  tar czf "$OUT/a.tgz" -C /tmp/rec runs bench.json 2>/dev/null || tar czf "$OUT/a.tgz" -C /tmp/rec .
  ;;
b)
  export PYTHONPATH=/tmp/site:$PWD/src LD_LIBRARY_PATH=$(libpath)${LD_LIBRARY_PATH:-}
  python3 tools/gpu/h200_sample_runs.py /tmp/recB --set tf --python python3 --budget 530 --interval 0.05 2>&1 |
    tee "$OUT/runs.log" | cut -c1-400
  tar czf "$OUT/b.tgz" -C /tmp/recB runs results.json
  ;;
c)
  t0=$(date +%s)
  export PYTHONPATH=/tmp/site:$PWD/src LD_LIBRARY_PATH=$(libpath)${LD_LIBRARY_PATH:-}
  mkdir -p /tmp/recC
  # The silent CPU fallback of issue 10, on the real defect: no library path, so libcusolver.so.11 is not found.
  env -u LD_LIBRARY_PATH timeout 90 python3 src/tfgpu_wizard/target/sample.py --steps 20 --log-every 10 \
    >/tmp/recC/no-libpath.jsonl 2>/tmp/recC/no-libpath.err
  grep -o '"code": "[a-z-]*"' /tmp/recC/no-libpath.jsonl | sort | uniq -c
  python3 tools/gpu/h200_memory_sweep.py /tmp/recC/sweep.jsonl --parallel 4 --budget 230 --python python3 2>&1 |
    tee "$OUT/sweep.log"
  for script in tools/gpu/fit_on_gpu.py tools/gpu/nvml_check.py; do
    left=$((560 - $(date +%s) + t0))
    [ -f "$script" ] && [ "$left" -gt 40 ] || continue
    name=$(basename "$script" .py)
    timeout $((left - 20)) python3 "$script" >"/tmp/recC/$name.json" 2>"/tmp/recC/$name.err"
    echo "$script: exit $?"; tail -c 1500 "/tmp/recC/$name.json"
  done
  tar czf "$OUT/c.tgz" -C /tmp/recC .
  ;;
*)
  echo "phase a, b or c" >&2; exit 2 ;;
esac
