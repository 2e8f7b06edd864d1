#!/bin/bash
# The framework-shaped model (tests/v0.56.0/framework_model) run from Python, as a TTNN workload runs:
#  1. installed as an application of its own (model.py, libtoy_model.so, its kernel tree) in a scratch folder and
#     run from there, plain and under the shim — the same output;
#  2. the whole log: every tensor made by Buffer::create has a creation record, DeallocateBuffer and dropped
#     references are recorded, the cached programs (by CreateProgram or `Program{}`) are built once and re-enqueued;
#  3. windows by program boundary (steps 3–4; the trace replays) start from a snapshot;
#  4. the application folder is deleted, then each log replays in a fresh process with a clean environment: every
#     read verified, the whole log's buffers at their captured addresses.
#   framework_test.sh MODEL_PY LIBTOY_MODEL LIBTT_METAL LIBLTCAP LTPLAY LTDUMP
set -uo pipefail
model=$(realpath "$1") lib=$(realpath "$2") ttlib=$(realpath "$3") shim=$(realpath "$4") ltplay=$(realpath "$5")
ltdump=$(realpath "$6")
work=${TEST_TMPDIR:-$(mktemp -d)}
export TT_METAL_EMU_CACHE_DIR=$work/kernel-cache
player=$ltplay model_lib=$(basename "$lib")
source "$(dirname "$0")/framework_lib.sh"
python=$(command -v python3) || fail "python3 is not installed (scripts/install_deps.sh installs it)"

# The application: copied out of the source tree, tt-metal found the way a deployment finds it.
app=$work/app
mkdir -p "$app/tests/v0.56.0"
cp "$model" "$lib" "$app/"
for d in framework_model/kernels eltwise_sfpu/kernels matmul_single_core/kernels shared_kernels; do
    mkdir -p "$app/tests/v0.56.0/$d" && cp "$(dirname "$model")/../$d/"* "$app/tests/v0.56.0/$d/" ||
        fail "cannot copy the kernels of $d"
done
export LD_LIBRARY_PATH=$(dirname "$ttlib")
run plain
grep -q "6 steps, 4 trace replays: PASS" "$work/plain.out" || fail "the model fails by itself: $(cat "$work/plain.out")"
run whole LTCAP_OUTPUT="$work/whole.capnp"
run steps LTCAP_RANGES=9-16 LTCAP_OUTPUT="$work/steps.capnp"   # steps 3–4: four programs a step
run trace LTCAP_RANGES=26-27 LTCAP_OUTPUT="$work/trace.capnp"  # the second and third trace replays

# 2. What the whole log holds.
"$ltdump" --no-times "$work/whole.capnp" >"$work/whole.dump" || fail "ltdump exit $?"
d=$work/whole.dump
# Tensors: weights, bias, scaler; five per eager step; five for the traced step.
[ "$(count ' bufferCreate\(' "$d")" -eq $((3 + 6 * 5 + 5)) ] || fail "expected 38 Buffer::create records: $(count ' bufferCreate\(' "$d")"
[ "$(count ' createBuffer' "$d")" -eq 0 ] || fail "the model never calls CreateBuffer"
# DRAM interleaved (x, y, r, weights), L1 interleaved (a), L1 height-sharded (z): one of each per step.
for kind in "buffer_type=DRAM, buffer_layout=INTERLEAVED" "buffer_type=L1, buffer_layout=INTERLEAVED" \
    "buffer_type=L1, buffer_layout=HEIGHT_SHARDED"; do
    [ "$(count " bufferCreate\\(.*$kind" "$d")" -ge 7 ] || fail "expected a Buffer::create tensor ($kind) per step"
done
# One program per cached op: two made by CreateProgram, two constructed directly (`Program{}`, no API call: the
# replay makes them where the log first names them).
[ "$(count ' createProgram\(' "$d")" -eq 2 ] || fail "expected 2 CreateProgram calls: $(count ' createProgram\(' "$d")"
[ "$(grep -oE 'program=program#[0-9]+' "$d" | sort -u | wc -l)" -eq 4 ] || fail "expected 4 programs, one per cached op"
[ "$(count ' enqueueProgram\(' "$d")" -eq $((6 * 4 + 4)) ] || fail "expected 28 launches (the trace's 4 included)"
[ "$(count ' deallocateBuffer\(' "$d")" -eq 6 ] || fail "expected one DeallocateBuffer per step"
[ "$(count ' bufferReleased\(' "$d")" -ge $((6 * 5)) ] || fail "expected the activations' releases"
[ "$(count ' getRuntimeArgs\(' "$d")" -gt 0 ] || fail "the program cache rewrites args through GetRuntimeArgs"
[ "$(count ' updateDynamicCircularBufferAddress\(' "$d")" -eq $((5 * 2 + 2)) ] || fail "expected the sharded CBs moved each cache hit"
[ "$(count ' replayTrace\(' "$d")" -eq 4 ] || fail "expected 4 trace replays"

# 3. The windows start mid-run from a snapshot.
for w in steps trace; do
    [ -s "$work/$w.capnp" ] || fail "$w: no window log: $(cat "$work/$w.err")"
    "$ltdump" --no-times "$work/$w.capnp" >"$work/$w.dump" || fail "$w: ltdump exit $?"
    grep -q "starts mid-run" "$work/$w.dump" || fail "$w: the window log has no snapshot"
done
[ "$(count ' replayTrace\(' "$work/trace.dump")" -eq 2 ] || fail "trace window: expected 2 trace replays"
# The cached programs' sharded CBs were placed in tensors freed since (step 1's, then step 2's): the snapshot makes
# them again for the records that name them and releases them again — every such tensor but step 3's live one.
made=$(count '\[snapshot\] bufferCreate\(.*buffer_layout=HEIGHT_SHARDED' "$work/steps.dump")
[ "$made" -eq 3 ] && [ "$(count '\[snapshot\] bufferReleased\(' "$work/steps.dump")" -eq $((made - 1)) ] ||
    fail "steps window: expected 2 sharded tensors recreated and released again: $(grep -E '\[snapshot\] buffer(Created|Released)' "$work/steps.dump")"
grep -q "\[snapshot\] beginTraceCapture" "$work/trace.dump" || fail "trace window: the snapshot does not recreate the trace"

# 4. Nothing of the application is left; ltplay replays each log in a clean environment.
rm -rf "$app"
replay whole $((6 * 2 + 4 * 2))
! grep -q "was placed at" "$work/whole.play" || fail "whole: a buffer moved: $(grep "was placed" "$work/whole.play")"
# --profile counts runs as the capture does: each op's program 6 times (its launch while the trace was captured is
# the trace's recipe), the trace 4 times.
(cd "$work/elsewhere" && TT_METAL_EMU_CACHE_DIR="$TT_METAL_EMU_CACHE_DIR" "$player" -q --profile "$work/whole.capnp") \
    >"$work/profile.out" 2>&1 || fail "--profile: $(cat "$work/profile.out")"
[ "$(grep -cE '^ +6 +[0-9.]+ +[0-9.]+  program#[0-9]+ \(.*\)$' "$work/profile.out")" -eq 4 ] &&
    grep -qE '^ +4 +[0-9.]+ +[0-9.]+  trace#[0-9]+$' "$work/profile.out" ||
    fail "--profile: expected 4 programs run 6 times and a trace run 4 times: $(cat "$work/profile.out")"
replay steps 2   # step 3's two reads (step 4's come after the window)
replay trace 2
echo "PASS: the Python-hosted framework workload captures and replays, whole and by window"
