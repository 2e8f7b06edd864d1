#include "interpose/mesh_registry.h"

#include <gtest/gtest.h>

namespace ltcap {
namespace {

TEST(MeshRegistry, KnowsMeshesAndTheirQueues) {
    MeshRegistry r;
    EXPECT_FALSE(r.IsMesh(0x100));
    r.AddMesh(0x100);
    EXPECT_TRUE(r.IsMesh(0x100));
    EXPECT_FALSE(r.IsMesh(0x200));
    r.AddQueue(0x180, {0x100, 7, 1});
    MeshRegistry::Queue q;
    ASSERT_TRUE(r.FindQueue(0x180, q));
    EXPECT_EQ(q.mesh_key, 0x100u);
    EXPECT_EQ(q.mesh_id, 7u);
    EXPECT_EQ(q.index, 1u);
    EXPECT_FALSE(r.FindQueue(0x999, q));
}

TEST(MeshRegistry, APlainDeviceAtAMeshsAddressEndsItAndItsQueues) {
    MeshRegistry r;
    r.AddMesh(0x100);
    r.AddQueue(0x180, {0x100, 7, 0});
    r.AddMesh(0x300);
    r.AddQueue(0x380, {0x300, 8, 0});
    r.Forget(0x100);
    EXPECT_FALSE(r.IsMesh(0x100));
    MeshRegistry::Queue q;
    EXPECT_FALSE(r.FindQueue(0x180, q));
    EXPECT_TRUE(r.FindQueue(0x380, q));  // another mesh's queue stays
    EXPECT_TRUE(r.IsMesh(0x300));
}

}  // namespace
}  // namespace ltcap
