#include "mesh_layout.h"

#include <cstring>

#include "errors.h"

namespace ttemu {

namespace {
// a * b, or a TT_THROW naming `what` when the product does not fit (shapes from a program or a log may be anything).
std::uint64_t Product(std::uint64_t a, std::uint64_t b, const char* what) {
    std::uint64_t out = 0;
    if (__builtin_mul_overflow(a, b, &out)) Throw("MeshBuffer::create: the ", what, " ", a, "x", b, " is too large");
    return out;
}
}  // namespace

std::uint64_t MeshSharding::datum_size() const {
    const std::uint64_t datums = Product(global_h, global_w, "global buffer shape");
    if (datums == 0) Throw("ShardedBufferConfig: the global buffer shape is empty");
    return global_size / datums;
}

std::uint64_t MeshSharding::shard_bytes() const {
    return Product(Product(datum_size(), physical_h(), "shard"), physical_w(), "shard");
}

void CheckMeshSharding(const MeshSharding& s, std::size_t rows, std::size_t cols) {
    if (s.global_h == 0 || s.global_w == 0) Throw("MeshBuffer::create: the global buffer shape is empty");
    const std::size_t sh = s.physical_h(), sw = s.physical_w();
    if (s.global_h % sh || s.global_w % sw)
        Throw("Global buffer shape must be aligned with the shard shape: requested buffer shape: (", s.global_h, ", ",
              s.global_w, "), shard shape: (", sh, ", ", sw, ")");
    if (s.global_size % Product(s.global_h, s.global_w, "global buffer shape"))
        Throw("MeshBuffer::create: a global size of ", s.global_size, " B is not a whole number of datums of the ",
              s.global_h, "x", s.global_w, " global shape");
    std::uint64_t shards = Product(s.global_h / sh, s.global_w / sw, "shard grid");
    if (s.height_replicated() && s.width_replicated()) shards = Product(shards, rows * cols, "shard count");
    else if (s.height_replicated() || s.width_replicated()) shards = Product(shards, s.row_major ? rows : cols, "shard count");
    if (shards > rows * cols)
        Throw("The sharded tensor does not fit on the Mesh. Num shards in buffer ", shards, ", Num Devices ",
              rows * cols);
    s.shard_bytes();  // fits
}

void ForEachMeshShard(const MeshSharding& s, std::size_t rows, std::size_t cols,
                      const std::function<void(std::size_t, std::size_t, std::size_t, std::size_t)>& each) {
    const std::size_t shards_x = s.global_w / s.physical_w(), shards_y = s.global_h / s.physical_h();
    const bool hr = s.height_replicated(), wr = s.width_replicated();
    std::size_t dx = 0, dy = 0;
    for (std::size_t sy = 0; sy < shards_y; sy++) {
        for (std::size_t sx = 0; sx < shards_x; sx++) {
            if (hr && wr) {
                for (std::size_t x = 0; x < cols; x++)
                    for (std::size_t y = 0; y < rows; y++) each(sy, sx, y, x);
            } else if (hr || wr) {
                if (s.row_major) {
                    for (std::size_t y = 0; y < rows; y++) each(sy, sx, y, dx);
                    dx++;
                } else {
                    for (std::size_t x = 0; x < cols; x++) each(sy, sx, dy, x);
                    dy++;
                }
            } else {
                each(sy, sx, dy, dx);
                if (s.row_major ? ++dx == cols : ++dy == rows) {
                    (s.row_major ? dx : dy) = 0;
                    ++(s.row_major ? dy : dx);
                }
            }
        }
    }
}

ShardGeometry::ShardGeometry(const MeshSharding& s) {
    const std::size_t datum = s.datum_size();
    row_bytes = datum * s.physical_w();
    rows = s.physical_h();
    stride = datum * s.global_w;
    shard_bytes = row_bytes * rows;
}

void ShardGeometry::Gather(const void* global, std::size_t shard_y, std::size_t shard_x, void* shard) const {
    const auto* src = static_cast<const std::uint8_t*>(global) + Offset(shard_y, shard_x);
    auto* dst = static_cast<std::uint8_t*>(shard);
    for (std::size_t r = 0; r < rows; r++) std::memcpy(dst + r * row_bytes, src + r * stride, row_bytes);
}

void ShardGeometry::Scatter(const void* shard, std::size_t shard_y, std::size_t shard_x, void* global) const {
    const auto* src = static_cast<const std::uint8_t*>(shard);
    auto* dst = static_cast<std::uint8_t*>(global) + Offset(shard_y, shard_x);
    for (std::size_t r = 0; r < rows; r++) std::memcpy(dst + r * stride, src + r * row_bytes, row_bytes);
}

std::vector<std::pair<std::uint32_t, std::uint32_t>> LineCoordinates(std::size_t length, std::size_t rows,
                                                                     std::size_t cols, std::size_t row0,
                                                                     std::size_t col0) {
    std::vector<std::pair<std::uint32_t, std::uint32_t>> out;
    const std::size_t h = row0 < rows ? rows - row0 : 0, w = col0 < cols ? cols - col0 : 0;
    for (std::size_t r = 0; r < h && out.size() < length; r++)
        for (std::size_t i = 0; i < w && out.size() < length; i++) {
            const std::size_t c = r % 2 ? w - 1 - i : i;
            out.emplace_back(static_cast<std::uint32_t>(row0 + r), static_cast<std::uint32_t>(col0 + c));
        }
    if (out.size() < length)
        Throw("a line of ", length, " devices does not fit in a ", rows, "x", cols, " mesh from (", row0, ", ", col0,
              ")");
    return out;
}

std::vector<std::pair<std::uint32_t, std::uint32_t>> RingCoordinates(std::size_t h, std::size_t w, std::size_t rows,
                                                                     std::size_t cols) {
    if (h > rows || w > cols || h == 0 || w == 0)
        Throw("a ", h, "x", w, " ring does not fit in a ", rows, "x", cols, " mesh");
    std::vector<std::pair<std::uint32_t, std::uint32_t>> out;
    auto add = [&](std::size_t r, std::size_t c) {
        out.emplace_back(static_cast<std::uint32_t>(r), static_cast<std::uint32_t>(c));
    };
    for (std::size_t c = 0; c < w; c++) add(0, c);
    for (std::size_t r = 1; r < h; r++) add(r, w - 1);
    if (h > 1)
        for (std::size_t c = w - 1; c-- > 0;) add(h - 1, c);
    if (w > 1)
        for (std::size_t r = h - 1; r-- > 1;) add(r, 0);
    return out;
}

}  // namespace ttemu
