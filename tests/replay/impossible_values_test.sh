#!/bin/bash
# Values no tt-metal has, edited into the golden all_calls logs of both profiles — enum values (a parameter of an
# enum type, the enum fields of buffer configs, shard specs and kernel configs), a circular buffer config's indices
# and data formats, a Buffer::create size that is not whole pages of its page size, and the device places detail::
# reads and writes name (an L1 address, a DRAM channel), and device configurations where a call opens a device (its
# hardware command queues, its L1 and trace reservations) and a command queue index beyond them: the player refuses each before tt-metal is given it — exit
# 2, one line naming the call, the argument and the number — while the unedited logs check out.
#   impossible_values_test.sh LTPLAY LOG_V056 LTPLAY_V067 LOG_V067 LOG_EDIT LTDUMP
set -uo pipefail
ltplay=$(realpath "$1") log56=$(realpath "$2") ltplay67=$(realpath "$3") log67=$(realpath "$4")
log_edit=$(realpath "$5") ltdump=$(realpath "$6")
work=${TEST_TMPDIR:-$(mktemp -d)}
export TT_METAL_EMU_CACHE_DIR=$work/kernel-cache
fail() { echo "FAIL: $*" >&2; exit 1; }
mkdir -p "$work/play"

# Uses $player, $log and $dump of the profile under test.
seq_of() {  # FUNCTION [PATTERN]: the first call to FUNCTION whose line matches PATTERN
    local pattern=${2:-}
    sed -n "s/^#\([0-9]*\) \[t[0-9]*\] $1(\(.*$pattern\).*/\1/p" "$dump" | head -1
}
refused() {  # NAME SEQ CALL MESSAGE -- LOG_EDIT ARGS: edits the log, then ltplay --check and the replay refuse it
    local name=$1 seq=$2 call=$3 message=$4
    shift 5
    [ -n "$seq" ] || fail "$name: the log has no $call call to edit"
    "$log_edit" "$log" "$work/$name.capnp" "$@" || fail "$name: log_edit $*"
    for mode in --check ""; do
        status=0
        out=$(cd "$work/play" && "$player" $mode "$work/$name.capnp" 2>&1) || status=$?
        [ "$status" -eq 2 ] || fail "$name ${mode:-replay}: exit $status, expected 2: $out"
        [ "$(echo "$out" | wc -l)" -eq 1 ] || fail "$name ${mode:-replay}: expected one line: $out"
        echo "$out" | grep -qE "^ltplay: bad log: .*: call #$seq $call: $message" || fail "$name ${mode:-replay}: $out"
    done
    echo "ok: $name: $out"
}
profile() {  # PLAYER LOG
    player=$1 log=$2 dump=$work/$(basename "$(dirname "$2")").dump
    "$ltdump" --no-times "$log" >"$dump" || fail "ltdump $log: exit $?"
    out=$(cd "$work/play" && "$player" --check "$log" 2>&1) || fail "the unedited $log: $out"
}

# ---- v0.56.0
profile "$ltplay" "$log56"
s=$(seq_of bufferCreate "buffer_type=DRAM")
refused buffer_type "$s" bufferCreate "argument buffer_type: 9 is no BufferType tt-metal has" -- --uint "$s" 3 9
refused buffer_layout "$s" bufferCreate "argument buffer_layout: 200 is no TensorMemoryLayout tt-metal has" -- \
    --uint "$s" 4 200
# Buffer::create's size is whole pages of its page size (the pair, by the roles DeviceBytes and PageSize)
refused page_size_zero "$s" bufferCreate "argument page_size: a buffer of [0-9]* bytes in pages of 0 bytes" -- \
    --uint "$s" 2 0
refused ragged_pages "$s" bufferCreate "argument page_size: a buffer of [0-9]* bytes is not whole pages of 3 bytes" -- \
    --uint "$s" 2 3
s=$(seq_of createSemaphore "core_type=WORKER")
refused core_type "$s" createSemaphore "argument core_type: 42 is no CoreType tt-metal has" -- --uint "$s" 3 42
s=$(seq_of detailProfilerSync)
refused sync_state "$s" detailProfilerSync "argument state: 7 is no ProfilerSyncState tt-metal has" -- --uint "$s" 0 7
s=$(seq_of bufferCreate "shard_parameter=shard")
refused shard_orientation "$s" bufferCreate "argument shard_parameter: a shard orientation of 5 is no ShardOrientation" \
    -- --config-field "$s" 5 orientation 5
refused shard_mode "$s" bufferCreate "argument shard_parameter: a shard mode of 77 is no ShardMode" \
    -- --config-field "$s" 5 mode 77
s=$(seq_of createBufferSharded)
refused config_type "$s" createBufferSharded "argument config: a buffer type of 17 is no BufferType" \
    -- --config-field "$s" 0 bufferType 17
refused config_layout "$s" createBufferSharded "argument config: a memory layout of 9 is no TensorMemoryLayout" \
    -- --config-field "$s" 0 layout 9
