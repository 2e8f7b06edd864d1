// The enums a buffer is described with (values as tt-metal v0.67.0 numbers them; they are recorded in logs).
#pragma once

#include <cstdint>

#include <ttemu/api_release.hpp>  // what of the API this release has (TTEMU_API_*)

namespace tt::tt_metal {

enum class TensorMemoryLayout {
    INTERLEAVED = 0,
    HEIGHT_SHARDED = 2,
    WIDTH_SHARDED = 3,
    BLOCK_SHARDED = 4,
#if TTEMU_API_ND_SHARDED_LAYOUT
    ND_SHARDED = 5,  // an N-D sharding no 2-D strategy describes
#endif
};
enum class ShardOrientation { ROW_MAJOR = 0, COL_MAJOR };
enum class ShardDistributionStrategy { ROUND_ROBIN_1D = 0, GRID_2D = 1 };
enum class BufferType { DRAM, L1, SYSTEM_MEMORY, L1_SMALL, TRACE };

}  // namespace tt::tt_metal
