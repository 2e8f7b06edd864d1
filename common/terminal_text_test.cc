#include "common/terminal_text.h"

#include <gtest/gtest.h>

namespace ltcap {
namespace {

TEST(TerminalText, OrdinaryTextPassesUnchanged) {
    EXPECT_EQ(TerminalSafe("call #3 finish threw during capture (\"out of L1\"): C:\\x"),
              "call #3 finish threw during capture (\"out of L1\"): C:\\x");
    EXPECT_EQ(TerminalSafe("n\xc3\xa4me \xe2\x9c\x93"), "n\xc3\xa4me \xe2\x9c\x93");  // UTF-8
}

TEST(TerminalText, ControlBytesAreShownNotObeyed) {
    EXPECT_EQ(TerminalSafe("\x1b[2J\x1b]0;owned\x07ok"), "\\x1b[2J\\x1b]0;owned\\x07ok");
    EXPECT_EQ(TerminalSafe("a\rb\nc\td\x7f"), "a\\x0db\\x0ac\\x09d\\x7f");
    EXPECT_EQ(TerminalSafe(std::string_view("x\0y", 3)), "x\\x00y");
}

}  // namespace
}  // namespace ltcap
