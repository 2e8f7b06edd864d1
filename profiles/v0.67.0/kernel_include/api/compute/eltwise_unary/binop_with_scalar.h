// tt-metal v0.67.0 names this compute API header api/compute/eltwise_unary/binop_with_scalar.h; the emulator's is compute_kernel_api/eltwise_unary/binop_with_scalar.h.
#pragma once

#include <compute_kernel_api/eltwise_unary/binop_with_scalar.h>
