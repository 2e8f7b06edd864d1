// A signal as a person reads it: "signal 6 (SIGABRT)", or "signal 77" for a number the C library does not name.
//   DeathBy(6) == "signal 6 (SIGABRT)"
#pragma once

#include <string.h>

#include <cstdint>
#include <string>

namespace ltcap {

inline std::string DeathBy(std::uint32_t signal) {
    const char* abbrev = signal < 128 ? sigabbrev_np(static_cast<int>(signal)) : nullptr;  // glibc 2.32
    return "signal " + std::to_string(signal) + (abbrev ? std::string(" (SIG") + abbrev + ")" : "");
}

}  // namespace ltcap
