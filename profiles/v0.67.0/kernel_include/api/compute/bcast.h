// tt-metal v0.67.0 names this compute API header api/compute/bcast.h; the emulator's is compute_kernel_api/bcast.h.
#pragma once

#include <compute_kernel_api/bcast.h>
