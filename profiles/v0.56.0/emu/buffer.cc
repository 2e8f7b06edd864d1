// Buffer's exported members and the page-by-page mapping of buffer contents onto DRAM and L1 banks.
#include <cstring>
#include <limits>

#include <tt-metalium/buffer.hpp>
#include <tt-metalium/command_queue.hpp>
#include <tt-metalium/graph_tracking.hpp>

#include "buffer_io.h"
#include "emu_device.h"
#include "emu/core/errors.h"

namespace tt::tt_metal::v0 {

std::atomic<std::size_t> Buffer::next_unique_id = 0;

void BufferAccess::MarkAllocated(Buffer& b, DeviceAddr address) {
    b.address_ = address;
    b.allocation_status_ = Buffer::AllocationStatus::ALLOCATED;
}
void BufferAccess::MarkDeallocated(Buffer& b) { b.allocation_status_ = Buffer::AllocationStatus::DEALLOCATED; }
bool BufferAccess::Allocated(const Buffer& b) {
    return b.allocation_status_.load() == Buffer::AllocationStatus::ALLOCATED;
}

Buffer::Buffer(IDevice* device, DeviceAddr size, DeviceAddr page_size, BufferType buffer_type,
               TensorMemoryLayout buffer_layout, const std::optional<ShardSpecBuffer>& shard_parameter,
               std::optional<bool> bottom_up, std::optional<SubDeviceId> sub_device_id, bool owns_data, Private)
    : device_(device),
      size_(size),
      buffer_type_(buffer_type),
      buffer_layout_(buffer_layout),
      bottom_up_(bottom_up.value_or(buffer_type == BufferType::DRAM || buffer_type == BufferType::TRACE)),
      sub_device_id_(sub_device_id),
      owns_data_(owns_data),
      allocator_(nullptr),
      page_size_(page_size),
      shard_parameters_(shard_parameter) {
    // As in tt-metal, a buffer keeps the allocator it was placed by: programs reach it through Buffer::allocator().
    if (device_ && sub_device_id_) {
        sub_device_manager_id_ = device_->get_active_sub_device_manager_id();
        allocator_ = device_->allocator(*sub_device_id_).get();
    } else if (device_) {
        allocator_ = device_->allocator().get();
    }
    unique_id_ = next_unique_id++;
}

namespace {
// tt-metal counts a buffer's pages in 32 bits (num_pages()): more would wrap, and the buffer would be smaller than
// its size says to everything that walks it by pages.
void CheckPageCount(DeviceAddr size, DeviceAddr page_size) {
    if (page_size && size / page_size > std::numeric_limits<std::uint32_t>::max())
        ttemu::Throw("Buffer: ", size, " B in pages of ", page_size, " B is ", size / page_size,
                     " pages; a buffer has at most 2^32 - 1");
}

void Validate(IDevice* device, DeviceAddr size, DeviceAddr page_size, BufferType type, TensorMemoryLayout layout,
              const std::optional<ShardSpecBuffer>& shard) {
    if (!device) ttemu::Throw("Buffer: device is null");
    if (page_size == 0 && size != 0) ttemu::Throw("Buffer: page size must be non-zero for a ", size, " B buffer");
    if (page_size && size % page_size != 0)
        ttemu::Throw("Buffer size (", size, ") must be divisible by page size (", page_size, ")");
    CheckPageCount(size, page_size);
    if (type == BufferType::SYSTEM_MEMORY) ttemu::Throw("Buffer: SYSTEM_MEMORY buffers are not supported");
    if (!ttemu::IsShardedLayout(layout)) return;
    if (!shard) ttemu::Throw("Buffer: a sharded layout needs shard parameters");
    if (type != BufferType::L1 && type != BufferType::L1_SMALL && type != BufferType::DRAM)
        ttemu::Throw("Buffer: sharded buffers live in L1 or DRAM (got buffer type ", static_cast<int>(type), ")");
    const auto& s = *shard;
    if (s.page_shape[0] == 0 || s.page_shape[1] == 0 || s.shape()[0] % s.page_shape[0] || s.shape()[1] % s.page_shape[1])
        ttemu::Throw("Buffer: shard shape [", s.shape()[0], ", ", s.shape()[1], "] is not a whole number of pages [",
                     s.page_shape[0], ", ", s.page_shape[1], "]");
    // Where pages go (LocateShardedPage): height sharding deals pages out in order, a shard's worth per core; width
    // and block sharding cut tensor2d_shape_in_pages into shard-sized blocks. Pages no shard would hold are refused
    // (tt-metal leaves them unmapped, aliasing the first page of the first core).
    const std::uint64_t pages = page_size ? size / page_size : 0;
    const std::uint64_t per_shard = std::uint64_t(s.shape_in_pages()[0]) * s.shape_in_pages()[1];
    const std::uint64_t capacity =
        layout == TensorMemoryLayout::HEIGHT_SHARDED
            ? std::min<std::uint64_t>(per_shard * s.grid().num_cores(),
                                      std::uint64_t(s.tensor2d_shape_in_pages[0]) * s.tensor2d_shape_in_pages[1])
            : std::uint64_t(s.tensor2d_shape_in_pages[0]) * s.tensor2d_shape_in_pages[1];
    if (pages > capacity)
        ttemu::Throw("Buffer: ", pages, " pages do not fit the shards: ", s.grid().num_cores(), " cores of ",
                     s.shape_in_pages()[0], "x", s.shape_in_pages()[1], " pages over tensor2d_shape_in_pages [",
                     s.tensor2d_shape_in_pages[0], ", ", s.tensor2d_shape_in_pages[1], "] hold ", capacity);
    if (layout != TensorMemoryLayout::HEIGHT_SHARDED) {
        const std::uint64_t columns = (s.tensor2d_shape_in_pages[1] + s.shape_in_pages()[1] - 1) / s.shape_in_pages()[1];
        const std::uint64_t rows = (s.tensor2d_shape_in_pages[0] + s.shape_in_pages()[0] - 1) / s.shape_in_pages()[0];
        if (rows * columns > s.grid().num_cores())
            ttemu::Throw("Buffer: tensor2d_shape_in_pages [", s.tensor2d_shape_in_pages[0], ", ",
                         s.tensor2d_shape_in_pages[1], "] needs ", rows * columns, " shards of ", s.shape_in_pages()[0],
                         "x", s.shape_in_pages()[1], " pages but the shard grid has ", s.grid().num_cores(), " cores");
    }
    // A DRAM shard grid names DRAM banks as tt-metal's allocator does: bank b is logical core (b, 0).
    const CoreRangeSet grid = s.grid();  // by value: ranges() of the temporary would dangle in the loop
    for (const CoreRange& r : grid.ranges()) {
        if (type == BufferType::DRAM && (r.end_coord.x >= ttemu::kNumDramBanks || r.end_coord.y != 0))
            ttemu::Throw("Buffer: DRAM shard grid range ", r.str(), " names no DRAM bank (banks are cores (0..",
                         ttemu::kNumDramBanks - 1, ", 0))");
        if (type != BufferType::DRAM && (r.end_coord.x >= ttemu::kComputeGridX || r.end_coord.y >= ttemu::kComputeGridY))
            ttemu::Throw("Buffer: shard grid range ", r.str(), " is outside the worker grid");
    }
}
}  // namespace

std::shared_ptr<Buffer> Buffer::create(IDevice* device, DeviceAddr size, DeviceAddr page_size, BufferType buffer_type,
                                       TensorMemoryLayout buffer_layout,
                                       const std::optional<ShardSpecBuffer>& shard_parameter,
                                       std::optional<bool> bottom_up, std::optional<SubDeviceId> sub_device_id) {
    Validate(device, size, page_size, buffer_type, buffer_layout, shard_parameter);
    ttemu::EmuDevice& dev = ttemu::AsEmu(device);
    auto buffer = std::shared_ptr<Buffer>(new Buffer(device, size, page_size, buffer_type, buffer_layout,
                                                     shard_parameter, bottom_up, sub_device_id, true, Private()),
                                          &Buffer::deleter);
    buffer->weak_self = buffer;
    if (size == 0) {
        BufferAccess::MarkAllocated(*buffer, 0);
        return buffer;
    }
    // A graph hook may take the allocation's place (a capture that only records): the buffer then sits at 0.
    const bool hooked = GraphTracker::instance().hook_allocate(buffer.get());
    BufferAccess::MarkAllocated(*buffer, hooked ? 0 : dev.Allocate(*buffer, std::nullopt));
    GraphTracker::instance().track_allocate(buffer.get());
    return buffer;
}

std::shared_ptr<Buffer> Buffer::create(IDevice* device, DeviceAddr address, DeviceAddr size, DeviceAddr page_size,
                                       BufferType buffer_type, TensorMemoryLayout buffer_layout,
                                       const std::optional<ShardSpecBuffer>& shard_parameter,
                                       std::optional<bool> bottom_up, std::optional<SubDeviceId> sub_device_id) {
    Validate(device, size, page_size, buffer_type, buffer_layout, shard_parameter);
    ttemu::AsEmu(device);
    // A buffer at a given address views memory it does not own (tt-metal: owns_data = false).
    auto buffer = std::shared_ptr<Buffer>(new Buffer(device, size, page_size, buffer_type, buffer_layout,
                                                     shard_parameter, bottom_up, sub_device_id, false, Private()),
                                          &Buffer::deleter);
    buffer->weak_self = buffer;
    BufferAccess::MarkAllocated(*buffer, address);
    return buffer;
}

void Buffer::deleter(Buffer* buffer) {
    buffer->deallocate();
    delete buffer;
}

void Buffer::deallocate() { deallocate_impl(); }

void Buffer::deallocate_impl() {
    if (allocation_status_.load() != AllocationStatus::ALLOCATED) return;
    // Graph processors see the buffer while it is still allocated, as tt-metal shows it to them.
    if (owns_data_ && size_ != 0) {
        GraphTracker::instance().track_deallocate(this);
        if (!GraphTracker::instance().hook_deallocate(this)) {
            try {
                ttemu::AsEmu(device_).Free(*this, address_);
            } catch (const std::exception&) {
                // The device is closed: its memory is gone already.
            }
        }
    }
    allocation_status_ = AllocationStatus::DEALLOCATED;
}

void Buffer::allocate_impl() {}

Buffer::~Buffer() = default;

bool Buffer::is_allocated() const { return BufferAccess::Allocated(*this); }

std::uint32_t Buffer::address() const {
    if (allocation_status_.load() == AllocationStatus::DEALLOCATED)
        ttemu::Throw("Buffer::address: the buffer (", size_, " B) has been deallocated");
    return static_cast<std::uint32_t>(address_);
}

DeviceAddr Buffer::page_size() const { return page_size_; }

void Buffer::set_page_size(DeviceAddr page_size) {
    if (page_size == 0 || size_ % page_size != 0)
        ttemu::Throw("Buffer size (", size_, ") must be divisible by page size (", page_size, ")");
    CheckPageCount(size_, page_size);
    page_size_ = page_size;
}

std::uint32_t Buffer::num_pages() const { return page_size_ ? static_cast<std::uint32_t>(size_ / page_size_) : 0; }
std::uint32_t Buffer::num_dev_pages() const { return num_pages(); }

CoreType Buffer::core_type() const { return is_dram() ? CoreType::DRAM : CoreType::WORKER; }
bool Buffer::is_l1() const { return buffer_type_ == BufferType::L1 || buffer_type_ == BufferType::L1_SMALL; }
bool Buffer::is_dram() const { return buffer_type_ == BufferType::DRAM || buffer_type_ == BufferType::TRACE; }
bool Buffer::is_trace() const { return buffer_type_ == BufferType::TRACE; }

bool Buffer::is_valid_region(const BufferRegion& region) const { return region.offset + region.size <= size_; }
bool Buffer::is_valid_partial_region(const BufferRegion& region) const {
    return is_valid_region(region) && (region.offset > 0 || region.size != size_);
}

std::uint32_t Buffer::alignment() const { return is_dram() ? ttemu::kDramAlignment : ttemu::kL1Alignment; }
DeviceAddr Buffer::aligned_page_size() const {
    const DeviceAddr a = alignment();
    return (page_size_ + a - 1) / a * a;
}
namespace {
std::uint32_t NumBanks(const Buffer& b) {
    if (b.buffer_layout() == TensorMemoryLayout::SINGLE_BANK) return 1;
    return b.is_dram() ? ttemu::kNumDramBanks : ttemu::kNumL1Banks;
}
}  // namespace
DeviceAddr Buffer::aligned_size() const { return DeviceAddr(num_pages()) * aligned_page_size(); }
DeviceAddr Buffer::aligned_size_per_bank() const {
    if (shard_parameters_ && ttemu::IsShardedLayout(buffer_layout_)) return shard_parameters_->num_pages() * aligned_page_size();
    const DeviceAddr banks = NumBanks(*this);
    return (num_pages() + banks - 1) / banks * aligned_page_size();
}
DeviceAddr Buffer::bank_local_page_address(std::uint32_t, std::uint32_t page_index) const {
    return address_ + DeviceAddr(page_index / NumBanks(*this)) * aligned_page_size();
}
DeviceAddr Buffer::page_address(std::uint32_t bank_id, std::uint32_t page_index) const {
    DeviceAddr addr = bank_local_page_address(bank_id, page_index);
    if (is_dram()) addr += DeviceAddr(bank_id % 2) * ttemu::kDramBankSize;  // bank offset within its channel
    return addr;
}
DeviceAddr Buffer::sharded_page_address(std::uint32_t, std::uint32_t page_index) const {
    return address_ + ttemu::LocateShardedPage(*this, page_index).offset;
}
ShardSpecBuffer Buffer::shard_spec() const {
    if (!shard_parameters_) ttemu::Throw("Buffer::shard_spec: the buffer is not sharded");
    return *shard_parameters_;
}
void Buffer::set_shard_spec(const ShardSpecBuffer& shard_spec) { shard_parameters_ = shard_spec; }
std::optional<std::uint32_t> Buffer::num_cores() const {
    if (!shard_parameters_) return std::nullopt;
    return shard_parameters_->tensor_shard_spec.grid.num_cores();
}
const std::shared_ptr<const BufferPageMapping>& Buffer::get_buffer_page_mapping() {
    ttemu::Throw("Buffer::get_buffer_page_mapping: not available on the emulated device (use page addresses)");
}
void Buffer::mark_as_deallocated() { allocation_status_ = AllocationStatus::DEALLOCATED; }

}  // namespace tt::tt_metal::v0

