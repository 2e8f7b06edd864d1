#include "interpose/process_end.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <stdexcept>
#include <string>

namespace ltcap::process_end {
namespace {

struct Custom {};

TEST(ProcessEnd, DescribesAStdExceptionByTypeAndWhat) {
    EXPECT_EQ(Describe(std::make_exception_ptr(std::runtime_error("TT_FATAL: mismatch"))),
              "std::runtime_error: TT_FATAL: mismatch");
    EXPECT_EQ(Describe(std::make_exception_ptr(std::out_of_range("index 9"))), "std::out_of_range: index 9");
}

TEST(ProcessEnd, DescribesAnyOtherExceptionByItsType) {
    EXPECT_EQ(Describe(std::make_exception_ptr(42)), "int");
    EXPECT_EQ(Describe(std::make_exception_ptr(Custom{})), "ltcap::process_end::(anonymous namespace)::Custom");
}

TEST(ProcessEnd, TheFirstExitStatusWins) {
    EXPECT_FALSE(ExitStatus().has_value());  // nothing is exiting yet
    NoteExit(3);
    NoteExit(7);  // an atexit handler exiting again
    ASSERT_TRUE(ExitStatus().has_value());
    EXPECT_EQ(*ExitStatus(), 3);
}

// An exception leaving a noexcept function goes to std::terminate as one nobody caught (a death test's statement
// would catch a plain throw).
template <typename E>
void ThrowUncaught(E e) noexcept {
    throw e;
}

void SayUncaught() noexcept {
    const std::string line = "noted: " + std::string(Uncaught()) + "\n";
    (void)!write(2, line.data(), line.size());
}

// In a child process: the exception is noted, the callback sees it, and the handler the program had runs after ours.
TEST(ProcessEndDeathTest, AnUncaughtExceptionIsNotedBeforeTheProgramsOwnHandlerRuns) {
    EXPECT_EXIT(
        {
            std::set_terminate([] {
                (void)!write(2, "previous handler\n", 17);
                _exit(3);
            });
            InstallTerminateHandler(SayUncaught);
            ThrowUncaught(std::logic_error("the check failed"));
        },
        testing::ExitedWithCode(3), "noted: std::logic_error: the check failed\nprevious handler");
}

// With libstdc++'s own handler behind it, the process still dies of SIGABRT, as it would without the shim.
TEST(ProcessEndDeathTest, TheDefaultHandlerStillAborts) {
    EXPECT_EXIT(
        {
            InstallTerminateHandler(SayUncaught);
            ThrowUncaught(std::runtime_error("boom"));
        },
        testing::KilledBySignal(SIGABRT), "noted: std::runtime_error: boom");
}

TEST(ProcessEndDeathTest, ALongWhatIsCutToTheLimit) {
    EXPECT_EXIT(
        {
            InstallTerminateHandler([]() noexcept {
                std::fprintf(stderr, "size %zu\n", Uncaught().size());
                std::fflush(stderr);
                _exit(0);
            });
            ThrowUncaught(std::runtime_error(std::string(10000, 'x')));
        },
        testing::ExitedWithCode(0), "size 4096");
}

}  // namespace
}  // namespace ltcap::process_end
