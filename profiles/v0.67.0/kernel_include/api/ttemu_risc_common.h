// v0.67.0's RISC-level helpers every kernel sees (its internal/risc_common.h, which its firmware build brings in):
// the L1 data cache switch. The emulated cores read L1 straight from the device's memory, with no cache to turn on
// or off, so it changes nothing.
#pragma once

template <bool enable = true>
inline __attribute__((always_inline)) void set_l1_data_cache() {}
