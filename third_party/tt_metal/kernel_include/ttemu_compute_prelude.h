// Included first by the wrapper the emulator generates around a compute kernel: the compute API is always
// available, as the firmware build makes it. NAMESPACE and MAIN are defined by the wrapper.
#pragma once

#include "ttemu_compute.h"
