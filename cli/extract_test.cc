// TreePath: captured kernel paths land inside the extracted tree, or are refused.
#include "cli/extract.h"

#include <gtest/gtest.h>

namespace ltcap::cli {
namespace {

TEST(TreePath, IncludesResolveAgainstTheKernelsFolder) {
    EXPECT_EQ(TreePath("tests/v0.56.0/x/kernels", "reader.cpp"), "tests/v0.56.0/x/kernels/reader.cpp");
    EXPECT_EQ(TreePath("tests/v0.56.0/x/kernels", "../common/tiles.h"), "tests/v0.56.0/x/common/tiles.h");
    EXPECT_EQ(TreePath("a/./b//c", "./d.h"), "a/b/c/d.h");
}

TEST(TreePath, AbsolutePathsAreTakenFromTheTreesRoot) {
    EXPECT_EQ(TreePath("/home/user/kernels", "k.cpp"), "home/user/kernels/k.cpp");
    EXPECT_EQ(TreePath("kernels", "/etc/passwd"), "etc/passwd");
}

TEST(TreePath, APathClimbingOutIsRefused) {
    EXPECT_EQ(TreePath("kernels", "../../k.cpp"), std::nullopt);
    EXPECT_EQ(TreePath("", "../k.cpp"), std::nullopt);
    EXPECT_EQ(TreePath("/", "/../k.cpp"), std::nullopt);
    EXPECT_EQ(TreePath("kernels", ".."), std::nullopt);  // nothing left to name a file
    EXPECT_EQ(TreePath("", ""), std::nullopt);
    EXPECT_EQ(TreePath("k", std::string("a\0b", 3)), std::nullopt);
}

}  // namespace
}  // namespace ltcap::cli
