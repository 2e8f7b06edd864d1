// The body of the stand-ins' type_name.hpp (tt-metalium/ in v0.56.0, tt_stl/ in v0.67.0), which differ only in
// the namespace tt-metal gives it: the release's header defines TTEMU_STL_NAMESPACE (tt::stl, ttsl), then
// includes this. Not a header of its own: no guard.
//
// A type's name at compile time, from the compiler's own spelling of it (the function signature gcc and clang
// spell in __PRETTY_FUNCTION__; std::source_location would do the same but is missing in clang 14's view of
// libstdc++ 12): long_type_name<T>, and short_type_name<T> (the part after the last top-level "::").
#ifndef TTEMU_STL_NAMESPACE
#error "define TTEMU_STL_NAMESPACE (the release's stl namespace) before including ttemu/stl_type_name_body.hpp"
#endif

#include <cstddef>
#include <string_view>

namespace TTEMU_STL_NAMESPACE {

namespace detail {

template <typename T>
constexpr std::string_view function_name_naming() {
    return __PRETTY_FUNCTION__;
}

// Where T's spelling sits inside function_name_naming<T>()'s name, found once with a type of known spelling.
constexpr std::string_view kProbeType = "long double";
constexpr std::string_view kProbeName = function_name_naming<long double>();
constexpr std::size_t kNameBegin = kProbeName.find(kProbeType);
static_assert(kNameBegin != std::string_view::npos, "the compiler does not name template arguments");
constexpr std::size_t kNameSuffix = kProbeName.size() - kNameBegin - kProbeType.size();

template <typename T>
constexpr std::string_view long_name() {
    std::string_view name = function_name_naming<T>();
    name.remove_prefix(kNameBegin);
    name.remove_suffix(kNameSuffix);
    for (std::string_view keyword : {std::string_view("struct "), std::string_view("class ")})
        if (name.starts_with(keyword)) name.remove_prefix(keyword.size());
    while (!name.empty() && name.back() == ' ') name.remove_suffix(1);
    return name;
}

template <typename T>
constexpr std::string_view short_name() {
    std::string_view name = long_name<T>();
    std::size_t start = 0;
    int depth = 0;  // inside template arguments, "::" belongs to an argument
    for (std::size_t i = 0; i < name.size(); i++) {
        if (name[i] == '<') depth++;
        else if (name[i] == '>') depth--;
        else if (name[i] == ':' && depth == 0) start = i + 1;
    }
    name.remove_prefix(start);
    return name;
}

}  // namespace detail

template <typename T>
inline constexpr std::string_view short_type_name = detail::short_name<T>();

template <typename T>
inline constexpr std::string_view long_type_name = detail::long_name<T>();

}  // namespace TTEMU_STL_NAMESPACE
