// Included first by the wrapper the emulator generates around a compute kernel: the compute API is always
// available, as the firmware build makes it. NAMESPACE and MAIN are defined by the wrapper.
#pragma once

#include "ttemu_compute.h"

// The kernel's math fidelity, as tt-metal's generated header gives it: an int in v0.56.0, a ckernel::MathFidelity in
// v0.67.0 (whose prelude names that type). The number is the wrapper's (4, HiFi4, for a header compiled alone).
#ifndef TTEMU_MATH_FIDELITY
#define TTEMU_MATH_FIDELITY 4
#endif
#ifndef TTEMU_MATH_FIDELITY_TYPE
#define TTEMU_MATH_FIDELITY_TYPE int
#endif
constexpr TTEMU_MATH_FIDELITY_TYPE MATH_FIDELITY = static_cast<TTEMU_MATH_FIDELITY_TYPE>(TTEMU_MATH_FIDELITY);
