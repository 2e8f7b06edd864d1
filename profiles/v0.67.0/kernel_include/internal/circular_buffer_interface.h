// tt-metal v0.67.0's internal/circular_buffer_interface.h as a kernel sees it: the core's local interface of a
// circular buffer (get_local_cb_interface) in the RISC's address unit (cb_addr_shift: 16-byte words on the TRISCs,
// bytes on the data-movement RISCs), and the RISC's remote interfaces of the indices over a global circular buffer
// (get_remote_sender_cb_interface, get_remote_receiver_cb_interface). The emulator answers the local one with the
// circular buffer's state at the call (a snapshot); the remote ones are the kernel's own, set up as tt-metal's
// firmware sets them up before the kernel starts, and kept for it while it runs.
#pragma once

#include <cstddef>
#include <cstdint>

#include "tt-metalium/circular_buffer_constants.h"
#include "noc/noc_parameters.h"
#include "ttemu_firmware.h"

constexpr static std::uint32_t REMOTE_CIRCULAR_BUFFER_ALIGNED_PAGE_SIZE = L1_ALIGNMENT;

// Field for field tt-metal's: the kernel API and kernels address them by name and offset.
struct RemoteSenderCBInterface {
    uint32_t config_ptr;
    uint32_t fifo_start_addr;
    uint32_t fifo_limit_page_aligned;
    uint32_t fifo_page_size;
    uint32_t fifo_wr_ptr;
    uint32_t receiver_noc_xy_ptr;     // the receivers' NOC x, y words, in pairs
    uint32_t aligned_pages_sent_ptr;  // (pages sent, pages acked) per receiver, each word L1-aligned
    uint32_t num_receivers;
};

struct RemoteReceiverCBInterface {
    uint32_t config_ptr;
    uint32_t fifo_start_addr;
    uint32_t fifo_limit_page_aligned;
    uint32_t fifo_page_size;
    uint32_t fifo_rd_ptr;
    uint32_t sender_noc_x;
    uint32_t sender_noc_y;
    uint32_t aligned_pages_acked_ptr;
};

static_assert(offsetof(RemoteSenderCBInterface, fifo_wr_ptr) == offsetof(RemoteReceiverCBInterface, fifo_rd_ptr));
static_assert(sizeof(RemoteSenderCBInterface) == 32 && sizeof(RemoteReceiverCBInterface) == 32);

using LocalCBInterface = TtemuLocalCb;

#if defined(COMPILE_FOR_TRISC)
constexpr uint32_t cb_addr_shift = CIRCULAR_BUFFER_COMPUTE_ADDR_SHIFT;
#else
constexpr uint32_t cb_addr_shift = 0;
#endif

inline __attribute__((always_inline)) LocalCBInterface& get_local_cb_interface(uint32_t cb_id) {
    return *ttemu_api->cb_interface(static_cast<int32_t>(cb_id), cb_addr_shift);
}

inline __attribute__((always_inline)) RemoteSenderCBInterface& get_remote_sender_cb_interface(uint32_t cb_id) {
    return *reinterpret_cast<RemoteSenderCBInterface*>(ttemu_api->remote_cb_interface(static_cast<int32_t>(cb_id)));
}

inline __attribute__((always_inline)) RemoteReceiverCBInterface& get_remote_receiver_cb_interface(uint32_t cb_id) {
    return *reinterpret_cast<RemoteReceiverCBInterface*>(ttemu_api->remote_cb_interface(static_cast<int32_t>(cb_id)));
}
