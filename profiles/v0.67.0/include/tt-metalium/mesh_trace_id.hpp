// The id of a mesh trace (MeshDevice::begin_mesh_trace).
#pragma once

#include <cstdint>

#include <tt_stl/strong_type.hpp>

namespace tt::tt_metal::distributed {
using MeshTraceId = ttsl::StrongType<std::uint32_t, struct MeshTraceIdTag>;
}  // namespace tt::tt_metal::distributed
