// The same sequence writer as a kernel that itself lies in TT_METAL_HOME: the program names it relative to the home,
// and it reaches the helper both through the include roots and beside itself ("../cpp/...").
#include <stdint.h>

#include "dataflow_api.h"
#include "cpp/helpers/sequence.hpp"
#include "../cpp/helpers/sequence_step.hpp"

static_assert(kSequenceStep == 3, "the step the host program checks against");

void kernel_main() { write_sequence_from_args(); }
