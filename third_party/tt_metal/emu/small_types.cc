// Exported members of the small types: kernel configs, DispatchCoreConfig, Event, GlobalSemaphore, and the
// work-splitting helpers.
#include <cstring>
#include <thread>

#include <tt-metalium/dispatch_core_common.hpp>
#include <tt-metalium/event.hpp>
#include <tt-metalium/global_semaphore.hpp>
#include <tt-metalium/host_api.hpp>
#include <tt-metalium/kernel_types.hpp>
#include <tt-metalium/work_split.hpp>

#include "buffer_io.h"
#include "emu_device.h"
#include "third_party/tt_metal/core/errors.h"

namespace tt::tt_metal {

ReaderDataMovementConfig::ReaderDataMovementConfig(std::vector<std::uint32_t> compile_args,
                                                   std::map<std::string, std::string> defines,
                                                   KernelBuildOptLevel opt_level)
    : DataMovementConfig{DataMovementProcessor::RISCV_1, NOC::RISCV_1_default, NOC_MODE::DM_DEDICATED_NOC,
                         std::move(compile_args), std::move(defines), opt_level} {
    noc = NOC::NOC_0;  // Wormhole's preferred NOC for DRAM reads
}

WriterDataMovementConfig::WriterDataMovementConfig(std::vector<std::uint32_t> compile_args,
                                                   std::map<std::string, std::string> defines,
                                                   KernelBuildOptLevel opt_level)
    : DataMovementConfig{DataMovementProcessor::RISCV_0, NOC::RISCV_0_default, NOC_MODE::DM_DEDICATED_NOC,
                         std::move(compile_args), std::move(defines), opt_level} {
    noc = NOC::NOC_1;  // Wormhole's preferred NOC for DRAM writes
}

DispatchCoreAxis DispatchCoreConfig::get_default_axis() { return DispatchCoreAxis::ROW; }

inline namespace v0 {

void Event::wait_until_ready() {
    while (!ready) std::this_thread::yield();
}

GlobalSemaphore::GlobalSemaphore(IDevice* device, const CoreRangeSet& cores, std::uint32_t initial_value,
                                 BufferType buffer_type)
    : device_(device), cores_(cores) {
    setup_buffer(initial_value, buffer_type);
}
GlobalSemaphore::GlobalSemaphore(IDevice* device, CoreRangeSet&& cores, std::uint32_t initial_value,
                                 BufferType buffer_type)
    : device_(device), cores_(std::move(cores)) {
    setup_buffer(initial_value, buffer_type);
}

// One 16-byte L1 word per core of the device, at the same address on every core: a buffer with one page per L1
// bank holds it, and each core of the set starts at `initial_value`.
void GlobalSemaphore::setup_buffer(std::uint32_t initial_value, BufferType buffer_type) {
    if (buffer_type != BufferType::L1 && buffer_type != BufferType::L1_SMALL)
        ttemu::Throw("GlobalSemaphore: the buffer type must be L1 or L1_SMALL");
    buffer_ = Buffer::create(device_, DeviceAddr(ttemu::kNumL1Banks) * ttemu::kL1Alignment, ttemu::kL1Alignment,
                             buffer_type);
    reset_semaphore_value(initial_value);
}
IDevice* GlobalSemaphore::device() const { return device_; }
std::uint64_t GlobalSemaphore::address() const { return buffer_->address(); }
void GlobalSemaphore::reset_semaphore_value(std::uint32_t reset_value) const {
    auto& dev = ttemu::AsEmu(device_);
    for (const CoreRange& r : cores_.ranges())
        for (std::size_t x = r.start_coord.x; x <= r.end_coord.x; x++)
            for (std::size_t y = r.start_coord.y; y <= r.end_coord.y; y++)
                std::memcpy(dev.memory().L1(x, y, buffer_->address()), &reset_value, 4);
}

}  // namespace v0

CoreRangeSet num_cores_to_corerangeset(const std::uint32_t target_num_cores, const CoreCoord grid_size,
                                       const bool row_wise) {
    if (target_num_cores > grid_size.x * grid_size.y)
        ttemu::Throw("Target number of cores ", target_num_cores, " is greater than total number of available cores ",
                     grid_size.x * grid_size.y);
    std::vector<CoreRange> ranges;
    const std::size_t major = row_wise ? grid_size.x : grid_size.y;
    const std::size_t full = target_num_cores / major, rest = target_num_cores % major;
    if (full > 0)
        ranges.push_back(row_wise ? CoreRange({0, 0}, {grid_size.x - 1, full - 1})
                                  : CoreRange({0, 0}, {full - 1, grid_size.y - 1}));
    if (rest > 0)
        ranges.push_back(row_wise ? CoreRange({0, full}, {rest - 1, full}) : CoreRange({full, 0}, {full, rest - 1}));
    return CoreRangeSet(std::move(ranges));
}

std::tuple<std::uint32_t, CoreRangeSet, CoreRangeSet, CoreRangeSet, std::uint32_t, std::uint32_t> split_work_to_cores(
    const CoreCoord grid_size, const std::uint32_t units_to_divide, const bool row_wise) {
    const std::uint32_t total_cores = static_cast<std::uint32_t>(grid_size.x * grid_size.y);
    if (units_to_divide == 0) return {0, CoreRangeSet(), CoreRangeSet(), CoreRangeSet(), 0, 0};
    const std::uint32_t n = std::min(units_to_divide, total_cores);
    const CoreRangeSet all = num_cores_to_corerangeset(n, grid_size, row_wise);
    const std::uint32_t per_g1 = units_to_divide / n, extra = units_to_divide % n;
    if (extra == 0) return {n, all, all, CoreRangeSet(), per_g1, 0};
    // The first `extra` cores get one unit more.
    const CoreRangeSet g1 = num_cores_to_corerangeset(extra, grid_size, row_wise);
    std::vector<CoreRange> g2_ranges;
    const auto cores = corerange_to_cores(all, std::nullopt, row_wise);
    for (std::size_t i = extra; i < cores.size(); i++) g2_ranges.push_back(CoreRange(cores[i]));
    return {n, all, g1, CoreRangeSet(std::move(g2_ranges)), per_g1 + 1, per_g1};
}

std::tuple<std::uint32_t, CoreRangeSet, CoreRangeSet, CoreRangeSet, std::uint32_t, std::uint32_t> split_work_to_cores(
    const CoreRangeSet& core_grid, const std::uint32_t units_to_divide, const bool row_wise) {
    const auto cores = corerange_to_cores(core_grid, std::nullopt, row_wise);
    if (units_to_divide == 0 || cores.empty()) return {0, CoreRangeSet(), CoreRangeSet(), CoreRangeSet(), 0, 0};
    const std::uint32_t n = std::min<std::uint32_t>(units_to_divide, static_cast<std::uint32_t>(cores.size()));
    const std::uint32_t per_g1 = units_to_divide / n, extra = units_to_divide % n;
    std::vector<CoreRange> all, g1, g2;
    for (std::uint32_t i = 0; i < n; i++) {
        all.push_back(CoreRange(cores[i]));
        (extra == 0 || i < extra ? g1 : g2).push_back(CoreRange(cores[i]));
    }
    if (extra == 0) return {n, CoreRangeSet(all), CoreRangeSet(std::move(all)), CoreRangeSet(), per_g1, 0};
    return {n, CoreRangeSet(std::move(all)), CoreRangeSet(std::move(g1)), CoreRangeSet(std::move(g2)), per_g1 + 1,
            per_g1};
}

}  // namespace tt::tt_metal
