// What layernorm compute kernels include in one header: sqrt and reciprocal.
#pragma once

#include "compute_kernel_api/eltwise_unary/recip.h"
#include "compute_kernel_api/eltwise_unary/sqrt.h"
