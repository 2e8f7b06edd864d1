// tt-metal v0.67.0 names this compute API header api/compute/layernorm.h; the emulator's is compute_kernel_api/layernorm.h.
#pragma once

#include <compute_kernel_api/layernorm.h>
