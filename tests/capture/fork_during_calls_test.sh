#!/bin/bash
# A program forks 20 times while another of its threads sets runtime args in a loop (calls whose records the shim
# keeps); each child makes one call. Captured: every child finishes (none waits for a lock held by a thread the fork
# did not copy) and writes a readable log of its own.
#   fork_during_calls_test.sh PROGRAM LIBLTCAP LTDUMP
set -uo pipefail
program=$(realpath "$1") shim=$(realpath "$2") ltdump=$(realpath "$3")
work=${TEST_TMPDIR:-$(mktemp -d)}
fail() { echo "FAIL: $*" >&2; exit 1; }
export TT_METAL_EMU_CACHE_DIR=$work/kernel-cache
"$program" 3 >"$work/plain.out" 2>&1 || fail "the program fails on its own: $(cat "$work/plain.out")"
LTCAP_LOG=quiet LTCAP_OUTPUT=$work/f.%p.capnp LD_PRELOAD=$shim timeout -k 10 120 "$program" 20 >"$work/out" 2>&1 ||
    fail "captured, exit $?: $(head -c 600 "$work/out")"
grep -q "20 of 20 children finished" "$work/out" || fail "$(cat "$work/out")"
logs=$(ls "$work"/f.*.capnp | wc -l)
[ "$logs" = 21 ] || fail "expected the parent's log and 20 children's: $logs"
for f in "$work"/f.*.capnp; do
    "$ltdump" "$f" >/dev/null 2>"$work/dump.err" || fail "$(basename "$f"): $(head -c 300 "$work/dump.err")"
done
echo "PASS: 20 forks during kept calls, every child finished and wrote a readable log"
