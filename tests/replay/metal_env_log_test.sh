#!/bin/bash
# A v0.68.0-rc1 log with what only that release has (tests/v0.68.0-rc1/metal_env: meshes made through a MetalEnv, a
# global semaphore at an address) is checked as any log is, and stays with its release:
#   - its MetalEnv is an object of the log: a call naming a null one is refused (exit 2, the call named); so is a
#     semaphore address no core's L1 has;
#   - a changed read of a device made through MetalEnv is a mismatch (exit 1): the replay really makes the meshes;
#   - v0.67.0's player refuses the log, even when told to cross releases, naming the first MetalEnv call.
#   metal_env_log_test.sh PROGRAM LIBLTCAP_V068 LTPLAY_V068 LTPLAY_V067 LOG_EDIT
set -uo pipefail
program=$1 shim=$(realpath "$2") ltplay=$(realpath "$3") ltplay067=$(realpath "$4") edit=$(realpath "$5")
work=${TEST_TMPDIR:-$(mktemp -d)}
fail() { echo "FAIL: $*" >&2; exit 1; }
export TT_METAL_EMU_CACHE_DIR=$work/kernel-cache
LTCAP_LOG=quiet LTCAP_OUTPUT=$work/log.capnp LD_PRELOAD=$shim "$program" >"$work/capture.out" 2>&1 ||
    fail "capture: $(tail -3 "$work/capture.out")"
"$ltplay" "$work/log.capnp" >"$work/replay.out" 2>&1 || fail "the log does not replay: $(tail -3 "$work/replay.out")"

# The calls the edits name, by their place in this log.
seq_of() {  # API: the first call of it
    "$(dirname "$ltplay")/../../player/ltdump" "$work/log.capnp" 2>/dev/null | grep -m1 -oE "^#[0-9]+ .* $1\(" |
        sed -E 's/^#([0-9]+) .*/\1/'
}
dump=$(dirname "$ltplay")/../../player/ltdump
[ -x "$dump" ] || fail "no ltdump next to the players"
mesh=$(seq_of metalEnvCreateMeshDevice) unit=$(seq_of metalEnvCreateUnitMeshDevice)
at=$(seq_of createGlobalSemaphoreAtAddress) read=$(seq_of detailReadFromDeviceL1Words)
[ -n "$mesh" ] && [ -n "$unit" ] && [ -n "$at" ] && [ -n "$read" ] || fail "the log lacks the calls this test edits"

refused() {  # WHAT PATTERN EDIT...: the edited log is refused by --check and by the replay, with exit 2
    local what=$1 pattern=$2
    shift 2
    "$edit" "$work/log.capnp" "$work/edited.capnp" "$@" >/dev/null 2>&1 || fail "$what: log_edit $*"
    for mode in --check ""; do
        "$ltplay" $mode "$work/edited.capnp" >"$work/edited.out" 2>&1
        local status=$?
        [ $status -eq 2 ] && grep -qE "$pattern" "$work/edited.out" ||
            fail "$what ($mode): exit $status: $(tail -2 "$work/edited.out")"
    done
    echo "ok: $what: $(grep -m1 -E "$pattern" "$work/edited.out")"
}
refused "a null MetalEnv" "call #$unit metalEnvCreateUnitMeshDevice.*null MetalEnv" --object-id "$unit" 0 0
refused "a semaphore beyond any L1" "call #$at createGlobalSemaphoreAtAddress: argument address: an L1 address of 1099511627776" \
    --uint "$at" 4 1099511627776

# A read of a mesh device MetalEnv made, changed: the replay finds it.
"$edit" "$work/log.capnp" "$work/read.capnp" --read-payload "$read" 0 >/dev/null 2>&1 || fail "log_edit --read-payload"
"$ltplay" "$work/read.capnp" >"$work/read.out" 2>&1
status=$?
[ $status -eq 1 ] && grep -q "#$read" "$work/read.out" || fail "a changed read replayed with exit $status: $(tail -3 "$work/read.out")"
echo "ok: a changed read: $(grep -m1 "#$read" "$work/read.out")"

# v0.67.0's player: the MetalEnv calls do not cross.
for flags in "" --cross-release; do
    "$ltplay067" $flags "$work/log.capnp" >"$work/v067.out" 2>&1
    status=$?
    [ $status -eq 2 ] || fail "ltplay_v067 $flags: exit $status: $(tail -2 "$work/v067.out")"
done
grep -q "call #$mesh metalEnvCreateMeshDevice is a tt-metal v0.68.0-rc1 call that tt-metal v0.67.0 does not have" \
    "$work/v067.out" || fail "the refusal does not name the call: $(cat "$work/v067.out")"
echo "ok: $(cat "$work/v067.out")"
echo "PASS: the MetalEnv log is checked, replayed, and kept to its release"
