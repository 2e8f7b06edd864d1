// Buffer placement enums (tt::tt_metal).
#pragma once

#include <cstdint>

namespace tt::tt_metal {

enum class BufferType { DRAM, L1, SYSTEM_MEMORY, L1_SMALL, TRACE };

enum class TensorMemoryLayout { INTERLEAVED, SINGLE_BANK, HEIGHT_SHARDED, WIDTH_SHARDED, BLOCK_SHARDED };

enum class ShardOrientation { ROW_MAJOR, COL_MAJOR };

enum class ShardMode { PHYSICAL, LOGICAL };

}  // namespace tt::tt_metal
