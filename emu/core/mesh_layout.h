// How a sharded mesh buffer maps onto a mesh of devices, as tt-metal's MeshBuffer does it in every release the
// project knows: a 2-D global buffer (rows × columns of datums) cut into shards; a shard dimension of 0 replicates
// along that dimension; shards, in row-major order of the global buffer, go to devices in
// row-major (ROW_MAJOR) or column-major order of the mesh. The façades describe their ShardedBufferConfig in these
// neutral terms and copy each shard's rows between the host's global buffer and the device's buffer.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <utility>
#include <vector>

namespace ttemu {

struct MeshSharding {
    std::size_t global_h = 0, global_w = 0;  // datums
    std::size_t shard_h = 0, shard_w = 0;    // datums; 0 replicates along that dimension
    std::uint64_t global_size = 0;           // bytes
    bool row_major = true;                   // shard orientation

    bool height_replicated() const { return shard_h == 0; }
    bool width_replicated() const { return shard_w == 0; }
    std::size_t physical_h() const { return shard_h == 0 ? global_h : shard_h; }
    std::size_t physical_w() const { return shard_w == 0 ? global_w : shard_w; }
    std::uint64_t datum_size() const;   // throws for an empty global shape
    std::uint64_t shard_bytes() const;  // throws when it does not fit in 64 bits
};

// Throws, with tt-metal's messages, when the sharding is not possible on a rows × cols mesh (shapes whose products
// overflow included).
void CheckMeshSharding(const MeshSharding& s, std::size_t rows, std::size_t cols);

// Calls each(shard_y, shard_x, row, col) once per (shard, device) pair — a replicated dimension gives a shard to
// several devices — in the order tt-metal writes them.
void ForEachMeshShard(const MeshSharding& s, std::size_t rows, std::size_t cols,
                      const std::function<void(std::size_t, std::size_t, std::size_t, std::size_t)>& each);

// Byte geometry of one shard inside the host's row-major global buffer.
struct ShardGeometry {
    std::size_t row_bytes, rows, stride, shard_bytes;
    explicit ShardGeometry(const MeshSharding& s);
    std::size_t Offset(std::size_t shard_y, std::size_t shard_x) const {
        return shard_x * row_bytes + shard_y * stride * rows;
    }
    // Shard (shard_y, shard_x) of `global` into the contiguous `shard`, or back.
    void Gather(const void* global, std::size_t shard_y, std::size_t shard_x, void* shard) const;
    void Scatter(const void* shard, std::size_t shard_y, std::size_t shard_x, void* global) const;
};

// Paths through a rows × cols mesh, as (row, col) pairs (MeshDeviceView's lines and rings):
// a snake of `length` devices from (row0, col0): along the first row, back along the next, …; throws if it does not
// fit.
std::vector<std::pair<std::uint32_t, std::uint32_t>> LineCoordinates(std::size_t length, std::size_t rows,
                                                                     std::size_t cols, std::size_t row0 = 0,
                                                                     std::size_t col0 = 0);
// The border of the top-left ring_rows × ring_cols box, clockwise from (0, 0); throws if it does not fit.
std::vector<std::pair<std::uint32_t, std::uint32_t>> RingCoordinates(std::size_t ring_rows, std::size_t ring_cols,
                                                                     std::size_t rows, std::size_t cols);

}  // namespace ttemu
