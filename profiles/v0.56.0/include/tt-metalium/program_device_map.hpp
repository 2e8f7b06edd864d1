// What dispatch sends to the cores when a program first runs: semaphore writes, kernel binaries and where they go.
// tt-metal's dispatch internals, declared for code that includes them; the emulated device launches programs
// without building these.
#pragma once

#include <cstdint>
#include <tuple>
#include <unordered_map>
#include <utility>
#include <variant>
#include <vector>

#include <tt-metalium/core_coord.hpp>
#include <tt-metalium/tt_backend_api_types.hpp>

namespace tt::tt_metal {

using transfer_info_cores = std::variant<CoreCoord, CoreRange>;

struct transfer_info {
    std::uint32_t dst_base_addr;
    std::vector<std::pair<transfer_info_cores, std::uint32_t>> dst_noc_info;  // cores, number of multicast targets
    bool linked;
    std::vector<std::uint32_t> data;
};

struct kernel_bins_transfer_info {
    std::vector<std::uint32_t> dst_base_addrs;  // one per RISC-V
    std::vector<std::uint32_t> page_offsets;    // into the binaries' DRAM buffer
    std::vector<std::uint32_t> lengths;
    std::vector<tt::RISCV> riscvs;
};

struct ProgramTransferInfo {
    std::uint32_t num_active_cores;
    std::unordered_map<std::uint32_t, std::vector<transfer_info>> multicast_semaphores;
    std::unordered_map<std::uint32_t, std::vector<transfer_info>> unicast_semaphores;
    std::vector<std::tuple<transfer_info_cores, std::uint32_t, kernel_bins_transfer_info>> kernel_bins;
    std::vector<std::uint32_t> binary_data;
};

}  // namespace tt::tt_metal
