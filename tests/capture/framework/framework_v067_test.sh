#!/bin/bash
# The framework-shaped model on tt-metal v0.67.0 (tests/v0.67.0/framework_model: tensors as MeshBuffers, a cache of
# MeshWorkloads whose programs are rewritten in place, a mesh trace replayed with new inputs) run from Python, as a
# TTNN v0.67 workload runs:
#  1. installed as an application of its own (model.py, the model library, its kernels) and run from there, plain
#     and under the v0.67.0 shim — the same output;
#  2. the whole log: every tensor's MeshBuffer::create, deallocate() and dropped references; each cached program
#     built once, added to its workload once, re-enqueued with its args rewritten through GetRuntimeArgs and its
#     sharded CBs moved;
#  3. windows by launch boundary (steps 3–4; the second and third trace replays) start from a snapshot;
#  4. the application folder is deleted, then each log replays with ltplay_v067 alone: every read verified.
#   framework_v067_test.sh MODEL_PY LIBTOY_MODEL KERNEL_FILE LIBTT_METAL LIBLTCAP_V067 LTPLAY_V067 LTDUMP
set -uo pipefail
model=$(realpath "$1") lib=$(realpath "$2") kernel=$(realpath "$3") ttlib=$(realpath "$4") shim=$(realpath "$5")
player=$(realpath "$6") ltdump=$(realpath "$7")
work=${TEST_TMPDIR:-$(mktemp -d)}
export TT_METAL_EMU_CACHE_DIR=$work/kernel-cache
model_lib=$(basename "$lib")
source "$(dirname "$0")/framework_lib.sh"
python=$(command -v python3) || fail "python3 is not installed (scripts/install_deps.sh installs it)"

# The application: copied out of the source tree (the kernels where the model names them, below its folder).
app=$work/app
kernels=$app/tests/v0.67.0/framework_model/kernels
mkdir -p "$kernels" && cp "$(dirname "$kernel")"/*.cpp "$kernels/" && cp "$model" "$lib" "$app/" ||
    fail "cannot lay out the application"
export LD_LIBRARY_PATH=$(dirname "$ttlib")
run plain
grep -q "6 steps, 4 trace replays: PASS" "$work/plain.out" || fail "the model fails by itself: $(cat "$work/plain.out")"
run whole LTCAP_OUTPUT="$work/whole.capnp"
run steps LTCAP_RANGES=9-16 LTCAP_OUTPUT="$work/steps.capnp"   # steps 3–4: four workloads a step
run trace LTCAP_RANGES=26-27 LTCAP_OUTPUT="$work/trace.capnp"  # the second and third trace replays

# 2. What the whole log holds.
"$ltdump" --no-times "$work/whole.capnp" >"$work/whole.dump" || fail "ltdump exit $?"
d=$work/whole.dump
head -1 "$d" | grep -q "tt-metal v0.67.0" || fail "the log does not name the v0.67.0 profile: $(head -1 "$d")"
# Tensors: weights, bias, scaler; five per eager step; five for the traced step.
[ "$(count ' meshBufferCreate\(' "$d")" -eq $((3 + 6 * 5 + 5)) ] ||
    fail "expected 38 MeshBuffer::create records: $(count ' meshBufferCreate\(' "$d")"
for kind in "DRAM INTERLEAVED" "L1 INTERLEAVED" "L1 HEIGHT_SHARDED"; do
    [ "$(count " meshBufferCreate\\(.*page=2048 $kind" "$d")" -ge 7 ] || fail "expected a $kind tensor per step"
done
# One workload per cached op, its program made by CreateProgram (two) or constructed directly (two).
[ "$(count ' createProgram\(' "$d")" -eq 2 ] || fail "expected 2 CreateProgram calls: $(count ' createProgram\(' "$d")"
[ "$(grep -oE 'program=program#[0-9]+' "$d" | sort -u | wc -l)" -eq 4 ] || fail "expected 4 programs, one per cached op"
[ "$(count ' meshWorkloadAddProgram\(' "$d")" -eq 4 ] || fail "expected each cached program added to its workload once"
[ "$(grep -oE 'mesh_workload=meshWorkload#[0-9]+' "$d" | sort -u | wc -l)" -eq 4 ] || fail "expected 4 workloads launched"
[ "$(count ' enqueueMeshWorkload\(' "$d")" -eq $((6 * 4 + 4)) ] || fail "expected 28 launches (the trace's 4 included)"
[ "$(count ' meshBufferDeallocate\(' "$d")" -eq 6 ] || fail "expected one MeshBuffer::deallocate per step"
[ "$(count ' meshBufferReleased\(' "$d")" -ge $((6 * 5)) ] || fail "expected the activations' releases"
[ "$(count ' getRuntimeArgs\(' "$d")" -gt 0 ] || fail "the program cache rewrites args through GetRuntimeArgs"
[ "$(count ' updateDynamicCircularBufferAddress\(' "$d")" -eq $((5 * 2 + 2)) ] || fail "expected the sharded CBs moved each cache hit"
[ "$(count ' meshReplayMeshTrace\(' "$d")" -eq 4 ] || fail "expected 4 trace replays"

# 3. The windows start mid-run from a snapshot.
for w in steps trace; do
    [ -s "$work/$w.capnp" ] || fail "$w: no window log: $(cat "$work/$w.err")"
    "$ltdump" --no-times "$work/$w.capnp" >"$work/$w.dump" || fail "$w: ltdump exit $?"
    grep -q "starts mid-run" "$work/$w.dump" || fail "$w: the window log has no snapshot"
done
[ "$(count '^#[0-9]+ \[t[0-9]+\] meshReplayMeshTrace\(' "$work/trace.dump")" -eq 2 ] ||
    fail "trace window: expected 2 trace replays"
# The cached workloads' sharded CBs were placed in tensors freed since (step 1's, then step 2's): the snapshot makes
# them again for the records that name them and releases them again — every such tensor but step 3's live one.
made=$(count '\[snapshot\] meshBufferCreate\(.*HEIGHT_SHARDED' "$work/steps.dump")
[ "$made" -eq 3 ] && [ "$(count '\[snapshot\] meshBufferReleased\(' "$work/steps.dump")" -eq $((made - 1)) ] ||
    fail "steps window: expected 2 sharded tensors recreated and released again: $(grep -E '\[snapshot\] meshBuffer(Create|Released)' "$work/steps.dump")"
grep -q "\[snapshot\] meshBeginTraceCapture" "$work/trace.dump" || fail "trace window: the snapshot does not recreate the trace"

# 4. Nothing of the application is left; the v0.67.0 player replays each log in a clean environment.
rm -rf "$app"
replay whole $((6 * 2 + 4 * 2))
replay steps 2   # step 3's two reads (step 4's come after the window)
replay trace 2
echo "PASS: the Python-hosted v0.67.0 framework workload captures and replays, whole and by window"
