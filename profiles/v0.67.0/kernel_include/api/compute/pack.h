// tt-metal v0.67.0 names this compute API header api/compute/pack.h; the emulator's is compute_kernel_api/pack.h.
#pragma once

#include <compute_kernel_api/pack.h>

namespace ckernel {
// v0.67.0's name for packing DST tiles ifrom_dst .. ifrom_dst + ntiles - 1 into `icb` in turn.
ALWI void pack_tile_block(uint32_t ifrom_dst, uint32_t icb, uint32_t ntiles) { matmul_pack_tile(ifrom_dst, icb, ntiles); }
}  // namespace ckernel
