// UMD's SoC descriptor is not part of this stand-in: the emulator keeps its chip model inside the library. The
// name is declared for the headers that forward-declare it.
#pragma once

#include <umd/device/types/arch.hpp>
#include <umd/device/types/core_coordinates.hpp>

namespace tt::umd {
class SocDescriptor;
}  // namespace tt::umd
