// What no Tenstorrent device can hold, whichever the log was captured on and whichever replays it: a size or address
// beyond these is refused by ltplay --check (player/check_calls.h) before tt-metal sees it, unless tt-metal threw at
// that call during capture. The bounds are device-independent on purpose — a log replays on another device than the
// one that made it — and loose: the device that replays may refuse more, --check never a call any device accepted.
// A buffer made at an address allocates nothing, and tt-metal checks neither its address nor its size then.
//   CheckDeviceBytes(size, "a buffer of");          // a size the call allocates; throws ImpossibleValue
//   CheckBufferPages(size, page_size);              // whole pages
#pragma once

#include <cstdint>
#include <string>

#include "schema/log_error.h"

namespace ltcap {

// No device has 64 GiB of memory (Blackhole p150: 32 GiB of DRAM; a Wormhole n300's two chips 24 GiB).
inline constexpr std::uint64_t kDeviceMemoryLimit = 1ull << 36;

// `bytes` of device memory (a buffer's size, a page's): refused from kDeviceMemoryLimit on.
inline void CheckDeviceBytes(std::uint64_t bytes, const char* what, std::uint64_t limit = kDeviceMemoryLimit) {
    if (bytes >= limit)
        throw ImpossibleValue(std::string(what) + " " + std::to_string(bytes) + " bytes: no device has " +
                              std::to_string(limit >> 30) + " GiB of memory");
}

// A buffer is whole pages: tt-metal refuses a page size of 0 for a non-empty buffer and a size that is not a multiple
// of its page size, allocated or not.
inline void CheckBufferPages(std::uint64_t size, std::uint64_t page_size) {
    if (size != 0 && page_size == 0)
        throw ImpossibleValue("a buffer of " + std::to_string(size) + " bytes in pages of 0 bytes");
    if (page_size != 0 && size % page_size != 0)
        throw ImpossibleValue("a buffer of " + std::to_string(size) + " bytes is not whole pages of " +
                              std::to_string(page_size) + " bytes");
}

}  // namespace ltcap
