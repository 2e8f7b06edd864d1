// tt-metal v0.67.0 names this compute API header api/compute/common_globals.h; the emulator's is compute_kernel_api/common_globals.h.
#pragma once

#include <compute_kernel_api/common_globals.h>
