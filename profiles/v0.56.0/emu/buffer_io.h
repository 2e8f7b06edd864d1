// Moving bytes between the host and a buffer's pages on the emulated device, and the emulator's access to
// Buffer's private allocation state.
#pragma once

#include <cstdint>
#include <vector>

#include <tt-metalium/buffer.hpp>
#include <tt-metalium/command_queue.hpp>

namespace tt::tt_metal::v0 {
// Buffer befriends this struct; only the emulator uses it.
struct BufferAccess {
    static void MarkAllocated(Buffer& b, DeviceAddr address);
    static void MarkDeallocated(Buffer& b);
    static bool Allocated(const Buffer& b);
    static DeviceAddr RawAddress(const Buffer& b) { return b.address_; }
};
}  // namespace tt::tt_metal::v0

namespace ttemu {

using tt::tt_metal::Buffer;
// How the host API passes a buffer: by reference or shared ownership.
using BufferRef = std::variant<std::reference_wrapper<Buffer>, std::shared_ptr<Buffer>>;

// Where a page of a sharded buffer lives: the core, and its offset from the buffer's address in that L1.
struct ShardedPage {
    CoreCoord core;
    std::uint64_t offset;
};
inline bool IsShardedLayout(tt::tt_metal::TensorMemoryLayout layout) {
    return layout == tt::tt_metal::TensorMemoryLayout::HEIGHT_SHARDED ||
           layout == tt::tt_metal::TensorMemoryLayout::WIDTH_SHARDED ||
           layout == tt::tt_metal::TensorMemoryLayout::BLOCK_SHARDED;
}
ShardedPage LocateShardedPage(const Buffer& b, std::uint32_t page);
// The shard grid's cores in the order shards go to them (ROW_MAJOR: x fastest).
std::vector<CoreCoord> ShardCores(const Buffer& b);

// The buffer a BufferRef names; throws if it is a null shared_ptr.
Buffer& BufferOf(const BufferRef& ref);

// Copy `size` bytes at byte `offset` of the buffer's contents (page order) from/to host memory.
// Throw if the buffer is not allocated or the range is outside it.
void WriteRegion(Buffer& buffer, std::uint64_t offset, const void* src, std::uint64_t size);
void ReadRegion(const Buffer& buffer, std::uint64_t offset, void* dst, std::uint64_t size);
void CheckRegion(const Buffer& buffer, std::uint64_t offset, std::uint64_t size, const char* what);

// The source pointer of any HostDataType alternative (the vector's data, or the raw pointer).
const void* HostDataPointer(const tt::tt_metal::HostDataType& src);

}  // namespace ttemu
