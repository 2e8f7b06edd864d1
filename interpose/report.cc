#include "interpose/report.h"

#include <errno.h>  // program_invocation_short_name
#include <unistd.h>

#include <fstream>

namespace ltcap::report {
std::atomic<bool> g_off{false};

void Line(const std::string& text) noexcept {
    try {
        const std::string line = "ltcap: " + text + "\n";
        (void)!::write(2, line.data(), line.size());
    } catch (...) {
    }
}

void Fail(const std::string& what) noexcept {
    if (!g_off.exchange(true)) Line(what + "; capture is off from here on (the program continues)");
}

void TurnOff() noexcept { g_off.store(true); }

std::string ProgramName() {
    if (program_invocation_short_name && *program_invocation_short_name) return program_invocation_short_name;
    std::ifstream comm("/proc/self/comm");
    std::string name;
    std::getline(comm, name);
    return name.empty() ? "program" : name;
}

}  // namespace ltcap::report
