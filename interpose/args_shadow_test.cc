#include "interpose/args_shadow.h"

#include <gtest/gtest.h>

namespace ltcap {
namespace {

TEST(ArgsShadow, OnlyExposedKernelsAreShadowed) {
    ArgsShadow s;
    EXPECT_FALSE(s.Exposed(4));
    s.Expose(4);
    EXPECT_TRUE(s.Exposed(4));
    EXPECT_FALSE(s.Exposed(5));
}

TEST(ArgsShadow, SaysWhenWordsChangedSinceTheLogLastHadThem) {
    ArgsShadow s;
    const ArgsShadow::Key key{4, false, 1, 2};
    const std::uint32_t a[] = {1, 2, 3}, b[] = {1, 2, 9};
    EXPECT_TRUE(s.Differ(key, a, 3));   // nothing known yet
    EXPECT_FALSE(s.Differ(key, a, 3));  // the same again
    EXPECT_TRUE(s.Differ(key, b, 3));   // edited in place
    EXPECT_TRUE(s.Differ(key, b, 2));   // fewer words
    EXPECT_TRUE(s.Differ({4, true, 1, 2}, b, 2));  // common args are another key
}

TEST(ArgsShadow, ANewLogComparesAgainstNothing) {
    ArgsShadow s;
    const ArgsShadow::Key key{1, false, 0, 0};
    const std::uint32_t a[] = {5};
    s.Differ(key, a, 1);
    s.Forget();
    EXPECT_TRUE(s.Differ(key, a, 1));
}

}  // namespace
}  // namespace ltcap
