#!/bin/bash
# A bad LTCAP_* value: one "ltcap:" line on stderr, no log, and the program runs exactly as without the shim.
set -uo pipefail
program=$1 shim=$(realpath "$2")
work=${TEST_TMPDIR:-$(mktemp -d)}
export TT_METAL_EMU_CACHE_DIR=$work/kernel-cache
fail() { echo "FAIL: $*" >&2; exit 1; }
"$program" >"$work/plain.out" 2>/dev/null
plain=$?
for bad in LTCAP_FLUSH_MS=soon LTCAP_LOG=loud LTCAP_CAPTURE_READS=maybe LTCAP_OUTPT=typo LTCAP_RANGES=5-3 \
           LTCAP_BOUNDARY=kernel LTCAP_TRIGGER_SIGNAL=SIGSEGV LTCAP_BACKTRACE=nope; do
    rm -f "$work"/*.capnp
    env "$bad" LTCAP_OUTPUT="$work/log.capnp" LD_PRELOAD="$shim" "$program" >"$work/out" 2>"$work/err"
    status=$?
    [ $status -eq $plain ] || fail "$bad: exit $status, $plain without the shim"
    cmp -s "$work/plain.out" "$work/out" || fail "$bad: stdout differs"
    [ "$(grep -c '^ltcap: ' "$work/err")" -eq 1 ] || fail "$bad: expected one ltcap line, got: $(cat "$work/err")"
    grep -q "^ltcap: ${bad%%=*}=" "$work/err" || fail "$bad: the line does not name the variable: $(cat "$work/err")"
    [ ! -e "$work/log.capnp" ] || fail "$bad: a log was written"
done
# A log that cannot be created (missing folder), with windows that retry at each boundary: one line, no harm.
for trigger in LTCAP_RANGES=1,2 LTCAP_RANGES=1-; do
    env "$trigger" LTCAP_OUTPUT="$work/missing/w%w.capnp" LD_PRELOAD="$shim" "$program" >"$work/out" 2>"$work/err"
    status=$?
    [ $status -eq $plain ] || fail "unwritable log, $trigger: exit $status, $plain without the shim"
    cmp -s "$work/plain.out" "$work/out" || fail "unwritable log, $trigger: stdout differs"
    [ "$(grep -c '^ltcap: ' "$work/err")" -eq 1 ] && grep -q "^ltcap: cannot create $work/missing/w1.capnp" "$work/err" ||
        fail "unwritable log, $trigger: expected one line naming the file: $(cat "$work/err")"
done
LTCAP_DISABLE=1 LTCAP_OUTPUT="$work/log.capnp" LD_PRELOAD="$shim" "$program" >"$work/out" 2>"$work/err"
[ ! -e "$work/log.capnp" ] && ! grep -q ltcap "$work/err" || fail "LTCAP_DISABLE=1 still captured or printed"

LTCAP_LOG=debug LTCAP_OUTPUT="$work/log.capnp" LD_PRELOAD="$shim" "$program" >"$work/out" 2>"$work/err"
grep -q '^ltcap: #1 createDevice$' "$work/err" || fail "LTCAP_LOG=debug does not list the calls: $(head -3 "$work/err")"
cmp -s "$work/plain.out" "$work/out" || fail "LTCAP_LOG=debug changed stdout"
echo "PASS: LTCAP_LOG=debug lists every call on stderr"
