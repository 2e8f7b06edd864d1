// Layout conversions between row-major matrices, "swizzled" tiles (tiles in row-major order, each tile row-major)
// and "n-faces" tiles (each tile split into faces, the faces stored one after another), as tt-metal's test
// helpers define them. Each conversion is a permutation of elements; the index maps below say where each goes.
//   auto tiled = convert_layout<bfloat16>(values, {M, N}, TensorLayoutType::LIN_ROW_MAJOR,
//                                         TensorLayoutType::TILED_NFACES);
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include <tt-metalium/assert.hpp>
#include <tt-metalium/constants.hpp>
#include <tt-metalium/math.hpp>
#include <tt-metalium/span.hpp>
#include <ttemu/tile_layout.hpp>

namespace tests::utils {
enum class TensorLayoutType {
    LIN_ROW_MAJOR = 0,   // the matrix, row by row
    TILED_SWIZZLED = 1,  // tiles in row-major order, each tile row-major
    TILED_NFACES = 2,    // tiles in row-major order, each tile 1, 2 or 4 faces in turn, each face row-major
};
}  // namespace tests::utils

using PhysicalSize = std::array<uint32_t, 2>;

// Swizzled tiles → n-faces tiles.
template <class T, template <typename...> typename BufferType>
std::vector<T> convert_to_tile_layout(const BufferType<T>& data, std::optional<PhysicalSize> tile_shape = std::nullopt,
                                      std::optional<PhysicalSize> face_shape = std::nullopt,
                                      const bool transpose_face = false, const bool transpose_face_order = false) {
    return ttemu::tiles::ToNFaces<T>(data.data(), data.size(), ttemu::tiles::Geometry(tile_shape, face_shape),
                                     transpose_face, transpose_face_order);
}

// N-faces tiles (faces in plain order) → swizzled tiles; with transpose_face, transposed as tt-metal's helper does.
template <class T, template <typename...> typename BufferType>
std::vector<T> convert_to_flat_layout(const BufferType<T>& data, std::optional<PhysicalSize> tile_shape = std::nullopt,
                                      std::optional<PhysicalSize> face_shape = std::nullopt,
                                      const bool transpose_face = false, const bool /*transpose_face_order*/ = false) {
    return ttemu::tiles::ToSwizzled<T>(data.data(), data.size(), ttemu::tiles::Geometry(tile_shape, face_shape),
                                       transpose_face);
}

// Swizzled tiles → the H x W row-major matrix.
template <typename T, template <typename...> typename BufferType>
inline std::vector<T> untilize_nchw(const BufferType<T>& in, const PhysicalSize& shape,
                                    std::optional<PhysicalSize> tile_shape = std::nullopt) {
    return ttemu::tiles::Untilize<T>(in.data(), in.size(), shape[0], shape[1],
                                     ttemu::tiles::Geometry(tile_shape, std::nullopt));
}

// The H x W row-major matrix → swizzled tiles.
template <typename T, template <typename...> typename BufferType>
inline std::vector<T> tilize_nchw(const BufferType<T>& in_rowmajor, const PhysicalSize& shape,
                                  std::optional<PhysicalSize> tile_shape = std::nullopt) {
    return ttemu::tiles::Untilize<T>(in_rowmajor.data(), in_rowmajor.size(), shape[0], shape[1],
                                     ttemu::tiles::Geometry(tile_shape, std::nullopt), true);
}

inline std::uint32_t round_up_to_mul16(std::uint32_t val) { return (val + 15) & ~15u; }
inline std::uint32_t round_up_to_mul32(std::uint32_t val) { return (val + 31) & ~31u; }
inline std::uint32_t round_up_to_tile(int val, int tile_val) { return (val + tile_val - 1) & ~(tile_val - 1); }

// Offsets into a 4-D NCHW tensor of the given shape.
struct TensAddr {
    std::vector<std::uint32_t> sh;

    TensAddr(std::vector<std::uint32_t> shape) : sh(shape) {}
    std::uint32_t numel() const {
        std::uint32_t n = 1;
        for (auto d : sh) n *= d;
        return n;
    }
    int offs(int n, int c, int h, int w) {
        TT_ASSERT(std::uint32_t(n) < sh[0] && std::uint32_t(c) < sh[1] && std::uint32_t(h) < sh[2] &&
                  std::uint32_t(w) < sh[3]);
        return ((n * sh[1] + c) * sh[2] + h) * sh[3] + w;
    }
};

// Any supported layout to another; the same layout in and out, like an unsupported pair, gives an empty vector.
template <typename T, template <typename...> typename BufferType>
inline std::vector<T> convert_layout(const BufferType<T>& inp, const PhysicalSize& shape,
                                     tests::utils::TensorLayoutType inL, tests::utils::TensorLayoutType outL,
                                     std::optional<PhysicalSize> tile_shape = std::nullopt,
                                     std::optional<PhysicalSize> face_shape = std::nullopt,
                                     const bool transpose_within_face = false, const bool transpose_of_faces = false) {
    using L = tests::utils::TensorLayoutType;
    if (inp.size() == 0) return {};
    if (inL == L::TILED_SWIZZLED && outL == L::TILED_NFACES)
        return convert_to_tile_layout<T>(inp, tile_shape, face_shape, transpose_within_face, transpose_of_faces);
    if (inL == L::TILED_SWIZZLED && outL == L::LIN_ROW_MAJOR) return untilize_nchw<T>(inp, shape, tile_shape);
    if (inL == L::LIN_ROW_MAJOR && outL == L::TILED_SWIZZLED) return tilize_nchw<T>(inp, shape, tile_shape);
    if (inL == L::LIN_ROW_MAJOR && outL == L::TILED_NFACES)
        return convert_to_tile_layout<T>(tilize_nchw<T>(inp, shape, tile_shape), tile_shape, face_shape,
                                         transpose_within_face, transpose_of_faces);
    if (inL == L::TILED_NFACES && outL == L::TILED_SWIZZLED)
        return convert_to_flat_layout<T>(inp, tile_shape, face_shape, transpose_within_face, transpose_of_faces);
    if (inL == L::TILED_NFACES && outL == L::LIN_ROW_MAJOR)
        return untilize_nchw<T>(
            convert_to_flat_layout<T>(inp, tile_shape, face_shape, transpose_within_face, transpose_of_faces), shape,
            tile_shape);
    TT_ASSERT(false && "Unsupported conversion");
    return {};
}

// The same, for a shape of rank 2 or more: every dimension but the last folds into the height.
template <typename T, template <typename...> typename BufferType>
inline std::vector<T> convert_layout(const BufferType<T>& inp, tt::stl::Span<const uint32_t> shape,
                                     tests::utils::TensorLayoutType inL, tests::utils::TensorLayoutType outL,
                                     std::optional<PhysicalSize> tile_shape = std::nullopt,
                                     std::optional<PhysicalSize> face_shape = std::nullopt,
                                     const bool transpose_within_face = false, const bool transpose_of_faces = false) {
    TT_ASSERT(shape.size() >= 2, "Shape size {} must be at least rank 2!", shape.size());
    std::uint32_t H = shape[shape.size() - 2];
    const std::uint32_t W = shape[shape.size() - 1];
    for (std::size_t i = 0; i + 2 < shape.size(); i++) H *= shape[i];
    return convert_layout<T, BufferType>(inp, PhysicalSize{H, W}, inL, outL, tile_shape, face_shape,
                                         transpose_within_face, transpose_of_faces);
}
