// Kernel configurations for CreateKernel (tt-metal v0.67.0): data-movement (processor, NOC, NOC mode) and compute
// (fidelity, DST and unpack options), each with compile-time arguments, defines and named compile-time arguments
// (read in the kernel with get_named_compile_time_arg_val("name")). Field order as tt-metal's: these structs are
// built by programs and read by the library.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include <tt-metalium/base_types.hpp>
#include <tt-metalium/data_types.hpp>
#include <tt-metalium/hal_types.hpp>

namespace tt::tt_metal {

constexpr std::uint32_t max_runtime_args = 341;  // unique + common words per kernel per core

using KernelHandle = std::uint32_t;

enum class KernelBuildOptLevel : std::uint8_t { O1, O2, O3, O0, Os, Ofast, Oz };

struct DataMovementConfig {
    DataMovementProcessor processor = DataMovementProcessor::RISCV_0;
    NOC noc = NOC::RISCV_0_default;
    NOC_MODE noc_mode = NOC_MODE::DM_DEDICATED_NOC;
    std::vector<std::uint32_t> compile_args;
    std::map<std::string, std::string> defines;
    std::unordered_map<std::string, std::uint32_t> named_compile_args;
    KernelBuildOptLevel opt_level = KernelBuildOptLevel::O2;
};

// BRISC on the NOC tt-metal prefers for reads; NCRISC on the one for writes.
struct ReaderDataMovementConfig : public DataMovementConfig {
    ReaderDataMovementConfig(std::vector<std::uint32_t> compile_args = {},
                             std::map<std::string, std::string> defines = {},
                             std::unordered_map<std::string, std::uint32_t> named_compile_args = {},
                             KernelBuildOptLevel opt_level = KernelBuildOptLevel::O2);
};
struct WriterDataMovementConfig : public DataMovementConfig {
    WriterDataMovementConfig(std::vector<std::uint32_t> compile_args = {},
                             std::map<std::string, std::string> defines = {},
                             std::unordered_map<std::string, std::uint32_t> named_compile_args = {},
                             KernelBuildOptLevel opt_level = KernelBuildOptLevel::O2);
};

struct ComputeConfig {
    MathFidelity math_fidelity = MathFidelity::HiFi4;
    bool fp32_dest_acc_en = false;
    bool dst_full_sync_en = false;
    std::vector<UnpackToDestMode> unpack_to_dest_mode;
    bool bfp8_pack_precise = false;
    bool math_approx_mode = false;
    std::vector<std::uint32_t> compile_args;
    std::map<std::string, std::string> defines;
    std::unordered_map<std::string, std::uint32_t> named_compile_args;
    KernelBuildOptLevel opt_level = KernelBuildOptLevel::O3;
};

namespace detail {
struct KernelBinaryMeta {
    using ProcessorType = std::uint32_t;
    ProcessorType processor_type;
    std::size_t packed_size;
};
struct KernelMeta {
    std::string_view name, source;
    HalProcessorClassType processor_class;
    HalProgrammableCoreType programmable_core_type;
    std::optional<MathFidelity> math_fidelity;
    std::vector<KernelBinaryMeta> binary_meta;
};
}  // namespace detail

}  // namespace tt::tt_metal
