// Bytes a log reader hands out that stay valid while their pin lives: a decoded frame of a compressed log is kept
// in memory, or a mapped log's pages stay mapped, until the last pin into them goes. A pin may be empty (bytes that
// live as long as the reader, or a test's memory).
#pragma once

#include <cstdint>
#include <memory>

namespace ltcap {

using Pin = std::shared_ptr<const std::uint8_t>;

struct Pinned {
    const std::uint8_t* data = nullptr;
    Pin pin;
};

}  // namespace ltcap
