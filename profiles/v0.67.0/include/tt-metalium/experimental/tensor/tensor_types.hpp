// The element types of a tensor (tt::tt_metal::DataType) and an N-D shard spec (NdShardSpec), as tt-metal v0.67.0's
// experimental tensor API declares them; conversions between DataType and tt::DataFormat are exported.
//   DataType d = convert_to_data_type<float>();   // DataType::FLOAT32
//   datatype_to_dataformat_converter(DataType::BFLOAT8_B) == tt::DataFormat::Bfp8_b
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <ostream>
#include <type_traits>
#include <variant>
#include <vector>

#include <tt-metalium/bfloat16.hpp>
#include <tt-metalium/buffer.hpp>
#include <tt-metalium/core_coord.hpp>
#include <tt-metalium/device.hpp>
#include <tt-metalium/mesh_buffer.hpp>
#include <tt-metalium/shape.hpp>
#include <tt-metalium/tt_backend_api_types.hpp>
#include <tt_stl/concepts.hpp>
#include <tt_stl/span.hpp>

namespace tt::tt_metal {

// The serialisation version of tensors written by this release.
static constexpr std::uint8_t VERSION_ID = 5;

enum class DataType {
    BFLOAT16 = 0,
    FLOAT32 = 1,
    UINT32 = 2,
    BFLOAT8_B = 3,
    BFLOAT4_B = 4,
    UINT8 = 5,
    UINT16 = 6,
    INT32 = 7,
    INVALID = 8,
};

std::ostream& operator<<(std::ostream& os, const tt::tt_metal::DataType& data_type);  // "DataType::FLOAT32"

// The DataType of a host element type.
template <typename T>
consteval DataType convert_to_data_type() {
    if constexpr (std::is_same_v<T, std::uint8_t>) return DataType::UINT8;
    else if constexpr (std::is_same_v<T, std::uint16_t>) return DataType::UINT16;
    else if constexpr (std::is_same_v<T, std::int32_t>) return DataType::INT32;
    else if constexpr (std::is_same_v<T, std::uint32_t>) return DataType::UINT32;
    else if constexpr (std::is_same_v<T, float>) return DataType::FLOAT32;
    else if constexpr (std::is_same_v<T, ::bfloat16>) return DataType::BFLOAT16;
    else static_assert(ttsl::concepts::always_false_v<T>, "Unsupported DataType!");
}

bool is_floating_point(DataType dtype);  // bfloat16, float32 and the block floats
bool is_block_float(DataType dtype);     // BFLOAT8_B, BFLOAT4_B

tt::DataFormat datatype_to_dataformat_converter(DataType datatype);  // TT_THROW for INVALID
tt::tt_metal::DataType dataformat_to_datatype_converter(tt::DataFormat dataformat);

// An N-D shard: its shape (in elements, the tensor's rank or less), the cores shards go to and in what order.
struct NdShardSpec {
    Shape shard_shape;
    CoreRangeSet grid;
    ShardOrientation orientation = ShardOrientation::ROW_MAJOR;
    ShardDistributionStrategy shard_distribution_strategy = ShardDistributionStrategy::ROUND_ROBIN_1D;

    NdShardSpec with_shard_shape(Shape new_shard_shape) const {
        return NdShardSpec{std::move(new_shard_shape), grid, orientation, shard_distribution_strategy};
    }

    bool operator==(const NdShardSpec& other) const = default;
    bool operator!=(const NdShardSpec& other) const = default;
};

// The value a tensor's padding is filled with.
using PadValue = std::variant<std::uint32_t, float>;

// {"shard_shape":[…],"grid":[{"start":{"x":…,"y":…},"end":{…}}, …],"orientation":"…","shard_distribution_strategy":"…"}
std::ostream& operator<<(std::ostream& os, const NdShardSpec& spec);

}  // namespace tt::tt_metal
