// tt-metal v0.67.0 names this compute API header api/compute/common.h; the emulator's is compute_kernel_api/common.h.
// v0.67.0's also brings in compute_kernel_hw_startup.
#pragma once

#include <compute_kernel_api/common.h>
#include "api/compute/compute_kernel_hw_startup.h"
#include "internal/circular_buffer_interface.h"  // v0.67.0's compute API brings in the CB interface
#include "risc_common.h"                       // and riscv_wait
