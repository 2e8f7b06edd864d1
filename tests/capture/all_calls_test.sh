#!/bin/bash
# The all_calls program under the shim: every API function the log format knows appears in its log (or, for the
# calls tt-metal allows only in slow dispatch, in the slow_dispatch program's log), and the
# calls that threw are recorded with tt-metal's message (and reached the program unchanged: same stdout). The
# compressed log is a standard stream: the zstd tool checks and decodes it, and capnp decodes what comes out. And
# ltplay replays every one of them from another folder, every read matching.
set -uo pipefail
program=$1 shim=$2 ltdump=$3 schema=$4 ltplay=$(realpath "$5") slow_program=$6 log_edit=$7
work=${TEST_TMPDIR:-$(mktemp -d)}
fail() { echo "FAIL: $*" >&2; exit 1; }
"$(dirname "$0")/capture_program_test.sh" "$program" "$shim" "$ltdump" || fail "capture check"
dump=$work/dump.txt
LD_PRELOAD=$shim LTCAP_OUTPUT=$work/slow.capnp "$slow_program" >"$work/slow.out" 2>&1 || fail "slow_dispatch: $(cat "$work/slow.out")"
"$ltdump" --no-times "$work/slow.capnp" >"$work/slow_dump.txt" || fail "ltdump of the slow_dispatch log"
captured() { sed -n 's/^#[0-9]* \[t[0-9]*\] \([A-Za-z0-9]*\)(.*/\1/p' "$@" | sort -u; }
missing=$(comm -23 <("$ltdump" --list-api v0.56.0 | sort) <(captured "$dump" "$work/slow_dump.txt"))
[ -z "$missing" ] || fail "API functions never captured: $missing"
grep -q 'createDevice(device_id=8, .*threw "TT_THROW: Device 8 is not available' "$dump" || fail "the CreateDevice exception is not recorded"
grep -q 'replayTrace(.*threw ".*must exist' "$dump" || fail "the ReplayTrace exception is not recorded"
grep -q 'args now \[9, ' "$dump" || fail "the in-place runtime arg edit is not recorded"
grep -q 'caught TT_THROW: Device 8 is not available' "$work/traced.out" || fail "the program did not see the exception"
log=$work/log.capnp
[ "$(head -c 4 "$log" | od -An -tx1 | tr -d ' ')" = "28b52ffd" ] || fail "the log is not a zstd stream"
zstd -q -t "$log" || fail "zstd -t rejects the log"
decoded=$(zstd -q -dc "$log" | capnp decode "$schema" Entry | grep -c "function = ") || fail "capnp decode failed"
[ "$decoded" -eq "$(grep -c '^#' "$dump")" ] || fail "capnp decode read $decoded calls, ltdump $(grep -c '^#' "$dump")"
mkdir -p "$work/elsewhere"
(cd "$work/elsewhere" && "$ltplay" "$log") >"$work/replay.out" 2>&1 || fail "ltplay exit $?: $(tail -3 "$work/replay.out")"
grep -qE "ltplay: $(grep -c '^#' "$dump") calls replayed, [1-9][0-9]* reads checked, 0 mismatches" "$work/replay.out" ||
    fail "not every call replayed: $(tail -3 "$work/replay.out")"
# DevicePool::initialize is noexcept in tt-metal: a replay it fails in ends as a failed replay naming the call
# (exit 3), not an abort. An L1 reservation of 2 MiB passes --check's device-independent bound (4 MiB) and is more L1
# than the emulated device has; num_hw_cqs 3 is no device's, so --check refuses it first (exit 2).
pool_seq=$(sed -n 's/^#\([0-9]*\) \[t[0-9]*\] devicePoolInitialize(.*/\1/p' "$dump" | head -1)
[ -n "$pool_seq" ] || fail "no devicePoolInitialize in the log"
"$log_edit" "$log" "$work/pool.capnp" --uint "$pool_seq" 2 2097152 || fail "editing l1_small_size"
(cd "$work/elsewhere" && "$ltplay" "$work/pool.capnp") >"$work/pool.out" 2>&1
status=$?
[ $status -eq 3 ] || fail "a failing noexcept call: ltplay exit $status, expected 3: $(tail -3 "$work/pool.out")"
grep -q "replay failed: call #$pool_seq devicePoolInitialize failed: .*l1_small_size.*noexcept" "$work/pool.out" ||
    fail "the failing noexcept call is not reported: $(tail -3 "$work/pool.out")"
"$log_edit" "$log" "$work/pool3.capnp" --uint "$pool_seq" 1 3 || fail "editing num_hw_cqs"
(cd "$work/elsewhere" && "$ltplay" "$work/pool3.capnp") >"$work/pool.out" 2>&1
status=$?
[ $status -eq 2 ] && grep -q "call #$pool_seq devicePoolInitialize: argument num_hw_cqs: 3 hardware command queues" \
    "$work/pool.out" || fail "num_hw_cqs 3: ltplay exit $status, expected 2: $(tail -3 "$work/pool.out")"
echo "PASS: all $("$ltdump" --list-api v0.56.0 | wc -l) v0.56.0 API functions captured and replayed"
