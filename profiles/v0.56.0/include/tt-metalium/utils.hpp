// Small utilities tt-metal's headers share. As in tt-metal, this header makes std::string visible as `string`
// in the global namespace; programs rely on it.
#pragma once

#include <cstddef>
#include <functional>
#include <map>
#include <string>
#include <type_traits>

using std::string;

namespace tt::utils {

// Runs cmd through the shell; its output goes to log_file (appended) unless verbose or
// TT_METAL_BACKEND_DUMP_RUN_CMD is set, then to stdout. True if it exited 0.
bool run_command(const string& cmd, const string& log_file, const bool verbose);
// Makes an empty file, and its folders.
void create_file(const string& file_path_str);
// $TT_METAL_HOME/generated/reports/, where tt-metal's reports go.
const std::string& get_reports_dir();

// A hash of a kernel's defines, as tt-metal keys its build cache.
struct DefinesHash {
    DefinesHash() {}
    std::size_t operator()(const std::map<std::string, std::string>& c_defines) const;
};

template <typename T>
void hash_combine(std::size_t& seed, const T& value) {
    seed ^= std::hash<T>{}(value) + 0x9e3779b9 + (seed << 6) + (seed >> 2);
}

template <typename E, std::enable_if_t<std::is_enum<E>::value, bool> = true>
auto underlying_type(const E& e) {
    return static_cast<std::underlying_type_t<E>>(e);
}

}  // namespace tt::utils
