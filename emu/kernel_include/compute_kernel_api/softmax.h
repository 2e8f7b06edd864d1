// What softmax compute kernels include in one header: exp and reciprocal.
#pragma once

#include "compute_kernel_api/eltwise_unary/exp.h"
#include "compute_kernel_api/eltwise_unary/recip.h"
