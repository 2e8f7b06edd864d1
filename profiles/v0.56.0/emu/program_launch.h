// A v0.56.0 Program on the emulated device: compiling its kernels, placing its circular buffers, and turning it into
// the device core's LaunchPlan (core/launch.h). PrepareLaunch snapshots what a launch needs on the calling thread
// (circular buffer placement, runtime arguments, semaphore values), so later edits by the application do not
// reach a launch already enqueued; RunLaunch executes that snapshot, on a command queue's worker.
#pragma once

#include <memory>

#include <tt-metalium/program_impl.hpp>

#include "program_state.h"
#include "emu/core/launch.h"

namespace ttemu {

class EmuDevice;

// Compiles every kernel of the program for the device (once; later calls return at once).
void CompileProgramFor(EmuDevice& device, tt::tt_metal::Program& program);
// Places circular buffers and checks them against L1 buffers; throws on overlap.
void AllocateCircularBuffers(EmuDevice& device, tt::tt_metal::Program& program);
// Requires a compiled program. Throws (on the caller's thread) for anything wrong with the program itself.
std::shared_ptr<const LaunchPlan> PrepareLaunch(EmuDevice& device, tt::tt_metal::Program& program);

}  // namespace ttemu
