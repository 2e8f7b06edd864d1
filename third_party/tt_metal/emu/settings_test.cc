// The emulator's settings table: defaults, each variable landing in its field, malformed values named.
#include "third_party/tt_metal/emu/settings.h"

#include <gtest/gtest.h>

#include <map>
#include <stdexcept>
#include <string>

namespace ttemu {
namespace {

std::map<std::string, std::string> g_env;
const char* Lookup(const char* name) {
    auto it = g_env.find(name);
    return it == g_env.end() ? nullptr : it->second.c_str();
}
Settings With(std::map<std::string, std::string> env) {
    g_env = std::move(env);
    return ParseSettings(Lookup);
}

TEST(Settings, Defaults) {
    const Settings s = With({{"HOME", "/home/u"}});
    EXPECT_EQ(s.num_devices, 8u);
    EXPECT_EQ(s.cxx, "g++");
    EXPECT_EQ(s.cache_dir, "/home/u/.cache/tt-metal-emu");
    EXPECT_FALSE(s.slow_dispatch);
    EXPECT_TRUE(s.dprint);
    EXPECT_EQ(With({{"XDG_CACHE_HOME", "/xdg"}, {"HOME", "/home/u"}}).cache_dir, "/xdg/tt-metal-emu");
    EXPECT_EQ(With({}).cache_dir, "/tmp/tt-metal-emu");
}

TEST(Settings, EachVariableLandsInItsField) {
    const Settings s = With({{"TT_METAL_EMU_NUM_DEVICES", "4"},
                             {"TT_METAL_EMU_CACHE_DIR", "/c"},
                             {"TT_METAL_EMU_CXX", "clang++"},
                             {"TT_METAL_HOME", "/metal"},
                             {"TT_METAL_KERNEL_PATH", "/kernels"},
                             {"TT_METAL_SLOW_DISPATCH_MODE", ""},
                             {"TT_METAL_EMU_DPRINT", "off"}});
    EXPECT_EQ(s.num_devices, 4u);
    EXPECT_EQ(s.cache_dir, "/c");
    EXPECT_EQ(s.cxx, "clang++");
    EXPECT_EQ(s.metal_home, "/metal");
    EXPECT_EQ(s.kernel_path, "/kernels");
    EXPECT_TRUE(s.slow_dispatch);  // any value, even empty, as tt-metal reads it
    EXPECT_FALSE(s.dprint);
}

TEST(Settings, MalformedValuesAreNamed) {
    for (const char* bad : {"0", "9", "two", "", "3x", "-1"}) {
        try {
            With({{"TT_METAL_EMU_NUM_DEVICES", bad}});
            ADD_FAILURE() << "accepted TT_METAL_EMU_NUM_DEVICES=" << bad;
        } catch (const std::runtime_error& e) {
            EXPECT_NE(std::string(e.what()).find("TT_METAL_EMU_NUM_DEVICES=" + std::string(bad) + ": expected"),
                      std::string::npos)
                << e.what();
        }
    }
    EXPECT_THROW(With({{"TT_METAL_EMU_DPRINT", "maybe"}}), std::runtime_error);
}

}  // namespace
}  // namespace ttemu
