// Replay benchmark (not a test). In one run: times a compute-bound program's own run against ltplay replaying its
// log; a workload of ≥ 2 s (compute_workload.cc) the same way, whole and per phase, its own runs and ltplay's
// alternating (this VM changes speed within minutes: alternating puts both sides in the same states); measures
// payload delivery from the log for large writes; reports, for two compressed logs with 2 GiB of payload each (128
// writes of 16 MiB, 32 of 64 MiB), ltplay's peak RSS (and the program's own), its time to the first call, and that
// it needs no temporary file; and call-bound replay: a million payload-less calls against the program's own call time
// and the log's decompression floor, and a TTNN-shaped loop of a few calls per op (op_loop.cc) against its own run.
// Kernels are compiled once beforehand, so both sides find them cached.
//   bazel run //player:replay_bench          (REPLAY_BENCH_SKIP_LARGE=1: without the 2 GiB part;
//                                             REPLAY_BENCH_ROUNDS=N: N alternating rounds of the workload, default 5)
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

namespace {

struct Run {
    double seconds;
    long max_rss_kb;
    int status;
    std::string out;
};

Run Spawn(const std::vector<std::string>& argv, const std::vector<std::string>& env, const fs::path& dir) {
    const fs::path out = dir / "out.txt";
    // The child's freopen flushes what stdout buffered before the fork: printed once per child when stdout is a file.
    std::fflush(stdout);
    const auto t0 = Clock::now();
    const pid_t pid = fork();
    if (pid == 0) {
        for (const auto& e : env) putenv(const_cast<char*>(e.c_str()));
        if (!std::freopen(out.c_str(), "w", stdout)) _exit(126);
        std::vector<char*> args;
        for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
        args.push_back(nullptr);
        execv(args[0], args.data());
        _exit(127);
    }
    int status = 0;
    struct rusage usage {};
    wait4(pid, &status, 0, &usage);
    Run r{std::chrono::duration<double>(Clock::now() - t0).count(), usage.ru_maxrss,
          WIFEXITED(status) ? WEXITSTATUS(status) : 128, ""};
    std::FILE* f = std::fopen(out.c_str(), "r");
    char line[512];
    while (f && std::fgets(line, sizeof line, f)) r.out += line;
    if (f) std::fclose(f);
    return r;
}

// The best wall time of `n` runs; with `status`, each run's exit status ORed into it.
double Best(int n, const std::vector<std::string>& argv, const std::vector<std::string>& env, const fs::path& dir,
            int* status = nullptr) {
    double best = 1e30;
    for (int i = 0; i < n; i++) {
        const Run r = Spawn(argv, env, dir);
        best = std::min(best, r.seconds);
        if (status) *status |= r.status;
    }
    return best;
}

std::string Trimmed(std::string s) {
    while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.pop_back();
    if (const auto colon = s.find(": "); colon != std::string::npos) s = s.substr(colon + 2);
    return s;
}

// The number of the first call of `function` in ltdump's listing ("#17 [t1] … beginTraceCapture(…"), or 0.
long FirstCall(const std::string& listing, const std::string& function) {
    for (std::size_t at = 0; at < listing.size();) {
        const std::size_t eol = std::min(listing.find('\n', at), listing.size());
        const std::string line = listing.substr(at, eol - at);
        if (line.size() > 1 && line[0] == '#' && line.find(" " + function + "(") != std::string::npos)
            return std::atol(line.c_str() + 1);
        at = eol + 1;
    }
    return 0;
}

// ltplay's time replaying calls 1..n (all for n = 0), best of `rounds`, from its JSON report's seconds.total.
double PrefixSeconds(const std::string& ltplay, const std::string& log, long n, const std::string& cache,
                     const fs::path& dir, int rounds) {
    double best = 1e30;
    for (int i = 0; i < rounds; i++) {
        std::vector<std::string> argv{ltplay, "-q", "--json", "-"};
        if (n > 0) argv.push_back("--calls=-" + std::to_string(n));
        argv.push_back(log);
        const Run r = Spawn(argv, {cache}, dir);
        const std::size_t at = r.out.find("\"total\":");
        if (at != std::string::npos) best = std::min(best, std::strtod(r.out.c_str() + at + 8, nullptr));
    }
    return best;
}

}  // namespace

