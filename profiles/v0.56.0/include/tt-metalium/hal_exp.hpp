// What the hardware abstraction layer tells a program about the chip it runs on (experimental in v0.56.0):
// architecture, L1 size, alignments, the free L1 of Tensix and ethernet cores, and the SFPU's special values.
//   uint32_t base = tt::tt_metal::experimental::hal::get_tensix_l1_unreserved_base();
#pragma once

#include <cstdint>
#include <string>

#include <umd/device/types/arch.h>

namespace tt::tt_metal::experimental::hal {

tt::ARCH get_arch();
std::string get_arch_name();  // lower case, e.g. "wormhole_b0"
std::uint32_t get_l1_size();
std::uint32_t get_dram_alignment();
std::uint32_t get_l1_alignment();
std::uint32_t get_pcie_alignment();
std::uint32_t get_erisc_l1_unreserved_base();
std::uint32_t get_erisc_l1_unreserved_size();
std::uint32_t get_tensix_l1_unreserved_base();
std::uint32_t get_tensix_l1_unreserved_size();
float get_eps();  // smallest representable step of the SFPU
float get_nan();  // the SFPU's NaN and infinity encodings, as floats
float get_inf();

}  // namespace tt::tt_metal::experimental::hal
