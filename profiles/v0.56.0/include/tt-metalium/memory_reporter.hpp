// Device memory reports (tt::tt_metal::detail): how much of each DRAM/L1 bank is allocated and free, and where.
//   detail::DumpDeviceMemoryState(device, "after_setup_");   // three CSV files in $TT_METAL_HOME/generated/reports/
//   detail::MemoryView l1 = detail::GetMemoryView(device, BufferType::L1);
//   detail::EnableMemoryReports();   // from now on, every program's first compile appends to program_*.csv
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <unordered_map>
#include <vector>

#include <tt-metalium/allocator.hpp>

namespace tt::tt_metal {

inline namespace v0 {
class Program;
class IDevice;
}  // namespace v0

namespace detail {

struct MemoryView;

void EnableMemoryReports();
void DisableMemoryReports();
// memory_usage_summary.csv, l1_usage_summary.csv and detailed_memory_usage.csv, each name after prefix.
void DumpDeviceMemoryState(const IDevice* device, const std::string& prefix = "");
MemoryView GetMemoryView(const IDevice* device, const BufferType& buffer_type);

// One kind of memory of a device; sizes are per bank (every bank of a kind has the same layout).
struct MemoryView {
    std::uint64_t num_banks = 0;
    std::size_t total_bytes_per_bank = 0;
    std::size_t total_bytes_allocated_per_bank = 0;
    std::size_t total_bytes_free_per_bank = 0;
    std::size_t largest_contiguous_bytes_free_per_bank = 0;
    MemoryBlockTable block_table;
};

class MemoryReporter {
public:
    MemoryReporter& operator=(const MemoryReporter&) = delete;
    MemoryReporter& operator=(MemoryReporter&& other) noexcept = delete;
    MemoryReporter(const MemoryReporter&) = delete;
    MemoryReporter(MemoryReporter&& other) noexcept = delete;

    void flush_program_memory_usage(std::uint64_t program_id, const IDevice* device);
    void dump_memory_usage_state(const IDevice* device, const std::string& prefix = "") const;
    MemoryView get_memory_view(const IDevice* device, const BufferType& buffer_type) const;

    static void toggle(bool state);
    static MemoryReporter& inst();
    static bool enabled();

private:
    MemoryReporter() {}
    ~MemoryReporter();
    void init_reports();

    static std::atomic<bool> is_enabled_;
    std::ofstream program_l1_usage_summary_report_;
    std::ofstream program_memory_usage_summary_report_;
    std::ofstream program_detailed_memory_usage_report_;
};

}  // namespace detail
}  // namespace tt::tt_metal
