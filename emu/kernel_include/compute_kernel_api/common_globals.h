// What every compute API header builds on: the emulator's core (DST, tile formats, unpack and pack).
#pragma once

#include "ttemu_compute_core.h"
