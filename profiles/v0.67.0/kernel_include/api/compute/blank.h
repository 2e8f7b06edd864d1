// tt-metal v0.67.0 names this compute API header api/compute/blank.h; the emulator's is compute_kernel_api/blank.h.
#pragma once

#include <compute_kernel_api/blank.h>
