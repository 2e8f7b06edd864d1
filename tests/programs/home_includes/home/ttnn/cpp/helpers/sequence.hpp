// A helper kernels include through TT_METAL_HOME's include roots ("cpp/helpers/sequence.hpp" under home/ttnn), as
// ttnn's kernels include their shared helpers. It includes one file beside it and one from the tt_metal/ root.
#pragma once

#include <stdint.h>

#include "sequence_step.hpp"
#include "sequence_offset.h"

inline uint32_t sequence_value(uint32_t i) { return i * kSequenceStep + kSequenceOffset; }
