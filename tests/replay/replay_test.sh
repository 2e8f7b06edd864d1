#!/bin/bash
# Captures a program, then replays its log with ltplay in a fresh process: every read must match.
#   replay_test.sh PROGRAM LIBLTCAP LTPLAY [LTPLAY OPTIONS]...
set -uo pipefail
program=$1 shim=$(realpath "$2") ltplay=$(realpath "$3")
shift 3
work=${TEST_TMPDIR:-$(mktemp -d)}
fail() { echo "FAIL: $*" >&2; exit 1; }
TT_METAL_EMU_CACHE_DIR=$work/plain-kernel-cache "$program" >"$work/plain.out" 2>&1 ||
    fail "the program itself fails: $(tail -3 "$work/plain.out")"
# A sanitized shim (the _asan twins) goes after the sanitizer's runtime, which must be the first library loaded.
preload=$shim
runtime=$(ldd "$shim" | awk '$1 ~ /^libasan\.so/ {print $3}')
[ -z "$runtime" ] || preload="$runtime $shim"
# The capture starts on a cold kernel cache: every kernel is compiled, and the log carries each build. A sanitized
# shim's capture starts on the program's warm cache: the compiler it would start inherits LD_PRELOAD, and UBSan's
# vptr checks leave that shim with typeinfo references only a tt-metal process resolves.
capture_cache=$work/kernel-cache
[ -z "$runtime" ] || capture_cache=$work/plain-kernel-cache
TT_METAL_EMU_CACHE_DIR=$capture_cache LTCAP_LOG=quiet LTCAP_OUTPUT=$work/log.capnp LD_PRELOAD=$preload "$program" >"$work/traced.out" 2>&1 || fail "capture run failed"
# From another folder: the replay needs neither the program nor its kernel sources. By default it needs no compiler
# either — no PATH, an empty kernel cache: the log's builds are installed. With REPLAY_FRESH_CACHE set (or
# --recompile) it compiles every kernel again, from the sources the log carries.
mkdir -p "$work/elsewhere" "$work/replay-kernel-cache"
export TT_METAL_EMU_CACHE_DIR=$work/replay-kernel-cache
[ -z "${REPLAY_FRESH_CACHE:-}" ] || set -- --recompile "$@"
compiles=
for arg in "$@"; do [ "$arg" != --recompile ] || compiles=1; done
if [ -n "$compiles" ]; then
    (cd "$work/elsewhere" && "$ltplay" "$@" "$work/log.capnp") >"$work/replay.out" 2>&1
else
    (cd "$work/elsewhere" && PATH=/nonexistent "$ltplay" "$@" "$work/log.capnp") >"$work/replay.out" 2>&1
fi
status=$?
cat "$work/replay.out"
[ $status -eq 0 ] || fail "ltplay exit $status"
grep -q ", 0 mismatches" "$work/replay.out" || fail "no verification summary"
grep -qE ", [1-9][0-9]* reads checked" "$work/replay.out" || fail "no read was checked"
if [ -z "$compiles" ]; then
    grep -qE "^ltplay: kernels: [0-9]+ builds installed from the log, none compiled" "$work/replay.out" ||
        fail "the replay did not install the log's kernel builds"
    [ -z "$(ls -A "$work/replay-kernel-cache")" ] || fail "the replay wrote to the host's kernel cache"
fi
echo "PASS: replay matches the capture"
