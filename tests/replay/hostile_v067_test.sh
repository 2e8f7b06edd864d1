#!/bin/bash
# Hostile edits of a v0.67.0 log (the golden tests/v0.67.0/all_calls log): ltplay_v067 refuses each before tt-metal
# is given the value — exit 2, one line naming the entry and the call — and the unedited log replays clean. Those a
# log alone shows wrong (a queue index or trace id no device has, a kernel kind, a 1 TiB shard region, coordinates
# and mesh ranges of no dimension) `ltplay --check` refuses too; those that need the mesh (a queue this mesh lacks,
# a host shard off its shape) only the replay.
# hostile_v067_asan_test runs it with the player built with AddressSanitizer and UBSan.
#   hostile_v067_test.sh LTPLAY_V067 LOG_EDIT LTDUMP LOG
set -uo pipefail
player=$(realpath "$1") log_edit=$(realpath "$2") ltdump=$(realpath "$3") log=$(realpath "$4")
work=${TEST_TMPDIR:-$(mktemp -d)}
export TT_METAL_EMU_CACHE_DIR=$work/kernel-cache
fail() { echo "FAIL: $*" >&2; exit 1; }
"$ltdump" --no-times "$log" >"$work/dump" || fail "ltdump exit $?"
seq_of() { sed -n "s/^#\([0-9]*\) \[t[0-9]*\] $1(.*/\1/p" "$work/dump" | head -1; }
mkdir -p "$work/play"
# A sanitized player (hostile_v067_asan_test) warns once that ASan does not follow the emulator's kernel contexts
# (makecontext/swapcontext): not the player's output. Any sanitizer report fails the run (abort_on_error).
quiet_asan() { grep -v "^==[0-9]*==WARNING: ASan doesn't fully support makecontext/swapcontext" || true; }
play() {  # NAME: replays $work/NAME.capnp; sets status and out
    status=0
    out=$(cd "$work/play" && "$player" "$work/$1.capnp" 2>&1) || status=$?
    out=$(echo "$out" | quiet_asan)
}
refused() {  # NAME SEQ CALL MESSAGE: exit 2 and the one line naming the call (its entry, when the check before the
             # replay finds it) and what is wrong
    play "$1"
    [ "$status" -eq 2 ] || fail "$1: exit $status, expected 2: $out"
    [ "$(echo "$out" | wc -l)" -eq 1 ] || fail "$1: expected one line: $out"
    echo "$out" | grep -qE "^ltplay: bad log: .*: call #$2 $3: .*$4" || fail "$1: $out"
    echo "ok: $1: $out"
}

cp "$log" "$work/clean.capnp"
play clean
[ "$status" -eq 0 ] || fail "the unedited log: exit $status: $out"

checked() {  # NAME SEQ CALL MESSAGE: ltplay --check refuses it too, before anything runs: exit 2, the one line
    local out status=0
    out=$(cd "$work/play" && "$player" --check "$work/$1.capnp" 2>&1) || status=$?
    out=$(echo "$out" | quiet_asan)
    [ "$status" -eq 2 ] || fail "$1: --check exit $status, expected 2: $out"
    echo "$out" | grep -qE "^ltplay: bad log: .*: call #$2 $3: .*$4" || fail "$1: --check: $out"
}
both() { checked "$@" && refused "$@"; }  # NAME SEQ CALL MESSAGE

# A command queue the mesh does not have (the mesh trace calls take its index as a number): beyond any device's,
# --check refuses it; one the device model has but this mesh lacks, the replay.
s=$(seq_of meshReplayMeshTrace)
[ -n "$s" ] || fail "no meshReplayMeshTrace in the log"
"$log_edit" "$log" "$work/queue.capnp" --uint "$s" 1 9 || fail "log_edit"
both queue "$s" meshReplayMeshTrace "argument cq_id: command queue 9: no device has more than 2 hardware command queues"
"$log_edit" "$log" "$work/queue_1.capnp" --uint "$s" 1 1 || fail "log_edit"
refused queue_1 "$s" meshReplayMeshTrace "names command queue 1 of a mesh with 1"

s=$(seq_of meshBeginTraceCapture)
"$log_edit" "$log" "$work/begin_queue.capnp" --uint "$s" 1 200 || fail "log_edit"
both begin_queue "$s" meshBeginTraceCapture "command queue 200: no device has more than 2"
# A queue object's index (the queue a MeshCommandQueue member is called on).
s=$(seq_of meshCqEnqueueTrace)
"$log_edit" "$log" "$work/queue_object.capnp" --object-raw "$s" 0 9 || fail "log_edit"
both queue_object "$s" meshCqEnqueueTrace "argument this: command queue 9: no device has more than 2"

