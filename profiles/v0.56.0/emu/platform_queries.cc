// Queries about the emulated platform that tt-metal answers from its build and chip descriptions: the core
// descriptor (core_descriptor.hpp), data-format exponent widths (data_format.hpp) and the compilation-report switch
// (compilation_reporter.hpp).
#include <iostream>
#include <map>
#include <mutex>
#include <tt-metalium/compilation_reporter.hpp>
#include <tt-metalium/core_descriptor.hpp>
#include <tt-metalium/data_format.hpp>
#include <tuple>

#include "emu/core/device_model.h"
#include "emu/core/errors.h"

namespace tt {
namespace {

// The n150's descriptor: the 8x8 compute grid, no storage cores, dispatch on the logical grid's last row (the row
// tt-metal reserves for fast dispatch with worker dispatch cores), for one or two command queues alike.
core_descriptor_t MakeDescriptor() {
    core_descriptor_t d;
    d.compute_grid_size = CoreCoord(ttemu::kComputeGridX, ttemu::kComputeGridY);
    for (std::uint32_t y = 0; y < ttemu::kComputeGridY; y++)
        for (std::uint32_t x = 0; x < ttemu::kComputeGridX; x++) {
            d.relative_compute_cores.push_back({static_cast<long>(x), static_cast<long>(y)});
            d.logical_compute_cores.push_back(CoreCoord(x, y));
        }
    for (std::uint32_t x = 0; x < ttemu::kLogicalGridX; x++) {
        d.relative_dispatch_cores.push_back({static_cast<long>(x), -1});
        d.logical_dispatch_cores.push_back(CoreCoord(x, ttemu::kLogicalGridY - 1));
    }
    return d;
}

}  // namespace

const core_descriptor_t& get_core_descriptor_config(chip_id_t, const std::uint8_t num_hw_cqs,
                                                    const tt_metal::DispatchCoreConfig& config) {
    if (num_hw_cqs < 1 || num_hw_cqs > 2)
        ttemu::Throw("get_core_descriptor_config: ", int(num_hw_cqs), " command queues");
    if (config.get_dispatch_core_type() != tt_metal::DispatchCoreType::WORKER)
        ttemu::Throw("get_core_descriptor_config: the emulated n150 places dispatch on worker cores only");
    static const core_descriptor_t descriptor = MakeDescriptor();
    return descriptor;
}

std::optional<std::uint32_t> get_storage_core_bank_size(chip_id_t device_id, const std::uint8_t num_hw_cqs,
                                                        const tt_metal::DispatchCoreConfig& config) {
    return get_core_descriptor_config(device_id, num_hw_cqs, config).storage_core_bank_size;
}

bool is_exp_b_format(DataFormat f) {
    return f == DataFormat::Tf32 || f == DataFormat::Float16_b || f == DataFormat::Bfp8_b || f == DataFormat::Bfp4_b ||
           f == DataFormat::Bfp2_b;
}

ExpPrecision get_exp_precison(DataFormat f) { return is_exp_b_format(f) ? ExpPrecision::B : ExpPrecision::A; }

void dump_data_formats(DataFormat data_format[NUM_CIRCULAR_BUFFERS]) {
    for (std::uint32_t i = 0; i < NUM_CIRCULAR_BUFFERS; i++)
        std::cout << "Operand idx " << i << ": " << data_format[i] << "," << std::endl;
}

bool is_all_fp32_formats(const DataFormat data_format[NUM_CIRCULAR_BUFFERS]) {
    for (std::uint32_t i = 0; i < NUM_CIRCULAR_BUFFERS; i++)
        if (data_format[i] != DataFormat::Invalid && data_format[i] != DataFormat::Float32) return false;
    return true;
}

}  // namespace tt

namespace tt::tt_metal::detail {

std::atomic<bool> CompilationReporter::enable_compile_reports_{false};

void CompilationReporter::toggle(bool state) { enable_compile_reports_ = state; }
bool CompilationReporter::enabled() { return enable_compile_reports_; }

void EnableCompilationReports() { CompilationReporter::toggle(true); }
void DisableCompilationReports() { CompilationReporter::toggle(false); }

}  // namespace tt::tt_metal::detail
