// The tile layouts of tt-metal's host helpers, as pure index arithmetic over element arrays: row-major matrices,
// "swizzled" tiles (tiles in row-major order, each tile row-major) and "n-faces" tiles (each tile split into faces
// stored one after another). Every profile's tilize helpers (v0.56.0's header templates, v0.67.0's exported
// instantiations) are these functions.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace ttemu::tiles {

struct TileGeometry {
    std::uint32_t tile_h, tile_w, face_h, face_w;
    std::uint32_t faces_down() const { return tile_h / face_h; }
    std::uint32_t faces_across() const { return tile_w / face_w; }
    std::uint32_t tile_size() const { return tile_h * tile_w; }
    std::uint32_t face_size() const { return face_h * face_w; }
};

inline TileGeometry Geometry(std::optional<std::array<std::uint32_t, 2>> tile_shape,
                             std::optional<std::array<std::uint32_t, 2>> face_shape) {
    TileGeometry g{32, 32, 16, 16};
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


// Swizzled tiles → n-faces tiles.
template <class T>
std::vector<T> ToNFaces(const T* data, std::size_t n, const TileGeometry& g, bool transpose_face,
                        bool transpose_face_order) {
    const std::size_t tiles = n / g.tile_size();
    std::vector<T> result(tiles * g.tile_size());
    for (std::size_t t = 0; t < tiles; t++) {
        const std::size_t base = t * g.tile_size();
        for (std::uint32_t r = 0; r < g.tile_h; r++)
            for (std::uint32_t c = 0; c < g.tile_w; c++)
                result[base + NFacesIndex(g, r, c, transpose_face, transpose_face_order)] = data[base + r * g.tile_w + c];
    }
    return result;
}

// N-faces tiles (faces in plain order) → swizzled tiles; with transpose_face, transposed as FlatTransposedSource says.
template <class T>
std::vector<T> ToSwizzled(const T* data, std::size_t n, const TileGeometry& g, bool transpose_face) {
    const std::size_t tiles = n / g.tile_size();
    std::vector<T> result(tiles * g.tile_size());
    for (std::size_t t = 0; t < tiles; t++) {
        const std::size_t base = t * g.tile_size();
        for (std::uint32_t i = 0; i < g.tile_size(); i++) {
            const std::uint32_t r = i / g.tile_w, c = i % g.tile_w;
            const std::uint32_t src = transpose_face ? FlatTransposedSource(g, i) : NFacesIndex(g, r, c, false, false);
            result[base + i] = data[base + src];
        }
    }
    return result;
}

// N-faces tiles → swizzled tiles, the exact inverse of ToNFaces (v0.67.0's reading of a transposed tile).
template <class T>
std::vector<T> FromNFaces(const T* data, std::size_t n, const TileGeometry& g, bool transpose_face,
                          bool transpose_face_order) {
    const std::size_t tiles = n / g.tile_size();
    std::vector<T> result(tiles * g.tile_size());
    for (std::size_t t = 0; t < tiles; t++) {
        const std::size_t base = t * g.tile_size();
        for (std::uint32_t r = 0; r < g.tile_h; r++)
            for (std::uint32_t c = 0; c < g.tile_w; c++)
                result[base + r * g.tile_w + c] = data[base + NFacesIndex(g, r, c, transpose_face, transpose_face_order)];
    }
    return result;
}

// Swizzled tiles → the h × w row-major matrix (or back, with to_tiles); h and w must be multiples of the tile's.
// One matrix, or with `batched` every whole h × w matrix of the input in turn. Throws when the input is shorter.
template <class T>
std::vector<T> Untilize(const T* data, std::size_t n, std::uint32_t h, std::uint32_t w, const TileGeometry& g,
                        bool to_tiles = false, bool batched = false) {
    std::vector<T> result;
    if (n == 0) return result;
    if (h % g.tile_h || w % g.tile_w) throw std::invalid_argument("the matrix is not a whole number of tiles");
    const std::size_t matrix = std::size_t(h) * w;
    if (matrix == 0 || n < matrix || (batched && n % matrix))
        throw std::invalid_argument("the input is not a whole number of " + std::to_string(h) + "x" +
                                    std::to_string(w) + " matrices");
    const std::size_t batches = batched ? n / matrix : 1;
    result.resize(batches * matrix);
    std::size_t i = 0;
    for (std::size_t b = 0; b < batches; b++)
        for (std::uint32_t tr = 0; tr < h; tr += g.tile_h)
            for (std::uint32_t tc = 0; tc < w; tc += g.tile_w)
                for (std::uint32_t r = 0; r < g.tile_h; r++)
                    for (std::uint32_t c = 0; c < g.tile_w; c++, i++) {
                        const std::size_t flat = b * matrix + std::size_t(tr + r) * w + tc + c;
                        if (to_tiles) result[i] = data[flat];
                        else result[flat] = data[i];
                    }
    return result;
}

}  // namespace ttemu::tiles
