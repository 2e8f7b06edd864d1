// v0.67.0 buffers on the device core: the private state the emulator reads, where a buffer's pages are (the core's
// PageLayout, from its interleaving or sharding), and moving bytes between the host and a buffer.
#pragma once

#include <cstdint>

#include <tt-metalium/buffer.hpp>
#include <tt-metalium/mesh_buffer.hpp>

#include "emu/core/buffer_layout.h"
#include "emu/core/mesh_layout.h"

namespace tt::tt_metal {
// Buffer befriends this struct; only the emulator uses it.
struct BufferAccess {
    static DeviceAddr RawAddress(const Buffer& b) { return b.address_; }
    static bool OwnsData(const Buffer& b) { return b.owns_data_; }
};
}  // namespace tt::tt_metal

namespace ttemu::v067 {

using tt::tt_metal::Buffer;

// How the buffer's pages sit on each of its chips (throws for a buffer that is not allocated).
ttemu::PageLayout LayoutOf(const Buffer& buffer);
// The logical cores of a sharded buffer's shards, in shard order (DRAM: (bank, 0)).
std::vector<ttemu::CoreXY> ShardCoresOf(const Buffer& buffer);

// Throws, naming `what`, unless [offset, offset + size) lies in an allocated buffer.
void CheckRegion(const Buffer& buffer, std::uint64_t offset, std::uint64_t size, const char* what);
// Copy `size` bytes at byte `offset` of the buffer (pages in order) from or to the host: on every chip of its
// device for a write, from its device's first chip for a read.
void WriteBuffer(const Buffer& buffer, std::uint64_t offset, const void* src, std::uint64_t size);
void ReadBuffer(const Buffer& buffer, std::uint64_t offset, void* dst, std::uint64_t size);

// A mesh buffer's sharding in the core's terms.
ttemu::MeshSharding ShardingOf(const tt::tt_metal::distributed::ShardedBufferConfig& spec);

}  // namespace ttemu::v067
