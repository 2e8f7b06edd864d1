// Running a program on the emulated device. PrepareLaunch snapshots what a launch needs on the calling
// thread (circular buffer placement, runtime arguments, semaphore values), so later edits by the application
// do not reach a launch already enqueued; RunLaunch executes that snapshot, on a command queue's worker.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <tt-metalium/program_impl.hpp>

#include "program_state.h"

namespace ttemu {

class EmuDevice;

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

struct CoreLaunch {
    CoreCoord core;
    std::vector<KernelLaunch> kernels;
    std::vector<CbLaunch> cbs;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> semaphores;  // id → initial value
};

struct LaunchPlan {
    EmuDevice* device;
    std::uint64_t program_id;
    std::vector<CoreLaunch> cores;
};

// Compiles every kernel of the program for the device (once; later calls return at once).
void CompileProgramFor(EmuDevice& device, tt::tt_metal::Program& program);
// Places circular buffers and checks them against L1 buffers; throws on overlap.
void AllocateCircularBuffers(EmuDevice& device, tt::tt_metal::Program& program);
// Requires a compiled program. Throws (on the caller's thread) for anything wrong with the program itself.
std::shared_ptr<const LaunchPlan> PrepareLaunch(EmuDevice& device, tt::tt_metal::Program& program);
// Runs every kernel of the launch to completion. Throws on a kernel fault or a deadlock, naming the core.
void RunLaunch(const LaunchPlan& plan);

}  // namespace ttemu
