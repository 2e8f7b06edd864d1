// TempDirectory: $TMPDIR's folder when it is one; none, with $TMPDIR and the reason named, when it is not.
#include "common/temp_dir.h"

#include <gtest/gtest.h>
#include <stdlib.h>
#include <unistd.h>

namespace ltcap {
namespace {

TEST(TempDirectory, IsTmpdirsFolderOrSaysWhyNot) {
    char folder[] = "/tmp/temp_dir_test.XXXXXX";
    ASSERT_NE(mkdtemp(folder), nullptr);
    setenv("TMPDIR", folder, 1);
    std::string why;
    EXPECT_EQ(TempDirectory(why), std::filesystem::path(folder));
    EXPECT_EQ(why, "");
    const std::string missing = std::string(folder) + "/none";
    setenv("TMPDIR", missing.c_str(), 1);
    EXPECT_TRUE(TempDirectory(why).empty());
    EXPECT_EQ(why, "$TMPDIR " + missing + ": " + std::make_error_code(std::errc::no_such_file_or_directory).message());
    rmdir(folder);
}

}  // namespace
}  // namespace ltcap
