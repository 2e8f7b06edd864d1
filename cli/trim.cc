#include "api/releases.h"
#include "cli/trim.h"

#include <getopt.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "cli/info.h"
#include "cli/process.h"
#include "cli/tool_paths.h"
#include "common/same_file.h"
#include "player/call_range.h"
#include "player/log_check.h"
#include "player/log_reader.h"

namespace ltcap::cli {
namespace {

namespace fs = std::filesystem;

constexpr const char* kUsage = R"(usage: ltcap trim (--calls A-B | --programs A-B) [options] LOG OUT

Writes OUT: a shorter log holding only the calls from A to B (sequence numbers, as ltcap dump shows them) or
the program launches A to B (1-based; every call that runs a program or a trace counts — EnqueueProgram,
detail::LaunchProgram, EnqueueTrace, ReplayTrace, mesh workloads and mesh traces — as LTCAP_RANGES counts
them), which replays on its own. It is made as a capture window is: LOG is replayed with
the capture shim preloaded, and the window opens just before A with a snapshot of everything alive then
(devices, buffers with their contents, programs, traces) and closes after B.

options:
  --calls A-B        calls A to B (also A- or -B); the replay stops after B
  --programs A-B     launches A to B (also A-)
  --no-verify        do not replay OUT afterwards to check it
  --require-verified exit 5 when OUT replays but verifies nothing (no read in the range)
  --shim PATH        preload this shim instead of the installed one
  -q, --quiet        print nothing but errors
  -h, --help         this text

OUT's calls are numbered afresh (it is a capture of the replay: its header names ltplay as the process).
With --calls, LOG is read no further than B (and the entries the replay reads ahead): damage or a cut after it
does not matter; --programs replays LOG to its end. LOG's reads in the range are checked while it replays; OUT is then replayed alone and must verify. A range
without reads gives a log that replays but verifies nothing: trim says so (and --require-verified fails).

exit status: 0 OUT written (and verified); 1 OUT written, but replaying LOG's prefix or OUT differed somewhere
             (named on stderr); 2 bad arguments, LOG unreadable or damaged where the replay reads it, or the
             range holds nothing;
             3 the replay failed; 5 (--require-verified) OUT verifies nothing
)";

struct Args {
    CallRange range;
    bool programs = false, verify = true, quiet = false, require_verified = false;
    std::string shim, log, out;
};

// Sets `name` for the children ltcap starts (or removes it when `value` is null).
void SetEnv(const char* name, const char* value) {
    if (value) setenv(name, value, 1);
    else unsetenv(name);
}

// The children see only the capture settings trim chooses: every LTCAP_* variable of ltcap's own environment goes.
void ClearCaptureSettings() {
    std::vector<std::string> names;
    for (char** e = environ; *e; e++)
        if (std::strncmp(*e, "LTCAP_", 6) == 0) names.emplace_back(*e, std::strcspn(*e, "="));
    for (const auto& n : names) unsetenv(n.c_str());
}

int Run(const std::string& tool, const std::vector<std::string>& args) {
    const int code = RunAndWait("ltcap trim", tool, args);
    if (code < 0) return std::fprintf(stderr, "ltcap trim: fork: %s\n", std::strerror(errno)), 3;
    return code;
}

bool ParseArgs(int argc, char** argv, Args& a, int& exit) {
    enum { kCalls = 256, kPrograms, kNoVerify, kRequireVerified, kShim };
    static const option kOptions[] = {
        {"calls", required_argument, nullptr, kCalls},  {"programs", required_argument, nullptr, kPrograms},
        {"no-verify", no_argument, nullptr, kNoVerify}, {"require-verified", no_argument, nullptr, kRequireVerified},
        {"shim", required_argument, nullptr, kShim},
        {"quiet", no_argument, nullptr, 'q'},           {"help", no_argument, nullptr, 'h'},
        {nullptr, 0, nullptr, 0}};
    int ranges = 0;
    optind = 1;
    for (int c; (c = getopt_long(argc, argv, "+qh", kOptions, nullptr)) != -1;) {
        switch (c) {
            case kCalls:
            case kPrograms:
                if (!ParseCallRange(optarg, a.range) || (c == kPrograms && a.range.first == 0)) {
                    std::fprintf(stderr, "ltcap trim: %s %s: expected A-B, A- or -B%s\n",
                                 c == kCalls ? "--calls" : "--programs", optarg,
                                 c == kPrograms ? " (launches count from 1)" : " (call sequence numbers)");
                    return exit = 2, false;
                }
                a.programs = c == kPrograms;
                ranges++;
                break;
            case kNoVerify: a.verify = false; break;
            case kRequireVerified: a.require_verified = true; break;
            case kShim: a.shim = optarg; break;
            case 'q': a.quiet = true; break;
            case 'h': std::fputs(kUsage, stdout); return exit = 0, false;
            default: std::fputs(kUsage, stderr); return exit = 2, false;
        }
    }
    if (ranges != 1 || argc - optind != 2) {
        std::fprintf(stderr, "ltcap trim: %s\n%s",
                     ranges != 1 ? "give one of --calls and --programs" : "expected LOG and OUT", kUsage);
        return exit = 2, false;
    }
    if (a.require_verified && !a.verify) {
        std::fprintf(stderr, "ltcap trim: --require-verified needs OUT replayed: not with --no-verify\n");
        return exit = 2, false;
    }
    a.log = argv[optind];
    a.out = argv[optind + 1];
    if (SameFile(a.log, a.out)) {
        std::fprintf(stderr, "ltcap trim: OUT %s is LOG itself: refused (trim reads LOG while it writes OUT)\n",
                     a.out.c_str());
        return exit = 2, false;
    }
    return true;
}

// What LOG holds, to refuse a range it does not have before replaying anything.
bool CheckRange(const Args& a, const LogInfo& info) {
    if (info.damaged) {
        std::fprintf(stderr, "ltcap trim: %s is damaged: %s\n", a.log.c_str(), info.problem.c_str());
        return false;
    }
    if (a.programs) {
        const std::uint64_t launches = info.launches;
        if (a.range.first > launches) {
            std::fprintf(stderr, "ltcap trim: %s has %llu program launches; --programs starts at %llu\n", a.log.c_str(),
                         static_cast<unsigned long long>(launches), static_cast<unsigned long long>(a.range.first));
            return false;
        }
    } else if (!info.calls || a.range.first > info.last_seq || a.range.last < info.first_seq) {
        std::fprintf(stderr, "ltcap trim: %s holds calls #%llu to #%llu; --calls asks for #%llu to #%s\n",
                     a.log.c_str(), static_cast<unsigned long long>(info.first_seq),
                     static_cast<unsigned long long>(info.last_seq), static_cast<unsigned long long>(a.range.first),
                     a.range.last == ~0ull ? "the end" : std::to_string(a.range.last).c_str());
        return false;
    }
    return true;
}

// The one window log the shim wrote into `dir` (trim.wN.capnp), or "". Listed, not globbed: `dir` is below OUT's
// folder, whose name may hold any character.
std::string WindowLog(const std::string& dir) {
    std::vector<std::string> found;
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(dir, ec)) {
        const std::string name = entry.path().filename().string();
        if (name.rfind("trim.w", 0) == 0 && name.size() > 12 && name.compare(name.size() - 6, 6, ".capnp") == 0)
            found.push_back(entry.path().string());
    }
    return found.size() == 1 ? found[0] : "";
}

