#include "cli/capture_cmd.h"

#include <getopt.h>
#include <glob.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

#include "api/releases.h"
#include "capture_ctl/settings.h"
#include "cli/process.h"
#include "cli/tool_paths.h"
#include "cli/which_tt_metal.h"
#include "common/terminal_text.h"

namespace ltcap::cli {
namespace {

constexpr const char* kUsage = R"(usage: ltcap capture [options] [--] PROGRAM [ARGS...]

Runs PROGRAM with the capture shim preloaded: every tt-metal call it makes is recorded into a log. The shim is the
one of the tt-metal release PROGRAM loads (v0.56.0: libltcap.so, v0.67.0: libltcap_v067.so), told by the names its
libtt_metal.so exports; a program that opens tt-metal later (a Python host) gets the one LD_LIBRARY_PATH,
$TT_METAL_HOME/build/lib or ltcap's own lib/ holds.
Each option sets the LTCAP_* variable named after it (--variables lists them all); variables already in the
environment keep working, and an option overrides its variable.

options:
  -o, --output PATTERN     log path: %n program name, %p pid, %t start time, %w window number
                           (default: %n.%p.capnp, or %n.%p.w%w.capnp with a window option)
      --ranges LIST        capture windows, in boundary events: 100-109, 3-4,10-12, 50-
      --boundary KIND      what --ranges counts: program (default), finish or call
      --trigger-signal SIG a signal that toggles capture (SIGUSR1, ...)
      --trigger-file PATH  capture while this file exists
      --lightmetal         LightMetalBeginCapture/EndCapture open and close a window
      --backtrace LIST     record call stacks: all, or API names (enqueueProgram,finish)
      --no-reads           do not record the data reads return (smaller log; replay cannot verify reads)
      --launch-outputs     after each launch, wait for it and record every buffer's bytes (LTCAP_LAUNCH_OUTPUTS:
                           what `ltcap bisect --a-captured` compares a replay with; slow: keep it to a window)
      --no-compress        write the plain message stream instead of a Zstandard stream
  -q, --quiet              the shim prints nothing (LTCAP_LOG=quiet)
  -e, --env NAME=VALUE     set any other LTCAP_* variable
      --tt-metal RELEASE   capture as tt-metal RELEASE (one `ltcap version` lists) whatever PROGRAM loads
      --shim PATH          the shim to preload (default: the installed one of the release PROGRAM loads)
      --require-log        exit 3 also when PROGRAM wrote no log (it made no tt-metal call, or no window opened)
      --variables          list every LTCAP_* variable the shim reads, its default and meaning, and exit
  -h, --help               this text

The settings (options and LTCAP_* variables alike) and the log's folder are checked first: a bad one is named
and PROGRAM is not run (exit 2). After PROGRAM exits, the logs it wrote are listed. The exit status is PROGRAM's,
except 3 when the capture failed — a log could not be created or written (a folder that cannot be made, a full
disk) or capture stopped on a failure of its own, each said on its line — and, with --require-log, 3 when no log
was written.
)";

enum Option {
    kRanges = 256, kBoundary, kSignal, kFile, kLightMetal, kBacktrace, kNoReads, kNoCompress, kShim, kTtMetal, kRequireLog,
    kVariables, kLaunchOutputs
};

// Exit status when the capture failed, and of --require-log when the program wrote no log.
constexpr int kExitNoLog = 3;

// The file the shims of the program's processes tell a log they could not write to (LTCAP_STATUS_FILE), made
// private to this run and removed when it ends.
class StatusFile {
public:
    StatusFile() {
        const char* tmp = std::getenv("TMPDIR");
        std::string name = std::string(tmp && *tmp ? tmp : "/tmp") + "/ltcap-status.XXXXXX";
        const int fd = mkstemp(name.data());
        if (fd < 0) return;  // capture still runs; a failure is then known by its line only
        ::close(fd);
        path_ = name;
    }
    ~StatusFile() {
        if (!path_.empty()) ::unlink(path_.c_str());
    }
    const std::string& path() const { return path_; }
    // The lines the shims wrote.
    std::vector<std::string> Lines() const {
        std::vector<std::string> lines;
        if (path_.empty()) return lines;
        std::ifstream in(path_);
        for (std::string line; std::getline(in, line);) lines.push_back(line);
        return lines;
    }

private:
    std::string path_;
};

