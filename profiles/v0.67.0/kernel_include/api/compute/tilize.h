// tt-metal v0.67.0 names this compute API header api/compute/tilize.h; the emulator's is compute_kernel_api/tilize.h.
#pragma once

#include <compute_kernel_api/tilize.h>
