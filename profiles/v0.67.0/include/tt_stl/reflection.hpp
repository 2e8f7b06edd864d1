// ttsl's reflection helpers (tt-metal v0.67.0) as far as code outside tt-metal's core uses them: type names, object
// hashing (ttsl::hash::hash_objects), printable type-erased attributes (ttsl::reflection::Attribute, get_attributes
// for types declaring attribute_names/attribute_values), stream operators for the standard containers, and JSON
// conversion (ttsl::json::to_json / from_json) over nlohmann::json.
//   std::size_t h = ttsl::hash::hash_objects_with_default_seed(shape, dtype);
//   std::cout << ttsl::reflection::get_attributes(config);      // via operator<< below
// The body is the one every profile's stand-in shares (ttemu/stl_reflection_body.hpp), in v0.67.0's namespace; what
// v0.67.0 adds: enumerations formatted through fmt, and tt::stl as a deprecated alias.
#pragma once

#include <tt_stl/concepts.hpp>
#include <tt_stl/type_name.hpp>

#define TTEMU_STL_NAMESPACE ttsl
#include <ttemu/stl_reflection_body.hpp>
#undef TTEMU_STL_NAMESPACE

// Enumerations format as reflection prints them: Type::VALUE.
template <typename T>
struct fmt::formatter<T, char, std::enable_if_t<std::is_enum_v<T>>> {
    constexpr auto parse(format_parse_context& ctx) { return ctx.begin(); }
    auto format(const T& value, format_context& ctx) const {
        std::ostringstream s;
        ttsl::reflection::operator<<(s, value);
        return fmt::format_to(ctx.out(), "{}", s.str());
    }
};

namespace tt {
namespace [[deprecated("Use ttsl namespace instead")]] stl {
using namespace ::ttsl;
}  // namespace stl
}  // namespace tt
