// tt-metal v0.67.0 names this kernel debug header api/debug/assert.h; the kernel API both profiles share has it as
// debug/assert.h.
#pragma once

#include <debug/assert.h>
