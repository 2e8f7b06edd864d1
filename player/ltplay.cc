// ltplay: replays an ltcap log in this process, with no source tree and no original program, and checks that
// every read returns the bytes the capture recorded.
#include <capnp/schema.h>
#include <unistd.h>

#include <cerrno>

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>
#include <set>
#include <sstream>
#include <string>

#include "api/profile.h"
#include "capture_ctl/settings.h"
#include "common/output_dir.h"
#include "common/same_file.h"
#include "common/terminal_text.h"
#include "common/usage.h"
#include "common/version.h"
#include "player/captured_launches.h"
#include "player/cpp_export.h"
#include "player/format.h"
#include "player/log_reader.h"
#include "player/replay.h"

namespace {

constexpr const char* kUsage = R"(usage: ltplay [options] LOG

Replays an ltcap log: opens the devices the log used, reissues every call in recorded order (objects rebuilt by
their global ids, kernels compiled from the sources in the log), and compares every read with the data the
capture recorded, byte for byte. The last line says what the verdict rests on: how many reads and bytes were
verified, or that nothing was (a log without reads replays, but verifies nothing).

The replay runs in the dispatch mode of the capture: TT_METAL_SLOW_DISPATCH_MODE is set for it if the log's
environment had it, and cleared if not.

The log is read as the replay goes, a compressed one frame by frame: the first call runs at once and memory stays
bounded whatever the log's size. Each entry is checked just before the replay uses it; a damaged entry ends the
replay where it is (exit 2, naming it), after the calls before it. --check-first checks the whole log first.

A log is code: replaying it compiles the kernel sources it holds and runs them (on the emulated device, as host
code in this process). Replay only logs you would run as programs; --check validates one without executing it.

options:
  --check                validate the whole log — every message, every blob and data reference, every result
                         and read against its call — and execute nothing; exit 0 if it checks out
  --check-first          the same check before the replay: a damaged log then executes nothing at all (the
                         replay starts only once the whole log has been read)
  --timeout S            end the replay when one call runs longer than S seconds, naming the call and the
                         kernels still running (default 300; 0: no limit)
  --no-verify            replay without comparing reads
  --require-verified     exit 5 when the replay verified nothing (no read in the log, or none in --calls' range)
  --calls A-B            replay calls up to B and stop (also -B; A-B and A- check only the reads of calls A on:
                         the calls before A still run, they make the state A needs)
  --stop-at N            the same as --calls -N
  --dtype TYPE           compare every read as elements of TYPE (uint8, uint16, int32, uint32, float32,
                         bfloat16, float16, bfp8_b, bfp4_b; bytes: byte by byte). Without it, a read is compared
                         as the type the program read into; a read into void* as the data format of the
                         circular buffers of the program that last wrote its buffer (the last launched program
                         whose runtime args name the buffer's address; its output CB, 16–23, when its CBs
                         differ), or as the type of a later typed write to it; else as bytes. Mismatch reports
                         say which and why. Block floats are unpacked tile by tile and compared per datum
  --atol X, --rtol X     float reads (float32, bfloat16, float16, bfp8_b, bfp4_b) match when every element is
                         within X + rtol·|captured| of the captured one; reads matched only so are counted in the
                         summary. A log with no float read refuses a tolerance (exit 2): pass --dtype then
  --dump-mismatches DIR  write both sides of each mismatching read to DIR/callSEQ.replay.bin and .capture.bin
                         (a piece of a read from byte N on: DIR/callSEQ.atN.replay.bin and .capture.bin)
  --outputs DIR          write every read the log recorded, as replayed, to DIR/CALL.bin (a read of pieces: each
                         at its offset), whatever the verdict: for comparing runs, edited or not
  --launch-outputs DIR   after each launch, finish its queue and read back every buffer its kernels can write
                         (the live buffers whose address its programs' runtime args hold); DIR/launches.txt lists
                         each launch with each buffer's page digests (what `ltcap bisect` compares). Slower: each
                         launch waits for the device
  --launch-data A-B      with --launch-outputs: also each buffer's bytes, for the launches of calls A-B, as
                         DIR/launchN.bufferID.bin
  --captured-outputs     with --launch-outputs: replay nothing, write the captured run's own launch records (a log
                         captured with LTCAP_LAUNCH_OUTPUTS=1 holds each launch's buffers as the run left them)
  --loop N               replay N times (for timing and soak), default 1; each loop's time is printed
  --warmup N             replay N more times first, left out of the timing (their mismatches still count)
  --json FILE            write a report as JSON to FILE ("-": stdout): exit status, calls, reads checked,
                         mismatches, the time from start to the first call, and each loop's time with
                         min/median/mean/max ("-": the --stats and --profile tables go to stderr then)
  --window-file PATH     create PATH just before the first call of --calls and remove it after the last, so a
                         shim preloaded with LTCAP_TRIGGER_FILE=PATH LTCAP_BOUNDARY=call records just those calls,
                         from a snapshot of the state before them (what `ltcap trim` does)
  --window-signal SIG    raise SIG (any LTCAP_TRIGGER_SIGNAL takes: SIGUSR2, SIGRTMIN+1, ...) just before the
                         first call of --calls and again after the last: a shim preloaded with
                         LTCAP_TRIGGER_SIGNAL=SIG LTCAP_BOUNDARY=call records just those calls, with no file looked
                         at per call (`ltcap trim` uses it); refused when nothing handles SIG (no such shim), whose
                         default action would end the replay
  --stats                per-function call counts and times, bytes moved, replay vs captured time
  --export-cpp DIR       replay nothing: write the log as a standalone tt-metal program of this release to DIR
                         (main.cpp, CMakeLists.txt, its kernels and data; `ltcap export --format cpp` runs this)
  --profile              time per program (named after its kernels) and per trace: each launch's queue is
                         finished before the next call, and the launch is timed to then (launches no longer
                         overlap one another or later host work; compare with `ltcap info --programs`)
  --device-map I:J[,…]   open device J where the log used device I
  --recompile            compile every kernel from the log's sources (the host's kernel cache and compiler), even
                         when the log carries the kernel builds; by default a log with builds (`ltcap info`: builds)
                         has them installed in a private cache and no compiler runs, a kernel without its build
                         failing its launch
  --replace-kernel K=FILE  compile kernel K from FILE's text instead of the log's source: K is the kernel file's
                         path as the program gave it, its last components (reader.cpp, dataflow/reader.cpp) or
                         @ID (the kernel source id `ltcap extract` lists); its includes, compile-time args and
                         defines stay as captured. Every kernel is then compiled (the log's builds are of the
                         unedited kernels): a compiler is needed
  --replace-write W=FILE  write FILE's bytes instead of the recorded data: W is a call number (its one data
                         argument) or buffer#ID (every write to that buffer); FILE holds exactly the recorded size.
                         `ltcap extract` writes each recorded payload as a file to start from
                         With edits, the whole log is checked first and an edit that matches nothing is refused
                         before anything runs; a read that then differs from the capture is the edits' effect: it
                         is reported as CHANGED (elements, first differing tile) and does not fail the replay
  --cross-release        replay a log of another tt-metal release ltcap speaks, when every call it holds is one
                         this release has too (a function two releases share means the same to both); the first
                         call that is not is refused before anything runs (exit 2, naming it). Its kernels are
                         compiled from their sources. `ltcap replay --tt-metal RELEASE` passes it
  --remap-addresses      rewrite runtime-arg words equal to a captured buffer address to the replayed address
                         (always on for a log that starts mid-run: its snapshot recreates only the live
                         buffers, so the allocator may place them elsewhere)
  -q, --quiet            only errors and mismatches
  --progress             the progress line (on a terminal, after two seconds) even with -q
  -v, --verbose          also print every call as it is replayed
  -V, --version          the ltcap version, the tt-metal release whose logs this player replays, the log format
  -h, --help             this text
  --                     the next argument is LOG, even if it begins with '-'

A mismatch is reported per element in the read's element type: how many differ, the largest difference,
and the first few with their index (and tile, row and column when the data is whole 32x32 tiles).
On a terminal, a replay running for more than two seconds shows its progress on one line.

exit status: 0 every read matched (with edits: the replay ran, whatever its reads);
             1 a read differed (each is reported: call, buffer, differing elements);
             2 the log is unreadable, damaged, inconsistent (it names the entry), of an unknown version, or cut off
               (then the complete part is replayed first; a damaged one is replayed up to the damage unless
               --check-first);
             3 the replay failed (tt-metal threw where the capture did not);
             4 a call ran longer than --timeout;
             5 (--require-verified) the replay ran, but no read was verified;
             6 the log ends where the captured process died of a signal (its end entry says which: a crashed or
               aborted run): every call up to then replayed and every read matched ("reproduced up to the abort")
)";

