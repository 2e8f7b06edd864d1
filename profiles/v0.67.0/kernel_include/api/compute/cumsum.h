// tt-metal v0.67.0 names this compute API header api/compute/cumsum.h; the emulator's is compute_kernel_api/cumsum.h.
#pragma once

#include <compute_kernel_api/cumsum.h>
