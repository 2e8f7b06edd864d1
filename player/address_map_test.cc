#include "player/address_map.h"

#include <gtest/gtest.h>

namespace ltcap {
namespace {

TEST(AddressMap, RewritesCapturedAddressesToTheReplays) {
    AddressMap m;
    m.Captured(1, 0x1000);
    m.Captured(2, 0x2000);
    m.Captured(3, 0);  // not recorded: nothing to rewrite
    const std::map<std::uint64_t, std::uint64_t> now{{1, 0x5000}, {2, 0x6000}, {3, 0x7000}};
    auto live = [&](std::uint64_t id) -> std::optional<std::uint64_t> {
        auto it = now.find(id);
        if (it == now.end()) return std::nullopt;
        return it->second;
    };
    EXPECT_EQ(m.Remap({0x1000, 7, 0x2000, 0}, live), (std::vector<std::uint32_t>{0x5000, 7, 0x6000, 0}));
}

TEST(AddressMap, TheNewestLiveBufferAtAnAddressWins) {
    AddressMap m;
    m.Captured(1, 0x1000);
    m.Captured(4, 0x1000);  // made later at the same place
    std::optional<std::uint64_t> four = 0x9000;
    auto live = [&](std::uint64_t id) -> std::optional<std::uint64_t> {
        if (id == 1) return 0x8000;
        return four;
    };
    EXPECT_EQ(m.Remap({0x1000}, live), (std::vector<std::uint32_t>{0x9000}));
    four.reset();  // buffer 4 gone: the older one is the one meant
    EXPECT_EQ(m.Remap({0x1000}, live), (std::vector<std::uint32_t>{0x8000}));
}

TEST(AddressMap, SwappedAddressesAreRewrittenOnce) {
    AddressMap m;
    m.Captured(1, 0x1000);
    m.Captured(2, 0x2000);
    auto live = [](std::uint64_t id) -> std::optional<std::uint64_t> { return id == 1 ? 0x2000 : 0x1000; };
    EXPECT_EQ(m.Remap({0x1000, 0x2000}, live), (std::vector<std::uint32_t>{0x2000, 0x1000}));
}

TEST(AddressMap, ForgottenBuffersAreNotRewritten) {
    AddressMap m;
    m.Captured(1, 0x1000);
    m.Forget(1);
    auto live = [](std::uint64_t) -> std::optional<std::uint64_t> { return 0x5000; };
    EXPECT_EQ(m.Remap({0x1000}, live), (std::vector<std::uint32_t>{0x1000}));
    m.Captured(2, 0x2000);
    m.Clear();
    EXPECT_EQ(m.Remap({0x2000}, live), (std::vector<std::uint32_t>{0x2000}));
}

}  // namespace
}  // namespace ltcap
