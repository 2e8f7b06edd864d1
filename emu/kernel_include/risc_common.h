// What tt-metal's risc_common.h gives kernels that include it: the NOC coordinate macros and the attributes of the
// RISC-V build. Its register and timer access has no meaning on the emulated device and is not provided.
#pragma once

#include <stdint.h>

#include "noc/noc_parameters.h"
#include "risc_attribs.h"
#include "ttemu_firmware.h"

// Spinning for a number of cycles: the emulated cores have no cycle clock to wait on, so the kernel yields once (the
// other kernels of the launch run meanwhile, as they would on the device while this one waits).
inline void riscv_wait(uint32_t cycles) {
    (void)cycles;
    if (ttemu_api) ttemu_api->yield();
}
