// A type's name at compile time, as ttsl spells it (tt-metal v0.67.0):
//   ttsl::long_type_name<tt::tt_metal::Buffer>   == "tt::tt_metal::Buffer"
//   ttsl::short_type_name<tt::tt_metal::Buffer>  == "Buffer"   (the part after the last top-level "::")
// The body is the one every profile's stand-in shares (ttemu/stl_type_name_body.hpp), in v0.67.0's namespace, with
// tt::stl kept as the deprecated alias v0.67.0 declares.
#pragma once

#define TTEMU_STL_NAMESPACE ttsl
#include <ttemu/stl_type_name_body.hpp>
#undef TTEMU_STL_NAMESPACE

namespace tt {
namespace [[deprecated("Use ttsl namespace instead")]] stl {
using namespace ::ttsl;
}  // namespace stl
}  // namespace tt
