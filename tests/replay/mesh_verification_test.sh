#!/bin/bash
# Mesh reads are verified shard by shard, and a replay target that cannot offer the captured mesh is refused:
#   1. a byte flipped in mesh_sharded's first whole-buffer write (global row 40, column 100: shard (1, 3), on
#      device (1, 3) row-major) makes the whole read, the one-shard read of (1, 3) and the (1, 3) piece of the
#      all-shards read mismatch — and nothing else;
#   2. a byte flipped in mesh_eltwise's write of A reaches every device's result;
#   3. replayed where the emulator has 4 devices, the 2x4 mesh cannot be made: exit 3, tt-metal's reason;
#   4. the sub-device manager calls really replay: without the clear before it, mesh_sub_devices' removal of its
#      manager fails as tt-metal fails it (the manager is still loaded); a load naming a manager the log never made
#      is a bad log.
set -uo pipefail
shim=$(realpath "$1") ltplay=$(realpath "$2") ltdump=$(realpath "$3") edit=$(realpath "$4") sharded=$5 eltwise=$6
subdevices=$7
work=${TEST_TMPDIR:-$(mktemp -d)}
export TT_METAL_EMU_CACHE_DIR=$work/kernel-cache
fail() { echo "FAIL: $*" >&2; exit 1; }
capture() { LTCAP_LOG=quiet LTCAP_OUTPUT=$work/$1.capnp LD_PRELOAD=$shim "$2" >/dev/null 2>&1 || fail "capturing $1"; }
seqs_of() { "$ltdump" --no-times "$1" | grep " $2(" | sed 's/^#\([0-9]*\) .*/\1/'; }

capture sharded "$sharded"
capture eltwise "$eltwise"
(cd "$work" && "$ltplay" -q sharded.capnp) || fail "the unedited mesh_sharded log does not replay cleanly"

write=$(seqs_of "$work/sharded.capnp" meshCqEnqueueWriteMeshBuffer | head -1)
whole=$(seqs_of "$work/sharded.capnp" meshCqEnqueueReadMeshBuffer | head -1)
"$edit" "$work/sharded.capnp" "$work/flipped.capnp" --write-payload "$write" $(((40 * 128 + 100) * 4)) || fail "edit"
(cd "$work" && "$ltplay" -q flipped.capnp) >"$work/out" 2>&1
status=$?
cat "$work/out"
[ $status -eq 1 ] || fail "ltplay exit $status, expected 1"
grep -q "MISMATCH in call #$whole (meshCqEnqueueReadMeshBuffer): 1 of 32768 bytes differ" "$work/out" ||
    fail "the whole-buffer read is not reported"
[ "$(grep -c "MISMATCH in call #[0-9]* (meshCqEnqueueReadShards, shard (1, 3)): 1 of 4096 bytes differ" "$work/out")" -eq 2 ] ||
    fail "the one-shard read and the all-shards read do not both report shard (1, 3)"
[ "$(grep -c MISMATCH "$work/out")" -eq 3 ] || fail "other reads reported too"
grep -q "ltplay:   \[1040\]: replay" "$work/out" || fail "the byte is not placed in its shard (row 8, column 4 of it)"

a_write=$(seqs_of "$work/eltwise.capnp" meshCqEnqueueWriteMeshBuffer | head -1)
"$edit" "$work/eltwise.capnp" "$work/eltwise_flipped.capnp" --write-payload "$a_write" 3000 || fail "edit"
(cd "$work" && "$ltplay" -q eltwise_flipped.capnp) >"$work/out" 2>&1
[ $? -eq 1 ] || fail "the edited mesh_eltwise log replays cleanly"
for coord in "(0, 0)" "(0, 3)" "(1, 0)" "(1, 3)"; do
    grep -qF "(meshCqEnqueueReadShards, shard $coord)" "$work/out" || fail "device $coord's read is not reported"
done

(cd "$work" && TT_METAL_EMU_NUM_DEVICES=4 "$ltplay" -q eltwise.capnp) >"$work/out" 2>&1
status=$?
[ $status -eq 3 ] || fail "replay on 4 devices: exit $status, expected 3: $(cat "$work/out")"
grep -q "meshDeviceCreate failed: .*needs 8 devices but the system has 4" "$work/out" || fail "$(cat "$work/out")"
capture subdevices "$subdevices"
(cd "$work" && "$ltplay" -q subdevices.capnp) || fail "the unedited mesh_sub_devices log does not replay cleanly"
"$edit" "$work/subdevices.capnp" "$work/no_clear.capnp" --drop-calls meshClearLoadedSubDeviceManager || fail "edit"
(cd "$work" && "$ltplay" -q no_clear.capnp) >"$work/out" 2>&1
status=$?
[ $status -eq 3 ] || fail "replay without the clear: exit $status, expected 3: $(cat "$work/out")"
grep -q "meshRemoveSubDeviceManager failed: .*Cannot remove active sub device manager" "$work/out" || fail "$(cat "$work/out")"
load=$(seqs_of "$work/subdevices.capnp" meshLoadSubDeviceManager | head -1)
"$edit" "$work/subdevices.capnp" "$work/unmade.capnp" --object-id "$load" 1 999999 || fail "edit"
(cd "$work" && "$ltplay" --check unmade.capnp) >"$work/out" 2>&1
status=$?
[ $status -eq 2 ] || fail "a load of an unmade manager: exit $status, expected 2: $(cat "$work/out")"
grep -q "call #$load meshLoadSubDeviceManager: argument sub_device_manager_id: refers to subDeviceManager#999999, which the log never made" \
    "$work/out" || fail "$(cat "$work/out")"
echo "PASS: mesh reads are verified per shard; a mesh the target cannot make is refused; sub-device managers replay"
