// Attributes of the RISC-V kernel build: L1 and register address-space annotations (plain pointers on the host) and
// forced inlining, plus the 64-bit L1 load helper.
#pragma once

#include <stdint.h>

#ifndef tt_l1_ptr
#define tt_l1_ptr
#endif
#ifndef tt_reg_ptr
#define tt_reg_ptr
#endif
#ifndef FORCE_INLINE
#define FORCE_INLINE inline __attribute__((always_inline))
#endif

// A 64-bit value read from L1 as one load.
inline __attribute__((always_inline)) uint64_t tt_l1_load(const volatile uint64_t* p) { return *p; }
