// tt-metal v0.67.0 names this kernel header internal/mod_div_lib.h; the kernel API both profiles share has it at its
// include root.
#pragma once

#include <mod_div_lib.h>
