// UMD's architectures (tt::ARCH) with their names, as tt-metal v0.67.0 programs print them.
#pragma once

#include <fmt/core.h>

#include <algorithm>
#include <cctype>
#include <ostream>
#include <string>

namespace tt {

enum class ARCH {
    WORMHOLE_B0 = 2,
    BLACKHOLE = 3,
    QUASAR = 4,
    Invalid = 0xFF,
};

static inline ARCH arch_from_str(const std::string& name) {
    std::string lower = name;
    std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
    if (lower == "wormhole" || lower == "wormhole_b0") return ARCH::WORMHOLE_B0;
    if (lower == "blackhole") return ARCH::BLACKHOLE;
    if (lower == "quasar") return ARCH::QUASAR;
    return ARCH::Invalid;
}

static inline std::string arch_to_str(ARCH arch) {
    switch (arch) {
        case ARCH::WORMHOLE_B0: return "wormhole_b0";
        case ARCH::BLACKHOLE: return "blackhole";
        case ARCH::QUASAR: return "quasar";
        default: return "Invalid";
    }
}

static inline std::ostream& operator<<(std::ostream& out, const ARCH& arch) { return out << arch_to_str(arch); }

}  // namespace tt

template <>
struct fmt::formatter<tt::ARCH> : fmt::formatter<std::string> {
    auto format(tt::ARCH arch, format_context& ctx) const { return formatter<std::string>::format(tt::arch_to_str(arch), ctx); }
};
