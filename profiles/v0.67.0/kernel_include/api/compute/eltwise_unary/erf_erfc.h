// tt-metal v0.67.0 names this compute API header api/compute/eltwise_unary/erf_erfc.h; the emulator's is compute_kernel_api/eltwise_unary/erf_erfc.h.
#pragma once

#include <compute_kernel_api/eltwise_unary/erf_erfc.h>
