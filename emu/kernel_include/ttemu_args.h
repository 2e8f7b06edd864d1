// Kernel arguments, shared by data-movement and compute kernels: runtime args (unique per core and common)
// are words in L1, compile-time args are macros (see ttemu_firmware.h).
#pragma once

#include <stdint.h>

#include <type_traits>

#include "ttemu_firmware.h"

// ---- Arguments
static inline uint32_t get_arg_addr(int index) { return ttemu_api->arg_addr(index); }
static inline uint32_t get_common_arg_addr(int index) { return ttemu_api->common_arg_addr(index); }
// An argument word read as T: a 4-byte value, or a pointer (the word is an L1 address, which a kernel's raw pointers
// reach as on the device: this core's L1 is mapped at its addresses).
template <typename T>
FORCE_INLINE T ttemu_arg_as(uint32_t addr) {
    if constexpr (std::is_pointer_v<T>) {
        return reinterpret_cast<T>(static_cast<uintptr_t>(*reinterpret_cast<volatile uint32_t*>(static_cast<uintptr_t>(addr))));
    } else {
        static_assert(sizeof(T) == 4, "get_arg_val reads 4-byte arguments (or an L1 address as a pointer)");
        return *reinterpret_cast<volatile T*>(static_cast<uintptr_t>(addr));
    }
}
template <typename T>
FORCE_INLINE T get_arg_val(int index) {
    return ttemu_arg_as<T>(get_arg_addr(index));
}
template <typename T>
FORCE_INLINE T get_common_arg_val(int index) {
    return ttemu_arg_as<T>(get_common_arg_addr(index));
}
