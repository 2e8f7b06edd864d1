#include "player/format.h"

#include <cstdio>
#include <ctime>

#include "common/signal_name.h"
#include "schema/values/common.h"

namespace ltcap {

std::string Hex(std::uint64_t v) {
    char buf[24];
    std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(v));
    return buf;
}

// As printf's "%.1fus", "%.3fms", "%.3fs" of ns / 1e3, 1e6, 1e9 print it, without floating point: the quotient
// rounded to the shown digits in integers. printf rounds the double, which agrees with the exact quotient except at
// an exact tie (which way the double falls decides) and where the double no longer holds the quotient closely
// enough (beyond 10^15 ns): those go to printf itself. format_test compares the two over many values.
void AppendDuration(std::string& out, std::uint64_t ns) {
    if (ns < 1000) {
        values::AppendNumber(out, ns);
        out += "ns";
        return;
    }
    const std::uint64_t unit = ns < 1000000 ? 1000 : ns < 1000000000 ? 1000000 : 1000000000;
    const std::uint64_t step = ns < 1000000 ? 100 : unit / 1000;  // one shown decimal place's worth
    const std::uint64_t rest = ns % step;
    if (ns >= 1000000000000000ull || rest * 2 == step) {
        char buf[40];
        const char* fmt = unit == 1000 ? "%.1fus" : unit == 1000000 ? "%.3fms" : "%.3fs";
        std::snprintf(buf, sizeof buf, fmt, ns / static_cast<double>(unit));
        out += buf;
        return;
    }
    const std::uint64_t places = unit / step;                   // 10 or 1000
    const std::uint64_t shown = ns / step + (rest * 2 > step);  // the quotient in shown decimal places, rounded
    values::AppendNumber(out, shown / places);
    out += '.';
    const std::uint64_t fraction = shown % places;
    if (places == 1000 && fraction < 100) out += '0';
    if (places == 1000 && fraction < 10) out += '0';
    values::AppendNumber(out, fraction);
    out += unit == 1000 ? "us" : unit == 1000000 ? "ms" : "s";
}

std::string HumanDuration(std::uint64_t ns) {
    std::string s;
    AppendDuration(s, ns);
    return s;
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
