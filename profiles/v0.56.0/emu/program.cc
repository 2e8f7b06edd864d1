// Program's exported members and the kernel / circular buffer / semaphore state behind them.
#include <algorithm>
#include <atomic>
#include <set>

#include "emu/core/device_model.h"
#include "emu_device.h"
#include "emu/core/errors.h"
#include "emu/core/geometry.h"
#include "program_launch.h"
#include "program_state.h"

namespace tt::tt_metal::v0 {

namespace {
std::atomic<std::uint64_t> g_next_program_id{0};
}

detail::Program_& ProgramAccess::Impl(const Program& p) {
    if (!p.pimpl_) ttemu::Throw("the program has been moved from");
    return *p.pimpl_;
}

Program::Program() : pimpl_(std::make_unique<detail::Program_>()) { pimpl_->id = g_next_program_id++; }
Program::Program(Program&& other) noexcept = default;
Program& Program::operator=(Program&& other) noexcept = default;
Program::~Program() noexcept = default;

void Program::set_runtime_id(std::uint64_t id) { ProgramAccess::Impl(*this).runtime_id = id; }
std::uint64_t Program::get_id() const { return ProgramAccess::Impl(*this).id; }
std::uint64_t Program::get_runtime_id() const { return ProgramAccess::Impl(*this).runtime_id; }
std::size_t Program::num_kernels() const { return ProgramAccess::Impl(*this).kernels.size(); }
std::shared_ptr<Kernel> Program::get_kernel(KernelHandle kernel_id) const {
    auto& impl = ProgramAccess::Impl(*this);
    if (kernel_id >= impl.kernels.size())
        ttemu::Throw("Program ", impl.id, " has no kernel ", kernel_id, " (it has ", impl.kernels.size(), ")");
    return impl.kernels[kernel_id];
}
std::size_t Program::num_semaphores() const { return ProgramAccess::Impl(*this).semaphores.size(); }
const std::vector<std::shared_ptr<CircularBuffer>>& Program::circular_buffers() const {
    return ProgramAccess::Impl(*this).circular_buffers;
}
const std::vector<Semaphore>& Program::semaphores() const { return ProgramAccess::Impl(*this).semaphores; }
std::vector<std::shared_ptr<CircularBuffer>> Program::circular_buffers_on_core(const CoreCoord& core) const {
    std::vector<std::shared_ptr<CircularBuffer>> out;
    for (const auto& cb : circular_buffers())
        if (cb->is_on_logical_core(core)) out.push_back(cb);
    return out;
}
std::vector<std::shared_ptr<CircularBuffer>> Program::circular_buffers_on_corerange(const CoreRange& cr) const {
    std::vector<std::shared_ptr<CircularBuffer>> out;
    for (const auto& cb : circular_buffers())
        if (cb->is_on_logical_corerange(cr)) out.push_back(cb);
    return out;
}
std::vector<CoreRange> Program::circular_buffers_unique_coreranges() const {
    std::vector<CoreRange> out;
    for (const auto& cb : circular_buffers())
        for (const CoreRange& r : cb->core_ranges().ranges())
            if (std::find(out.begin(), out.end(), r) == out.end()) out.push_back(r);
    return out;
}
std::vector<std::reference_wrapper<const Semaphore>> Program::semaphores_on_core(const CoreCoord& core,
                                                                                 CoreType core_type) const {
    std::vector<std::reference_wrapper<const Semaphore>> out;
    for (const Semaphore& s : semaphores())
        if (s.core_type() == core_type && s.initialized_on_logical_core(core)) out.emplace_back(s);
    return out;
}
std::vector<std::vector<CoreCoord>> Program::logical_cores() const {
    std::set<CoreCoord> tensix;
    for (const auto& k : ProgramAccess::Impl(*this).kernels) tensix.insert(k->cores.begin(), k->cores.end());
    // Tensix, active ethernet, idle ethernet: only Tensix kernels run on the emulated n150.
    return {std::vector<CoreCoord>(tensix.begin(), tensix.end()), {}, {}};
}
void Program::invalidate_circular_buffer_allocation() {
    // Every launch places the circular buffers afresh; forget the last placement until then.
    ProgramAccess::Impl(*this).cb_region_end = 0;
}
void Program::compile(IDevice* device, bool) { ttemu::CompileProgramFor(ttemu::AsEmu(device), *this); }
void Program::allocate_circular_buffers(const IDevice* device) {
    ttemu::AllocateCircularBuffers(ttemu::AsEmu(const_cast<IDevice*>(device)), *this);
}
// The emulator's per-core configuration region (device_model.h): semaphores at kSemaphoreBase, then a CB
// configuration slot of four words per circular-buffer index.
std::uint32_t Program::get_sem_base_addr(IDevice* device, CoreCoord, CoreType) {
    ttemu::AsEmu(device);
    return ttemu::kSemaphoreBase;
}
std::uint32_t Program::get_cb_base_addr(IDevice* device, CoreCoord, CoreType) {
    ttemu::AsEmu(device);
    return ttemu::kCbConfigBase;
}
std::uint32_t Program::get_sem_size(IDevice* device, CoreCoord logical_core, CoreType core_type) const {
    ttemu::AsEmu(device);
    std::uint32_t count = 0;
    for (const Semaphore& s : semaphores_on_core(logical_core, core_type)) count = std::max(count, s.id() + 1);
    return count * ttemu::kSemaphoreStride;
}
std::uint32_t Program::get_cb_size(IDevice* device, CoreCoord logical_core, CoreType) const {
    ttemu::AsEmu(device);
    std::uint32_t count = 0;
    for (const auto& cb : circular_buffers_on_core(logical_core))
        for (std::uint8_t idx : cb->buffer_indices()) count = std::max<std::uint32_t>(count, idx + 1u);
    return count * ttemu::kCbConfigSlotSize;
}
void Program::add_buffer(std::shared_ptr<Buffer> buf) { ProgramAccess::Impl(*this).buffers.push_back(std::move(buf)); }
void Program::release_buffers() { ProgramAccess::Impl(*this).buffers.clear(); }
bool Program::is_finalized() const { return ProgramAccess::Impl(*this).compiled; }
void Program::set_finalized() { ProgramAccess::Impl(*this).compiled = true; }
std::uint32_t Program::get_cb_memory_size() const {
    const std::uint32_t end = ProgramAccess::Impl(*this).cb_region_end;
    return end > ttemu::kL1UnreservedBase ? end - ttemu::kL1UnreservedBase : 0;
}

}  // namespace tt::tt_metal::v0

