#!/bin/bash
# The all_calls program under the shim: every API function the log format knows appears in the log, and the
# calls that threw are recorded with tt-metal's message (and reached the program unchanged: same stdout).
set -uo pipefail
program=$1 shim=$2 ltdump=$3
work=${TEST_TMPDIR:-$(mktemp -d)}
fail() { echo "FAIL: $*" >&2; exit 1; }
"$(dirname "$0")/capture_program_test.sh" "$program" "$shim" "$ltdump" || fail "capture check"
dump=$work/dump.txt
missing=$(comm -23 <("$ltdump" --list-api | sort) <(sed -n 's/^#[0-9]* \[t[0-9]*\] \([A-Za-z0-9]*\)(.*/\1/p' "$dump" | sort -u))
[ -z "$missing" ] || fail "API functions never captured: $missing"
grep -q 'createDevice(7, .*threw "TT_THROW: Device 7 is not available' "$dump" || fail "the CreateDevice exception is not recorded"
grep -q 'replayTrace(.*threw ".*must exist' "$dump" || fail "the ReplayTrace exception is not recorded"
grep -q 'args now \[9, ' "$dump" || fail "the in-place runtime arg edit is not recorded"
grep -q 'caught TT_THROW: Device 7 is not available' "$work/traced.out" || fail "the program did not see the exception"
echo "PASS: all $("$ltdump" --list-api | wc -l) API functions captured"
