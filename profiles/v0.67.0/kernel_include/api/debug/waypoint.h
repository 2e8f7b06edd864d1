// tt-metal v0.67.0 names this kernel debug header api/debug/waypoint.h; the kernel API both profiles share has it as
// debug/waypoint.h.
#pragma once

#include <debug/waypoint.h>
