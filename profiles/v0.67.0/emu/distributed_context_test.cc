// The one-host distributed context as a program sees it: made when a device opens, rank 0 of 1, collectives that
// give the one part back, point-to-point calls that say there is no peer.
#include <gtest/gtest.h>

#include <array>
#include <cstring>

#include <tt-metalium/distributed_context.hpp>
#include <tt-metalium/mesh_device.hpp>

namespace {

using namespace tt::tt_metal::distributed::multihost;

TEST(DistributedContextTest, TheWorldIsMadeWithTheFirstDeviceAndStays) {
    EXPECT_FALSE(DistributedContext::is_initialized());
    auto mesh = tt::tt_metal::distributed::MeshDevice::create_unit_mesh(0);
    EXPECT_TRUE(DistributedContext::is_initialized());
    const ContextPtr& world = DistributedContext::get_current_world();
    ASSERT_NE(world, nullptr);
    EXPECT_EQ(*world->rank(), 0);
    EXPECT_EQ(*world->size(), 1);
    DistributedContext::create(0, nullptr);  // already made: the same world
    EXPECT_EQ(DistributedContext::get_current_world(), world);
    mesh->close();
}

TEST(DistributedContextTest, CollectivesOverOneRankGiveThePartBack) {
    const ContextPtr& world = DistributedContext::get_current_world();
    std::array<int, 4> in{1, 2, 3, 4}, out{};
    world->all_reduce(tt::stl::Span<int>(in), tt::stl::Span<int>(out), ReduceOp::SUM);
    EXPECT_EQ(out, in);
    out = {};
    world->all_gather(std::as_writable_bytes(tt::stl::Span<int>(in)), std::as_writable_bytes(tt::stl::Span<int>(out)));
    EXPECT_EQ(out, in);
    world->barrier();
    world->broadcast(std::as_writable_bytes(tt::stl::Span<int>(in)), Rank(0));
    std::array<int, 2> small{};
    EXPECT_THROW(world->gather(std::as_writable_bytes(tt::stl::Span<int>(in)),
                               std::as_writable_bytes(tt::stl::Span<int>(small)), Rank(0)),
                 std::exception);
    EXPECT_THROW(world->reduce(tt::stl::Span<int>(in), tt::stl::Span<int>(out), ReduceOp::MAX, Rank(1)), std::exception);
}

TEST(DistributedContextTest, PointToPointHasNoPeer) {
    const ContextPtr& world = DistributedContext::get_current_world();
    std::array<std::byte, 8> buffer{};
    EXPECT_THROW(world->send(tt::stl::Span<std::byte>(buffer), Rank(0), Tag(1)), std::exception);
    EXPECT_THROW(world->recv(tt::stl::Span<std::byte>(buffer), Rank(0), Tag(1)), std::exception);
}

TEST(DistributedContextTest, DerivedContextsAreOneRankToo) {
    const ContextPtr& world = DistributedContext::get_current_world();
    const ContextPtr copy = world->duplicate();
    ASSERT_NE(copy, nullptr);
    EXPECT_NE(*copy->id(), *world->id());
    EXPECT_EQ(*copy->size(), 1);
    EXPECT_EQ(world->split(Color(DistributedContext::SPLIT_COLOR_UNDEFINED), Key(0)), nullptr);
    EXPECT_NE(world->split(Color(3), Key(0)), nullptr);
    std::array<int, 1> ranks{0}, translated{7};
    world->translate_ranks_to_other_ctx(tt::stl::Span<int>(ranks), copy, tt::stl::Span<int>(translated));
    EXPECT_EQ(translated[0], 0);
    std::array<int, 1> other{1};
    EXPECT_THROW((void)world->create_sub_context(tt::stl::Span<int>(other)), std::exception);
}

}  // namespace
