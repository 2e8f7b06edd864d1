// Program model: runtime argument rules (placement, fixed counts, the per-core limit, common args once), core sets
// of rectangles, circular buffer placement against the L1 floor, and the checks a launch plan makes.
#include "emu/core/program_model.h"

#include <gtest/gtest.h>

#include <stdexcept>
#include <vector>

#include "emu/core/chip.h"
#include "emu/core/device_model.h"

namespace ttemu {
namespace {

TEST(KernelArgs, FollowTtMetalsRules) {
    KernelArgs args("k", {{0, 0}, {2, 1}}, 8);
    EXPECT_TRUE(args.Has({2, 1}));
    EXPECT_FALSE(args.Has({1, 1}));
    EXPECT_EQ(args.Data({0, 0}), nullptr);
    const std::uint32_t three[] = {1, 2, 3};
    args.Set({0, 0}, three, 3);
    EXPECT_EQ(args.On({0, 0}), (std::vector<std::uint32_t>{1, 2, 3}));
    std::uint32_t* view = args.Data({0, 0});
    const std::uint32_t other[] = {7, 8, 9};
    args.Set({0, 0}, other, 3);
    EXPECT_EQ(view[0], 7u);  // updated in place: views stay valid
    EXPECT_THROW(args.Set({0, 0}, other, 2), std::runtime_error);  // the count is fixed
    EXPECT_THROW(args.Set({1, 1}, other, 3), std::runtime_error);  // not placed there
    const std::uint32_t many[9] = {};
    EXPECT_THROW(args.Set({2, 1}, many, 9), std::runtime_error);
    args.SetCommon(three, 3);
    EXPECT_THROW(args.SetCommon(three, 3), std::runtime_error);  // once
    EXPECT_THROW(args.Set({2, 1}, many, 6), std::runtime_error);  // 6 + 3 common > 8
    KernelArgs wide("w", {{0, 0}}, 8);
    wide.Set({0, 0}, many, 6);
    EXPECT_THROW(wide.SetCommon(three, 3), std::runtime_error);
}

TEST(ProgramModel, CoresOfMergesRectangles) {
    const auto cores = CoresOf({{{0, 0}, {1, 1}}, {{1, 1}, {2, 1}}});
    EXPECT_EQ(cores, (std::vector<CoreXY>{{0, 0}, {0, 1}, {1, 0}, {1, 1}, {2, 1}}));
}

TEST(ProgramModel, CoresOfRefusesRangesNoDeviceHas) {
    EXPECT_THROW(CoresOf({{{0, 0}, {65534, 0}}}), std::runtime_error);
    EXPECT_THROW(CoresOf({{{0, 0}, {0, 1u << 30}}}), std::runtime_error);
}

TEST(ProgramModel, CircularBuffersStackPerCoreAndStopAtTheFloor) {
    CbModel a, b, c, dynamic;
    a.cores = {{0, 0}};
    a.total_size = 100;
    b.cores = {{0, 0}, {1, 0}};
    b.total_size = 64;
    c.cores = {{1, 0}};
    c.total_size = 32;
    dynamic.cores = {{0, 0}};
    dynamic.global_address = 500000;
    std::uint32_t end = 0;
    const auto addrs = PlaceCircularBuffers({a, b, c, dynamic}, kL1Size, &end);
    EXPECT_EQ(addrs[0], kL1UnreservedBase);
    EXPECT_EQ(addrs[1], (kL1UnreservedBase + 100 + 31) / 32 * 32);  // after a, on the core they share
    EXPECT_EQ(addrs[2], addrs[1] + 64);
    EXPECT_EQ(addrs[3], 500000u);
    EXPECT_EQ(end, addrs[2] + 32);
    EXPECT_THROW(PlaceCircularBuffers({a, b}, kL1UnreservedBase + 120, nullptr), std::runtime_error);
}

TEST(ProgramModel, KernelsOutsideTheGridDoNotCompile) {
    KernelModel k;
    k.name = "far";
    k.cores = {{kComputeGridX, 0}};
    EXPECT_THROW(CompileKernel(k, {}, 0), std::runtime_error);
}

TEST(ProgramModel, LaunchPlansCheckProcessorsAndPages) {
    Chip chip(0, ChipConfig{});
    KernelModel k1, k2;
    k1.name = "one";
    k2.name = "two";
    k1.cores = k2.cores = {{0, 0}};
    k1.binary = k2.binary = std::make_shared<CompiledKernel>();
    KernelArgs a1("one", k1.cores, 8), a2("two", k2.cores, 8);
    const std::uint32_t w[] = {5};
    a1.Set({0, 0}, w, 1);
    EXPECT_THROW(PlanLaunch(chip, 1, {{&k1, &a1}, {&k2, &a2}}, {}, {}, {}), std::runtime_error);  // same slot
    k2.slot = Slot::kNcrisc;
    CbModel cb;
    cb.cores = {{0, 0}};
    cb.total_size = 2048;
    cb.indices.push_back({3, 0, 1024, {}});
    SemaphoreModel sem{{{0, 0}}, 2, 9};
    auto plan = PlanLaunch(chip, 1, {{&k1, &a1}, {&k2, &a2}}, {cb}, {kL1UnreservedBase}, {sem});
    ASSERT_EQ(plan->cores.size(), 1u);
    EXPECT_EQ(plan->cores[0].kernels.size(), 2u);
    EXPECT_EQ(plan->cores[0].kernels[0].args, (std::vector<std::uint32_t>{5}));
    ASSERT_EQ(plan->cores[0].cbs.size(), 1u);
    EXPECT_EQ(plan->cores[0].cbs[0].page_size, 1024u);
    EXPECT_EQ(plan->cores[0].semaphores[0], (std::pair<std::uint32_t, std::uint32_t>{2, 9}));
    cb.indices[0].page_size.reset();
    EXPECT_THROW(PlanLaunch(chip, 1, {{&k1, &a1}}, {cb}, {kL1UnreservedBase}, {}), std::runtime_error);
    cb.indices[0] = {40, 0, 1024, {}};
    EXPECT_THROW(PlanLaunch(chip, 1, {{&k1, &a1}}, {cb}, {kL1UnreservedBase}, {}), std::runtime_error);
    KernelModel raw;
    raw.name = "raw";
    EXPECT_THROW(PlanLaunch(chip, 1, {{&raw, &a1}}, {}, {}, {}), std::runtime_error);  // never compiled
}

}  // namespace
}  // namespace ttemu
