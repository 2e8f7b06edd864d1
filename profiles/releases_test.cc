// The release table and the rules tables, as each release's folder states them: which release describes which
// call, and the facts of each row.
#include <string>

#include <gtest/gtest.h>

#include "api/releases.h"
#include "api/rules.h"

namespace ltcap {
namespace {

using A = layout::Api;

TEST(Releases, TheTableHoldsEachReleaseOnceOldestFirst) {
    ASSERT_EQ(kReleaseCount, 3u);
    EXPECT_STREQ(kProfiles[0].release, "v0.56.0");
    EXPECT_STREQ(kProfiles[1].release, "v0.67.0");
    EXPECT_STREQ(kProfiles[2].release, "v0.68.0-rc1");
    EXPECT_STREQ(kFallbackRelease, "v0.56.0");
    EXPECT_EQ(SupportedReleases(), "v0.56.0, v0.67.0, v0.68.0-rc1");
    EXPECT_EQ(FindProfile("v0.68.0"), nullptr);
    EXPECT_STREQ(FindProfile("v0.67.0")->shim, "libltcap_v067.so");
    EXPECT_STREQ(FindProfile("v0.68.0-rc1")->player, "ltplay_v068");
    EXPECT_STREQ(FindProfile("v0.56.0")->player, "ltplay");
    // No two releases share a probe: each names what that release alone defines (CreateDevice as v0.56.0 and v0.67.0
    // mangle it; v0.68.0-rc1's MetalEnv), and a release whose probe a later one keeps names the later one's.
    for (std::size_t i = 0; i < kReleaseCount; i++)
        for (std::size_t j = i + 1; j < kReleaseCount; j++)
            EXPECT_NE(std::string(kProfiles[i].probe_symbol), kProfiles[j].probe_symbol);
    EXPECT_NE(std::string(kProfiles[0].probe_symbol).find("CreateDevice"), std::string::npos);
    EXPECT_STREQ(kProfiles[1].later_symbol, kProfiles[2].probe_symbol);
}

TEST(Releases, OnlyTheMeshReleasesRunOnAMockDevice) {
    EXPECT_EQ(MockDevice("v0.56.0", {{"TT_METAL_MOCK_CLUSTER_DESC_PATH", "x.yaml"}}), "");
    EXPECT_EQ(MockDevice("v0.67.0", {{"TT_METAL_MOCK_CLUSTER_DESC_PATH", "x.yaml"}}),
              "TT_METAL_MOCK_CLUSTER_DESC_PATH=x.yaml");
    EXPECT_EQ(MockDevice("v0.67.0", {{"TT_METAL_MOCK_CLUSTER_DESC_PATH", "x.yaml"}, {"TT_METAL_SIMULATOR", "1"}}),
              "");
    EXPECT_EQ(MockDevice("v0.68.0-rc1", {{"TT_METAL_MOCK_CLUSTER_DESC_PATH", "x.yaml"}}),
              "TT_METAL_MOCK_CLUSTER_DESC_PATH=x.yaml");
}

// Each release describes its own functions; a value both describe is the same function to both.
TEST(Releases, EachDescribesItsOwnCalls) {
    EXPECT_TRUE(DescribedBy("v0.56.0", A::enqueueProgram));
    EXPECT_FALSE(DescribedBy("v0.67.0", A::enqueueProgram));  // v0.67.0 has no CommandQueue
    EXPECT_TRUE(DescribedBy("v0.67.0", A::meshDeviceCreateUnitMesh));
    EXPECT_FALSE(DescribedBy("v0.56.0", A::meshDeviceCreateUnitMesh));
    EXPECT_TRUE(DescribedBy("v0.56.0", A::createKernel) && DescribedBy("v0.67.0", A::createKernel));
    EXPECT_TRUE(DescribedBy("v0.67.0", A::meshCqEnqueueWriteMeshBuffer));  // a virtual member
    // v0.68.0-rc1: v0.67.0's calls and its own (MetalEnv's device makers), which v0.67.0 does not have
    EXPECT_TRUE(DescribedBy("v0.68.0-rc1", A::meshDeviceCreateUnitMesh));
    EXPECT_TRUE(DescribedBy("v0.68.0-rc1", A::metalEnvCreateUnitMeshDevice));
    EXPECT_FALSE(DescribedBy("v0.67.0", A::metalEnvCreateUnitMeshDevice));
    EXPECT_FALSE(DescribedBy("v0.56.0", A::createGlobalSemaphoreAtAddress));
    std::size_t v056 = 0, v067 = 0, v068 = 0, v067_not_v068 = 0;
    for (std::size_t i = 0; i < std::size(layout::kApiNames); i++) {
        v056 += DescribedBy("v0.56.0", static_cast<A>(i));
        v067 += DescribedBy("v0.67.0", static_cast<A>(i));
        v068 += DescribedBy("v0.68.0-rc1", static_cast<A>(i));
        v067_not_v068 += DescribedBy("v0.67.0", static_cast<A>(i)) && !DescribedBy("v0.68.0-rc1", static_cast<A>(i));
    }
    EXPECT_EQ(v056, 124u);
    EXPECT_GT(v067, 50u);
    EXPECT_EQ(v068, v067 + 4);  // a v0.67.0 log means the same on v0.68.0-rc1: nothing dropped
    EXPECT_EQ(v067_not_v068, 0u);
}

}  // namespace
}  // namespace ltcap
