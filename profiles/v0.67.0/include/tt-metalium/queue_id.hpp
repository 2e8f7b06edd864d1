// The id of a command queue, as v0.67.0's TTNN-facing calls take it, and the plain number an optional one stands for.
#pragma once

#include <cstdint>
#include <optional>

#include <tt_stl/strong_type.hpp>

namespace tt::tt_metal {

using QueueId = ttsl::StrongType<uint8_t, struct QueueIdTag>;

inline std::optional<uint8_t> raw_optional(const std::optional<QueueId>& cq_id) {
    if (!cq_id) return std::nullopt;
    return cq_id->get();
}

}  // namespace tt::tt_metal
