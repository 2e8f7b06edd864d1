// The sequence's offset, found through the home's third include root (TT_METAL_HOME/tt_metal).
#pragma once

#include <stdint.h>

constexpr uint32_t kSequenceOffset = 7;