// An edit's "WHICH=FILE": FILE read whole.
bool ReadEdit(const std::string& option, const std::string& text, std::string& which, std::string& file,
              std::string& content) {
    const std::size_t eq = text.find('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == text.size()) {
        std::fprintf(stderr, "ltplay: %s %s: expected WHICH=FILE\n", option.c_str(), text.c_str());
        return false;
    }
    which = text.substr(0, eq);
    file = text.substr(eq + 1);
    std::ifstream in(file, std::ios::binary);
    std::ostringstream all;
    if (in) all << in.rdbuf();
    if (!in || std::filesystem::is_directory(file)) {
        std::fprintf(stderr, "ltplay: %s %s: cannot read %s\n", option.c_str(), text.c_str(), file.c_str());
        return false;
    }
    content = all.str();
    return true;
}

bool ParseDeviceMap(const std::string& text, std::map<int, int>& map) {
    std::size_t start = 0;
    while (start < text.size()) {
        const std::size_t end = text.find(',', start);
        const std::string pair = text.substr(start, end == std::string::npos ? std::string::npos : end - start);
        const std::size_t colon = pair.find(':');
        if (colon == std::string::npos) return false;
        char* e1 = nullptr;
        char* e2 = nullptr;
        const long from = std::strtol(pair.c_str(), &e1, 10), to = std::strtol(pair.c_str() + colon + 1, &e2, 10);
        if (e1 != pair.c_str() + colon || *e2 != '\0' || from < 0 || to < 0) return false;
        map[static_cast<int>(from)] = static_cast<int>(to);
        if (end == std::string::npos) break;
        start = end + 1;
    }
    return !map.empty();
}


