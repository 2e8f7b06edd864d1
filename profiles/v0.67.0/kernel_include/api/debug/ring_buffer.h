// tt-metal v0.67.0 names this kernel debug header api/debug/ring_buffer.h; the kernel API both profiles share has it as
// debug/ring_buffer.h.
#pragma once

#include <debug/ring_buffer.h>
