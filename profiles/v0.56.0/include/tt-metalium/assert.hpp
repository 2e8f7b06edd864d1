// TT_THROW / TT_FATAL / TT_ASSERT as tt-metal programs use them: each throws std::runtime_error with the
// formatted message and the source location. TT_ASSERT is active only in debug builds, as in tt-metal.
//   TT_FATAL(n > 0, "need at least one tile, got {}", n);
#pragma once

#include <stdexcept>
#include <string>

#include <tt-metalium/logger.hpp>

namespace tt::assert_detail {
template <typename... Args>
[[noreturn]] void throw_error(const char* file, int line, const char* cond, std::string_view fmt, const Args&... args) {
    std::string msg = "TT_THROW @ " + std::string(file) + ":" + std::to_string(line) + ": ";
    if (cond) msg += std::string(cond) + "\ninfo:\n";
    msg += tt::log_detail::format(fmt, args...);
    throw std::runtime_error(msg);
}
[[noreturn]] inline void throw_error(const char* file, int line, const char* cond) {
    throw_error(file, line, cond, "");
}
}  // namespace tt::assert_detail

#define TT_THROW(...) ::tt::assert_detail::throw_error(__FILE__, __LINE__, nullptr, __VA_ARGS__)
#define TT_FATAL(cond, ...) \
    do { if (!(cond)) ::tt::assert_detail::throw_error(__FILE__, __LINE__, #cond, __VA_ARGS__); } while (0)
#ifdef DEBUG
#define TT_ASSERT(cond, ...) TT_FATAL(cond, "" __VA_ARGS__)
#else
#define TT_ASSERT(cond, ...) ((void)0)
#endif
