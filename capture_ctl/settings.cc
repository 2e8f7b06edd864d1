#include "capture_ctl/settings.h"

#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <ctime>

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

struct Variable {
    VariableDoc doc;
    Parser parse;
};

const Variable kVariables[] = {
    {{"LTCAP_OUTPUT", "%n.%p.capnp",
      "log file path; %n = program name, %p = pid, %t = start time (YYYYmmdd-HHMMSS), %% = %"},
     [](Settings& s, const std::string& v) -> std::string {
         if (v.empty()) return "expected a file path";
         s.output = v;
         return "";
     }},
    {{"LTCAP_CAPTURE_READS", "1", "1 records the data every read returns (golden data for verification), 0 does not"},
     [](Settings& s, const std::string& v) -> std::string {
         if (v != "0" && v != "1") return "expected 0 or 1";
         s.capture_reads = v == "1";
         return "";
     }},
    {{"LTCAP_LOG", "info", "quiet: nothing on stderr; info: one line when the log opens and closes; debug: also one line per call"},
     [](Settings& s, const std::string& v) -> std::string {
         if (v == "quiet") s.log = LogLevel::kQuiet;
         else if (v == "info") s.log = LogLevel::kInfo;
         else if (v == "debug") s.log = LogLevel::kDebug;
         else return "expected quiet, info or debug";
         return "";
     }},
    {{"LTCAP_FLUSH_MS", "0", "also write the log to disk every N milliseconds (0: when batches fill, and at exit)"},
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
    {{"LTCAP_DISABLE", "0", "1 keeps the shim loaded but captures nothing"},
     [](Settings& s, const std::string& v) -> std::string {
         if (v != "0" && v != "1") return "expected 0 or 1";
         s.enabled = v != "1";
         return "";
     }},
};

}  // namespace

Settings ParseSettings(const std::vector<std::string>& env) {
    Settings s;
    for (const std::string& entry : env) {
        if (entry.rfind("LTCAP_", 0) != 0) continue;
        const auto eq = entry.find('=');
        const std::string name = entry.substr(0, eq), value = eq == std::string::npos ? "" : entry.substr(eq + 1);
        const Variable* var = nullptr;
        for (const Variable& v : kVariables)
            if (name == v.doc.name) var = &v;
        std::string problem = var ? var->parse(s, value) : "unknown variable (see docs/capture.md for the list)";
        if (!problem.empty() && s.error.empty()) s.error = name + "=" + value + ": " + problem;
    }
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
                                long long unix_seconds) {
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
        } else if (c == '%') {
            out += '%';
        } else {
            out += '%';
            out += c;
        }
    }
    return out;
}

}  // namespace ltcap
