// Reports tt-metal writes under $TT_METAL_HOME/generated/reports/: device memory usage (MemoryReporter), and the
// small tt::utils helpers they and programs use.
#include <cstdlib>
#include <iostream>
#include <mutex>

#include <tt-metalium/device.hpp>
#include <tt-metalium/memory_reporter.hpp>
#include <tt-metalium/utils.hpp>

#include "emu/core/settings.h"

namespace tt::utils {

bool run_command(const string& cmd, const string& log_file, const bool verbose) {
    static std::mutex io_mutex;
    if (verbose || std::getenv("TT_METAL_BACKEND_DUMP_RUN_CMD")) {
        {
            std::lock_guard<std::mutex> lock(io_mutex);
            std::cout << "===== RUNNING SYSTEM COMMAND:\n" << cmd << "\n" << std::endl;
        }
        return std::system(cmd.c_str()) == 0;
    }
    return std::system((cmd + " >> " + log_file + " 2>&1").c_str()) == 0;
}

void create_file(const string& file_path_str) {
    const std::filesystem::path path(file_path_str);
    if (path.has_parent_path()) std::filesystem::create_directories(path.parent_path());
    std::ofstream{path};
}

const std::string& get_reports_dir() {
    static const std::string dir = [] {
        const std::string& home = ttemu::GetSettings().metal_home;
        return (home.empty() ? std::string(".") : home) + "/generated/reports/";
    }();
    return dir;
}

std::size_t DefinesHash::operator()(const std::map<std::string, std::string>& c_defines) const {
    std::size_t seed = 0;
    for (const auto& [name, value] : c_defines) hash_combine(seed, name + value);
    return seed;
}

}  // namespace tt::utils

namespace tt::tt_metal::detail {

namespace {

const std::string& ReportsDir() {
    static const std::string dir = tt::utils::get_reports_dir() + "tt_metal/";
    return dir;
}

void WriteHeaders(std::ofstream& summary, std::ofstream& l1_summary, bool per_program) {
    l1_summary << "This report indicates available space for interleaving L1 buffers\n";
    if (per_program) {
        l1_summary << "Program ID";
        summary << "Program ID";
    }
    l1_summary << ", Largest Contiguous Free Block (B), Total Free L1 Space (B)\n";
    summary << ", Total Allocatable Size (B), Total Allocated (B), Total Free (KB), Largest Free Block (KB)\n";
}

// One row per memory kind in the summaries; totals over every bank and the block list in the detailed report.
void WriteUsage(const IDevice* device, std::ofstream& summary, std::ofstream& detailed, std::ofstream& l1_summary) {
    for (BufferType type : {BufferType::DRAM, BufferType::L1}) {
        const Allocator& allocator = *device->allocator();
        const auto banks = allocator.get_num_banks(type);
        const Statistics stats = allocator.get_statistics(type);
        summary << "," << stats.total_allocatable_size_bytes << "," << stats.total_allocated_bytes << ","
                << stats.total_free_bytes << "," << stats.largest_free_block_bytes << "\n";
        detailed << "," << (type == BufferType::DRAM ? "DRAM" : "L1") << "\n"
                 << ",Total allocatable (B):," << stats.total_allocatable_size_bytes * banks << "\n"
                 << ",Total allocated (B):," << stats.total_allocated_bytes * banks << "\n"
                 << ",Total free (B):," << stats.total_free_bytes * banks << "\n";
        allocator.dump_memory_blocks(type, detailed);
        if (type == BufferType::L1)
            l1_summary << "," << stats.largest_free_block_bytes << "," << stats.largest_free_block_bytes * banks
                       << "\n";
    }
}

}  // namespace

std::atomic<bool> MemoryReporter::is_enabled_ = false;

MemoryReporter::~MemoryReporter() = default;

MemoryReporter& MemoryReporter::inst() {
    static MemoryReporter reporter;
    return reporter;
}
bool MemoryReporter::enabled() { return is_enabled_; }
void MemoryReporter::toggle(bool state) { is_enabled_ = state; }

void MemoryReporter::init_reports() {
    std::filesystem::create_directories(ReportsDir());
    program_memory_usage_summary_report_.open(ReportsDir() + "program_memory_usage_summary.csv");
    program_l1_usage_summary_report_.open(ReportsDir() + "program_l1_usage_summary.csv");
    program_detailed_memory_usage_report_.open(ReportsDir() + "program_detailed_memory_usage.csv");
    WriteHeaders(program_memory_usage_summary_report_, program_l1_usage_summary_report_, true);
}

void MemoryReporter::flush_program_memory_usage(std::uint64_t program_id, const IDevice* device) {
    if (!program_memory_usage_summary_report_.is_open()) init_reports();
    program_memory_usage_summary_report_ << program_id;
    program_l1_usage_summary_report_ << program_id;
    program_detailed_memory_usage_report_ << program_id;
    WriteUsage(device, program_memory_usage_summary_report_, program_detailed_memory_usage_report_,
               program_l1_usage_summary_report_);
    program_memory_usage_summary_report_.flush();
    program_l1_usage_summary_report_.flush();
    program_detailed_memory_usage_report_.flush();
}

void MemoryReporter::dump_memory_usage_state(const IDevice* device, const std::string& prefix) const {
    std::filesystem::create_directories(ReportsDir());
    std::ofstream summary(ReportsDir() + prefix + "memory_usage_summary.csv");
    std::ofstream l1_summary(ReportsDir() + prefix + "l1_usage_summary.csv");
    std::ofstream detailed(ReportsDir() + prefix + "detailed_memory_usage.csv");
    WriteHeaders(summary, l1_summary, false);
    WriteUsage(device, summary, detailed, l1_summary);
}

MemoryView MemoryReporter::get_memory_view(const IDevice* device, const BufferType& buffer_type) const {
    const Allocator& allocator = *device->allocator();
    const Statistics stats = allocator.get_statistics(buffer_type);
    return MemoryView{.num_banks = allocator.get_num_banks(buffer_type),
                      .total_bytes_per_bank = stats.total_allocatable_size_bytes,
                      .total_bytes_allocated_per_bank = stats.total_allocated_bytes,
                      .total_bytes_free_per_bank = stats.total_free_bytes,
                      .largest_contiguous_bytes_free_per_bank = stats.largest_free_block_bytes,
                      .block_table = allocator.get_memory_block_table(buffer_type)};
}

void EnableMemoryReports() { MemoryReporter::toggle(true); }
void DisableMemoryReports() { MemoryReporter::toggle(false); }
void DumpDeviceMemoryState(const IDevice* device, const std::string& prefix) {
    MemoryReporter::inst().dump_memory_usage_state(device, prefix);
}
MemoryView GetMemoryView(const IDevice* device, const BufferType& buffer_type) {
    return MemoryReporter::inst().get_memory_view(device, buffer_type);
}

}  // namespace tt::tt_metal::detail
