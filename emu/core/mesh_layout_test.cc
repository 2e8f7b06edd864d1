// Mesh layout: which device gets which shard (replicated dimensions, both orientations), the checks tt-metal makes,
// and gathering/scattering a shard out of the host's global buffer.
#include "emu/core/mesh_layout.h"

#include <gtest/gtest.h>

#include <numeric>
#include <stdexcept>
#include <tuple>
#include <vector>

namespace ttemu {
namespace {

using Visit = std::tuple<std::size_t, std::size_t, std::size_t, std::size_t>;

std::vector<Visit> Visits(const MeshSharding& s, std::size_t rows, std::size_t cols) {
    std::vector<Visit> out;
    ForEachMeshShard(s, rows, cols, [&](auto sy, auto sx, auto r, auto c) { out.emplace_back(sy, sx, r, c); });
    return out;
}

TEST(MeshLayout, FullyShardedGoesRowMajorOrColumnMajor) {
    MeshSharding s{4, 8, 2, 4, 4 * 8 * 2, true};
    CheckMeshSharding(s, 2, 2);
    EXPECT_EQ(Visits(s, 2, 2), (std::vector<Visit>{{0, 0, 0, 0}, {0, 1, 0, 1}, {1, 0, 1, 0}, {1, 1, 1, 1}}));
    s.row_major = false;
    EXPECT_EQ(Visits(s, 2, 2), (std::vector<Visit>{{0, 0, 0, 0}, {0, 1, 1, 0}, {1, 0, 0, 1}, {1, 1, 1, 1}}));
}

TEST(MeshLayout, ReplicatedDimensionsCopyShards) {
    MeshSharding both{2, 2, 0, 0, 16, true};
    EXPECT_EQ(Visits(both, 1, 2).size(), 2u);
    MeshSharding height{2, 4, 0, 2, 32, true};  // shards by columns, each down a mesh column
    EXPECT_EQ(Visits(height, 2, 2), (std::vector<Visit>{{0, 0, 0, 0}, {0, 0, 1, 0}, {0, 1, 0, 1}, {0, 1, 1, 1}}));
}

TEST(MeshLayout, ChecksWhatTtMetalChecks) {
    EXPECT_THROW(CheckMeshSharding({0, 4, 1, 1, 0, true}, 1, 1), std::runtime_error);
    EXPECT_THROW(CheckMeshSharding({4, 4, 3, 4, 64, true}, 2, 2), std::runtime_error);  // not aligned
    EXPECT_THROW(CheckMeshSharding({4, 4, 2, 2, 65, true}, 2, 2), std::runtime_error);  // not whole datums
    EXPECT_THROW(CheckMeshSharding({4, 4, 1, 1, 64, true}, 2, 2), std::runtime_error);  // 16 shards, 4 devices
    EXPECT_NO_THROW(CheckMeshSharding({4, 4, 2, 2, 64, true}, 2, 2));
    // Shapes whose products overflow 64 bits are refused, not divided by (a wrapped product of 0 was SIGFPE).
    const std::size_t huge = std::size_t{1} << 32;
    EXPECT_THROW(CheckMeshSharding({huge, huge, huge, huge, 1024, true}, 2, 4), std::runtime_error);
    EXPECT_THROW(CheckMeshSharding({huge, 1, 1, 1, 1024, true}, 2, 4), std::runtime_error);  // 2^32 shards
    EXPECT_THROW((MeshSharding{huge, huge, 0, 0, 0, true}.datum_size()), std::runtime_error);
}

TEST(MeshLayout, GatherAndScatterRoundTrip) {
    MeshSharding s{4, 4, 2, 2, 4 * 4 * 4, true};  // 4-byte datums
    ShardGeometry g(s);
    EXPECT_EQ(g.shard_bytes, 16u);
    std::vector<std::uint32_t> global(16);
    std::iota(global.begin(), global.end(), 0u);
    std::vector<std::uint32_t> shard(4);
    g.Gather(global.data(), 1, 1, shard.data());
    EXPECT_EQ(shard, (std::vector<std::uint32_t>{10, 11, 14, 15}));
    std::vector<std::uint32_t> back(16, 0);
    for (std::size_t y = 0; y < 2; y++)
        for (std::size_t x = 0; x < 2; x++) {
            g.Gather(global.data(), y, x, shard.data());
            g.Scatter(shard.data(), y, x, back.data());
        }
    EXPECT_EQ(back, global);
}

}  // namespace
}  // namespace ttemu

namespace ttemu {
namespace {

using Path = std::vector<std::pair<std::uint32_t, std::uint32_t>>;

TEST(MeshLayout, LinesSnakeAndRingsCircle) {
    EXPECT_EQ(LineCoordinates(5, 2, 3), (Path{{0, 0}, {0, 1}, {0, 2}, {1, 2}, {1, 1}}));
    EXPECT_THROW(LineCoordinates(3, 2, 4, 1, 2), std::runtime_error);  // two places from (1, 2)
    EXPECT_THROW(LineCoordinates(7, 2, 3), std::runtime_error);
    EXPECT_EQ(LineCoordinates(2, 2, 4, 1, 2), (Path{{1, 2}, {1, 3}}));
    EXPECT_EQ(RingCoordinates(2, 2, 2, 4), (Path{{0, 0}, {0, 1}, {1, 1}, {1, 0}}));
    EXPECT_EQ(RingCoordinates(1, 3, 2, 4), (Path{{0, 0}, {0, 1}, {0, 2}}));
    EXPECT_THROW(RingCoordinates(3, 1, 2, 4), std::runtime_error);
}

}  // namespace
}  // namespace ttemu
