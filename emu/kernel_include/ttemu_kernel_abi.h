// The contract between the emulator and a compiled kernel: a table of functions the emulator implements
// (kernel_api.cc) and the kernel's headers call. A kernel .so exports these C functions:
//   unsigned ttemu_kernel_abi_version();                  // TTEMU_KERNEL_ABI_VERSION as the kernel was built
//   unsigned ttemu_kernel_threads();                      // 1, or 3 for a compute kernel split into
//                                                         // unpack_main, math_main and pack_main
//   void ttemu_kernel_entry(const TtemuKernelApi* api);   // runs kernel_main() / the compute MAIN once, or the
//                                                         // split kernel's thread api->trisc() names
//   void ttemu_set_core(unsigned x, unsigned y);           // NOC coordinates the next resume runs on
// Bump kTtemuKernelAbiVersion when the table changes; the emulator refuses kernels built for another one.
#pragma once

#include <stddef.h>
#include <stdint.h>

#define TTEMU_KERNEL_ABI_VERSION 6
#define TTEMU_NOC_STATE_BYTES 64

// Bytes of per-kernel compute state (DST registers, pack positions) the emulator provides to compute kernels.
#define TTEMU_COMPUTE_STATE_BYTES (80 * 1024)

extern "C" {

struct TtemuKernelApi {
    uint32_t abi_version;
    // Arguments: L1 addresses of argument words.
    uint32_t (*arg_addr)(int index);
    uint32_t (*common_arg_addr)(int index);
    // Circular buffers (counts in pages).
    void (*cb_reserve_back)(int32_t cb, int32_t pages);
    void (*cb_push_back)(int32_t cb, int32_t pages);
    void (*cb_wait_front)(int32_t cb, int32_t pages);
    void (*cb_pop_front)(int32_t cb, int32_t pages);
    bool (*cb_pages_reservable_at_back)(int32_t cb, int32_t pages);
    bool (*cb_pages_available_at_front)(int32_t cb, int32_t pages);
    uint32_t (*cb_write_ptr)(int32_t cb);
    uint32_t (*cb_read_ptr)(int32_t cb);
    uint32_t (*cb_tile_size)(int32_t cb);
    uint32_t (*cb_data_format)(int32_t cb);
    uint32_t (*cb_page_size)(int32_t cb);
    // NOC: addresses are 64-bit NOC addresses (y << 42 | x << 36 | local); L1 addresses are this core's.
    uint64_t (*bank_noc_addr)(bool dram, uint32_t bank, uint32_t offset, uint8_t noc);
    void (*noc_read)(uint64_t src, uint32_t dst_l1, uint32_t size);
    void (*noc_write)(uint32_t src_l1, uint64_t dst, uint32_t size);
    void (*noc_write_multicast)(uint32_t src_l1, uint64_t dst_mcast, uint32_t size, uint32_t num_dests,
                                bool include_self);
    void (*noc_semaphore_inc)(uint64_t addr, uint32_t incr);
    void (*noc_inline_write)(uint64_t addr, uint32_t value);
    // Blocks until *sem == value (at_least: *sem >= value); sem is a pointer into this core's L1.
    void (*semaphore_wait)(volatile uint32_t* sem, uint32_t value, bool at_least);
    uint32_t (*semaphore_addr)(uint32_t id);
    // Debug output and kernel-side failures (stops the launch with the message).
    void (*dprint)(const char* text, size_t len);
    void (*fail)(const char* message);
    // A circular buffer's ring: L1 base address, total bytes and page bytes.
    void (*cb_ring)(int32_t cb, uint32_t* base, uint32_t* size, uint32_t* page_size);
    // Compute kernels: this kernel's private, zero-initialised TTEMU_COMPUTE_STATE_BYTES block.
    void* (*compute_state)(void);
    // Any kernel: this kernel instance's NOC command-buffer state (TTEMU_NOC_STATE_BYTES, zero-initialised), which
    // the stateful set_state/with_state transfers keep.
    void* (*noc_state)(void);
    // Compute kernels: which TRISC thread of a split kernel this is (0 unpack, 1 math, 2 pack; the three share one
    // compute state), or -1 for a kernel that runs whole.
    int32_t (*trisc)(void);
    // Split compute kernels: blocks until *word == value; word lies in the compute state. `what` names the wait
    // for deadlock reports.
    void (*wait_state)(volatile uint32_t* word, uint32_t value, const char* what);
    // Lets the other kernels of the launch run; this one stays runnable. Kernels reach it every
    // TTEMU_PREEMPT_EDGES branches of their own code (a kernel spinning on raw L1 or on a CB's counters yields
    // there, as a device's cores run side by side) and from riscv_wait.
    void (*yield)(void);
    // A circular buffer's page counter as the device keeps it: 16 bits in a 32-bit word, live (it moves as the
    // core's kernels push and pop). `acked`: pages popped, else pages pushed.
    volatile uint32_t* (*cb_counter)(int32_t cb, bool acked);
    // The core's interface of a circular buffer in the layout of tt-metal's LocalCBInterface (TtemuLocalCb),
    // refreshed at the call; `shift` is the RISC's address unit (0 bytes for data movement, 4 for the TRISCs).
    struct TtemuLocalCb* (*cb_interface)(int32_t cb, uint32_t shift);
    // The RISC's interface of a remote circular buffer index (a circular buffer over a global one), as tt-metal's
    // firmware set it up from the global buffer's configuration when the kernel started: the words of
    // RemoteSenderCBInterface or RemoteReceiverCBInterface (which of them: word 0 of the configuration page). The
    // kernel's own state, kept for it until it ends; the kernel API updates it as tt-metal's does.
    uint32_t* (*remote_cb_interface)(int32_t cb);
};

// tt-metal's LocalCBInterface, field for field (internal/circular_buffer_interface.h): sizes and pointers in the
// RISC's address unit. A snapshot: what a kernel writes into it is not read back by the emulator.
struct TtemuLocalCb {
    uint32_t fifo_size;
    uint32_t fifo_limit;
    uint32_t fifo_page_size;
    uint32_t fifo_num_pages;
    uint32_t fifo_rd_ptr;
    uint32_t fifo_wr_ptr;
    union {
        uint32_t tiles_acked_received_init;
        struct {
            uint16_t tiles_acked;
            uint16_t tiles_received;
        };
    };
    uint32_t fifo_wr_tile_ptr;
};

// Branches of kernel code between two yields (the kernel build's -fsanitize-coverage=trace-pc counts them).
#define TTEMU_PREEMPT_EDGES 65536

}  // extern "C"
