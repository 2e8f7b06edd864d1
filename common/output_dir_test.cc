// OutputDir: files land inside the folder, and nothing already in it (links, FIFOs) makes a write land outside.
#include "common/output_dir.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <vector>

#include <gtest/gtest.h>

namespace ltcap {
namespace {

std::string Read(const std::string& path) {
    std::ifstream in(path);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

void Put(const std::string& path, const std::string& text) { std::ofstream(path) << text; }

class OutputDirTest : public ::testing::Test {
protected:
    void SetUp() override {
        char tmpl[] = "/tmp/output_dir_test.XXXXXX";
        ASSERT_NE(::mkdtemp(tmpl), nullptr);
        root_ = tmpl;
        ASSERT_EQ(::mkdir((root_ + "/outside").c_str(), 0755), 0);
        Put(root_ + "/outside/victim", "precious");
    }
    void TearDown() override { std::filesystem::remove_all(root_); }
    std::string root_;
};

TEST_F(OutputDirTest, WritesNestedFilesCreatingTheirFolders) {
    OutputDir out(root_ + "/a/b");
    out.WriteFile("kernels/x/k.cpp", "int k;", 6);
    EXPECT_EQ(Read(root_ + "/a/b/kernels/x/k.cpp"), "int k;");
    out.WriteFile("kernels/x/k.cpp", "k", 1);  // rewritten whole, not in place
    EXPECT_EQ(Read(root_ + "/a/b/kernels/x/k.cpp"), "k");
}

TEST_F(OutputDirTest, AppendAddsAtTheEnd) {
    OutputDir out(root_ + "/d");
    out.WriteFile("data/1.bin", "ab", 2);
    const int fd = out.Open("data/1.bin", true);
    ASSERT_EQ(::write(fd, "cd", 2), 2);
    ::close(fd);
    EXPECT_EQ(Read(root_ + "/d/data/1.bin"), "abcd");
}

TEST_F(OutputDirTest, ASymlinkedFileIsRefusedAndItsTargetUntouched) {
    OutputDir out(root_ + "/d");
    ASSERT_EQ(::mkdir((root_ + "/d/data").c_str(), 0755), 0);
    ASSERT_EQ(::symlink((root_ + "/outside/victim").c_str(), (root_ + "/d/data/1.bin").c_str()), 0);
    EXPECT_THROW(out.WriteFile("data/1.bin", "evil", 4), std::runtime_error);
    EXPECT_THROW(::close(out.Open("data/1.bin", true)), std::runtime_error);
    EXPECT_EQ(Read(root_ + "/outside/victim"), "precious");
}

TEST_F(OutputDirTest, ASymlinkedFolderIsRefused) {
    OutputDir out(root_ + "/d");
    ASSERT_EQ(::symlink((root_ + "/outside").c_str(), (root_ + "/d/kernels").c_str()), 0);
    try {
        out.WriteFile("kernels/victim", "evil", 4);
        ADD_FAILURE() << "wrote through a symlinked folder";
    } catch (const std::runtime_error& e) {
        EXPECT_NE(std::string(e.what()).find("kernels/victim"), std::string::npos) << e.what();
    }
    EXPECT_EQ(Read(root_ + "/outside/victim"), "precious");
    // A link to a file where a folder is expected is refused too.
    ASSERT_EQ(::symlink((root_ + "/outside/victim").c_str(), (root_ + "/d/data").c_str()), 0);
    EXPECT_THROW(out.WriteFile("data/1.bin", "evil", 4), std::runtime_error);
    EXPECT_EQ(Read(root_ + "/outside/victim"), "precious");
}

TEST_F(OutputDirTest, AHardLinkedFileIsRefused) {
    OutputDir out(root_ + "/d");
    ASSERT_EQ(::link((root_ + "/outside/victim").c_str(), (root_ + "/d/index.json").c_str()), 0);
    EXPECT_THROW(out.WriteFile("index.json", "{}", 2), std::runtime_error);
    EXPECT_EQ(Read(root_ + "/outside/victim"), "precious");
}

TEST_F(OutputDirTest, AFifoIsRefusedWithoutBlocking) {
    OutputDir out(root_ + "/d");
    ASSERT_EQ(::mkfifo((root_ + "/d/index.json").c_str(), 0644), 0);
    EXPECT_THROW(out.WriteFile("index.json", "{}", 2), std::runtime_error);
}

TEST_F(OutputDirTest, NamesThatAreNotPlainAreRefused) {
    OutputDir out(root_ + "/d");
    for (const std::string& name : std::vector<std::string>{"../outside/victim", "a/../../outside/victim", "/etc/passwd", "a//b", "./a", "a/",
                                                            std::string("a\0b", 3), std::string()})
        EXPECT_THROW(out.WriteFile(name, "evil", 4), std::runtime_error) << name;
    EXPECT_EQ(Read(root_ + "/outside/victim"), "precious");
}

TEST_F(OutputDirTest, TheFolderItselfMayBeALink) {
    ASSERT_EQ(::symlink((root_ + "/outside").c_str(), (root_ + "/chosen").c_str()), 0);
    OutputDir out(root_ + "/chosen");
    out.WriteFile("new.txt", "ok", 2);
    EXPECT_EQ(Read(root_ + "/outside/new.txt"), "ok");
}

TEST_F(OutputDirTest, AFolderThatCannotBeMadeSaysSo) {
    EXPECT_THROW(OutputDir(root_ + "/outside/victim/sub"), std::runtime_error);
}

}  // namespace
}  // namespace ltcap
