#!/bin/bash
# A program forks while the shim's log writer thread is loading libzstd (the program stretches that load to a
# second). Captured: fork waits for the load, so the child is never forked half way through it, and the child's
# own log (its writer loads libzstd again) is written and readable.
#   fork_at_start_test.sh PROGRAM LIBLTCAP LTDUMP
set -uo pipefail
program=$(realpath "$1") shim=$(realpath "$2") ltdump=$(realpath "$3")
work=${TEST_TMPDIR:-$(mktemp -d)}
fail() { echo "FAIL: $*" >&2; exit 1; }
export TT_METAL_EMU_CACHE_DIR=$work/kernel-cache
"$program" >"$work/plain.out" 2>&1 || fail "the program fails on its own: $(cat "$work/plain.out")"
grep -q "under way at the fork: no" "$work/plain.out" || fail "without the shim nothing should load libzstd: $(cat "$work/plain.out")"
LTCAP_LOG=quiet LTCAP_COMPRESS=1 LTCAP_OUTPUT=$work/f.%p.capnp LD_PRELOAD=$shim timeout -k 10 120 "$program" >"$work/out" 2>&1 ||
    fail "captured, exit $?: $(head -c 600 "$work/out")"
# The program did fork while a load was under way (else this test proves nothing).
grep -q "under way at the fork: yes" "$work/out" || fail "the shim's writer was not loading libzstd at the fork: $(cat "$work/out")"
logs=$(ls "$work"/f.*.capnp | wc -l)
[ "$logs" = 2 ] || fail "expected the parent's log and the child's: $logs"
for f in "$work"/f.*.capnp; do
    "$ltdump" "$f" >/dev/null 2>"$work/dump.err" || fail "$(basename "$f"): $(head -c 300 "$work/dump.err")"
done
echo "PASS: a fork during the shim's libzstd load waited for it; the child wrote a readable log"
