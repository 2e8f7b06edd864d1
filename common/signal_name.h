// A signal as a person reads it: "signal 6 (SIGABRT)", or "signal 77" for a number the C library does not name;
// its name alone: "SIGABRT", "SIGRTMIN+2", "signal 77".
//   DeathBy(6) == "signal 6 (SIGABRT)"; SignalName(SIGRTMIN + 2) == "SIGRTMIN+2"
#pragma once

#include <signal.h>
#include <string.h>

#include <cstdint>
#include <string>

namespace ltcap {

inline std::string DeathBy(std::uint32_t signal) {
    const char* abbrev = signal < 128 ? sigabbrev_np(static_cast<int>(signal)) : nullptr;  // glibc 2.32
    return "signal " + std::to_string(signal) + (abbrev ? std::string(" (SIG") + abbrev + ")" : "");
}

inline std::string SignalName(int signal) {
    if (signal >= SIGRTMIN && signal <= SIGRTMAX) return "SIGRTMIN+" + std::to_string(signal - SIGRTMIN);
    const char* abbrev = signal > 0 && signal < 128 ? sigabbrev_np(signal) : nullptr;
    return abbrev ? std::string("SIG") + abbrev : "signal " + std::to_string(signal);
}

}  // namespace ltcap
