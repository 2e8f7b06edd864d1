// tt-metal v0.67.0 names this compute API header api/compute/add_int32_sfpu.h; the emulator's is compute_kernel_api/add_int32_sfpu.h.
#pragma once

#include <compute_kernel_api/add_int32_sfpu.h>
