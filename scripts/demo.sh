#!/bin/bash
# The main job, end to end on the emulated device: builds everything and runs the example tt-metal programs,
# showing each program's own verdict.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install_deps.sh
bazel build --color=no --curses=no --noshow_progress //... 2>&1 | tail -n 2

programs=(loopback multicore_copy nonblocking_io eltwise_binary eltwise_sfpu matmul_single_core vecadd_multi_core
          metal_trace two_queues_events multithreaded_host)
failures=0
for p in "${programs[@]}"; do
    echo "== $p"
    if ! "bazel-bin/tests/programs/$p/$p"; then
        failures=$((failures + 1))
    fi
done
echo
if [ "$failures" -eq 0 ]; then
    echo "verdict: all ${#programs[@]} programs PASS on the emulated device"
else
    echo "verdict: $failures of ${#programs[@]} programs FAILED"
    exit 1
fi
