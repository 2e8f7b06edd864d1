#!/bin/bash
# A log captured on a mock device (tt-metal v0.67.0's TT_METAL_MOCK_CLUSTER_DESC_PATH: no kernel runs, reads return
# no device data) says so: `ltcap info` reports it, the replay compares no read and says why instead of "verified",
# and --require-verified refuses it (exit 5). TT_METAL_SIMULATOR takes precedence over the mock (tt-metal's rule): a
# log with both is a normal one. v0.56.0 has no mock device, so the variable means nothing to its logs.
#   mock_device_test.sh PROGRAM_V067 SHIM_V067 LTPLAY_V067 PROGRAM_V056 SHIM_V056 LTPLAY LTCAP
set -uo pipefail
program=$(realpath "$1") shim=$(realpath "$2") ltplay=$(realpath "$3")
program56=$(realpath "$4") shim56=$(realpath "$5") ltplay56=$(realpath "$6") ltcap=$(realpath "$7")
work=${TEST_TMPDIR:-$(mktemp -d)}
export TT_METAL_EMU_CACHE_DIR=$work/cache
fail() { echo "FAIL: $*" >&2; exit 1; }
mock=/opt/umd/tests/cluster_descriptor_examples/wormhole_N150.yaml
capture() {  # LOG SHIM PROGRAM [VAR=value...]
    local log=$1 shim=$2 program=$3
    shift 3
    env "$@" LTCAP_OUTPUT="$log" LD_PRELOAD="$shim" "$program" >"$log.out" 2>&1 || fail "capture of $log: $(tail -2 "$log.out")"
}
capture "$work/mock.capnp" "$shim" "$program" TT_METAL_MOCK_CLUSTER_DESC_PATH=$mock
"$ltcap" info "$work/mock.capnp" >"$work/mock.info" || fail "ltcap info exit $?"
grep -q "^device:       a mock device (TT_METAL_MOCK_CLUSTER_DESC_PATH=$mock)" "$work/mock.info" ||
    fail "ltcap info does not report the mock device: $(grep -v '^ ' "$work/mock.info" | head -20)"
"$ltcap" info --json "$work/mock.capnp" | grep -q '"mock_device": *true' || fail "ltcap info --json: no mock_device"
"$ltplay" "$work/mock.capnp" >"$work/mock.play" 2>&1
status=$?
[ $status -eq 0 ] || fail "replay of the mock log: exit $status: $(tail -2 "$work/mock.play")"
grep -q "0 reads checked, 0 mismatches; nothing verified: reads not checked: captured on a mock device (TT_METAL_MOCK_CLUSTER_DESC_PATH=$mock)" \
    "$work/mock.play" || fail "the verdict does not say the reads were not checked: $(tail -1 "$work/mock.play")"
! grep -q 'verified$' "$work/mock.play" || fail "the verdict claims something was verified"
"$ltplay" --require-verified "$work/mock.capnp" >"$work/mock.req" 2>&1
status=$?
[ $status -eq 5 ] || fail "--require-verified on a mock log: exit $status (expected 5)"

# The simulator wins over the mock: reads are real there.
capture "$work/sim.capnp" "$shim" "$program" TT_METAL_MOCK_CLUSTER_DESC_PATH=$mock TT_METAL_SIMULATOR=/opt/sim/libttsim.so
"$ltcap" info "$work/sim.capnp" | grep -q '^device:       a mock device' && fail "a simulator log is reported as mock"
"$ltplay" "$work/sim.capnp" >"$work/sim.play" 2>&1 || fail "replay of the simulator log: exit $?"
grep -qE ' [1-9][0-9]* reads checked, 0 mismatches; .* verified$' "$work/sim.play" || fail "simulator log: $(tail -1 "$work/sim.play")"

# v0.56.0 has no mock device: the variable changes nothing.
capture "$work/v056.capnp" "$shim56" "$program56" TT_METAL_MOCK_CLUSTER_DESC_PATH=$mock
"$ltcap" info "$work/v056.capnp" | grep -q '^device:       a mock device' && fail "a v0.56.0 log is reported as mock"
"$ltplay56" "$work/v056.capnp" >"$work/v056.play" 2>&1 || fail "replay of the v0.56.0 log: exit $?"
grep -qE ' [1-9][0-9]* reads checked, 0 mismatches; .* verified$' "$work/v056.play" || fail "v0.56.0 log: $(tail -1 "$work/v056.play")"
echo "PASS: $(tail -1 "$work/mock.play" | cut -c1-140)"
