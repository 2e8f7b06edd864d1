#include "capture_ctl/settings.h"

#include <gtest/gtest.h>

#include <signal.h>

#include <cstdlib>
#include <fstream>
#include <iterator>

namespace ltcap {
namespace {

TEST(Settings, DefaultsWithoutVariables) {
    const Settings s = ParseSettings({"HOME=/root", "PATH=/bin"});
    EXPECT_EQ(s.output, "%n.%p.capnp");
    EXPECT_TRUE(s.capture_reads);
    EXPECT_EQ(s.log, LogLevel::kInfo);
    EXPECT_EQ(s.flush_ms, 100u);
    EXPECT_TRUE(s.enabled);
    EXPECT_EQ(s.error, "");
}

TEST(Settings, EveryVariableParses) {
    const Settings s = ParseSettings({"LTCAP_OUTPUT=/tmp/x-%p.capnp", "LTCAP_CAPTURE_READS=0", "LTCAP_LOG=debug",
                                      "LTCAP_FLUSH_MS=250", "LTCAP_BUFFER_MB=64", "LTCAP_DISABLE=1", "LTCAP_COMPRESS=0",
                                      "LTCAP_STATUS_FILE=/tmp/status", "LTCAP_LAUNCH_OUTPUTS=1"});
    EXPECT_EQ(s.output, "/tmp/x-%p.capnp");
    EXPECT_FALSE(s.capture_reads);
    EXPECT_EQ(s.log, LogLevel::kDebug);
    EXPECT_EQ(s.flush_ms, 250u);
    EXPECT_EQ(s.buffer_bytes, 64ull << 20);
    EXPECT_FALSE(s.enabled);
    EXPECT_FALSE(s.compress);
    EXPECT_EQ(s.status_file, "/tmp/status");
    EXPECT_TRUE(s.launch_outputs);
    EXPECT_FALSE(ParseSettings({}).launch_outputs);
    EXPECT_TRUE(ParseSettings({}).compress);
    EXPECT_EQ(s.error, "");
    EXPECT_EQ(SettingsTable().size(), 19u);
    EXPECT_FALSE(s.windowed());
}

TEST(Settings, TriggersParse) {
    const Settings s = ParseSettings({"LTCAP_BOUNDARY=finish", "LTCAP_RANGES=100-109,200,300-", "LTCAP_BACKTRACE=finish,enqueueProgram"});
    ASSERT_EQ(s.error, "");
    EXPECT_EQ(s.boundary, Boundary::kFinish);
    EXPECT_EQ(s.ranges, (std::vector<Range>{{100, 109}, {200, 200}, {300, Range::kOpenEnded}}));
    EXPECT_EQ(s.output, "%n.%p.w%w.capnp");  // the default numbers windows
    EXPECT_EQ(s.backtrace_functions, (std::vector<std::string>{"finish", "enqueueProgram"}));
    EXPECT_TRUE(ParseSettings({"LTCAP_BACKTRACE=all"}).backtrace_all);
    EXPECT_EQ(ParseSettings({"LTCAP_TRIGGER_SIGNAL=SIGUSR2"}).trigger_signal, SIGUSR2);
    EXPECT_EQ(ParseSettings({"LTCAP_TRIGGER_SIGNAL=USR1"}).trigger_signal, SIGUSR1);
    EXPECT_EQ(ParseSettings({"LTCAP_TRIGGER_FILE=/tmp/go"}).trigger_file, "/tmp/go");
    EXPECT_TRUE(ParseSettings({"LTCAP_LIGHTMETAL=1"}).lightmetal);
    // One window may keep a fixed name.
    EXPECT_EQ(ParseSettings({"LTCAP_RANGES=5", "LTCAP_OUTPUT=one.capnp"}).error, "");
}

TEST(Settings, BadTriggersAreRefused) {
    for (const char* bad : {"0", "5-3", "3-4,4-5", "10,2", "1-,5", "x", "", "3-4,"})
        EXPECT_NE(ParseSettings({std::string("LTCAP_RANGES=") + bad}).error, "") << bad;
    EXPECT_EQ(ParseSettings({"LTCAP_RANGES=5-3"}).error,
              "LTCAP_RANGES=5-3: expected 1-based windows such as 100-109, 5, 3-4,10-12 or 50- (ascending, not overlapping)");
    EXPECT_EQ(ParseSettings({"LTCAP_BOUNDARY=kernel"}).error, "LTCAP_BOUNDARY=kernel: expected program, finish or call");
    EXPECT_NE(ParseSettings({"LTCAP_TRIGGER_SIGNAL=SIGSEGV"}).error, "");
    EXPECT_NE(ParseSettings({"LTCAP_TRIGGER_SIGNAL=SIGKILL"}).error, "");
    EXPECT_EQ(ParseSettings({"LTCAP_BACKTRACE=EnqueueProgram"}).error,
              "LTCAP_BACKTRACE=EnqueueProgram: expected all or API function names as ltdump prints them (e.g. "
              "enqueueProgram,finish); 'EnqueueProgram' is not one");
    EXPECT_EQ(ParseSettings({"LTCAP_RANGES=1", "LTCAP_LIGHTMETAL=1"}).error,
              "LTCAP_RANGES, LTCAP_TRIGGER_SIGNAL, LTCAP_TRIGGER_FILE and LTCAP_LIGHTMETAL exclude each other; set one");
    EXPECT_EQ(ParseSettings({"LTCAP_RANGES=1,3", "LTCAP_OUTPUT=fixed.capnp"}).error,
              "LTCAP_OUTPUT=fixed.capnp: needs %w (the window number) when several windows can open");
}

// What messages list as the trigger signals is what the parser takes, every one of them.
TEST(Settings, TriggerSignalNamesAreTheOnesTaken) {
    const std::string names = TriggerSignalNames();
    EXPECT_EQ(names.substr(names.size() - 12), ", SIGRTMIN+n");
    std::size_t listed = 0;
    for (std::size_t at = 0, comma; (comma = names.find(", ", at)) != std::string::npos; at = comma + 2, listed++)
        EXPECT_NE(ParseTriggerSignal(names.substr(at, comma - at)), 0) << names.substr(at, comma - at);
    EXPECT_EQ(listed, 10u);
    EXPECT_EQ(ParseTriggerSignal("SIGRTMIN+1"), SIGRTMIN + 1);
}

TEST(Settings, BadValuesNameTheVariableAndWhatWasExpected) {
    EXPECT_EQ(ParseSettings({"LTCAP_FLUSH_MS=soon"}).error,
              "LTCAP_FLUSH_MS=soon: expected a whole number of milliseconds (0 to 3600000)");
    EXPECT_EQ(ParseSettings({"LTCAP_LOG=loud"}).error, "LTCAP_LOG=loud: expected quiet, info or debug");
    EXPECT_EQ(ParseSettings({"LTCAP_OUTPT=x"}).error, "LTCAP_OUTPT=x: unknown variable (`ltcap capture --variables` lists them)");
    EXPECT_EQ(ParseSettings({"LTCAP_BUFFER_MB=1"}).error, "LTCAP_BUFFER_MB=1: expected a whole number of MiB, at least 4");
    // The first bad variable is the one reported.
    EXPECT_EQ(ParseSettings({"LTCAP_LOG=x", "LTCAP_FLUSH_MS=y"}).error, "LTCAP_LOG=x: expected quiet, info or debug");
}

TEST(Settings, OutputPatternExpands) {
    EXPECT_EQ(ExpandOutputPattern("%n.%p.capnp", "loopback", 42, 0), "loopback.42.capnp");
    EXPECT_EQ(ExpandOutputPattern("logs/%t-%n%%.capnp", "a", 1, 86400 + 3661), "logs/19700102-010101-a%.capnp");
    EXPECT_EQ(ExpandOutputPattern("x%q", "a", 1, 0), "x%q");
    EXPECT_EQ(ExpandOutputPattern("%n.%p.w%w.capnp", "a", 7, 0, 3), "a.7.w3.capnp");
}

}  // namespace
}  // namespace ltcap

