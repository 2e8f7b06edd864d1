// The emulator's settings table: defaults, each variable landing in its field, malformed values named.
#include "emu/core/settings.h"

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
    EXPECT_TRUE(s.preempt);
#if !defined(__SANITIZE_ADDRESS__)
    EXPECT_TRUE(s.confine);  // kernels run confined unless told otherwise
#endif
    EXPECT_EQ(With({{"XDG_CACHE_HOME", "/xdg"}, {"HOME", "/home/u"}}).cache_dir, "/xdg/tt-metal-emu");
    EXPECT_EQ(With({}).cache_dir, "/tmp/tt-metal-emu");
}

// tt-metal's own variables, read as tt-metal reads them: presence flags, "1"-prefixed flags, numbers.
TEST(Settings, TtMetalDebugVariables) {
    const Settings off = With({});
    EXPECT_EQ(off.metal.watcher_interval_ms, -1);
    EXPECT_EQ(off.metal.num_hw_cqs, 1u);
    EXPECT_FALSE(off.metal.kernel_map);
    const Settings s = With({{"TT_METAL_WATCHER", "120"},
                             {"TT_METAL_DPRINT_CORES", "all"},
                             {"TT_METAL_GTEST_NUM_HW_CQS", "2"},
                             {"TT_METAL_CLEAR_L1", "0"},
                             {"TT_METAL_KERNEL_MAP", ""},
                             {"TT_METAL_GTEST_ETH_DISPATCH", "0"}});
    EXPECT_EQ(s.metal.watcher_interval_ms, 120);
    EXPECT_EQ(s.metal.dprint_cores, "all");
    EXPECT_EQ(s.metal.num_hw_cqs, 2u);
    EXPECT_FALSE(s.metal.clear_l1);
    EXPECT_TRUE(With({{"TT_METAL_CLEAR_L1", "1"}}).metal.clear_l1);
    EXPECT_TRUE(s.metal.kernel_map);
    EXPECT_TRUE(s.metal.eth_dispatch);  // any value, as tt-metal
    EXPECT_THROW(With({{"TT_METAL_WATCHER", "soon"}}), std::runtime_error);
    EXPECT_THROW(With({{"TT_METAL_GTEST_NUM_HW_CQS", "3"}}), std::runtime_error);
}

TEST(Settings, EachVariableLandsInItsField) {
    const Settings s = With({{"TT_METAL_EMU_NUM_DEVICES", "4"},
                             {"TT_METAL_EMU_CACHE_DIR", "/c"},
                             {"TT_METAL_EMU_CXX", "clang++"},
                             {"TT_METAL_HOME", "/metal"},
                             {"TT_METAL_KERNEL_PATH", "/kernels"},
                             {"TT_METAL_RUNTIME_ROOT", "/root67"},
                             {"TT_METAL_SLOW_DISPATCH_MODE", ""},
                             {"TT_METAL_EMU_DPRINT", "off"},
                             {"TT_METAL_EMU_PREEMPT", "0"},
                             {"TT_METAL_EMU_CONFINE", "off"}});
    EXPECT_EQ(s.num_devices, 4u);
    EXPECT_EQ(s.cache_dir, "/c");
    EXPECT_EQ(s.cxx, "clang++");
    EXPECT_EQ(s.metal_home, "/metal");
    EXPECT_EQ(s.kernel_path, "/kernels");
    EXPECT_EQ(s.runtime_root, "/root67");
    EXPECT_TRUE(s.slow_dispatch);  // any value, even empty, as tt-metal reads it
    EXPECT_FALSE(s.dprint);
    EXPECT_FALSE(s.preempt);
    EXPECT_FALSE(s.confine);
    EXPECT_TRUE(With({{"TT_METAL_EMU_CONFINE", "1"}}).confine);
    EXPECT_THROW(With({{"TT_METAL_EMU_CONFINE", "sometimes"}}), std::runtime_error);
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
