// Layout conversions between row-major matrices, "swizzled" tiles (tiles in row-major order, each tile row-major)
// and "n-faces" tiles (each tile split into faces stored one after another). In v0.67.0 the templates are exported
// by libtt_metal.so for float, int, uint8_t, uint16_t, uint32_t and bfloat16 (see each).
//   auto tiled = tilize_nfaces(values, M, N);   auto back = untilize_nfaces(tiled, M, N);
#pragma once

#include <array>
#include <cstdint>
#include <iosfwd>
#include <optional>
#include <vector>

#include <tt_stl/span.hpp>

enum class TensorLayoutType {
    LIN_ROW_MAJOR = 0,   // the matrix, row by row
    TILED_SWIZZLED = 1,  // tiles in row-major order, each tile row-major
    TILED_NFACES = 2,    // tiles in row-major order, each tile 1, 2 or 4 faces in turn
};
std::ostream& operator<<(std::ostream& os, TensorLayoutType layout);

using PhysicalSize = std::array<std::uint32_t, 2>;

// Offsets into a 4-D NCHW tensor of the given shape.
struct TensAddr {
    std::vector<std::uint32_t> sh;
    TensAddr(const std::vector<std::uint32_t>& shape);
    std::uint32_t numel() const;
    int offs(int n, int c, int h, int w);
};

std::uint32_t round_up_to_mul16(std::uint32_t val);
std::uint32_t round_up_to_mul32(std::uint32_t val);
std::uint32_t round_up_to_tile(int val, int tile_val);

// float, uint16_t, uint32_t, bfloat16:
template <class T>
std::vector<T> convert_layout_tile_swizzled_to_tile_nfaces(ttsl::Span<const T> in_tile_swizzled,
                                                           std::optional<PhysicalSize> tile_shape = std::nullopt,
                                                           std::optional<PhysicalSize> face_shape = std::nullopt,
                                                           bool transpose_face = false,
                                                           bool transpose_face_order = false);
template <class T>
std::vector<T> convert_layout_tile_nfaces_to_tile_swizzled(ttsl::Span<const T> in_tile_nfaces,
                                                           std::optional<PhysicalSize> tile_shape = std::nullopt,
                                                           std::optional<PhysicalSize> face_shape = std::nullopt,
                                                           bool transpose_face = false,
                                                           bool transpose_face_order = false);
// float, int, uint8_t, uint16_t, uint32_t, bfloat16:
template <typename T>
std::vector<T> convert_layout(ttsl::Span<const T> inp, const PhysicalSize& shape, TensorLayoutType inL,
                              TensorLayoutType outL, std::optional<PhysicalSize> tile_shape = std::nullopt,
                              std::optional<PhysicalSize> face_shape = std::nullopt, bool transpose_within_face = false,
                              bool transpose_of_faces = false);
template <typename T>
std::vector<T> convert_layout(ttsl::Span<const T> inp, ttsl::Span<const std::uint32_t> shape, TensorLayoutType inL,
                              TensorLayoutType outL, std::optional<PhysicalSize> tile_shape = std::nullopt,
                              std::optional<PhysicalSize> face_shape = std::nullopt, bool transpose_within_face = false,
                              bool transpose_of_faces = false);
// uint16_t, uint32_t, bfloat16, float; m × n must be whole tiles:
template <typename T>
std::vector<T> tilize_swizzled(const std::vector<T>& input, std::uint32_t m, std::uint32_t n);
template <typename T>
std::vector<T> untilize_swizzled(const std::vector<T>& input, std::uint32_t m, std::uint32_t n);
template <typename T>
std::vector<T> tilize_nfaces(const std::vector<T>& input, std::uint32_t m, std::uint32_t n);
template <typename T>
std::vector<T> untilize_nfaces(const std::vector<T>& input, std::uint32_t m, std::uint32_t n);
