#!/bin/bash
# The main job, end to end on the emulated device: build what it runs; capture an example tt-metal program with
# `ltcap capture`; summarise and replay its log with `ltcap info` and `ltcap replay` in a fresh process, from
# another folder, and show the verdict (every read compared byte for byte with the capture). The same for a program
# of today's mesh-only API (tt-metal v0.67.0: ltcap picks that release's shim and player by the library the program
# loads and by the log's header). A deployable workload: a framework model driven from Python, captured once on a
# cold kernel cache, replays where no compiler is found, and runs on new inputs through the embeddable runtime
# (`ltcap run`). Then every v0.56.0 example program, captured with the shim directly (LD_PRELOAD=libltcap.so).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install_deps.sh

# Only what the demo runs (the tests build the rest): the front end, the shim, the player tools, the emulated
# libtt_metal.so they load, and the example programs.
programs=(loopback multicore_copy nonblocking_io eltwise_binary eltwise_sfpu matmul_single_core vecadd_multi_core
          metal_trace two_queues_events buffer_churn pipeline multithreaded_host)
echo "== 0. build ltcap, the shim, ltplay, ltdump, the emulated device and ${#programs[@]} example programs"
bazel build --color=no --curses=no --noshow_progress //cli:ltcap //profiles/v0.56.0:libltcap.so //profiles/v0.56.0:ltplay \
    //profiles/v0.67.0:libltcap_v067.so //profiles/v0.67.0:ltplay_v067 //tests/v0.67.0/mesh_2x4 \
    //profiles/v0.56.0:libltcap_run.so //tests/v0.56.0/framework_model:libtoy_model.so \
    //player:ltdump "${programs[@]/#/\/\/tests/v0.56.0/}" 2>&1 | tail -n 1

shim=$PWD/bazel-bin/profiles/v0.56.0/libltcap.so
ltdump=$PWD/bazel-bin/player/ltdump
ltplay=$PWD/bazel-bin/profiles/v0.56.0/ltplay
ltcap=$PWD/bazel-bin/cli/ltcap
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
mkdir -p "$out/elsewhere"

# Captures program $1, checks it ran as without the shim, replays the log; extra arguments go to ltplay.
capture_and_replay() {
    local p=$1 bin=bazel-bin/tests/v0.56.0/$1/$1
    shift
    "$bin" >"$out/$p.plain" 2>&1 || true
    local status=0
    LTCAP_LOG=quiet LTCAP_OUTPUT="$out/$p.capnp" LD_PRELOAD=$shim "$bin" >"$out/$p.traced" 2>&1 || status=$?
    if [ $status -ne 0 ] || ! cmp -s "$out/$p.plain" "$out/$p.traced"; then
        echo "  $p: FAILED under capture (exit $status)"
        return 1
    fi
    local verdict
    verdict=$(cd "$out/elsewhere" && "$ltplay" "$@" "$out/$p.capnp" 2>&1 | tail -n 1) || {
        echo "  $p: replay FAILED: $verdict"
        return 1
    }
    echo "  $p: program PASS; captured $(stat -c %s "$out/$p.capnp") bytes; replay: ${verdict#ltplay: }"
}

echo "== 1. capture eltwise_binary (ltcap capture: the program under the capture shim)"
"$ltcap" capture --quiet --output "$out/demo.capnp" -- bazel-bin/tests/v0.56.0/eltwise_binary/eltwise_binary
echo "== 2. the log: ltcap info, then the first calls (ltcap dump --no-times)"
"$ltcap" info "$out/demo.capnp" | sed -n '1,3p;/^calls/p;/^objects/p' | sed 's/^/  /'
"$ltcap" dump --no-times "$out/demo.capnp" | awk '/^#/ && n++ < 12 { print "  " $0 }'
echo "== 3. replay it (ltcap replay), from an empty folder, in a fresh process"
(cd "$out/elsewhere" && "$ltcap" replay --stats "$out/demo.capnp") 2>&1 | tail -n 3 | sed 's/^/  /'
(cd "$out/elsewhere" && "$ltcap" replay "$out/demo.capnp")
echo "== 4. only part of a run: iterations 3-4 of a loop (--ranges 3-4); the log starts with a snapshot"
"$ltcap" capture --quiet --ranges 3-4 --output "$out/window.w%w.capnp" -- bazel-bin/tests/v0.56.0/pipeline/pipeline |
    sed 's/^/  /'
