// Kernel arguments, shared by data-movement and compute kernels: runtime args (unique per core and common)
// are words in L1, compile-time args are macros (see ttemu_firmware.h).
#pragma once

#include <stdint.h>

#include "ttemu_firmware.h"

// ---- Arguments
static inline uint32_t get_arg_addr(int index) { return ttemu_api->arg_addr(index); }
static inline uint32_t get_common_arg_addr(int index) { return ttemu_api->common_arg_addr(index); }
template <typename T>
FORCE_INLINE T get_arg_val(int index) {
    static_assert(sizeof(T) == 4, "get_arg_val reads 4-byte arguments");
    return *reinterpret_cast<volatile T*>(static_cast<uintptr_t>(get_arg_addr(index)));
}
template <typename T>
FORCE_INLINE T get_common_arg_val(int index) {
    static_assert(sizeof(T) == 4, "get_common_arg_val reads 4-byte arguments");
    return *reinterpret_cast<volatile T*>(static_cast<uintptr_t>(get_common_arg_addr(index)));
}