// What the shim would refuse once the program runs (capture_ctl/settings.h: it would print one line and capture
// nothing), found before: the environment the program gets, and the folder the log goes to when the pattern's
// folder has no field in it. "" when all is well.
std::string CheckSettings() {
    std::vector<std::string> env;
    for (char** e = environ; *e; e++)
        if (std::strncmp(*e, "LTCAP_", 6) == 0) env.emplace_back(*e);
    const Settings s = ParseSettings(env);
    if (!s.error.empty()) return s.error;
    const std::size_t slash = s.output.rfind('/');
    const std::string dir = slash == std::string::npos ? "." : slash == 0 ? "/" : s.output.substr(0, slash);
    if (dir.find('%') != std::string::npos) return "";
    struct stat st;
    if (stat(dir.c_str(), &st) != 0)
        return "the log's folder " + dir + " does not exist (LTCAP_OUTPUT=" + s.output + ")";
    if (!S_ISDIR(st.st_mode)) return "the log's folder " + dir + " is not a folder (LTCAP_OUTPUT=" + s.output + ")";
    if (access(dir.c_str(), W_OK | X_OK) != 0)
        return "the log's folder " + dir + " is not writable (LTCAP_OUTPUT=" + s.output + ")";
    return "";
}

// Each LTCAP_OUTPUT pattern field replaced for matching files the run wrote; the pid is known.
std::string GlobFor(const std::string& pattern, pid_t pid) {
    std::string out;
    for (std::size_t i = 0; i < pattern.size(); i++) {
        if (pattern[i] != '%' || i + 1 == pattern.size()) {
            if (std::strchr("*?[\\", pattern[i])) out += '\\';
            out += pattern[i];
            continue;
        }
        const char f = pattern[++i];
        if (f == 'p') out += std::to_string(pid);
        else if (f == '%') out += '%';
        else out += '*';  // %n, %t, %w
    }
    return out;
}

// Signals sent to ltcap go on to the program (so `kill -USR1 <ltcap's pid>` toggles a --trigger-signal window,
// and a TERM ends the program rather than orphaning it).
volatile sig_atomic_t g_child = 0;
void Forward(int sig) {
    if (g_child > 0) kill(static_cast<pid_t>(g_child), sig);
}
constexpr int kForwarded[] = {SIGTERM, SIGHUP, SIGUSR1, SIGUSR2, SIGALRM, SIGWINCH, SIGURG, SIGPROF, SIGVTALRM};

}  // namespace

