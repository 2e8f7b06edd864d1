#!/bin/bash
# tt-metal v0.56.0's standalone host tests (tests/tt_metal/tt_metal/test_*.cpp, the ones its CMakeLists.txt builds)
# as a yardstick for the stand-in and for ltcap: each is built unchanged against the project's headers, run on the
# emulated device in each dispatch mode it supports (fast, and TT_METAL_SLOW_DISPATCH_MODE=1), captured under the
# shim and replayed by ltplay from another folder. Tenstorrent's sources are read from a git snapshot holding the
# tag (the search tool's fetch of mcrl/ttt-s2-tt-metal) into a temporary folder; nothing of them is kept.
#
#   scripts/upstream_tests.sh TT_METAL_GIT_DIR [NAME_FILTER]      (after bazel build //...)
#
# One line per test: "build failed" with the compiler's first error (tests that include tt-metal's internal
# headers — llrt.hpp, tt_cluster.hpp, … — cannot build against the public API), else per mode: ok, n/a (the test
# refuses the mode itself), or the stage that failed (run, capture, replay). A test that never calls the API opens
# no log and counts as passing once it runs. KEEP=DIR keeps the work folder.
# Exit status 0 when every test that builds passes in every mode it supports.
set -uo pipefail
GIT=${1:?usage: upstream_tests.sh TT_METAL_GIT_DIR [NAME_FILTER]}
FILTER=${2:-}
root=$(cd "$(dirname "$0")/.." && pwd)
bin=$root/bazel-bin
LIB=$bin/profiles/v0.56.0/libtt_metal.so
SHIM=$bin/profiles/v0.56.0/libltcap.so
PLAY=$bin/profiles/v0.56.0/ltplay
for f in "$LIB" "$SHIM" "$PLAY"; do [ -e "$f" ] || { echo "build it first: bazel build //... ($f missing)" >&2; exit 2; }; done
INC=$root/profiles/v0.56.0/include
V056=15db9cc90e51ca844fc57919fd367af1ed85268b
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
git --git-dir="$GIT" archive "$V056" tests/tt_metal tt_metal/kernels tt_metal/programming_examples 2>/dev/null |
    tar -x -C "$work" || { echo "cannot read v0.56.0 from $GIT" >&2; exit 2; }
cmake=$work/tests/tt_metal/tt_metal/CMakeLists.txt
# The test list as tt-metal builds it: TT_METAL_TESTS_SRCS without its commented-out entries.
tests=$(sed -n '/set(TT_METAL_TESTS_SRCS/,/)/p' "$cmake" | sed 's/#.*//' | grep -o 'test_[a-z0-9_]*\.cpp' | sed 's/\.cpp$//')
[ -n "$tests" ] || { echo "no test list in $cmake" >&2; exit 2; }
# tt-metal builds them with its public include folder (also as bare names), tests/ and the test utilities.
flags=(-std=c++20 -O1 -w -I"$INC" -I"$INC/tt-metalium" -I"$root/stand_ins/magic_enum/include"
       -I"$root/stand_ins/tracy/include" -I"$root/emu/shared/include" -I"$work/tests" -I"$work/tests/tt_metal/test_utils"
       -I"$work/tests/tt_metal/tt_metal")

# run_mode NAME MODE: prints ok, n/a or the failed stage; returns 1 on a failure.
run_mode() {
    local name=$1 mode=$2 env=(TT_METAL_HOME="$work") log=$work/$1.$2
    [ "$mode" = slow ] && env+=(TT_METAL_SLOW_DISPATCH_MODE=1)
    if ! { (cd "$work" && env "${env[@]}" timeout 600 "./$name" >"$log.run" 2>&1); } 2>/dev/null; then
        if grep -q -e 'only supports TT_METAL_SLOW_DISPATCH_MODE' -e 'not supported w/ slow dispatch' "$log.run"; then
            echo "n/a"
            return 0
        fi
        echo "run failed ($(grep -m1 -e 'TT_THROW' -e 'TT_FATAL' -e 'error' "$log.run" | cut -c1-100))"
        return 1
    fi
    (cd "$work" && env "${env[@]}" LTCAP_OUTPUT="$log.capnp" LD_PRELOAD="$SHIM" timeout 600 "./$name" \
        >"$log.cap" 2>&1) || { echo "capture failed (exits differently under the shim)"; return 1; }
    # A program that never calls tt-metal's API (host-side conversions only) opens no log (docs/capture.md).
    [ -e "$log.capnp" ] || { echo "ok (no API calls to capture)"; return 0; }
    # The replay runs elsewhere, without the tree: kernels come from the log.
    (cd / && env -u TT_METAL_HOME "${env[@]:1}" timeout 600 "$PLAY" "$log.capnp" >"$log.play" 2>&1) || { echo "replay failed ($(grep -m1 -e MISMATCH -e error "$log.play" | cut -c1-100))"; return 1; }
    echo "ok"
}

built=0 passed=0 total=0
for name in $tests; do
    [ -n "$FILTER" ] && [[ "$name" != *$FILTER* ]] && continue
    total=$((total + 1))
    printf '%-48s' "$name"
    if ! g++ "${flags[@]}" "$work/tests/tt_metal/tt_metal/$name.cpp" -L"$(dirname "$LIB")" \
        -Wl,-rpath,"$(dirname "$LIB")" -ltt_metal -lpthread -o "$work/$name" >"$work/$name.build" 2>&1; then
        echo "build failed: $(grep -m1 'error' "$work/$name.build" | sed 's/^.*error: //' | cut -c1-90)"
        continue
    fi
    built=$((built + 1))
    fast=$(run_mode "$name" fast)
    fast_rc=$?
    slow=$(run_mode "$name" slow)
    slow_rc=$?
    echo "fast: $fast   slow: $slow"
    [ $fast_rc -eq 0 ] && [ $slow_rc -eq 0 ] && [ "$fast/$slow" != "n/a/n/a" ] && passed=$((passed + 1))
done
[ -n "${KEEP:-}" ] && { rm -rf "$KEEP"; cp -r "$work" "$KEEP"; echo "work folder kept in $KEEP"; }
echo "$built of $total tests build against the public headers; $passed of $built run, capture and replay in every dispatch mode they support"
[ "$passed" -eq "$built" ]
