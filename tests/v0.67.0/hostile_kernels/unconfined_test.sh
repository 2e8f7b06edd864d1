#!/bin/bash
# The hostile-kernels checks bite: with the emulated device's confinement off (TT_METAL_EMU_CONFINE=0) the same
# kernels reach the host — the spinning launch leaves no worker to kill, a file is made — and the program says so
# (until the shell kernel replaces the whole process with `sh`, which never prints PASS).
#   unconfined_test.sh PROGRAM
set -uo pipefail
export TMPDIR="${TEST_TMPDIR:-$(mktemp -d)}"
export TT_METAL_EMU_CACHE_DIR="$TMPDIR/kernel-cache"
out=$(TT_METAL_EMU_CONFINE=0 "$1" 2>&1)
status=$?
fail() { echo "FAIL: $*"; echo "$out"; exit 1; }
grep -q "hostile_kernels: PASS" <<<"$out" && fail "unconfined, the program passed (exit $status)"
for check in "its worker died with its program" "a kernel that opens a file"; do
    grep -q "FAILED: $check" <<<"$out" || fail "unconfined, the check '$check' did not fail"
done
echo "ok: unconfined, the host was reached and the checks said so"
