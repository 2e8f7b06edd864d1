// ttsl::detail::llvm::SmallVector<T, N>: the LLVM small vector tt-metal v0.67.0 bundles, with its layout — begin
// pointer, 32-bit size and capacity (64-bit for elements under 4 bytes), then room for N elements — so objects
// holding one (MeshShape, MeshCoordinate) have the size and member offsets of the real library's.
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include <ttemu/inline_vector.hpp>

namespace ttsl::detail::llvm {

template <typename T>
using SmallVectorSizeType = std::conditional_t<sizeof(T) < 4 && sizeof(void*) >= 8, std::uint64_t, std::uint32_t>;

template <typename T, std::size_t N>
class SmallVector : public ttemu::InlineVector<T, N, SmallVectorSizeType<T>> {
public:
    using ttemu::InlineVector<T, N, SmallVectorSizeType<T>>::InlineVector;
};

static_assert(sizeof(SmallVector<std::uint32_t, 8>) == 48, "LLVM's layout: pointer, two 32-bit counts, 8 elements");

}  // namespace ttsl::detail::llvm
