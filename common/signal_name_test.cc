#include "common/signal_name.h"

#include <gtest/gtest.h>

#include <csignal>

namespace ltcap {
namespace {

TEST(SignalName, NamesWhatTheCLibraryNames) {
    EXPECT_EQ(SignalName(SIGUSR2), "SIGUSR2");
    EXPECT_EQ(SignalName(SIGSEGV), "SIGSEGV");
    EXPECT_EQ(DeathBy(SIGABRT), "signal " + std::to_string(SIGABRT) + " (SIGABRT)");
}

TEST(SignalName, RealTimeSignalsCountFromSigrtmin) {
    // glibc reserves the first real-time signals, so SIGRTMIN is a call, not 34: the name is relative to it, as
    // LTCAP_TRIGGER_SIGNAL's SIGRTMIN+n is.
    EXPECT_EQ(SignalName(SIGRTMIN), "SIGRTMIN+0");
    EXPECT_EQ(SignalName(SIGRTMIN + 3), "SIGRTMIN+3");
}

TEST(SignalName, NumbersNoSignalHas) {
    EXPECT_EQ(SignalName(0), "signal 0");
    EXPECT_EQ(SignalName(-5), "signal -5");
    EXPECT_EQ(SignalName(200), "signal 200");
    EXPECT_EQ(DeathBy(200), "signal 200");
}

}  // namespace
}  // namespace ltcap
