// Reconfiguring the unpackers for other input formats (no effect on data here: unpacking reads each CB's own format).
#pragma once

#include "compute_kernel_api/common_globals.h"

namespace ckernel {

ALWI void reconfig_data_format(uint32_t, uint32_t, uint32_t = 0, uint32_t = 0) {}
ALWI void reconfig_data_format_srca(uint32_t, uint32_t = 0) {}
ALWI void reconfig_data_format_srcb(uint32_t, uint32_t = 0) {}

}  // namespace ckernel
