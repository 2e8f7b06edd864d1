// tt-metal v0.67.0 names this compute API header api/compute/common.h; the emulator's is compute_kernel_api/common.h.
#pragma once

#include <compute_kernel_api/common.h>
