// Compilation reports (tt::tt_metal::detail::EnableCompilationReports): tt-metal writes per-program kernel counts
// and cache hits to .reports/tt_metal/compile_program*.csv. The emulator accepts the switch (so programs that turn
// reports on run) and writes no report; CompilationReporter itself is declared for code that names it.
//   tt::tt_metal::detail::EnableCompilationReports();
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <tt-metalium/kernel.hpp>
#include <tt-metalium/program_impl.hpp>
#include <unordered_map>
#include <vector>

using std::mutex;
using std::unique_lock;

namespace tt::tt_metal::detail {

void EnableCompilationReports();
void DisableCompilationReports();

class CompilationReporter {
public:
    CompilationReporter& operator=(const CompilationReporter&) = delete;
    CompilationReporter& operator=(CompilationReporter&& other) noexcept = delete;
    CompilationReporter(const CompilationReporter&) = delete;
    CompilationReporter(CompilationReporter&& other) noexcept = delete;

    void add_kernel_compile_stats(std::uint64_t program_id, const std::shared_ptr<Kernel>& kernel, bool cache_hit,
                                  std::size_t kernel_hash);
    void flush_program_entry(std::uint64_t program_id, std::size_t num_kernels,
                             std::function<std::shared_ptr<Kernel>(std::size_t)> get_kernel,
                             bool persistent_compilation_cache_enabled);
    static CompilationReporter& inst();
    static void toggle(bool state);
    static bool enabled();

private:
    CompilationReporter();
    ~CompilationReporter();
    struct cache_counters {
        int misses = 0;
        int hits = 0;
    };
    static std::atomic<bool> enable_compile_reports_;
    std::mutex mutex_;
    std::size_t total_num_compile_programs_ = 0;
    std::unordered_map<std::uint64_t, cache_counters> program_id_to_cache_hit_counter_;
    std::unordered_map<std::uint64_t, std::vector<std::string>> program_id_to_kernel_stats_;
    std::ofstream detailed_report_;
    std::ofstream summary_report_;
};

}  // namespace tt::tt_metal::detail
