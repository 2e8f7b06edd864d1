// Pipeline: a serving-loop shape for the capture-window tests. Each iteration runs one program that adds b to a
// in place on the device (a += b), then finishes the queue and reads a back, so after the first iteration `a`
// holds data only the device wrote. Exits 0 when every read equals a0 + iterations × b.
//
//   pipeline [--iterations N] [--threads N] [--toggle-at I,J,… (--toggle-signal SIG | --toggle-file PATH)]
//            [--lightmetal-at I,J] [--fork]
//   --threads N       N host threads, each with its own buffers and program, sharing the device and queue 0
//                     (an iteration holds the queue from enqueue to read)
//   --toggle-at       before each listed iteration (1-based), raise SIG (if a handler is installed) or
//                     create/remove PATH, alternately; 0: raise SIG before the program's first tt-metal call
//   --lightmetal-at   LightMetalBeginCapture before iteration I, LightMetalEndCapture after iteration J
//   --fork            a child process runs the whole pipeline first on its own device, then the parent does
//   --args-before-fork N  before forking, the parent builds a program (no device) and sets one kernel's runtime
//                     args N times, to {i, i, i, 0} for i = 1..N: the child's log must start from the last
//   --exec            after the run, exec this program again for one more iteration (same pid, same name)
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include <tt-metalium/bfloat16.hpp>
#include <tt-metalium/host_api.hpp>

#include "tests/v0.56.0/common/binary_tiles.h"

using namespace tt::tt_metal;

namespace {

constexpr uint32_t kTiles = 4, kTileBytes = 2048, kBytes = kTiles * kTileBytes;

struct Options {
    int iterations = 6, threads = 1;
    std::vector<int> toggle_at, lightmetal_at;
    int toggle_signal = 0;
    std::string toggle_file;
    bool fork = false, exec = false;
    int args_before_fork = 0;
};

std::vector<int> Numbers(const char* text) {
    std::vector<int> out;
    for (const char* p = text; *p;) {
        out.push_back(std::atoi(p));
        while (*p && *p != ',') p++;
        if (*p) p++;
    }
    return out;
}

bool Listed(const std::vector<int>& list, int i) {
    for (int x : list)
        if (x == i) return true;
    return false;
}

}  // namespace

// Not inlined and not static: backtraces must name it.
__attribute__((noinline)) void RunIteration(CommandQueue& cq, Program& program) {
    EnqueueProgram(cq, program, false);
    Finish(cq);
}

