// tt-metal v0.67.0 names this compute API header api/compute/transpose_wh_dest.h; the emulator's is compute_kernel_api/transpose_wh_dest.h.
#pragma once

#include <compute_kernel_api/transpose_wh_dest.h>
