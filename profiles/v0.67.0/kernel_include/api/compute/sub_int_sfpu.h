// tt-metal v0.67.0's api/compute/sub_int_sfpu.h: the emulator's compute_kernel_api/sub_int32_sfpu.h.
#pragma once

#include <compute_kernel_api/sub_int32_sfpu.h>
