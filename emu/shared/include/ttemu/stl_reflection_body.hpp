// The body of the stand-ins' reflection header (tt-metalium/reflection.hpp in v0.56.0, tt_stl/reflection.hpp in
// v0.67.0), which differ only in the namespace tt-metal gives it: the release's header defines TTEMU_STL_NAMESPACE
// (tt::stl, ttsl), includes its own concepts.hpp and type_name.hpp, then this. Not a header of its own: no guard.
//
// What it holds: type names, object hashing (hash::hash_objects), printable type-erased attributes
// (reflection::Attribute, get_attributes for types declaring attribute_names/attribute_values), stream operators
// for the standard containers, and JSON conversion (json::to_json / from_json) over nlohmann::json. tt-metal builds
// the automatic walk over plain aggregates on the third-party `reflect` library, which is not part of this
// stand-in: here an object is walked when it declares attribute_names and attribute_values() (the convention
// tt-metal's own types follow), prints itself (to_string or operator<<) or hashes itself (to_hash).
#ifndef TTEMU_STL_NAMESPACE
#error "define TTEMU_STL_NAMESPACE (the release's stl namespace) before including ttemu/stl_reflection_body.hpp"
#endif
#define TTEMU_STL_SPELLED(ns) #ns
#define TTEMU_STL_TEXT(ns) TTEMU_STL_SPELLED(ns)
#define TTEMU_STL_NAME TTEMU_STL_TEXT(TTEMU_STL_NAMESPACE)

#include <fmt/core.h>
#include <array>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <magic_enum/magic_enum.hpp>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <ostream>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <unordered_map>
#include <utility>
#include <variant>
#include <vector>

