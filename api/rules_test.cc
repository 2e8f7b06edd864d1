// The per-function tables derived from the description say what the entries say.
#include "api/rules.h"

#include <gtest/gtest.h>

namespace ltcap {
namespace {

using A = layout::Api;

TEST(Rules, StateRoles) {
    EXPECT_EQ(StateRoleOf(A::createDevice), StateRole::kJournal);
    EXPECT_EQ(StateRoleOf(A::createBufferSharded), StateRole::kJournal);
    EXPECT_EQ(StateRoleOf(A::getRuntimeArgs), StateRole::kTrack);
    EXPECT_EQ(StateRoleOf(A::closeDevice), StateRole::kPrune);
    EXPECT_EQ(StateRoleOf(A::bufferReleased), StateRole::kPrune);
    EXPECT_EQ(StateRoleOf(A::enqueueReadBuffer), StateRole::kNone);
    EXPECT_EQ(StateRoleOf(A::enqueueProgram), StateRole::kNone);
}

TEST(Rules, KeptLateAreTheProgramSettings) {
    std::vector<std::string> late;
    for (std::size_t i = 0; i < std::size(layout::kApiNames); i++)
        if (KeptLate(static_cast<A>(i))) late.push_back(layout::kApiNames[i]);
    EXPECT_EQ(late, (std::vector<std::string>{
                        "updateCircularBufferTotalSize", "updateCircularBufferPageSize",
                        "updateDynamicCircularBufferAddress", "updateDynamicCircularBufferAddressAndTotalSize",
                        "assignGlobalBufferToProgram", "setRuntimeArgs", "setRuntimeArgsPerCore",
                        "setRuntimeArgsKernel", "setRuntimeArgsKernelPerCore", "setCommonRuntimeArgs",
                        // v0.67.0's initializer_list forms
                        "setRuntimeArgsList", "setCommonRuntimeArgsList",
                        // v0.67.0's circular buffers over a global one
                        "updateDynamicCircularBufferAddressGlobal"}));
}

// Every Api value is some release's; a release ltcap does not speak describes nothing.
TEST(Rules, EveryValueHasARelease) {
    ASSERT_GE(kReleaseCount, 1u);
    for (std::size_t i = 0; i < std::size(layout::kApiNames); i++) {
        bool described = false;
        for (const ProfileTools& p : kProfiles) described = described || DescribedBy(p.release, static_cast<A>(i));
        EXPECT_TRUE(described) << layout::kApiNames[i];
        EXPECT_FALSE(DescribedBy("v0.0.0-none", static_cast<A>(i)));
    }
    EXPECT_FALSE(DescribedBy(kProfiles[0].release, static_cast<A>(std::size(layout::kApiNames))));
    EXPECT_TRUE(ClassOf(A::meshReplayMeshTrace).launch);
    EXPECT_TRUE(ClassOf(A::meshCqFinish).finish);
}

TEST(Rules, OrderedAreTheAllocations) {
    std::vector<std::string> ordered;
    for (std::size_t i = 0; i < std::size(layout::kApiNames); i++)
        if (OrderedWithAllocations(static_cast<A>(i))) ordered.push_back(layout::kApiNames[i]);
    // 16 of v0.56.0; v0.67.0: create (+worker_l1), create_unit_mesh, create_unit_meshes, begin_mesh_trace ×2,
    // CreateGlobalCircularBuffer (its two buffers); v0.68.0-rc1: MetalEnv's three device makers, CreateGlobalSemaphore
    // at an address
    EXPECT_EQ(ordered.size(), 26u);
    // Whatever makes a buffer allocates: ordered, however the buffer comes to be.
    for (std::size_t i = 0; i < std::size(layout::kApiNames); i++)
        if (RulesOf(static_cast<A>(i)).keep == Keep::kCreatesBuffer)
            EXPECT_TRUE(OrderedWithAllocations(static_cast<A>(i))) << layout::kApiNames[i];
    EXPECT_TRUE(OrderedWithAllocations(A::bufferCreate));
    EXPECT_TRUE(OrderedWithAllocations(A::beginTraceCapture));
    EXPECT_TRUE(OrderedWithAllocations(A::deallocateBuffer));
    EXPECT_FALSE(OrderedWithAllocations(A::bufferReleased));
    // The mesh API's allocations (a release, like a buffer's, may run on a thread another one waits for).
    EXPECT_TRUE(OrderedWithAllocations(A::meshDeviceCreate));
    EXPECT_TRUE(OrderedWithAllocations(A::meshBufferCreate));
    EXPECT_TRUE(OrderedWithAllocations(A::meshBufferDeallocate));
    EXPECT_TRUE(OrderedWithAllocations(A::meshBeginTraceCapture));
    EXPECT_FALSE(OrderedWithAllocations(A::meshBufferReleased));
}

TEST(Rules, Flags) {
    EXPECT_TRUE(RulesOf(A::enqueueProgram).has(kLaunch));
    EXPECT_TRUE(RulesOf(A::replayTrace).has(kLaunch));
    EXPECT_TRUE(RulesOf(A::synchronize).has(kFinish));
    EXPECT_FALSE(RulesOf(A::enqueueTrace).has(kFinish));
    EXPECT_TRUE(RulesOf(A::lightMetalBeginCapture).has(kLightMetalBegin));
    EXPECT_TRUE(RulesOf(A::bufferReleased).has(kNotACall));
    EXPECT_FALSE(RulesOf(A::finish).has(kNotACall));
    EXPECT_TRUE(RulesOf(A::enqueueMeshWorkload).has(kLaunch));
    EXPECT_TRUE(RulesOf(A::meshCqEnqueueMeshWorkload).has(kLaunch));
    EXPECT_TRUE(RulesOf(A::meshReplayTrace).has(kLaunch));
    EXPECT_TRUE(RulesOf(A::meshFinish).has(kFinish));
    EXPECT_TRUE(RulesOf(A::meshCqFinish).has(kFinish));
    EXPECT_TRUE(RulesOf(A::meshDeviceReleased).has(kNotACall));
    // Calls that may build kernels: their builds follow them in the log.
    EXPECT_TRUE(ClassOf(A::detailCompileProgram).builds_kernels);
    EXPECT_TRUE(ClassOf(A::detailCompileProgramForced).builds_kernels);
    EXPECT_TRUE(ClassOf(A::enqueueProgram).builds_kernels);
    EXPECT_FALSE(ClassOf(A::detailCompileProgram).launch);
    EXPECT_FALSE(ClassOf(A::createKernel).builds_kernels);
}

}  // namespace
}  // namespace ltcap
