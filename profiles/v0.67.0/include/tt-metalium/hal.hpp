// tt-metal v0.67.0's public view of the hardware abstraction layer (tt::tt_metal::hal): the architecture of the
// device in the machine and the sizes, alignments and special float values a host program sizes its buffers and
// checks its results by. The emulated device is a Wormhole B0 (docs/emulator.md).
//   const std::uint32_t align = tt::tt_metal::hal::get_l1_alignment();
#pragma once

#include <cstdint>
#include <string>

#include <umd/device/types/arch.hpp>

namespace tt::tt_metal::hal {

tt::ARCH get_arch();
std::string get_arch_name();  // "wormhole_b0"
// A worker core's L1, in bytes.
uint32_t get_l1_size();
// The alignment buffers in DRAM, in L1 and in host memory reached over PCIe keep, in bytes.
uint32_t get_dram_alignment();
uint32_t get_l1_alignment();
uint32_t get_pcie_alignment();
// Where an Ethernet core's L1 is free for the host's use, and how much of it.
uint32_t get_erisc_l1_unreserved_base();
uint32_t get_erisc_l1_unreserved_size();
// The most of a worker core's L1 a program can have with no dispatch ring buffer.
uint32_t get_max_worker_l1_unreserved_size();
// The SFPU's epsilon, NaN and infinity.
float get_eps();
float get_nan();
float get_inf();
// Circular buffers a core has.
uint32_t get_arch_num_circular_buffers();

}  // namespace tt::tt_metal::hal
