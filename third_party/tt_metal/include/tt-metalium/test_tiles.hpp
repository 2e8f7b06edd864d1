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

namespace tests::utils {
enum class TensorLayoutType {
    LIN_ROW_MAJOR = 0,   // the matrix, row by row
    TILED_SWIZZLED = 1,  // tiles in row-major order, each tile row-major
    TILED_NFACES = 2,    // tiles in row-major order, each tile 1, 2 or 4 faces in turn, each face row-major
};
}  // namespace tests::utils

using PhysicalSize = std::array<uint32_t, 2>;

namespace tt::test_tiles_detail {

struct TileGeometry {
    std::uint32_t tile_h, tile_w, face_h, face_w;
    std::uint32_t faces_down() const { return tile_h / face_h; }
    std::uint32_t faces_across() const { return tile_w / face_w; }
    std::uint32_t tile_size() const { return tile_h * tile_w; }
    std::uint32_t face_size() const { return face_h * face_w; }
};

inline TileGeometry Geometry(std::optional<PhysicalSize> tile_shape, std::optional<PhysicalSize> face_shape) {
    TileGeometry g{tt::constants::TILE_HEIGHT, tt::constants::TILE_WIDTH, tt::constants::FACE_HEIGHT,
                   tt::constants::FACE_WIDTH};
    if (tile_shape) g.tile_h = (*tile_shape)[0], g.tile_w = (*tile_shape)[1];
    if (face_shape) g.face_h = (*face_shape)[0], g.face_w = (*face_shape)[1];
    return g;
}

// Position in an n-faces tile of element (r, c) of the tile. Faces go left to right, top to bottom, or top to
// bottom first when transpose_face_order; within a face elements go row by row, or column by column when
// transpose_face.
inline std::uint32_t NFacesIndex(const TileGeometry& g, std::uint32_t r, std::uint32_t c, bool transpose_face,
                                 bool transpose_face_order) {
    const std::uint32_t fr = r / g.face_h, fc = c / g.face_w, ir = r % g.face_h, ic = c % g.face_w;
    const std::uint32_t face = transpose_face_order ? fc * g.faces_down() + fr : fr * g.faces_across() + fc;
    const std::uint32_t within = transpose_face ? ic * g.face_h + ir : ir * g.face_w + ic;
    return face * g.face_size() + within;
}

// Source position, in an n-faces tile (faces in plain order, each row-major), of output position i of a flat tile
// read back with transposition. tt-metal's helper transposes differently by tile shape: a column of faces
// (32x16) has each face transposed in place; a row of faces (16x32) is read one column at a time across all
// faces; a full tile is transposed as a whole.
inline std::uint32_t FlatTransposedSource(const TileGeometry& g, std::uint32_t i) {
    const std::uint32_t fh = g.face_h, fw = g.face_w, fsize = g.face_size();
    if (g.faces_across() <= 1) {  // faces stacked vertically
        const std::uint32_t face = i / fsize, col = (i % fsize) / fh, row = i % fh;
        return face * fsize + row * fw + col;
    }
    if (g.faces_down() <= 1) {  // faces side by side
        const std::uint32_t col = i / (g.faces_across() * fh), face = (i / fh) % g.faces_across(), row = i % fh;
        return face * fsize + row * fw + col;
    }
    const std::uint32_t column = i / g.tile_h, row = i % g.tile_h;  // the tile stored column-major
    const std::uint32_t face = (row / fh) * g.faces_across() + column / fw;
    return face * fsize + (row % fh) * fw + column % fw;
}

}  // namespace tt::test_tiles_detail

