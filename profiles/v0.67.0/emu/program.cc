// Programs of tt-metal v0.67.0 — Program, kernels, circular buffers, semaphores and runtime arguments — over the
// device core's program model (core/program_model.h), which holds the rules they share with every release.
#include <algorithm>
#include <stdexcept>
#include <atomic>
#include <set>

#include <tt-metalium/circular_buffer.hpp>
#include <tt-metalium/global_circular_buffer.hpp>
#include <tt-metalium/global_semaphore.hpp>
#include <tt-metalium/host_api.hpp>
#include <tt-metalium/program_descriptors.hpp>
#include <tt-logger/tt-logger.hpp>

#include "device.h"
#include "kernel_paths.h"
#include "program_impl.h"
#include "emu/core/chip.h"
#include "emu/core/device_model.h"
#include "emu/core/errors.h"

#define TTEMU_LOG_WARNING(...) log_warning(tt::LogMetal, __VA_ARGS__)

namespace tt::tt_metal {

using ttemu::Throw;

// ---- CircularBufferConfig: the members every release shares, then v0.67.0's own

#include "emu/shared/api/circular_buffer_config.inc"

CircularBufferConfig::CircularBufferConfig(const CBDescriptor& descriptor) : total_size_(descriptor.total_size) {
    for (const auto& f : descriptor.format_descriptors) {
        index(f.buffer_index).set_data_format(f.data_format).set_page_size(f.page_size);
        if (f.tile) set_tile_dims(f.buffer_index, Tile({f.tile->height, f.tile->width}, f.tile->transpose));
    }
    for (const auto& f : descriptor.remote_format_descriptors) {
        remote_index(f.buffer_index).set_data_format(f.data_format).set_page_size(f.page_size);
        if (f.tile) set_tile_dims(f.buffer_index, Tile({f.tile->height, f.tile->width}, f.tile->transpose));
    }
    if (descriptor.buffer) set_globally_allocated_address(*descriptor.buffer);
    address_offset_ = descriptor.address_offset;
}
std::uint32_t CircularBufferConfig::address_offset() const { return address_offset_; }

// ---- circular buffers

CircularBufferImpl::CircularBufferImpl(const CoreRangeSet& core_ranges, const CircularBufferConfig& config)
    : core_ranges_(core_ranges), cores_(ttemu::v067::CoresOf(core_ranges)), config_(config) {
    for (std::uint32_t i = 0; i < NUM_CIRCULAR_BUFFERS; i++) {
        const bool has_format = config_.data_formats()[i].has_value();
        const bool has_page = config_.page_sizes()[i].has_value();
        if (has_format != has_page)
            Throw("Expected both data format and page size to be set for buffer index ", i, ". Data format is ",
                  has_format ? "" : "not ", "set. Page size is ", has_page ? "" : "not ", "set.");
    }
    if (!config_.remote_buffer_indices().empty())
        Throw("Remote buffer indices are not supported without a GlobalCircularBuffer");
}

CircularBufferImpl::CircularBufferImpl(const CoreRangeSet& core_ranges, const CircularBufferConfig& config,
                                       const experimental::GlobalCircularBuffer& global_circular_buffer)
    : core_ranges_(core_ranges), cores_(ttemu::v067::CoresOf(core_ranges)), config_(config) {
    if (config_.globally_allocated_address())
        Throw("Connot create CircularBuffer with specified GlobalCircularBuffer when config already linked to a buffer");
    if (config_.remote_buffer_indices().empty())
        Throw("Remote buffer indices should be specified when using a GlobalCircularBuffer");
    set_global_circular_buffer(global_circular_buffer);
}

std::uint32_t CircularBufferImpl::LocalMask() const {
    std::uint32_t mask = 0;
    for (std::uint8_t i : config_.local_buffer_indices()) mask |= 1u << i;
    return mask;
}

void CircularBufferImpl::set_global_circular_buffer(const experimental::GlobalCircularBuffer& global_circular_buffer) {
    if (!global_circular_buffer.all_cores().contains(core_ranges_))
        Throw("Specified cores are not contained in associated GlobalCircularBuffer");
    config_.set_globally_allocated_address(global_circular_buffer.cb_buffer());
    global_config_address_ = static_cast<std::uint32_t>(global_circular_buffer.config_address());
}

ttemu::CbModel CircularBufferImpl::Model() const {
    ttemu::CbModel m;
    m.cores = cores_;
    m.total_size = config_.total_size();
    if (auto a = config_.globally_allocated_address()) m.global_address = *a + config_.address_offset();
    for (std::uint8_t i = 0; i < NUM_CIRCULAR_BUFFERS; i++) {
        const auto& format = config_.data_formats()[i];
        if (!format) continue;
        if (config_.remote_buffer_indices().count(i)) {
            // A remote index is not a local circular buffer: the core's firmware starts its remote interface from
            // the global circular buffer's configuration.
            if (global_config_address_ && config_.page_sizes()[i])
                m.remote.push_back({i, global_config_address_, *config_.page_sizes()[i], LocalMask()});
            continue;
        }
        ttemu::CbModel::Index idx;
        idx.index = i;
        idx.format = static_cast<std::uint8_t>(*format);
        idx.page_size = config_.page_sizes()[i];
        const Tile tile = config_.tiles()[i].value_or(Tile());
        idx.tile.format = idx.format;
        idx.tile.tile_size = static_cast<std::uint16_t>(tile.get_tile_size(*format));
        idx.tile.r_dim = static_cast<std::uint8_t>(tile.get_tile_shape()[0]);
        idx.tile.c_dim = static_cast<std::uint8_t>(tile.get_tile_shape()[1]);
        idx.tile.num_faces = static_cast<std::uint8_t>(tile.get_num_faces());
        idx.tile.face_r_dim = static_cast<std::uint8_t>(tile.get_face_shape()[0]);
        m.indices.push_back(idx);
    }
    return m;
}

CircularBuffer::CircularBuffer(const CircularBufferImpl* impl) : impl_(impl) {}
CBHandle CircularBuffer::id() const { return impl_->id(); }
const CoreRangeSet& CircularBuffer::core_ranges() const { return impl_->core_ranges(); }
std::size_t CircularBuffer::size() const { return impl_->config().total_size(); }
bool CircularBuffer::globally_allocated() const { return impl_->config().globally_allocated_address().has_value(); }
const std::unordered_set<std::uint8_t>& CircularBuffer::buffer_indices() const {
    return impl_->config().buffer_indices();
}
std::uint32_t CircularBuffer::page_size(std::uint32_t buffer_index) const {
    if (buffer_index >= NUM_CIRCULAR_BUFFERS || !impl_->config().page_sizes()[buffer_index])
        Throw("Cannot access page size for buffer index ", buffer_index,
              " because circular buffer is not configured on that index");
    return *impl_->config().page_sizes()[buffer_index];
}
std::uint32_t CircularBuffer::num_pages(std::uint32_t buffer_index) const {
    return static_cast<std::uint32_t>(size() / page_size(buffer_index));
}
DataFormat CircularBuffer::data_format(std::uint32_t buffer_index) const {
    if (buffer_index >= NUM_CIRCULAR_BUFFERS || !impl_->config().data_formats()[buffer_index])
        Throw("Cannot access data format for buffer index ", buffer_index,
              " because circular buffer is not configured on that index");
    return *impl_->config().data_formats()[buffer_index];
}

// ---- Program

namespace detail {

namespace {
std::atomic<std::uint64_t> g_next_program_id{0};
}

// Program is one shared_ptr (its layout is v0.67.0's); a moved-from program holds none.
static_assert(sizeof(Program) == sizeof(std::shared_ptr<ProgramImpl>));
ProgramImpl& ImplOf(const Program& program) {
    const auto& internal = *reinterpret_cast<const std::shared_ptr<ProgramImpl>*>(&program);
    if (!internal) Throw("the program has been moved from");
    return *internal;
}

ProgramImpl::Kernel& ProgramImpl::KernelAt(KernelHandle handle) {
    if (handle >= kernels.size())
        Throw("Program ", id, " has no kernel with handle ", handle, " (it has ", kernels.size(), " kernels)");
    return *kernels[handle];
}

std::uint64_t ProgramImpl::get_id() const { return id; }
std::size_t ProgramImpl::num_kernels() const { return kernels.size(); }

CircularBufferImpl& ProgramImpl::CircularBufferAt(CBHandle handle) {
    for (const auto& cb : circular_buffers)
        if (cb->id() == handle) return *cb;
    Throw("No circular buffer with id ", handle, " exists in Program ", id);
}

void ProgramImpl::Kernel::RefreshViews() {
    for (const ttemu::CoreXY& c : model.cores) {
        auto& view = views.at(c.x).at(c.y);
        const auto& words = args->On(c);
        view = {args->Data(c), words.size()};
    }
    common_view = {args->common().empty() ? nullptr : args->CommonData(), args->common().size()};
}

}  // namespace detail

Program::Program() : internal_(std::make_shared<detail::ProgramImpl>()) {
    internal_->id = detail::g_next_program_id++;
}
Program::~Program() noexcept = default;
Program::Program(Program&& other) noexcept = default;
Program& Program::operator=(Program&& other) noexcept = default;
void Program::set_runtime_id(ProgramId id) { detail::ImplOf(*this).runtime_id = id; }
ProgramId Program::get_runtime_id() const { return detail::ImplOf(*this).runtime_id; }
std::vector<std::shared_ptr<CircularBuffer>> Program::circular_buffers() const {
    std::vector<std::shared_ptr<CircularBuffer>> out;
    for (const auto& cb : detail::ImplOf(*this).circular_buffers) out.push_back(std::make_shared<CircularBuffer>(cb.get()));
    return out;
}

Program CreateProgram() { return Program(); }

namespace {

const char* OptFlag(KernelBuildOptLevel level) {
    switch (level) {
        case KernelBuildOptLevel::O1: return "-O1";
        case KernelBuildOptLevel::O2: return "-O2";
        case KernelBuildOptLevel::O3: return "-O3";
        case KernelBuildOptLevel::O0: return "-O0";
        case KernelBuildOptLevel::Os: return "-Os";
        case KernelBuildOptLevel::Ofast: return "-Ofast";
        case KernelBuildOptLevel::Oz: return "-Oz";
    }
    return "-O2";
}

std::string KernelName(const std::string& source, bool is_text) {
    if (is_text) return "kernel_from_string";
    const auto slash = source.find_last_of('/');
    std::string base = slash == std::string::npos ? source : source.substr(slash + 1);
    const auto dot = base.find_last_of('.');
    return dot == std::string::npos ? base : base.substr(0, dot);
}

std::vector<std::pair<std::string, std::uint32_t>> Sorted(const std::unordered_map<std::string, std::uint32_t>& m) {
    std::vector<std::pair<std::string, std::uint32_t>> out(m.begin(), m.end());
    std::sort(out.begin(), out.end());
    return out;
}

// A define whose value holds a NUL cannot reach the kernel compiler's command line: refused as tt-metal refuses it.
void ValidateDefines(const std::map<std::string, std::string>& defines) {
    for (const auto& [key, value] : defines)
        if (value.find('\0') != std::string::npos)
            throw std::invalid_argument("Define value for key '" + key + "' contains null character");
}

KernelHandle AddKernel(Program& program, std::string source, bool is_text,
                       const std::variant<CoreCoord, CoreRange, CoreRangeSet>& core_spec,
                       const std::variant<DataMovementConfig, ComputeConfig>& config) {
    // tt-metal's order: the defines are validated first (std::invalid_argument), before the core spec or the file.
    std::visit([](const auto& cfg) { ValidateDefines(cfg.defines); }, config);
    auto& impl = detail::ImplOf(program);
    if (impl.compiled) Throw("Cannot add kernel to an already compiled program ", impl.id);
    auto kernel = std::make_unique<detail::ProgramImpl::Kernel>();
    ttemu::KernelModel& m = kernel->model;
    m.name = KernelName(source, is_text);
    m.cores = ttemu::v067::CoresOf(core_spec);
    if (m.cores.empty()) Throw("CreateKernel: the core spec of kernel ", m.name, " is empty");
    kernel->core_ranges = ttemu::v067::RangeSetOf(core_spec);
    auto& r = m.request;
    r.name = m.name;
    // A missing file fails here, at CreateKernel, as in tt-metal v0.67.0.
    r.source = is_text ? std::move(source) : ttemu::v067::ResolveKernelFile(source);
    r.source_is_text = is_text;
    if (auto* dm = std::get_if<DataMovementConfig>(&config)) {
        if (dm->processor != DataMovementProcessor::RISCV_0 && dm->processor != DataMovementProcessor::RISCV_1)
            Throw("CreateKernel: data movement processor RISCV_", static_cast<int>(dm->processor),
                  " does not exist on Wormhole (RISCV_0 and RISCV_1 do)");
        r.kind = ttemu::KernelBuildRequest::Kind::kDataMovement;
        r.processor = static_cast<std::uint8_t>(dm->processor);
        r.noc = dm->noc;
        r.compile_args = dm->compile_args;
        r.named_compile_args = Sorted(dm->named_compile_args);
        r.defines = dm->defines;
        r.opt_flag = OptFlag(dm->opt_level);
        r.prelude = "api/ttemu_dataflow_prelude.h";
        m.slot = dm->processor == DataMovementProcessor::RISCV_0 ? ttemu::Slot::kBrisc : ttemu::Slot::kNcrisc;
        m.noc = dm->noc;
    } else {
        const auto& c = std::get<ComputeConfig>(config);
        r.kind = ttemu::KernelBuildRequest::Kind::kCompute;
        r.compile_args = c.compile_args;
        r.named_compile_args = Sorted(c.named_compile_args);
        r.defines = c.defines;
        r.opt_flag = OptFlag(c.opt_level);
        r.math_fidelity = static_cast<std::uint32_t>(c.math_fidelity);
        r.fp32_dest_acc_en = c.fp32_dest_acc_en;
        r.math_approx_mode = c.math_approx_mode;
        r.prelude = "api/ttemu_compute_prelude.h";
        m.slot = ttemu::Slot::kCompute;
        kernel->compute = true;
    }
    for (const auto& other : impl.kernels) {
        for (const ttemu::CoreXY& c : m.cores) {
            if (!std::binary_search(other->model.cores.begin(), other->model.cores.end(), c)) continue;
            if (other->model.slot == m.slot)
                Throw("Cannot create ", kernel->compute ? "compute" : "data movement", " kernel ", m.name, " on core ",
                      c.str(), ": kernel ", other->model.name, " already uses that processor");
            if (!kernel->compute && !other->compute && other->model.noc == m.noc)
                Throw("Cannot create data movement kernel ", m.name, " on core ", c.str(), ": kernel ",
                      other->model.name, " already uses NOC ", int(m.noc));
        }
    }
    kernel->args = std::make_unique<ttemu::KernelArgs>(m.name, m.cores, max_runtime_args);
    std::uint32_t w = 0, h = 0;
    for (const auto& c : m.cores) w = std::max(w, c.x + 1), h = std::max(h, c.y + 1);
    kernel->views.assign(w, std::vector<RuntimeArgsData>(h, RuntimeArgsData{nullptr, 0}));
    impl.kernels.push_back(std::move(kernel));
    return static_cast<KernelHandle>(impl.kernels.size() - 1);
}

}  // namespace

KernelHandle CreateKernel(Program& program, const std::string& file_name,
                          const std::variant<CoreCoord, CoreRange, CoreRangeSet>& core_spec,
                          const std::variant<DataMovementConfig, ComputeConfig>& config) {
    return AddKernel(program, file_name, false, core_spec, config);
}

KernelHandle CreateKernelFromString(Program& program, const std::string& kernel_src_code,
                                    const std::variant<CoreCoord, CoreRange, CoreRangeSet>& core_spec,
                                    const std::variant<DataMovementConfig, ComputeConfig>& config) {
    return AddKernel(program, kernel_src_code, true, core_spec, config);
}

ReaderDataMovementConfig::ReaderDataMovementConfig(std::vector<std::uint32_t> compile_args,
                                                   std::map<std::string, std::string> defines,
                                                   std::unordered_map<std::string, std::uint32_t> named_compile_args,
                                                   KernelBuildOptLevel opt_level)
    : DataMovementConfig{DataMovementProcessor::RISCV_1, detail::preferred_noc_for_dram_read(tt::ARCH::WORMHOLE_B0),
                         NOC_MODE::DM_DEDICATED_NOC, std::move(compile_args), std::move(defines),
                         std::move(named_compile_args), opt_level} {}

WriterDataMovementConfig::WriterDataMovementConfig(std::vector<std::uint32_t> compile_args,
                                                   std::map<std::string, std::string> defines,
                                                   std::unordered_map<std::string, std::uint32_t> named_compile_args,
                                                   KernelBuildOptLevel opt_level)
    : DataMovementConfig{DataMovementProcessor::RISCV_0, detail::preferred_noc_for_dram_write(tt::ARCH::WORMHOLE_B0),
                         NOC_MODE::DM_DEDICATED_NOC, std::move(compile_args), std::move(defines),
                         std::move(named_compile_args), opt_level} {}

CBHandle CreateCircularBuffer(Program& program, const std::variant<CoreCoord, CoreRange, CoreRangeSet>& core_spec,
                              const CircularBufferConfig& config) {
    return detail::AddCircularBuffer(program,
                                     std::make_shared<CircularBufferImpl>(ttemu::v067::RangeSetOf(core_spec), config));
}

CBHandle detail::AddCircularBuffer(Program& program, std::shared_ptr<CircularBufferImpl> cb) {
    auto& impl = detail::ImplOf(program);
    for (const auto& other : impl.circular_buffers)
        for (std::uint8_t idx : cb->config().buffer_indices())
            if (other->config().buffer_indices().count(idx))
                for (const auto& c : cb->cores())
                    if (std::binary_search(other->cores().begin(), other->cores().end(), c))
                        Throw("Invalid circular buffer index: ", int(idx), " is already in use on core ", c.str());
    impl.circular_buffers.push_back(cb);
    return cb->id();
}

const CircularBufferConfig& GetCircularBufferConfig(Program& program, CBHandle cb_handle) {
    return detail::ImplOf(program).CircularBufferAt(cb_handle).config();
}
void UpdateCircularBufferTotalSize(Program& program, CBHandle cb_handle, std::uint32_t total_size) {
    detail::ImplOf(program).CircularBufferAt(cb_handle).config().set_total_size(total_size);
}
void UpdateCircularBufferPageSize(Program& program, CBHandle cb_handle, std::uint8_t buffer_index,
                                  std::uint32_t page_size) {
    detail::ImplOf(program).CircularBufferAt(cb_handle).config().set_page_size(buffer_index, page_size);
}
void UpdateDynamicCircularBufferAddress(Program& program, CBHandle cb_handle, const Buffer& buffer) {
    detail::ImplOf(program).CircularBufferAt(cb_handle).config().set_globally_allocated_address(buffer);
}
void UpdateDynamicCircularBufferAddressAndTotalSize(Program& program, CBHandle cb_handle, const Buffer& buffer,
                                                    std::uint32_t total_size) {
    detail::ImplOf(program).CircularBufferAt(cb_handle).config().set_globally_allocated_address_and_total_size(
        buffer, total_size);
}

std::uint32_t CreateSemaphore(Program& program, const std::variant<CoreRange, CoreRangeSet>& core_spec,
                              std::uint32_t initial_value) {
    auto& impl = detail::ImplOf(program);
    const CoreRangeSet ranges = std::visit([](const auto& s) { return CoreRangeSet(s); }, core_spec);
    const auto cores = ttemu::v067::CoresOf(ranges);
    for (std::uint32_t id = 0; id < ttemu::kNumSemaphores; id++) {
        bool taken = false;
        for (const auto& s : impl.semaphores)
            for (const auto& c : cores)
                taken = taken || (s.model.id == id && std::binary_search(s.model.cores.begin(), s.model.cores.end(), c));
        if (!taken) {
            impl.semaphores.push_back({ranges, {cores, id, initial_value}});
            return id;
        }
    }
    Throw("Unable to initialize semaphore: all ", ttemu::kNumSemaphores, " semaphores are in use on these cores");
}

std::uint32_t CreateSemaphore(Program& program, const std::variant<CoreRange, CoreRangeSet>& core_spec,
                              std::uint32_t initial_value, CoreType core_type) {
    if (core_type != CoreType::WORKER && core_type != CoreType::TENSIX)
        Throw("CreateSemaphore: only worker semaphores exist on the emulated n150");
    return CreateSemaphore(program, core_spec, initial_value);
}

GlobalSemaphore CreateGlobalSemaphore(IDevice* device, const CoreRangeSet& cores, std::uint32_t initial_value,
                                      BufferType buffer_type) {
    return GlobalSemaphore(device, cores, initial_value, buffer_type);
}
GlobalSemaphore CreateGlobalSemaphore(IDevice* device, CoreRangeSet&& cores, std::uint32_t initial_value,
                                      BufferType buffer_type) {
    return GlobalSemaphore(device, std::move(cores), initial_value, buffer_type);
}

void AssignGlobalBufferToProgram(const std::shared_ptr<Buffer>& buffer, Program& program) {
    detail::ImplOf(program).buffers.push_back(buffer);
}

// ---- runtime arguments

void SetRuntimeArgs(const Program& program, KernelHandle kernel,
                    const std::variant<CoreCoord, CoreRange, CoreRangeSet>& core_spec,
                    ttsl::Span<const std::uint32_t> runtime_args) {
    auto& k = detail::ImplOf(program).KernelAt(kernel);
    for (const auto& c : ttemu::v067::CoresOf(core_spec)) k.args->Set(c, runtime_args.data(), runtime_args.size());
    k.RefreshViews();
}
void SetRuntimeArgs(const Program& program, KernelHandle kernel,
                    const std::variant<CoreCoord, CoreRange, CoreRangeSet>& core_spec,
                    std::initializer_list<std::uint32_t> runtime_args) {
    SetRuntimeArgs(program, kernel, core_spec, ttsl::Span<const std::uint32_t>(runtime_args.begin(), runtime_args.size()));
}
void SetRuntimeArgs(const Program& program, KernelHandle kernel, const std::vector<CoreCoord>& core_spec,
                    const std::vector<std::vector<std::uint32_t>>& runtime_args) {
    if (core_spec.size() != runtime_args.size())
        Throw("SetRuntimeArgs: ", core_spec.size(), " cores but ", runtime_args.size(), " argument lists");
    auto& k = detail::ImplOf(program).KernelAt(kernel);
    for (std::size_t i = 0; i < core_spec.size(); i++)
        k.args->Set(ttemu::v067::ToXY(core_spec[i]), runtime_args[i].data(), runtime_args[i].size());
    k.RefreshViews();
}
void SetCommonRuntimeArgs(const Program& program, KernelHandle kernel_id, ttsl::Span<const std::uint32_t> runtime_args) {
    auto& k = detail::ImplOf(program).KernelAt(kernel_id);
    k.args->SetCommon(runtime_args.data(), runtime_args.size());
    k.RefreshViews();
}
void SetCommonRuntimeArgs(const Program& program, KernelHandle kernel_id,
                          std::initializer_list<std::uint32_t> runtime_args) {
    SetCommonRuntimeArgs(program, kernel_id, ttsl::Span<const std::uint32_t>(runtime_args.begin(), runtime_args.size()));
}
RuntimeArgsData& GetRuntimeArgs(const Program& program, KernelHandle kernel_id, const CoreCoord& logical_core) {
    auto& k = detail::ImplOf(program).KernelAt(kernel_id);
    if (!k.args->Has(ttemu::v067::ToXY(logical_core)))
        Throw("Kernel ", k.model.name, " is not placed on core ", logical_core.str());
    return k.views.at(logical_core.x).at(logical_core.y);
}
std::vector<std::vector<RuntimeArgsData>>& GetRuntimeArgs(const Program& program, KernelHandle kernel_id) {
    return detail::ImplOf(program).KernelAt(kernel_id).views;
}
RuntimeArgsData& GetCommonRuntimeArgs(const Program& program, KernelHandle kernel_id) {
    return detail::ImplOf(program).KernelAt(kernel_id).common_view;
}

// ---- Program from a descriptor

Program::Program(const ProgramDescriptor& descriptor) : Program() {
    for (const auto& cb : descriptor.cbs) {
        if (cb.global_circular_buffer)
            experimental::CreateCircularBuffer(*this, cb.core_ranges, CircularBufferConfig(cb), *cb.global_circular_buffer);
        else
            CreateCircularBuffer(*this, cb.core_ranges, CircularBufferConfig(cb));
    }
    for (const auto& s : descriptor.semaphores) {
        auto& impl = detail::ImplOf(*this);
        impl.semaphores.push_back({s.core_ranges, {ttemu::v067::CoresOf(s.core_ranges), s.id, s.initial_value}});
    }
    for (const auto& k : descriptor.kernels) {
        std::variant<DataMovementConfig, ComputeConfig> config;
        std::unordered_map<std::string, std::uint32_t> named(k.named_compile_time_args.begin(),
                                                              k.named_compile_time_args.end());
        std::map<std::string, std::string> defines(k.defines.begin(), k.defines.end());
        std::visit(
            [&](const auto& c) {
                using T = std::decay_t<decltype(c)>;
                if constexpr (std::is_same_v<T, ReaderConfigDescriptor>) {
                    config = ReaderDataMovementConfig(k.compile_time_args, defines, named);
                } else if constexpr (std::is_same_v<T, WriterConfigDescriptor>) {
                    config = WriterDataMovementConfig(k.compile_time_args, defines, named);
                } else if constexpr (std::is_same_v<T, DataMovementConfigDescriptor>) {
                    config = DataMovementConfig{c.processor, c.noc, c.noc_mode, k.compile_time_args, defines, named};
                } else {
                    ComputeConfig cc;
                    cc.math_fidelity = c.math_fidelity;
                    cc.fp32_dest_acc_en = c.fp32_dest_acc_en;
                    cc.dst_full_sync_en = c.dst_full_sync_en;
                    cc.unpack_to_dest_mode = c.unpack_to_dest_mode;
                    cc.bfp8_pack_precise = c.bfp8_pack_precise;
                    cc.math_approx_mode = c.math_approx_mode;
                    cc.compile_args = k.compile_time_args;
                    cc.defines = defines;
                    cc.named_compile_args = named;
                    config = cc;
                }
            },
            k.config);
        if (k.opt_level)
            std::visit([&](auto& c) { c.opt_level = *k.opt_level; }, config);
        const KernelHandle handle =
            AddKernel(*this, k.kernel_source, k.source_type == KernelDescriptor::SourceType::SOURCE_CODE,
                      k.core_ranges, config);
        for (const auto& [core, args] : k.runtime_args) SetRuntimeArgs(*this, handle, core, args);
        if (!k.common_runtime_args.empty()) SetCommonRuntimeArgs(*this, handle, k.common_runtime_args);
    }
}

namespace detail {
std::vector<KernelMeta> collect_kernel_meta(const Program& program, IDevice*) {
    std::vector<KernelMeta> out;
    for (const auto& k : ImplOf(program).kernels) {
        KernelMeta meta;
        meta.name = k->model.name;
        meta.source = k->model.request.source;
        meta.processor_class = k->compute ? HalProcessorClassType::COMPUTE : HalProcessorClassType::DM;
        meta.programmable_core_type = HalProgrammableCoreType::TENSIX;
        if (k->compute) meta.math_fidelity = static_cast<MathFidelity>(k->model.request.math_fidelity);
        out.push_back(std::move(meta));
    }
    return out;
}
}  // namespace detail

}  // namespace tt::tt_metal

namespace ttemu::v067 {

std::shared_ptr<const ttemu::LaunchPlan> PrepareLaunch(ttemu::Chip& chip, tt::tt_metal::Program& program) {
    auto& impl = tt::tt_metal::detail::ImplOf(program);
    std::vector<ttemu::CbModel> cbs;
    for (const auto& cb : impl.circular_buffers) cbs.push_back(cb->Model());
    for (auto& k : impl.kernels) ttemu::CompileKernel(k->model, cbs, chip.id());
    impl.compiled = true;
    std::uint32_t region_end = 0;
    const auto addresses = ttemu::PlaceCircularBuffers(cbs, chip.L1BufferFloor(), &region_end);
    std::vector<ttemu::KernelToLaunch> kernels;
    for (const auto& k : impl.kernels) kernels.push_back({&k->model, k->args.get()});
    std::vector<ttemu::SemaphoreModel> semaphores;
    for (const auto& s : impl.semaphores) semaphores.push_back(s.model);
    return ttemu::PlanLaunch(chip, impl.id, kernels, cbs, addresses, semaphores);
}

}  // namespace ttemu::v067
