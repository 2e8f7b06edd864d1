// host_api.hpp: devices, buffers and the direct-access (detail::) path of tt_metal.hpp.
#include <algorithm>
#include <cstring>

#include <tt-metalium/device_pool.hpp>
#include <tt-metalium/host_api.hpp>
#include <tt-metalium/tt_metal.hpp>

#include "buffer_io.h"
#include "emu_device.h"
#include "emu/core/errors.h"
#include "program_launch.h"
#include "emu/core/settings.h"

namespace tt::tt_metal {
inline namespace v0 {

std::size_t GetNumAvailableDevices() { return ttemu::GetSettings().num_devices; }
bool IsGalaxyCluster() { return false; }
std::size_t GetNumPCIeDevices() { return ttemu::GetSettings().num_devices; }
chip_id_t GetPCIeDeviceID(chip_id_t device_id) { return device_id; }

IDevice* CreateDevice(chip_id_t device_id, const std::uint8_t num_hw_cqs, const std::size_t l1_small_size,
                      const std::size_t trace_region_size, const DispatchCoreConfig& dispatch_core_config,
                      const std::vector<std::uint32_t>&) {
    IDevice* device = ttemu::OpenDevice(device_id, num_hw_cqs, l1_small_size, trace_region_size);
    tt::DevicePool::initialize({}, num_hw_cqs, l1_small_size, trace_region_size, dispatch_core_config);  // the pool
    return device;
}

IDevice* CreateDeviceMinimal(chip_id_t device_id, const std::uint8_t num_hw_cqs,
                             const DispatchCoreConfig& dispatch_core_config) {
    IDevice* device = ttemu::OpenDevice(device_id, num_hw_cqs, 0, 0);
    tt::DevicePool::initialize({}, num_hw_cqs, 0, 0, dispatch_core_config);
    return device;
}

bool CloseDevice(IDevice* device) { return ttemu::CloseEmuDevice(device); }

std::shared_ptr<Buffer> CreateBuffer(const InterleavedBufferConfig& config) {
    return Buffer::create(config.device, config.size, config.page_size, config.buffer_type, config.buffer_layout,
                          std::nullopt, std::nullopt, std::nullopt);
}
std::shared_ptr<Buffer> CreateBuffer(const InterleavedBufferConfig& config, DeviceAddr address) {
    return Buffer::create(config.device, address, config.size, config.page_size, config.buffer_type,
                          config.buffer_layout, std::nullopt, std::nullopt, std::nullopt);
}
std::shared_ptr<Buffer> CreateBuffer(const InterleavedBufferConfig& config, SubDeviceId sub_device_id) {
    return Buffer::create(config.device, config.size, config.page_size, config.buffer_type, config.buffer_layout,
                          std::nullopt, std::nullopt, sub_device_id);
}
std::shared_ptr<Buffer> CreateBuffer(const ShardedBufferConfig& config) {
    return Buffer::create(config.device, config.size, config.page_size, config.buffer_type, config.buffer_layout,
                          config.shard_parameters, std::nullopt, std::nullopt);
}
std::shared_ptr<Buffer> CreateBuffer(const ShardedBufferConfig& config, DeviceAddr address) {
    return Buffer::create(config.device, address, config.size, config.page_size, config.buffer_type,
                          config.buffer_layout, config.shard_parameters, std::nullopt, std::nullopt);
}
std::shared_ptr<Buffer> CreateBuffer(const ShardedBufferConfig& config, SubDeviceId sub_device_id) {
    return Buffer::create(config.device, config.size, config.page_size, config.buffer_type, config.buffer_layout,
                          config.shard_parameters, std::nullopt, sub_device_id);
}

void DeallocateBuffer(Buffer& buffer) { buffer.deallocate(); }

void AssignGlobalBufferToProgram(const std::shared_ptr<Buffer>& buffer, Program& program) {
    program.add_buffer(buffer);
}

}  // namespace v0

namespace detail {

// tt-metal latches the mode of the first check (made when a device opens, from TT_METAL_SLOW_DISPATCH_MODE) and
// refuses every later call of the other mode; the emulator's mode is that variable, read once, so it is the latch.
bool DispatchStateCheck(bool isFastDispatch) {
    const bool fast = !ttemu::GetSettings().slow_dispatch;
    if (fast != isFastDispatch)
        ttemu::Throw("Mixing fast and slow dispatch is prohibited! (", isFastDispatch ? "a fast" : "a slow",
                     " dispatch call while the process runs in ", fast ? "fast" : "slow",
                     " dispatch mode: TT_METAL_SLOW_DISPATCH_MODE is ", fast ? "unset" : "set", ")");
    return fast;
}
bool InWorkerThread() { return false; }
void InitializeFabricConfig(tt::FabricConfig) {}

std::map<chip_id_t, IDevice*> CreateDevices(const std::vector<chip_id_t>& device_ids, const std::uint8_t num_hw_cqs,
                                            const std::size_t l1_small_size, const std::size_t trace_region_size,
                                            const DispatchCoreConfig& dispatch_core_config,
                                            const std::vector<std::uint32_t>& l1_bank_remap) {
    std::map<chip_id_t, IDevice*> out;
    for (chip_id_t id : device_ids)
        out[id] = CreateDevice(id, num_hw_cqs, l1_small_size, trace_region_size, dispatch_core_config, l1_bank_remap);
    return out;
}
void CloseDevices(const std::map<chip_id_t, IDevice*>& devices) {
    for (const auto& [id, dev] : devices) CloseDevice(dev);
}

void WriteToBuffer(Buffer& buffer, tt::stl::Span<const std::uint8_t> host_buffer) {
    if (host_buffer.size() > buffer.size())
        ttemu::Throw("WriteToBuffer: ", host_buffer.size(), " B do not fit the ", buffer.size(), " B buffer");
    ttemu::WriteRegion(buffer, 0, host_buffer.data(), host_buffer.size());
}
// The direct reads go around the command queues, as tt-metal's do, and see what the work enqueued before them
// wrote: each waits for its device's queues first (failures stay for the next Finish). Writes do not wait, so a
// kernel that polls for a host write still gets it.
void ReadFromBuffer(Buffer& buffer, std::uint8_t* host_buffer, bool) {
    ttemu::AsEmu(buffer.device()).chip().SettleAll();
    ttemu::ReadRegion(buffer, 0, host_buffer, buffer.size());
}
void ReadShard(Buffer& buffer, std::uint8_t* host_buffer, const std::uint32_t& core_id) {
    if (!ttemu::IsShardedLayout(buffer.buffer_layout())) ttemu::Throw("ReadShard: the buffer is not sharded");
    ttemu::AsEmu(buffer.device()).chip().SettleAll();
    const auto cores = ttemu::ShardCores(buffer);
    if (core_id >= cores.size())
        ttemu::Throw("ReadShard: core ", core_id, " of a shard grid of ", cores.size(), " cores");
    std::vector<std::pair<std::uint64_t, std::uint32_t>> pages;  // (offset in the shard, page), on that core
    for (std::uint32_t p = 0; p < buffer.num_pages(); p++) {
        const auto where = ttemu::LocateShardedPage(buffer, p);
        if (where.core == cores[core_id]) pages.emplace_back(where.offset, p);
    }
    std::sort(pages.begin(), pages.end());
    for (std::size_t i = 0; i < pages.size(); i++)
        ttemu::ReadRegion(buffer, std::uint64_t(pages[i].second) * buffer.page_size(),
                          host_buffer + i * buffer.page_size(), buffer.page_size());
}

void LaunchProgram(IDevice* device, Program& program, bool) {
    auto& dev = ttemu::AsEmu(device);
    DispatchStateCheck(false);
    CompileProgram(device, program);
    ttemu::RunLaunch(*ttemu::PrepareLaunch(dev, program));
}
void LaunchProgram(IDevice* device, const std::shared_ptr<Program>& program, bool wait_until_cores_done) {
    if (!program) ttemu::Throw("LaunchProgram: program is null");
    LaunchProgram(device, *program, wait_until_cores_done);
}
void WaitProgramDone(IDevice*, Program&) {}
void CompileProgram(IDevice* device, Program& program, bool) {
    ttemu::CompileProgramFor(ttemu::AsEmu(device), program);
}
// fd_bootloader_mode says which dispatch mode the caller runs in (true: fast, as tt-metal's own queue setup).
void WriteRuntimeArgsToDevice(IDevice* device, Program&, bool fd_bootloader_mode) {
    ttemu::AsEmu(device);
    DispatchStateCheck(fd_bootloader_mode);
}
bool ConfigureDeviceWithProgram(IDevice* device, Program& program, bool fd_bootloader_mode) {
    ttemu::AsEmu(device);
    DispatchStateCheck(fd_bootloader_mode);
    ttemu::AllocateCircularBuffers(ttemu::AsEmu(device), program);
    return true;
}

void ClearProfilerControlBuffer(IDevice*) {}
void InitDeviceProfiler(IDevice*) {}
void ProfilerSync(ProfilerSyncState) {}
void DumpDeviceProfileResults(IDevice*, std::vector<CoreCoord>&, ProfilerDumpState) {}
void DumpDeviceProfileResults(IDevice*, ProfilerDumpState) {}
void SetDeviceProfilerDir(const std::string&) {}
void FreshProfilerDeviceLog() {}

namespace {
void CheckDram(int channel, std::uint64_t address, std::uint64_t size, const char* call) {
    if (channel < 0 || channel >= static_cast<int>(ttemu::kNumDramBanks))
        ttemu::Throw(call, ": DRAM channel ", channel, " does not exist (", ttemu::kNumDramBanks, " banks)");
    if (address + size > ttemu::kDramBankSize)
        ttemu::Throw(call, ": range [", address, ", ", address + size, ") is outside the DRAM bank");
}
std::uint8_t* L1At(IDevice* device, const CoreCoord& core, std::uint64_t address, std::uint64_t size,
                   const char* call) {
    if (core.x >= ttemu::kLogicalGridX || core.y >= ttemu::kLogicalGridY)
        ttemu::Throw(call, ": core ", core.str(), " is outside the logical grid");
    if (address + size > ttemu::kL1Size) ttemu::Throw(call, ": range [", address, ", ", address + size, ") is outside L1");
    return ttemu::AsEmu(device).memory().L1(core.x, core.y, address, size);
}
}  // namespace

bool WriteToDeviceDRAMChannel(IDevice* device, int dram_channel, std::uint32_t address,
                              std::vector<std::uint32_t>& host_buffer) {
    CheckDram(dram_channel, address, host_buffer.size() * 4, "WriteToDeviceDRAMChannel");
    std::memcpy(ttemu::AsEmu(device).memory().Dram(dram_channel, address, host_buffer.size() * 4), host_buffer.data(),
                host_buffer.size() * 4);
    return true;
}
bool ReadFromDeviceDRAMChannel(IDevice* device, int dram_channel, std::uint32_t address, std::uint32_t size,
                               std::vector<std::uint32_t>& host_buffer) {
    CheckDram(dram_channel, address, size, "ReadFromDeviceDRAMChannel");
    ttemu::AsEmu(device).chip().SettleAll();
    host_buffer.resize((size + 3) / 4);
    std::memcpy(host_buffer.data(), ttemu::AsEmu(device).memory().Dram(dram_channel, address, size), size);
    return true;
}
bool WriteToDeviceL1(IDevice* device, const CoreCoord& logical_core, std::uint32_t address,
                     std::vector<std::uint32_t>& host_buffer, CoreType) {
    std::memcpy(L1At(device, logical_core, address, host_buffer.size() * 4, "WriteToDeviceL1"), host_buffer.data(),
                host_buffer.size() * 4);
    return true;
}
bool ReadFromDeviceL1(IDevice* device, const CoreCoord& logical_core, std::uint32_t address, std::uint32_t size,
                      std::vector<std::uint32_t>& host_buffer, CoreType) {
    host_buffer.resize((size + 3) / 4);
    ttemu::AsEmu(device).chip().SettleAll();
    std::memcpy(host_buffer.data(), L1At(device, logical_core, address, size, "ReadFromDeviceL1"), size);
    return true;
}
bool WriteRegToDevice(IDevice* device, const CoreCoord& logical_core, std::uint32_t address,
                      const std::uint32_t& regval) {
    std::memcpy(L1At(device, logical_core, address, 4, "WriteRegToDevice"), &regval, 4);
    return true;
}
bool ReadRegFromDevice(IDevice* device, const CoreCoord& logical_core, std::uint32_t address, std::uint32_t& regval) {
    ttemu::AsEmu(device).chip().SettleAll();
    std::memcpy(&regval, L1At(device, logical_core, address, 4, "ReadRegFromDevice"), 4);
    return true;
}
void SynchronizeWorkerThreads(const std::vector<IDevice*>& workers) {
    for (IDevice* d : workers) ttemu::AsEmu(d).synchronize();
}

}  // namespace detail
}  // namespace tt::tt_metal
