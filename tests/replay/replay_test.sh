#!/bin/bash
# Captures a program, then replays its log with ltplay in a fresh process: every read must match.
#   replay_test.sh PROGRAM LIBLTCAP LTPLAY [LTPLAY OPTIONS]...
set -uo pipefail
program=$1 shim=$(realpath "$2") ltplay=$(realpath "$3")
shift 3
work=${TEST_TMPDIR:-$(mktemp -d)}
export TT_METAL_EMU_CACHE_DIR=$work/kernel-cache
fail() { echo "FAIL: $*" >&2; exit 1; }
"$program" >"$work/plain.out" 2>&1 || fail "the program itself fails: $(tail -3 "$work/plain.out")"
# A sanitized shim (the _asan twins) goes after the sanitizer's runtime, which must be the first library loaded.
preload=$shim
runtime=$(ldd "$shim" | awk '$1 ~ /^libasan\.so/ {print $3}')
[ -z "$runtime" ] || preload="$runtime $shim"
LTCAP_LOG=quiet LTCAP_OUTPUT=$work/log.capnp LD_PRELOAD=$preload "$program" >"$work/traced.out" 2>&1 || fail "capture run failed"
# From another folder: the replay needs neither the program nor its kernel sources. With REPLAY_FRESH_CACHE set it
# also compiles every kernel again, from the sources the log carries.
mkdir -p "$work/elsewhere"
[ -n "${REPLAY_FRESH_CACHE:-}" ] && export TT_METAL_EMU_CACHE_DIR=$work/replay-kernel-cache
(cd "$work/elsewhere" && "$ltplay" "$@" "$work/log.capnp") >"$work/replay.out" 2>&1
status=$?
cat "$work/replay.out"
[ $status -eq 0 ] || fail "ltplay exit $status"
grep -q ", 0 mismatches" "$work/replay.out" || fail "no verification summary"
grep -qE ", [1-9][0-9]* reads checked" "$work/replay.out" || fail "no read was checked"
echo "PASS: replay matches the capture"
