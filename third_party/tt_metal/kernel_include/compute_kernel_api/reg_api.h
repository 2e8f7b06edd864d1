// DST ownership between the unpack/math and pack threads; one thread in the emulator, so only acquire acts.
#pragma once

#include "compute_kernel_api/common_globals.h"

namespace ckernel {

// DST is treated as zero at each acquire.
ALWI void tile_regs_acquire() {
    memset(ttemu_state().dst, 0, sizeof(TtemuComputeState::dst));
    memset(ttemu_state().dst_int, 0, sizeof(TtemuComputeState::dst_int));
}
ALWI void tile_regs_commit() {}
ALWI void tile_regs_wait() {}
ALWI void tile_regs_release() {}
[[deprecated("Use tile_regs_acquire() and tile_regs_wait()")]] ALWI void acquire_dst() { tile_regs_acquire(); }
[[deprecated("Use tile_regs_commit() and tile_regs_release()")]] ALWI void release_dst() {}

}  // namespace ckernel
