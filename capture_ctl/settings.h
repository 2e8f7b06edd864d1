// Capture settings: every LTCAP_* environment variable, and the three of tt-metal's the shim reads, parsed once when
// libltcap.so loads into an immutable value. kVariables (settings.cc) is the one table of variables; docs/capture.md
// documents the same table.
//   const ltcap::Settings& s = ltcap::GetSettings();
//   if (!s.error.empty()) { /* report once, capture stays off */ }
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace ltcap {

enum class LogLevel { kQuiet, kInfo, kDebug };

// What LTCAP_RANGES counts (and where the signal and file triggers are checked).
enum class Boundary { kProgram, kFinish, kCall };

// A window of LTCAP_RANGES, in 1-based boundary events; `last` is kOpenEnded for "50-".
struct Range {
    static constexpr std::uint64_t kOpenEnded = ~0ull;
    std::uint64_t first, last;
    bool operator==(const Range&) const = default;
};

struct Settings {
    std::string output = "%n.%p.capnp";  // LTCAP_OUTPUT: log path pattern (%n program, %p pid, %t time, %w window,
                                         // %% '%'); "%n.%p.w%w.capnp" when windows are configured
    bool capture_reads = true;           // LTCAP_CAPTURE_READS: record the data reads return (golden data)
    bool launch_outputs = false;         // LTCAP_LAUNCH_OUTPUTS: after each launch, record every buffer's bytes
    LogLevel log = LogLevel::kInfo;      // LTCAP_LOG: quiet | info | debug
    std::uint32_t flush_ms = 100;        // LTCAP_FLUSH_MS: also flush this often (0: only when batches fill)
    std::uint64_t buffer_bytes = 256ull << 20;  // LTCAP_BUFFER_MB: memory the log may hold before the program waits
    bool compress = true;                // LTCAP_COMPRESS: the log is a Zstandard stream (else plain messages)
    bool enabled = true;                 // LTCAP_DISABLE=1 loads the shim but captures nothing
    // Start/stop triggers (capture_ctl/window.h). At most one of ranges, trigger_signal, trigger_file, lightmetal.
    Boundary boundary = Boundary::kProgram;  // LTCAP_BOUNDARY
    std::vector<Range> ranges;           // LTCAP_RANGES: ascending, disjoint
    int trigger_signal = 0;              // LTCAP_TRIGGER_SIGNAL: toggles capture at the next boundary
    std::string trigger_file;            // LTCAP_TRIGGER_FILE: capture while it exists (checked at boundaries)
    bool lightmetal = false;             // LTCAP_LIGHTMETAL: LightMetalBegin/EndCapture open and close windows
    // LTCAP_BACKTRACE: record call stacks for every call, or for the API functions listed (names as ltdump prints).
    bool backtrace_all = false;
    std::vector<std::string> backtrace_functions;
    // tt-metal's own variables, read as tt-metal reads them: where CreateKernel looks for kernel files, so the shim
    // finds the same file to record its source (each release's order: api/releases.h).
    std::string metal_home;              // TT_METAL_HOME
    std::string kernel_path;             // TT_METAL_KERNEL_PATH
    std::string runtime_root;            // TT_METAL_RUNTIME_ROOT
    std::string status_file;             // LTCAP_STATUS_FILE: where a failure to write the log is also told (ltcap capture)
    std::string error;                   // the first bad variable, as one line; non-empty means capture is off

    // Capture runs in windows (any trigger set) rather than for the whole run.
    bool windowed() const { return !ranges.empty() || trigger_signal != 0 || !trigger_file.empty() || lightmetal; }
    // More than one window may open, so each needs its own log name (%w).
    bool several_windows() const { return ranges.size() > 1 || trigger_signal != 0 || !trigger_file.empty() || lightmetal; }
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

// Expands LTCAP_OUTPUT's pattern for a process (`window` is 1-based; 0 for a whole-run log).
std::string ExpandOutputPattern(const std::string& pattern, const std::string& program, int pid, long long unix_seconds,
                                unsigned window = 0);
// "SIGUSR2", "USR2" or "12" → 12; 0 for a name that is not a signal a program may use as a trigger.
int ParseTriggerSignal(const std::string& name);
// The signals ParseTriggerSignal takes, for messages: "SIGUSR1, SIGUSR2, …, SIGRTMIN+n".
std::string TriggerSignalNames();

}  // namespace ltcap
