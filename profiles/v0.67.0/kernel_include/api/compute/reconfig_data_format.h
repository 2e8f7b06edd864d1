// tt-metal v0.67.0 names this compute API header api/compute/reconfig_data_format.h; the emulator's is compute_kernel_api/reconfig_data_format.h.
#pragma once

#include <compute_kernel_api/reconfig_data_format.h>
