// tt-metal v0.67.0 names this compute API header api/compute/binary_shift.h; the emulator's is compute_kernel_api/binary_shift.h.
#pragma once

#include <compute_kernel_api/binary_shift.h>
