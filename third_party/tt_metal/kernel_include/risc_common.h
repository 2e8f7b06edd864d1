// What tt-metal's risc_common.h gives kernels that include it: the NOC coordinate macros and the attributes of the
// RISC-V build. Its register and timer access has no meaning on the emulated device and is not provided.
#pragma once

#include <stdint.h>

#include "noc/noc_parameters.h"
#include "risc_attribs.h"

// Spinning for a number of cycles: the emulated cores have no cycle clock to wait on, so it returns at once (what a
// kernel waits for is another core's signal, which the emulator's scheduler delivers).
inline void riscv_wait(uint32_t cycles) { (void)cycles; }