# A trace id the program chose that no MeshTraceId holds (2^40).
s=$(seq_of meshBeginMeshTraceWithId)
"$log_edit" "$log" "$work/trace_id.capnp" --object-raw "$s" 2 1099511627776 || fail "log_edit"
both trace_id "$s" meshBeginMeshTraceWithId "argument trace_id: chooses trace id 1099511627776, more than a MeshTraceId holds"

# A kernel config of a kind no kernel has.
s=$(seq_of createKernelFromString)
"$log_edit" "$log" "$work/kernel_kind.capnp" --config-field "$s" 3 kind 7 || fail "log_edit"
both kernel_kind "$s" createKernelFromString "argument config: a kernel config of kind 7, which is no kind of kernel"

# Shards: a region of 1 TiB, a coordinate with no dimension, a mesh range with none.
s=$(seq_of meshCqEnqueueWriteShards)
"$log_edit" "$log" "$work/shard_region.capnp" --shard-region "$s" 2 0 1099511627776 || fail "log_edit"
both shard_region "$s" meshCqEnqueueWriteShards "a region of 1099511627776 bytes: no device has 64 GiB of memory"
"$log_edit" "$log" "$work/shard_coord.capnp" --shard-coord "$s" 2 || fail "log_edit"
both shard_coord "$s" meshCqEnqueueWriteShards "a shard's coordinate with no dimension"
s=$(seq_of meshCqEnqueueWriteShardToSubGrid)
"$log_edit" "$log" "$work/range_dims.capnp" --range-dims "$s" 3 || fail "log_edit"
both range_dims "$s" meshCqEnqueueWriteShardToSubGrid "argument device_range: a mesh range with no dimension"
# A host buffer's shard off the mesh: the replay refuses it (--check knows no mesh's shape).
s=$(seq_of meshCqEnqueueWrite)
"$log_edit" "$log" "$work/host_coord.capnp" --shard-coord "$s" 2 9 9 || fail "log_edit"
refused host_coord "$s" meshCqEnqueueWrite "holds a shard the host buffer cannot: .*outside the buffer's shape"

# Objects the log never made: a mesh buffer, a single-device buffer, a program.
s=$(seq_of meshCqEnqueueReadMeshBuffer)
"$log_edit" "$log" "$work/mesh_buffer.capnp" --object-id "$s" 2 999 || fail "log_edit"
refused mesh_buffer "$s" meshCqEnqueueReadMeshBuffer "refers to meshBuffer#999, which the log never made"

s=$(seq_of detailReadFromBufferWhole)
"$log_edit" "$log" "$work/buffer.capnp" --object-id "$s" 0 999 || fail "log_edit"
refused buffer "$s" detailReadFromBufferWhole "refers to buffer#999, which the log never made"

s=$(seq_of detailLaunchProgramForced)
"$log_edit" "$log" "$work/device.capnp" --object-id "$s" 0 999 || fail "log_edit"
refused device "$s" detailLaunchProgramForced "device#999"
# A program added to a workload a second time: the call would move the workload's own copy out from under it.
first=$(sed -n 's/^#[0-9]* \[t[0-9]*\] meshWorkloadAddProgram(.*program=program#\([0-9]*\)).*/\1/p' "$work/dump" | head -1)
second=$(sed -n 's/^#\([0-9]*\) \[t[0-9]*\] meshWorkloadAddProgram(.*/\1/p' "$work/dump" | sed -n 2p)
[ -n "$first" ] && [ -n "$second" ] || fail "the log has no two add_program calls"
"$log_edit" "$log" "$work/added_twice.capnp" --object-id "$second" 2 "$first" || fail "log_edit"
refused added_twice "$second" meshWorkloadAddProgram "adds program#$first to a workload again"
# Mesh buffer configs no mesh could hold (the sharded one of the log: 16384 bytes, global 64x64, shards 32x32).
s=$(sed -n 's/^#\([0-9]*\) \[t[0-9]*\] meshBufferCreate(mesh_buffer_config={sharded size=16384 .*/\1/p' "$work/dump" | head -1)
[ -n "$s" ] || fail "no sharded meshBufferCreate of 16384 bytes in the log"
edit_config() {  # NAME FIELD VALUE
    "$log_edit" "$log" "$work/$1.capnp" --mesh-buffer-config "$s" 0 "$2" "$3" || fail "log_edit $1"
}
edit_config mesh_size size 1125899906842624
refused mesh_size "$s" meshBufferCreate "argument mesh_buffer_config: a sharded mesh buffer of 1125899906842624 bytes"
edit_config mesh_global globalHeight 4294967296
refused mesh_global "$s" meshBufferCreate "global shape 4294967296x64 has more datums than its 16384 bytes"
edit_config mesh_shard shardWidth 65
refused mesh_shard "$s" meshBufferCreate "shards of 32x65 are larger than its global shape 64x64"
edit_config mesh_orientation orientation 7
refused mesh_orientation "$s" meshBufferCreate "a shard orientation of 7"
echo "PASS: hostile v0.67.0 values refused with exit 2 before tt-metal got them"