namespace ltcap {
namespace {

// docs/capture.md documents the settings in one table: the same variables, with the same defaults.
// tt-metal's kernel search variables are read, as tt-metal reads them: any value, never an error of ours.
TEST(Settings, TtMetalKernelSearchVariables) {
    const Settings s = ParseSettings(
        {"TT_METAL_HOME=/opt/tt", "TT_METAL_KERNEL_PATH=/k", "TT_METAL_RUNTIME_ROOT=/r", "TT_METAL_OTHER=1"});
    EXPECT_EQ(s.metal_home, "/opt/tt");
    EXPECT_EQ(s.kernel_path, "/k");
    EXPECT_EQ(s.runtime_root, "/r");
    EXPECT_EQ(s.error, "");
    EXPECT_EQ(ParseSettings({"TT_METAL_HOME="}).error, "");
}

TEST(Settings, DocumentedTableMatchesTheCode) {
    const char* srcdir = std::getenv("TEST_SRCDIR");
    ASSERT_NE(srcdir, nullptr);
    std::ifstream in(std::string(srcdir) + "/ltcap/docs/capture.md");
    ASSERT_TRUE(in) << "docs/capture.md not found";
    std::string doc((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::size_t rows = 0;
    for (const char* prefix : {"\n| `LTCAP_", "\n| `TT_METAL_"})
        for (std::size_t pos = doc.find(prefix); pos != std::string::npos; pos = doc.find(prefix, pos + 1)) rows++;
    EXPECT_EQ(rows, SettingsTable().size()) << "docs/capture.md lists a different number of variables";
    for (const VariableDoc& v : SettingsTable()) {
        const std::string row = std::string("| `") + v.name + "` | `" + v.default_value + "` |";
        EXPECT_NE(doc.find(row), std::string::npos) << "docs/capture.md lacks the row starting: " << row;
    }
}

}  // namespace
}  // namespace ltcap
