// tt::tt_metal::hal over the emulated device's model (a Wormhole B0: core/device_model.h), with Wormhole's SFPU
// constants and PCIe alignment as tt-metal v0.67.0's HAL gives them (llrt/hal/tt-1xx/wormhole).
#include <tt-metalium/hal.hpp>

#include "emu/core/device_model.h"

namespace tt::tt_metal::hal {

tt::ARCH get_arch() { return tt::ARCH::WORMHOLE_B0; }
std::string get_arch_name() { return "wormhole_b0"; }
uint32_t get_l1_size() { return ttemu::kL1Size; }
uint32_t get_dram_alignment() { return ttemu::kDramAlignment; }
uint32_t get_l1_alignment() { return ttemu::kL1Alignment; }
uint32_t get_pcie_alignment() { return 32; }  // the larger of the NOC's PCIe read (32) and write (16) alignments
uint32_t get_erisc_l1_unreserved_base() { return ttemu::kEthL1UnreservedBase; }
uint32_t get_erisc_l1_unreserved_size() { return ttemu::kEthL1UnreservedSize; }
// From where the kernel configuration starts to the end of L1.
uint32_t get_max_worker_l1_unreserved_size() { return ttemu::kL1Size - ttemu::kRtArgsBase; }
float get_eps() { return 1.19209e-7f; }
float get_nan() { return 7.0040e+19f; }
float get_inf() { return 1.7014e+38f; }
uint32_t get_arch_num_circular_buffers() { return ttemu::kNumCircularBuffers; }

}  // namespace tt::tt_metal::hal
