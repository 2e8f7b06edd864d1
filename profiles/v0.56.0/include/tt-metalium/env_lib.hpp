// tt::parse_env / parse_trigger: an environment variable as bool, int, unsigned, 64-bit or string, or a default when unset.
// Numbers accept any base prefix (0x…, 0…); bool is a number, non-zero meaning true.
//   const bool verbose = tt::parse_env("MY_TOOL_VERBOSE", false);
#pragma once

#include <cstdint>
#include <cstdlib>
#include <string>
#include <type_traits>

namespace tt {

template <class T>
constexpr std::false_type false_type_t{};

template <typename T>
T parse_env(const char* env_name, const T& default_value) {
    const char* value = std::getenv(env_name);
    if (value == nullptr) return default_value;
    if constexpr (std::is_same_v<T, bool>) {
        return std::stoi(value, nullptr, 0) != 0;
    } else if constexpr (std::is_same_v<T, std::string>) {
        return std::string(value);
    } else if constexpr (std::is_same_v<T, int>) {
        return std::stoi(value, nullptr, 0);
    } else if constexpr (std::is_same_v<T, std::uint32_t>) {
        return static_cast<std::uint32_t>(std::stoul(value, nullptr, 0));
    } else if constexpr (std::is_same_v<T, std::uint64_t>) {
        return static_cast<std::uint64_t>(std::stoull(value, nullptr, 0));
    } else {
        static_assert(false_type_t<T>, "parse_env: unsupported type");
    }
}

// The same, then removes the variable, so it acts once (a trigger) and does not reach child processes.
template <typename T>
T parse_trigger(const char* env_name, const T& default_value) {
    const T value = parse_env<T>(env_name, default_value);
    unsetenv(env_name);
    return value;
}

}  // namespace tt
