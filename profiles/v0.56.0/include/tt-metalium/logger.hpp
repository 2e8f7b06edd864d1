// Minimal stand-in for tt-metal's logger: tt::log_info / log_warning / log_error / log_debug with fmt-style "{}"
// placeholders and a LogType tag, printed to stdout (info, debug) or stderr (warning, error).
//   tt::log_info(tt::LogTest, "Result = {}", value);
#pragma once

#include <cstdio>
#include <iostream>
#include <sstream>
#include <string>
#include <string_view>

namespace tt {

enum LogType : std::uint32_t {
    LogAlways, LogTest, LogTimer, LogDevice, LogModel, LogLLRuntime, LogLoader, LogIO, LogCompileTrisc,
    LogBuildKernels, LogVerif, LogGolden, LogOp, LogHAL, LogAllocator, LogBuffer, LogMetal, LogMetalTrace,
    LogEmulationDriver, LogSiliconDriver, LogCommandQueue, LogDispatch, LogInspector
};

namespace log_detail {
inline void append(std::ostringstream& out, std::string_view& fmt) { out << fmt; fmt = {}; }
template <typename T, typename... Rest>
void append(std::ostringstream& out, std::string_view& fmt, const T& v, const Rest&... rest) {
    auto pos = fmt.find("{}");
    if (pos == std::string_view::npos) { out << fmt; fmt = {}; return; }
    out << fmt.substr(0, pos) << v;
    fmt.remove_prefix(pos + 2);
    append(out, fmt, rest...);
}
template <typename... Args>
std::string format(std::string_view fmt, const Args&... args) {
    std::ostringstream out;
    append(out, fmt, args...);
    return out.str();
}
inline const char* type_name(LogType t) {
    switch (t) {
        case LogTest: return "Test";
        case LogDevice: return "Device";
        case LogMetal: return "Metal";
        case LogMetalTrace: return "MetalTrace";
        default: return "Always";
    }
}
}  // namespace log_detail

template <typename... Args>
void log_info(LogType type, std::string_view fmt, const Args&... args) {
    std::cout << "                 " << log_detail::type_name(type) << " | INFO     | "
              << log_detail::format(fmt, args...) << std::endl;
}
template <typename... Args>
void log_info(std::string_view fmt, const Args&... args) { log_info(LogAlways, fmt, args...); }
template <typename... Args>
void log_warning(LogType type, std::string_view fmt, const Args&... args) {
    std::cerr << "                 " << log_detail::type_name(type) << " | WARNING  | "
              << log_detail::format(fmt, args...) << std::endl;
}
template <typename... Args>
void log_warning(std::string_view fmt, const Args&... args) { log_warning(LogAlways, fmt, args...); }
template <typename... Args>
void log_error(LogType type, std::string_view fmt, const Args&... args) {
    std::cerr << "                 " << log_detail::type_name(type) << " | ERROR    | "
              << log_detail::format(fmt, args...) << std::endl;
}
template <typename... Args>
void log_error(std::string_view fmt, const Args&... args) { log_error(LogAlways, fmt, args...); }
template <typename... Args>
void log_debug(LogType, std::string_view, const Args&...) {}
template <typename... Args>
void log_debug(std::string_view, const Args&...) {}

}  // namespace tt
