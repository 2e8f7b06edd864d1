// Which processor and NOC a data-movement kernel uses.
#pragma once

#include <cstdint>

#include <umd/device/types/arch.hpp>

namespace tt::tt_metal {

enum class DataMovementProcessor {
    RISCV_0 = 0,  // BRISC
    RISCV_1 = 1,  // NCRISC
    RISCV_2 = 2,
    RISCV_3 = 3,
    RISCV_4 = 4,
    RISCV_5 = 5,
    RISCV_6 = 6,
    RISCV_7 = 7,  // RISCV_2 … 7 exist on Quasar only
};

enum NOC : std::uint8_t { RISCV_0_default = 0, RISCV_1_default = 1, NOC_0 = 0, NOC_1 = 1 };

namespace detail {
inline NOC preferred_noc_for_dram_read(ARCH) { return NOC::NOC_0; }
inline NOC preferred_noc_for_dram_write(ARCH) { return NOC::NOC_1; }
}  // namespace detail

enum NOC_MODE : std::uint8_t { DM_DEDICATED_NOC = 0, DM_DYNAMIC_NOC = 1 };

}  // namespace tt::tt_metal
