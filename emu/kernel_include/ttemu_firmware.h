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
#include "hostdevcommon/kernel_structs.h"
#include "mod_div_lib.h"
#include "tools/profiler/kernel_profiler.hpp"
#include "ttemu_cb_tables.h"
#include "ttemu_kernel_abi.h"

static const TtemuKernelApi* ttemu_api = nullptr;
// A RISC's L1 cache invalidation (risc_common.h): an emulated core reads L1 from the device's memory each time, so
// there is nothing to invalidate.
inline __attribute__((always_inline)) void invalidate_l1_cache() {}
// A circular buffer's page counters (tt-metal's stream_io_map.h): 16-bit counts in a word the core's kernels
// update as they push and pop; a kernel may spin on them (it yields while it spins, see TTEMU_PREEMPT_EDGES).
inline __attribute__((always_inline)) volatile uint32_t* get_cb_tiles_received_ptr(int operand) {
    return ttemu_api->cb_counter(operand, false);
}
inline __attribute__((always_inline)) volatile uint32_t* get_cb_tiles_acked_ptr(int operand) {
    return ttemu_api->cb_counter(operand, true);
}
static uint8_t my_x[2] = {0, 0};
static uint8_t my_y[2] = {0, 0};
// The logical coordinates of the core (the firmware's my_logical_x_/_y_).
static uint8_t my_logical_x_ = 0;
static uint8_t my_logical_y_ = 0;

#ifndef NOC_INDEX
#define NOC_INDEX 0
#endif
static constexpr uint8_t noc_index = NOC_INDEX;
// How the data-movement RISCs share the NOCs (each its own here: DM_DEDICATED_NOC).
enum : uint8_t { DM_DEDICATED_NOC = 0, DM_DYNAMIC_NOC = 1, DM_INVALID_NOC = 2 };
#ifndef NOC_MODE
#define NOC_MODE DM_DEDICATED_NOC
#endif
static constexpr uint8_t noc_mode = NOC_MODE;

// The firmware's bank tables, which kernels may index directly: each DRAM and L1 bank's NOC coordinate per NOC
// (y << 6 | x) and its offset in the endpoint's address space. Filled from the device before the kernel runs.
#define NUM_NOCS 2
static uint16_t dram_bank_to_noc_xy[NUM_NOCS][NUM_DRAM_BANKS];
static int32_t bank_to_dram_offset[NUM_DRAM_BANKS];
static uint16_t l1_bank_to_noc_xy[NUM_NOCS][NUM_L1_BANKS];
static int32_t bank_to_l1_offset[NUM_L1_BANKS];
// Once per kernel object: the emulated device's banks are the same for every launch. (A function-local static of
// an inline function would be one object shared by every kernel loaded, GCC makes it STB_GNU_UNIQUE.)
static bool ttemu_bank_tables_filled = false;
inline void ttemu_fill_bank_tables() {
    if (ttemu_bank_tables_filled) return;
    for (uint8_t noc = 0; noc < NUM_NOCS; noc++) {
        for (uint32_t b = 0; b < NUM_DRAM_BANKS; b++) {
            const uint64_t a = ttemu_api->bank_noc_addr(true, b, 0, noc);
            dram_bank_to_noc_xy[noc][b] = uint16_t(a >> 36);
            bank_to_dram_offset[b] = int32_t(a & 0xFFFFFFFFFull);
        }
        for (uint32_t b = 0; b < NUM_L1_BANKS; b++) {
            const uint64_t a = ttemu_api->bank_noc_addr(false, b, 0, noc);
            l1_bank_to_noc_xy[noc][b] = uint16_t(a >> 36);
            bank_to_l1_offset[b] = int32_t(a & 0xFFFFFFFFFull);
        }
    }
    ttemu_bank_tables_filled = true;
}

#define get_compile_time_arg_val(i) KERNEL_COMPILE_TIME_ARG_##i

#define FORCE_INLINE inline __attribute__((always_inline))
// Address-space annotations of the RISC-V build; plain pointers here.
#define tt_l1_ptr
#define tt_reg_ptr
#define ALWI inline __attribute__((always_inline))
// The emulator's own loops over a tile (unpack, pack, the math of an operation): called, not inlined, and without the
// branch count that preempts a kernel (TTEMU_PREEMPT_EDGES), which counts the kernel's own code. One call is one
// operation of the device's, which no other core interrupts on the emulator.
#if defined(__clang__)
#define TTEMU_LOOP_FN inline __attribute__((noinline, no_sanitize("coverage"), visibility("hidden")))
#else
#define TTEMU_LOOP_FN inline __attribute__((noinline, no_sanitize_coverage, visibility("hidden")))
#endif
