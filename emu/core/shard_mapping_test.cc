// Shard mappings: each page's core and slot for 2-D shard specs (with edge shards) and N-D distributions.
#include "emu/core/shard_mapping.h"

#include <gtest/gtest.h>

#include <set>
#include <stdexcept>

namespace ttemu {
namespace {

TEST(Shard2D, HeightShardingTakesPagesInOrder) {
    const auto m = Shard2DMapping(true, 10, 1, 4, 1, 3);
    ASSERT_EQ(m.size(), 10u);
    EXPECT_EQ(m[0].core, 0u);
    EXPECT_EQ(m[3].slot, 3u);
    EXPECT_EQ(m[4].core, 1u);
    EXPECT_EQ(m[4].slot, 0u);
    EXPECT_EQ(m[9].core, 2u);
    EXPECT_EQ(m[9].slot, 1u);
    EXPECT_THROW(Shard2DMapping(true, 13, 1, 4, 1, 3), std::runtime_error);  // needs a fourth core
}

TEST(Shard2D, BlockShardingUsesTheFullShardWidthAsStride) {
    // A 3x5-page tensor in 2x2 shards: 2 shard rows x 3 shard columns; the last column is one page wide.
    const auto m = Shard2DMapping(false, 15, 5, 2, 2, 6);
    EXPECT_EQ(m[0].core, 0u);
    EXPECT_EQ(m[1].slot, 1u);
    EXPECT_EQ(m[5].slot, 2u);  // row 1, column 0: second shard row
    EXPECT_EQ(m[4].core, 2u);  // column 4 is in the third shard column
    EXPECT_EQ(m[4].slot, 0u);
    EXPECT_EQ(m[9].slot, 2u);  // the partial shard keeps stride 2, leaving a gap at slot 1 and 3
    EXPECT_EQ(m[10].core, 3u);
    EXPECT_EQ(m[14].core, 5u);
    EXPECT_THROW(Shard2DMapping(false, 15, 5, 0, 2, 6), std::runtime_error);
}

TEST(ShardNd, ShardsGoRoundRobinOverCores) {
    // A 4x4-page tensor in 2x2 shards over 3 cores: shards 0..3; shard 3 goes to core 0, slot 4.
    const auto m = ShardNdMapping({4, 4}, {2, 2}, 3);
    EXPECT_EQ(m[0].core, 0u);
    EXPECT_EQ(m[5].slot, 3u);  // (1,1) in shard 0
    EXPECT_EQ(m[2].core, 1u);
    EXPECT_EQ(m[8].core, 2u);
    EXPECT_EQ(m[15].core, 0u);
    EXPECT_EQ(m[15].slot, 4u + 3u);
    EXPECT_EQ(ShardNdPagesPerCore({4, 4}, {2, 2}, 3), 8u);
    std::set<std::pair<std::uint32_t, std::uint64_t>> places;
    for (const auto& p : m) places.insert({p.core, p.slot});
    EXPECT_EQ(places.size(), m.size());  // no two pages share a place
}

TEST(ShardNd, RejectsBadShapes) {
    EXPECT_THROW(ShardNdMapping({4, 4}, {2}, 1), std::runtime_error);
    EXPECT_THROW(ShardNdMapping({4, 4}, {0, 2}, 1), std::runtime_error);
    EXPECT_THROW(ShardNdMapping({4, 4}, {2, 2}, 0), std::runtime_error);
    EXPECT_EQ(ShardNdPagesPerCore({4}, {2}, 0), 0u);
}

}  // namespace
}  // namespace ttemu
