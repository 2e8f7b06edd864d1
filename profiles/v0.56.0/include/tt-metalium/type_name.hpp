// A type's name at compile time, as tt::stl spells it:
//   tt::stl::long_type_name<tt::tt_metal::Buffer>   == "tt::tt_metal::v0::Buffer"
//   tt::stl::short_type_name<tt::tt_metal::Buffer>  == "Buffer"   (the part after the last top-level "::")
// The body is the one every profile's stand-in shares (ttemu/stl_type_name_body.hpp), in v0.56.0's namespace.
#pragma once

#define TTEMU_STL_NAMESPACE tt::stl
#include <ttemu/stl_type_name_body.hpp>
#undef TTEMU_STL_NAMESPACE
