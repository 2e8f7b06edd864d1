// tt-metal v0.67.0's api/compute/add_int_sfpu.h: the emulator's compute_kernel_api/add_int32_sfpu.h.
#pragma once

#include <compute_kernel_api/add_int32_sfpu.h>
