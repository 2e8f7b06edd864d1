#!/bin/bash
# The performance figures (issues 35 and 65) in one sitting: each benchmark in turn, nothing else should run meanwhile (CI, fuzzers, builds).
# Prints the machine's state first (this VM's memory and call speeds move over minutes; docs/performance.md), then
# every benchmark's own lines. Run from the workspace root:
#   scripts/perf_sitting.sh [ROUNDS]        (ROUNDS: repetitions of the short benchmarks, default 3)
set -euo pipefail
rounds=${1:-3}
case $rounds in ''|*[!0-9]*) echo "usage: perf_sitting.sh [ROUNDS]" >&2; exit 2 ;; esac
bazel build //interpose:capture_bench //interpose:window_bench //profiles/v0.56.0:libltcap.so //player:replay_bench \
    //cli:tools_bench \
    >/dev/null 2>&1 || { echo "perf_sitting.sh: the build failed (bazel build //interpose:capture_bench ...)" >&2; exit 1; }
root=$PWD
echo "== $(date -u '+%F %T') UTC, $(git rev-parse --short HEAD)$(git diff --quiet || echo ' (with local changes)')"
echo "== the machine: a new 1 GiB file written into tmpfs, then the same bytes over it"
probe=/dev/shm/perf-sitting-probe
rm -f "$probe"
dd if=/dev/zero of="$probe" bs=4M count=256 2>&1 | tail -1
dd if=/dev/zero of="$probe" bs=4M count=256 conv=notrunc 2>&1 | tail -1
rm -f "$probe"
echo "== capture per call (capture_bench, calls only; the line names the direct call's time too)"
for ((i = 0; i < rounds + 2; i++)); do
    CAPTURE_BENCH_CHILD=1 CAPTURE_BENCH_CALLS_ONLY=1 LTCAP_OUTPUT=/dev/shm/perf-sitting-cb.capnp LTCAP_LOG=quiet \
        LD_PRELOAD="$root/bazel-bin/profiles/v0.56.0/libltcap.so" bazel-bin/interpose/capture_bench
done
rm -f /dev/shm/perf-sitting-cb.capnp
echo "== windows (window_bench)"
for ((i = 0; i < rounds; i++)); do
    (cd bazel-bin/interpose/window_bench.runfiles/ltcap && ./interpose/window_bench)
done
echo "== replay (replay_bench: the compute workload's ratio, alternating rounds, per phase; call-bound replay; the 2 GiB logs' first call, peak RSS, no temporary file)"
(cd bazel-bin/player/replay_bench.runfiles/ltcap && ./player/replay_bench)
echo "== log-reading tools at a million calls (tools_bench: each tool's best of $rounds as a ratio to the decompression floor)"
bazel-bin/cli/tools_bench "$rounds"
