// What tt-metal's firmware_common.h gives kernels that include it: the memory map, the circular-buffer and operand
// names, the NOC macros, DPRINT, and the bank tables (ttemu_firmware.h). The firmware's own start-up code is not
// part of a kernel here.
#pragma once

#include <stdint.h>

#include "debug/dprint.h"
#include "dev_mem_map.h"
#include "hostdevcommon/kernel_structs.h"
#include "noc/noc_parameters.h"
#include "risc_common.h"
#include "ttemu_firmware.h"
