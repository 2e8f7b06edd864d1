// Part of the emulator's compute kernel API; everything lives in ttemu_compute.h.
#pragma once

#include "ttemu_compute.h"
