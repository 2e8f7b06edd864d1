// tt-metal v0.67.0 names this compute API header api/compute/binary_bitwise_sfpu.h; the emulator's is compute_kernel_api/binary_bitwise_sfpu.h.
#pragma once

#include <compute_kernel_api/binary_bitwise_sfpu.h>
