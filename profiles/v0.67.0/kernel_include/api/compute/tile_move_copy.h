// tt-metal v0.67.0 names this compute API header api/compute/tile_move_copy.h; the emulator's is compute_kernel_api/tile_move_copy.h.
#pragma once

#include <compute_kernel_api/tile_move_copy.h>