// `text` as an LTCAP_OUTPUT pattern that means just it: each '%' doubled.
std::string Literal(const std::string& text) {
    std::string out;
    for (const char c : text) out += c == '%' ? "%%" : std::string(1, c);
    return out;
}

// A path as an operand of a tool that takes options first: one beginning with '-' goes after "--".
void AddPath(std::vector<std::string>& args, const std::string& path) {
    if (!path.empty() && path[0] == '-') args.push_back("--");
    args.push_back(path);
}

// Why the replay opened no window, found by reading the whole log (only then: a trim reads no further than its
// range): a range the log does not hold, or damage; false if neither explains it.
bool ExplainNoWindow(const Args& a) {
    LogInfo info;
    try {
        LogReader log(a.log);
        info = CollectInfo(log);
    } catch (const LogError& e) {
        std::fprintf(stderr, "ltcap trim: %s\n", e.what());
        return true;
    }
    return !CheckRange(a, info);
}

int Trim(const Args& a) {
    // Only the header is read here: with --calls the replay reads the log no further than the range's end (a log
    // damaged or cut after it trims as well), and a range the log does not hold shows as a replay that opened no
    // window.
    LogInfo info;
    try {
        LogReader log(a.log);
        info = NamingTheEntry(log, [&log] { return CollectHeader(log); });
    } catch (const LogError& e) {
        std::fprintf(stderr, "ltcap trim: %s\n", e.what());
        return 2;
    }
    // The player and the shim of the release the log's calls follow (api/profile.h).
    const ProfileTools* profile = FindProfile(info.tt_metal_version);
    if (!profile) {
        std::fprintf(stderr, "ltcap trim: %s was captured from tt-metal \"%s\"; ltcap speaks tt-metal %s\n",
                     a.log.c_str(), info.tt_metal_version.c_str(), SupportedReleases().c_str());
        return 2;
    }
    const std::string ltplay = FindPlayer(profile->release);
    const std::string shim = a.shim.empty() ? FindShim(profile->release) : a.shim;
    if (ltplay.empty() || shim.empty() || access(shim.c_str(), R_OK) != 0) {
        std::fprintf(stderr, "ltcap trim: %s was not found (looked beside %s)\n",
                     ltplay.empty() ? profile->player : profile->shim, SelfDir().c_str());
        return 2;
    }
    // The window log is written beside OUT and renamed into place: OUT appears whole or not at all.
    const fs::path out(a.out);
    const std::string pattern = ((out.has_parent_path() ? out.parent_path() : fs::path(".")) / ".ltcap-trim-XXXXXX").string();
    std::vector<char> tmpl(pattern.begin(), pattern.end());
    tmpl.push_back('\0');
    if (!mkdtemp(tmpl.data())) {
        std::fprintf(stderr, "ltcap trim: cannot create a folder beside %s: %s\n", a.out.c_str(), std::strerror(errno));
        return 2;
    }
    const std::string dir = tmpl.data();
    struct Cleanup {
        std::string dir;
        ~Cleanup() {
            std::error_code ec;
            fs::remove_all(dir, ec);
        }
    } cleanup{dir};

    const char* preload = std::getenv("LD_PRELOAD");
    const std::optional<std::string> saved_preload = preload ? std::optional<std::string>(preload) : std::nullopt;
    ClearCaptureSettings();
    PreloadFirst(shim);
    SetEnv("LTCAP_OUTPUT", (Literal(dir) + "/trim.w%w.capnp").c_str());
    SetEnv("LTCAP_LOG", "quiet");
    std::vector<std::string> play{"-q"};
    if (a.programs) {
        SetEnv("LTCAP_BOUNDARY", "program");
        SetEnv("LTCAP_RANGES", a.range.Text().c_str());
    } else {
        // ltplay raises the trigger signal as the range begins and ends (the shim handles it from load time): a
        // file looked at before every call would cost a system call each.
        SetEnv("LTCAP_BOUNDARY", "call");
        SetEnv("LTCAP_TRIGGER_SIGNAL", "SIGUSR2");
        play.insert(play.end(), {"--calls", a.range.Text(), "--window-signal", "SIGUSR2"});
    }
    // The dispatch mode ltplay takes from the log is also in the environment the shim records.
    bool slow = false;
    for (const auto& [name, value] : info.environment) slow = slow || name == "TT_METAL_SLOW_DISPATCH_MODE";
    SetEnv("TT_METAL_SLOW_DISPATCH_MODE", slow ? "1" : nullptr);
    if (!a.quiet) {
        play.push_back("--progress");
        std::fprintf(stderr, "ltcap trim: replaying %s with capture on for %s %s…\n", a.log.c_str(),
                     a.programs ? "launches" : "calls", a.range.Text().c_str());
    }
    AddPath(play, a.log);
    // ltplay's 6: the log is a crashed run's, replayed up to where its process died — as good as a clean replay here.
    constexpr int kReproducedDeath = 6;
    int replayed = Run(ltplay, play);
    if (replayed == kReproducedDeath) replayed = 0;
    ClearCaptureSettings();
    SetEnv("LD_PRELOAD", saved_preload ? saved_preload->c_str() : nullptr);
    if (replayed >= 2) {
        std::fprintf(stderr, "ltcap trim: replaying %s failed (ltplay exit %d)\n", a.log.c_str(), replayed);
        return replayed == 2 ? 2 : 3;
    }
    const std::string window = WindowLog(dir);
    if (window.empty()) {
        if (ExplainNoWindow(a)) return 2;
        std::fprintf(stderr, "ltcap trim: the replay of %s opened no window for %s %s\n", a.log.c_str(),
                     a.programs ? "--programs" : "--calls", a.range.Text().c_str());
        return 2;
    }
    if (std::rename(window.c_str(), a.out.c_str()) != 0) {
        std::fprintf(stderr, "ltcap trim: cannot write %s: %s\n", a.out.c_str(), std::strerror(errno));
        return 2;
    }
    int status = replayed ? 1 : 0;
    if (replayed) std::fprintf(stderr, "ltcap trim: note: replaying %s's calls before the window differed from the capture (above)\n", a.log.c_str());
    LogInfo trimmed;
    try {
        LogReader log(a.out);
        trimmed = CollectInfo(log);
    } catch (const LogError& e) {
        std::fprintf(stderr, "ltcap trim: %s\n", e.what());
        return 2;
    }
    std::uint64_t recreating = 0;
    for (const auto& [name, f] : trimmed.functions) recreating += f.synthesized;
    if (!a.quiet)
        std::fprintf(stderr, "ltcap trim: wrote %s: %llu calls, the first %llu of them recreating the state (a snapshot)%s\n",
                     a.out.c_str(), static_cast<unsigned long long>(trimmed.calls),
                     static_cast<unsigned long long>(recreating), trimmed.complete ? "" : "; the log is incomplete");
    if (a.verify) {
        std::vector<std::string> check{"-q"};
        if (!a.quiet) {
            check.push_back("--progress");
            std::fprintf(stderr, "ltcap trim: replaying %s on its own to check it…\n", a.out.c_str());
        }
        AddPath(check, a.out);
        const int verified = Run(ltplay, check);
        if (verified != 0 && verified != kReproducedDeath) {
            std::fprintf(stderr, "ltcap trim: %s does not replay cleanly on its own (ltplay exit %d)\n", a.out.c_str(), verified);
            return verified == 1 ? 1 : verified == 2 ? 2 : 3;
        }
        // A range without reads replays, but that verifies nothing: said so, never "its reads verify".
        if (trimmed.read_data == 0) {
            if (!a.quiet || a.require_verified)
                std::fprintf(stderr, "ltcap trim: %s replays on its own, but verifies nothing: the range has no read\n",
                             a.out.c_str());
            return a.require_verified ? 5 : status;
        }
        if (!a.quiet)
            std::fprintf(stderr, "ltcap trim: %s replays on its own and its reads verify (%llu bytes)\n", a.out.c_str(),
                         static_cast<unsigned long long>(trimmed.read_bytes));
    }
    return status;
}

}  // namespace

int TrimMain(int argc, char** argv) {
    Args a;
    int exit = 0;
    if (!ParseArgs(argc, argv, a, exit)) return exit;
    return Trim(a);
}

}  // namespace ltcap::cli
