// The fabric's routing tables are not part of the emulator; this header brings the fabric identifiers mesh
// headers use, as tt-metal's does.
#pragma once

#include <tt-metalium/experimental/fabric/fabric_types.hpp>
#include <umd/device/types/cluster_descriptor_types.hpp>
