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
#include "emu/core/errors.h"

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
                std::memcpy(dev.memory().L1(x, y, buffer_->address(), 4), &reset_value, 4);
}

}  // namespace v0

#include "emu/shared/api/work_split.inc"

}  // namespace tt::tt_metal
