// Circular buffers, compute side: waiting for and popping input tiles, reserving and pushing output tiles.
#pragma once

#include "compute_kernel_api/common_globals.h"

namespace ckernel {

// cb_push_back also restarts sequential packing for that CB.
ALWI void cb_wait_front(uint32_t cb, uint32_t n) { ttemu_api->cb_wait_front(int32_t(cb), int32_t(n)); }
ALWI void cb_pop_front(uint32_t cb, uint32_t n) { ttemu_api->cb_pop_front(int32_t(cb), int32_t(n)); }
ALWI void cb_reserve_back(uint32_t cb, uint32_t n) { ttemu_api->cb_reserve_back(int32_t(cb), int32_t(n)); }
ALWI void cb_push_back(uint32_t cb, uint32_t n) {
    ttemu_api->cb_push_back(int32_t(cb), int32_t(n));
    ttemu_state().pack_slot[cb & 31] = 0;
}
// As on the data-movement side: the constant of the kernel's build (ttemu_cb_tables.h).
constexpr int32_t get_tile_size(uint32_t cb) { return unpack_tile_size[cb & 31]; }

}  // namespace ckernel