namespace ttemu {

// Where page `page` of a sharded buffer lives (for DRAM, core (b, 0) is bank b). Shards go to the shard grid's cores
// in orientation order (ROW_MAJOR:
// x fastest). Height sharding gives shard k pages [k·n, (k+1)·n) for n pages per shard. Width and block sharding
// number shards row by row over the tensor's 2D page grid (tensor2d_shape_in_pages); within a shard pages are
// row-major with the full shard's width as stride, so a partial shard at an edge leaves gaps.
std::vector<CoreCoord> ShardCores(const Buffer& b) {
    const tt::tt_metal::ShardSpecBuffer spec = b.shard_spec();
    return corerange_to_cores(spec.grid(), std::nullopt, spec.orientation() == tt::tt_metal::ShardOrientation::ROW_MAJOR);
}

ShardedPage LocateShardedPage(const Buffer& b, std::uint32_t page) {
    const tt::tt_metal::ShardSpecBuffer spec = b.shard_spec();
    const auto shard_pages = spec.shape_in_pages();  // [rows, cols] of pages per shard
    const std::uint32_t per_shard = shard_pages[0] * shard_pages[1];
    std::uint32_t shard, in_shard;
    if (b.buffer_layout() == tt::tt_metal::TensorMemoryLayout::HEIGHT_SHARDED) {
        shard = page / per_shard;
        in_shard = page % per_shard;
    } else {
        const std::uint32_t width = spec.tensor2d_shape_in_pages[1];
        const std::uint32_t columns = (width + shard_pages[1] - 1) / shard_pages[1];
        const std::uint32_t r = page / width, c = page % width;
        shard = (r / shard_pages[0]) * columns + c / shard_pages[1];
        in_shard = (r % shard_pages[0]) * shard_pages[1] + c % shard_pages[1];
    }
    const auto cores = ShardCores(b);
    if (shard >= cores.size()) Throw("sharded buffer needs ", shard + 1, " cores but its shard grid has ", cores.size());
    return {cores[shard], std::uint64_t(in_shard) * b.aligned_page_size()};
}

namespace {

// Host pointer of `len` bytes at byte `offset_in_page` of page `page` of an allocated buffer (a buffer placed at an
// address of the program's choosing may lie past the device's memory: the memory's accessors refuse it).
std::uint8_t* PagePointer(EmuDevice& dev, const Buffer& b, std::uint64_t page, std::uint64_t offset_in_page,
                          std::uint64_t len) {
    const auto at = [&](std::uint64_t base, std::uint64_t offset) {
        if (base > ~std::uint64_t{0} - offset)
            Throw("buffer at address ", base, ": page ", page, " lies past the end of the address space");
        return base + offset;
    };
    if (IsShardedLayout(b.buffer_layout())) {
        const ShardedPage where = LocateShardedPage(b, static_cast<std::uint32_t>(page));
        const std::uint64_t addr = at(tt::tt_metal::BufferAccess::RawAddress(b), where.offset + offset_in_page);
        if (b.is_dram()) {
            if (where.core.x > ~std::uint32_t{0}) Throw("DRAM bank ", where.core.x, " does not exist");
            return dev.memory().Dram(static_cast<std::uint32_t>(where.core.x), addr, len);
        }
        return dev.memory().L1(where.core.x, where.core.y, addr, len);
    }
    const std::uint32_t banks = b.buffer_layout() == tt::tt_metal::TensorMemoryLayout::SINGLE_BANK
                                    ? 1
                                    : dev.NumBanks(b.buffer_type());
    const std::uint32_t bank = static_cast<std::uint32_t>(page % banks);
    const std::uint64_t addr =
        at(tt::tt_metal::BufferAccess::RawAddress(b), (page / banks) * b.aligned_page_size() + offset_in_page);
    if (b.is_dram()) return dev.memory().Dram(bank, addr, len);
    const CoreCoord core = dev.L1BankCore(bank);
    return dev.memory().L1(core.x, core.y, addr, len);
}

template <typename Fn>
void ForEachChunk(const Buffer& b, std::uint64_t offset, std::uint64_t size, Fn fn) {
    EmuDevice& dev = AsEmu(b.device());
    const std::uint64_t page_size = b.page_size();
    std::uint64_t done = 0;
    while (done < size) {
        const std::uint64_t pos = offset + done;
        const std::uint64_t page = pos / page_size, in_page = pos % page_size;
        const std::uint64_t len = std::min(size - done, page_size - in_page);
        fn(PagePointer(dev, b, page, in_page, len), done, len);
        done += len;
    }
}

}  // namespace

Buffer& BufferOf(const BufferRef& ref) {
    if (auto* r = std::get_if<std::reference_wrapper<Buffer>>(&ref)) return r->get();
    const auto& sp = std::get<std::shared_ptr<Buffer>>(ref);
    if (!sp) Throw("the buffer is null");
    return *sp;
}

void CheckRegion(const Buffer& buffer, std::uint64_t offset, std::uint64_t size, const char* what) {
    if (!buffer.is_allocated()) Throw(what, ": the buffer is not allocated (deallocated, or its device closed)");
    if (offset + size > buffer.size() || offset + size < offset)
        Throw(what, ": region [", offset, ", ", offset + size, ") is outside the ", buffer.size(), " B buffer");
}

void WriteRegion(Buffer& buffer, std::uint64_t offset, const void* src, std::uint64_t size) {
    CheckRegion(buffer, offset, size, "write to buffer");
    const auto* in = static_cast<const std::uint8_t*>(src);
    ForEachChunk(buffer, offset, size,
                 [&](std::uint8_t* dev, std::uint64_t at, std::uint64_t len) { std::memcpy(dev, in + at, len); });
}

void ReadRegion(const Buffer& buffer, std::uint64_t offset, void* dst, std::uint64_t size) {
    CheckRegion(buffer, offset, size, "read from buffer");
    auto* out = static_cast<std::uint8_t*>(dst);
    ForEachChunk(buffer, offset, size,
                 [&](std::uint8_t* dev, std::uint64_t at, std::uint64_t len) { std::memcpy(out + at, dev, len); });
}

const void* HostDataPointer(const tt::tt_metal::HostDataType& src) {
    return std::visit(
        [](const auto& v) -> const void* {
            using T = std::decay_t<decltype(v)>;
            if constexpr (std::is_same_v<T, const void*>) {
                return v;
            } else {
                return v ? static_cast<const void*>(v->data()) : nullptr;
            }
        },
        src);
}

}  // namespace ttemu
