#include "settings.h"

#include <cstdlib>
#include <stdexcept>
#include <string>

namespace ttemu {
namespace {


std::uint32_t ParseCount(const char* name, const std::string& v, std::uint32_t lo, std::uint32_t hi) {
    char* end = nullptr;
    unsigned long n = std::strtoul(v.c_str(), &end, 10);
    if (v.empty() || *end != '\0' || n < lo || n > hi)
        throw std::runtime_error(std::string(name) + "=" + v + ": expected a whole number from " + std::to_string(lo) +
                                 " to " + std::to_string(hi));
    return static_cast<std::uint32_t>(n);
}

bool ParseFlag(const char* name, const std::string& v) {
    if (v == "1" || v == "true" || v == "yes" || v == "on") return true;
    if (v == "0" || v == "false" || v == "no" || v == "off") return false;
    throw std::runtime_error(std::string(name) + "=" + v + ": expected 0 or 1");
}

// The one table of variables: name, and how its value lands in Settings.
struct Entry {
    const char* name;
    void (*apply)(Settings&, const std::string&);
};
const Entry kSettingsTable[] = {
    {"TT_METAL_EMU_NUM_DEVICES", [](Settings& s, const std::string& v) { s.num_devices = ParseCount("TT_METAL_EMU_NUM_DEVICES", v, 1, 8); }},
    {"TT_METAL_EMU_CACHE_DIR", [](Settings& s, const std::string& v) { s.cache_dir = v; }},
    {"TT_METAL_EMU_CXX", [](Settings& s, const std::string& v) { s.cxx = v; }},
    {"TT_METAL_HOME", [](Settings& s, const std::string& v) { s.metal_home = v; }},
    {"TT_METAL_KERNEL_PATH", [](Settings& s, const std::string& v) { s.kernel_path = v; }},
    // tt-metal treats any value of this variable as "on".
    {"TT_METAL_SLOW_DISPATCH_MODE", [](Settings& s, const std::string&) { s.slow_dispatch = true; }},
    {"TT_METAL_EMU_DPRINT", [](Settings& s, const std::string& v) { s.dprint = ParseFlag("TT_METAL_EMU_DPRINT", v); }},
};

std::string DefaultCacheDir(const char* (*lookup)(const char*)) {
    const char* xdg = lookup("XDG_CACHE_HOME");
    const char* home = lookup("HOME");
    std::string base = xdg ? xdg : "";
    if (base.empty() && home && *home) base = std::string(home) + "/.cache";
    if (base.empty()) base = "/tmp";
    return base + "/tt-metal-emu";
}

const char* ProcessEnv(const char* name) { return std::getenv(name); }

}  // namespace

Settings ParseSettings(const char* (*lookup)(const char* name)) {
    Settings s;
    for (const Entry& e : kSettingsTable) {
        const char* v = lookup(e.name);
        if (v) e.apply(s, v);
    }
    if (s.cache_dir.empty()) s.cache_dir = DefaultCacheDir(lookup);
    return s;
}

const Settings& GetSettings() {
    static const Settings settings = ParseSettings(ProcessEnv);
    return settings;
}

}  // namespace ttemu
