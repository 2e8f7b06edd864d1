// What a compute kernel that does nothing includes: the common API only.
#pragma once

#include "compute_kernel_api/common.h"
