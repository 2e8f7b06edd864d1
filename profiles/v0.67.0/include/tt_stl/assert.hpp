// TT_THROW / TT_FATAL / TT_ASSERT as tt-metal v0.67.0 programs use them: each throws std::runtime_error whose
// message names the macro, the source location and the condition, then "info:" and the fmt-formatted message
// (with TT_ASSERT_ABORT set, it aborts instead). TT_ASSERT checks only in DEBUG builds, as in tt-metal.
//   TT_FATAL(n > 0, "need at least one tile, got {}", n);
#pragma once

#include <fmt/core.h>

#include <cstdlib>
#include <sstream>
#include <stdexcept>
#include <string>

#include <tt-logger/tt-logger.hpp>

namespace tt::assert::detail {

[[noreturn]] inline void tt_throw_impl(const char* file, int line, const char* kind, const char* condition,
                                       const std::string& info) {
    if (std::getenv("TT_ASSERT_ABORT")) {
        if (!info.empty()) log_critical(tt::LogAlways, "{}: {}", kind, info);
        std::abort();
    }
    std::ostringstream message;
    message << kind << " @ " << file << ":" << line << ": " << condition << "\n";
    if (!info.empty()) {
        message << "info:\n" << info << "\n";
        log_critical(tt::LogAlways, "{}: {}", kind, info);
    }
    throw std::runtime_error(message.str());
}

template <typename Format, typename... Args>
[[noreturn]] void tt_throw(const char* file, int line, const char* kind, const char* condition, const Format& format,
                           const Args&... args) {
    std::string info = fmt::format(fmt::runtime(std::string_view(format)), args...);
    tt_throw_impl(file, line, kind, condition, info);
}
[[noreturn]] inline void tt_throw(const char* file, int line, const char* kind, const char* condition) {
    tt_throw_impl(file, line, kind, condition, std::string());
}

}  // namespace tt::assert::detail

#ifndef TT_THROW
#define TT_THROW(...) ::tt::assert::detail::tt_throw(__FILE__, __LINE__, "TT_THROW", "tt::exception", ##__VA_ARGS__)
#endif
#ifndef TT_FATAL
#define TT_FATAL(condition, message, ...)                                                                         \
    do {                                                                                                          \
        if (!(condition)) [[unlikely]]                                                                            \
            ::tt::assert::detail::tt_throw(__FILE__, __LINE__, "TT_FATAL", #condition, message, ##__VA_ARGS__);  \
    } while (0)
#endif
#ifndef TT_ASSERT
#ifdef DEBUG
#define TT_ASSERT(condition, ...)                                                                                 \
    do {                                                                                                          \
        if (!(condition)) [[unlikely]]                                                                            \
            ::tt::assert::detail::tt_throw(__FILE__, __LINE__, "TT_ASSERT", #condition, ##__VA_ARGS__);          \
    } while (0)
#else
#define TT_ASSERT(condition, ...) \
    do {                          \
        (void)(condition);        \
    } while (0)
#endif
#endif