std::shared_ptr<tt::tt_metal::Kernel> tt::tt_metal::detail::GetKernel(const Program& program, KernelHandle kernel_id) {
    return program.get_kernel(kernel_id);
}
std::shared_ptr<tt::tt_metal::CircularBuffer> tt::tt_metal::detail::GetCircularBuffer(const Program& program,
                                                                                      CBHandle id) {
    for (const auto& cb : program.circular_buffers())
        if (cb->id() == id) return cb;
    ttemu::Throw("No circular buffer with id ", id, " exists in Program ", program.get_id());
}

namespace ttemu {

// v0.56.0's limit of unique + common runtime arguments per kernel per core.
constexpr std::uint32_t kV056MaxRuntimeArgs = 256;

using tt::tt_metal::ComputeConfig;
using tt::tt_metal::DataMovementConfig;
using tt::tt_metal::EthernetConfig;

std::set<CoreCoord> ExpandCores(const CoreRangeSet& set) {
    for (const CoreRange& r : set.ranges())
        CheckCoreRange(r.start_coord.x, r.start_coord.y, r.end_coord.x, r.end_coord.y, "a program's cores");
    std::set<CoreCoord> out;
    for (const CoreRange& r : set.ranges())
        for (std::size_t x = r.start_coord.x; x <= r.end_coord.x; x++)
            for (std::size_t y = r.start_coord.y; y <= r.end_coord.y; y++) out.insert({x, y});
    return out;
}

CoreRangeSet ToRangeSet(const CoreSpec& spec) {
    return std::visit(
        [](const auto& s) -> CoreRangeSet {
            using T = std::decay_t<decltype(s)>;
            if constexpr (std::is_same_v<T, CoreCoord>) return CoreRangeSet(CoreRange(s));
            else if constexpr (std::is_same_v<T, CoreRange>) return CoreRangeSet(s);
            else return s;
        },
        spec);
}

std::set<CoreCoord> ExpandCores(const CoreSpec& spec) { return ExpandCores(ToRangeSet(spec)); }

KernelImpl::KernelImpl(std::string src, bool is_text, const CoreSpec& spec, const KernelConfig& cfg)
    : source(std::move(src)),
      source_is_text(is_text),
      core_ranges(ToRangeSet(spec)),
      cores(ExpandCores(spec)),
      config(cfg) {
    std::size_t max_x = 0, max_y = 0;
    for (const auto& c : cores) max_x = std::max(max_x, c.x), max_y = std::max(max_y, c.y);
    args_.assign(max_x + 1, std::vector<std::vector<std::uint32_t>>(max_y + 1));
    arg_views_.assign(max_x + 1, std::vector<tt::tt_metal::RuntimeArgsData>(max_y + 1));
}

std::string KernelImpl::name() const {
    if (source_is_text) return "kernel_from_string";
    const auto slash = source.find_last_of('/');
    std::string base = slash == std::string::npos ? source : source.substr(slash + 1);
    const auto dot = base.find_last_of('.');
    return dot == std::string::npos ? base : base.substr(0, dot);
}

Slot KernelImpl::slot() const {
    if (is_compute()) return Slot::kCompute;
    const auto proc = std::visit(
        [](const auto& c) {
            if constexpr (std::is_same_v<std::decay_t<decltype(c)>, ComputeConfig>) {
                return tt::tt_metal::DataMovementProcessor::RISCV_0;
            } else {
                return c.processor;
            }
        },
        config);
    return proc == tt::tt_metal::DataMovementProcessor::RISCV_0 ? Slot::kBrisc : Slot::kNcrisc;
}

std::uint8_t KernelImpl::noc() const {
    if (auto* dm = std::get_if<DataMovementConfig>(&config)) return dm->noc;
    if (auto* eth = std::get_if<EthernetConfig>(&config)) return eth->noc;
    return 0;
}

const std::vector<std::uint32_t>& KernelImpl::compile_args() const {
    return std::visit([](const auto& c) -> const std::vector<std::uint32_t>& { return c.compile_args; }, config);
}

const std::map<std::string, std::string>& KernelImpl::defines() const {
    return std::visit([](const auto& c) -> const std::map<std::string, std::string>& { return c.defines; }, config);
}

void KernelImpl::CheckCore(const CoreCoord& core) const {
    if (!cores.count(core))
        Throw("Kernel ", name(), " is not placed on core ", core.str(), " (its cores are ", core_ranges.str(), ")");
}

void KernelImpl::SetArgs(const CoreCoord& core, const std::uint32_t* args, std::size_t count) {
    CheckCore(core);
    auto& stored = args_[core.x][core.y];
    auto& view = arg_views_[core.x][core.y];
    if (view.rt_args_data == nullptr && stored.empty()) {
        if (count + common_args_.size() > kV056MaxRuntimeArgs)
            Throw(count + common_args_.size(), " unique+common runtime args targeting kernel ", name(), " on ",
                  core.str(), " are too large. Max allowable is ", kV056MaxRuntimeArgs);
        stored.assign(args, args + count);
        view = {stored.data(), stored.size()};
        max_unique_args_ = std::max(max_unique_args_, count);
        return;
    }
    if (count != stored.size())
        Throw("Illegal Runtime Args on ", core.str(), ": Number of runtime args cannot be modified from ",
              stored.size(), " to ", count, "!");
    std::copy(args, args + count, stored.begin());
}

void KernelImpl::SetCommonArgs(const std::uint32_t* args, std::size_t count) {
    if (count == 0) return;
    if (common_set_) Throw("Illegal Common Runtime Args: can only set common runtime args once. Get and modify args in place instead.");
    if (count + max_unique_args_ > kV056MaxRuntimeArgs)
        Throw(count + max_unique_args_, " unique+common runtime args targeting kernel ", name(),
              " are too large. Max allowable is ", kV056MaxRuntimeArgs);
    common_args_.assign(args, args + count);
    common_view_ = {common_args_.data(), common_args_.size()};
    common_set_ = true;
}

tt::tt_metal::RuntimeArgsData& KernelImpl::ArgsView(const CoreCoord& core) {
    CheckCore(core);
    return arg_views_[core.x][core.y];
}

std::vector<std::uint32_t> KernelImpl::ArgsOn(const CoreCoord& core) const { return args_[core.x][core.y]; }

KernelImpl& KernelOf(const tt::tt_metal::Program& p, tt::tt_metal::KernelHandle handle) {
    auto& impl = Impl(p);
    if (handle >= impl.kernels.size())
        Throw("Program ", impl.id, " has no kernel with handle ", handle, " (it has ", impl.kernels.size(),
              " kernels)");
    return *impl.kernels[handle];
}

tt::tt_metal::CircularBuffer& CircularBufferOf(const tt::tt_metal::Program& p, std::uintptr_t handle) {
    return *tt::tt_metal::detail::GetCircularBuffer(p, handle);
}

}  // namespace ttemu
