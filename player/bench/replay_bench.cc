// Replay benchmark (not a test). In one run: times a compute-bound program's own run against ltplay replaying
// its log; measures payload delivery from the log for large writes; reports ltplay's peak RSS for a log with
// 2 GiB of payload. Kernels are compiled once beforehand, so both sides find them cached.
//   bazel run //player:replay_bench
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
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

double Best(int n, const std::vector<std::string>& argv, const std::vector<std::string>& env, const fs::path& dir) {
    double best = 1e30;
    for (int i = 0; i < n; i++) best = std::min(best, Spawn(argv, env, dir).seconds);
    return best;
}

}  // namespace

int main() {
    const fs::path root = fs::current_path();  // the runfiles tree (bazel run)
    const std::string shim = (root / "interpose/libltcap.so").string(), ltplay = (root / "player/ltplay").string();
    const std::string matmul = (root / "tests/programs/matmul_single_core/matmul_single_core").string();
    const std::string big = (root / "player/big_writes").string();
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

    // 2. Large writes: 2 GiB of payload captured, then replayed; ltplay --stats times the write calls.
    Spawn({big}, {cache, "LTCAP_LOG=quiet", "LTCAP_OUTPUT=" + big_log, "LD_PRELOAD=" + shim}, dir);
    const Run r = Spawn({ltplay, "--stats", big_log}, {cache}, dir);
    double write_seconds = 0;
    for (std::size_t at = r.out.find("enqueueWriteBuffer"); at != std::string::npos;) {
        unsigned long long count = 0;
        std::sscanf(r.out.c_str() + at, "enqueueWriteBuffer %llu %lf", &count, &write_seconds);
        break;
    }
    const double gib = 2.0 * (1 << 30);
    std::printf("large writes (32 x 64 MiB, log %.2f GiB): replay delivered the payload at %.2f GB/s (write calls "
                "%.3f s); ltplay peak RSS %.0f MiB (the log is mapped: its pages count while they are resident)\n",
                fs::file_size(big_log) / gib * 2, gib / write_seconds / 1e9, write_seconds, r.max_rss_kb / 1024.0);
    fs::remove_all(dir);
    return r.status;
}
