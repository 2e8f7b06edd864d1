#include "common/same_file.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

namespace ltcap {
namespace {
namespace fs = std::filesystem;

TEST(SameFile, EverySpellingOfOneFileIsIt) {
    const fs::path dir = fs::path(::testing::TempDir()) / "same_file";
    fs::remove_all(dir);
    fs::create_directories(dir / "sub");
    std::ofstream(dir / "log.capnp") << "x";
    std::ofstream(dir / "other.capnp") << "x";
    const std::string log = (dir / "log.capnp").string();
    EXPECT_TRUE(SameFile(log, log));
    EXPECT_TRUE(SameFile(log, (dir / "sub" / ".." / "log.capnp").string()));
    fs::create_symlink(dir / "log.capnp", dir / "link.capnp");
    EXPECT_TRUE(SameFile(log, (dir / "link.capnp").string()));
    fs::create_hard_link(dir / "log.capnp", dir / "hard.capnp");
    EXPECT_TRUE(SameFile(log, (dir / "hard.capnp").string()));
    EXPECT_FALSE(SameFile(log, (dir / "other.capnp").string()));  // same content, another file
    EXPECT_FALSE(SameFile(log, (dir / "missing.capnp").string()));
}

}  // namespace
}  // namespace ltcap
