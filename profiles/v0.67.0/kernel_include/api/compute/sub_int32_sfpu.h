// tt-metal v0.67.0 names this compute API header api/compute/sub_int32_sfpu.h; the emulator's is compute_kernel_api/sub_int32_sfpu.h.
#pragma once

#include <compute_kernel_api/sub_int32_sfpu.h>