int CaptureMain(int argc, char** argv) {
    static const option kOptions[] = {
        {"output", required_argument, nullptr, 'o'},    {"ranges", required_argument, nullptr, kRanges},
        {"boundary", required_argument, nullptr, kBoundary}, {"trigger-signal", required_argument, nullptr, kSignal},
        {"trigger-file", required_argument, nullptr, kFile}, {"lightmetal", no_argument, nullptr, kLightMetal},
        {"backtrace", required_argument, nullptr, kBacktrace}, {"no-reads", no_argument, nullptr, kNoReads},
        {"no-compress", no_argument, nullptr, kNoCompress}, {"quiet", no_argument, nullptr, 'q'},
        {"env", required_argument, nullptr, 'e'},      {"shim", required_argument, nullptr, kShim},
        {"tt-metal", required_argument, nullptr, kTtMetal}, {"require-log", no_argument, nullptr, kRequireLog},
        {"variables", no_argument, nullptr, kVariables}, {"help", no_argument, nullptr, 'h'},
        {"launch-outputs", no_argument, nullptr, kLaunchOutputs},
        {nullptr, 0, nullptr, 0}};
    std::vector<std::pair<std::string, std::string>> vars;
    std::string shim;
    std::string release;  // the tt-metal release to capture as (api/profile.h)
    bool window = false, require_log = false;
    optind = 1;
    for (int c; (c = getopt_long(argc, argv, "+o:qe:h", kOptions, nullptr)) != -1;) {
        switch (c) {
            case 'o': vars.emplace_back("LTCAP_OUTPUT", optarg); break;
            case kRanges: vars.emplace_back("LTCAP_RANGES", optarg), window = true; break;
            case kBoundary: vars.emplace_back("LTCAP_BOUNDARY", optarg); break;
            case kSignal: vars.emplace_back("LTCAP_TRIGGER_SIGNAL", optarg), window = true; break;
            case kFile: vars.emplace_back("LTCAP_TRIGGER_FILE", optarg), window = true; break;
            case kLightMetal: vars.emplace_back("LTCAP_LIGHTMETAL", "1"), window = true; break;
            case kBacktrace: vars.emplace_back("LTCAP_BACKTRACE", optarg); break;
            case kNoReads: vars.emplace_back("LTCAP_CAPTURE_READS", "0"); break;
            case kLaunchOutputs: vars.emplace_back("LTCAP_LAUNCH_OUTPUTS", "1"); break;
            case kNoCompress: vars.emplace_back("LTCAP_COMPRESS", "0"); break;
            case 'q': vars.emplace_back("LTCAP_LOG", "quiet"); break;
            case kShim: shim = optarg; break;
            case kRequireLog: require_log = true; break;
            case kTtMetal:
                if (!FindProfile(optarg)) {
                    std::fprintf(stderr, "ltcap capture: --tt-metal %s: ltcap captures tt-metal %s\n", optarg,
                                 SupportedReleases().c_str());
                    return 2;
                }
                release = optarg;
                break;
            case 'e': {
                const char* eq = std::strchr(optarg, '=');
                if (!eq || std::strncmp(optarg, "LTCAP_", 6) != 0) {
                    std::fprintf(stderr, "ltcap capture: --env takes LTCAP_NAME=VALUE, got %s\n", optarg);
                    return 2;
                }
                vars.emplace_back(std::string(optarg, static_cast<std::size_t>(eq - optarg)), eq + 1);
                break;
            }
            case 'h': std::fputs(kUsage, stdout); return 0;
            case kVariables:
                for (const VariableDoc& v : SettingsTable())
                    std::printf("%s (default: %s)\n    %s\n", v.name, *v.default_value ? v.default_value : "unset", v.meaning);
                return 0;
            default: std::fputs(kUsage, stderr); return 2;
        }
    }
    if (optind >= argc) {
        std::fprintf(stderr, "ltcap capture: no program given\n%s", kUsage);
        return 2;
    }
    for (const auto& [name, value] : vars) setenv(name.c_str(), value.c_str(), 1);
    if (const std::string problem = CheckSettings(); !problem.empty()) {
        std::fprintf(stderr, "ltcap capture: %s; %s not run\n", problem.c_str(), argv[optind]);
        return 2;
    }
    bool capture = true;
    if (shim.empty()) {
        if (release.empty()) {
            // The library the program links, else the one it would open; its exported names say its release.
            std::string lib = TtMetalOfProgram(argv[optind]);
            if (lib.empty()) lib = TtMetalOnSearchPath({SelfDir() + "/../lib"});
            const LibraryRelease found = IdentifyLibrary(lib);
            release = found.release;
            if (release.empty() && (!found.resembles.empty() || !found.package_version.empty())) {
                // Its package states a version no profile is: never a shim built for another release's layouts.
                std::fprintf(stderr, "ltcap: %s is %s: ltcap captures tt-metal %s, and no shim of those is preloaded "
                             "into another; %s runs without capture\n", lib.c_str(), Describe(found).c_str(),
                             SupportedReleases().c_str(), argv[optind]);
                capture = false;
            } else if (release.empty() && !found.later_than.empty()) {
                // Never a shim into a tt-metal it was not built for: a later release's layouts are not its own.
                std::fprintf(stderr, "ltcap: %s is a tt-metal release after %s (it defines %s): ltcap captures "
                             "tt-metal %s, and no shim of those is preloaded into another; %s runs without capture\n",
                             lib.c_str(), found.later_than.c_str(), found.later_what.c_str(),
                             SupportedReleases().c_str(), argv[optind]);
                capture = false;
            } else if (release.empty() && !lib.empty()) {
                std::fprintf(stderr, "ltcap: %s is a tt-metal ltcap does not capture (it captures tt-metal %s, "
                             "built with libstdc++); %s runs without capture\n", lib.c_str(),
                             SupportedReleases().c_str(), argv[optind]);
                capture = false;
            }
            if (release.empty()) release = InstalledRelease();
            if (release.empty()) release = kFallbackRelease;
        }
        if (capture) {
            shim = FindShim(release);
            if (shim.empty()) {
                std::fprintf(stderr, "ltcap capture: the capture shim of tt-metal %s (%s) was not found (looked in "
                             "%s/../lib); pass --shim PATH\n", release.c_str(), FindProfile(release)->shim,
                             SelfDir().c_str());
                return 2;
            }
        }
    }
    if (capture && access(shim.c_str(), R_OK) != 0) {
        std::fprintf(stderr, "ltcap capture: the capture shim %s was not found (or is not readable); pass --shim PATH\n",
                     shim.c_str());
        return 2;
    }
    if (capture) PreloadFirst(shim);
    const char* pattern_env = std::getenv("LTCAP_OUTPUT");
    window = window || std::getenv("LTCAP_RANGES") || std::getenv("LTCAP_TRIGGER_SIGNAL") ||
             std::getenv("LTCAP_TRIGGER_FILE");
    const std::string pattern = pattern_env ? pattern_env : window ? "%n.%p.w%w.capnp" : "%n.%p.capnp";

    // The program gets the terminal's signals itself; ltcap waits for it through them.
    std::signal(SIGINT, SIG_IGN);
    std::signal(SIGQUIT, SIG_IGN);
    const std::time_t started = std::time(nullptr) - 1;  // file times have whole seconds
    const StatusFile status_file;
    if (!status_file.path().empty()) setenv("LTCAP_STATUS_FILE", status_file.path().c_str(), 1);
    const pid_t pid = Spawn("ltcap capture", argv[optind], argv + optind, /*search_path=*/true);
    if (pid < 0) {
        std::fprintf(stderr, "ltcap capture: fork: %s\n", std::strerror(errno));
        return 2;
    }
    g_child = pid;
    struct sigaction forward {};
    forward.sa_handler = Forward;
    sigemptyset(&forward.sa_mask);
    for (int sig : kForwarded) sigaction(sig, &forward, nullptr);
    if (std::getenv("LTCAP_TRIGGER_SIGNAL"))
        std::fprintf(stderr, "ltcap: %s runs as pid %d (signals to ltcap's pid %d are passed on)\n", argv[optind],
                     static_cast<int>(pid), static_cast<int>(getpid()));
    const int status = WaitFor(pid);
    const int code = ExitCodeOf(status);
    // The pattern's matches this run wrote (a pattern without %p may match an older file of the same name).
    glob_t found{};
    std::size_t listed = 0;
    if (glob(GlobFor(pattern, pid).c_str(), 0, nullptr, &found) == 0) {
        for (std::size_t i = 0; i < found.gl_pathc; i++) {
            struct stat st;
            if (stat(found.gl_pathv[i], &st) != 0 || st.st_mtime < started) continue;
            std::fprintf(stderr, "ltcap: log %s\n", found.gl_pathv[i]);
            listed++;
        }
    }
    const std::vector<std::string> failures = capture ? status_file.Lines() : std::vector<std::string>{};
    if (!failures.empty()) {
        // (The shim's line names the log's path, which the program's name may spell: shown, not obeyed.)
        std::fprintf(stderr, "ltcap: the capture failed: %s%s; exit status 3 (%s's: %d)\n",
                     TerminalSafe(failures[0]).c_str(), failures.size() > 1 ? (" (and " + std::to_string(failures.size() - 1) + " more)").c_str() : "",
                     argv[optind], code);
    } else if (listed == 0) {
        std::fprintf(stderr, "ltcap: no log written (the program made no tt-metal call%s)\n",
                     !capture ? ", or its tt-metal is not one ltcap captures"
                     : window  ? ", or no capture window opened"
                               : "");
    }
    globfree(&found);
    if (WIFSIGNALED(status)) std::fprintf(stderr, "ltcap: %s ended by signal %d\n", argv[optind], WTERMSIG(status));
    return !failures.empty() || (require_log && listed == 0) ? kExitNoLog : code;
}

}  // namespace ltcap::cli
