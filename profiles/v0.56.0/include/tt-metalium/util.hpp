// Small inline helpers (tt::tt_metal::detail).
#pragma once

#include <tt-metalium/buffer.hpp>
#include <tt-metalium/tt_backend_api_types.hpp>

namespace tt::tt_metal::detail {
inline std::uint32_t TileSize(const tt::DataFormat& data_format) { return tt::tile_size(data_format); }
// Bytes each bank holds of a buffer interleaved over num_banks banks.
inline DeviceAddr SizeBytesPerBank(DeviceAddr size_bytes, DeviceAddr page_size_bytes, std::uint32_t num_banks,
                                   std::uint32_t alignment_bytes) {
    const DeviceAddr pages = (size_bytes + page_size_bytes - 1) / page_size_bytes;
    const DeviceAddr per_bank = (pages + num_banks - 1) / num_banks;
    const DeviceAddr aligned_page = (page_size_bytes + alignment_bytes - 1) / alignment_bytes * alignment_bytes;
    return per_bank * aligned_page;
}
}  // namespace tt::tt_metal::detail
