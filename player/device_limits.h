// What no Tenstorrent device can hold, whichever the log was captured on and whichever replays it: a size or address
// beyond these is refused by ltplay --check (player/check_calls.h) before tt-metal sees it, unless tt-metal threw at
// that call during capture. The bounds are device-independent on purpose — a log replays on another device than the
// one that made it — and loose: the device that replays may refuse more, --check never a call any device accepted.
// A buffer made at an address allocates nothing, and tt-metal checks neither its address nor its size then.
//   CheckDeviceBytes(size, "a buffer of");          // a size the call allocates; throws ImpossibleValue
//   CheckBufferPages(size, page_size);              // whole pages
#pragma once

#include <cstdint>
#include <string>

#include "schema/log_error.h"

namespace ltcap {

// No device has 64 GiB of memory (Blackhole p150: 32 GiB of DRAM; a Wormhole n300's two chips 24 GiB).
inline constexpr std::uint64_t kDeviceMemoryLimit = 1ull << 36;

// `bytes` of device memory (a buffer's size, a page's): refused from kDeviceMemoryLimit on.
inline void CheckDeviceBytes(std::uint64_t bytes, const char* what, std::uint64_t limit = kDeviceMemoryLimit) {
    if (bytes >= limit)
        throw ImpossibleValue(std::string(what) + " " + std::to_string(bytes) + " bytes: no device has " +
                              std::to_string(limit >> 30) + " GiB of memory");
}

// A buffer is whole pages: tt-metal refuses a page size of 0 for a non-empty buffer and a size that is not a multiple
// of its page size, allocated or not.
inline void CheckBufferPages(std::uint64_t size, std::uint64_t page_size) {
    if (size != 0 && page_size == 0)
        throw ImpossibleValue("a buffer of " + std::to_string(size) + " bytes in pages of 0 bytes");
    if (page_size != 0 && size % page_size != 0)
        throw ImpossibleValue("a buffer of " + std::to_string(size) + " bytes is not whole pages of " +
                              std::to_string(page_size) + " bytes");
}

// No Tenstorrent core has 4 MiB of L1 (Wormhole: 1464 KiB, Blackhole: 1536 KiB; an Ethernet core less), nor a
// device 16 DRAM channels (Wormhole 12 banks on 6 channels, Blackhole 8): a detail:: read or write of a core's L1
// or a DRAM channel is refused beyond them.
inline constexpr std::uint64_t kL1Limit = 4ull << 20;
inline constexpr std::uint64_t kDramChannelLimit = 16;
inline void CheckL1Address(std::uint64_t address) {
    if (address >= kL1Limit)
        throw ImpossibleValue("an L1 address of " + std::to_string(address) + ": no core has " +
                              std::to_string(kL1Limit >> 20) + " MiB of L1");
}
// A channel number as the log holds it (a negative int reads as 2^64 less it).
inline void CheckDramChannel(std::uint64_t channel) {
    if (channel >= kDramChannelLimit)
        throw ImpossibleValue("DRAM channel " + std::to_string(static_cast<std::int64_t>(channel)) + ": no device has " +
                              std::to_string(kDramChannelLimit) + " DRAM channels");
}

// A device opened (CreateDevice, the device pool, a mesh): tt-metal's dispatch has one or two hardware command queues
// on any device (MAX_NUM_HW_CQS), the L1 reserved for small buffers is part of a core's L1 and the trace region part
// of a DRAM bank.
inline constexpr std::uint64_t kMaxHwQueues = 2;
inline void CheckHwQueueCount(std::uint64_t n) {
    if (n < 1 || n > kMaxHwQueues)
        throw ImpossibleValue(std::to_string(n) + " hardware command queues: tt-metal opens a device with 1 to " +
                              std::to_string(kMaxHwQueues));
}
// A command queue named by its index on a device or mesh: below the most any device has.
inline void CheckQueueIndex(std::uint64_t index) {
    if (index >= kMaxHwQueues)
        throw ImpossibleValue("command queue " + std::to_string(index) + ": no device has more than " +
                              std::to_string(kMaxHwQueues) + " hardware command queues");
}
// A region of a buffer (offset and size, a shard's or a whole buffer's): inside device memory, without wrapping.
inline void CheckBufferRegion(std::uint64_t offset, std::uint64_t size) {
    CheckDeviceBytes(size, "a region of");
    CheckDeviceBytes(offset, "a region at an offset of");
}
inline void CheckReservedL1(std::uint64_t bytes) {
    if (bytes >= kL1Limit)
        throw ImpossibleValue("an L1 reservation of " + std::to_string(bytes) + " bytes: no core has " +
                              std::to_string(kL1Limit >> 20) + " MiB of L1");
}
inline void CheckTraceRegion(std::uint64_t bytes) { CheckDeviceBytes(bytes, "a trace region of"); }

// No mesh has 64 devices (a Galaxy: 32): a sharded mesh buffer's global size is refused from 64 devices' worth on.
inline constexpr std::uint64_t kMeshMemoryLimit = kDeviceMemoryLimit << 6;

// A mesh buffer's config (MeshBufferConfigValue's fields): a replicated one is on every device whole; a sharded one
// has a global shape of at least one datum each way, no more datums than bytes (a datum is at least one), shard
// dimensions within it (0: replicated along that mesh dimension), and a ShardOrientation (row or column major).
inline void CheckMeshBufferConfig(bool sharded, std::uint64_t size, std::uint64_t global_height,
                                  std::uint64_t global_width, std::uint64_t shard_height, std::uint64_t shard_width,
                                  std::uint64_t orientation, bool allocates) {
    if (!sharded) {
        if (allocates) CheckDeviceBytes(size, "a replicated mesh buffer of");
        return;
    }
    if (allocates && size >= kMeshMemoryLimit)
        throw ImpossibleValue("a sharded mesh buffer of " + std::to_string(size) + " bytes: no mesh has " +
                              std::to_string(kMeshMemoryLimit >> 30) + " GiB of memory");
    const std::string shape = std::to_string(global_height) + "x" + std::to_string(global_width);
    std::uint64_t datums = 0;
    if (global_height == 0 || global_width == 0) throw ImpossibleValue("a sharded mesh buffer of global shape " + shape);
    if (__builtin_mul_overflow(global_height, global_width, &datums) || datums > size)
        throw ImpossibleValue("a sharded mesh buffer of global shape " + shape + " has more datums than its " +
                              std::to_string(size) + " bytes");
    if (shard_height > global_height || shard_width > global_width)
        throw ImpossibleValue("a sharded mesh buffer's shards of " + std::to_string(shard_height) + "x" +
                              std::to_string(shard_width) + " are larger than its global shape " + shape);
    if (orientation > 1) throw ImpossibleValue("a shard orientation of " + std::to_string(orientation));
}

}  // namespace ltcap
