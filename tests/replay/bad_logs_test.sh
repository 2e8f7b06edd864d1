#!/bin/bash
# Bad logs get a clear message and exit 2, never a crash or a hang: empty, random bytes, wrong first entry,
# future format version, a log cut off mid-way (whose complete part is replayed first; --calls past the cut is
# refused, a range before it replays), plain and compressed, and a compressed log with a damaged frame (replayed as
# it streams, so the calls before the damage run and the message says how many; with --check-first none run).
set -uo pipefail
shim=$(realpath "$1") ltplay=$(realpath "$2") edit=$(realpath "$3") program=$4
work=${TEST_TMPDIR:-$(mktemp -d)}
export TT_METAL_EMU_CACHE_DIR=$work/kernel-cache
fail() { echo "FAIL: $*" >&2; exit 1; }
LTCAP_LOG=quiet LTCAP_COMPRESS=0 LTCAP_OUTPUT=$work/good.capnp LD_PRELOAD=$shim "$program" >/dev/null 2>&1 || fail "capture"
# Compressed, a batch handed off every millisecond, and kernels compiled again (a cold cache) so the run spans
# many milliseconds: several frames.
TT_METAL_EMU_CACHE_DIR=$work/cold-cache LTCAP_LOG=quiet LTCAP_FLUSH_MS=1 LTCAP_OUTPUT=$work/frames.capnp \
    LD_PRELOAD=$shim "$program" >/dev/null 2>&1 || fail "compressed capture"
frames=$(zstd -l "$work/frames.capnp" | awk 'NR == 2 {print $1}')
[ "${frames:-0}" -ge 2 ] || fail "the compressed capture has ${frames:-no} frames; the cut tests need 2 or more"
[ "$(head -c 4 "$work/frames.capnp" | od -An -tx1 | tr -d ' ')" = "28b52ffd" ] || fail "the default log is not a zstd stream"
[ "$(head -c 4 "$work/good.capnp" | od -An -tx1 | tr -d ' ')" != "28b52ffd" ] || fail "LTCAP_COMPRESS=0 wrote a zstd stream"
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
# --calls asking past the cut is refused too; a range the cut log holds whole replays (exit 0).
have=$(sed -n 's/^ltplay: \([0-9]*\) calls replayed.*/\1/p' "$work/out")
[ "${have:-0}" -ge 2 ] || fail "the cut log has fewer than 2 calls"
(cd "$work" && timeout 60 "$ltplay" --calls "1-$((have + 5))" cut.capnp) >"$work/out" 2>&1
[ $? -eq 2 ] && grep -q "not up to call #$((have + 5))" "$work/out" || fail "--calls past the cut: $(cat "$work/out")"
(cd "$work" && timeout 60 "$ltplay" --calls "1-$((have - 1))" cut.capnp) >"$work/out" 2>&1 ||
    fail "--calls inside the cut log: exit $?: $(cat "$work/out")"
expect missing.capnp "cannot open"

size=$(stat -c %s "$work/frames.capnp")
head -c $((size - 10)) "$work/frames.capnp" >"$work/cut-frames.capnp"  # inside the last frame
expect cut-frames.capnp "compressed stream is cut off"
grep -q "calls replayed" "$work/out" || fail "the complete frames of the cut compressed log were not replayed"
cp "$work/frames.capnp" "$work/damaged.capnp"
printf '\xa5' | dd of="$work/damaged.capnp" bs=1 seek=$((size - 10)) conv=notrunc status=none
cmp -s "$work/frames.capnp" "$work/damaged.capnp" && printf '\x5a' | dd of="$work/damaged.capnp" bs=1 seek=$((size - 10)) conv=notrunc status=none
expect damaged.capnp "damaged compressed frame"
grep -q "the replay stops there" "$work/out" || fail "the damaged log's message does not say where the replay stopped"
(cd "$work" && timeout 60 "$ltplay" --check-first damaged.capnp) >"$work/out" 2>&1
[ $? -eq 2 ] && grep -q "damaged compressed frame" "$work/out" || fail "--check-first on the damaged log: $(cat "$work/out")"
! grep -q "replayed" "$work/out" || fail "--check-first replayed calls of a damaged log: $(cat "$work/out")"
echo "PASS: bad logs are refused clearly"
