// Hardware-abstraction enums: processor classes, programmable core types, L1 regions, memory types.
#pragma once

#include <cstdint>

namespace tt::tt_metal {

using DeviceAddr = std::uint64_t;

enum class HalProcessorClassType : std::uint8_t { DM = 0, COMPUTE = 1 };
enum class HalProgrammableCoreType { TENSIX = 0, ACTIVE_ETH = 1, IDLE_ETH = 2, COUNT = 3 };
static constexpr std::uint32_t NumHalProgrammableCoreTypes = static_cast<std::uint32_t>(HalProgrammableCoreType::COUNT);

enum class HalL1MemAddrType : std::uint8_t {
    BASE, BARRIER, MAILBOX, LAUNCH, WATCHER, DPRINT_BUFFERS, PROFILER, KERNEL_CONFIG, UNRESERVED, DEFAULT_UNRESERVED,
    CORE_INFO, GO_MSG, LAUNCH_MSG_BUFFER_RD_PTR, GO_MSG_INDEX, LOCAL, BANK_TO_NOC_SCRATCH, LOGICAL_TO_VIRTUAL_SCRATCH,
    APP_SYNC_INFO, APP_ROUTING_INFO, RETRAIN_COUNT, RETRAIN_FORCE, CRC_ERR, CORR_CW, UNCORR_CW, LINK_UP,
    FABRIC_TELEMETRY, ROUTING_TABLE, ROUTER_STATE, ROUTER_COMMAND, ETH_FW_MAILBOX, TENSIX_FABRIC_CONNECTIONS,
    FABRIC_CONNECTION_LOCK, COUNT
};

enum class HalMemType : std::uint8_t { L1 = 0, DRAM = 1, HOST = 2, COUNT = 3 };

}  // namespace tt::tt_metal
