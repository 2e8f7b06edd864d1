// Data-movement processor and NOC selection enums (tt::tt_metal).
#pragma once

#include <cstdint>

namespace tt::tt_metal {

enum class DataMovementProcessor { RISCV_0 = 0, RISCV_1 = 1 };

enum NOC : std::uint8_t { RISCV_0_default = 0, RISCV_1_default = 1, NOC_0 = 0, NOC_1 = 1 };

enum NOC_MODE : std::uint8_t { DM_DEDICATED_NOC = 0, DM_DYNAMIC_NOC = 1 };

enum Eth : std::uint8_t { SENDER = 0, RECEIVER = 1, IDLE = 2 };

}  // namespace tt::tt_metal
