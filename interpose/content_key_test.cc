// The dedup key: equal bytes give equal keys; a change of one bit anywhere, or of the size, gives another key.
#include "interpose/content_key.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <vector>

namespace ltcap {
namespace {

TEST(ContentKey, EqualBytesEqualKeys) {
    std::vector<std::uint8_t> a(5000, 0x5a), b(a);
    EXPECT_EQ(ContentKey(a.data(), a.size()), ContentKey(b.data(), b.size()));
    EXPECT_EQ(ContentKey(a.data(), a.size()).size(), 24u);
}

TEST(ContentKey, EveryBitCounts) {
    std::vector<std::uint8_t> bytes(300, 0);
    std::set<std::string> keys{ContentKey(bytes.data(), bytes.size())};
    for (std::size_t i = 0; i < bytes.size(); i++)
        for (int bit = 0; bit < 8; bit++) {
            bytes[i] ^= static_cast<std::uint8_t>(1 << bit);
            keys.insert(ContentKey(bytes.data(), bytes.size()));
            bytes[i] ^= static_cast<std::uint8_t>(1 << bit);
        }
    EXPECT_EQ(keys.size(), 1u + 300u * 8u);
}

TEST(ContentKey, SizeCounts) {
    const std::vector<std::uint8_t> zeros(64, 0);
    EXPECT_NE(ContentKey(zeros.data(), 32), ContentKey(zeros.data(), 64));
    EXPECT_NE(ContentKey(zeros.data(), 0), ContentKey(zeros.data(), 1));
}

// A payload read back in chunks gets the key of its whole bytes, whatever the chunks (so it shares a blob with an
// equal payload written whole).
TEST(ContentKeyStream, PiecesGiveTheWholeKey) {
    std::vector<std::uint8_t> bytes(10'000);
    for (std::size_t i = 0; i < bytes.size(); i++) bytes[i] = static_cast<std::uint8_t>(i * 131 + (i >> 7));
    const std::string whole = ContentKey(bytes.data(), bytes.size());
    for (std::size_t piece : {1ul, 7ul, 240ul, 4096ul, 10'000ul}) {
        ContentKeyStream s;
        for (std::size_t at = 0; at < bytes.size(); at += piece) s.Add(bytes.data() + at, std::min(piece, bytes.size() - at));
        EXPECT_EQ(s.Finish(), whole) << "pieces of " << piece;
    }
    ContentKeyStream empty;
    EXPECT_EQ(empty.Finish(), ContentKey(nullptr, 0));
    ContentKeyStream other;
    other.Add(bytes.data(), bytes.size() - 1);
    EXPECT_NE(other.Finish(), whole);
}

}  // namespace
}  // namespace ltcap
