// Capture settings: every LTCAP_* environment variable, parsed once when libltcap.so loads into an immutable
// value. kVariables (settings.cc) is the one table of variables; docs/capture.md documents the same table.
//   const ltcap::Settings& s = ltcap::GetSettings();
//   if (!s.error.empty()) { /* report once, capture stays off */ }
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace ltcap {

enum class LogLevel { kQuiet, kInfo, kDebug };

struct Settings {
    std::string output = "%n.%p.capnp";  // LTCAP_OUTPUT: log path pattern (%n program, %p pid, %t time, %% '%')
    bool capture_reads = true;           // LTCAP_CAPTURE_READS: record the data reads return (golden data)
    LogLevel log = LogLevel::kInfo;      // LTCAP_LOG: quiet | info | debug
    std::uint32_t flush_ms = 0;          // LTCAP_FLUSH_MS: also flush this often (0: only when batches fill)
    std::uint64_t buffer_bytes = 256ull << 20;  // LTCAP_BUFFER_MB: memory the log may hold before the program waits
    bool enabled = true;                 // LTCAP_DISABLE=1 loads the shim but captures nothing
    std::string error;                   // the first bad variable, as one line; non-empty means capture is off
};

struct VariableDoc {
    const char* name;
    const char* default_value;
    const char* meaning;
};

// Parses `env` (entries "NAME=value"); exposed for tests. GetSettings() parses the process environment once.
Settings ParseSettings(const std::vector<std::string>& env);
const Settings& GetSettings();
const std::vector<VariableDoc>& SettingsTable();

// Expands LTCAP_OUTPUT's pattern for a process.
std::string ExpandOutputPattern(const std::string& pattern, const std::string& program, int pid, long long unix_seconds);

}  // namespace ltcap
