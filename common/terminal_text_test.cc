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

TEST(TerminalText, C1ControlsInUtf8AreShownNotObeyed) {
    // U+009B (CSI) and U+009D (OSC): a terminal that honours C1 would clear the screen or retitle the window.
    EXPECT_EQ(TerminalSafe("a\xc2\x9b" "2Jb\xc2\x9d" "0;owned\xc2\x9c"), "a\\u009b2Jb\\u009d0;owned\\u009c");
    EXPECT_EQ(TerminalSafe("\xc2\x80\xc2\x9f\xc2\xa0"), "\\u0080\\u009f\xc2\xa0");  // U+00A0 is printable
}

TEST(TerminalText, BidirectionalOverridesAreShown) {
    EXPECT_EQ(TerminalSafe("ok\xe2\x80\xaegnp.exe"), "ok\\u202egnp.exe");  // U+202E RIGHT-TO-LEFT OVERRIDE
    EXPECT_EQ(TerminalSafe("\xe2\x81\xa6x\xe2\x81\xa9"), "\\u2066x\\u2069");
}

TEST(TerminalText, BytesOutsideWellFormedUtf8AreEscaped) {
    EXPECT_EQ(TerminalSafe("\x9b" "2J"), "\\x9b2J");               // a bare 8-bit CSI
    EXPECT_EQ(TerminalSafe("\xc0\x9b"), "\\xc0\\x9b");           // an overlong ESC
    EXPECT_EQ(TerminalSafe("\xe2\x80"), "\\xe2\\x80");           // cut short
    EXPECT_EQ(TerminalSafe("\xed\xa0\x80"), "\\xed\\xa0\\x80");  // a surrogate
    EXPECT_EQ(TerminalSafe("\xf0\x9f\x98\x80"), "\xf0\x9f\x98\x80");  // U+1F600 passes
}

}  // namespace
}  // namespace ltcap
