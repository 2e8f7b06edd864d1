// What a Program holds on the emulated device: kernels with their runtime arguments, circular buffers and
// semaphores. Program (program.cc) is a handle to one Program_; the host API edits it, PrepareLaunch
// (launch.cc) snapshots it for a launch.
#pragma once

#include <cstdint>
#include <memory>
#include <set>
#include <string>
#include <variant>
#include <vector>

#include <tt-metalium/circular_buffer.hpp>
#include <tt-metalium/circular_buffer_types.hpp>
#include <tt-metalium/core_coord.hpp>
#include <tt-metalium/kernel.hpp>
#include <tt-metalium/kernel_types.hpp>
#include <tt-metalium/program_impl.hpp>
#include <tt-metalium/runtime_args_data.hpp>
#include <tt-metalium/semaphore.hpp>

#include "emu/core/launch.h"

namespace ttemu {

struct CompiledKernel;
using KernelConfig =
    std::variant<tt::tt_metal::DataMovementConfig, tt::tt_metal::ComputeConfig, tt::tt_metal::EthernetConfig>;
using CoreSpec = std::variant<CoreCoord, CoreRange, CoreRangeSet>;

class KernelImpl final : public tt::tt_metal::Kernel {
public:
    KernelImpl(std::string source, bool source_is_text, const CoreSpec& cores, const KernelConfig& config);

    std::string name() const override;
    bool is_compute() const { return std::holds_alternative<tt::tt_metal::ComputeConfig>(config); }
    bool is_ethernet() const { return std::holds_alternative<tt::tt_metal::EthernetConfig>(config); }
    Slot slot() const;
    std::uint8_t noc() const;
    const std::vector<std::uint32_t>& compile_args() const;
    const std::map<std::string, std::string>& defines() const;

    // Runtime arguments. The count on a core is fixed by its first SetRuntimeArgs; the storage never moves
    // afterwards, because RuntimeArgsData views handed to the application point into it.
    void SetArgs(const CoreCoord& core, const std::uint32_t* args, std::size_t count);
    void SetCommonArgs(const std::uint32_t* args, std::size_t count);
    tt::tt_metal::RuntimeArgsData& ArgsView(const CoreCoord& core);
    std::vector<std::vector<tt::tt_metal::RuntimeArgsData>>& ArgsViews() { return arg_views_; }
    tt::tt_metal::RuntimeArgsData& CommonArgsView() { return common_view_; }
    std::vector<std::uint32_t> ArgsOn(const CoreCoord& core) const;
    const std::vector<std::uint32_t>& common_args() const { return common_args_; }

    const std::string source;        // file path as given, or the source text
    const bool source_is_text;
    const CoreRangeSet core_ranges;
    const std::set<CoreCoord> cores;
    const KernelConfig config;
    std::shared_ptr<CompiledKernel> binary;  // set by CompileProgram

private:
    void CheckCore(const CoreCoord& core) const;

    std::vector<std::vector<std::vector<std::uint32_t>>> args_;  // [x][y]
    std::vector<std::vector<tt::tt_metal::RuntimeArgsData>> arg_views_;
    std::vector<std::uint32_t> common_args_;
    tt::tt_metal::RuntimeArgsData common_view_;
    bool common_set_ = false;
    std::size_t max_unique_args_ = 0;
};

// Every core of a core spec, as a sorted set.
std::set<CoreCoord> ExpandCores(const CoreSpec& spec);
std::set<CoreCoord> ExpandCores(const CoreRangeSet& set);
CoreRangeSet ToRangeSet(const CoreSpec& spec);

}  // namespace ttemu

namespace tt::tt_metal::detail {

class Program_ {
public:
    std::uint64_t id = 0;
    std::uint64_t runtime_id = 0;
    std::vector<std::shared_ptr<ttemu::KernelImpl>> kernels;
    std::vector<std::shared_ptr<CircularBuffer>> circular_buffers;  // id() is the handle CreateCircularBuffer gave
    std::vector<Semaphore> semaphores;
    // The cores of circular_buffers[i] and semaphores[i], expanded once when they are made (their ranges never
    // change), so a launch does not expand them again.
    std::vector<std::set<CoreCoord>> cb_cores, semaphore_cores;
    std::vector<std::uint32_t> cb_reported;  // the local address each CB was last reported at to GraphTracker (0: never)
    std::uint32_t cb_region_end = 0;  // end of the statically placed CBs on the fullest core, once allocated
    std::vector<std::shared_ptr<Buffer>> buffers;  // kept alive until the program is released
    bool compiled = false;                         // no kernel may be added once compiled
};

}  // namespace tt::tt_metal::detail

namespace tt::tt_metal::v0 {
struct ProgramAccess {
    static detail::Program_& Impl(const Program& p);
};
}  // namespace tt::tt_metal::v0

namespace ttemu {
inline tt::tt_metal::detail::Program_& Impl(const tt::tt_metal::Program& p) {
    return tt::tt_metal::ProgramAccess::Impl(p);
}
ttemu::KernelImpl& KernelOf(const tt::tt_metal::Program& p, tt::tt_metal::KernelHandle handle);
tt::tt_metal::CircularBuffer& CircularBufferOf(const tt::tt_metal::Program& p, std::uintptr_t handle);
}  // namespace ttemu
