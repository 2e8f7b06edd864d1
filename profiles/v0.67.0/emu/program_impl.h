// What a v0.67.0 Program holds (detail::ProgramImpl, behind Program's shared_ptr): its kernels (the core's
// KernelModel and KernelArgs, plus the views GetRuntimeArgs hands out), circular buffers (CircularBufferImpl: the
// config, its cores, where it was placed) and semaphores; and turning it into a launch on one chip.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <tt-metalium/circular_buffer.hpp>
#include <tt-metalium/circular_buffer_config.hpp>
#include <tt-metalium/kernel_types.hpp>
#include <tt-metalium/program.hpp>
#include <tt-metalium/runtime_args_data.hpp>

#include "emu/core/program_model.h"

namespace tt::tt_metal {

namespace experimental {
class GlobalCircularBuffer;
}

class CircularBufferImpl {
public:
    CircularBufferImpl(const CoreRangeSet& core_ranges, const CircularBufferConfig& config);
    // A circular buffer over a global one: its remote index is the global buffer's, its local ones share the pages.
    CircularBufferImpl(const CoreRangeSet& core_ranges, const CircularBufferConfig& config,
                       const experimental::GlobalCircularBuffer& global_circular_buffer);

    CBHandle id() const { return reinterpret_cast<CBHandle>(this); }
    const CoreRangeSet& core_ranges() const { return core_ranges_; }
    const std::vector<ttemu::CoreXY>& cores() const { return cores_; }
    CircularBufferConfig& config() { return config_; }
    const CircularBufferConfig& config() const { return config_; }
    // The core's description (formats, page sizes, tiles, a dynamic CB's address).
    ttemu::CbModel Model() const;
    bool is_global_circular_buffer() const { return global_config_address_ != 0; }
    void set_global_circular_buffer(const experimental::GlobalCircularBuffer& global_circular_buffer);

private:
    CoreRangeSet core_ranges_;
    std::vector<ttemu::CoreXY> cores_;
    CircularBufferConfig config_;
    std::uint32_t LocalMask() const;           // bit i: local index i
    std::uint32_t global_config_address_ = 0;  // the global circular buffer's configuration (0: none)
};

namespace detail {

class ProgramImpl {
public:
    struct Kernel {
        ttemu::KernelModel model;
        std::unique_ptr<ttemu::KernelArgs> args;
        bool compute = false;
        CoreRangeSet core_ranges;
        std::vector<std::vector<RuntimeArgsData>> views;  // [x][y], as GetRuntimeArgs hands them out
        RuntimeArgsData common_view{nullptr, 0};
        void RefreshViews();  // after arguments change (a first Set fixes their storage)
    };
    struct Semaphore {
        CoreRangeSet core_ranges;
        ttemu::SemaphoreModel model;
    };

    std::uint64_t id = 0;
    ProgramId runtime_id = 0;
    std::vector<std::unique_ptr<Kernel>> kernels;  // KernelHandle = index
    std::vector<std::shared_ptr<CircularBufferImpl>> circular_buffers;
    std::vector<Semaphore> semaphores;
    std::vector<std::shared_ptr<Buffer>> buffers;  // kept alive while the program lives
    bool compiled = false;

    Kernel& KernelAt(KernelHandle handle);
    CircularBufferImpl& CircularBufferAt(CBHandle handle);

    // As tt-metal's ProgramImpl exports them (a capture shim reads a program's identity and kernel count so).
    std::uint64_t get_id() const;
    std::size_t num_kernels() const;
};

ProgramImpl& ImplOf(const Program& program);  // throws for a moved-from program
// Adds a circular buffer to the program, refusing buffer indices already in use on any of its cores.
CBHandle AddCircularBuffer(Program& program, std::shared_ptr<CircularBufferImpl> cb);

}  // namespace detail
}  // namespace tt::tt_metal

namespace ttemu::v067 {

// Compiles the program's kernels (once), places its circular buffers on `chip` and snapshots the launch: the
// runtime arguments and semaphore values as they are now.
std::shared_ptr<const ttemu::LaunchPlan> PrepareLaunch(ttemu::Chip& chip, tt::tt_metal::Program& program);

}  // namespace ttemu::v067
