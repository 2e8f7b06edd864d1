#include "capture_ctl/settings.h"

#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <sstream>
#include <utility>

#include "schema/trace_layout.h"

extern char** environ;

namespace ltcap {
namespace {

// Each parser sets one field or returns an error message naming what was expected.
using Parser = std::string (*)(Settings&, const std::string&);

bool ParseUnsigned(const std::string& v, std::uint64_t max, std::uint64_t& out) {
    if (v.empty() || v.size() > 19) return false;
    for (char c : v)
        if (c < '0' || c > '9') return false;
    out = std::strtoull(v.c_str(), nullptr, 10);
    return out <= max;
}

std::vector<std::string> Split(const std::string& v, char sep) {
    std::vector<std::string> parts;
    std::stringstream in(v);
    for (std::string part; std::getline(in, part, sep);) parts.push_back(part);
    if (!v.empty() && v.back() == sep) parts.emplace_back();
    return parts;
}

// "100-109", "5", "3-4,10-12", "50-": 1-based, ascending, disjoint.
std::string ParseRanges(Settings& s, const std::string& v) {
    const char* expected = "expected 1-based windows such as 100-109, 5, 3-4,10-12 or 50- (ascending, not overlapping)";
    std::vector<Range> ranges;
    for (const std::string& part : Split(v, ',')) {
        const auto dash = part.find('-');
        Range r{};
        if (!ParseUnsigned(part.substr(0, dash), Range::kOpenEnded - 1, r.first) || r.first == 0) return expected;
        if (dash == std::string::npos) {
            r.last = r.first;
        } else if (dash + 1 == part.size()) {
            r.last = Range::kOpenEnded;
        } else if (!ParseUnsigned(part.substr(dash + 1), Range::kOpenEnded - 1, r.last) || r.last < r.first) {
            return expected;
        }
        if (!ranges.empty() && (ranges.back().last == Range::kOpenEnded || r.first <= ranges.back().last))
            return expected;
        ranges.push_back(r);
    }
    if (ranges.empty()) return expected;
    s.ranges = std::move(ranges);
    return "";
}

// A variable that is 0 or 1.
template <bool Settings::*field>
std::string ParseFlag(Settings& s, const std::string& v) {
    if (v != "0" && v != "1") return "expected 0 or 1";
    s.*field = v == "1";
    return "";
}

// A variable naming a file.
template <std::string Settings::*field>
std::string ParsePath(Settings& s, const std::string& v) {
    if (v.empty()) return "expected a file path";
    s.*field = v;
    return "";
}

// tt-metal's variables: whatever tt-metal accepts (an empty value is as good as unset), never an error of ours.
template <std::string Settings::*field>
std::string ParseAny(Settings& s, const std::string& v) {
    s.*field = v;
    return "";
}

std::string ParseBacktrace(Settings& s, const std::string& v) {
    if (v == "all") {
        s.backtrace_all = true;
        return "";
    }
    std::vector<std::string> names;
    for (const std::string& name : Split(v, ',')) {
        if (std::find(std::begin(layout::kApiNames), std::end(layout::kApiNames), name) == std::end(layout::kApiNames))
            return "expected all or API function names as ltdump prints them (e.g. enqueueProgram,finish); '" + name +
                   "' is not one";
        names.push_back(name);
    }
    s.backtrace_functions = std::move(names);
    return "";
}

struct Variable {
    VariableDoc doc;
    Parser parse;
};

const Variable kVariables[] = {
    {{"LTCAP_OUTPUT", "%n.%p.capnp",
      "log file path; %n = program name, %p = pid, %t = start time (YYYYmmdd-HHMMSS), %w = window number, %% = %; "
      "with triggers the default is %n.%p.w%w.capnp"},
     ParsePath<&Settings::output>},
    {{"LTCAP_CAPTURE_READS", "1", "1 records the data every read returns (golden data for verification), 0 does not"},
     ParseFlag<&Settings::capture_reads>},
    {{"LTCAP_LAUNCH_OUTPUTS", "0",
      "1 waits for each launch to finish and records every live buffer's bytes after it (launchOutputs entries, for "
      "`ltcap bisect --a captured`); slow: each launch is waited for and every buffer read back"},
     ParseFlag<&Settings::launch_outputs>},
    {{"LTCAP_LOG", "info", "quiet: nothing on stderr; info: one line when the log opens and closes; debug: also one line per call"},
     [](Settings& s, const std::string& v) -> std::string {
         if (v == "quiet") s.log = LogLevel::kQuiet;
         else if (v == "info") s.log = LogLevel::kInfo;
         else if (v == "debug") s.log = LogLevel::kDebug;
         else return "expected quiet, info or debug";
         return "";
     }},
    {{"LTCAP_FLUSH_MS", "100",
      "hand what was recorded to the file at least every N milliseconds, from the writer thread (bounds what a kill -9 "
      "loses); 0: only when 1 MiB batches fill, and at exit"},
     [](Settings& s, const std::string& v) -> std::string {
         std::uint64_t n;
         if (!ParseUnsigned(v, 3600000, n)) return "expected a whole number of milliseconds (0 to 3600000)";
         s.flush_ms = static_cast<std::uint32_t>(n);
         return "";
     }},
    {{"LTCAP_BUFFER_MB", "256", "MiB of log the shim may hold in memory before the program waits for the disk"},
     [](Settings& s, const std::string& v) -> std::string {
         std::uint64_t n;
         if (!ParseUnsigned(v, 1 << 20, n) || n < 4) return "expected a whole number of MiB, at least 4";
         s.buffer_bytes = n << 20;
         return "";
     }},
    {{"LTCAP_COMPRESS", "1",
      "1: the log is a Zstandard stream (call records compressed, large payloads stored); 0: plain Cap'n Proto messages"},
     ParseFlag<&Settings::compress>},
    {{"LTCAP_DISABLE", "0", "1 keeps the shim loaded but captures nothing"},
     [](Settings& s, const std::string& v) -> std::string {
         if (v != "0" && v != "1") return "expected 0 or 1";
         s.enabled = v != "1";
         return "";
     }},
    {{"LTCAP_BOUNDARY", "program",
      "what LTCAP_RANGES counts and where triggers are checked: program (EnqueueProgram, LaunchProgram, EnqueueTrace, "
      "ReplayTrace), finish (Finish, Synchronize) or call (every intercepted call)"},
     [](Settings& s, const std::string& v) -> std::string {
         if (v == "program") s.boundary = Boundary::kProgram;
         else if (v == "finish") s.boundary = Boundary::kFinish;
         else if (v == "call") s.boundary = Boundary::kCall;
         else return "expected program, finish or call";
         return "";
     }},
    {{"LTCAP_RANGES", "none", "windows counted in boundary events, 1-based: 100-109, 5, 3-4,10-12, 50- (open-ended)"},
     ParseRanges},
    {{"LTCAP_TRIGGER_SIGNAL", "none", "a signal (e.g. SIGUSR2) that toggles capture; takes effect at the next boundary"},
     [](Settings& s, const std::string& v) -> std::string {
         s.trigger_signal = ParseTriggerSignal(v);
         if (!s.trigger_signal) return "expected a signal name such as SIGUSR1 or SIGUSR2 (not one tt-metal or a crash uses)";
         return "";
     }},
    {{"LTCAP_TRIGGER_FILE", "none", "a path; capture is on while the file exists (checked at boundaries)"},
     ParsePath<&Settings::trigger_file>},
    {{"LTCAP_LIGHTMETAL", "0", "1: the program's LightMetalBeginCapture/LightMetalEndCapture open and close windows"},
     ParseFlag<&Settings::lightmetal>},
    {{"LTCAP_BACKTRACE", "none", "all, or API function names as ltdump prints them (comma-separated): record their call stacks"},
     ParseBacktrace},
    {{"LTCAP_OWN_LOGS", "none",
      "set by the shim across exec, never by hand: the logs this process wrote before, which the exec'd program must "
      "not overwrite"},
     [](Settings&, const std::string&) -> std::string { return ""; }},  // read by the capture (own_logs.h)
    {{"LTCAP_STATUS_FILE", "none",
      "set by ltcap capture: an existing file the shim appends a line to when a log cannot be written or capture stops "
      "on a failure, so that ltcap capture exits non-zero"},
     ParsePath<&Settings::status_file>},
    {{"TT_METAL_HOME", "none",
      "tt-metal's (v0.56.0): kernel files are also looked for relative to it, and their quoted includes under its "
      "include roots; the shim looks where tt-metal looks, to record the same files"},
     ParseAny<&Settings::metal_home>},
    {{"TT_METAL_KERNEL_PATH", "none", "tt-metal's: kernel files are also looked for relative to it"},
     ParseAny<&Settings::kernel_path>},
    {{"TT_METAL_RUNTIME_ROOT", "none",
      "tt-metal's (v0.67.0): the root of its tree, looked in last for kernel files and through its include roots "
      "for their quoted includes (unset: /usr/libexec/tt-metalium, else the working directory if it holds tt_metal/)"},
     ParseAny<&Settings::runtime_root>},
};

// Settings that are each valid but do not fit together.
std::string CheckCombination(Settings& s, bool output_given) {
    const int triggers = !s.ranges.empty() + (s.trigger_signal != 0) + !s.trigger_file.empty() + s.lightmetal;
    if (triggers > 1)
        return "LTCAP_RANGES, LTCAP_TRIGGER_SIGNAL, LTCAP_TRIGGER_FILE and LTCAP_LIGHTMETAL exclude each other; set one";
    if (!s.windowed()) return "";
    if (!output_given) s.output = "%n.%p.w%w.capnp";
    else if (s.several_windows() && s.output.find("%w") == std::string::npos)
        return "LTCAP_OUTPUT=" + s.output + ": needs %w (the window number) when several windows can open";
    return "";
}

}  // namespace

Settings ParseSettings(const std::vector<std::string>& env) {
    Settings s;
    bool output_given = false;
    for (const std::string& entry : env) {
        const auto eq = entry.find('=');
        const std::string name = entry.substr(0, eq), value = eq == std::string::npos ? "" : entry.substr(eq + 1);
        const Variable* var = nullptr;
        for (const Variable& v : kVariables)
            if (name == v.doc.name) var = &v;
        if (!var && entry.rfind("LTCAP_", 0) != 0) continue;  // not ours, and not one of tt-metal's we read
        std::string problem = var ? var->parse(s, value) : "unknown variable (`ltcap capture --variables` lists them)";
        if (!problem.empty() && s.error.empty()) s.error = name + "=" + value + ": " + problem;
        output_given |= name == "LTCAP_OUTPUT";
    }
    if (s.error.empty()) s.error = CheckCombination(s, output_given);
    return s;
}

const Settings& GetSettings() {
    static const Settings settings = [] {
        std::vector<std::string> env;
        for (char** e = environ; e && *e; e++) env.emplace_back(*e);
        return ParseSettings(env);
    }();
    return settings;
}

const std::vector<VariableDoc>& SettingsTable() {
    static const std::vector<VariableDoc> table = [] {
        std::vector<VariableDoc> t;
        for (const Variable& v : kVariables) t.push_back(v.doc);
        return t;
    }();
    return table;
}

std::string ExpandOutputPattern(const std::string& pattern, const std::string& program, int pid,
                                long long unix_seconds, unsigned window) {
    std::string out;
    for (std::size_t i = 0; i < pattern.size(); i++) {
        if (pattern[i] != '%' || i + 1 == pattern.size()) {
            out += pattern[i];
            continue;
        }
        const char c = pattern[++i];
        if (c == 'n') {
            out += program;
        } else if (c == 'p') {
            out += std::to_string(pid);
        } else if (c == 't') {
            char buf[32];
            const std::time_t t = static_cast<std::time_t>(unix_seconds);
            std::tm tm{};
            gmtime_r(&t, &tm);
            std::strftime(buf, sizeof buf, "%Y%m%d-%H%M%S", &tm);
            out += buf;
        } else if (c == 'w') {
            out += std::to_string(window);
        } else if (c == '%') {
            out += '%';
        } else {
            out += '%';
            out += c;
        }
    }
    return out;
}

namespace {
// Signals a program can spare; not the fatal ones the shim flushes on, not SIGKILL/SIGSTOP/SIGCHLD/SIGPIPE.
constexpr std::pair<const char*, int> kTriggerSignals[] = {
    {"USR1", SIGUSR1}, {"USR2", SIGUSR2}, {"HUP", SIGHUP}, {"ALRM", SIGALRM}, {"WINCH", SIGWINCH},
    {"URG", SIGURG},   {"PROF", SIGPROF}, {"VTALRM", SIGVTALRM}, {"TTIN", SIGTTIN}, {"TTOU", SIGTTOU},
};
}  // namespace

int ParseTriggerSignal(const std::string& name) {
    const std::string bare = name.rfind("SIG", 0) == 0 ? name.substr(3) : name;
    for (const auto& [n, sig] : kTriggerSignals)
        if (bare == n) return sig;
    std::uint64_t number;
    if (ParseUnsigned(name, 64, number))
        for (const auto& [n, sig] : kTriggerSignals)
            if (static_cast<int>(number) == sig) return sig;
    if (bare.rfind("RTMIN+", 0) == 0 && ParseUnsigned(bare.substr(6), 64, number) && SIGRTMIN + static_cast<int>(number) <= SIGRTMAX)
        return SIGRTMIN + static_cast<int>(number);
    return 0;
}

std::string TriggerSignalNames() {
    std::string out;
    for (const auto& [n, sig] : kTriggerSignals) out += std::string("SIG") + n + ", ";
    return out + "SIGRTMIN+n";
}

}  // namespace ltcap
