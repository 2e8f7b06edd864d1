// Buffer (v0.67.0) and what describes its sharding — ShardSpec, ShardSpecBuffer, BufferDistributionSpec and the page
// mappings — over the device core: a buffer is allocated through its device's AllocatorImpl (one chip, or every chip
// of a mesh in lock-step) and its pages are placed by the core's PageLayout.
#include "buffer.h"

#include <limits>
#include <algorithm>
#include <atomic>
#include <ostream>

#include <nlohmann/json.hpp>
#include <tt-metalium/allocator.hpp>
#include <tt-metalium/buffer_distribution_spec.hpp>
#include <tt-metalium/device.hpp>

#include "device.h"
#include "emu/core/device_model.h"
#include "emu/core/errors.h"
#include "emu/core/shard_mapping.h"

namespace tt::tt_metal {

using ttemu::Throw;

// ---- ShardSpec, ShardSpecBuffer

bool ShardSpec::operator==(const ShardSpec& o) const {
    return grid == o.grid && shape == o.shape && orientation == o.orientation;
}
bool ShardSpec::operator!=(const ShardSpec& o) const { return !(*this == o); }
std::ostream& operator<<(std::ostream& os, const ShardSpec& spec) {
    return os << "ShardSpec(grid=" << spec.grid.str() << ", shape=[" << spec.shape[0] << ", " << spec.shape[1]
              << "], orientation=" << (spec.orientation == ShardOrientation::ROW_MAJOR ? "ROW_MAJOR" : "COL_MAJOR")
              << ")";
}

std::array<std::uint32_t, 2> ShardSpecBuffer::shape_in_pages() const {
    if (page_shape[0] == 0 || page_shape[1] == 0) Throw("ShardSpecBuffer: the page shape is empty");
    return {shape()[0] / page_shape[0], shape()[1] / page_shape[1]};
}
DeviceAddr ShardSpecBuffer::num_pages() const {
    const auto s = shape_in_pages();
    return DeviceAddr(s[0]) * s[1];
}

bool is_sharded(const TensorMemoryLayout& layout) {
    return layout == TensorMemoryLayout::HEIGHT_SHARDED || layout == TensorMemoryLayout::WIDTH_SHARDED ||
           layout == TensorMemoryLayout::BLOCK_SHARDED;
}

// ---- BufferDistributionSpec

namespace {
std::vector<std::uint32_t> Dims(const Shape& s) { return std::vector<std::uint32_t>(s.cbegin(), s.cend()); }
}  // namespace

namespace detail {

// Adjacent dimensions whose shard covers the whole tensor extent fold into one (the mapping is unchanged).
std::pair<Shape, Shape> squeeze_shape_ranks(const Shape& tensor_shape, const Shape& shard_shape) {
    if (tensor_shape.rank() != shard_shape.rank())
        Throw("Tensor and shard shapes must have the same rank (", tensor_shape.rank(), " and ", shard_shape.rank(),
              ")");
    ttsl::SmallVector<std::uint32_t> tensor, shard;
    for (std::size_t i = 0; i < tensor_shape.rank(); i++) {
        const std::uint32_t t = tensor_shape[static_cast<std::int32_t>(i)], s = shard_shape[static_cast<std::int32_t>(i)];
        if (!tensor.empty() && shard.back() == tensor.back() && s == t) {
            tensor.back() *= t;
            shard.back() *= s;
        } else {
            tensor.push_back(t);
            shard.push_back(s);
        }
    }
    return {Shape(std::move(tensor)), Shape(std::move(shard))};
}

UncompressedBufferPageMapping compute_page_mapping(const Shape& tensor_shape, const Shape& shard_shape,
                                                   const std::vector<CoreCoord>& cores) {
    UncompressedBufferPageMapping mapping;
    mapping.all_cores = cores;
    mapping.core_host_page_indices.resize(cores.size());
    const auto per_core = ttemu::ShardNdPagesPerCore(Dims(tensor_shape), Dims(shard_shape),
                                                     static_cast<std::uint32_t>(cores.size()));
    for (auto& pages : mapping.core_host_page_indices) pages.assign(per_core, UncompressedBufferPageMapping::PADDING);
    const auto slots =
        ttemu::ShardNdMapping(Dims(tensor_shape), Dims(shard_shape), static_cast<std::uint32_t>(cores.size()));
    for (std::size_t page = 0; page < slots.size(); page++)
        mapping.core_host_page_indices[slots[page].core][slots[page].slot] = static_cast<std::uint32_t>(page);
    return mapping;
}

}  // namespace detail

BufferDistributionSpec BufferDistributionSpec::from_shard_spec(Shape tensor_shape, Shape shard_shape,
                                                               Shape2D page_shape, const CoreRangeSet& core_range_set,
                                                               ShardOrientation shard_orientation,
                                                               ShardDistributionStrategy strategy) {
    if (tensor_shape.rank() < 2 || shard_shape.rank() != tensor_shape.rank())
        Throw("BufferDistributionSpec::from_shard_spec: tensor and shard shapes need the same rank, at least 2");
    if (page_shape.height() == 0 || page_shape.width() == 0) Throw("BufferDistributionSpec: the page shape is empty");
    auto in_pages = [&](const Shape& s) {
        ttsl::SmallVector<std::uint32_t> d(s.cbegin(), s.cend());
        d[d.size() - 2] = static_cast<std::uint32_t>((d[d.size() - 2] + page_shape.height() - 1) / page_shape.height());
        d[d.size() - 1] = static_cast<std::uint32_t>((d[d.size() - 1] + page_shape.width() - 1) / page_shape.width());
        return Shape(std::move(d));
    };
    return BufferDistributionSpec(in_pages(tensor_shape), in_pages(shard_shape), core_range_set, shard_orientation,
                                  strategy);
}

BufferDistributionSpec::BufferDistributionSpec(const Shape& tensor_shape_in_pages, const Shape& shard_shape_in_pages,
                                               const CoreRangeSet& core_range_set, ShardOrientation shard_orientation,
                                               ShardDistributionStrategy strategy)
    : BufferDistributionSpec(tensor_shape_in_pages, shard_shape_in_pages,
                             compute_core_list(tensor_shape_in_pages, shard_shape_in_pages, core_range_set,
                                               shard_orientation, strategy)) {}

BufferDistributionSpec::BufferDistributionSpec(const Shape& tensor_shape_in_pages, const Shape& shard_shape_in_pages,
                                               std::vector<CoreCoord> cores)
    : cores_(std::move(cores)) {
    if (tensor_shape_in_pages.rank() < 1) Throw("Tensor rank must be at least 1!");
    if (shard_shape_in_pages.rank() < 1) Throw("Shard rank must be at least 1!");
    if (shard_shape_in_pages.volume() == 0) Throw("Shard shape must have non zero volume!");
    std::tie(tensor_shape_in_pages_, shard_shape_in_pages_) =
        detail::squeeze_shape_ranks(tensor_shape_in_pages, shard_shape_in_pages);
    if (tensor_shape_in_pages_.volume() != 0 && cores_.empty())
        Throw("Can't distribute non zero volume tensor over an empty set of cores");
    init_precomputed_data();
}

std::vector<CoreCoord> BufferDistributionSpec::compute_core_list(const Shape& tensor_shape, const Shape& shard_shape,
                                                                 const CoreRangeSet& core_range_set,
                                                                 ShardOrientation orientation,
                                                                 ShardDistributionStrategy strategy) {
    const bool row_major = orientation == ShardOrientation::ROW_MAJOR;
    if (strategy == ShardDistributionStrategy::ROUND_ROBIN_1D)
        return corerange_to_cores(core_range_set, core_range_set.num_cores(), row_major);
    if (shard_shape.rank() > 2) Throw("2D grid distribution is only supported for 2D sharding!");
    if (core_range_set.ranges().size() != 1)
        Throw("2D grid distribution is only supported for one contiguous core grid!");
    const CoreRange grid = core_range_set.ranges()[0];
    const std::uint64_t volume = tensor_shape.volume();
    const std::uint32_t width = tensor_shape[-1];
    const std::uint32_t height = volume == 0 ? 0 : static_cast<std::uint32_t>(volume / width);
    std::uint32_t across = std::max<std::uint32_t>((width + shard_shape[-1] - 1) / shard_shape[-1], 1);
    std::uint32_t down = std::max<std::uint32_t>(
        shard_shape.rank() < 2 ? 1 : (height + shard_shape[-2] - 1) / shard_shape[-2], 1);
    if (!row_major) std::swap(across, down);
    if (across > grid.grid_size().x) Throw("Number of shards along width must not exceed core grid width!");
    if (down > grid.grid_size().y) Throw("Number of shards along height must not exceed core grid height!");
    const CoreRange trimmed(grid.start_coord, {grid.start_coord.x + across - 1, grid.start_coord.y + down - 1});
    return corerange_to_cores(CoreRangeSet(trimmed), trimmed.size(), row_major);
}

void BufferDistributionSpec::init_precomputed_data() {
    shard_volume_ = shard_shape_in_pages_.volume();
    num_shards_ = 1;
    for (std::size_t i = 0; i < tensor_shape_in_pages_.rank(); i++) {
        const auto t = tensor_shape_in_pages_[static_cast<std::int32_t>(i)];
        const auto s = shard_shape_in_pages_[static_cast<std::int32_t>(i)];
        num_shards_ *= (t + s - 1) / s;
    }
    if (tensor_shape_in_pages_.volume() == 0) num_shards_ = 0;
    cores_with_data_.assign(cores_.begin(), cores_.begin() + std::min(cores_.size(), num_shards_));
    core_groups_ = {};
    if (cores_.empty() || num_shards_ == 0) return;
    const std::size_t per_core = (num_shards_ + cores_.size() - 1) / cores_.size();
    const std::size_t full = num_shards_ % cores_.size() == 0 ? cores_.size() : num_shards_ % cores_.size();
    std::vector<CoreRange> g1, g2, all;
    for (std::size_t i = 0; i < cores_with_data_.size(); i++) {
        all.emplace_back(cores_with_data_[i]);
        (i < full ? g1 : g2).emplace_back(cores_with_data_[i]);
    }
    core_groups_.cores_with_data = CoreRangeSet(std::move(all)).merge_ranges();
    core_groups_.cores_in_group_1 = CoreRangeSet(std::move(g1)).merge_ranges();
    core_groups_.cores_in_group_2 = CoreRangeSet(std::move(g2)).merge_ranges();
    core_groups_.num_shards_per_core_in_group_1 = per_core;
    core_groups_.num_shards_per_core_in_group_2 = core_groups_.cores_in_group_2.empty() ? 0 : per_core - 1;
}

std::size_t BufferDistributionSpec::num_shards() const { return num_shards_; }
std::size_t BufferDistributionSpec::num_cores_with_data() const { return std::min(num_cores(), num_shards()); }
std::size_t BufferDistributionSpec::max_num_shards_per_core() const {
    return cores_.empty() ? 0 : (num_shards_ + cores_.size() - 1) / cores_.size();
}
std::size_t BufferDistributionSpec::max_num_dev_pages_per_core() const { return max_num_shards_per_core() * shard_volume_; }
std::size_t BufferDistributionSpec::num_shards_per_core(std::size_t core_idx) const {
    if (core_idx >= cores_.size()) return 0;
    return num_shards_ / cores_.size() + (core_idx < num_shards_ % cores_.size() ? 1 : 0);
}
std::size_t BufferDistributionSpec::num_dev_pages_per_core(std::size_t core_idx) const {
    return num_shards_per_core(core_idx) * shard_volume_;
}
std::tuple<std::uint32_t, CoreRangeSet, CoreRangeSet, CoreRangeSet, std::uint32_t, std::uint32_t>
BufferDistributionSpec::core_groups_tuple() const {
    return {static_cast<std::uint32_t>(num_cores_with_data()), core_groups_.cores_with_data,
            core_groups_.cores_in_group_1, core_groups_.cores_in_group_2,
            static_cast<std::uint32_t>(core_groups_.num_shards_per_core_in_group_1),
            static_cast<std::uint32_t>(core_groups_.num_shards_per_core_in_group_2)};
}

// ---- Buffer

std::atomic<std::size_t> Buffer::next_unique_id{0};

Buffer::Buffer(IDevice* device, DeviceAddr size, DeviceAddr page_size, BufferType buffer_type,
               const BufferShardingArgs& sharding_args, std::optional<bool> bottom_up,
               std::optional<SubDeviceId> sub_device_id, bool owns_data, Private)
    : device_(device),
      size_(size),
      buffer_type_(buffer_type),
      buffer_layout_(sharding_args.buffer_layout()),
      bottom_up_(bottom_up.value_or(buffer_type == BufferType::DRAM || buffer_type == BufferType::TRACE)),
      sub_device_id_(sub_device_id),
      owns_data_(owns_data),
      allocator_(nullptr),
      page_size_(page_size),
      shard_spec_(sharding_args.shard_spec()),
      buffer_distribution_spec_(sharding_args.buffer_distribution_spec()) {
    if (!device) Throw("Device needs to not be null.");
    allocator_ = device->allocator_impl().get();
    if (size != 0 && page_size == 0) Throw("Buffer size ", size, " must be divisible by a page size, got 0");
    if (page_size != 0 && size % page_size != 0)
        Throw("Buffer size ", size, " must be divisible by the page size ", page_size);
    // num_pages() is 32 bits: more pages would wrap, and walking the buffer by pages would cover less than its size.
    if (page_size != 0 && size / page_size > std::numeric_limits<std::uint32_t>::max())
        Throw("Buffer size ", size, " in pages of ", page_size, " B is ", size / page_size,
              " pages; a buffer has at most 2^32 - 1");
    if (is_sharded(buffer_layout_) && !shard_spec_ && !buffer_distribution_spec_)
        Throw("Buffer was specified as sharded but does not have a shard spec or a buffer distribution spec");
    if (buffer_type == BufferType::SYSTEM_MEMORY) Throw("the emulated device has no system memory buffers");
    unique_id_ = next_unique_id.fetch_add(1);
}

std::shared_ptr<Buffer> Buffer::create(IDevice* device, DeviceAddr size, DeviceAddr page_size, BufferType buffer_type,
                                       const BufferShardingArgs& sharding_args, std::optional<bool> bottom_up,
                                       std::optional<SubDeviceId> sub_device_id) {
    auto buffer = std::make_shared<Buffer>(device, size, page_size, buffer_type, sharding_args, bottom_up,
                                           sub_device_id, true, Private());
    if (buffer->size_ == 0) {
        buffer->allocation_status_ = AllocationStatus::ALLOCATED;
        return buffer;
    }
    buffer->allocate_impl();
    return buffer;
}

std::shared_ptr<Buffer> Buffer::create(IDevice* device, DeviceAddr address, DeviceAddr size, DeviceAddr page_size,
                                       BufferType buffer_type, const BufferShardingArgs& sharding_args,
                                       std::optional<bool> bottom_up, std::optional<SubDeviceId> sub_device_id) {
    auto buffer = std::make_shared<Buffer>(device, size, page_size, buffer_type, sharding_args, bottom_up,
                                           sub_device_id, false, Private());
    buffer->address_ = address;
    buffer->allocation_status_ = AllocationStatus::ALLOCATED;
    return buffer;
}

void Buffer::allocate_impl() {
    address_ = allocator_->Allocate(*this, std::nullopt);
    allocation_status_ = AllocationStatus::ALLOCATED;
}

void Buffer::deallocate() {
    if (allocation_status_ != AllocationStatus::ALLOCATED) return;
    deallocate_impl();
}

void Buffer::deallocate_impl() {
    if (owns_data_ && size_ != 0 && allocator_) allocator_->Free(*this, address_);
    allocation_status_ = AllocationStatus::DEALLOCATED;
}

Buffer::~Buffer() {
    try {
        deallocate();
    } catch (...) {  // a destructor: freeing is best effort (the device may be gone)
    }
}

void DeallocateBuffer(Buffer& buffer) { buffer.deallocate(); }

std::shared_ptr<Buffer> Buffer::view(const BufferRegion&) {
    Throw("Buffer::view: buffer views are not emulated");
}

Allocator* Buffer::allocator() const { return device_->allocator().get(); }
bool Buffer::is_allocated() const { return allocation_status_ == AllocationStatus::ALLOCATED; }
std::uint32_t Buffer::address() const {
    if (allocation_status_ != AllocationStatus::ALLOCATED)
        Throw("Buffer::address: the buffer is not allocated (deallocated, or its device closed)");
    return static_cast<std::uint32_t>(address_);
}
DeviceAddr Buffer::page_size() const { return page_size_; }
void Buffer::set_page_size(DeviceAddr page_size) {
    if (page_size == 0 ? size_ != 0 : size_ % page_size != 0)
        Throw("Buffer size ", size_, " must be divisible by the page size ", page_size);
    page_size_ = page_size;
    buffer_page_mapping_.reset();
}
std::uint32_t Buffer::num_pages() const { return page_size_ == 0 ? 0 : static_cast<std::uint32_t>(size_ / page_size_); }
std::uint32_t Buffer::num_dev_pages() const {
    if (!is_sharded(buffer_layout_)) return num_pages();
    if (buffer_distribution_spec_)
        return static_cast<std::uint32_t>(buffer_distribution_spec_->max_num_dev_pages_per_core() *
                                          buffer_distribution_spec_->num_cores());
    return static_cast<std::uint32_t>(shard_spec_->num_pages() * shard_spec_->tensor_shard_spec.grid.num_cores());
}
HalMemType Buffer::memory_type() const { return is_dram() ? HalMemType::DRAM : HalMemType::L1; }
CoreType Buffer::core_type() const { return is_dram() ? CoreType::DRAM : CoreType::WORKER; }
bool Buffer::is_l1() const { return buffer_type_ == BufferType::L1 || buffer_type_ == BufferType::L1_SMALL; }
bool Buffer::is_dram() const { return buffer_type_ == BufferType::DRAM || buffer_type_ == BufferType::TRACE; }
bool Buffer::is_trace() const { return buffer_type_ == BufferType::TRACE; }
bool Buffer::is_valid_region(const BufferRegion& region) const {
    return region.offset + region.size <= size_ && region.offset + region.size >= region.offset;
}
bool Buffer::is_valid_partial_region(const BufferRegion& region) const {
    return is_valid_region(region) && (region.offset > 0 || region.size != size_);
}
std::uint32_t Buffer::alignment() const { return is_dram() ? ttemu::kDramAlignment : ttemu::kL1Alignment; }
DeviceAddr Buffer::aligned_page_size() const {
    const DeviceAddr a = alignment();
    return (page_size_ + a - 1) / a * a;
}
DeviceAddr Buffer::aligned_size() const { return DeviceAddr(num_dev_pages()) * aligned_page_size(); }
DeviceAddr Buffer::aligned_size_per_bank() const {
    if (is_sharded(buffer_layout_)) {
        if (buffer_distribution_spec_) return buffer_distribution_spec_->max_num_dev_pages_per_core() * aligned_page_size();
        return shard_spec_->num_pages() * aligned_page_size();
    }
    const DeviceAddr banks = is_dram() ? ttemu::kNumDramBanks : ttemu::kNumL1Banks;
    return (num_pages() + banks - 1) / banks * aligned_page_size();
}
DeviceAddr Buffer::translate_page_address(DeviceAddr offset, std::uint32_t bank_id) const {
    // DRAM bank b sits at (b % 2) GiB of its channel, which is how kernels address it.
    return address_ + offset + (is_dram() ? DeviceAddr(bank_id % 2) * ttemu::kDramBankSize : 0);
}
DeviceAddr Buffer::page_address(DeviceAddr bank_id, DeviceAddr page_index) const {
    const DeviceAddr banks = is_dram() ? ttemu::kNumDramBanks : ttemu::kNumL1Banks;
    return translate_page_address((page_index / banks) * aligned_page_size(), static_cast<std::uint32_t>(bank_id));
}
const std::optional<BufferDistributionSpec>& Buffer::buffer_distribution_spec() const {
    return buffer_distribution_spec_;
}
ShardSpecBuffer Buffer::shard_spec() const {
    if (!shard_spec_) Throw("Buffer::shard_spec: the buffer has no shard spec");
    return *shard_spec_;
}
void Buffer::set_shard_spec(const ShardSpecBuffer& shard_spec) {
    shard_spec_ = shard_spec;
    buffer_page_mapping_.reset();
}
std::optional<std::uint32_t> Buffer::num_cores() const {
    if (!is_sharded(buffer_layout_)) return std::nullopt;
    if (buffer_distribution_spec_) return static_cast<std::uint32_t>(buffer_distribution_spec_->num_cores());
    return shard_spec_->tensor_shard_spec.grid.num_cores();
}
const std::shared_ptr<const BufferPageMapping>& Buffer::get_buffer_page_mapping() {
    if (!is_sharded(buffer_layout_)) Throw("Buffer::get_buffer_page_mapping: the buffer is not sharded");
    if (!buffer_page_mapping_)
        buffer_page_mapping_ = std::make_shared<const BufferPageMapping>(generate_buffer_page_mapping(*this));
    return buffer_page_mapping_;
}
std::shared_ptr<Buffer> Buffer::root_buffer() { return root_buffer_ ? root_buffer_ : shared_from_this(); }
void Buffer::mark_as_deallocated() { allocation_status_ = AllocationStatus::DEALLOCATED; }

UncompressedBufferPageMapping generate_buffer_page_mapping(const Buffer& buffer) {
    UncompressedBufferPageMapping mapping;
    for (const auto& c : ttemu::v067::ShardCoresOf(buffer)) mapping.all_cores.push_back(ttemu::v067::FromXY(c));
    const ttemu::PageLayout layout = ttemu::v067::LayoutOf(buffer);
    mapping.core_host_page_indices.resize(mapping.all_cores.size());
    std::vector<ttemu::CoreXY> cores = ttemu::v067::ShardCoresOf(buffer);
    for (std::size_t page = 0; layout.sharded && page < layout.sharded->size(); page++) {
        const auto& where = (*layout.sharded)[page];
        const auto core = static_cast<std::size_t>(std::find(cores.begin(), cores.end(), where.core) - cores.begin());
        auto& pages = mapping.core_host_page_indices.at(core);
        const std::size_t slot = where.offset / buffer.aligned_page_size();
        if (pages.size() <= slot) pages.resize(slot + 1, UncompressedBufferPageMapping::PADDING);
        pages[slot] = static_cast<std::uint32_t>(page);
    }
    return mapping;
}

}  // namespace tt::tt_metal

