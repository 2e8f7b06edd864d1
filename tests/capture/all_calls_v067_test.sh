#!/bin/bash
# tests/v0.67.0/all_calls under the v0.67.0 shim: the program behaves the same (capture_program_test.sh), every call
# the v0.67.0 description lists (`ltdump --list-api v0.67.0`) appears in its log, none threw, and ltplay_v067 replays
# the whole log from another folder, every read matching.
# A span read's recorded size is hostile input like any other: 2^40 is refused (exit 2, one line naming the call)
# before tt-metal gets a destination; one past what the capture recorded reads into a destination of that size and is
# a mismatch (exit 1) — the recorded bytes cannot be the replayed read's.
#   all_calls_v067_test.sh ALL_CALLS LIBLTCAP_V067 LTDUMP LTPLAY_V067 LOG_EDIT
set -uo pipefail
program=$1 shim=$2 ltdump=$3 player=$(realpath "$4") log_edit=$(realpath "$5")
work=${TEST_TMPDIR:-$(mktemp -d)}
fail() { echo "FAIL: $*" >&2; exit 1; }
"$(dirname "$0")/capture_program_test.sh" "$program" "$shim" "$ltdump" || fail "capture check"
dump=$work/dump.txt
head -1 "$dump" | grep -q "tt-metal v0.67.0" || fail "the log does not name the v0.67.0 profile: $(head -1 "$dump")"
described=$("$ltdump" --list-api v0.67.0 | sort)
[ "$(echo "$described" | wc -l)" -ge 102 ] || fail "ltdump --list-api v0.67.0 lists too few calls: $described"
captured=$(sed -n 's/^#[0-9]* \[t[0-9]*\] \([A-Za-z0-9]*\)(.*/\1/p' "$dump" | sort -u)
missing=$(comm -23 <(echo "$described") <(echo "$captured"))
[ -z "$missing" ] || fail "v0.67.0 calls never captured: $(echo $missing)"
! grep -q ' threw "' "$dump" || fail "a call threw: $(grep ' threw "' "$dump" | head -3)"
mkdir -p "$work/elsewhere"
status=0
(cd "$work/elsewhere" && "$player" "$work/log.capnp") >"$work/replay.out" 2>&1 || status=$?
[ $status -eq 0 ] || fail "ltplay_v067 exit $status: $(tail -3 "$work/replay.out")"
grep -qE "ltplay: $(grep -c '^#' "$dump") calls replayed, 10 reads checked, 0 mismatches; [0-9.]+ KiB verified" \
    "$work/replay.out" || fail "not every call replayed and read verified: $(tail -3 "$work/replay.out")"
span=$(sed -n 's/^#\([0-9]*\) \[t[0-9]*\] detailReadFromDeviceL1Span(.*host_buffer=\[ptr, \([0-9]*\)\].*/\1 \2/p' "$dump" | head -1)
[ -n "$span" ] || fail "no span read of L1 in the log"
set -- $span
"$log_edit" "$work/log.capnp" "$work/span.capnp" --list-uint "$1" 3 1 $(($2 + 1)) || fail "log_edit"
status=0
out=$(cd "$work/elsewhere" && "$player" "$work/span.capnp" 2>&1) || status=$?
[ $status -eq 1 ] && echo "$out" | grep -q "^ltplay: MISMATCH in call #$1 (.*): the replay read $(($2 + 1)) bytes, the capture recorded $2$" ||
    fail "a span read of $(($2 + 1)) bytes (recorded: $2): exit $status: $out"
echo "ok: a span read one byte longer than recorded is a mismatch: $(echo "$out" | grep MISMATCH)"
"$log_edit" "$work/log.capnp" "$work/span.capnp" --list-uint "$1" 3 1 1099511627776 || fail "log_edit"
status=0
out=$(cd "$work/elsewhere" && "$player" "$work/span.capnp" 2>&1) || status=$?
[ $status -eq 2 ] && [ "$(echo "$out" | wc -l)" -eq 1 ] && echo "$out" | grep -q "call #$1 detailReadFromDeviceL1Span" ||
    fail "a span read of 2^40 bytes: exit $status: $out"
echo "ok: a span read of 2^40 bytes refused: $out"
# no device memory holds 2^40 bytes: the check before the replay refuses it already
status=0
out=$("$player" --check "$work/span.capnp" 2>&1) || status=$?
[ $status -eq 2 ] && echo "$out" | grep -q "call #$1 detailReadFromDeviceL1Span: argument host_buffer: a read of 1099511627776 bytes" ||
    fail "ltplay --check let a span read of 2^40 bytes through: exit $status: $out"
echo "PASS: all $(echo "$described" | wc -l) v0.67.0 API functions captured and replayed"