// Swizzled tiles → n-faces tiles.
template <class T, template <typename...> typename BufferType>
std::vector<T> convert_to_tile_layout(const BufferType<T>& data, std::optional<PhysicalSize> tile_shape = std::nullopt,
                                      std::optional<PhysicalSize> face_shape = std::nullopt,
                                      const bool transpose_face = false, const bool transpose_face_order = false) {
    const auto g = tt::test_tiles_detail::Geometry(tile_shape, face_shape);
    std::vector<T> result(data.size());
    const std::size_t tiles = data.size() / g.tile_size();
    result.resize(tiles * g.tile_size());
    for (std::size_t t = 0; t < tiles; t++) {
        const std::size_t base = t * g.tile_size();
        for (std::uint32_t r = 0; r < g.tile_h; r++)
            for (std::uint32_t c = 0; c < g.tile_w; c++)
                result[base + tt::test_tiles_detail::NFacesIndex(g, r, c, transpose_face, transpose_face_order)] =
                    data[base + r * g.tile_w + c];
    }
    return result;
}

// N-faces tiles (faces in plain order) → swizzled tiles; with transpose_face, transposed as described above.
template <class T, template <typename...> typename BufferType>
std::vector<T> convert_to_flat_layout(const BufferType<T>& data, std::optional<PhysicalSize> tile_shape = std::nullopt,
                                      std::optional<PhysicalSize> face_shape = std::nullopt,
                                      const bool transpose_face = false, const bool /*transpose_face_order*/ = false) {
    const auto g = tt::test_tiles_detail::Geometry(tile_shape, face_shape);
    const std::size_t tiles = data.size() / g.tile_size();
    std::vector<T> result(tiles * g.tile_size());
    for (std::size_t t = 0; t < tiles; t++) {
        const std::size_t base = t * g.tile_size();
        for (std::uint32_t i = 0; i < g.tile_size(); i++) {
            const std::uint32_t r = i / g.tile_w, c = i % g.tile_w;
            const std::uint32_t src = transpose_face ? tt::test_tiles_detail::FlatTransposedSource(g, i)
                                                     : tt::test_tiles_detail::NFacesIndex(g, r, c, false, false);
            result[base + i] = data[base + src];
        }
    }
    return result;
}

// Swizzled tiles → the H x W row-major matrix.
template <typename T, template <typename...> typename BufferType>
inline std::vector<T> untilize_nchw(const BufferType<T>& in, const PhysicalSize& shape,
                                    std::optional<PhysicalSize> tile_shape = std::nullopt) {
    std::vector<T> result;
    if (in.size() == 0) return result;
    const auto g = tt::test_tiles_detail::Geometry(tile_shape, std::nullopt);
    const std::uint32_t H = shape[0], W = shape[1];
    TT_ASSERT(H % g.tile_h == 0 && W % g.tile_w == 0);
    result.resize(std::size_t(H) * W);
    std::size_t i = 0;
    for (std::uint32_t tr = 0; tr < H; tr += g.tile_h)
        for (std::uint32_t tc = 0; tc < W; tc += g.tile_w)
            for (std::uint32_t r = 0; r < g.tile_h; r++)
                for (std::uint32_t c = 0; c < g.tile_w; c++) result[std::size_t(tr + r) * W + tc + c] = in[i++];
    return result;
}

// The H x W row-major matrix → swizzled tiles.
template <typename T, template <typename...> typename BufferType>
inline std::vector<T> tilize_nchw(const BufferType<T>& in_rowmajor, const PhysicalSize& shape,
                                  std::optional<PhysicalSize> tile_shape = std::nullopt) {
    std::vector<T> result;
    if (in_rowmajor.size() == 0) return result;
    const auto g = tt::test_tiles_detail::Geometry(tile_shape, std::nullopt);
    const std::uint32_t H = shape[0], W = shape[1];
    TT_ASSERT(H % g.tile_h == 0 && W % g.tile_w == 0);
    result.resize(std::size_t(H) * W);
    std::size_t i = 0;
    for (std::uint32_t tr = 0; tr < H; tr += g.tile_h)
        for (std::uint32_t tc = 0; tc < W; tc += g.tile_w)
            for (std::uint32_t r = 0; r < g.tile_h; r++)
                for (std::uint32_t c = 0; c < g.tile_w; c++) result[i++] = in_rowmajor[std::size_t(tr + r) * W + tc + c];
    return result;
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