// A whole number or a real within [min, max]: the whole text, nothing else.
bool ParseWhole(const std::string& text, long min, long max, int& out) {
    char* end = nullptr;
    const long n = std::strtol(text.c_str(), &end, 10);
    if (text.empty() || *end != '\0' || n < min || n > max) return false;
    out = static_cast<int>(n);
    return true;
}
bool ParseReal(const std::string& text, double max, double& out) {
    char* end = nullptr;
    const double x = std::strtod(text.c_str(), &end);
    if (text.empty() || *end != '\0' || !(x >= 0) || x > max) return false;
    out = x;
    return true;
}

}  // namespace

int main(int argc, char** argv) {
    ltcap::ReplayOptions options;  // its `started`: now
    std::string outputs_dir, export_cpp;
    bool cross_release = false, captured_outputs = false;
    const char* path = nullptr;
    bool options_end = false;  // after "--", every argument is the log (a path may begin with '-')
    std::vector<std::string> words;  // "--name=value" is "--name" "value"
    for (int i = 1; i < argc; i++) {
        const std::string word = argv[i];
        const std::size_t eq = word.find('=');
        if (!options_end && word.rfind("--", 0) == 0 && eq != std::string::npos) {
            words.push_back(word.substr(0, eq));
            words.push_back(word.substr(eq + 1));
        } else {
            words.push_back(word);
        }
        if (word == "--") options_end = true;
    }
    options_end = false;
    std::vector<char*> split;
    for (std::string& w : words) split.push_back(w.data());
    argc = static_cast<int>(split.size()) + 1;
    split.insert(split.begin(), argv[0]);
    argv = split.data();
    for (int i = 1; i < argc; i++) {
        const std::string arg = argv[i];
        if (!options_end && arg == "--") {
            options_end = true;
            continue;
        }
        if (options_end) {
            if (path) {
                std::fprintf(stderr, "ltplay: one log at a time (got %s and %s)\n", path, arg.c_str());
                return ltcap::kExitBadLog;
            }
            path = argv[i];
            continue;
        }
        auto value = [&]() -> std::string {
            if (i + 1 >= argc) {
                std::fprintf(stderr, "ltplay: %s needs a value\n", arg.c_str());
                std::exit(ltcap::kExitBadLog);
            }
            return argv[++i];
        };
        if (arg == "-h" || arg == "--help") {
            ltcap::PrintUsage(stdout, kUsage, "ltplay", argv[0]);
            return 0;
        } else if (arg == "-V" || arg == "--version") {
            std::printf("ltplay %s (replays tt-metal %s logs, log format %u)\n", ltcap::kToolVersion, ltcap::kProfile,
                        ltcap::schema::FORMAT_VERSION);
            return 0;
        } else if (arg == "--check") {
            options.check_only = true;
        } else if (arg == "--check-first") {
            options.check_first = true;
        } else if (arg == "--timeout") {
            const std::string v = value();
            if (!ParseReal(v, 1e6, options.timeout_s)) {
                std::fprintf(stderr, "ltplay: --timeout %s: expected seconds from 0 (no limit) to 1000000\n", v.c_str());
                return ltcap::kExitBadLog;
            }
        } else if (arg == "--no-verify") {
            options.verify = false;
        } else if (arg == "--require-verified") {
            options.require_verified = true;
        } else if (arg == "--loop") {
            const std::string v = value();
            if (!ParseWhole(v, 1, 1000000, options.loops)) {
                std::fprintf(stderr, "ltplay: --loop %s: expected a whole number from 1 to 1000000\n", v.c_str());
                return ltcap::kExitBadLog;
            }
        } else if (arg == "--calls" || arg == "--stop-at") {
            const std::string v = value();
            if (!ltcap::ParseCallRange(arg == "--calls" ? v : "-" + v, options.calls)) {
                std::fprintf(stderr, "ltplay: %s %s: expected %s (call sequence numbers)\n", arg.c_str(), v.c_str(),
                             arg == "--calls" ? "A-B, A-, -B or A" : "a call number");
                return ltcap::kExitBadLog;
            }
        } else if (arg == "--dtype") {
            const std::string v = value();
            options.compare.dtype = ltcap::ParseDtype(v);
            if (!options.compare.dtype) {
                std::fprintf(stderr, "ltplay: --dtype %s: expected one of %s\n", v.c_str(), ltcap::DtypeNames().c_str());
                return ltcap::kExitBadLog;
            }
        } else if (arg == "--atol" || arg == "--rtol") {
            const std::string v = value();
            if (!ParseReal(v, 1e300, arg == "--atol" ? options.compare.atol : options.compare.rtol)) {
                std::fprintf(stderr, "ltplay: %s %s: expected a number from 0 up\n", arg.c_str(), v.c_str());
                return ltcap::kExitBadLog;
            }
        } else if (arg == "--dump-mismatches") {
            options.dump_dir = value();
            std::error_code ec;
            std::filesystem::create_directories(options.dump_dir, ec);
            if (ec || !std::filesystem::is_directory(options.dump_dir)) {
                std::fprintf(stderr, "ltplay: --dump-mismatches %s: not a folder I can create\n", options.dump_dir.c_str());
                return ltcap::kExitBadLog;
            }
        } else if (arg == "--launch-outputs") {
            options.launch_outputs = value();
        } else if (arg == "--launch-data") {
            const std::string v = value();
            if (!ltcap::ParseCallRange(v, options.launch_data)) {
                std::fprintf(stderr, "ltplay: --launch-data %s: expected A-B, A-, -B or A (call sequence numbers)\n",
                             v.c_str());
                return ltcap::kExitBadLog;
            }
        } else if (arg == "--cross-release") {
            cross_release = true;
        } else if (arg == "--outputs") {
            outputs_dir = value();
        } else if (arg == "--captured-outputs") {
            captured_outputs = true;
        } else if (arg == "--export-cpp") {
            export_cpp = value();
        } else if (arg == "--warmup") {
            const std::string v = value();
            if (!ParseWhole(v, 0, 1000000, options.warmup)) {
                std::fprintf(stderr, "ltplay: --warmup %s: expected a whole number from 0 to 1000000\n", v.c_str());
                return ltcap::kExitBadLog;
            }
        } else if (arg == "--json") {
            options.json_path = value();
        } else if (arg == "--window-file") {
            options.window_file = value();
        } else if (arg == "--window-signal") {
            const std::string v = value();
            options.window_signal = ltcap::ParseTriggerSignal(v);  // what LTCAP_TRIGGER_SIGNAL takes
            if (!options.window_signal) {
                std::fprintf(stderr, "ltplay: --window-signal %s: expected a signal LTCAP_TRIGGER_SIGNAL takes (%s)\n",
                             v.c_str(), ltcap::TriggerSignalNames().c_str());
                return ltcap::kExitBadLog;
            }
        } else if (arg == "--stats") {
            options.stats = true;
        } else if (arg == "--profile") {
            options.profile = true;
        } else if (arg == "--device-map") {
            const std::string v = value();
            if (!ParseDeviceMap(v, options.device_map)) {
                std::fprintf(stderr, "ltplay: --device-map %s: expected FROM:TO pairs, e.g. 0:1 or 0:1,1:0\n", v.c_str());
                return ltcap::kExitBadLog;
            }
        } else if (arg == "--recompile") {
            options.recompile = true;
        } else if (arg == "--replace-kernel" || arg == "--replace-write") {
            std::string which, file, content;
            if (!ReadEdit(arg, value(), which, file, content)) return ltcap::kExitBadLog;
            try {
                if (arg == "--replace-kernel")
                    options.edits.AddKernel(which, std::move(content), file);
                else
                    options.edits.AddWrite(which, std::vector<std::uint8_t>(content.begin(), content.end()), file);
            } catch (const ltcap::EditError& e) {
                std::fprintf(stderr, "ltplay: %s\n", e.what());
                return ltcap::kExitBadLog;
            }
        } else if (arg == "--remap-addresses") {
            options.remap_addresses = true;
        } else if (arg == "--progress") {
            options.progress = true;
        } else if (arg == "-q" || arg == "--quiet") {
            options.verbosity = 0;
        } else if (arg == "-v" || arg == "--verbose") {
            options.verbosity = 2;
        } else if (!arg.empty() && arg[0] == '-') {
            std::fprintf(stderr, "ltplay: unknown option %s\n%s", arg.c_str(), kUsage);
            return ltcap::kExitBadLog;
        } else if (path) {
            std::fprintf(stderr, "ltplay: one log at a time (got %s and %s)\n", path, arg.c_str());
            return ltcap::kExitBadLog;
        } else {
            path = argv[i];
        }
    }
    if (!path) {
        std::fputs(kUsage, stderr);
        return ltcap::kExitBadLog;
    }
    for (const std::string* out : {&options.json_path, &options.window_file})
        if (!out->empty() && ltcap::SameFile(*out, path)) {
            std::fprintf(stderr, "ltplay: %s is the log being replayed: refused as an output (it would be overwritten)\n",
                         out->c_str());
            return ltcap::kExitBadLog;
        }
    if (!options.launch_outputs.empty() && options.loops + options.warmup > 1) {
        std::fprintf(stderr, "ltplay: --launch-outputs records one pass: not with --loop or --warmup\n");
        return ltcap::kExitBadLog;
    }
    if (captured_outputs && options.launch_outputs.empty()) {
        std::fprintf(stderr, "ltplay: --captured-outputs goes with --launch-outputs DIR\n");
        return ltcap::kExitBadLog;
    }
    if (options.launch_outputs.empty() && options.launch_data.first <= options.launch_data.last) {
        std::fprintf(stderr, "ltplay: --launch-data goes with --launch-outputs DIR\n");
        return ltcap::kExitBadLog;
    }
    if ((!options.window_file.empty() || options.window_signal) && options.loops + options.warmup > 1) {
        std::fprintf(stderr, "ltplay: --window-file and --window-signal mark one pass: not with --loop or --warmup\n");
        return ltcap::kExitBadLog;
    }
    if (!options.window_file.empty() && options.window_signal) {
        std::fprintf(stderr, "ltplay: --window-file and --window-signal mark the same window: give one\n");
        return ltcap::kExitBadLog;
    }
    std::unique_ptr<ltcap::OutputDir> outputs;
    std::set<std::uint64_t> begun;  // the calls whose output file was started in this run
    if (!outputs_dir.empty()) {
        try {
            outputs = std::make_unique<ltcap::OutputDir>(outputs_dir);
        } catch (const std::exception& e) {
            std::fprintf(stderr, "ltplay: --outputs %s: %s\n", outputs_dir.c_str(), e.what());
            return ltcap::kExitBadLog;
        }
        // A piece lies within what the replayed call read (ReadVerifier hands on no other), so its offset is bounded
        // by the replay's own read, never by what the log says alone.
        options.outputs = [&outputs, &begun](std::uint64_t seq, std::uint64_t offset, const std::uint8_t* bytes,
                                             std::uint64_t size) {
            const std::string name = std::to_string(seq) + ".bin";
            int fd = -1;
            try {
                fd = outputs->Open(name, !begun.insert(seq).second);
            } catch (const std::exception& e) {
                throw ltcap::ReplayError(std::string("--outputs: ") + e.what());
            }
            for (std::uint64_t done = 0; done < size;) {
                const ssize_t n = pwrite(fd, bytes + done, size - done, static_cast<off_t>(offset + done));
                if (n <= 0) {
                    close(fd);
                    throw ltcap::ReplayError("cannot write " + outputs->path() + "/" + name + ": " + std::strerror(errno));
                }
                done += static_cast<std::uint64_t>(n);
            }
            close(fd);
        };
    }
    try {
        ltcap::LogReader log(path);
        // A log of another tt-metal release is replayed by that release's player (api/profile.h).
        const std::string release = log.header().getTtMetalVersion().cStr();
        if (release != ltcap::kProfile && cross_release && ltcap::FindProfile(release)) {
            options.cross_from = release;
        } else if (release != ltcap::kProfile) {
            const ltcap::ProfileTools* other = ltcap::FindProfile(release);
            if (other)
                std::fprintf(stderr, "ltplay: %s was captured from tt-metal %s; this ltplay replays %s logs: replay it "
                             "with %s (`ltcap replay` picks it), or here with --cross-release (`ltcap replay "
                             "--tt-metal %s`) if every call it holds is one %s has\n", path, release.c_str(),
                             ltcap::kProfile, other->player, ltcap::kProfile, ltcap::kProfile);
            else
                std::fprintf(stderr, "ltplay: %s was captured from tt-metal \"%s\", a release ltcap does not replay "
                             "(it replays %s)\n", path, ltcap::Printable(log.header().getTtMetalVersion(), 40).c_str(),
                             ltcap::SupportedReleases().c_str());
            return ltcap::kExitBadLog;
        }
        if (captured_outputs) {
            std::unique_ptr<ltcap::LaunchOutputs> out;
            try {
                out = std::make_unique<ltcap::LaunchOutputs>(options.launch_outputs, options.launch_data);
            } catch (const std::exception& e) {
                std::fprintf(stderr, "ltplay: --launch-outputs: %s\n", e.what());
                return ltcap::kExitBadLog;
            }
            if (ltcap::WriteCapturedLaunchOutputs(log, *out) == 0) {
                std::fprintf(stderr, "ltplay: %s holds no launch outputs: capture with LTCAP_LAUNCH_OUTPUTS=1 (ltcap "
                             "capture --launch-outputs)\n", path);
                return ltcap::kExitBadLog;
            }
            return ltcap::kExitMatch;
        }
        if (!export_cpp.empty()) {
            const ltcap::CppExportSummary s = ltcap::ExportCpp(path, export_cpp);
            if (options.verbosity >= 1)
                std::fprintf(stderr, "%s: wrote %s: %llu calls, %llu kernel sources, %llu data files, %llu reads checked\n",
                             std::strncmp(argv[0], "ltcap ", 6) == 0 ? argv[0] : "ltplay", export_cpp.c_str(), static_cast<unsigned long long>(s.calls),
                             static_cast<unsigned long long>(s.kernels), static_cast<unsigned long long>(s.blobs),
                             static_cast<unsigned long long>(s.reads));
            return ltcap::kExitMatch;
        }
        if (log.header().getStartsMidRun()) options.remap_addresses = true;
        ltcap::UseCapturedDispatchMode(log);
        ltcap::Replayer replayer(log, options);
        return replayer.Run();
    } catch (const ltcap::LogError& e) {
        std::fprintf(stderr, "ltplay: %s\n", ltcap::TerminalSafe(e.what()).c_str());
        return ltcap::kExitBadLog;
    } catch (const ltcap::ReplayError& e) {
        std::fprintf(stderr, "ltplay: replay failed: %s\n", ltcap::TerminalSafe(e.what()).c_str());
        return ltcap::kExitReplayFailed;
    } catch (const std::runtime_error& e) {  // --export-cpp: its folder cannot be written
        std::fprintf(stderr, "ltplay: %s\n", ltcap::TerminalSafe(e.what()).c_str());
        return ltcap::kExitBadLog;
    }
}