int main() {
    int rounds = 5;
    if (const char* r = std::getenv("REPLAY_BENCH_ROUNDS")) {
        rounds = std::atoi(r);
        if (rounds < 1 || rounds > 100) {
            std::fprintf(stderr, "replay_bench: REPLAY_BENCH_ROUNDS must be 1 to 100, not \"%s\"\n", r);
            return 2;
        }
    }
    const fs::path root = fs::current_path();  // the runfiles tree (bazel run)
    const std::string shim = (root / "profiles/v0.56.0/libltcap.so").string(), ltplay = (root / "profiles/v0.56.0/ltplay").string();
    const std::string matmul = (root / "tests/v0.56.0/matmul_single_core/matmul_single_core").string();
    const std::string big = (root / "player/big_writes").string();
    const std::string workload = (root / "player/compute_workload").string(), ltdump = (root / "player/ltdump").string();
    const fs::path dir = fs::temp_directory_path() / ("ltplay-bench-" + std::to_string(getpid()));
    fs::create_directories(dir);
    const std::string cache = "TT_METAL_EMU_CACHE_DIR=" + (dir / "cache").string();
    const std::string matmul_log = (dir / "matmul.capnp").string(), big_log = (dir / "big.capnp").string();

    // 1. Compute-bound program: its own run vs ltplay's replay of it (process wall time, best of 3 each).
    Spawn({matmul}, {cache}, dir);  // compiles the kernels into the cache
    Spawn({matmul}, {cache, "LTCAP_LOG=quiet", "LTCAP_OUTPUT=" + matmul_log, "LD_PRELOAD=" + shim}, dir);
    const double original = Best(3, {matmul}, {cache}, dir);
    const double replay = Best(3, {ltplay, "-q", matmul_log}, {cache}, dir);
    std::printf("compute-bound program (matmul_single_core, 320x320x320 on one core): own run %.3f s, ltplay %.3f s: "
                "%.3fx\n", original, replay, replay / original);

    // 1b. A workload of ≥ 2 s (two programs, eager rounds, a metal trace, I/O): whole-process wall time, and per
    // phase (setup, eager rounds, traced rounds) the program's own clock against ltplay's time to replay the calls up
    // to each phase's end (ltplay --calls -N --json; a phase is the difference of two such prefixes).
    {
        const std::string log = (dir / "workload.capnp").string();
        Spawn({workload}, {cache}, dir);  // compiles the kernels into the cache
        const Run captured =
            Spawn({workload}, {cache, "LTCAP_LOG=quiet", "LTCAP_OUTPUT=" + log, "LD_PRELOAD=" + shim}, dir);
        double own = 1e30, replayed = 1e30;
        std::vector<double> pair_ratios;
        std::string own_out;
        double own_phase[3] = {1e30, 1e30, 1e30};
        int status = captured.status;
        for (int i = 0; i < rounds; i++) {
            const Run o = Spawn({workload}, {cache}, dir);
            if (o.seconds < own) own = o.seconds, own_out = o.out;
            double phase[3] = {0, 0, 0};
            if (std::sscanf(o.out.c_str(), "compute_workload: %*d rounds; setup %lf s, eager %lf s, traced %lf s",
                            &phase[0], &phase[1], &phase[2]) == 3)
                for (int k = 0; k < 3; k++) own_phase[k] = std::min(own_phase[k], phase[k]);
            const Run p = Spawn({ltplay, "-q", log}, {cache}, dir);
            replayed = std::min(replayed, p.seconds);
            pair_ratios.push_back(p.seconds / o.seconds);
            status |= o.status | p.status;
        }
        if (status != 0) {
            std::fprintf(stderr, "replay_bench: the workload or its replay failed: %s\n", own_out.c_str());
            return 1;
        }
        std::sort(pair_ratios.begin(), pair_ratios.end());
        std::printf("compute workload (%s): own run %.3f s, ltplay %.3f s: %.3fx (process wall time, best of %d "
                    "alternating runs each; the %d back-to-back pairs %.3fx to %.3fx, median %.3fx)\n",
                    Trimmed(own_out).c_str(), own, replayed, replayed / own, rounds, rounds, pair_ratios.front(),
                    pair_ratios.back(), pair_ratios[pair_ratios.size() / 2]);
        // Where each phase ends in the log: the call before the first write, the call before the trace capture.
        const Run dump = Spawn({ltdump, log}, {}, dir);
        const long first_write = FirstCall(dump.out, "enqueueWriteBuffer"), capture = FirstCall(dump.out, "beginTraceCapture");
        const double ends[3] = {PrefixSeconds(ltplay, log, first_write - 1, cache, dir, rounds),
                                PrefixSeconds(ltplay, log, capture - 1, cache, dir, rounds),
                                PrefixSeconds(ltplay, log, 0, cache, dir, rounds)};
        const char* names[3] = {"setup (device, programs, buffers)", "eager rounds (writes, 2 launches, reads)",
                                "traced rounds (writes, trace replay, reads)"};
        for (int i = 0; i < 3; i++) {
            const double r = ends[i] - (i ? ends[i - 1] : 0.0);
            std::printf("  %-44s own %8.1f ms, ltplay %8.1f ms: %.3fx\n", names[i], own_phase[i] * 1e3, r * 1e3,
                        own_phase[i] > 0 && own_phase[i] < 1e30 ? r / own_phase[i] : 0.0);
        }
        std::printf("  (per phase: the program's own clock, best of %d runs; ltplay's, the difference of two prefix "
                    "replays, each best of %d)\n", rounds, rounds);
    }

    // 1c. Call-bound replay. (a) A million payload-less calls (capture_bench's child with CAPTURE_BENCH_CALLS_ONLY=1:
    // SetRuntimeArgs of 8 words), against the program's own time for those calls (the child's "without the shim"
    // figure) plus the log's decompression floor (zstd -t); (b) op_loop, a TTNN-shaped loop of a few calls per op,
    // its own run against ltplay's, alternating.
    {
        const std::string calls_log = (dir / "calls.capnp").string();
        const std::string capture_bench = (root / "interpose/capture_bench").string();
        const Run child = Spawn({capture_bench},
                                {"CAPTURE_BENCH_CHILD=1", "CAPTURE_BENCH_CALLS_ONLY=1", "LTCAP_LOG=quiet",
                                 "LTCAP_OUTPUT=" + calls_log, "LD_PRELOAD=" + shim},
                                dir);
        int calls = 0;
        double own_ns = 0;
        const std::size_t at = child.out.find("8 args, ");
        if (child.status != 0 || at == std::string::npos ||
            std::sscanf(child.out.c_str() + at, "8 args, %d calls each way: %*f ns with the shim, %lf ns without",
                        &calls, &own_ns) != 2) {
            std::fprintf(stderr, "replay_bench: the million-call capture failed: %s\n", child.out.c_str());
            return 1;
        }
        const bool have_zstd = access("/usr/bin/zstd", X_OK) == 0;
        double floor = have_zstd ? Best(rounds, {"/usr/bin/zstd", "-tq", calls_log}, {}, dir) : 0;
        int replay_status = 0;
        const double replay = Best(rounds, {ltplay, "-q", calls_log}, {cache}, dir, &replay_status);
        const double own = own_ns * calls / 1e9;
        std::printf("call-bound, %d payload-less calls (SetRuntimeArgs of 8 words, log %.1f MB): the program's own "
                    "calls %.3f s, decompression floor %.3f s%s, ltplay %.3f s: %.2fx (floor + own calls; target <= "
                    "3x)%s\n",
                    calls, fs::file_size(calls_log) / 1e6, own, floor, have_zstd ? "" : " (no zstd: not measured)",
                    replay, replay / (floor + own), replay_status ? " [FAILED]" : "");
        fs::remove(calls_log);

        const std::string op_loop = (root / "player/op_loop").string(), ops_log = (dir / "ops.capnp").string();
        const std::string ops = "20000";
        Spawn({op_loop, "100"}, {cache}, dir);  // compiles the kernels into the cache
        const Run captured =
            Spawn({op_loop, ops}, {cache, "LTCAP_LOG=quiet", "LTCAP_OUTPUT=" + ops_log, "LD_PRELOAD=" + shim}, dir);
        double own_loop = 1e30, replayed = 1e30;
        std::vector<double> pairs;
        int status = captured.status | replay_status;
        std::string own_out;
        for (int i = 0; i < rounds; i++) {
            const Run o = Spawn({op_loop, ops}, {cache}, dir);
            const Run p = Spawn({ltplay, "-q", ops_log}, {cache}, dir);
            if (o.seconds < own_loop) own_loop = o.seconds, own_out = o.out;
            replayed = std::min(replayed, p.seconds);
            pairs.push_back(p.seconds / o.seconds);
            status |= o.status | p.status;
        }
        std::sort(pairs.begin(), pairs.end());
        std::printf("op loop (%s): own run %.3f s, ltplay %.3f s: %.3fx (process wall time, best of %d alternating "
                    "runs each; the pairs %.3fx to %.3fx, median %.3fx)%s\n",
                    Trimmed(own_out).c_str(), own_loop, replayed, replayed / own_loop, rounds, pairs.front(),
                    pairs.back(), pairs[pairs.size() / 2], status ? " [FAILED]" : "");
        if (status) return 1;
    }

    // REPLAY_BENCH_SKIP_LARGE=1: the compute figures only (the 2 GiB log takes minutes).
    if (std::getenv("REPLAY_BENCH_SKIP_LARGE")) {
        fs::remove_all(dir);
        return 0;
    }
    // 2. Large writes: 2 GiB of payload captured, then replayed; ltplay --stats times the write calls. The replay
    // gets a TMPDIR that does not exist: it reads the compressed log as it goes, with no temporary copy. Two shapes:
    // 16 MiB writes (ltplay's own memory shows), and 64 MiB writes, where a faithful replay of one write and the read
    // after it needs about 196 MiB whoever runs them (the program's own peak says so).
    int failed = 0;
    const std::string no_tmp = "TMPDIR=" + (dir / "none").string();
    for (const auto& [writes, mib] : {std::pair{128, 16}, std::pair{32, 64}}) {
        const std::vector<std::string> program{big, std::to_string(writes), std::to_string(mib)};
        const Run own = Spawn(program, {cache}, dir);
        Spawn(program, {cache, "LTCAP_LOG=quiet", "LTCAP_OUTPUT=" + big_log, "LD_PRELOAD=" + shim}, dir);
        const Run r = Spawn({ltplay, "--stats", "--json", (dir / "big.json").string(), big_log}, {cache, no_tmp}, dir);
        // Time to the first call: ltplay's own report (from its start), and a whole process that replays only call 1.
        double first_call = -1;
        if (std::FILE* f = std::fopen((dir / "big.json").c_str(), "r")) {
            char text[4096] = {};
            const std::size_t n = std::fread(text, 1, sizeof text - 1, f);
            std::fclose(f);
            const std::string json(text, n);
            if (const auto at = json.find("\"first_call_seconds\":"); at != std::string::npos)
                first_call = std::strtod(json.c_str() + at + 21, nullptr);
        }
        const Run one = Spawn({ltplay, "-q", "--calls=-1", big_log}, {cache, no_tmp}, dir);
        double write_seconds = 0;  // --stats' table: function, calls, milliseconds
        if (const std::size_t at = r.out.find("\nenqueueWriteBuffer "); at != std::string::npos) {
            unsigned long long count = 0;
            double ms = 0;
            if (std::sscanf(r.out.c_str() + at + 1, "enqueueWriteBuffer %llu %lf", &count, &ms) == 2)
                write_seconds = ms / 1000;
        }
        const double bytes = double(writes) * double(mib << 20);
        std::printf("large writes (%d x %d MiB, log %.2f GiB): replay delivered the payload at %.2f GB/s (write "
                    "calls %.3f s, replay %.2f s); ltplay peak RSS %.0f MiB, the program's own %.0f MiB; first call "
                    "%.3f s after ltplay's start, a replay of call 1 alone %.3f s (whole process)%s\n",
                    writes, mib, fs::file_size(big_log) / double(1 << 30),
                    write_seconds > 0 ? bytes / write_seconds / 1e9 : 0.0, write_seconds, r.seconds,
                    r.max_rss_kb / 1024.0, own.max_rss_kb / 1024.0, first_call, one.seconds,
                    r.status | one.status | own.status ? " [FAILED]" : "");
        failed |= r.status | one.status | own.status;
        fs::remove(big_log);
    }
    fs::remove_all(dir);
    return failed;
}
