#!/bin/bash
# tests/v0.67.0/all_calls under the v0.67.0 shim: the program behaves the same (capture_program_test.sh), every call
# the v0.67.0 description lists (`ltdump --list-api v0.67.0`) appears in its log, none threw, and ltplay_v067 replays
# the whole log from another folder, every read matching.
#   all_calls_v067_test.sh ALL_CALLS LIBLTCAP_V067 LTDUMP LTPLAY_V067
set -uo pipefail
program=$1 shim=$2 ltdump=$3 player=$(realpath "$4")
work=${TEST_TMPDIR:-$(mktemp -d)}
fail() { echo "FAIL: $*" >&2; exit 1; }
"$(dirname "$0")/capture_program_test.sh" "$program" "$shim" "$ltdump" || fail "capture check"
dump=$work/dump.txt
head -1 "$dump" | grep -q "tt-metal v0.67.0" || fail "the log does not name the v0.67.0 profile: $(head -1 "$dump")"
described=$("$ltdump" --list-api v0.67.0 | sort)
[ "$(echo "$described" | wc -l)" -ge 79 ] || fail "ltdump --list-api v0.67.0 lists too few calls: $described"
captured=$(sed -n 's/^#[0-9]* \[t[0-9]*\] \([A-Za-z0-9]*\)(.*/\1/p' "$dump" | sort -u)
missing=$(comm -23 <(echo "$described") <(echo "$captured"))
[ -z "$missing" ] || fail "v0.67.0 calls never captured: $(echo $missing)"
! grep -q ' threw "' "$dump" || fail "a call threw: $(grep ' threw "' "$dump" | head -3)"
mkdir -p "$work/elsewhere"
status=0
(cd "$work/elsewhere" && "$player" "$work/log.capnp") >"$work/replay.out" 2>&1 || status=$?
[ $status -eq 0 ] || fail "ltplay_v067 exit $status: $(tail -3 "$work/replay.out")"
grep -qE "ltplay: $(grep -c '^#' "$dump") calls replayed, 4 reads checked, 0 mismatches; [0-9.]+ KiB verified" \
    "$work/replay.out" || fail "not every call replayed and read verified: $(tail -3 "$work/replay.out")"
echo "PASS: all $(echo "$described" | wc -l) v0.67.0 API functions captured and replayed"
