// tt-metal v0.67.0 names this kernel debug header api/debug/pause.h; the kernel API both profiles share has it as
// debug/pause.h.
#pragma once

#include <debug/pause.h>
