// The experimental tensor spec of v0.67.0: DataType, Layout, Alignment, MemoryConfig, PageConfig, TensorLayout and
// TensorSpec — shapes, pages, alignment and the checks tt-metal makes of a shard spec, with its messages.
#include <algorithm>
#include <numeric>
#include <ostream>
#include <utility>

#include <nlohmann/json.hpp>
#include <tt-metalium/allocator.hpp>
#include <tt-metalium/device.hpp>
#include <tt-metalium/math.hpp>
#include <tt-metalium/experimental/tensor/spec/tensor_spec.hpp>
#include <tt_stl/reflection.hpp>

#include "emu/core/errors.h"

namespace tt::tt_metal {

namespace {

// `value` rounded up to a multiple of `multiple`; a multiple of 0 leaves it.
std::size_t RoundUp(std::size_t value, std::size_t multiple) {
    return multiple == 0 ? value : (value + multiple - 1) / multiple * multiple;
}

std::string Text(const std::array<std::uint32_t, 2>& a) { return ttemu::Cat("[", a[0], ", ", a[1], "]"); }

// Bytes per element of a row-major page; block floats are kept as floats in rows.
std::size_t RowMajorElementBytes(DataType dtype) {
    switch (dtype) {
        case DataType::BFLOAT16: return 2;
        case DataType::UINT16: return 2;
        case DataType::UINT8: return 1;
        case DataType::FLOAT32:
        case DataType::INT32:
        case DataType::UINT32:
        case DataType::BFLOAT8_B:
        case DataType::BFLOAT4_B: return 4;
        default: ttemu::Throw("Unsupported data type!");
    }
}

// The largest memory alignment of any device and buffer type, which row-major shards are best aligned to.
constexpr std::size_t kRecommendedAlignmentBytes = 64;

}  // namespace

// ---- DataType, Layout, NdShardSpec

std::ostream& operator<<(std::ostream& os, const DataType& data_type) {
    switch (data_type) {
        case DataType::BFLOAT16: return os << "DataType::BFLOAT16";
        case DataType::FLOAT32: return os << "DataType::FLOAT32";
        case DataType::UINT32: return os << "DataType::UINT32";
        case DataType::BFLOAT8_B: return os << "DataType::BFLOAT8_B";
        case DataType::BFLOAT4_B: return os << "DataType::BFLOAT4_B";
        case DataType::UINT8: return os << "DataType::UINT8";
        case DataType::UINT16: return os << "DataType::UINT16";
        case DataType::INT32: return os << "DataType::INT32";
        default: return os << "Invalid";
    }
}

std::ostream& operator<<(std::ostream& os, const Layout& layout) {
    switch (layout) {
        case Layout::ROW_MAJOR: return os << "Layout::ROW_MAJOR";
        case Layout::TILE: return os << "Layout::TILE";
        case Layout::INVALID: return os << "Layout::INVALID";
    }
    ttemu::Throw("Unreachable");
}

std::ostream& operator<<(std::ostream& os, const NdShardSpec& spec) {
    os << "{\"shard_shape\":[";
    for (std::size_t i = 0; i < spec.shard_shape.rank(); ++i) os << (i ? ", " : "") << spec.shard_shape[i];
    os << "],\"grid\":[";
    const auto& ranges = spec.grid.ranges();
    for (std::size_t i = 0; i < ranges.size(); ++i) {
        const auto& r = ranges[i];
        os << (i ? ", " : "") << "{\"start\":{\"x\":" << r.start_coord.x << ",\"y\":" << r.start_coord.y
           << "},\"end\":{\"x\":" << r.end_coord.x << ",\"y\":" << r.end_coord.y << "}}";
    }
    os << "],\"orientation\":\""
       << (spec.orientation == ShardOrientation::ROW_MAJOR ? "ShardOrientation::ROW_MAJOR"
                                                           : "ShardOrientation::COL_MAJOR")
       << "\",\"shard_distribution_strategy\":\""
       << (spec.shard_distribution_strategy == ShardDistributionStrategy::ROUND_ROBIN_1D
               ? "ShardDistributionStrategy::ROUND_ROBIN_1D"
               : "ShardDistributionStrategy::GRID_2D")
       << "\"}";
    return os;
}

bool is_floating_point(DataType dtype) {
    return dtype == DataType::BFLOAT16 || dtype == DataType::FLOAT32 || is_block_float(dtype);
}

bool is_block_float(DataType dtype) { return dtype == DataType::BFLOAT8_B || dtype == DataType::BFLOAT4_B; }

namespace {
constexpr std::pair<DataType, tt::DataFormat> kFormats[] = {
    {DataType::BFLOAT16, tt::DataFormat::Float16_b}, {DataType::BFLOAT8_B, tt::DataFormat::Bfp8_b},
    {DataType::BFLOAT4_B, tt::DataFormat::Bfp4_b},   {DataType::FLOAT32, tt::DataFormat::Float32},
    {DataType::INT32, tt::DataFormat::Int32},        {DataType::UINT32, tt::DataFormat::UInt32},
    {DataType::UINT16, tt::DataFormat::UInt16},      {DataType::UINT8, tt::DataFormat::UInt8},
};
}  // namespace

tt::DataFormat datatype_to_dataformat_converter(DataType datatype) {
    for (const auto& [d, f] : kFormats)
        if (d == datatype) return f;
    ttemu::Throw("Unsupported DataType");
}

DataType dataformat_to_datatype_converter(tt::DataFormat dataformat) {
    for (const auto& [d, f] : kFormats)
        if (f == dataformat) return d;
    ttemu::Throw("Unsupported DataFormat");
}

// ---- Alignment

bool Alignment::operator==(const Alignment& other) const { return ShapeBase::operator==(other); }
// As tt-metal's: against the stored dimensions, leading 1s included (as the std::array form in the header).
bool Alignment::operator==(const ttsl::SmallVector<std::uint32_t>& other) const { return value_ == other; }

std::ostream& operator<<(std::ostream& os, const Alignment& alignment) {
    os << "Alignment([";
    for (std::size_t i = 0; i < alignment.size(); ++i) os << (i ? ", " : "") << alignment[static_cast<int>(i)];
    return os << "])";
}

// ---- MemoryConfig

MemoryConfig::MemoryConfig(TensorMemoryLayout memory_layout, BufferType buffer_type,
                           std::optional<ShardSpec> shard_spec)
    : memory_layout_(memory_layout), buffer_type_(buffer_type), shard_spec_(std::move(shard_spec)) {}

MemoryConfig::MemoryConfig(BufferType buffer_type, std::optional<NdShardSpec> nd_shard_spec)
    : memory_layout_(nd_shard_spec ? TensorMemoryLayout::BLOCK_SHARDED : TensorMemoryLayout::INTERLEAVED),
      buffer_type_(buffer_type),
      nd_shard_spec_(std::move(nd_shard_spec)),
      created_with_nd_shard_spec_(nd_shard_spec_.has_value()) {}

MemoryConfig::MemoryConfig(TensorMemoryLayout memory_layout, BufferType buffer_type,
                           std::optional<ShardSpec> shard_spec, std::optional<NdShardSpec> nd_shard_spec,
                           bool created_with_nd_shard_spec)
    : memory_layout_(memory_layout),
      buffer_type_(buffer_type),
      shard_spec_(std::move(shard_spec)),
      nd_shard_spec_(std::move(nd_shard_spec)),
      created_with_nd_shard_spec_(created_with_nd_shard_spec) {}

MemoryConfig MemoryConfig::create_with_prepopulated_shard_specs(TensorMemoryLayout memory_layout,
                                                                BufferType buffer_type,
                                                                std::optional<ShardSpec> shard_spec,
                                                                std::optional<NdShardSpec> nd_shard_spec,
                                                                bool created_with_nd_shard_spec) {
    return MemoryConfig(memory_layout, buffer_type, std::move(shard_spec), std::move(nd_shard_spec),
                        created_with_nd_shard_spec);
}

bool MemoryConfig::is_sharded() const {
    return memory_layout_ == TensorMemoryLayout::HEIGHT_SHARDED ||
           memory_layout_ == TensorMemoryLayout::WIDTH_SHARDED || memory_layout_ == TensorMemoryLayout::BLOCK_SHARDED;
}
bool MemoryConfig::is_l1() const { return buffer_type_ == BufferType::L1 || buffer_type_ == BufferType::L1_SMALL; }
bool MemoryConfig::is_dram() const { return buffer_type_ == BufferType::DRAM; }

bool operator==(const MemoryConfig& a, const MemoryConfig& b) {
    return a.buffer_type() == b.buffer_type() && a.memory_layout() == b.memory_layout() &&
           a.shard_spec() == b.shard_spec();
}
bool operator!=(const MemoryConfig& a, const MemoryConfig& b) { return !(a == b); }

// As reflection prints an object: MemoryConfig(memory_layout=…,buffer_type=…,shard_spec=…,nd_shard_spec=…,
// created_with_nd_shard_spec=…). (The stand-in's reflection has no field walk for aggregates such as NdShardSpec.)
std::ostream& operator<<(std::ostream& os, const MemoryConfig& config) {
    using ttsl::reflection::operator<<;
    os << "MemoryConfig(memory_layout=" << config.memory_layout() << ",buffer_type=" << config.buffer_type()
       << ",shard_spec=" << config.shard_spec() << ",nd_shard_spec=";
    if (config.nd_shard_spec()) os << *config.nd_shard_spec();
    else os << "std::nullopt";
    return os << ",created_with_nd_shard_spec=" << (config.created_with_nd_shard_spec() ? "true" : "false") << ")";
}

}  // namespace tt::tt_metal

