// tt::stl's reflection helpers as far as code outside tt-metal's core uses them: type names, object hashing
// (tt::stl::hash::hash_objects), printable type-erased attributes (tt::stl::reflection::Attribute, get_attributes
// for types declaring attribute_names/attribute_values), stream operators for the standard containers, and JSON
// conversion (tt::stl::json::to_json / from_json) over nlohmann::json.
//   std::size_t h = tt::stl::hash::hash_objects_with_default_seed(shape, dtype);
//   std::cout << tt::stl::reflection::get_attributes(config);      // via operator<< below
// The body is the one every profile's stand-in shares (ttemu/stl_reflection_body.hpp), in v0.56.0's namespace.
#pragma once

#include <tt-metalium/concepts.hpp>
#include <tt-metalium/type_name.hpp>

#define TTEMU_STL_NAMESPACE tt::stl
#include <ttemu/stl_reflection_body.hpp>
#undef TTEMU_STL_NAMESPACE
