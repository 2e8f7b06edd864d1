// tt-metal includes each SFPU op's header here when the kernel's SFPU_OP_*_INCLUDE define asks for it; the
// emulator includes all of them (an op the define does not name still compiles).
#pragma once

#include "compute_kernel_api/eltwise_unary/exp.h"
#include "compute_kernel_api/eltwise_unary/gelu.h"
#include "compute_kernel_api/eltwise_unary/sqrt.h"
#include "compute_kernel_api/eltwise_unary/recip.h"
#include "compute_kernel_api/eltwise_unary/relu.h"
#include "compute_kernel_api/eltwise_unary/negative.h"
#include "compute_kernel_api/eltwise_unary/trigonometry.h"
