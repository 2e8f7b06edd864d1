// The compute kernel API: every operation the emulator supports (see ttemu_compute.h).
#pragma once

#include "ttemu_compute.h"
