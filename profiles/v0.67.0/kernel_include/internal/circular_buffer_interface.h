// tt-metal v0.67.0's internal/circular_buffer_interface.h as a kernel sees it: the core's local interface of a
// circular buffer (get_local_cb_interface) in the RISC's address unit (cb_addr_shift: 16-byte words on the TRISCs,
// bytes on the data-movement RISCs). The emulator answers with the circular buffer's state at the call; the
// remote (global circular buffer) interfaces are not emulated.
#pragma once

#include <cstdint>

#include "tt-metalium/circular_buffer_constants.h"
#include "ttemu_firmware.h"

using LocalCBInterface = TtemuLocalCb;

#if defined(COMPILE_FOR_TRISC)
constexpr uint32_t cb_addr_shift = CIRCULAR_BUFFER_COMPUTE_ADDR_SHIFT;
#else
constexpr uint32_t cb_addr_shift = 0;
#endif

inline __attribute__((always_inline)) LocalCBInterface& get_local_cb_interface(uint32_t cb_id) {
    return *ttemu_api->cb_interface(static_cast<int32_t>(cb_id), cb_addr_shift);
}
