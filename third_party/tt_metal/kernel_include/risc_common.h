// What tt-metal's risc_common.h gives kernels that include it: the NOC coordinate macros and the attributes of the
// RISC-V build. Its register and timer access has no meaning on the emulated device and is not provided.
#pragma once

#include <stdint.h>

#include "noc/noc_parameters.h"
#include "risc_attribs.h"
