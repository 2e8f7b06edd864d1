// Writes sequence_value(i) for i in [0, n) to a DRAM buffer, page by page through L1. The helper comes from
// TT_METAL_HOME's include roots, not from beside this file.
#include <stdint.h>

#include "dataflow_api.h"
#include "cpp/helpers/sequence.hpp"

void kernel_main() { write_sequence_from_args(); }
