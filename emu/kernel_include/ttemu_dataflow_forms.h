// v0.56.0's forms of the data-movement calls whose signatures changed in a later release (dataflow_api.h includes
// the release's: TTEMU_DATAFLOW_FORMS).
#pragma once

#include "dataflow_api.h"  // (which includes this header where it needs these forms, when it is compiled alone)

FORCE_INLINE void noc_async_read_one_packet_set_state(uint64_t src_noc_addr, uint32_t size, uint8_t noc = noc_index) {
    ttemu_read_one_packet_set_state(src_noc_addr, size, noc);
}
