// What the firmware would provide to every kernel: the API table pointer, core coordinates and NOC index, the
// memory map, the profiler macros (empty) and the standard headers the RISC-V build brings in. Included first by the
// wrapper the emulator generates around each kernel source.
#pragma once

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>  // uint, as the RISC-V toolchain's headers provide it

#include <algorithm>
#include <cstdint>
#include <new>

#include "dev_mem_map.h"
#include "ttemu_cb_tables.h"
#include "hostdevcommon/kernel_structs.h"
#include "tools/profiler/kernel_profiler.hpp"
#include "ttemu_kernel_abi.h"

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
