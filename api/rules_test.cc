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
                        "setRuntimeArgsKernel", "setRuntimeArgsKernelPerCore", "setCommonRuntimeArgs"}));
}

TEST(Rules, OrderedAreTheAllocations) {
    std::vector<std::string> ordered;
    for (std::size_t i = 0; i < std::size(layout::kApiNames); i++)
        if (OrderedWithAllocations(static_cast<A>(i))) ordered.push_back(layout::kApiNames[i]);
    EXPECT_EQ(ordered.size(), 16u);
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
}

}  // namespace
}  // namespace ltcap
