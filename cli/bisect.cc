// `ltcap bisect`: a log replayed on two targets, launch by launch, down to the first launch whose outputs differ.
#include "cli/bisect.h"

#include <stdlib.h>
#include <unistd.h>

#include <cerrno>
#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "cli/launch_diff.h"
#include "cli/process.h"
#include "common/terminal_text.h"
#include "common/usage.h"
#include "player/compare.h"
#include "player/launch_outputs.h"

namespace ltcap::cli {
namespace {

constexpr const char* kUsage = R"(usage: ltcap bisect [options] LOG

Replays LOG on two targets, A and B, and finds the first launch after which a buffer the launch's kernels can
write holds other bytes on B than on A: after each launch both replays finish its queue and read back every live
buffer whose address its programs' runtime args hold, page by page (ltplay --launch-outputs), then both run again
up to that launch for the data of its buffers, compared element by element. The report names the launch (call,
program, its kernels, the cores they run on), the buffer, the first differing page, and the first differing
elements with their tile, row and column.

A target is the emulated device or a tt-metal build (--a-lib, --b-lib: a folder holding its libtt_metal.so), and
what the replay changes (--a, --b: an ltplay option for that side, e.g. --b --replace-kernel=add.cpp=fixed.cpp).
Side A can also be the captured run itself (--a-captured), when the log holds what each launch left in the
device's buffers (captured with `ltcap capture --launch-outputs`): one replay is then compared with the capture.
Reads are not verified on either side: the two are compared with each other.

options:
  --a-lib DIR, --b-lib DIR   the folder of the libtt_metal.so side A (B) loads, ahead of LD_LIBRARY_PATH
  --a OPTION, --b OPTION     an ltplay option for side A (B) alone, repeatable; an option's value goes with it
                             after '=' (--b --replace-write=13=new.bin)
  --a-captured               side A is the captured run: the launch outputs the log holds (LTCAP_LAUNCH_OUTPUTS)
  --dtype TYPE               compare the diverging buffers as TYPE (default: what the launch's output circular
                             buffer holds, else bytes)
  --keep DIR                 keep both sides' records in DIR/a and DIR/b (default: a temporary folder, removed)
  -q, --quiet                only the verdict
  -h, --help                 this text

exit status: 0 every launch left the same bytes on both sides; 1 a divergence was found (reported);
             2 a usage error, or the log is unreadable; 3 a replay failed on one side (its output is shown)
)";

struct Side {
    std::string lib;
    std::vector<std::string> options;
    bool captured = false;  // the captured run's own records (ltplay --captured-outputs), no replay
};

std::string SelfExe() {
    char path[4096];
    const ssize_t n = readlink("/proc/self/exe", path, sizeof path - 1);
    if (n <= 0) return "";
    path[n] = '\0';
    return path;
}

// One replay of the log by side `name` (`ltcap replay`, which picks the log's player), its records in DIR; the
// replay's own lines kept in DIR/replay.txt. The exit status of the replay.
int Replay(const std::string& name, const Side& side, const std::string& log, const std::string& dir,
           const std::vector<std::string>& extra) {
    std::vector<std::string> args = {"replay", "-q", "--no-verify", "--launch-outputs", dir};
    if (side.captured) args.push_back("--captured-outputs");
    args.insert(args.end(), extra.begin(), extra.end());
    args.insert(args.end(), side.options.begin(), side.options.end());
    args.push_back("--");
    args.push_back(log);
    const char* old = std::getenv("LD_LIBRARY_PATH");
    const std::string saved = old ? old : "";
    if (!side.lib.empty()) setenv("LD_LIBRARY_PATH", (side.lib + (saved.empty() ? "" : ":" + saved)).c_str(), 1);
    std::filesystem::create_directories(dir);
    // The replay's stderr goes to a file, shown when it fails.
    const std::string out = dir + "/replay.txt";
    std::fflush(stderr);
    const int saved_err = dup(2);
    FILE* f = std::fopen(out.c_str(), "w");
    if (f) dup2(fileno(f), 2);
    const int code = RunAndWait("ltcap bisect", SelfExe(), args, "ltcap");
    if (f) {
        dup2(saved_err, 2);
        std::fclose(f);
    }
    close(saved_err);
    if (!side.lib.empty()) {
        if (old) setenv("LD_LIBRARY_PATH", saved.c_str(), 1);
        else unsetenv("LD_LIBRARY_PATH");
    }
    if (code != 0 && code != 6) {  // 6: the captured process died there, and the replay got as far
        std::ifstream said(out);
        std::string text((std::istreambuf_iterator<char>(said)), std::istreambuf_iterator<char>());
        std::fprintf(stderr, "ltcap bisect: side %s's replay ended with exit %d:\n%s", name.c_str(), code,
                     TerminalSafe(text).c_str());
    }
    return code;
}

std::vector<std::uint8_t> ReadAll(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return std::vector<std::uint8_t>((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

}  // namespace

int BisectMain(int argc, char** argv) {
    Side a, b;
    std::string log, keep, dtype_name;
    bool quiet = false;
    for (int i = 1; i < argc; i++) {
        const std::string arg = argv[i];
        const auto value = [&]() -> const char* { return i + 1 < argc ? argv[++i] : nullptr; };
        if (arg == "-h" || arg == "--help") {
            PrintUsage(stdout, kUsage, "ltcap bisect", argv[0]);
            return 0;
        } else if (arg == "--a-lib" || arg == "--b-lib" || arg == "--a" || arg == "--b" || arg == "--keep" ||
                   arg == "--dtype") {
            const char* v = value();
            if (!v) return std::fprintf(stderr, "ltcap bisect: %s needs a value\n", arg.c_str()), 2;
            Side& side = arg[2] == 'a' ? a : b;
            if (arg == "--a-lib" || arg == "--b-lib") {
                if (!std::filesystem::is_regular_file(std::string(v) + "/libtt_metal.so"))
                    return std::fprintf(stderr, "ltcap bisect: %s %s: no libtt_metal.so there\n", arg.c_str(), v), 2;
                side.lib = std::filesystem::absolute(v).string();
            } else if (arg == "--a" || arg == "--b") {
                const std::string option = v;
                const std::size_t eq = option.find('=');
                side.options.push_back(option.substr(0, eq));
                if (eq != std::string::npos) side.options.push_back(option.substr(eq + 1));
            } else if (arg == "--keep") {
                keep = v;
            } else {
                dtype_name = v;
                if (!ParseDtype(dtype_name))
                    return std::fprintf(stderr, "ltcap bisect: --dtype %s: expected one of %s\n", v,
                                        DtypeNames().c_str()), 2;
            }
        } else if (arg == "--a-captured") {
            a.captured = true;
        } else if (arg == "-q" || arg == "--quiet") {
            quiet = true;
        } else if (!arg.empty() && arg[0] == '-') {
            std::fprintf(stderr, "ltcap bisect: unknown option %s\n%s", arg.c_str(), kUsage);
            return 2;
        } else if (!log.empty()) {
            return std::fprintf(stderr, "ltcap bisect: one log at a time (got %s and %s)\n", log.c_str(), arg.c_str()), 2;
        } else {
            log = arg;
        }
    }
    if (log.empty()) return std::fputs(kUsage, stderr), 2;
    if (!std::filesystem::is_regular_file(log)) return std::fprintf(stderr, "ltcap bisect: %s: no such log\n", log.c_str()), 2;
    log = std::filesystem::absolute(log).string();
    std::string work = keep;
    if (work.empty()) {
        std::string pattern = (std::filesystem::temp_directory_path() / "ltcap-bisect-XXXXXX").string();
        if (!mkdtemp(pattern.data())) return std::perror("ltcap bisect: mkdtemp"), 2;
        work = pattern;
    }
    struct Cleanup {
        std::string dir;
        ~Cleanup() {
            std::error_code ec;
            if (!dir.empty()) std::filesystem::remove_all(dir, ec);
        }
    } cleanup{keep.empty() ? work : ""};

    // 1. Every launch's page digests, on both sides.
    if (a.captured && (!a.lib.empty() || !a.options.empty()))
        return std::fprintf(stderr, "ltcap bisect: --a-captured makes side A the capture: no --a-lib or --a for it\n"), 2;
    if (!quiet)
        std::fprintf(stderr, a.captured ? "ltcap bisect: the captured run's launch outputs against a replay on B, each "
                                          "launch's outputs read back\n"
                                        : "ltcap bisect: replaying on A, then on B, each launch's outputs read back\n");
    for (const auto& [name, side] : {std::pair<const char*, const Side&>{"A", a}, {"B", b}}) {
        const int code = Replay(name, side, log, work + "/" + name, {});
        if (code == 2) return 2;
        if (code != 0 && code != 6) return 3;
    }
    std::vector<LaunchRecord> ra, rb;
    try {
        ra = ReadLaunchOutputs(work + "/A/launches.txt");
        rb = ReadLaunchOutputs(work + "/B/launches.txt");
    } catch (const std::exception& e) {
        return std::fprintf(stderr, "ltcap bisect: %s\n", e.what()), 3;
    }
    const LaunchDivergence d = FirstDivergence(ra, rb);
    if (!d.found) {
        // The buffers both sides read back (the capture reads back every live buffer, a replay the launch's own).
        std::printf("ltcap bisect: no divergence: %zu launches, %" PRIu64 " buffer records compared, every page equal\n",
                    ra.size(), d.agreed_buffers);
        return 0;
    }
    if (!d.why.empty() && !d.buffer) {
        std::printf("ltcap bisect: the sides diverge at launch %zu: %s\n", d.launch + 1, d.why.c_str());
        return 1;
    }
    const LaunchRecord& at = ra[d.launch];
    const std::string before = d.launch == 0 ? "the first launch already differs"
                               : "launches 1-" + std::to_string(d.launch) + " agree (" +
                                     std::to_string(d.agreed_buffers) + " buffer records equal)";
    std::printf("ltcap bisect: %s; the first divergence is launch %zu of %zu: call #%" PRIu64 " %s, %s, kernels on %s\n",
                before.c_str(), d.launch + 1, ra.size(), at.seq, at.function.c_str(), TerminalSafe(at.program).c_str(),
                at.cores.empty() ? "(cores not recorded)" : at.cores.c_str());
    if (!d.why.empty()) {
        std::printf("ltcap bisect:   %s\n", d.why.c_str());
        return 1;
    }
    std::printf("ltcap bisect:   buffer#%" PRIu64 ": %" PRIu64 " of its %" PRIu64 " pages differ, page %" PRIu64
                " first (bytes %" PRIu64 "-%" PRIu64 ")\n",
                d.buffer, d.pages_differ, d.pages, d.first_page, d.first_page * d.page_size,
                (d.first_page + 1) * d.page_size - 1);

    // 2. That launch's data, on both sides: its elements compared.
    const std::vector<std::string> upto = {"--calls", "-" + std::to_string(at.seq), "--launch-data", std::to_string(at.seq)};
    for (const auto& [name, side] : {std::pair<const char*, const Side&>{"A", a}, {"B", b}}) {
        const int code = Replay(name, side, log, work + "/" + name + ".data", upto);
        if (code != 0 && code != 6) return 3;
    }
    const std::string file = "/launch" + std::to_string(at.launch) + ".buffer" + std::to_string(d.buffer) + ".bin";
    const std::vector<std::uint8_t> da = ReadAll(work + "/A.data" + file), db = ReadAll(work + "/B.data" + file);
    if (da.empty() && db.empty()) {
        std::printf("ltcap bisect:   (the second replays did not record the buffer's data)\n");
        return 1;
    }
    CompareOptions options;
    if (!dtype_name.empty()) options.dtype = ParseDtype(dtype_name);
    const Dtype type = ParseDtype(at.dtype).value_or(Dtype::bytes);
    const Comparison c = CompareRead(db, da.data(), da.size(), type, options);
    const auto lines = DescribeMismatch(c, {"B", "A"});
    for (std::size_t i = 0; i < lines.size(); i++) std::printf("ltcap bisect:   %s%s\n", i ? "  " : "", lines[i].c_str());
    if (!keep.empty()) std::printf("ltcap bisect: both sides' records are in %s\n", keep.c_str());
    return 1;
}

}  // namespace ltcap::cli
