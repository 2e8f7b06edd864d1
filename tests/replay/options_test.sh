#!/bin/bash
# ltplay's options: --loop replays several times, --stats reports per-function counts, --profile per-program
# times, --device-map replays
# device 0 of the log on device 1, --no-verify skips the comparison, and bad option values are refused. The replay
# takes the capture's dispatch mode.
set -uo pipefail
shim=$(realpath "$1") ltplay=$(realpath "$2") program=$3 churn=$4 edit=$(realpath "$5")
work=${TEST_TMPDIR:-$(mktemp -d)}
export TT_METAL_EMU_CACHE_DIR=$work/kernel-cache
fail() { echo "FAIL: $*" >&2; exit 1; }
LTCAP_LOG=quiet LTCAP_OUTPUT=$work/log.capnp LD_PRELOAD=$shim "$program" >/dev/null 2>&1 || fail "capture"
LTCAP_LOG=quiet LTCAP_OUTPUT=$work/churn.capnp LD_PRELOAD=$shim "$churn" >/dev/null 2>&1 || fail "capture churn"
cd "$work"
"$ltplay" --loop 3 log.capnp >out 2>&1 || fail "--loop 3: $(cat out)"
grep -q "45 calls replayed in 3 loops, 3 reads checked, 0 mismatches" out || fail "--loop 3: $(cat out)"
"$ltplay" --loop=3 log.capnp >out 2>&1 || fail "--loop=3: $(cat out)"
grep -q "45 calls replayed in 3 loops, 3 reads checked, 0 mismatches" out || fail "--loop=3: $(cat out)"
"$ltplay" --stats log.capnp >out 2>&1 || fail "--stats"
grep -qE '^enqueueProgram +1 ' out || fail "--stats has no enqueueProgram row: $(cat out)"
grep -q "payload written 102400 bytes, read 102400 bytes" out || fail "--stats bytes: $(cat out)"
# --profile: each program by its kernels, with its launches and time; the JSON report says the same.
"$ltplay" --profile --json prof.json log.capnp >out 2>&1 || fail "--profile: $(cat out)"
grep -qE '^ +1 +[0-9]+\.[0-9]{3} +[0-9]+\.[0-9]{3}  program#[0-9]+ \(loopback_dram_copy\)$' out ||
    fail "--profile has no program row in milliseconds: $(cat out)"
python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); p=r["programs"]; assert len(p)==1 and p[0]["launches"]==1 and p[0]["seconds"]>0, p' \
    prof.json || fail "--profile JSON: $(cat prof.json)"
# With the JSON report on stdout (--json -), stdout is that JSON alone: the tables go to stderr.
"$ltplay" --profile --stats --json - log.capnp >out 2>err || fail "--profile --json -: $(cat out err)"
python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); assert r["programs"][0]["launches"]==1, r' out ||
    fail "--profile --json -: stdout is not the JSON report: $(head -c 300 out)"
grep -qE '  program#[0-9]+ \(loopback_dram_copy\)$' err && grep -qE '^enqueueProgram +1 ' err ||
    fail "--profile --json -: the tables are not on stderr: $(cat err)"
TT_METAL_EMU_NUM_DEVICES=2 "$ltplay" -v --device-map 0:1 log.capnp >out 2>&1 || fail "--device-map: $(cat out)"
grep -q "createDevice(device_id=0, " out || fail "--verbose does not list the calls"
TT_METAL_EMU_NUM_DEVICES=1 "$ltplay" --device-map 0:1 log.capnp >out 2>&1
[ $? -eq 3 ] && grep -q "Device 1 is not available" out || fail "--device-map to a missing device: $(cat out)"
"$ltplay" -q --no-verify log.capnp >out 2>&1 || fail "--no-verify"
[ ! -s out ] || fail "-q printed: $(cat out)"
"$ltplay" --help >help.out && grep -q "^usage: ltplay" help.out || fail "--help"
# The capture's dispatch mode, not the caller's: a fast-dispatch log replays even with TT_METAL_SLOW_DISPATCH_MODE set
# (in slow mode its command-queue calls would be refused).
TT_METAL_SLOW_DISPATCH_MODE=1 "$ltplay" log.capnp >out 2>&1 || fail "a fast-dispatch log under a slow environment: $(cat out)"
for bad in "--loop 0" "--loop x" "--device-map 0" "--bogus"; do
    "$ltplay" $bad log.capnp >out 2>&1
    [ $? -eq 2 ] || fail "'$bad' was accepted"
done
# --remap-addresses: a churn log without its buffer releases replays with buffers at other addresses; plain replay
# must report mismatches, and rewriting the runtime args must repair them.
"$edit" "$work/churn.capnp" "$work/norelease.capnp" --drop-calls bufferReleased || fail "edit"
"$ltplay" -q norelease.capnp >out 2>&1
[ $? -eq 1 ] || fail "replay with buffers at other addresses should mismatch: $(cat out)"
"$ltplay" --remap-addresses norelease.capnp >out 2>&1 || fail "--remap-addresses did not repair it: $(cat out)"
grep -q "runtime args naming it are rewritten" out || fail "--remap-addresses did not say what it did"
echo "PASS: options work and bad values are refused"
