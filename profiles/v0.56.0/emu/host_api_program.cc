// host_api.hpp: programs, kernels, circular buffers, semaphores and runtime arguments.
#include <tt-metalium/host_api.hpp>

#include "emu/core/device_model.h"
#include "emu/core/errors.h"
#include "program_state.h"

namespace tt::tt_metal {
inline namespace v0 {

using ttemu::Impl;
using ttemu::KernelImpl;
using ttemu::KernelOf;

Program CreateProgram() { return Program(); }

namespace {

KernelHandle AddKernel(Program& program, std::string source, bool is_text,
                       const std::variant<CoreCoord, CoreRange, CoreRangeSet>& core_spec,
                       const std::variant<DataMovementConfig, ComputeConfig, EthernetConfig>& config) {
    auto& impl = Impl(program);
    if (impl.compiled)
        ttemu::Throw("Cannot add kernel to an already compiled program ", impl.id);
    auto kernel = std::make_shared<KernelImpl>(std::move(source), is_text, core_spec, config);
    if (kernel->cores.empty()) ttemu::Throw("CreateKernel: the core spec of kernel ", kernel->name(), " is empty");
    for (const auto& other : impl.kernels) {
        for (const auto& c : kernel->cores) {
            if (!other->cores.count(c)) continue;
            if (other->slot() == kernel->slot())
                ttemu::Throw("Cannot create ", kernel->is_compute() ? "compute" : "data movement", " kernel ",
                             kernel->name(), " on core ", c.str(), ": kernel ", other->name(),
                             " already uses that processor");
            if (!kernel->is_compute() && !other->is_compute() && other->noc() == kernel->noc())
                ttemu::Throw("Cannot create data movement kernel ", kernel->name(), " on core ", c.str(),
                             ": kernel ", other->name(), " already uses NOC ", int(kernel->noc()));
        }
    }
    impl.kernels.push_back(std::move(kernel));
    return static_cast<KernelHandle>(impl.kernels.size() - 1);
}

}  // namespace

KernelHandle CreateKernel(Program& program, const std::string& file_name,
                          const std::variant<CoreCoord, CoreRange, CoreRangeSet>& core_spec,
                          const std::variant<DataMovementConfig, ComputeConfig, EthernetConfig>& config) {
    return AddKernel(program, file_name, false, core_spec, config);
}

KernelHandle CreateKernelFromString(Program& program, const std::string& kernel_src_code,
                                    const std::variant<CoreCoord, CoreRange, CoreRangeSet>& core_spec,
                                    const std::variant<DataMovementConfig, ComputeConfig, EthernetConfig>& config) {
    return AddKernel(program, kernel_src_code, true, core_spec, config);
}

CBHandle CreateCircularBuffer(Program& program, const std::variant<CoreCoord, CoreRange, CoreRangeSet>& core_spec,
                              const CircularBufferConfig& config) {
    auto& impl = Impl(program);
    auto cb = std::make_shared<CircularBuffer>(ttemu::ToRangeSet(core_spec), config);
    auto cores = ttemu::ExpandCores(cb->core_ranges());
    for (std::size_t i = 0; i < impl.circular_buffers.size(); i++)
        for (std::uint8_t idx : config.buffer_indices())
            if (impl.circular_buffers[i]->buffer_indices().count(idx))
                for (const auto& c : cores)
                    if (impl.cb_cores[i].count(c))
                        ttemu::Throw("Invalid circular buffer index: ", int(idx), " is already in use on core ",
                                     c.str());
    impl.circular_buffers.push_back(cb);
    impl.cb_cores.push_back(std::move(cores));
    return cb->id();
}

const CircularBufferConfig& GetCircularBufferConfig(Program& program, CBHandle cb_handle) {
    return ttemu::CircularBufferOf(program, cb_handle).config();
}
void UpdateCircularBufferTotalSize(Program& program, CBHandle cb_handle, std::uint32_t total_size) {
    ttemu::CircularBufferOf(program, cb_handle).config().set_total_size(total_size);
}
void UpdateCircularBufferPageSize(Program& program, CBHandle cb_handle, std::uint8_t buffer_index,
                                  std::uint32_t page_size) {
    ttemu::CircularBufferOf(program, cb_handle).config().set_page_size(buffer_index, page_size);
}
void UpdateDynamicCircularBufferAddress(Program& program, CBHandle cb_handle, const Buffer& buffer) {
    auto& cb = ttemu::CircularBufferOf(program, cb_handle);
    cb.config().set_globally_allocated_address(buffer);
    cb.assign_global_address();
}
void UpdateDynamicCircularBufferAddressAndTotalSize(Program& program, CBHandle cb_handle, const Buffer& buffer,
                                                    std::uint32_t total_size) {
    auto& cb = ttemu::CircularBufferOf(program, cb_handle);
    cb.config().set_globally_allocated_address_and_total_size(buffer, total_size);
    cb.assign_global_address();
}

std::uint32_t CreateSemaphore(Program& program, const std::variant<CoreRange, CoreRangeSet>& core_spec,
                              std::uint32_t initial_value, CoreType core_type) {
    if (core_type != CoreType::WORKER) ttemu::Throw("CreateSemaphore: only WORKER semaphores exist on the emulated n150");
    auto& impl = Impl(program);
    const CoreRangeSet ranges = std::visit([](const auto& s) { return CoreRangeSet(s); }, core_spec);
    auto cores = ttemu::ExpandCores(ranges);
    for (std::uint32_t id = 0; id < ttemu::kNumSemaphores; id++) {
        bool taken = false;
        for (std::size_t i = 0; i < impl.semaphores.size(); i++)
            for (const auto& c : cores)
                taken = taken || (impl.semaphores[i].id() == id && impl.semaphore_cores[i].count(c));
        if (!taken) {
            impl.semaphores.emplace_back(ranges, id, initial_value, core_type);
            impl.semaphore_cores.push_back(std::move(cores));
            return id;
        }
    }
    ttemu::Throw("Unable to initialize semaphore: all ", ttemu::kNumSemaphores, " semaphores are in use on these cores");
}

GlobalSemaphore CreateGlobalSemaphore(IDevice* device, const CoreRangeSet& cores, std::uint32_t initial_value,
                                      BufferType buffer_type) {
    return GlobalSemaphore(device, cores, initial_value, buffer_type);
}
GlobalSemaphore CreateGlobalSemaphore(IDevice* device, CoreRangeSet&& cores, std::uint32_t initial_value,
                                      BufferType buffer_type) {
    return GlobalSemaphore(device, std::move(cores), initial_value, buffer_type);
}

void SetRuntimeArgs(const Program& program, KernelHandle kernel,
                    const std::variant<CoreCoord, CoreRange, CoreRangeSet>& core_spec,
                    tt::stl::Span<const std::uint32_t> runtime_args) {
    KernelImpl& k = KernelOf(program, kernel);
    for (const auto& c : ttemu::ExpandCores(core_spec)) k.SetArgs(c, runtime_args.data(), runtime_args.size());
}

void SetRuntimeArgs(const Program& program, KernelHandle kernel, const std::vector<CoreCoord>& core_spec,
                    const std::vector<std::vector<std::uint32_t>>& runtime_args) {
    if (core_spec.size() != runtime_args.size())
        ttemu::Throw("SetRuntimeArgs: ", core_spec.size(), " cores but ", runtime_args.size(), " argument lists");
    KernelImpl& k = KernelOf(program, kernel);
    for (std::size_t i = 0; i < core_spec.size(); i++)
        k.SetArgs(core_spec[i], runtime_args[i].data(), runtime_args[i].size());
}

namespace {
std::vector<std::uint32_t> Resolve(const RuntimeArgs& args) {
    std::vector<std::uint32_t> out;
    for (const auto& a : args) {
        if (auto* b = std::get_if<Buffer*>(&a)) {
            if (!*b) ttemu::Throw("SetRuntimeArgs: a Buffer* argument is null");
            out.push_back((*b)->address());
        } else {
            out.push_back(std::get<std::uint32_t>(a));
        }
    }
    return out;
}
KernelImpl& AsImpl(const std::shared_ptr<Kernel>& kernel) {
    auto* k = dynamic_cast<KernelImpl*>(kernel.get());
    if (!k) ttemu::Throw("SetRuntimeArgs: the kernel is null or not from this library");
    return *k;
}
}  // namespace

void SetRuntimeArgs(IDevice*, const std::shared_ptr<Kernel>& kernel,
                    const std::variant<CoreCoord, CoreRange, CoreRangeSet>& core_spec,
                    const std::shared_ptr<RuntimeArgs>& runtime_args) {
    if (!runtime_args) ttemu::Throw("SetRuntimeArgs: runtime_args is null");
    const auto words = Resolve(*runtime_args);
    for (const auto& c : ttemu::ExpandCores(core_spec)) AsImpl(kernel).SetArgs(c, words.data(), words.size());
}

void SetRuntimeArgs(IDevice*, const std::shared_ptr<Kernel>& kernel, const std::vector<CoreCoord>& core_spec,
                    const std::vector<std::shared_ptr<RuntimeArgs>>& runtime_args) {
    if (core_spec.size() != runtime_args.size())
        ttemu::Throw("SetRuntimeArgs: ", core_spec.size(), " cores but ", runtime_args.size(), " argument lists");
    for (std::size_t i = 0; i < core_spec.size(); i++) {
        if (!runtime_args[i]) ttemu::Throw("SetRuntimeArgs: runtime_args[", i, "] is null");
        const auto words = Resolve(*runtime_args[i]);
        AsImpl(kernel).SetArgs(core_spec[i], words.data(), words.size());
    }
}

void SetCommonRuntimeArgs(const Program& program, KernelHandle kernel_id,
                          tt::stl::Span<const std::uint32_t> runtime_args) {
    KernelOf(program, kernel_id).SetCommonArgs(runtime_args.data(), runtime_args.size());
}

RuntimeArgsData& GetRuntimeArgs(const Program& program, KernelHandle kernel_id, const CoreCoord& logical_core) {
    return KernelOf(program, kernel_id).ArgsView(logical_core);
}
std::vector<std::vector<RuntimeArgsData>>& GetRuntimeArgs(const Program& program, KernelHandle kernel_id) {
    return KernelOf(program, kernel_id).ArgsViews();
}
RuntimeArgsData& GetCommonRuntimeArgs(const Program& program, KernelHandle kernel_id) {
    return KernelOf(program, kernel_id).CommonArgsView();
}

void DumpDeviceProfileResults(IDevice*, const Program&) {}

}  // namespace v0
}  // namespace tt::tt_metal
