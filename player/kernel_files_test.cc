#include "player/kernel_files.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "schema/log_error_testing.h"

namespace ltcap {
namespace {
using testing::LogErrorMessage;
namespace fs = std::filesystem;

std::string Read(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

TEST(KernelFiles, WritesAKernelWithItsIncludesBesideIt) {
    std::string folder;
    {
        KernelFiles k;
        k.Add(3, {{"reader.cpp", "#include \"../common/util.h\"\nvoid kernel_main() {}\n", false},
                  {"../common/util.h", "#define X 1\n", false}});
        EXPECT_TRUE(k.folder().empty());  // nothing is made before a kernel is needed
        const std::string path = k.Path(3);
        folder = k.folder();
        ASSERT_FALSE(folder.empty());
        EXPECT_EQ(Read(path), "#include \"../common/util.h\"\nvoid kernel_main() {}\n");
        EXPECT_EQ(Read(fs::path(path).parent_path() / "../common/util.h"), "#define X 1\n");
        EXPECT_EQ(k.Path(3), path);  // written once
        EXPECT_EQ(k.Text(3), "#include \"../common/util.h\"\nvoid kernel_main() {}\n");
    }
    EXPECT_FALSE(fs::exists(folder));  // removed at the end
}

TEST(KernelFiles, HomeFilesAreSharedAndAnnounced) {
    std::vector<std::string> homes;
    KernelFiles k([&](const std::string& h) { homes.push_back(h); });
    k.Add(1, {{"a.cpp", "A", false}, {"tt_metal/hw/inc/x.h", "X", true}});
    k.Add(2, {{"b.cpp", "B", false}, {"tt_metal/hw/inc/x.h", "X", true}});
    k.Path(1);
    k.Path(2);
    ASSERT_EQ(homes.size(), 1u);  // told once
    EXPECT_EQ(Read(fs::path(homes[0]) / "tt_metal/hw/inc/x.h"), "X");
    EXPECT_TRUE(fs::path(homes[0]).string().rfind(k.folder(), 0) == 0);  // inside the private folder
}

TEST(KernelFiles, TwoKernelsMayNotDisagreeAboutAHomeFile) {
    KernelFiles k;
    k.Add(1, {{"a.cpp", "A", false}, {"inc/x.h", "one", true}});
    k.Add(2, {{"b.cpp", "B", false}, {"inc/x.h", "two", true}});
    k.Path(1);
    EXPECT_EQ(LogErrorMessage([&] { k.Path(2); }),
              "kernel source #2 and an earlier one hold different contents for $TT_METAL_HOME/inc/x.h");
}

TEST(KernelFiles, PathsThatLeaveTheirFolderAreRefused) {
    KernelFiles k;
    k.Add(1, {{"../../../../../../../escape.cpp", "E", false}});
    k.Add(2, {{"/etc/passwd", "E", false}});
    k.Add(3, {{"a.cpp", "A", false}, {"../../x.h", "E", true}});
    k.Add(4, {{"", "E", false}});
    EXPECT_EQ(LogErrorMessage([&] { k.Path(1); }), "kernel source #1 names a file outside its folder: ../../../../../../../escape.cpp");
    EXPECT_EQ(LogErrorMessage([&] { k.Path(2); }), "kernel source #2 names a file outside its folder: /etc/passwd");
    EXPECT_EQ(LogErrorMessage([&] { k.Path(3); }), "kernel source #3 names a file outside its TT_METAL_HOME: ../../x.h");
    EXPECT_EQ(LogErrorMessage([&] { k.Path(4); }), "kernel source #4 names a file outside its folder: ");
    EXPECT_FALSE(fs::exists(fs::path(k.folder()).parent_path() / "escape.cpp"));
}

TEST(KernelFiles, UnknownAndUnrecordedSources) {
    KernelFiles k;
    EXPECT_EQ(LogErrorMessage([&] { k.Path(8); }), "the log has no kernel source #8");
    EXPECT_EQ(LogErrorMessage([&] { k.Text(8); }), "the log has no kernel source #8");
    EXPECT_FALSE(fs::exists(k.Path(0)));  // tt-metal fails to compile it, as it did during capture
    EXPECT_THROW(k.Text(0), std::runtime_error);
}

}  // namespace
}  // namespace ltcap
