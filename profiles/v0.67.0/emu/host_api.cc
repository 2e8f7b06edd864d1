// host_api.hpp and tt_metal.hpp of tt-metal v0.67.0: the system queries, single devices (CreateDevice still exists;
// without command queues it is driven by the slow-dispatch detail:: calls), buffers, direct DRAM/L1 access, the
// profiler calls and the thread's command queue id.
#include <algorithm>
#include <cstring>
#include <mutex>
#include <vector>

#include <tt-metalium/experimental/host_api.hpp>
#include <tt-metalium/host_api.hpp>
#include <tt-metalium/mesh_command_queue.hpp>
#include <tt-metalium/mesh_device.hpp>
#include <tt-metalium/tt_metal.hpp>
#include <tt-metalium/tt_metal_profiler.hpp>

#include "buffer.h"
#include "device.h"
#include "kernel_paths.h"
#include "program_impl.h"
#include "emu/core/device_model.h"
#include "emu/core/errors.h"
#include "emu/core/launch.h"
#include "emu/core/settings.h"

extern "C" void ttemu_add_kernel_home(const char* dir) noexcept;  // core/kernel_build.cc

namespace tt::tt_metal {

using ttemu::Throw;

// ---- the system

void SetRootDir(const std::string& root_dir) {
    ttemu::v067::SetRootDirectory(root_dir);
    ttemu_add_kernel_home(root_dir.c_str());
}
std::size_t GetNumAvailableDevices() { return ttemu::GetSettings().num_devices; }
bool IsGalaxyCluster() { return false; }
std::size_t GetNumPCIeDevices() { return ttemu::GetSettings().num_devices; }
ChipId GetPCIeDeviceID(ChipId device_id) { return device_id; }
ClusterType GetClusterType() { return ttemu::GetSettings().num_devices >= 8 ? ClusterType::T3K : ClusterType::N150; }
std::string SerializeClusterDescriptor() {
    return "arch: wormhole_b0\nchips: " + std::to_string(ttemu::GetSettings().num_devices) + "\n";
}

// ---- single devices

IDevice* CreateDevice(ChipId device_id, std::uint8_t num_hw_cqs, std::size_t l1_small_size,
                      std::size_t trace_region_size, const DispatchCoreConfig&, const std::vector<std::uint32_t>&,
                      std::size_t) {
    return ttemu::v067::OpenDevice(device_id, {num_hw_cqs, l1_small_size, trace_region_size});
}

IDevice* CreateDeviceMinimal(ChipId device_id, std::uint8_t num_hw_cqs, const DispatchCoreConfig&) {
    return ttemu::v067::OpenDevice(device_id, {num_hw_cqs, 0, 0});
}

bool CloseDevice(IDevice* device) {
    auto* d = dynamic_cast<Device*>(device);
    if (!d || ttemu::v067::FindOpenDevice(d->id()) != d) Throw("CloseDevice: the device is not an open device");
    if (d->get_mesh_device()) Throw("CloseDevice: device ", d->id(), " belongs to a mesh; close the MeshDevice");
    ttemu::v067::CloseDevice(d);
    return true;
}

// ---- buffers

std::shared_ptr<Buffer> CreateBuffer(const InterleavedBufferConfig& config) {
    return Buffer::create(config.device, config.size, config.page_size, config.buffer_type);
}
std::shared_ptr<Buffer> CreateBuffer(const InterleavedBufferConfig& config, DeviceAddr address) {
    return Buffer::create(config.device, address, config.size, config.page_size, config.buffer_type);
}
std::shared_ptr<Buffer> CreateBuffer(const InterleavedBufferConfig& config, SubDeviceId sub_device_id) {
    return Buffer::create(config.device, config.size, config.page_size, config.buffer_type, std::nullopt,
                          std::nullopt, sub_device_id);
}
std::shared_ptr<Buffer> CreateBuffer(const ShardedBufferConfig& config) {
    return Buffer::create(config.device, config.size, config.page_size, config.buffer_type,
                          BufferShardingArgs(config.shard_parameters, config.buffer_layout));
}
std::shared_ptr<Buffer> CreateBuffer(const ShardedBufferConfig& config, DeviceAddr address) {
    return Buffer::create(config.device, address, config.size, config.page_size, config.buffer_type,
                          BufferShardingArgs(config.shard_parameters, config.buffer_layout));
}
std::shared_ptr<Buffer> CreateBuffer(const ShardedBufferConfig& config, SubDeviceId sub_device_id) {
    return Buffer::create(config.device, config.size, config.page_size, config.buffer_type,
                          BufferShardingArgs(config.shard_parameters, config.buffer_layout), std::nullopt,
                          sub_device_id);
}

// ---- profiler: the emulator records no device timestamps, so there is nothing to read or write

void ReadMeshDeviceProfilerResults(distributed::MeshDevice& mesh_device, ProfilerReadState,
                                   const std::optional<ProfilerOptionalMetadata>&) {
    mesh_device.mesh_command_queue().finish();
}

#if TTEMU_API_SINGLE_DEVICE_EVENT
bool EventQuery(const std::shared_ptr<Event>&) {
    Throw("EventQuery(std::shared_ptr<Event>): single-device events do not exist in tt-metal v0.67.0's API; use "
          "distributed::EventQuery");
}
#endif

// ---- the thread's command queue id (what MeshDevice::mesh_command_queue() picks without an id)

namespace {
thread_local std::vector<std::uint8_t> t_cq_ids;
}
void PushCurrentCommandQueueIdForThread(std::uint8_t cq_id) { t_cq_ids.push_back(cq_id); }
std::uint8_t PopCurrentCommandQueueIdForThread() {
    if (t_cq_ids.empty()) Throw("PopCurrentCommandQueueIdForThread: no command queue id was pushed on this thread");
    const std::uint8_t id = t_cq_ids.back();
    t_cq_ids.pop_back();
    return id;
}
std::uint8_t GetCurrentCommandQueueIdForThread() { return t_cq_ids.empty() ? 0 : t_cq_ids.back(); }

namespace detail {

// tt-metal latches the dispatch mode; the emulator's is TT_METAL_SLOW_DISPATCH_MODE, read once.
bool DispatchStateCheck(bool isFastDispatch) {
    const bool fast = !ttemu::GetSettings().slow_dispatch;
    if (fast != isFastDispatch)
        Throw("Mixing fast and slow dispatch is prohibited! (", isFastDispatch ? "a fast" : "a slow",
              " dispatch call while the process runs in ", fast ? "fast" : "slow",
              " dispatch mode: TT_METAL_SLOW_DISPATCH_MODE is ", fast ? "unset" : "set", ")");
    return fast;
}

std::map<ChipId, IDevice*> CreateDevices(const std::vector<ChipId>& device_ids, std::uint8_t num_hw_cqs,
                                         std::size_t l1_small_size, std::size_t trace_region_size,
                                         const DispatchCoreConfig& dispatch_core_config,
                                         const std::vector<std::uint32_t>& l1_bank_remap, std::size_t worker_l1_size,
                                         bool, bool, bool) {
    std::map<ChipId, IDevice*> out;
    for (ChipId id : device_ids)
        out[id] = CreateDevice(id, num_hw_cqs, l1_small_size, trace_region_size, dispatch_core_config, l1_bank_remap,
                               worker_l1_size);
    return out;
}
void CloseDevices(const std::map<ChipId, IDevice*>& devices) {
    for (const auto& [id, device] : devices) CloseDevice(device);
}
void ReleaseOwnership() {}
IDevice* GetActiveDevice(ChipId device_id) { return ttemu::v067::FindOpenDevice(device_id); }

void WriteToBuffer(Buffer& buffer, ttsl::Span<const std::uint8_t> host_buffer) {
    if (host_buffer.size() > buffer.size())
        Throw("WriteToBuffer: ", host_buffer.size(), " B do not fit the ", buffer.size(), " B buffer");
    ttemu::v067::WriteBuffer(buffer, 0, host_buffer.data(), host_buffer.size());
}
// The direct reads go around the command queues, as tt-metal's do, and see what the work enqueued before them
// wrote (on hardware that work has long run by the time a host read arrives): each waits for the queues of its chip
// first. Writes do not wait, so a kernel that polls for a host write still gets it.
namespace {
ttemu::Chip& Settled(ttemu::Chip& chip) {
    chip.SettleAll();
    return chip;
}
}  // namespace

void ReadFromBuffer(Buffer& buffer, std::uint8_t* host_buffer) {
    for (ttemu::Chip* chip : ttemu::v067::ChipsOf(buffer.device())) chip->SettleAll();
    ttemu::v067::ReadBuffer(buffer, 0, host_buffer, buffer.size());
}
void ReadShard(Buffer& buffer, std::uint8_t* host_buffer, const std::uint32_t& core_id) {
    if (!is_sharded(buffer.buffer_layout())) Throw("ReadShard: the buffer is not sharded");
    for (ttemu::Chip* chip : ttemu::v067::ChipsOf(buffer.device())) chip->SettleAll();
    const auto cores = ttemu::v067::ShardCoresOf(buffer);
    if (core_id >= cores.size()) Throw("ReadShard: core ", core_id, " of a shard grid of ", cores.size(), " cores");
    const ttemu::PageLayout layout = ttemu::v067::LayoutOf(buffer);
    std::vector<std::pair<std::uint64_t, std::uint32_t>> pages;  // (offset on the core, page), on that core
    for (std::uint32_t p = 0; p < layout.sharded->size(); p++)
        if ((*layout.sharded)[p].core == cores[core_id]) pages.emplace_back((*layout.sharded)[p].offset, p);
    std::sort(pages.begin(), pages.end());
    for (std::size_t i = 0; i < pages.size(); i++)
        ttemu::v067::ReadBuffer(buffer, std::uint64_t(pages[i].second) * buffer.page_size(),
                                host_buffer + i * buffer.page_size(), buffer.page_size());
}

void LaunchProgram(IDevice* device, Program& program, bool, bool force_slow_dispatch) {
    if (!force_slow_dispatch) DispatchStateCheck(false);
    ttemu::Chip& chip = ttemu::v067::SingleChip(device, "LaunchProgram");
    ttemu::RunLaunch(*ttemu::v067::PrepareLaunch(chip, program));
}
void LaunchProgram(IDevice* device, const std::shared_ptr<Program>& program, bool wait_until_cores_done,
                   bool force_slow_dispatch) {
    if (!program) Throw("LaunchProgram: program is null");
    LaunchProgram(device, *program, wait_until_cores_done, force_slow_dispatch);
}
void WaitProgramDone(IDevice* device, Program&, bool) { ttemu::v067::ChipsOf(device); }
void CompileProgram(IDevice* device, Program& program, bool) {
    ttemu::Chip& chip = ttemu::v067::SingleChip(device, "CompileProgram");
    auto& impl = ImplOf(program);
    std::vector<ttemu::CbModel> cbs;
    for (const auto& cb : impl.circular_buffers) cbs.push_back(cb->Model());
    for (auto& k : impl.kernels) ttemu::CompileKernel(k->model, cbs, chip.id());
    impl.compiled = true;
}
void WriteRuntimeArgsToDevice(IDevice* device, Program&, bool force_slow_dispatch) {
    ttemu::v067::ChipsOf(device);
    if (!force_slow_dispatch) DispatchStateCheck(false);
}
bool ConfigureDeviceWithProgram(IDevice* device, Program& program, bool force_slow_dispatch) {
    ttemu::Chip& chip = ttemu::v067::SingleChip(device, "ConfigureDeviceWithProgram");
    if (!force_slow_dispatch) DispatchStateCheck(false);
    std::vector<ttemu::CbModel> cbs;
    for (const auto& cb : ImplOf(program).circular_buffers) cbs.push_back(cb->Model());
    ttemu::PlaceCircularBuffers(cbs, chip.L1BufferFloor(), nullptr);
    return true;
}

// Per-device program ids: the base id in the low 21 bits, the device id above it, a host-fallback flag on top.
std::uint32_t EncodePerDeviceProgramID(std::uint32_t base_program_id, std::uint32_t device_id,
                                       bool is_host_fallback_op) {
    return (base_program_id & 0x1FFFFF) | ((device_id & 0x3FF) << 21) | (is_host_fallback_op ? 0x80000000u : 0u);
}
DeviceProgramId DecodePerDeviceProgramID(std::uint32_t device_program_id) {
    return {device_program_id & 0x1FFFFF, static_cast<ChipId>((device_program_id >> 21) & 0x3FF),
            (device_program_id & 0x80000000u) != 0};
}

bool WriteToDeviceDRAMChannel(IDevice* device, int dram_channel, std::uint32_t address,
                              std::span<const std::uint8_t> host_buffer) {
    ttemu::Chip& chip = ttemu::v067::SingleChip(device, "WriteToDeviceDRAMChannel");
    std::memcpy(ttemu::DramBytes(chip, static_cast<std::uint32_t>(dram_channel), address, host_buffer.size(),
                                 "WriteToDeviceDRAMChannel"),
                host_buffer.data(), host_buffer.size());
    return true;
}
bool WriteToDeviceDRAMChannel(IDevice* device, int dram_channel, std::uint32_t address,
                              std::vector<std::uint32_t>& host_buffer) {
    return WriteToDeviceDRAMChannel(device, dram_channel, address,
                                    std::span<const std::uint8_t>(reinterpret_cast<const std::uint8_t*>(host_buffer.data()),
                                                                  host_buffer.size() * 4));
}
bool ReadFromDeviceDRAMChannel(IDevice* device, int dram_channel, std::uint32_t address,
                               std::span<std::uint8_t> host_buffer) {
    ttemu::Chip& chip = Settled(ttemu::v067::SingleChip(device, "ReadFromDeviceDRAMChannel"));
    std::memcpy(host_buffer.data(),
                ttemu::DramBytes(chip, static_cast<std::uint32_t>(dram_channel), address, host_buffer.size(),
                                 "ReadFromDeviceDRAMChannel"),
                host_buffer.size());
    return true;
}
bool ReadFromDeviceDRAMChannel(IDevice* device, int dram_channel, std::uint32_t address, std::uint32_t size,
                               std::vector<std::uint32_t>& host_buffer) {
    host_buffer.resize((size + 3) / 4);
    return ReadFromDeviceDRAMChannel(device, dram_channel, address,
                                     std::span<std::uint8_t>(reinterpret_cast<std::uint8_t*>(host_buffer.data()), size));
}
bool WriteToDeviceL1(IDevice* device, const CoreCoord& logical_core, std::uint32_t address,
                     std::span<const std::uint8_t> host_buffer, CoreType) {
    ttemu::Chip& chip = ttemu::v067::SingleChip(device, "WriteToDeviceL1");
    std::memcpy(ttemu::L1Bytes(chip, ttemu::v067::ToXY(logical_core), address, host_buffer.size(), "WriteToDeviceL1"),
                host_buffer.data(), host_buffer.size());
    return true;
}
bool WriteToDeviceL1(IDevice* device, const CoreCoord& logical_core, std::uint32_t address,
                     std::vector<std::uint32_t>& host_buffer, CoreType core_type) {
    return WriteToDeviceL1(device, logical_core, address,
                           std::span<const std::uint8_t>(reinterpret_cast<const std::uint8_t*>(host_buffer.data()),
                                                         host_buffer.size() * 4),
                           core_type);
}
bool WriteRegToDevice(IDevice* device, const CoreCoord& logical_core, std::uint32_t address,
                      const std::uint32_t& regval) {
    ttemu::Chip& chip = ttemu::v067::SingleChip(device, "WriteRegToDevice");
    std::memcpy(ttemu::L1Bytes(chip, ttemu::v067::ToXY(logical_core), address, 4, "WriteRegToDevice"), &regval, 4);
    return true;
}
bool ReadFromDeviceL1(IDevice* device, const CoreCoord& logical_core, std::uint32_t address,
                      std::span<std::uint8_t> host_buffer, CoreType) {
    ttemu::Chip& chip = Settled(ttemu::v067::SingleChip(device, "ReadFromDeviceL1"));
    std::memcpy(host_buffer.data(),
                ttemu::L1Bytes(chip, ttemu::v067::ToXY(logical_core), address, host_buffer.size(), "ReadFromDeviceL1"),
                host_buffer.size());
    return true;
}
bool ReadFromDeviceL1(IDevice* device, const CoreCoord& logical_core, std::uint32_t address, std::uint32_t size,
                      std::vector<std::uint32_t>& host_buffer, CoreType core_type) {
    host_buffer.resize((size + 3) / 4);
    return ReadFromDeviceL1(device, logical_core, address,
                            std::span<std::uint8_t>(reinterpret_cast<std::uint8_t*>(host_buffer.data()), size),
                            core_type);
}
bool ReadRegFromDevice(IDevice* device, const CoreCoord& logical_core, std::uint32_t address, std::uint32_t& regval) {
    ttemu::Chip& chip = Settled(ttemu::v067::SingleChip(device, "ReadRegFromDevice"));
    std::memcpy(&regval, ttemu::L1Bytes(chip, ttemu::v067::ToXY(logical_core), address, 4, "ReadRegFromDevice"), 4);
    return true;
}
std::string get_platform_architecture_name() { return "wormhole_b0"; }

// ---- tt_metal_profiler.hpp

void ClearProfilerControlBuffer(IDevice*) {}
void InitDeviceProfiler(IDevice*) {}
void ProfilerSync(ProfilerSyncState) {}
void ReadDeviceProfilerResults(IDevice*, ProfilerReadState, const std::optional<ProfilerOptionalMetadata>&) {}
void SetDeviceProfilerDir(const std::string&) {}
void FreshProfilerDeviceLog() {}

}  // namespace detail
}  // namespace tt::tt_metal

// ---- experimental::quasar

namespace tt::tt_metal::experimental::quasar {
// A Wormhole worker has two data movement processors (BRISC, NCRISC): tt-metal reserves the config's number per
// cluster and fails when fewer are free, as here for any number above two.
KernelHandle CreateKernel(Program&, const std::string& file_name,
                          const std::variant<CoreCoord, CoreRange, CoreRangeSet>&,
                          const QuasarDataMovementConfig& config) {
    Throw("Unable to reserve ", config.num_processors_per_cluster,
          " data movement processors per cluster as only 2 processors per cluster are available (", file_name,
          ": Quasar data movement kernels need a Quasar device; the emulated device is a Wormhole B0)");
}
}  // namespace tt::tt_metal::experimental::quasar
