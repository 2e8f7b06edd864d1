// tt-metal v0.67.0's remote circular buffer kernel API (api/remote_circular_buffer.h): a sender core writes pages
// into the FIFO of each of its receivers' L1 (a global circular buffer) and counts them in a (sent, acked) pair of
// L1-aligned words per receiver, which both sides keep a copy of and update over the NOC. The interfaces are the
// RISC's own (internal/circular_buffer_interface.h); the FIFO's size is word 3 of the configuration page.
#pragma once

#include <cstdint>

#include "api/debug/assert.h"
#include "internal/circular_buffer_interface.h"
#include "ttemu_remote_cb.h"
#if !defined(COMPILE_FOR_TRISC)
#include "api/dataflow/dataflow_api.h"
#endif

namespace experimental {

namespace detail {

inline uint32_t ttemu_remote_fifo_size(uint32_t config_ptr) {
    return reinterpret_cast<volatile tt_l1_ptr uint32_t*>(config_ptr)[3];
}
inline volatile tt_l1_ptr uint32_t* ttemu_l1_word(uint32_t addr) {
    return reinterpret_cast<volatile tt_l1_ptr uint32_t*>(addr);
}

static constexpr uint8_t default_noc_mode = 0;
static constexpr uint8_t default_cmd_buf = 0;

// Adds `pages` (in REMOTE_CIRCULAR_BUFFER_ALIGNED_PAGE_SIZE units) to the sender's pages-sent word of each
// receiver, here and at the receiver.
template <uint8_t nm = default_noc_mode>
inline void update_pages_sent(const RemoteSenderCBInterface& s, uint32_t pages, uint8_t noc, bool posted = true,
                              uint8_t cmd_buf = default_cmd_buf) {
#if !defined(COMPILE_FOR_TRISC)
    (void)posted, (void)cmd_buf;
    uint32_t sent = s.aligned_pages_sent_ptr;
    volatile tt_l1_ptr uint32_t* xy = ttemu_l1_word(s.receiver_noc_xy_ptr);
    for (uint32_t i = 0; i < s.num_receivers; ++i, sent += 2 * L1_ALIGNMENT, xy += 2) {
        *ttemu_l1_word(sent) += pages;
        noc_semaphore_inc(get_noc_addr(xy[0], xy[1], sent, noc), pages, noc);
    }
#else
    (void)s, (void)pages, (void)noc, (void)posted, (void)cmd_buf;
#endif
}

// Adds `pages` to the receiver's pages-acked word, here and at the sender.
template <uint8_t nm = default_noc_mode>
inline void update_pages_acked(const RemoteReceiverCBInterface& r, uint32_t pages, uint8_t noc, bool posted = true,
                               uint8_t cmd_buf = default_cmd_buf) {
#if !defined(COMPILE_FOR_TRISC)
    (void)posted, (void)cmd_buf;
    *ttemu_l1_word(r.aligned_pages_acked_ptr) += pages;
    noc_semaphore_inc(get_noc_addr(r.sender_noc_x, r.sender_noc_y, r.aligned_pages_acked_ptr, noc), pages, noc);
#else
    (void)r, (void)pages, (void)noc, (void)posted, (void)cmd_buf;
#endif
}

// The FIFO pointer moved to the next boundary of `page_size`, the page-aligned limit, and how many aligned pages
// the move skipped (the other side is told of them when update_remote_over_noc): ttemu_remote_cb.h's rule, which
// the firmware setup applies too.
inline TtemuRemoteResize ttemu_resize(uint32_t config_ptr, uint32_t start, uint32_t ptr, uint32_t page_size) {
    ASSERT(page_size % REMOTE_CIRCULAR_BUFFER_ALIGNED_PAGE_SIZE == 0);
    return ttemu_remote_resize(start, ttemu_remote_fifo_size(config_ptr), ptr, page_size,
                               REMOTE_CIRCULAR_BUFFER_ALIGNED_PAGE_SIZE);
}

}  // namespace detail

template <bool update_remote_over_noc = false>
inline void resize_remote_sender_cb_interface(uint32_t cb_id, uint32_t page_size, uint8_t noc,
                                              uint8_t nm = detail::default_noc_mode, bool posted = true,
                                              uint8_t cmd_buf = detail::default_cmd_buf) {
    RemoteSenderCBInterface& s = get_remote_sender_cb_interface(cb_id);
    const TtemuRemoteResize r = detail::ttemu_resize(s.config_ptr, s.fifo_start_addr, s.fifo_wr_ptr, page_size);
    if (update_remote_over_noc && r.skipped) detail::update_pages_sent(s, r.skipped, noc, posted, cmd_buf);
    (void)nm;
    s.fifo_wr_ptr = r.ptr;
    s.fifo_limit_page_aligned = r.limit;
    s.fifo_page_size = page_size;
}

template <bool update_remote_over_noc = false>
inline void resize_remote_receiver_cb_interface(uint32_t cb_id, uint32_t page_size, uint8_t noc,
                                                uint8_t nm = detail::default_noc_mode, bool posted = true,
                                                uint8_t cmd_buf = detail::default_cmd_buf) {
    RemoteReceiverCBInterface& r = get_remote_receiver_cb_interface(cb_id);
    const TtemuRemoteResize n = detail::ttemu_resize(r.config_ptr, r.fifo_start_addr, r.fifo_rd_ptr, page_size);
    if (update_remote_over_noc && n.skipped) {
        volatile tt_l1_ptr uint32_t* acked = detail::ttemu_l1_word(r.aligned_pages_acked_ptr);
        volatile tt_l1_ptr uint32_t* sent = detail::ttemu_l1_word(r.aligned_pages_acked_ptr - L1_ALIGNMENT);
        while (*sent - *acked < n.skipped) invalidate_l1_cache();
        detail::update_pages_acked(r, n.skipped, noc, posted, cmd_buf);
    }
    (void)nm;
    r.fifo_rd_ptr = n.ptr;
    r.fifo_limit_page_aligned = n.limit;
    r.fifo_page_size = page_size;
}

#if !defined(COMPILE_FOR_TRISC)

// The bytes `num_pages` take from `ptr`, plus the tail the FIFO skips when they reach its page-aligned limit.
inline uint32_t ttemu_remote_span(uint32_t config_ptr, uint32_t start, uint32_t limit, uint32_t ptr, uint32_t bytes) {
    if (ptr + bytes >= limit) bytes += start + detail::ttemu_remote_fifo_size(config_ptr) - limit;
    return bytes;
}

// Receiver: waits until the sender has sent `num_pages` pages it has not yet acknowledged.
inline void remote_cb_wait_front(uint32_t cb_id, uint32_t num_pages) {
    RemoteReceiverCBInterface& r = get_remote_receiver_cb_interface(cb_id);
    const uint32_t wanted = ttemu_remote_span(r.config_ptr, r.fifo_start_addr, r.fifo_limit_page_aligned, r.fifo_rd_ptr,
                                              num_pages * r.fifo_page_size) / REMOTE_CIRCULAR_BUFFER_ALIGNED_PAGE_SIZE;
    volatile tt_l1_ptr uint32_t* acked = detail::ttemu_l1_word(r.aligned_pages_acked_ptr);
    volatile tt_l1_ptr uint32_t* sent = detail::ttemu_l1_word(r.aligned_pages_acked_ptr - L1_ALIGNMENT);
    while (*sent - *acked < wanted) invalidate_l1_cache();
}

// Receiver: frees `num_pages` pages and tells the sender.
inline void remote_cb_pop_front(uint32_t cb_id, uint32_t num_pages, uint8_t noc = noc_index) {
    RemoteReceiverCBInterface& r = get_remote_receiver_cb_interface(cb_id);
    const uint32_t bytes = num_pages * r.fifo_page_size;
    const uint32_t span = ttemu_remote_span(r.config_ptr, r.fifo_start_addr, r.fifo_limit_page_aligned, r.fifo_rd_ptr, bytes);
    if (r.fifo_rd_ptr + bytes >= r.fifo_limit_page_aligned)
        r.fifo_rd_ptr = r.fifo_start_addr + (r.fifo_rd_ptr + bytes - r.fifo_limit_page_aligned);
    else
        r.fifo_rd_ptr += bytes;
    detail::update_pages_acked(r, span / REMOTE_CIRCULAR_BUFFER_ALIGNED_PAGE_SIZE, noc, false);
}

// Sender: waits until every receiver has room for `num_pages` pages.
inline void remote_cb_reserve_back(uint32_t cb_id, uint32_t num_pages) {
    RemoteSenderCBInterface& s = get_remote_sender_cb_interface(cb_id);
    const uint32_t wanted = ttemu_remote_span(s.config_ptr, s.fifo_start_addr, s.fifo_limit_page_aligned, s.fifo_wr_ptr,
                                              num_pages * s.fifo_page_size) / REMOTE_CIRCULAR_BUFFER_ALIGNED_PAGE_SIZE;
    const uint32_t capacity = detail::ttemu_remote_fifo_size(s.config_ptr) / REMOTE_CIRCULAR_BUFFER_ALIGNED_PAGE_SIZE;
    uint32_t sent_addr = s.aligned_pages_sent_ptr;
    for (uint32_t i = 0; i < s.num_receivers; ++i, sent_addr += 2 * L1_ALIGNMENT) {
        volatile tt_l1_ptr uint32_t* sent = detail::ttemu_l1_word(sent_addr);
        volatile tt_l1_ptr uint32_t* acked = detail::ttemu_l1_word(sent_addr + L1_ALIGNMENT);
        while (capacity - (*sent - *acked) < wanted) invalidate_l1_cache();
    }
}

// Sender: waits until every receiver has acknowledged every page sent.
inline void remote_cb_sender_barrier(uint32_t cb_id) {
    RemoteSenderCBInterface& s = get_remote_sender_cb_interface(cb_id);
    uint32_t sent_addr = s.aligned_pages_sent_ptr;
    for (uint32_t i = 0; i < s.num_receivers; ++i, sent_addr += 2 * L1_ALIGNMENT)
        while (*detail::ttemu_l1_word(sent_addr + L1_ALIGNMENT) != *detail::ttemu_l1_word(sent_addr))
            invalidate_l1_cache();
}

// Sender: writes `num_pages` pages from local L1 to each receiver's FIFO — receiver i gets its slice of each of the
// `num_rows` rows, coalesced_num_pages_per_row pages of coalesced_page_size bytes — then counts them as sent.
template <bool skip_ptr_update = true>
inline void remote_cb_push_back_and_write_pages(uint32_t cb_id, uint32_t local_cb_addr, uint32_t num_pages,
                                                uint32_t num_rows, uint32_t coalesced_num_pages_per_row,
                                                uint32_t coalesced_page_size, uint8_t noc = noc_index) {
    RemoteSenderCBInterface& s = get_remote_sender_cb_interface(cb_id);
    const uint32_t pages = ttemu_remote_span(s.config_ptr, s.fifo_start_addr, s.fifo_limit_page_aligned, s.fifo_wr_ptr,
                                             num_pages * s.fifo_page_size) / REMOTE_CIRCULAR_BUFFER_ALIGNED_PAGE_SIZE;
    const uint32_t receiver_stride = coalesced_num_pages_per_row * coalesced_page_size;
    const uint32_t row_stride = receiver_stride * s.num_receivers;
    uint32_t dest = s.fifo_wr_ptr;
    uint32_t sent_addr = s.aligned_pages_sent_ptr;
    volatile tt_l1_ptr uint32_t* xy = detail::ttemu_l1_word(s.receiver_noc_xy_ptr);
    for (uint32_t i = 0; i < s.num_receivers; ++i, sent_addr += 2 * L1_ALIGNMENT, xy += 2) {
        uint32_t row = local_cb_addr + i * receiver_stride;
        dest = s.fifo_wr_ptr;
        for (uint32_t h = 0; h < num_rows; ++h, row += row_stride) {
            uint32_t src = row;
            for (uint32_t w = 0; w < coalesced_num_pages_per_row; ++w) {
                noc_async_write(src, get_noc_addr(xy[0], xy[1], dest, noc), coalesced_page_size, noc);
                src += coalesced_page_size;
                dest += coalesced_page_size;
            }
        }
        noc_async_write_barrier(noc);
        *detail::ttemu_l1_word(sent_addr) += pages;
        noc_semaphore_inc(get_noc_addr(xy[0], xy[1], sent_addr, noc), pages, noc);
    }
    if (dest == s.fifo_limit_page_aligned) dest = s.fifo_start_addr;
    s.fifo_wr_ptr = dest;
}

#endif  // !COMPILE_FOR_TRISC

// Writes the receiver's (or sender's: the same word) FIFO pointer back to the configuration page, so the next
// program resumes there.
inline void update_remote_cb_config_in_l1(uint32_t remote_cb_index) {
    RemoteReceiverCBInterface& r = get_remote_receiver_cb_interface(remote_cb_index);
    *detail::ttemu_l1_word(r.config_ptr + offsetof(RemoteReceiverCBInterface, fifo_rd_ptr)) = r.fifo_rd_ptr;
}

}  // namespace experimental
