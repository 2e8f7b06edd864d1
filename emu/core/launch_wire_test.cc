// A launch plan through the bytes the persistent kernel worker reads.
#include "launch_wire.h"

#include <cstring>

#include <gtest/gtest.h>

#include "kernel_build.h"

namespace ttemu {
namespace {

LaunchPlan Sample() {
    auto whole = std::make_shared<CompiledKernel>();
    whole->name = "reader";
    whole->objects = {"/cache/a/kernel.so"};
    auto split = std::make_shared<CompiledKernel>();
    split->name = "compute";
    split->objects = {"/cache/b/unpack.so", "/cache/b/math.so", "/cache/b/pack.so"};
    LaunchPlan plan;
    plan.chip = reinterpret_cast<Chip*>(std::uintptr_t{0x1234});
    plan.program_id = 77;
    CoreLaunch c;
    c.core = {3, 4};
    c.kernels.push_back({whole, "reader on 3,4", Slot::kNcrisc, 1, {1, 2, 3}, {}});
    c.kernels.push_back({split, "compute", Slot::kCompute, 0, {}, {9}});
    c.cbs.push_back({16, 0x20000, 4096, 2048, 5});
    c.remote_cbs.push_back({31, 0x30000, 1024, 0x3});
    c.semaphores = {{0, 1}, {2, 7}};
    plan.cores.push_back(c);
    CoreLaunch d = c;
    d.core = {0, 0};
    d.kernels.pop_back();
    plan.cores.push_back(d);
    return plan;
}

TEST(LaunchWire, RoundTrips) {
    const LaunchPlan plan = Sample();
    std::map<std::string, std::shared_ptr<CompiledKernel>> kernels;
    const LaunchPlan back = DecodePlan(EncodePlan(plan), kernels);
    EXPECT_EQ(back.chip, plan.chip);
    EXPECT_EQ(back.program_id, 77u);
    ASSERT_EQ(back.cores.size(), 2u);
    const CoreLaunch& c = back.cores[0];
    EXPECT_EQ(c.core, (CoreXY{3, 4}));
    ASSERT_EQ(c.kernels.size(), 2u);
    EXPECT_EQ(c.kernels[0].name, "reader on 3,4");
    EXPECT_EQ(c.kernels[0].slot, Slot::kNcrisc);
    EXPECT_EQ(c.kernels[0].noc, 1);
    EXPECT_EQ(c.kernels[0].args, (std::vector<std::uint32_t>{1, 2, 3}));
    EXPECT_EQ(c.kernels[1].common_args, (std::vector<std::uint32_t>{9}));
    EXPECT_EQ(c.kernels[1].binary->objects.size(), 3u);
    EXPECT_FALSE(c.kernels[1].binary->loaded);
    ASSERT_EQ(c.cbs.size(), 1u);
    EXPECT_EQ(c.cbs[0].index, 16);
    EXPECT_EQ(c.cbs[0].page_size, 2048u);
    EXPECT_EQ(c.remote_cbs[0].local_mask, 3u);
    EXPECT_EQ(c.semaphores, (std::vector<std::pair<std::uint32_t, std::uint32_t>>{{0, 1}, {2, 7}}));
    // The same objects are one kernel, in this plan and the next.
    EXPECT_EQ(back.cores[1].kernels[0].binary, c.kernels[0].binary);
    EXPECT_EQ(kernels.size(), 2u);
    const LaunchPlan again = DecodePlan(EncodePlan(plan), kernels);
    EXPECT_EQ(again.cores[0].kernels[1].binary, c.kernels[1].binary);
}

TEST(LaunchWire, RefusesBrokenBytes) {
    const std::string bytes = EncodePlan(Sample());
    std::map<std::string, std::shared_ptr<CompiledKernel>> kernels;
    for (std::size_t cut : {std::size_t{0}, std::size_t{7}, bytes.size() / 2, bytes.size() - 1})
        EXPECT_THROW(DecodePlan(bytes.substr(0, cut), kernels), std::runtime_error) << cut;
    EXPECT_THROW(DecodePlan(bytes + "x", kernels), std::runtime_error);
    std::string huge = bytes;
    const std::uint64_t many = ~0ull;
    std::memcpy(huge.data() + 16, &many, 8);  // the core count
    EXPECT_THROW(DecodePlan(huge, kernels), std::runtime_error);
}

}  // namespace
}  // namespace ttemu
