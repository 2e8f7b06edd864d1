// Where the pages of a sharded buffer go: for each host page, the index of its core in the buffer's core list and
// its slot (in pages) in that core's part of the buffer. Two schemes, both tt-metal's:
//   - 2-D shard specs (HEIGHT/WIDTH/BLOCK_SHARDED): shards numbered row by row over the tensor's 2-D page grid,
//     shard k on core k; inside a shard, pages row-major with the full shard width as stride (a partial shard at an
//     edge leaves gaps). Height sharding takes pages in order, shard_pages at a time.
//   - N-D distribution specs: shards numbered row-major over the shard grid, shard k on core k % cores in slot
//     k / cores; inside a shard, pages row-major over the shard shape. A kernel's TensorAccessor computes the same.
#pragma once

#include <cstdint>
#include <vector>

namespace ttemu {

struct PageSlot {
    std::uint32_t core;  // index into the buffer's core list
    std::uint64_t slot;  // pages from the start of the buffer on that core
};

std::vector<PageSlot> Shard2DMapping(bool height_sharded, std::uint64_t num_pages, std::uint32_t tensor_cols_pages,
                                     std::uint32_t shard_rows_pages, std::uint32_t shard_cols_pages,
                                     std::uint32_t num_cores);

std::vector<PageSlot> ShardNdMapping(const std::vector<std::uint32_t>& tensor_shape_pages,
                                     const std::vector<std::uint32_t>& shard_shape_pages, std::uint32_t num_cores);

// Pages per core an N-D distribution needs: ceil(shards / cores) × shard volume.
std::uint64_t ShardNdPagesPerCore(const std::vector<std::uint32_t>& tensor_shape_pages,
                                  const std::vector<std::uint32_t>& shard_shape_pages, std::uint32_t num_cores);

}  // namespace ttemu
