#include "common/usage.h"

#include <gtest/gtest.h>

namespace ltcap {
namespace {

TEST(Usage, NamedAsLtcapRanIt) {
    EXPECT_EQ(UsageText("usage: ltplay [options] LOG\n\nltplay replays.\n", "ltplay", "ltcap replay"),
              "usage: ltcap replay [options] LOG\n\nltplay replays.\n");
}

TEST(Usage, OwnNameWhenRunDirectly) {
    const char* usage = "usage: ltdump [options] LOG\n";
    EXPECT_EQ(UsageText(usage, "ltdump", "/usr/local/bin/ltdump"), usage);
    EXPECT_EQ(UsageText(usage, "ltdump", "ltcap"), usage);  // no command after ltcap: nothing to name
    EXPECT_EQ(UsageText(usage, "ltdump", nullptr), usage);
    EXPECT_EQ(UsageText(usage, "ltplay", "ltcap replay"), usage);  // another tool's text is left alone
}

}  // namespace
}  // namespace ltcap
