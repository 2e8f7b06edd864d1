// The hardware abstraction layer's vocabulary: programmable core kinds, processor classes, the named L1 and DRAM
// regions and the memory kinds whose base address and alignment the allocator reports.
// The Hal object itself is internal to the runtime; programs reach its facts through IDevice and Allocator.
//   device->allocator()->get_base_allocator_addr(HalMemType::L1);
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <variant>
#include <vector>

#include <tt-metalium/assert.hpp>
#include <tt-metalium/hal_types.hpp>
#include <tt-metalium/utils.hpp>

enum class CoreType;

namespace tt {
enum class ARCH;
namespace tt_metal {

static constexpr std::uint32_t NumHalProgrammableCoreTypes = static_cast<std::uint32_t>(HalProgrammableCoreType::COUNT);

enum class HalProcessorClassType : std::uint8_t { DM = 0, COMPUTE = 2 };

enum class HalL1MemAddrType : std::uint8_t {
    BASE,
    BARRIER,
    MAILBOX,
    LAUNCH,
    WATCHER,
    DPRINT,
    PROFILER,
    KERNEL_CONFIG,
    UNRESERVED,
    CORE_INFO,
    GO_MSG,
    LAUNCH_MSG_BUFFER_RD_PTR,
    LOCAL,
    BANK_TO_NOC_SCRATCH,
    APP_SYNC_INFO,
    TILE_HEADER_BUFFER,
    APP_ROUTING_INFO,
    RETRAIN_COUNT,
    FABRIC_ROUTER_CONFIG,
    COUNT
};

enum class HalDramMemAddrType : std::uint8_t { DRAM_BARRIER = 0, COUNT = 1 };

enum class HalMemType : std::uint8_t { L1 = 0, DRAM = 1, HOST = 2, COUNT = 3 };

using DeviceAddr = std::uint64_t;

class Hal;

}  // namespace tt_metal
}  // namespace tt
