// The ring of kernel-config space on worker cores that dispatch hands out per program launch.
// tt-metal's dispatch internals, declared for code that includes them; the emulated device does not export them.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include <tt-metalium/hal.hpp>

namespace tt::tt_metal {

struct ConfigBufferEntry {
    std::uint32_t addr;
    std::uint32_t size;
    std::uint32_t sync_count;
};

struct ConfigBufferSync {
    bool need_sync;
    std::uint32_t sync_count;
};

class WorkerConfigBufferMgr {
public:
    WorkerConfigBufferMgr();

    void init_add_buffer(std::uint32_t base_addr, std::uint32_t size);
    const std::pair<ConfigBufferSync, std::vector<ConfigBufferEntry>&> reserve(const std::vector<std::uint32_t>& sizes);
    void free(std::uint32_t free_up_to_sync_count);
    void alloc(std::uint32_t when_freeable_sync_count);
    void mark_completely_full(std::uint32_t sync);
    std::uint32_t get_last_slot_addr(HalProgrammableCoreType programmable_core_type) const;
    void PrintStatus();

private:
    std::vector<std::uint32_t> base_addrs_;
    std::vector<std::uint32_t> end_addrs_;
    std::vector<std::vector<ConfigBufferEntry>> entries_;
    std::vector<std::uint32_t> alloc_index_;
    std::vector<std::uint32_t> free_index_;
    std::vector<ConfigBufferEntry> reservation_;
};

}  // namespace tt::tt_metal
