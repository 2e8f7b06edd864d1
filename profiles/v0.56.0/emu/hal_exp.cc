// The chip facts hal_exp.hpp and the architecture-name helpers report: an n150's Wormhole B0 (device_model.h).
#include <tt-metalium/hal_exp.hpp>
#include <tt-metalium/persistent_kernel_cache.hpp>
#include <tt-metalium/tt_backend_api_types.hpp>

#include <stdexcept>

#include "emu/core/device_model.h"

namespace tt::tt_metal::experimental::hal {

tt::ARCH get_arch() { return tt::ARCH::WORMHOLE_B0; }
std::string get_arch_name() { return tt::get_string_lowercase(get_arch()); }
std::uint32_t get_l1_size() { return ttemu::kL1Size; }
std::uint32_t get_dram_alignment() { return ttemu::kDramAlignment; }
std::uint32_t get_l1_alignment() { return ttemu::kL1Alignment; }
std::uint32_t get_pcie_alignment() { return 32; }  // the larger of the PCIe read (32) and write (16) alignments
std::uint32_t get_erisc_l1_unreserved_base() { return ttemu::kEthL1UnreservedBase; }
std::uint32_t get_erisc_l1_unreserved_size() { return ttemu::kEthL1UnreservedSize; }
std::uint32_t get_tensix_l1_unreserved_base() { return ttemu::kL1UnreservedBase; }
std::uint32_t get_tensix_l1_unreserved_size() { return ttemu::kL1Size - ttemu::kL1UnreservedBase; }
// Wormhole's SFPU: float32 epsilon; NaN and infinity are the finite encodings the SFPU produces.
float get_eps() { return 1.19209e-7f; }
float get_nan() { return 7.0040e+19f; }
float get_inf() { return 1.7014e+38f; }

}  // namespace tt::tt_metal::experimental::hal

namespace tt {

std::string get_string(ARCH arch) {
    switch (arch) {
        case ARCH::GRAYSKULL: return "GRAYSKULL";
        case ARCH::WORMHOLE_B0: return "WORMHOLE_B0";
        case ARCH::BLACKHOLE: return "BLACKHOLE";
        default: return "Invalid";
    }
}

std::string get_string_lowercase(ARCH arch) {
    switch (arch) {
        case ARCH::GRAYSKULL: return "grayskull";
        case ARCH::WORMHOLE_B0: return "wormhole_b0";
        case ARCH::BLACKHOLE: return "blackhole";
        default: return "invalid";
    }
}

std::string get_alias(ARCH arch) {
    switch (arch) {
        case ARCH::GRAYSKULL: return "grayskull";
        case ARCH::WORMHOLE_B0: return "wormhole";
        case ARCH::BLACKHOLE: return "blackhole";
        default: return "invalid";
    }
}

ARCH get_arch_from_string(const std::string& arch_str) {
    for (ARCH arch : {ARCH::GRAYSKULL, ARCH::WORMHOLE_B0, ARCH::BLACKHOLE})
        if (arch_str == get_string(arch) || arch_str == get_string_lowercase(arch)) return arch;
    if (arch_str == "Invalid" || arch_str == "INVALID") return ARCH::Invalid;
    throw std::runtime_error(arch_str + " is not recognized as tt::ARCH.");
}

}  // namespace tt

namespace tt::tt_metal::detail {

// The emulator's kernel cache is keyed by the kernel's full build input, so reusing a binary is always safe and
// it is always on; the switches are accepted for programs that set them.
void EnablePersistentKernelCache() {}
void DisablePersistentKernelCache() {}

}  // namespace tt::tt_metal::detail
