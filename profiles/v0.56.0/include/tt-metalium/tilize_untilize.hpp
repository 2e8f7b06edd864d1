// Row-major ↔ tile-major reordering of an m × n matrix (32×32 tiles of four 16×16 faces), in place.
//   tilize(values, M, N);  …  untilize(values, M, N);
#pragma once

#include <cstdint>
#include <vector>

namespace tt::tt_metal::tilize_detail {
// Index in the row-major matrix of the element stored at position i of the tiled layout.
inline std::size_t row_major_index(std::size_t i, std::uint32_t n) {
    const std::size_t tiles_per_row = n / 32;
    const std::size_t tile = i / 1024, within = i % 1024;
    const std::size_t face = within / 256, in_face = within % 256;
    const std::size_t row = (tile / tiles_per_row) * 32 + (face / 2) * 16 + in_face / 16;
    const std::size_t col = (tile % tiles_per_row) * 32 + (face % 2) * 16 + in_face % 16;
    return row * n + col;
}
}  // namespace tt::tt_metal::tilize_detail

template <typename T>
void tilize(std::vector<T>& input, std::uint32_t m, std::uint32_t n) {
    std::vector<T> out(input.size());
    for (std::size_t i = 0; i < std::size_t(m) * n; i++)
        out[i] = input[tt::tt_metal::tilize_detail::row_major_index(i, n)];
    input.swap(out);
}

template <typename T>
void untilize(std::vector<T>& input, std::uint32_t m, std::uint32_t n) {
    std::vector<T> out(input.size());
    for (std::size_t i = 0; i < std::size_t(m) * n; i++)
        out[tt::tt_metal::tilize_detail::row_major_index(i, n)] = input[i];
    input.swap(out);
}
