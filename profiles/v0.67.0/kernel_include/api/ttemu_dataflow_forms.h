// v0.67.0's forms of the data-movement calls whose signatures changed from v0.56.0 (the shared dataflow_api.h
// includes this header: its v0.67.0 wrapper names it in TTEMU_DATAFLOW_FORMS). A virtual channel names no channel
// the emulator keeps apart: reads are ordered alike on each.
#pragma once

// (When this header is compiled alone: dataflow_api.h includes it where it needs these forms, so it must name it.)
#ifndef TTEMU_DATAFLOW_FORMS
#define TTEMU_DATAFLOW_FORMS "api/ttemu_dataflow_forms.h"
#endif
#include <dataflow_api.h>

template <bool use_vc = false>
FORCE_INLINE void noc_async_read_one_packet_set_state(uint64_t src_noc_addr, uint32_t size, const uint32_t vc = 0,
                                                      uint8_t noc = noc_index) {
    (void)vc;
    ttemu_read_one_packet_set_state(src_noc_addr, size, noc);
}