"$ltcap" dump --no-times "$out/window.w1.capnp" | grep -E '^(starts|-- snapshot)|^#[0-9]+ \[t1\] [a-z]' | sed 's/^/  /'
(cd "$out/elsewhere" && "$ltcap" replay "$out/window.w1.capnp")
echo "== 5. cut a log down afterwards: step 1's log from its second program launch on (ltcap trim), replayed alone"
"$ltcap" trim --programs 2- "$out/demo.capnp" "$out/trimmed.capnp" 2>&1 | sed 's/^/  /'
(cd "$out/elsewhere" && "$ltcap" replay "$out/trimmed.capnp")
echo "== 6. today's API: a tt-metal v0.67.0 program on a 2x4 mesh (sharded workload, shard reads), captured and replayed"
"$ltcap" capture --quiet --output "$out/mesh.capnp" -- bazel-bin/tests/v0.67.0/mesh_2x4/mesh_2x4 | sed 's/^/  /'
"$ltcap" info "$out/mesh.capnp" | sed -n '1p' | sed 's/^/  /'
(cd "$out/elsewhere" && "$ltcap" replay "$out/mesh.capnp")
echo "== 7. a deployable workload: a framework model driven from Python (tests/v0.56.0/framework_model), captured"
echo "   once on a cold kernel cache: the log carries its kernels' builds"
model=(python3 tests/v0.56.0/framework_model/model.py bazel-bin/tests/v0.56.0/framework_model/libtoy_model.so 2 1)
TT_METAL_EMU_CACHE_DIR=$out/cold-cache "$ltcap" capture --quiet --output "$out/model.capnp" -- "${model[@]}" 2>&1 |
    tail -n 2 | sed 's/^/  /'
"$ltcap" info "$out/model.capnp" | grep '^builds:' | sed 's/^/  /'
echo "   replayed with no compiler on PATH and an empty kernel cache (no kernel is compiled):"
(cd "$out/elsewhere" && PATH=/nonexistent TT_METAL_EMU_CACHE_DIR=$out/empty-cache "$ltcap" replay "$out/model.capnp") 2>&1 |
    sed 's/^/  /'
echo "   its inputs (host writes) and outputs (reads), as the embeddable runtime sees them (ltcap run --list):"
"$ltcap" run --list "$out/model.capnp" | cut -c1-110 | sed 's/^/  /'
echo "   run on new inputs: the model's x of each step, as the model run with --seed 7 wrote them (the weights stay)"
LTCAP_LOG=quiet LTCAP_OUTPUT=$out/model7.capnp LD_PRELOAD=$shim TT_METAL_EMU_CACHE_DIR=$out/cold-cache "${model[@]}" --seed 7 |
    tail -n 1 | sed 's/^/  seed 7: /'
"$ltcap" extract "$out/model.capnp" "$out/model.x" >/dev/null && "$ltcap" extract "$out/model7.capnp" "$out/model7.x" >/dev/null
inputs=$(python3 tests/runtime/io_files.py bindings "$out/model.x" "$out/model7.x" | sed 's/^/--input /')
mkdir -p "$out/new"
# shellcheck disable=SC2086
(cd "$out/elsewhere" && PATH=/nonexistent TT_METAL_EMU_CACHE_DIR=$out/empty-cache2 "$ltcap" run $inputs --outputs "$out/new" \
    "$out/model.capnp") | sed "s|$out/||g; s/^/  /"
echo "  the outputs against what the model computed for those inputs (seed 7's reads): \
$(python3 tests/runtime/io_files.py compare "$out/new" "$out/model7.x"); against the captured run's: \
$(python3 tests/runtime/io_files.py compare "$out/new" "$out/model.x")"

echo
echo "== every example program: run, capture, replay, verify"
failures=0
for p in "${programs[@]}"; do
    capture_and_replay "$p" || failures=$((failures + 1))
done
echo
if [ "$failures" -eq 0 ]; then
    echo "verdict: all 12 programs PASS, run identically under capture, and replay with every read matching"
else
    echo "verdict: $failures of 12 programs FAILED"
    exit 1
fi
