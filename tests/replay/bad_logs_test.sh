#!/bin/bash
# Bad logs get a clear message and exit 2, never a crash or a hang: empty, random bytes, wrong first entry,
# future format version, and a log cut off mid-way (whose complete part is replayed first).
set -uo pipefail
shim=$(realpath "$1") ltplay=$(realpath "$2") edit=$(realpath "$3") program=$4
work=${TEST_TMPDIR:-$(mktemp -d)}
export TT_METAL_EMU_CACHE_DIR=$work/kernel-cache
fail() { echo "FAIL: $*" >&2; exit 1; }
LTCAP_LOG=quiet LTCAP_OUTPUT=$work/good.capnp LD_PRELOAD=$shim "$program" >/dev/null 2>&1 || fail "capture"
expect() {  # LOG PATTERN
    (cd "$work" && timeout 60 "$ltplay" "$1") >"$work/out" 2>&1
    local status=$?
    [ $status -eq 2 ] || fail "$1: exit $status, expected 2: $(cat "$work/out")"
    grep -q "$2" "$work/out" || fail "$1: message lacks '$2': $(cat "$work/out")"
    echo "ok: $1 -> $(grep -m1 "$2" "$work/out")"
}
: >"$work/empty.capnp"
expect empty.capnp "is empty"
head -c 5000 /dev/urandom >"$work/random.capnp"
expect random.capnp "not an ltcap log"
"$edit" "$work/good.capnp" "$work/noheader.capnp" --drop-header || fail "edit"
expect noheader.capnp "first entry is not a header"
"$edit" "$work/good.capnp" "$work/future.capnp" --format-version 99 || fail "edit"
expect future.capnp "version 99 is not supported"
size=$(stat -c %s "$work/good.capnp")
head -c $((size * 2 / 3)) "$work/good.capnp" >"$work/cut.capnp"
expect cut.capnp "is incomplete"
grep -q "calls replayed" "$work/out" || fail "the complete part of the cut log was not replayed"
expect missing.capnp "cannot open"
echo "PASS: bad logs are refused clearly"
