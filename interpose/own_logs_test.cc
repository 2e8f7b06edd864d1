// OwnLogs: which log names this process (in any of its images) has written, passed across exec exactly.
#include "interpose/own_logs.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <fstream>
#include <string>
#include <vector>

namespace ltcap {
namespace {

std::string Touch(const std::string& path) {
    std::ofstream(path) << "x";
    return path;
}

TEST(OwnLogs, AnotherRunsFileIsReplacedWhateverItsTime) {
    const std::string dir = ::testing::TempDir();
    const std::string old = Touch(dir + "/old.capnp");
    // Modified "in the future" (a clock that stepped back): still not this process's, so it is replaced.
    timespec times[2] = {{0, UTIME_NOW}, {time(nullptr) + 3600, 0}};
    ASSERT_EQ(utimensat(AT_FDCWD, old.c_str(), times, 0), 0);
    OwnLogs own;
    EXPECT_EQ(own.Fresh(old), old);
}

TEST(OwnLogs, ItsOwnLogsGetTheNextFreeNumber) {
    const std::string dir = ::testing::TempDir();
    OwnLogs own;
    own.Add(Touch(dir + "/run.capnp"));
    EXPECT_EQ(own.Fresh(dir + "/run.capnp"), dir + "/run.2.capnp");
    own.Add(Touch(dir + "/run.2.capnp"));
    EXPECT_EQ(own.Fresh(dir + "/run.capnp"), dir + "/run.3.capnp");
    own.Add(dir + "/gone.capnp");  // written, then removed by the program: still never reused
    EXPECT_EQ(own.Fresh(dir + "/gone.capnp"), dir + "/gone.2.capnp");
    own.Add(dir + "/noext");
    EXPECT_EQ(own.Fresh(dir + "/noext"), dir + "/noext.2");
}

TEST(OwnLogs, TheListCrossesExecForTheSamePidOnly) {
    OwnLogs before;
    before.Add("/logs/a.capnp");
    before.Add("/logs/a.2.capnp");
    std::string entry = before.EnvironmentEntry(4242);
    const std::string prefix = std::string(OwnLogs::kVariable) + "=";
    ASSERT_EQ(entry.rfind(prefix, 0), 0u);
    OwnLogs after, child;
    after.Inherit(entry.c_str() + prefix.size(), 4242);
    EXPECT_EQ(after.paths(), before.paths());
    child.Inherit(entry.c_str() + prefix.size(), 4243);  // another process that inherited the environment
    EXPECT_TRUE(child.paths().empty());
    OwnLogs none;
    none.Inherit(nullptr, 4242);
    EXPECT_TRUE(none.paths().empty());
    EXPECT_EQ(none.EnvironmentEntry(4242), "");
}

TEST(OwnLogs, TheEntryReplacesAnEarlierOneInTheEnvironment) {
    std::string stale = std::string(OwnLogs::kVariable) + "=1\x1f/x", other = "PATH=/bin",
                near = std::string(OwnLogs::kVariable) + "_NOT=1";
    char* envp[] = {other.data(), stale.data(), near.data(), nullptr};
    OwnLogs own;
    own.Add("/logs/b.capnp");
    std::string entry = own.EnvironmentEntry(7);
    std::vector<char*> storage;
    char* const* env = OwnLogs::WithEntry(envp, entry, storage);
    std::vector<std::string> got;
    for (char* const* e = env; *e; ++e) got.emplace_back(*e);
    EXPECT_EQ(got, (std::vector<std::string>{other, near, entry}));
    std::string empty;
    EXPECT_EQ(OwnLogs::WithEntry(envp, empty, storage), envp);
    EXPECT_EQ(OwnLogs::WithEntry(nullptr, entry, storage)[0], entry);
}

}  // namespace
}  // namespace ltcap
