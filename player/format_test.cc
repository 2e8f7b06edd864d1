// AppendDuration prints what the printf formats it replaces printed ("%lluns", "%.1fus", "%.3fms", "%.3fs" of the
// quotient), character for character, for every value up to two million nanoseconds, around every rounding tie and
// unit boundary, at the largest values and at pseudo-random ones of every magnitude.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <string>

#include "player/format.h"

namespace ltcap {
namespace {

std::string ByPrintf(std::uint64_t ns) {
    char buf[40];
    if (ns < 1000) std::snprintf(buf, sizeof buf, "%lluns", static_cast<unsigned long long>(ns));
    else if (ns < 1000000) std::snprintf(buf, sizeof buf, "%.1fus", ns / 1e3);
    else if (ns < 1000000000) std::snprintf(buf, sizeof buf, "%.3fms", ns / 1e6);
    else std::snprintf(buf, sizeof buf, "%.3fs", ns / 1e9);
    return buf;
}

void Expect(std::uint64_t ns) {
    std::string appended = "x";
    AppendDuration(appended, ns);
    ASSERT_EQ(appended, "x" + ByPrintf(ns)) << ns;
    ASSERT_EQ(HumanDuration(ns), ByPrintf(ns)) << ns;
}

TEST(AppendDuration, EveryValueToTwoMillion) {
    for (std::uint64_t ns = 0; ns <= 2000000; ns++) Expect(ns);
}

TEST(AppendDuration, TiesAndBoundariesOfEveryUnit) {
    for (std::uint64_t step : {100ull, 1000ull, 1000000ull})
        for (std::uint64_t k = 1; k < 5000; k++)
            for (std::int64_t d : {-2, -1, 0, 1, 2}) Expect(k * step + step / 2 + d);
    for (std::uint64_t p = 1000; p; p = p <= ~0ull / 10 ? p * 10 : 0)
        for (std::int64_t d = -1000; d <= 1000; d++) Expect(p + d);
    for (std::uint64_t ns : {999999999999999ull, 1000000000000000ull, (1ull << 53) - 1, 1ull << 53, ~0ull, ~0ull - 1})
        Expect(ns);
}

TEST(AppendDuration, PseudoRandomValuesOfEveryMagnitude) {
    std::uint64_t x = 0x9e3779b97f4a7c15ull;
    for (int i = 0; i < 200000; i++) {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        Expect(x >> (i % 64));
    }
}

}  // namespace
}  // namespace ltcap
