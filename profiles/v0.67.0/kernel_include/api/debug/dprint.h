// DPRINT for tt-metal v0.67.0 kernels (api/debug/dprint.h): the kernel API's debug print.
#pragma once

#include <debug/dprint.h>
