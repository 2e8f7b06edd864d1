// ttsl::SmallVector<T, N>: a vector keeping up to N (8) elements inside itself, as tt-metal v0.67.0 derives it from
// its bundled LLVM SmallVector (same layout). Printable ("SmallVector([1, 2])"), hashable, formattable.
//   ttsl::SmallVector<uint32_t> dims = {2, 4};
#pragma once

#include <fmt/core.h>

#include <cstddef>
#include <functional>
#include <ostream>
#include <sstream>

#include <tt_stl/llvm/llvm_small_vector.hpp>
#include <tt_stl/reflection.hpp>

namespace ttsl {

static constexpr std::size_t SMALL_VECTOR_SIZE = 8;

template <typename T, std::size_t PREALLOCATED_SIZE = SMALL_VECTOR_SIZE>
struct SmallVector : public detail::llvm::SmallVector<T, PREALLOCATED_SIZE> {
    using detail::llvm::SmallVector<T, PREALLOCATED_SIZE>::SmallVector;
};

template <typename Stream, typename T, std::size_t N>
Stream& operator<<(Stream& os, const SmallVector<T, N>& v) {
    os << "SmallVector([";
    for (std::size_t i = 0; i < v.size(); i++) {
        if (i > 0) os << ", ";
        using ttsl::reflection::operator<<;
        os << v[i];
    }
    os << "])";
    return os;
}

}  // namespace ttsl

namespace ttnn {
template <typename T, std::size_t N = ttsl::SMALL_VECTOR_SIZE>
using SmallVector [[deprecated("Use ttsl::SmallVector instead")]] = ttsl::SmallVector<T, N>;
}  // namespace ttnn

namespace tt {
namespace [[deprecated("Use ttsl namespace instead")]] stl {
using namespace ::ttsl;
}  // namespace stl
}  // namespace tt

template <typename T, std::size_t N>
struct std::hash<ttsl::SmallVector<T, N>> {
    std::size_t operator()(const ttsl::SmallVector<T, N>& v) const noexcept {
        std::size_t h = 0;
        for (const auto& e : v) h = ttsl::hash::hash_objects(h, e);
        return h;
    }
};

template <typename T, std::size_t N>
struct fmt::formatter<ttsl::SmallVector<T, N>> {
    constexpr auto parse(format_parse_context& ctx) -> format_parse_context::iterator { return ctx.end(); }
    auto format(const ttsl::SmallVector<T, N>& v, format_context& ctx) const -> format_context::iterator {
        std::ostringstream out;
        out << v;
        return fmt::format_to(ctx.out(), "{}", out.str());
    }
};

template <typename T, std::size_t N>
struct ttsl::json::to_json_t<ttsl::SmallVector<T, N>> {
    nlohmann::json operator()(const ttsl::SmallVector<T, N>& v) const {
        nlohmann::json array = nlohmann::json::array();
        for (const auto& e : v) array.push_back(to_json(e));
        return array;
    }
};

template <typename T, std::size_t N>
struct ttsl::json::from_json_t<ttsl::SmallVector<T, N>> {
    ttsl::SmallVector<T, N> operator()(const nlohmann::json& j) const {
        ttsl::SmallVector<T, N> v;
        for (const auto& e : j) v.push_back(from_json<T>(e));
        return v;
    }
};
