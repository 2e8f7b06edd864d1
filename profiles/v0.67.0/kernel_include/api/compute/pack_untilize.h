// tt-metal v0.67.0 names this compute API header api/compute/pack_untilize.h; the emulator's is compute_kernel_api/pack_untilize.h.
#pragma once

#include <compute_kernel_api/pack_untilize.h>
