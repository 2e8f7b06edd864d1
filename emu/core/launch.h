// Running a program on an emulated chip. An API façade turns its Program into a LaunchPlan — what each core runs,
// with its runtime arguments, circular buffers and semaphores snapshotted when the launch is enqueued, so later
// edits by the application do not reach it — and RunLaunch executes that plan, on a command queue's worker.
//
// RunLaunch runs every kernel of the plan as a coroutine on the calling thread, in a fixed round-robin order
// (deterministic), switching the L1 window to the core of the kernel that runs.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core_xy.h"
#include "kernel_build.h"

namespace ttemu {

class Chip;

// The processor slot a kernel runs on within a core: BRISC, NCRISC or the compute TRISCs.
enum class Slot : std::uint8_t { kBrisc = 0, kNcrisc = 1, kCompute = 2 };

struct KernelLaunch {
    std::shared_ptr<CompiledKernel> binary;
    std::string name;
    Slot slot;
    std::uint8_t noc;
    std::vector<std::uint32_t> args;
    std::vector<std::uint32_t> common_args;
};

struct CbLaunch {
    std::uint8_t index;
    std::uint32_t address, total_size, page_size;
    std::uint8_t data_format;
};

// A remote circular buffer index on the core: its interface is set up from the configuration page at
// config_address (in the core's L1) when each kernel starts, as tt-metal's firmware does; the local indices of the
// same circular buffer (bit i of local_mask: index i) then span its FIFO from its pointer on (tt-metal's
// ALIGN_LOCAL_CBS_TO_REMOTE_CBS).
struct RemoteCbLaunch {
    std::uint8_t index;
    std::uint32_t config_address, page_size, local_mask;
};

struct CoreLaunch {
    CoreXY core;
    std::vector<KernelLaunch> kernels;
    std::vector<CbLaunch> cbs;
    std::vector<RemoteCbLaunch> remote_cbs;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> semaphores;  // id → initial value
};

struct LaunchPlan {
    Chip* chip;
    std::uint64_t program_id;
    std::vector<CoreLaunch> cores;
};

// Runs every kernel of the launch to completion. Throws on a kernel fault or a deadlock, naming the core.
void RunLaunch(const LaunchPlan& plan);

}  // namespace ttemu
