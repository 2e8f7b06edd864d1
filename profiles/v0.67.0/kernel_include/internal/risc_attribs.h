// tt-metal v0.67.0 names this kernel header internal/risc_attribs.h; the kernel API both profiles share has it at its
// include root.
#pragma once

#include <risc_attribs.h>
