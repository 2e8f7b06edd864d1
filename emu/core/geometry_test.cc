// Geometry: what sits where on the NOC, NOC1's mirrored view, the encodings programs embed, DRAM channels.
#include "emu/core/geometry.h"

#include <gtest/gtest.h>

#include <set>
#include <stdexcept>

#include "emu/core/device_model.h"

namespace ttemu {
namespace {

TEST(Geometry, CoreRangesPastThePhysicalGridAreRefusedBeforeEnumeration) {
    EXPECT_NO_THROW(CheckCoreRange(0, 0, kPhysicalGridX - 1, kPhysicalGridY - 1, "t"));
    EXPECT_THROW(CheckCoreRange(0, 0, kPhysicalGridX, 0, "t"), std::runtime_error);
    EXPECT_THROW(CheckCoreRange(0, 0, 65534, 0, "t"), std::runtime_error);
    EXPECT_THROW(CheckCoreRange(0, 0, 0, std::size_t{1} << 30, "t"), std::runtime_error);
    EXPECT_THROW(CheckCoreRange(3, 0, 2, 0, "t"), std::runtime_error);  // ends before it starts
}

TEST(Geometry, ClassifiesEveryEndpoint) {
    EXPECT_EQ(KindAt(WorkerNoc({0, 0})), CoreKind::kWorker);
    EXPECT_EQ(KindAt({kDramBankNoc0[3].x, kDramBankNoc0[3].y}), CoreKind::kDram);
    EXPECT_EQ(KindAt({1, 0}), CoreKind::kEthernet);
    EXPECT_EQ(KindAt({200, 200}), CoreKind::kNone);
}

TEST(Geometry, WorkersAreTranslatedAndTheGridIsChecked) {
    EXPECT_EQ(WorkerNoc({2, 5}), (CoreXY{kTranslatedWorkerBase + 2, kTranslatedWorkerBase + 5}));
    EXPECT_THROW(WorkerNoc({kLogicalGridX, 0}), std::runtime_error);
    EXPECT_THROW(WorkerNoc({0, kLogicalGridY}), std::runtime_error);
}

TEST(Geometry, Noc1MirrorsOnlyNonWorkers) {
    const CoreXY worker = WorkerNoc({1, 1});
    EXPECT_EQ(OnNoc(1, worker), worker);
    const CoreXY dram{kDramBankNoc0[0].x, kDramBankNoc0[0].y};
    EXPECT_EQ(OnNoc(0, dram), dram);
    EXPECT_EQ(OnNoc(1, dram), (CoreXY{kPhysicalGridX - 1 - dram.x, kPhysicalGridY - 1 - dram.y}));
}

TEST(Geometry, EncodingsPackCoordinates) {
    const CoreXY a = WorkerNoc({0, 0}), b = WorkerNoc({3, 2});
    EXPECT_EQ(NocUnicastEncoding(0, b), (b.y << 6) | b.x);
    EXPECT_EQ(NocMulticastEncoding(0, a, b), (a.y << 18) | (a.x << 12) | (b.y << 6) | b.x);
    const CoreXY dram{0, 11};
    EXPECT_NE(NocUnicastEncoding(1, dram), NocUnicastEncoding(0, dram));
}

TEST(Geometry, DramChannelsRoundTripAndAreChecked) {
    for (std::uint32_t c = 0; c < kNumDramBanks; c++) {
        EXPECT_EQ(DramChannelAt(DramChannelCore(c)), c);
    }
    EXPECT_THROW(DramChannelCore(kNumDramBanks), std::runtime_error);
    EXPECT_THROW(DramChannelAt(WorkerNoc({0, 0})), std::runtime_error);
    const auto workers = DramBankWorkers();
    EXPECT_EQ(workers.size(), std::size_t{kNumDramBanks});
    EXPECT_EQ(std::set<CoreXY>(workers.begin(), workers.end()).size(), workers.size());
    for (const CoreXY& w : workers) EXPECT_EQ(KindAt(WorkerNoc(w)), CoreKind::kWorker);
}

TEST(Geometry, DispatchCoresSitBelowTheComputeGrid) {
    EXPECT_NE(DispatchCore(0), DispatchCore(1));
    EXPECT_EQ(DispatchCore(0).y, kTranslatedWorkerBase + kComputeGridY);
}

}  // namespace
}  // namespace ttemu
