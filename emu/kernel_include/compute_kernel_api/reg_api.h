// DST ownership between math and pack (tile_regs_*): in a kernel running whole only acquire acts (DST starts as
// zeros); a split kernel's math and pack threads hand DST over (ttemu_compute_core.h).
#pragma once

#include "compute_kernel_api/common_globals.h"

namespace ckernel {

ALWI void tile_regs_acquire() { ttemu_dst_acquire(); }
ALWI void tile_regs_commit() { ttemu_dst_commit(); }
ALWI void tile_regs_wait() { ttemu_dst_wait(); }
ALWI void tile_regs_release() { ttemu_dst_release(); }
[[deprecated("Use tile_regs_acquire() and tile_regs_wait()")]] ALWI void acquire_dst() {
    tile_regs_acquire();
    tile_regs_wait();
}
[[deprecated("Use tile_regs_commit() and tile_regs_release()")]] ALWI void release_dst() {
    tile_regs_commit();
    tile_regs_release();
}

}  // namespace ckernel