namespace {

nlohmann::json NdShardSpecJson(const tt::tt_metal::NdShardSpec& spec) {
    return nlohmann::json{{"shard_shape", ttsl::json::to_json(spec.shard_shape)},
                          {"grid", ttsl::json::to_json(spec.grid)},
                          {"orientation", static_cast<int>(spec.orientation)},
                          {"shard_distribution_strategy", static_cast<int>(spec.shard_distribution_strategy)}};
}

tt::tt_metal::NdShardSpec NdShardSpecFromJson(const nlohmann::json& j) {
    return tt::tt_metal::NdShardSpec{
        ttsl::json::from_json<tt::tt_metal::Shape>(j.at("shard_shape")),
        ttsl::json::from_json<tt::tt_metal::CoreRangeSet>(j.at("grid")),
        static_cast<tt::tt_metal::ShardOrientation>(j.at("orientation").get<int>()),
        static_cast<tt::tt_metal::ShardDistributionStrategy>(j.at("shard_distribution_strategy").get<int>())};
}

}  // namespace

nlohmann::json ttsl::json::to_json_t<tt::tt_metal::MemoryConfig>::operator()(
    const tt::tt_metal::MemoryConfig& config) const {
    nlohmann::json j;
    j["memory_layout"] = static_cast<int>(config.memory_layout());
    j["buffer_type"] = static_cast<int>(config.buffer_type());
    j["created_with_nd_shard_spec"] = config.created_with_nd_shard_spec();
    if (config.created_with_nd_shard_spec()) {
        if (config.nd_shard_spec()) j["nd_shard_spec"] = NdShardSpecJson(*config.nd_shard_spec());
    } else if (config.shard_spec()) {
        j["shard_spec"] = ttsl::json::to_json(*config.shard_spec());
    }
    return j;
}

