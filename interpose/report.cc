#include "interpose/report.h"

#include <errno.h>  // program_invocation_short_name
#include <fcntl.h>
#include <unistd.h>

#include <fstream>

namespace ltcap::report {
std::atomic<bool> g_off{false};

namespace {
// Set once before capture starts, read after; never destroyed (a log may close from an exit handler).
std::string& StatusFile() {
    static auto* path = new std::string;
    return *path;
}
}  // namespace

void SetStatusFile(const std::string& path) noexcept {
    try {
        StatusFile() = path;
    } catch (...) {
    }
}

void Lost(const std::string& what) noexcept {
    Line(what);
    if (StatusFile().empty()) return;
    try {
        // Never created here: only a file ltcap capture made is written (a stale variable names nothing, or a file
        // that takes lines anyway). O_NONBLOCK: a FIFO put in its place does not hang the program.
        const int fd = ::open(StatusFile().c_str(), O_WRONLY | O_APPEND | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
        if (fd < 0) return;
        const std::string line = what + "\n";
        (void)!::write(fd, line.data(), line.size());
        ::close(fd);
    } catch (...) {
    }
}

void Line(const std::string& text) noexcept {
    try {
        const std::string line = "ltcap: " + text + "\n";
        (void)!::write(2, line.data(), line.size());
    } catch (...) {
    }
}

void Fail(const std::string& what) noexcept {
    if (!g_off.exchange(true)) Lost(what + "; capture is off from here on (the program continues)");
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
