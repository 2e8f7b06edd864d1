// tt-metal v0.67.0 names this compute API header api/compute/pack.h; the emulator's is compute_kernel_api/pack.h.
#pragma once

#include <compute_kernel_api/pack.h>