tt::tt_metal::MemoryConfig ttsl::json::from_json_t<tt::tt_metal::MemoryConfig>::operator()(
    const nlohmann::json& j) const {
    using namespace tt::tt_metal;
    const auto layout = static_cast<TensorMemoryLayout>(j.at("memory_layout").get<int>());
    const auto type = static_cast<BufferType>(j.at("buffer_type").get<int>());
    if (j.at("created_with_nd_shard_spec").get<bool>()) return MemoryConfig(type, NdShardSpecFromJson(j.at("nd_shard_spec")));
    std::optional<ShardSpec> shard;
    if (j.contains("shard_spec")) shard = ttsl::json::from_json<ShardSpec>(j.at("shard_spec"));
    return MemoryConfig(layout, type, std::move(shard));
}

namespace tt::tt_metal {

// ---- Page configs

PageConfig::PageConfig(const Config& config) : config_(config) {}
PageConfig::PageConfig(Layout layout) : PageConfig(layout, std::nullopt) {}
PageConfig::PageConfig(Layout layout, const std::optional<Tile>& tile)
    : config_(layout == Layout::ROW_MAJOR ? Config(RowMajorPageConfig(tile.value_or(Tile())))
                                          : Config(TilePageConfig(tile.value_or(Tile())))) {}

Alignment PageConfig::create_default_alignment(DataType dtype, const MemoryConfig& memory_config) const {
    return std::visit([&](const auto& c) { return c.create_default_alignment(dtype, memory_config); }, config_);
}
void PageConfig::validate_alignment(const Alignment& alignment, DataType dtype,
                                    const MemoryConfig& memory_config) const {
    std::visit([&](const auto& c) { c.validate_alignment(alignment, dtype, memory_config); }, config_);
}
Shape2D PageConfig::get_page_shape(const Shape2D& physical_size, DataType dtype, const MemoryConfig& memory_config,
                                   const std::optional<Shape2D>& physical_shard_size) const {
    return std::visit(
        [&](const auto& c) { return c.get_page_shape(physical_size, dtype, memory_config, physical_shard_size); },
        config_);
}
std::size_t PageConfig::get_page_size_bytes(const Shape2D& page_shape, DataType dtype) const {
    return std::visit([&](const auto& c) { return c.get_page_size_bytes(page_shape, dtype); }, config_);
}
Layout PageConfig::get_layout() const {
    return std::holds_alternative<RowMajorPageConfig>(config_) ? Layout::ROW_MAJOR : Layout::TILE;
}
Tile PageConfig::get_tile() const {
    return std::visit([](const auto& c) { return c.get_tile(); }, config_);
}
Alignment PageConfig::get_required_shard_shape_alignment() const {
    return std::visit([](const auto& c) { return c.get_required_shard_shape_alignment(); }, config_);
}
Alignment PageConfig::get_recommended_shard_shape_alignment(DataType dtype) const {
    return std::visit([&](const auto& c) { return c.get_recommended_shard_shape_alignment(dtype); }, config_);
}

TilePageConfig::TilePageConfig(const Tile& tile) : tile_(tile) {}

Alignment TilePageConfig::create_default_alignment(DataType, const MemoryConfig&) const {
    return Alignment({tile_.get_height(), tile_.get_width()});
}

void TilePageConfig::validate_alignment(const Alignment& alignment, DataType, const MemoryConfig&) const {
    if (alignment.size() < 2) ttemu::Throw("Alignment should have at least 2 dimensions for Tile layout");
    if (alignment[-1] % tile_.get_width() != 0)
        ttemu::Throw("Wrong custom Tensor Layout alignment ", alignment,
                     ". For Tile layout innermost dimension should be multiple of tile width ", tile_.get_width(), ".");
    if (alignment[-2] % tile_.get_height() != 0)
        ttemu::Throw("Wrong custom Tensor Layout alignment ", alignment,
                     ". For Tile layout second innermost dimension should be multiple of tile height ",
                     tile_.get_height(), ".");
}

Shape2D TilePageConfig::get_page_shape(const Shape2D&, DataType, const MemoryConfig&,
                                       const std::optional<Shape2D>&) const {
    return Shape2D(tile_.get_height(), tile_.get_width());
}

std::size_t TilePageConfig::get_page_size_bytes(const Shape2D& page_shape, DataType dtype) const {
    const std::size_t tiles = page_shape.height() / tile_.get_height() * page_shape.width() / tile_.get_width();
    return tiles * tile_.get_tile_size(datatype_to_dataformat_converter(dtype));
}

const Tile& TilePageConfig::get_tile() const { return tile_; }
Alignment TilePageConfig::get_required_shard_shape_alignment() const {
    return Alignment({tile_.get_height(), tile_.get_width()});
}
Alignment TilePageConfig::get_recommended_shard_shape_alignment(DataType) const {
    return get_required_shard_shape_alignment();
}

RowMajorPageConfig::RowMajorPageConfig(const Tile& tile) : tile_(tile) {}

Alignment RowMajorPageConfig::create_default_alignment(DataType, const MemoryConfig& memory_config) const {
    if (memory_config.shard_spec()) return Alignment({memory_config.shard_spec()->shape[1]});
    if (memory_config.nd_shard_spec()) return Alignment({memory_config.nd_shard_spec()->shard_shape[-1]});
    return Alignment({1});
}

void RowMajorPageConfig::validate_alignment(const Alignment& alignment, DataType,
                                            const MemoryConfig& memory_config) const {
    if (alignment.empty()) ttemu::Throw("Alignment must contain at least one dimension for Row Major layout.");
    const std::uint32_t width_alignment = alignment[-1];
    if (memory_config.shard_spec() && memory_config.memory_layout() != TensorMemoryLayout::HEIGHT_SHARDED) {
        const std::uint32_t shard_width = memory_config.shard_spec()->shape[1];
        if (shard_width % width_alignment != 0)
            ttemu::Throw("Alignment mismatch for sharded tensor: Expected physical shard shape ", shard_width,
                         " to be aligned to ", width_alignment, " along the width for Row Major layout.");
    }
}

Shape2D RowMajorPageConfig::get_page_shape(const Shape2D& physical_size, DataType dtype,
                                           const MemoryConfig& memory_config,
                                           const std::optional<Shape2D>& physical_shard_size) const {
    // An empty tensor still has a page: one word.
    if (physical_size.height() == 0 || physical_size.width() == 0) return Shape2D(1, 4 / RowMajorElementBytes(dtype));
    // Width and block sharding: a page is a row of the shard.
    if (memory_config.shard_spec() && memory_config.memory_layout() != TensorMemoryLayout::HEIGHT_SHARDED) {
        if (!physical_shard_size)
            ttemu::Throw("For width or block sharded tensors, Row Major page width comes from physical shard size so "
                         "it must be provided!");
        return Shape2D(1, physical_shard_size->width());
    }
    if (memory_config.is_sharded() && memory_config.nd_shard_spec())
        return Shape2D(1, memory_config.nd_shard_spec()->shard_shape[-1]);
    return Shape2D(1, physical_size.width());
}

std::size_t RowMajorPageConfig::get_page_size_bytes(const Shape2D& page_shape, DataType dtype) const {
    return page_shape.height() * page_shape.width() * RowMajorElementBytes(dtype);
}

const Tile& RowMajorPageConfig::get_tile() const { return tile_; }
Alignment RowMajorPageConfig::get_required_shard_shape_alignment() const { return Alignment({1}); }
Alignment RowMajorPageConfig::get_recommended_shard_shape_alignment(DataType dtype) const {
    const std::size_t element = RowMajorElementBytes(dtype);
    return Alignment({static_cast<std::uint32_t>(std::lcm(kRecommendedAlignmentBytes, element) / element)});
}

// ---- TensorLayout

namespace {

// The alignment that pads logical to padded (a legacy padded shape), as far as one exists.
Alignment AlignmentOfPaddedShape(const Shape& logical, const Shape& padded, const PageConfig& page_config,
                                 const MemoryConfig& memory_config) {
    if (logical == padded) return Alignment{};
    const int rank = static_cast<int>(padded.rank());
    bool only_last_two = true;  // padding only in height and width
    for (int i = -3; i >= -rank; --i) only_last_two = only_last_two && logical[i] == padded[i];

    if (memory_config.shard_spec()) {
        if (!only_last_two)
            ttemu::Throw("Tensor with shape ", logical, " (", padded,
                         ") cannot be sharded because alignment will have rank greater than 2!");
        if (page_config.get_layout() == Layout::ROW_MAJOR) return Alignment({memory_config.shard_spec()->shape[1]});
        return Alignment{};
    }
    if (only_last_two) {
        ttsl::SmallVector<std::uint32_t> values(std::min(rank, 2));
        if (!values.empty()) values.back() = padded[-1];
        if (values.size() == 2) values[0] = padded[-2];
        return Alignment(std::move(values));
    }
    // Padding above height (rank > 2 here): each outer alignment is the padded volume below it.
    ttsl::SmallVector<std::uint32_t> values(rank);
    values[rank - 1] = padded[-1];
    values[rank - 2] = padded[-2];
    for (int i = rank - 3; i >= 0; --i) values[i] = padded[i] * values[i + 1];
    for (auto& v : values)
        if (v == 0) v = 1;
    return Alignment(std::move(values));
}

void CheckAlignment(const TensorLayout& layout) {
    const auto& memory_config = layout.get_memory_config();
    if (layout.get_alignment().size() > 2 && memory_config.shard_spec())
        ttemu::Throw("Tensor must be interleaved if alignment has rank greater than 2!");
    layout.get_page_config().validate_alignment(layout.get_alignment(), layout.get_data_type(), memory_config);
}

void CheckShardIsTiles(const TensorLayout& layout) {
    const auto& memory_config = layout.get_memory_config();
    if (!memory_config.is_sharded() || layout.get_layout() != Layout::TILE) return;
    const auto tile = layout.get_tile().get_tile_shape();
    if (memory_config.shard_spec()) {
        const Shape2D shard = layout.get_physical_shard_shape();
        if (shard.height() % tile[0] != 0 || shard.width() % tile[1] != 0)
            ttemu::Throw("Physical shard shape ", shard, " must be tile ", Text(tile), " sized!");
    } else if (memory_config.nd_shard_spec()) {
        const Shape& shard = memory_config.nd_shard_spec()->shard_shape;
        if (shard[-2] % tile[0] != 0 || shard[-1] % tile[1] != 0)
            ttemu::Throw("Physical shard shape ", shard, " must be tile ", Text(tile), " sized!");
    }
}

}  // namespace

TensorLayout::TensorLayout(DataType dtype, const PageConfig& page_config, const MemoryConfig& memory_config,
                           const Alignment& alignment)
    : dtype_(dtype), page_config_(page_config), memory_config_(memory_config), alignment_(alignment) {
    initialize_alignment();
    CheckAlignment(*this);
    CheckShardIsTiles(*this);
}

TensorLayout TensorLayout::fromPaddedShape(DataType dtype, const PageConfig& page_config,
                                           const MemoryConfig& memory_config, const Shape& logical_shape,
                                           const Shape& padded_shape) {
    return TensorLayout(dtype, page_config, memory_config,
                        AlignmentOfPaddedShape(logical_shape, padded_shape, page_config, memory_config));
}

TensorLayout TensorLayout::restore_from_serialized(DataType dtype, const PageConfig& page_config,
                                                   const MemoryConfig& memory_config, const Alignment& alignment) {
    return TensorLayout(dtype, page_config, memory_config, alignment);
}

// The given alignment, widened to the default's rank and each of its innermost values rounded up to the default's.
void TensorLayout::initialize_alignment() {
    const Alignment base = page_config_.create_default_alignment(dtype_, memory_config_);
    if (alignment_.empty()) {
        alignment_ = base;
        return;
    }
    const std::size_t n = std::max(alignment_.size(), base.size());
    ttsl::SmallVector<std::uint32_t> result(n, 1);
    for (std::size_t i = 0; i < alignment_.size(); ++i) result[n - alignment_.size() + i] = alignment_[static_cast<int>(i)];
    for (std::size_t i = 0; i < base.size(); ++i) {
        auto& v = result[n - base.size() + i];
        v = static_cast<std::uint32_t>(RoundUp(v, base[static_cast<int>(i)]));
    }
    alignment_ = Alignment(std::move(result));
}

BufferShardingArgs TensorLayout::compute_buffer_sharding_args(const Shape& shape) const {
    if (!memory_config_.is_sharded()) return {};
    if (!memory_config_.shard_spec() && !memory_config_.nd_shard_spec())
        ttemu::Throw("MemoryConfig must have Shard Spec specified for sharded memory layout");
    const Shape2D physical = compute_physical_shape(shape);
    const Shape2D page = compute_page_shape(physical);
    if (physical.width() % page.width() != 0)
        ttemu::Throw("Physical width ", physical.width(), " must be multiple of page width ", page.width());
    if (physical.height() % page.height() != 0)
        ttemu::Throw("Physical height ", physical.height(), " must be multiple of page height ", page.height());

    std::optional<ShardSpecBuffer> shard_spec_buffer;
    std::optional<BufferDistributionSpec> distribution_spec;
    if (const auto& shard = memory_config_.shard_spec()) {
        const std::array<std::uint32_t, 2> in_pages{static_cast<std::uint32_t>(physical.height() / page.height()),
                                                    static_cast<std::uint32_t>(physical.width() / page.width())};
        shard_spec_buffer = ShardSpecBuffer(*shard, static_cast<std::array<std::uint32_t, 2>>(page), in_pages);
    }
    if (const auto& nd = memory_config_.nd_shard_spec()) {
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
        const Shape padded = compute_padded_shape(shape);
#pragma GCC diagnostic pop
        distribution_spec = BufferDistributionSpec::from_shard_spec(padded, nd->shard_shape, page, nd->grid,
                                                                    nd->orientation, nd->shard_distribution_strategy);
    }
    return BufferShardingArgs(std::move(distribution_spec), std::move(shard_spec_buffer),
                              memory_config_.memory_layout());
}

std::size_t TensorLayout::compute_packed_buffer_size_bytes(const Shape& shape) const {
    const Shape2D physical = compute_physical_shape(shape);
    const Shape2D page = compute_page_shape(physical);
    const std::size_t area = physical.height() * physical.width();
    if (area != 0 && (physical.width() % page.width() != 0 || physical.height() % page.height() != 0))
        ttemu::Throw("Physical size ", physical, " must be multiple of page size ", page);
    return area / (page.height() * page.width()) * compute_page_size_bytes(page);
}

std::size_t TensorLayout::compute_page_size_bytes(const Shape& shape) const {
    return compute_page_size_bytes(compute_page_shape(compute_physical_shape(shape)));
}

std::size_t TensorLayout::compute_page_size_bytes(const Shape2D& page_size) const {
    return page_config_.get_page_size_bytes(page_size, dtype_);
}

std::size_t TensorLayout::compute_consumed_memory_bytes_per_bank(const Shape& shape, std::size_t page_alignment,
                                                                 std::size_t num_banks) const {
    const Shape2D physical = compute_physical_shape(shape);
    const Shape2D page = compute_page_shape(physical);
    std::size_t pages_per_bank = 0;
    if (!memory_config_.is_sharded()) {
        const std::size_t pages = physical.height() * physical.width() / page.height() / page.width();
        pages_per_bank = tt::div_up(pages, num_banks);
    } else if (const auto& shard = memory_config_.shard_spec()) {
        pages_per_bank = tt::div_up(shard->shape[0], page.height()) * tt::div_up(shard->shape[1], page.width());
    } else {
        const auto args = compute_buffer_sharding_args(shape);
        pages_per_bank = args.buffer_distribution_spec()->max_num_dev_pages_per_core();
    }
    return pages_per_bank * RoundUp(compute_page_size_bytes(page), page_alignment);
}

std::size_t TensorLayout::compute_consumed_memory_bytes_per_bank(const Shape& shape, const IDevice& device) const {
    const std::size_t page_alignment = device.allocator()->get_alignment(memory_config_.buffer_type());
    std::size_t banks = 0;
    if (memory_config_.is_l1()) {
        const CoreCoord grid = device.compute_with_storage_grid_size();
        banks = grid.x * grid.y;
    } else {
        banks = device.num_dram_channels();
    }
    return compute_consumed_memory_bytes_per_bank(shape, page_alignment, banks);
}

Shape2D TensorLayout::get_logical_shard_shape() const {
    if (!memory_config_.shard_spec())
        ttemu::Throw("Shard spec must have value for TensorLayout::get_logical_shard_shape!");
    return Shape2D(memory_config_.shard_spec()->shape);
}

Shape2D TensorLayout::get_physical_shard_shape() const {
    if (!memory_config_.shard_spec())
        ttemu::Throw("Shard spec must have value for TensorLayout::get_physical_shard_shape!");
    return Shape2D(memory_config_.shard_spec()->shape);
}

Shape2D TensorLayout::compute_logical_2d_shape(const Shape& shape) const {
    const int rank = static_cast<int>(shape.rank());
    if (rank < 2) return Shape2D{1, shape[-1]};
    std::size_t height = shape[-2];
    for (int i = -3; i >= -rank; --i) height *= shape[i];
    return Shape2D{height, shape[-1]};
}

// Walks the dimensions from the innermost out, multiplying each into the width (the last) or the height (the
// others) and rounding the running product up to that dimension's alignment — so even a rank-0 tensor is padded to
// whole tiles, pages or shards.
Shape2D TensorLayout::compute_physical_shape(const Shape& shape) const {
    const int rank = static_cast<int>(shape.rank());
    const int alignment_rank = static_cast<int>(alignment_.size());
    std::size_t width = 1, height = 1;
    for (int i = -1; i >= -std::max(rank, alignment_rank); --i) {
        std::size_t& dim = i == -1 ? width : height;
        if (i >= -rank) dim *= shape[i];
        if (i >= -alignment_rank) dim = RoundUp(dim, alignment_[i]);
    }
    return Shape2D{height, width};
}

Shape2D TensorLayout::compute_page_shape(const Shape2D& physical_size) const {
    std::optional<Shape2D> shard;
    if (memory_config_.shard_spec()) shard = get_physical_shard_shape();
    return page_config_.get_page_shape(physical_size, dtype_, memory_config_, shard);
}

Strides TensorLayout::compute_strides(const Shape& shape) const {
    const int rank = static_cast<int>(shape.rank());
    const int alignment_rank = static_cast<int>(alignment_.size());
    Strides strides(rank, 1);
    for (int i = rank - 2; i >= 0; --i) {
        strides[i] = strides[i + 1] * shape[i + 1];
        const int a = i - (rank - alignment_rank) + 1;
        if (a >= 0) strides[i] = RoundUp(strides[i], alignment_[a]);
    }
    return strides;
}

// Height and width are rounded up to their alignment; an outer dimension's alignment counts in elements of the
// padded volume below it, so it pads that dimension by alignment / (volume below), and must divide or be divided
// by that volume.
Shape TensorLayout::compute_padded_shape(const Shape& shape) const {
    const int rank = static_cast<int>(shape.rank());
    ttsl::SmallVector<std::uint32_t> padded(std::max<std::size_t>(shape.rank(), alignment_.size()));
    int r = rank - 1, a = static_cast<int>(alignment_.size()) - 1, p = static_cast<int>(padded.size()) - 1;
    std::size_t below = 1;
    for (; a >= 0; --r, --a, --p) {
        const std::uint32_t value = r >= 0 ? shape[r] : 1;
        const std::uint32_t align = alignment_[a];
        if (r >= rank - 2) {
            padded[p] = static_cast<std::uint32_t>(RoundUp(value, align));
        } else if (below % align == 0) {
            padded[p] = value;
        } else if (align % below == 0) {
            padded[p] = static_cast<std::uint32_t>(RoundUp(value, align / below));
        } else {
            ttemu::Throw("Padded shape can't be deducted from TensorLayout parameters ", alignment_, " and Shape ",
                         shape);
        }
        if (r != rank - 1) below *= padded[p];
    }
    for (; r >= 0; --r, --p) padded[p] = shape[r];
    return Shape(std::move(padded));
}

// ---- TensorSpec

namespace {

void CheckShardAgainstShape(const TensorSpec& spec) {
    const auto& memory_config = spec.memory_config();
    if (!memory_config.is_sharded() || !memory_config.shard_spec()) return;
    const std::size_t height = spec.physical_shape().height(), width = spec.physical_shape().width();
    const Shape2D shard = spec.tensor_layout().get_physical_shard_shape();
    const auto& shard_spec = *memory_config.shard_spec();
    const std::uint32_t cores = shard_spec.num_cores();
    switch (memory_config.memory_layout()) {
        case TensorMemoryLayout::HEIGHT_SHARDED: {
            if (width != shard.width())
                ttemu::Throw("Shard width ", shard.width(), " must match physical width ", width, " for height sharded");
            const std::size_t shards = tt::div_up(height, shard.height());
            if (shards > cores)
                ttemu::Throw("Number of shards along height ", shards, " must not exceed number of cores ", cores);
            break;
        }
        case TensorMemoryLayout::WIDTH_SHARDED: {
            if (height != shard.height())
                ttemu::Throw("Shard height ", shard.height(), " must match physical height ", height,
                             " for width sharded");
            const std::size_t shards = tt::div_up(width, shard.width());
            if (shards > cores)
                ttemu::Throw("Number of shards along width ", shards, " must not exceed number of cores ", cores);
            break;
        }
        case TensorMemoryLayout::BLOCK_SHARDED: {
            if (shard_spec.grid.ranges().size() != 1)
                ttemu::Throw("Shard grid must be one full rectangular grid for block sharded!");
            const std::size_t along_height = tt::div_up(height, shard.height());
            const std::size_t along_width = tt::div_up(width, shard.width());
            const CoreCoord grid = shard_spec.grid.bounding_box().grid_size();
            const bool rows = shard_spec.orientation == ShardOrientation::ROW_MAJOR;
            const char* order = rows ? "row major" : "column major";
            const std::size_t height_room = rows ? grid.y : grid.x, width_room = rows ? grid.x : grid.y;
            if (along_height > height_room)
                ttemu::Throw("Number of shards along height ", along_height, " must not exceed number of ",
                             rows ? "rows" : "columns", " ", height_room, " for ", order, " orientation!");
            if (along_width > width_room)
                ttemu::Throw("Number of shards along width ", along_width, " must not exceed number of ",
                             rows ? "columns" : "rows", " ", width_room, " for ", order, " orientation!");
            break;
        }
        default: break;
    }
}

}  // namespace

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"  // the padded shape, as tt-metal caches it
TensorSpec::TensorSpec(Shape logical_shape, TensorLayout tensor_layout)
    : logical_shape_(std::move(logical_shape)),
      tensor_layout_(std::move(tensor_layout)),
      cached_padded_shape_(tensor_layout_.compute_padded_shape(logical_shape_)),
      cached_logical_2d_shape_(tensor_layout_.compute_logical_2d_shape(logical_shape_)),
      cached_physical_shape_(tensor_layout_.compute_physical_shape(logical_shape_)) {
    CheckShardAgainstShape(*this);
    // tt-metal checks the data type and layout (block floats only in tiles) with TT_ASSERT, in debug builds only;
    // a release build, as this one, does not.
    populate_sharding_specs();
}
#pragma GCC diagnostic pop

TensorSpec TensorSpec::with_memory_config(MemoryConfig memory_config) const {
    TensorSpec result = *this;
    result.tensor_layout_ = tensor_layout_.with_memory_config(std::move(memory_config));
    result.populate_sharding_specs();
    return result;
}

TensorSpec TensorSpec::sharded_across_dims(tt::stl::Span<const std::int32_t> dims, CoreRangeSet grid,
                                           ShardOrientation orientation) const {
    Shape shard = padded_shape();
    for (const auto dim : dims) shard[dim] = 1;
    return sharded(NdShardSpec{std::move(shard), std::move(grid), orientation}, ShardShapeAlignment::RECOMMENDED);
}

TensorSpec TensorSpec::sharded_across_dims_except(tt::stl::Span<const std::int32_t> dims, CoreRangeSet grid,
                                                  ShardOrientation orientation) const {
    Shape shard = Shape().to_rank(padded_shape().rank());
    for (const auto dim : dims) shard[dim] = padded_shape()[dim];
    return sharded(NdShardSpec{std::move(shard), std::move(grid), orientation}, ShardShapeAlignment::RECOMMENDED);
}

TensorSpec TensorSpec::height_sharded(CoreRangeSet grid, ShardOrientation orientation) const {
    const auto height = static_cast<std::uint32_t>(tt::div_up(physical_shape().height(), grid.num_cores()));
    Shape shard({height, static_cast<std::uint32_t>(physical_shape().width())});
    return sharded(NdShardSpec{std::move(shard), std::move(grid), orientation}, ShardShapeAlignment::REQUIRED);
}

TensorSpec TensorSpec::width_sharded(CoreRangeSet grid, ShardOrientation orientation) const {
    const auto width = static_cast<std::uint32_t>(tt::div_up(physical_shape().width(), grid.num_cores()));
    Shape shard({static_cast<std::uint32_t>(physical_shape().height()), width});
    return sharded(NdShardSpec{std::move(shard), std::move(grid), orientation}, ShardShapeAlignment::REQUIRED);
}

TensorSpec TensorSpec::block_sharded(CoreRange grid, ShardOrientation orientation) const {
    const CoreCoord size = grid.grid_size();
    const bool rows = orientation == ShardOrientation::ROW_MAJOR;
    const auto height = static_cast<std::uint32_t>(tt::div_up(physical_shape().height(), rows ? size.y : size.x));
    const auto width = static_cast<std::uint32_t>(tt::div_up(physical_shape().width(), rows ? size.x : size.y));
    return sharded(NdShardSpec{Shape({height, width}), CoreRangeSet(grid), orientation},
                   ShardShapeAlignment::RECOMMENDED);
}

TensorSpec TensorSpec::sharded(NdShardSpec nd_shard_spec, ShardShapeAlignment shard_alignment) const {
    if (shard_alignment != ShardShapeAlignment::NONE) {
        const Alignment alignment = shard_alignment == ShardShapeAlignment::REQUIRED
                                        ? page_config().get_required_shard_shape_alignment()
                                        : page_config().get_recommended_shard_shape_alignment(data_type());
        auto& shard = nd_shard_spec.shard_shape;
        for (int dim = 1; dim <= static_cast<int>(alignment.size()); ++dim)
            shard[-dim] = static_cast<std::uint32_t>(RoundUp(shard[-dim], alignment[-dim]));
    }
    TensorLayout layout(data_type(), page_config(), MemoryConfig(memory_config().buffer_type(), std::move(nd_shard_spec)));
    return TensorSpec(logical_shape(), std::move(layout));
}

TensorSpec TensorSpec::sharded(Shape shard_shape, CoreRangeSet grid, ShardShapeAlignment shard_alignment,
                               ShardOrientation orientation, ShardDistributionStrategy strategy) const {
    return sharded(NdShardSpec{std::move(shard_shape), std::move(grid), orientation, strategy}, shard_alignment);
}

void TensorSpec::populate_sharding_specs() {
    if (memory_config().created_with_nd_shard_spec()) {
        if (auto config = populate_legacy_shard_spec_from_nd())
            tensor_layout_ = tensor_layout_.with_memory_config(std::move(*config));
    } else if (memory_config().shard_spec()) {
        tensor_layout_ = tensor_layout_.with_memory_config(populate_nd_shard_spec_from_legacy());
    }
}

// The N-D spec of a 2-D one: the same shard (1-D for a 1-D tensor), spread over the grid as a block (GRID_2D) when
// block sharded.
MemoryConfig TensorSpec::populate_nd_shard_spec_from_legacy() const {
    const auto& config = memory_config();
    const auto& shard = *config.shard_spec();
    NdShardSpec nd{Shape({shard.shape[0], shard.shape[1]}), shard.grid, shard.orientation};
    if (padded_shape().rank() == 1) {
        if (shard.shape[0] != 1) ttemu::Throw("Shard shape must be 1D for 1D tensor!");
        nd.shard_shape = Shape({shard.shape[1]});
    }
    if (config.memory_layout() == TensorMemoryLayout::BLOCK_SHARDED)
        nd.shard_distribution_strategy = ShardDistributionStrategy::GRID_2D;
    return MemoryConfig::create_with_prepopulated_shard_specs(config.memory_layout(), config.buffer_type(),
                                                              config.shard_spec(), std::move(nd),
                                                              config.created_with_nd_shard_spec());
}

// The 2-D spec an N-D one amounts to, if any: the shard folded to 2-D (outer dimensions equal to the tensor's fold
// into the height; the first one that differs must be the shard's last non-1 one and must divide the tensor, be its
// outermost, or have only 1s of the tensor above it), with every shard on a core of its own and in the same order.
std::optional<MemoryConfig> TensorSpec::populate_legacy_shard_spec_from_nd() const {
    const auto& config = memory_config();
    const auto& nd = *config.nd_shard_spec();
    const Shape& nd_shape = nd.shard_shape;
    const Shape& padded = padded_shape();
    const int nd_rank = static_cast<int>(nd_shape.rank());

    std::array<std::uint32_t, 2> shape2d = {1, nd_shape[-1]};
    std::uint64_t tensor_volume = padded[-1];
    for (int dim = -2; dim >= -nd_rank; --dim) {
        const std::uint32_t tensor_size = padded[dim], shard_size = nd_shape[dim];
        tensor_volume *= tensor_size;
        shape2d[0] *= shard_size;
        if (tensor_size == shard_size) continue;
        if (nd_shape.volume() != static_cast<std::uint64_t>(shape2d[0]) * shape2d[1]) return std::nullopt;
        const bool outermost = dim == -nd_rank;
        const bool divides = tensor_size % shard_size == 0;
        const bool ones_above = padded.volume() == tensor_volume;
        if (outermost || divides || ones_above) break;
        return std::nullopt;
    }

    ShardSpec shard(nd.grid, shape2d, nd.orientation);
    std::size_t along_height = tt::div_up(physical_shape().height(), shard.shape[0]);
    std::size_t along_width = tt::div_up(physical_shape().width(), shard.shape[1]);
    if (shard.orientation != ShardOrientation::ROW_MAJOR) std::swap(along_height, along_width);
    if (along_height * along_width > shard.grid.num_cores()) return std::nullopt;

    TensorMemoryLayout kind = TensorMemoryLayout::BLOCK_SHARDED;
    if (nd.shard_distribution_strategy == ShardDistributionStrategy::ROUND_ROBIN_1D) {
        if (shard.shape[0] == padded.volume() / padded[-1]) kind = TensorMemoryLayout::WIDTH_SHARDED;
        else if (shard.shape[1] == padded[-1]) kind = TensorMemoryLayout::HEIGHT_SHARDED;
    }
    if (kind == TensorMemoryLayout::BLOCK_SHARDED) {
        if (shard.grid.ranges().size() != 1) return std::nullopt;
        const CoreCoord grid = shard.grid.ranges()[0].grid_size();
        if (nd.shard_distribution_strategy == ShardDistributionStrategy::ROUND_ROBIN_1D && along_width != grid.x)
            return std::nullopt;
        if (along_width > grid.x || along_height > grid.y) return std::nullopt;
    }
    return MemoryConfig::create_with_prepopulated_shard_specs(kind, config.buffer_type(), std::move(shard),
                                                              config.nd_shard_spec(),
                                                              config.created_with_nd_shard_spec());
}

}  // namespace tt::tt_metal
