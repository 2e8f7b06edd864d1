// tt-metal's mock mode: a cluster described rather than found, so a program opens devices without hardware. It is
// configured before the first device opens; MeshDevice::create then works as on the described machine.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include <umd/device/types/arch.hpp>

namespace tt::tt_metal::experimental {

void configure_mock_mode(tt::ARCH arch, uint32_t num_chips = 1);
// The architecture of the machine's own cards, one chip.
void configure_mock_mode_from_hw();
void disable_mock_mode();
bool is_mock_mode_registered();
// The cluster descriptor mock mode describes (its file name), none when it is not configured; throws for an
// architecture and chip count no descriptor describes.
std::optional<std::string> get_mock_cluster_desc();

}  // namespace tt::tt_metal::experimental