// A shard spec from its JSON form, as tt-metal's buffer.cpp reads it: {"grid", "shape", "orientation"} (the
// orientation as its number, nlohmann's form of an enum). Exported under nlohmann 3.11.3's name too
// (json_abi_aliases.ld).
tt::tt_metal::ShardSpec ttsl::json::from_json_t<tt::tt_metal::ShardSpec>::operator()(
    const nlohmann::json& json_object) const {
    const nlohmann::json& shape = json_object.at("shape");
    return tt::tt_metal::ShardSpec{from_json<tt::tt_metal::CoreRangeSet>(json_object.at("grid")),
                                   {shape.at(0).get<std::uint32_t>(), shape.at(1).get<std::uint32_t>()},
                                   static_cast<tt::tt_metal::ShardOrientation>(json_object.at("orientation").get<int>())};
}

namespace ttemu::v067 {

using tt::tt_metal::BufferAccess;
using tt::tt_metal::ShardOrientation;
using tt::tt_metal::TensorMemoryLayout;

std::vector<ttemu::CoreXY> ShardCoresOf(const Buffer& buffer) {
    std::vector<ttemu::CoreXY> out;
    if (const auto& spec = buffer.buffer_distribution_spec()) {
        for (const auto& c : spec->cores()) out.push_back(ToXY(c));
    } else if (buffer.has_shard_spec()) {
        const auto spec = buffer.shard_spec();
        for (const auto& c : corerange_to_cores(spec.grid(), std::nullopt, spec.orientation() == ShardOrientation::ROW_MAJOR))
            out.push_back(ToXY(c));
    }
    return out;
}

ttemu::PageLayout LayoutOf(const Buffer& buffer) {
    const ttemu::MemKind kind = tt::tt_metal::KindOf(buffer.buffer_type());
    ttemu::PageLayout layout = ttemu::Interleaved(kind, BufferAccess::RawAddress(buffer), buffer.page_size(),
                                                  buffer.aligned_page_size(), ttemu::Chip::NumBanks(kind));
    if (!tt::tt_metal::is_sharded(buffer.buffer_layout())) return layout;
    const std::vector<ttemu::CoreXY> cores = ShardCoresOf(buffer);
    std::vector<ttemu::PageSlot> slots;
    if (const auto& spec = buffer.buffer_distribution_spec()) {
        slots = ttemu::ShardNdMapping(
            std::vector<std::uint32_t>(spec->tensor_shape_in_pages().cbegin(), spec->tensor_shape_in_pages().cend()),
            std::vector<std::uint32_t>(spec->shard_shape_in_pages().cbegin(), spec->shard_shape_in_pages().cend()),
            static_cast<std::uint32_t>(cores.size()));
    } else {
        const auto legacy = buffer.shard_spec();
        const auto shard = legacy.shape_in_pages();
        slots = ttemu::Shard2DMapping(buffer.buffer_layout() == TensorMemoryLayout::HEIGHT_SHARDED, buffer.num_pages(),
                                      legacy.tensor2d_shape_in_pages[1], shard[0], shard[1],
                                      static_cast<std::uint32_t>(cores.size()));
    }
    auto pages = std::make_shared<std::vector<ttemu::ShardedPage>>();
    pages->reserve(slots.size());
    for (const auto& s : slots) pages->push_back({cores.at(s.core), s.slot * buffer.aligned_page_size()});
    layout.sharded = std::move(pages);
    return layout;
}

void CheckRegion(const Buffer& buffer, std::uint64_t offset, std::uint64_t size, const char* what) {
    if (!buffer.is_allocated()) Throw(what, ": the buffer is not allocated (deallocated, or its device closed)");
    if (offset + size > buffer.size() || offset + size < offset)
        Throw(what, ": region [", offset, ", ", offset + size, ") is outside the ", buffer.size(), " B buffer");
}

void WriteBuffer(const Buffer& buffer, std::uint64_t offset, const void* src, std::uint64_t size) {
    CheckRegion(buffer, offset, size, "write to buffer");
    const ttemu::PageLayout layout = LayoutOf(buffer);
    for (ttemu::Chip* chip : ChipsOf(buffer.device())) ttemu::WriteRegion(*chip, layout, offset, src, size);
}

void ReadBuffer(const Buffer& buffer, std::uint64_t offset, void* dst, std::uint64_t size) {
    CheckRegion(buffer, offset, size, "read from buffer");
    ttemu::ReadRegion(*ChipsOf(buffer.device()).at(0), LayoutOf(buffer), offset, dst, size);
}

}  // namespace ttemu::v067
