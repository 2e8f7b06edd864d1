// What the firmware would provide to every kernel: the API table pointer, core coordinates and NOC index.
// Included first by the wrapper the emulator generates around each kernel source.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include <cstdint>

#include "ttemu_kernel_abi.h"
#include "hostdevcommon/kernel_structs.h"

static const TtemuKernelApi* ttemu_api = nullptr;
static uint8_t my_x[2] = {0, 0};
static uint8_t my_y[2] = {0, 0};

#ifndef NOC_INDEX
#define NOC_INDEX 0
#endif
static constexpr uint8_t noc_index = NOC_INDEX;

#define get_compile_time_arg_val(i) KERNEL_COMPILE_TIME_ARG_##i

#define FORCE_INLINE inline __attribute__((always_inline))
// Address-space annotations of the RISC-V build; plain pointers here.
#define tt_l1_ptr
#define tt_reg_ptr
#define ALWI inline __attribute__((always_inline))