namespace {

// Raises `sig` when something handles it (a capture shim with LTCAP_TRIGGER_SIGNAL): its default action would end the
// program.
void RaiseIfHandled(int sig) {
    struct sigaction current {};
    sigaction(sig, nullptr, &current);
    if (current.sa_handler != SIG_DFL) raise(sig);
}

bool Worker(IDevice* device, std::mutex& queue, const Options& o, int thread) {
    CommandQueue& cq = device->command_queue();
    const InterleavedBufferConfig config{device, kBytes, kTileBytes, BufferType::DRAM};
    auto a = CreateBuffer(config), b = CreateBuffer(config);
    Program program = CreateProgram();
    const CoreCoord core = {static_cast<std::size_t>(thread % 8), static_cast<std::size_t>(thread / 8)};
    const auto [reader, writer, compute] = examples::AddBinaryTileKernels(program, core, 2, "add_tiles", "ELWADD");
    SetRuntimeArgs(program, reader, core, {a->address(), b->address(), kTiles, 0});
    SetRuntimeArgs(program, writer, core, {a->address(), kTiles, 0});  // in place: a += b
    SetRuntimeArgs(program, compute, core, {kTiles});

    std::vector<bfloat16> va(kBytes / 2), vb(kBytes / 2, bfloat16(1.0f));
    for (std::size_t i = 0; i < va.size(); i++) va[i] = bfloat16(static_cast<float>((i * 7 + thread) % 16));
    const std::vector<bfloat16> a0 = va;
    {
        std::lock_guard lock(queue);
        EnqueueWriteBuffer(cq, a, va, false);
        EnqueueWriteBuffer(cq, b, vb, true);
    }
    bool pass = true;
    bool toggled_on = false;
    for (int it = 1; it <= o.iterations && pass; it++) {
        std::vector<bfloat16> got;
        {
            std::lock_guard lock(queue);
            if (thread == 0 && Listed(o.toggle_at, it)) {
                if (o.toggle_signal) {
                    RaiseIfHandled(o.toggle_signal);
                } else if (!o.toggle_file.empty()) {
                    toggled_on = !toggled_on;
                    if (toggled_on) std::fclose(std::fopen(o.toggle_file.c_str(), "w"));
                    else std::remove(o.toggle_file.c_str());
                }
            }
            if (thread == 0 && o.lightmetal_at.size() == 2 && it == o.lightmetal_at[0]) LightMetalBeginCapture();
            RunIteration(cq, program);
            EnqueueReadBuffer(cq, a, got, true);
            if (thread == 0 && o.lightmetal_at.size() == 2 && it == o.lightmetal_at[1]) LightMetalEndCapture();
        }
        for (std::size_t i = 0; pass && i < got.size(); i++)
            pass = std::fabs(got[i].to_float() - (a0[i].to_float() + it)) < 0.01f;
    }
    if (!o.toggle_file.empty()) std::remove(o.toggle_file.c_str());
    std::printf("pipeline: thread %d, %d iterations: %s\n", thread, o.iterations, pass ? "PASS" : "FAIL");
    return pass;
}

int Run(const Options& o) {
    if (o.toggle_signal && Listed(o.toggle_at, 0)) RaiseIfHandled(o.toggle_signal);
    IDevice* device = CreateDevice(0);
    std::mutex queue;
    std::vector<char> ok(o.threads, 0);
    std::vector<std::thread> threads;
    for (int t = 1; t < o.threads; t++) threads.emplace_back([&, t] { ok[t] = Worker(device, queue, o, t); });
    ok[0] = Worker(device, queue, o, 0);
    for (auto& t : threads) t.join();
    CloseDevice(device);
    for (char x : ok)
        if (!x) return 1;
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    Options o;
    for (int i = 1; i < argc; i++) {
        const std::string arg = argv[i];
        const char* next = i + 1 < argc ? argv[i + 1] : "";
        if (arg == "--iterations") o.iterations = std::atoi(next), i++;
        else if (arg == "--threads") o.threads = std::atoi(next), i++;
        else if (arg == "--toggle-at") o.toggle_at = Numbers(next), i++;
        else if (arg == "--toggle-signal") o.toggle_signal = std::atoi(next), i++;
        else if (arg == "--toggle-file") o.toggle_file = next, i++;
        else if (arg == "--lightmetal-at") o.lightmetal_at = Numbers(next), i++;
        else if (arg == "--fork") o.fork = true;
        else if (arg == "--args-before-fork") o.args_before_fork = std::atoi(next), i++;
        else if (arg == "--exec") o.exec = true;
        else {
            std::fprintf(stderr, "pipeline: unknown argument %s\n", arg.c_str());
            return 2;
        }
    }
    if (o.threads < 1 || o.threads > 16 || o.iterations < 1) return 2;
    if (o.fork) {
        std::printf("pipeline: %u devices available\n", GetNumAvailableDevices());
        std::fflush(stdout);
        Program before = CreateProgram();
        if (o.args_before_fork > 0) {
            const KernelHandle k = CreateKernel(before, "tests/v0.56.0/shared_kernels/reader_binary_tiles.cpp",
                                                CoreCoord{0, 0}, DataMovementConfig{});
            for (uint32_t i = 1; i <= static_cast<uint32_t>(o.args_before_fork); i++)
                SetRuntimeArgs(before, k, CoreCoord{0, 0}, {i, i, i, 0});
        }
        const pid_t child = fork();
        if (child == 0) std::exit(Run(o));  // exit, not _exit: the child's atexit handlers run
        int status = 0;
        waitpid(child, &status, 0);
        if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
            std::printf("pipeline: the child failed\n");
            return 1;
        }
    }
    const int rc = Run(o);
    if (rc == 0 && o.exec) {
        std::fflush(stdout);
        char iterations[] = "--iterations", one[] = "1";
        char* const again[] = {argv[0], iterations, one, nullptr};
        execv("/proc/self/exe", again);
        std::perror("pipeline: exec");
        return 1;
    }
    return rc;
}
