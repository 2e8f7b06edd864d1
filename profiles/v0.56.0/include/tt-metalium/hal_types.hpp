// Programmable core kinds as the HAL names them.
#pragma once

#include <cstdint>

namespace tt::tt_metal {
enum class HalProgrammableCoreType { TENSIX = 0, ACTIVE_ETH = 1, IDLE_ETH = 2, COUNT = 3 };
}  // namespace tt::tt_metal