namespace TTEMU_STL_NAMESPACE {

template <typename T>
constexpr std::string_view get_type_name() {
    return short_type_name<std::decay_t<T>>;
}
template <typename T>
constexpr std::string_view get_type_name(const T&) {
    return get_type_name<T>();
}

template <typename T>
concept IsVariant = requires {
    typename std::variant_size<std::decay_t<T>>::type;
};

template <IsVariant Variant>
constexpr auto get_active_type_name_in_variant(const Variant& v) {
    return std::visit([](const auto& value) { return get_type_name(value); }, v);
}

namespace detail {
template <typename Test, template <typename...> class Ref>
struct is_specialization : std::false_type {};
template <template <typename...> class Ref, typename... Args>
struct is_specialization<Ref<Args...>, Ref> : std::true_type {};
}  // namespace detail
template <typename Test, template <typename...> class Ref>
constexpr bool is_specialization_v = detail::is_specialization<Test, Ref>::value;

namespace reflection::detail {
template <typename T>
concept HasAttributes = requires(const T& t) {
    T::attribute_names;
    t.attribute_values();
};
template <typename T>
concept HasToString = requires(const T& t) {
    { t.to_string() } -> std::convertible_to<std::string>;
};
template <typename T>
concept HasToHash = requires(const T& t) {
    { t.to_hash() } -> std::convertible_to<std::size_t>;
};
template <typename T>
concept StdHashable = requires(const T& t) {
    { std::hash<T>{}(t) } -> std::convertible_to<std::size_t>;
};
template <typename T>
concept Iterable = requires(const T& t) {
    t.begin();
    t.end();
}
&&!std::is_convertible_v<T, std::string_view>;
}  // namespace reflection::detail

// ---- Hashing: a 64-bit hash of any mix of values, containers and objects that hash or describe themselves.
namespace hash {

using hash_t = std::uint64_t;
constexpr hash_t DEFAULT_SEED = 1234;

inline void hash_combine(hash_t& seed, hash_t value) {
    seed ^= value + 0x9e3779b97f4a7c15ull + (seed << 6) + (seed >> 2);
}

template <typename T>
hash_t hash_object(const T& object) noexcept;

template <typename... Types>
hash_t hash_objects(hash_t seed, const Types&... args) noexcept {
    (hash_combine(seed, hash_object(args)), ...);
    return seed;
}

template <typename... Types>
hash_t hash_objects_with_default_seed(const Types&... args) noexcept {
    return hash_objects(DEFAULT_SEED, args...);
}

template <typename T>
hash_t hash_object(const T& object) noexcept {
    using U = std::decay_t<T>;
    if constexpr (reflection::detail::HasToHash<U>) {
        return object.to_hash();
    } else if constexpr (std::is_enum_v<U>) {
        return std::hash<std::underlying_type_t<U>>{}(static_cast<std::underlying_type_t<U>>(object));
    } else if constexpr (is_specialization_v<U, std::optional>) {
        return object.has_value() ? hash_objects(1, *object) : 0;
    } else if constexpr (IsVariant<U>) {
        return std::visit([&](const auto& v) { return hash_objects(object.index(), v); }, object);
    } else if constexpr (is_specialization_v<U, std::reference_wrapper>) {
        return hash_object(object.get());
    } else if constexpr (is_specialization_v<U, std::tuple> || is_specialization_v<U, std::pair>) {
        return std::apply([](const auto&... v) { return hash_objects(0, v...); }, object);
    } else if constexpr (reflection::detail::HasAttributes<U>) {
        return std::apply([](const auto&... v) { return hash_objects(0, v...); }, object.attribute_values());
    } else if constexpr (reflection::detail::StdHashable<U>) {
        return std::hash<U>{}(object);
    } else if constexpr (reflection::detail::Iterable<U>) {
        hash_t seed = 0;
        for (const auto& element : object) hash_combine(seed, hash_object(element));
        return seed;
    } else {
        static_assert(concepts::always_false_v<U>, TTEMU_STL_NAME "::hash::hash_object: this type cannot be hashed");
        return 0;
    }
}

}  // namespace hash

// ---- Printing and attributes
namespace reflection {

using AttributeName = std::string;

template <typename T>
std::string to_string_of(const T& value);

// One value of any printable and hashable type, kept by value.
class Attribute final {
public:
    template <typename Type, typename BaseType = std::decay_t<Type>>
    requires(!std::is_same_v<BaseType, Attribute>) Attribute(Type&& object)
        : value_(std::make_shared<BaseType>(std::forward<Type>(object))),
          to_string_([](const void* v) { return to_string_of(*static_cast<const BaseType*>(v)); }),
          to_hash_([](const void* v) { return std::size_t(hash::hash_object(*static_cast<const BaseType*>(v))); }) {}

