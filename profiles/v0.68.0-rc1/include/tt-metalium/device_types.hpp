// tt-metal v0.68.0-rc1's home of the chip id: tt::ChipId, an int (UMD's, which it re-exports), so signatures keep
// their mangled names.
#pragma once

#include <umd/device/types/cluster_descriptor_types.hpp>  // tt::ChipId
