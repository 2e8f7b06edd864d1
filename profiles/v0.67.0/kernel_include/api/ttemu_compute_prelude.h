// What every tt-metal v0.67.0 compute kernel gets before its own source (the emulator's wrapper includes it): the
// compute prelude, v0.67.0's compile-time arguments, its hardware startup call (tt-metal's compute headers all bring
// it in), its RISC helpers and the core's logical coordinates.
#pragma once

#include "api/compile_time_args.h"
// v0.67.0's forms of the LLK calls, and its type of MATH_FIDELITY.
#define TTEMU_LLK_FORMS "api/ttemu_llk_forms.h"
#define TTEMU_MATH_FIDELITY_TYPE ckernel::MathFidelity
#include <ttemu_compute_prelude.h>  // the shared prelude at the include root (a quoted name finds this file)
#include "api/compute/compute_kernel_hw_startup.h"
#include "api/compute/pack.h"  // v0.67.0's names of the pack calls (pack_tile_block), which its compute headers bring
#include "api/ttemu_risc_common.h"

// The core's logical coordinates; relative to its sub-device's origin, which is the grid's in the emulator.
inline uint8_t get_absolute_logical_x() { return my_logical_x_; }
inline uint8_t get_absolute_logical_y() { return my_logical_y_; }
inline uint8_t get_relative_logical_x() { return my_logical_x_; }
inline uint8_t get_relative_logical_y() { return my_logical_y_; }