s=$(seq_of createCircularBuffer)
refused cb_index "$s" createCircularBuffer "argument config: circular buffer index 64: no core has 64 circular buffers" \
    -- --cb-index "$s" 2 index 64
refused cb_format "$s" createCircularBuffer "argument config: a data format of 77 is no tt::DataFormat tt-metal has" \
    -- --cb-index "$s" 2 dataFormat 77
s=$(seq_of createKernel "dataMovement")
refused processor "$s" createKernel "argument config: a processor of 3 is no DataMovementProcessor" \
    -- --config-field "$s" 3 processor 3
refused noc "$s" createKernel "argument config: a NOC of 2 is no NOC tt-metal has" -- --config-field "$s" 3 noc 2
# detail:: reads and writes of places no device has
s=$(seq_of detailWriteToDeviceL1)
refused l1_write "$s" detailWriteToDeviceL1 "argument address: an L1 address of 4194304: no core has 4 MiB of L1" \
    -- --uint "$s" 2 4194304
s=$(seq_of detailReadFromDeviceL1)
refused l1_read "$s" detailReadFromDeviceL1 "argument address: an L1 address of 4294967295" -- --uint "$s" 2 4294967295
s=$(seq_of detailWriteToDeviceDramChannel)
refused dram_channel "$s" detailWriteToDeviceDramChannel "argument dram_channel: DRAM channel 16: no device has 16" \
    -- --uint "$s" 1 16
s=$(seq_of detailReadFromDeviceDramChannel)
refused dram_negative "$s" detailReadFromDeviceDramChannel "argument dram_channel: DRAM channel -1: no device has" \
    -- --int "$s" 1 -1
# A device's configuration where it is opened: one or two hardware queues, and reservations a device can hold —
# refused before tt-metal gets them, which matters most for DevicePool::initialize: tt-metal declares it noexcept,
# so a value it refuses would end the replay (std::terminate) instead of being reported as a bad log.
s=$(seq_of devicePoolInitialize)
refused pool_queues "$s" devicePoolInitialize "argument num_hw_cqs: 3 hardware command queues: tt-metal opens a device with 1 to 2" \
    -- --uint "$s" 1 3
refused pool_l1_small "$s" devicePoolInitialize "argument l1_small_size: an L1 reservation of 4194304 bytes: no core has 4 MiB" \
    -- --uint "$s" 2 4194304
refused pool_trace "$s" devicePoolInitialize "argument trace_region_size: a trace region of 68719476736 bytes: no device has" \
    -- --uint "$s" 3 68719476736
s=$(seq_of createDevice "num_hw_cqs=2")
refused device_queues "$s" createDevice "argument num_hw_cqs: 0 hardware command queues" -- --uint "$s" 1 0
# A command queue index beyond any device's (the queue object of an enqueue).
s=$(seq_of enqueueWriteBuffer)
refused queue_index "$s" enqueueWriteBuffer "argument cq: command queue 9: no device has more than 2 hardware command queues" \
    -- --object-raw "$s" 0 9

# ---- v0.67.0
profile "$ltplay67" "$log67"
s=$(seq_of createSemaphore)
refused v067_core_type "$s" createSemaphore "argument core_type: 99 is no CoreType tt-metal has" -- --uint "$s" 3 99
s=$(seq_of createGlobalSemaphore "buffer_type=L1")
refused v067_buffer_type "$s" createGlobalSemaphore "argument buffer_type: 5 is no BufferType" -- --uint "$s" 3 5
s=$(seq_of readMeshDeviceProfilerResults)
refused v067_read_state "$s" readMeshDeviceProfilerResults "argument state: 3 is no ProfilerReadState" -- \
    --uint "$s" 1 3
s=$(seq_of meshBufferCreate "replicated")
refused v067_local_type "$s" meshBufferCreate "argument device_local_layout: a buffer type of 6 is no BufferType" \
    -- --config-field "$s" 1 bufferType 6
s=$(seq_of createKernel "dataMovement")
refused v067_noc_mode "$s" createKernel "argument config: a NOC mode of 2 is no NOC_MODE tt-metal has" \
    -- --config-field "$s" 3 nocMode 2
s=$(seq_of meshDeviceCreateWorkerL1)
refused v067_mesh_queues "$s" meshDeviceCreateWorkerL1 "argument num_command_queues: 5 hardware command queues" \
    -- --uint "$s" 3 5
s=$(seq_of meshDeviceCreateUnitMesh)
refused v067_unit_trace "$s" meshDeviceCreateUnitMesh "argument trace_region_size: a trace region of 1099511627776 bytes" \
    -- --uint "$s" 2 1099511627776
s=$(seq_of createDeviceWorkerL1)
refused v067_device_l1_small "$s" createDeviceWorkerL1 "argument l1_small_size: an L1 reservation of 33554432 bytes" \
    -- --uint "$s" 2 33554432
echo "PASS: enum values, device places and device configurations no tt-metal has are refused before tt-metal gets them, in both profiles"
