#!/bin/bash
# Captures one program and checks that the shim changed nothing and the log holds the expected calls.
#   capture_program_test.sh PROGRAM LIBLTCAP LTDUMP [CALL | !CALL]...
# The program runs twice from the workspace root: plain, then with LD_PRELOAD=libltcap.so. Its stdout and exit
# status must be identical; ltdump must read the log completely, with every call ended, and list every CALL and no !CALL.
set -uo pipefail
program=$1 shim=$(realpath "$2") ltdump=$3
shift 3
work=${TEST_TMPDIR:-$(mktemp -d)}
export TT_METAL_EMU_CACHE_DIR=$work/kernel-cache
fail() { echo "FAIL: $*" >&2; exit 1; }

"$program" >"$work/plain.out" 2>"$work/plain.err"
plain_status=$?
LTCAP_OUTPUT=$work/log.capnp LD_PRELOAD=$shim "$program" >"$work/traced.out" 2>"$work/traced.err"
traced_status=$?

[ "$plain_status" -eq "$traced_status" ] || fail "exit status $plain_status without the shim, $traced_status with it"
diff -u "$work/plain.out" "$work/traced.out" >&2 || fail "stdout differs under the shim"
grep -q "^ltcap: capturing to $work/log.capnp" "$work/traced.err" || fail "no 'capturing to' line: $(cat "$work/traced.err")"
if grep -v '^ltcap: ' "$work/traced.err" | grep -q .; then
    diff -u <(cat "$work/plain.err") <(grep -v '^ltcap: ' "$work/traced.err") >&2 || fail "stderr differs under the shim"
fi
"$ltdump" --no-times "$work/log.capnp" >"$work/dump.txt" || fail "ltdump exit $? on the log"
# The program returned from every call it made, so every call's end is in the log (in its entry or a Return).
! grep -q "(no return" "$work/dump.txt" || fail "calls without a recorded end: $(grep "(no return" "$work/dump.txt" | head -3)"
for call in "$@"; do
    if [ "${call#!}" != "$call" ]; then
        ! grep -q " ${call#!}(" "$work/dump.txt" || fail "the log has ${call#!} (expected it to be absent)"
    else
        grep -q " $call(" "$work/dump.txt" || fail "the log has no $call call"
    fi
done
echo "PASS: $(grep -c '^#' "$work/dump.txt") calls captured, output identical"
