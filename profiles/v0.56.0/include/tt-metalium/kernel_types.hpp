// Kernel configurations (tt::tt_metal): aggregates built by applications, so their layouts are fixed by
// tt-metal v0.56.0 (DataMovementConfig 88 B, ComputeConfig 120 B, EthernetConfig 88 B).
//   CreateKernel(program, "k.cpp", core, DataMovementConfig{.processor = DataMovementProcessor::RISCV_0});
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include <tt-metalium/base_types.hpp>
#include <tt-metalium/data_types.hpp>

namespace tt::tt_metal {

using KernelHandle = std::uint32_t;

enum class KernelBuildOptLevel : std::uint8_t { O1, O2, O3, O0, Os, Ofast, Oz };

struct DataMovementConfig {
    DataMovementProcessor processor = DataMovementProcessor::RISCV_0;
    NOC noc = NOC::RISCV_0_default;
    NOC_MODE noc_mode = NOC_MODE::DM_DEDICATED_NOC;
    std::vector<std::uint32_t> compile_args;
    std::map<std::string, std::string> defines;
    KernelBuildOptLevel opt_level = KernelBuildOptLevel::O2;
};

struct ReaderDataMovementConfig : public DataMovementConfig {
    ReaderDataMovementConfig(std::vector<std::uint32_t> compile_args = {},
                             std::map<std::string, std::string> defines = {},
                             KernelBuildOptLevel opt_level = KernelBuildOptLevel::O2);
};

struct WriterDataMovementConfig : public DataMovementConfig {
    WriterDataMovementConfig(std::vector<std::uint32_t> compile_args = {},
                             std::map<std::string, std::string> defines = {},
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
    KernelBuildOptLevel opt_level = KernelBuildOptLevel::O3;
};

struct EthernetConfig {
    Eth eth_mode = Eth::SENDER;
    NOC noc = NOC::NOC_0;
    DataMovementProcessor processor = DataMovementProcessor::RISCV_0;
    std::vector<std::uint32_t> compile_args;
    std::map<std::string, std::string> defines;
    KernelBuildOptLevel opt_level = KernelBuildOptLevel::Os;
};

static_assert(sizeof(DataMovementConfig) == 88 && sizeof(ComputeConfig) == 120 && sizeof(EthernetConfig) == 88);

}  // namespace tt::tt_metal
