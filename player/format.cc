#include "player/format.h"

#include <cstdio>
#include <ctime>

#include "common/signal_name.h"

namespace ltcap {

std::string Hex(std::uint64_t v) {
    char buf[24];
    std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(v));
    return buf;
}

std::string HumanDuration(std::uint64_t ns) {
    char buf[32];
    if (ns < 1000) std::snprintf(buf, sizeof buf, "%lluns", static_cast<unsigned long long>(ns));
    else if (ns < 1000000) std::snprintf(buf, sizeof buf, "%.1fus", ns / 1e3);
    else if (ns < 1000000000) std::snprintf(buf, sizeof buf, "%.3fms", ns / 1e6);
    else std::snprintf(buf, sizeof buf, "%.3fs", ns / 1e9);
    return buf;
}

std::string UtcTime(std::uint64_t unix_ns) {
    const std::time_t seconds = static_cast<std::time_t>(unix_ns / 1000000000);
    std::tm tm{};
    char date[40] = "?";
    if (gmtime_r(&seconds, &tm)) std::strftime(date, sizeof date, "%Y-%m-%d %H:%M:%S", &tm);
    char buf[64];
    std::snprintf(buf, sizeof buf, "%s.%03u UTC", date, static_cast<unsigned>(unix_ns / 1000000 % 1000));
    return buf;
}

std::string UncaughtLine(schema::End::Reader end, std::size_t limit) {
    if (!end.hasUncaught()) return "";
    std::string text(end.getUncaught().cStr(), end.getUncaught().size());
    std::size_t cut = text.find('\n');
    bool more = cut != std::string::npos && cut + 1 < text.size();
    if (cut != std::string::npos) text.resize(cut);
    if (limit && text.size() > limit) text.resize(limit), more = true;
    return Printable(text.data(), text.size()) + (more ? " ..." : "");
}

std::string HowItEnded(schema::End::Reader end, std::size_t limit) {
    const std::string uncaught = UncaughtLine(end, limit);
    const std::string exception = uncaught.empty() ? "" : "on an exception nobody caught: " + uncaught;
    if (end.getSignal()) return "the process died of " + DeathBy(end.getSignal()) + (exception.empty() ? "" : ", " + exception);
    if (end.getExited())
        return "the process exited with status " + std::to_string(end.getExitStatus()) +
               (exception.empty() ? "" : ", " + exception);
    return exception.empty() ? "" : "the process ended " + exception;
}

}  // namespace ltcap
