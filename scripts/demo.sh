#!/bin/bash
# The main job, end to end on the emulated device: build everything; capture an example tt-metal program under
# LD_PRELOAD=libltcap.so, check it behaved exactly as without the shim, and show its log; then run and capture
# every example program the same way and give the verdict.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install_deps.sh
bazel build --color=no --curses=no --noshow_progress //... 2>&1 | tail -n 1

shim=$PWD/bazel-bin/interpose/libltcap.so
ltdump=bazel-bin/player/ltdump
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# Runs program $1 plain and captured; prints its verdict line; returns non-zero on any difference.
capture() {
    local p=$1 bin=bazel-bin/tests/programs/$1/$1
    "$bin" >"$out/$p.plain" 2>&1 || true
    local status=0
    LTCAP_LOG=quiet LTCAP_OUTPUT="$out/$p.capnp" LD_PRELOAD=$shim "$bin" >"$out/$p.traced" 2>&1 || status=$?
    if ! cmp -s "$out/$p.plain" "$out/$p.traced"; then
        echo "  $p: output differs under capture"
        return 1
    fi
    local calls
    calls=$("$ltdump" --no-times "$out/$p.capnp" | grep -c '^#') || { echo "  $p: log unreadable"; return 1; }
    echo "  $(tail -n 1 "$out/$p.traced")   [captured: $calls calls, $(stat -c %s "$out/$p.capnp") bytes]"
    return $status
}

echo "== capture: eltwise_binary under LD_PRELOAD=libltcap.so"
capture eltwise_binary
echo "== its log (ltdump --no-times):"
"$ltdump" --no-times "$out/eltwise_binary.capnp" | sed 's/^/  /'

echo
echo "== every example program, run plain and captured"
programs=(loopback multicore_copy nonblocking_io eltwise_binary eltwise_sfpu matmul_single_core vecadd_multi_core
          metal_trace two_queues_events multithreaded_host)
failures=0
for p in "${programs[@]}"; do
    capture "$p" || failures=$((failures + 1))
done
echo
if [ "$failures" -eq 0 ]; then
    echo "verdict: all ${#programs[@]} programs PASS on the emulated device, and run identically under capture"
else
    echo "verdict: $failures of ${#programs[@]} programs FAILED"
    exit 1
fi
