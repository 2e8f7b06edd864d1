// The resize rule of tt-metal's remote circular buffers (resize_remote_{sender,receiver}_cb_interface), shared by
// the device core's firmware setup (emu/core/kernel_api.cc) and the kernels' remote API
// (a profile's api/remote_circular_buffer.h): for a FIFO of fifo_size bytes at start and a new page size, its
// page-aligned limit, its pointer moved on to the next page boundary (back to the start once it reaches the limit),
// and how many `unit`-byte aligned pages that move skipped — what the other side is told of.
#pragma once

#include <stdint.h>

struct TtemuRemoteResize {
    uint32_t ptr, limit, skipped;
};

constexpr TtemuRemoteResize ttemu_remote_resize(uint32_t start, uint32_t fifo_size, uint32_t ptr, uint32_t page_size,
                                                uint32_t unit) {
    const uint32_t limit = start + (fifo_size - fifo_size % page_size);
    const uint32_t next = start + (ptr - start + page_size - 1) / page_size * page_size;
    if (next >= limit) return {start, limit, (start + fifo_size - ptr) / unit};
    return {next, limit, (next - ptr) / unit};
}