    std::string to_string() const { return to_string_(value_.get()); }
    std::size_t to_hash() const { return to_hash_(value_.get()); }
    nlohmann::json to_json() const { return to_string(); }

private:
    std::shared_ptr<const void> value_;
    std::string (*to_string_)(const void*);
    std::size_t (*to_hash_)(const void*);
};

using Attributes = std::vector<std::tuple<AttributeName, Attribute>>;

// The named attributes of an object that declares them (static attribute_names, attribute_values()).
template <typename T>
requires detail::HasAttributes<T> Attributes get_attributes(const T& object) {
    Attributes attributes;
    const auto values = object.attribute_values();
    constexpr std::size_t n = std::tuple_size_v<std::decay_t<decltype(T::attribute_names)>>;
    static_assert(n == std::tuple_size_v<std::decay_t<decltype(values)>>,
                  "attribute_names and attribute_values differ");
    [&]<std::size_t... I>(std::index_sequence<I...>) {
        (attributes.emplace_back(std::string(std::get<I>(T::attribute_names)), std::get<I>(values)), ...);
    }
    (std::make_index_sequence<n>{});
    return attributes;
}

inline std::ostream& operator<<(std::ostream& os, const Attribute& attribute) { return os << attribute.to_string(); }

template <typename T>
requires std::is_enum_v<T> std::ostream& operator<<(std::ostream& os, const T& value) {
    return os << magic_enum::enum_type_name<T>() << "::" << magic_enum::enum_name(value);
}
template <typename T1, typename T2>
std::ostream& operator<<(std::ostream& os, const std::pair<T1, T2>& pair);
template <typename T>
std::ostream& operator<<(std::ostream& os, const std::optional<T>& optional);
template <typename... Ts>
std::ostream& operator<<(std::ostream& os, const std::variant<Ts...>& variant);
template <typename... Ts>
std::ostream& operator<<(std::ostream& os, const std::tuple<Ts...>& tuple);
template <typename T, std::size_t N>
std::ostream& operator<<(std::ostream& os, const std::array<T, N>& array);
template <typename T>
std::ostream& operator<<(std::ostream& os, const std::vector<T>& vector);
template <typename T>
std::ostream& operator<<(std::ostream& os, const std::set<T>& set);
template <typename K, typename V>
std::ostream& operator<<(std::ostream& os, const std::map<K, V>& map);
template <typename K, typename V>
std::ostream& operator<<(std::ostream& os, const std::unordered_map<K, V>& map);
template <typename T>
requires detail::HasAttributes<T> std::ostream& operator<<(std::ostream& os, const T& object);

inline std::ostream& operator<<(std::ostream& os, const std::filesystem::path& path) { return os << path.string(); }

// Writes `items` as "open a, b, c close".
template <typename Range>
std::ostream& print_sequence(std::ostream& os, const Range& items, const char* open, const char* close) {
    os << open;
    bool first = true;
    for (const auto& item : items) {
        if (!first) os << ", ";
        first = false;
        os << item;
    }
    return os << close;
}

template <typename T1, typename T2>
std::ostream& operator<<(std::ostream& os, const std::pair<T1, T2>& pair) {
    return os << "{" << pair.first << ", " << pair.second << "}";
}
template <typename T>
std::ostream& operator<<(std::ostream& os, const std::optional<T>& optional) {
    if (optional.has_value()) return os << *optional;
    return os << "std::nullopt";
}
template <typename... Ts>
std::ostream& operator<<(std::ostream& os, const std::variant<Ts...>& variant) {
    std::visit([&os](const auto& value) { os << value; }, variant);
    return os;
}
template <typename... Ts>
std::ostream& operator<<(std::ostream& os, const std::tuple<Ts...>& tuple) {
    os << "{";
    std::apply(
        [&os](const auto&... v) {
            std::size_t i = 0;
            ((os << (i++ ? ", " : "") << v), ...);
        },
        tuple);
    return os << "}";
}
template <typename T, std::size_t N>
std::ostream& operator<<(std::ostream& os, const std::array<T, N>& array) {
    return print_sequence(os, array, "{", "}");
}
template <typename T>
std::ostream& operator<<(std::ostream& os, const std::vector<T>& vector) {
    return print_sequence(os, vector, "{", "}");
}
template <typename T>
std::ostream& operator<<(std::ostream& os, const std::set<T>& set) {
    return print_sequence(os, set, "{", "}");
}
template <typename K, typename V>
std::ostream& operator<<(std::ostream& os, const std::map<K, V>& map) {
    return print_sequence(os, map, "{", "}");
}
template <typename K, typename V>
std::ostream& operator<<(std::ostream& os, const std::unordered_map<K, V>& map) {
    return print_sequence(os, map, "{", "}");
}
// An object with attributes prints as Type(name=value,...).
template <typename T>
requires detail::HasAttributes<T> std::ostream& operator<<(std::ostream& os, const T& object) {
    os << get_type_name<T>() << "(";
    bool first = true;
    for (const auto& [name, attribute] : get_attributes(object)) {
        os << (first ? "" : ",") << name << "=" << attribute;
        first = false;
    }
    return os << ")";
}

template <typename T>
concept Streamable = requires(std::ostream& os, const T& t) {
    os << t;
};

template <typename T>
std::string to_string_of(const T& value) {
    if constexpr (detail::HasToString<T>) {
        return value.to_string();
    } else if constexpr (std::is_convertible_v<T, std::string_view>) {
        return std::string(std::string_view(value));
    } else if constexpr (Streamable<T>) {
        std::ostringstream s;
        s << value;
        return s.str();
    } else {
        return std::string(get_type_name<T>());
    }
}

}  // namespace reflection

// ---- JSON: values to and from nlohmann::json.
namespace json {

template <typename T>
struct to_json_t;
template <typename T>
struct from_json_t;

template <typename T>
nlohmann::json to_json(const T& object) {
    using U = std::decay_t<T>;
    if constexpr (requires { to_json_t<U>{}(object); }) {
        return to_json_t<U>{}(object);
    } else if constexpr (std::is_enum_v<U>) {
        return static_cast<std::underlying_type_t<U>>(object);
    } else if constexpr (std::is_arithmetic_v<U> || std::is_convertible_v<U, std::string>) {
        return object;
    } else if constexpr (is_specialization_v<U, std::optional>) {
        return object.has_value() ? to_json(*object) : nlohmann::json(nullptr);
    } else if constexpr (is_specialization_v<U, std::map> || is_specialization_v<U, std::unordered_map>) {
        nlohmann::json out = nlohmann::json::array();
        for (const auto& [k, v] : object) out.push_back(nlohmann::json::array({to_json(k), to_json(v)}));
        return out;
    } else if constexpr (is_specialization_v<U, std::tuple> || is_specialization_v<U, std::pair>) {
        nlohmann::json out = nlohmann::json::array();
        std::apply([&](const auto&... v) { (out.push_back(to_json(v)), ...); }, object);
        return out;
    } else if constexpr (reflection::detail::HasAttributes<U>) {
        nlohmann::json out = nlohmann::json::object();
        const auto values = object.attribute_values();
        [&]<std::size_t... I>(std::index_sequence<I...>) {
            ((out[std::string(std::get<I>(U::attribute_names))] = to_json(std::get<I>(values))), ...);
        }
        (std::make_index_sequence<std::tuple_size_v<std::decay_t<decltype(values)>>>{});
        return out;
    } else if constexpr (reflection::detail::Iterable<U>) {
        nlohmann::json out = nlohmann::json::array();
        for (const auto& element : object) out.push_back(to_json(element));
        return out;
    } else {
        static_assert(concepts::always_false_v<U>, TTEMU_STL_NAME "::json::to_json: no conversion for this type");
    }
}

template <typename T>
T from_json(const nlohmann::json& json_object) {
    if constexpr (requires { from_json_t<T>{}(json_object); }) {
        return from_json_t<T>{}(json_object);
    } else if constexpr (std::is_enum_v<T>) {
        return static_cast<T>(json_object.get<std::underlying_type_t<T>>());
    } else if constexpr (std::is_arithmetic_v<T> || std::is_same_v<T, std::string>) {
        return json_object.get<T>();
    } else if constexpr (is_specialization_v<T, std::optional>) {
        if (json_object.is_null()) return std::nullopt;
        return from_json<typename T::value_type>(json_object);
    } else if constexpr (is_specialization_v<T, std::vector>) {
        T out;
        for (const auto& element : json_object) out.push_back(from_json<typename T::value_type>(element));
        return out;
    } else if constexpr (is_specialization_v<T, std::map> || is_specialization_v<T, std::unordered_map>) {
        T out;
        for (const auto& entry : json_object)
            out.emplace(from_json<typename T::key_type>(entry[0]), from_json<typename T::mapped_type>(entry[1]));
        return out;
    } else {
        static_assert(concepts::always_false_v<T>, TTEMU_STL_NAME "::json::from_json: no conversion for this type");
    }
}

}  // namespace json
}  // namespace TTEMU_STL_NAMESPACE

template <typename T>
requires TTEMU_STL_NAMESPACE::reflection::detail::HasAttributes<T>
struct fmt::formatter<T> {
    constexpr auto parse(format_parse_context& ctx) { return ctx.begin(); }
    auto format(const T& object, format_context& ctx) const {
        std::ostringstream s;
        TTEMU_STL_NAMESPACE::reflection::operator<<(s, object);
        return fmt::format_to(ctx.out(), "{}", s.str());
    }
};

#undef TTEMU_STL_NAME
#undef TTEMU_STL_TEXT
#undef TTEMU_STL_SPELLED
