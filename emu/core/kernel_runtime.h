// State of a launch while its kernels run, shared by the scheduler (launch.cc) and the implementation of
// the kernel API (kernel_api.cc). Only the thread running a launch touches it, under the launch lock.
#pragma once

#include <csetjmp>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <ucontext.h>

#include "device_model.h"
#include "launch.h"
#include "emu/kernel_include/ttemu_kernel_abi.h"

namespace ttemu {

struct CbState {
    bool configured = false;
    std::uint32_t base = 0, size = 0, page_size = 0, num_pages = 0;
    // Pages pushed / popped since the launch began, modulo 2^16 as the device's counters (kernels may read them
    // through cb_counter).
    std::uint32_t received = 0, acked = 0;
    std::uint32_t write_ptr = 0, read_ptr = 0;
    std::uint8_t data_format = 0;
    TtemuLocalCb views[2] = {};  // cb_interface's answers: [0] in bytes (data movement), [1] in 16-byte units
};

struct CoreRuntime {
    const CoreLaunch* launch;
    CbState cbs[kNumCircularBuffers];
    bool local_cbs_aligned = false;  // the local indices of circular buffers over global ones (SetupRemoteCbs)
};

struct Coro {
    CoreRuntime* core;
    const KernelLaunch* kernel;
    ucontext_t context;
    void* stack = nullptr;
    std::size_t stack_size = 0;
    std::function<bool()> wait;     // set while blocked: true once the kernel may continue
    std::string waiting_on;         // what it waits for, for deadlock reports
    bool done = false;
    std::string error;              // non-empty if the kernel failed
    sigjmp_buf fault_jump;          // where a memory fault in kernel code lands
    std::string dprint_line;
    int trisc = -1;                 // a split compute kernel's thread: 0 unpack, 1 math, 2 pack; -1 whole
    std::shared_ptr<std::uint8_t[]> compute_state;  // compute kernels only; a split kernel's threads share one
    alignas(8) std::uint8_t noc_state[TTEMU_NOC_STATE_BYTES] = {};  // the stateful NOC transfers' endpoint and size
    // The RISC's remote circular buffer interfaces (RemoteSender/ReceiverCBInterface words), set up when the kernel
    // starts; bit i of remote_set: index i has one.
    std::uint32_t remote_cbs[kNumCircularBuffers][8] = {};
    std::uint32_t remote_set = 0;
};

// Sets up the current kernel's remote circular buffer interfaces from the global circular buffers' configuration
// in the core's L1, as tt-metal's firmware does before it calls the kernel (fails the kernel on a configuration
// outside L1).
void SetupRemoteCbs();

// The coroutine running now on this thread (null outside kernel code).
Coro* CurrentCoro();
// Suspends the current kernel until `ready()` holds; `what` says what it waits for.
void BlockUntil(std::function<bool()> ready, std::string what);
// Lets the launch's other kernels run; the current one stays runnable (a no-op outside a kernel).
void Yield();
// Stops the current kernel with an error (never returns).
[[noreturn]] void KernelFail(const std::string& message);
// The API table handed to kernels.
const TtemuKernelApi* KernelApi();
// The chip of the launch running on this thread.
Chip& CurrentChip();

// A kernel's own failure, unwound to its coroutine's entry.
struct KernelError {
    std::string message;
};

}  // namespace ttemu
