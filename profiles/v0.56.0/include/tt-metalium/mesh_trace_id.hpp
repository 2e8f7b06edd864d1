// The id of a mesh trace (BeginTraceCapture's result): a StrongType over uint32_t.
#pragma once

#include <cstdint>

#include <tt-metalium/strong_type.hpp>

namespace tt::tt_metal::distributed {

using MeshTraceId = tt::stl::StrongType<std::uint32_t, struct MeshTraceIdTag>;

}  // namespace tt::tt_metal::distributed
