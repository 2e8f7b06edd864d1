// compute_kernel_hw_startup (tt-metal v0.67.0): the one-time setup of the unpacker, math engine and packer for a
// compute kernel's input and output circular buffers, which every v0.67.0 compute kernel calls before its first
// operation. The emulated compute engine reads each circular buffer's format from the kernel's build (its CB tables)
// and has no configuration registers, so there is nothing to program: both forms only name their buffers.
#pragma once

#include <stdint.h>

#include <compute_kernel_api/common.h>

namespace ckernel {
ALWI void compute_kernel_hw_startup(uint32_t /*icb0*/, uint32_t /*icb1*/, uint32_t /*ocb*/) {}
ALWI void compute_kernel_hw_startup(uint32_t icb0, uint32_t ocb) { compute_kernel_hw_startup(icb0, icb0, ocb); }
}  // namespace ckernel
