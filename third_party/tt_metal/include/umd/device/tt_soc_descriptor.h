// UMD's SoC descriptor header, as far as tt-metal's public headers use it: the kinds of cores on a chip
// (CoreType), coordinates and architectures. The tt_SocDescriptor class itself is not provided.
#pragma once

#include <umd/device/tt_xy_pair.h>
#include <umd/device/types/arch.h>

enum class CoreType { ARC, DRAM, ACTIVE_ETH, IDLE_ETH, PCIE, TENSIX, ROUTER_ONLY, HARVESTED, ETH, WORKER };
