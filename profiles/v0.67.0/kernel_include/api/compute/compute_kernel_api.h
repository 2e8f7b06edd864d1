// The compute kernel API of tt-metal v0.67.0 (api/compute/compute_kernel_api.h): the emulator's compute API.
#pragma once

#include <compute_kernel_api.h>
