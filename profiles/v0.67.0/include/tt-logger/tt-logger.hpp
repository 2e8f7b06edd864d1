// Stand-in for tt-logger (the logging library tt-metal v0.67.0 builds on): the log categories (tt::LogType) and
// log_trace … log_critical(category, "fmt {}", args...) with fmt formatting, written to stderr above a level
// (TT_LOGGER_LEVEL: trace, debug, info — the default —, warning, error, critical, off).
//   log_info(tt::LogTest, "result {}", value);
#pragma once

#include <fmt/core.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>
#include <utility>

namespace tt {

enum class LogType : int {
    LogAlways, LogTest, LogTimer, LogDevice, LogLLRuntime, LogLoader, LogBuildKernels, LogVerif, LogOp,
    LogDispatch, LogFabric, LogMetal, LogTTNN, LogMetalTrace, LogSiliconDriver, LogEmulationDriver, LogInspector,
    LogAllocator, LogBuffer, LogHAL, LogCommandQueue, LogDistributed, LogUMD, LogUnknown
};
using enum LogType;

namespace logger_detail {

enum class Level : int { kTrace, kDebug, kInfo, kWarning, kError, kCritical, kOff };

inline Level Threshold() {
    static const Level level = [] {
        const char* v = std::getenv("TT_LOGGER_LEVEL");
        if (!v) return Level::kInfo;
        const std::string s(v);
        if (s == "trace") return Level::kTrace;
        if (s == "debug") return Level::kDebug;
        if (s == "warning" || s == "warn") return Level::kWarning;
        if (s == "error") return Level::kError;
        if (s == "critical") return Level::kCritical;
        if (s == "off") return Level::kOff;
        return Level::kInfo;
    }();
    return level;
}

inline const char* LevelName(Level l) {
    switch (l) {
        case Level::kTrace: return "trace";
        case Level::kDebug: return "debug";
        case Level::kInfo: return "info";
        case Level::kWarning: return "warning";
        case Level::kError: return "error";
        case Level::kCritical: return "critical";
        default: return "";
    }
}

template <typename... Args>
void Write(Level level, LogType, std::string_view format, Args&&... args) {
    if (level < Threshold()) return;
    const std::string text = fmt::format(fmt::runtime(format), std::forward<Args>(args)...);
    std::fprintf(stderr, "%s | %s\n", LevelName(level), text.c_str());
}
template <typename... Args>
void Write(Level level, std::string_view format, Args&&... args) {
    Write(level, LogType::LogAlways, format, std::forward<Args>(args)...);
}

}  // namespace logger_detail
}  // namespace tt

#define log_trace(...) ::tt::logger_detail::Write(::tt::logger_detail::Level::kTrace, __VA_ARGS__)
#define log_debug(...) ::tt::logger_detail::Write(::tt::logger_detail::Level::kDebug, __VA_ARGS__)
#define log_info(...) ::tt::logger_detail::Write(::tt::logger_detail::Level::kInfo, __VA_ARGS__)
#define log_warning(...) ::tt::logger_detail::Write(::tt::logger_detail::Level::kWarning, __VA_ARGS__)
#define log_error(...) ::tt::logger_detail::Write(::tt::logger_detail::Level::kError, __VA_ARGS__)
#define log_critical(...) ::tt::logger_detail::Write(::tt::logger_detail::Level::kCritical, __VA_ARGS__)
