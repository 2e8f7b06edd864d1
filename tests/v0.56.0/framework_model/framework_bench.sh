#!/bin/bash
# The framework-shaped model as a workload to capture and deploy (docs/performance.md): from one sitting, the
# median eager step and trace replay plain and under the shim, the whole run's wall time plain, captured and
# replayed by ltplay (best of alternating rounds), and the log's size per eager step (the difference between a
# long and a short run).
#   bazel run //tests/v0.56.0/framework_model:framework_bench [-- STEPS]
set -uo pipefail
runfiles=${RUNFILES_DIR:-$0.runfiles}/ltcap
cd "$runfiles" || exit 1
steps=${1:-60}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export TT_METAL_EMU_CACHE_DIR=$work/kernel-cache LTCAP_LOG=quiet
shim=$PWD/profiles/v0.56.0/libltcap.so ltplay=$PWD/profiles/v0.56.0/ltplay
model=(python3 tests/v0.56.0/framework_model/model.py tests/v0.56.0/framework_model/libtoy_model.so)
now() { date +%s%N; }
ms() { echo "scale=1; $1 / 1000000" | bc; }
timing() { sed -n 's/^timing: //p' "$1"; }

"${model[@]}" 2 1 >/dev/null || { echo "the model fails" >&2; exit 1; }  # compiles every kernel once
# Plain and captured runs alternate, best of `rounds` each: this VM's speed drifts over minutes.
rounds=3 best_plain= best_captured= best_replay=
for ((i = 0; i < rounds; i++)); do
    t0=$(now); "${model[@]}" "$steps" 20 --timing >"$work/plain.$i.out" || exit 1; t1=$(now)
    LTCAP_OUTPUT=$work/long.capnp LD_PRELOAD=$shim "${model[@]}" "$steps" 20 --timing >"$work/captured.$i.out" || exit 1
    t2=$(now)
    (cd "$work" && "$ltplay" long.capnp >"$work/replay.out" 2>&1) || { cat "$work/replay.out"; exit 1; }
    t3=$(now)
    best_plain=$(printf '%s\n' $best_plain $((t1 - t0)) | sort -n | head -1)
    best_captured=$(printf '%s\n' $best_captured $((t2 - t1)) | sort -n | head -1)
    best_replay=$(printf '%s\n' $best_replay $((t3 - t2)) | sort -n | head -1)
done
# The round whose median step was fastest, for each kind of run.
best_timing() { for f in "$work"/$1.*.out; do timing "$f"; done | sort -t' ' -k2 -n | head -1; }
LTCAP_OUTPUT=$work/short.capnp LD_PRELOAD=$shim "${model[@]}" 10 20 >/dev/null || exit 1
LTCAP_COMPRESS=0 LTCAP_OUTPUT=$work/long.raw.capnp LD_PRELOAD=$shim "${model[@]}" "$steps" 20 >/dev/null || exit 1
LTCAP_COMPRESS=0 LTCAP_OUTPUT=$work/short.raw.capnp LD_PRELOAD=$shim "${model[@]}" 10 20 >/dev/null || exit 1
size() { stat -c %s "$1"; }
per_step() { echo $(( ($(size "$1") - $(size "$2")) / (steps - 10) )); }

echo "framework_model, $steps eager steps + 20 trace replays (x 64x128 · W 128x64, 4 ops a step), best of $rounds rounds"
echo "  plain:    $(best_timing plain); whole run $(ms "$best_plain") ms"
echo "  captured: $(best_timing captured); whole run $(ms "$best_captured") ms"
echo "  ltplay of the captured log: $(ms "$best_replay") ms ($(tail -1 "$work/replay.out"))"
echo "  log: $(size "$work/long.capnp") bytes compressed, $(size "$work/long.raw.capnp") uncompressed;" \
     "per eager step $(per_step "$work/long.capnp" "$work/short.capnp") bytes compressed," \
     "$(per_step "$work/long.raw.capnp" "$work/short.raw.capnp") uncompressed"
