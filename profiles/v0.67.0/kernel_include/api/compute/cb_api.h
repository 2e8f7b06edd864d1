// tt-metal v0.67.0 names this compute API header api/compute/cb_api.h; the emulator's is compute_kernel_api/cb_api.h.
#pragma once

#include <compute_kernel_api/cb_api.h>
