// Emulator benchmark (not a test): 64 MiB buffer write/read throughput, and the time of a program's first
// launch (kernels compiled) against a second launch of an identical program (kernel cache hit), in one run.
//   bazel run -c opt //third_party/tt_metal:emulator_bench
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <numeric>
#include <string>
#include <unistd.h>

#include <tt-metalium/host_api.hpp>

using namespace tt::tt_metal;
using Clock = std::chrono::steady_clock;

namespace {

double Seconds(Clock::time_point a, Clock::time_point b) { return std::chrono::duration<double>(b - a).count(); }

template <typename Fn>
double Best(int reps, Fn fn) {
    double best = 1e30;
    for (int i = 0; i < reps; i++) {
        const auto t0 = Clock::now();
        fn();
        best = std::min(best, Seconds(t0, Clock::now()));
    }
    return best;
}

constexpr const char* kCopyKernel = R"(
#include "dataflow_api.h"
void kernel_main() {
    const uint32_t src = get_arg_val<uint32_t>(0), dst = get_arg_val<uint32_t>(1), n = get_arg_val<uint32_t>(2);
    const InterleavedAddrGenFast<true> in = {.bank_base_address = src, .page_size = 2048, .data_format = DataFormat::Float16_b};
    const InterleavedAddrGenFast<true> out = {.bank_base_address = dst, .page_size = 2048, .data_format = DataFormat::Float16_b};
    for (uint32_t i = 0; i < n; i++) {
        cb_reserve_back(0, 1);
        noc_async_read_tile(i, in, get_write_ptr(0));
        noc_async_read_barrier();
        noc_async_write_tile(i, out, get_write_ptr(0));
        noc_async_write_barrier();
        cb_push_back(0, 1);
        cb_wait_front(0, 1);
        cb_pop_front(0, 1);
    }
})";

Program CopyProgram(const Buffer& in, const Buffer& out, std::uint32_t tiles) {
    Program p = CreateProgram();
    CreateCircularBuffer(p, CoreCoord{0, 0},
                         CircularBufferConfig(2 * 2048, {{0, tt::DataFormat::Float16_b}}).set_page_size(0, 2048));
    KernelHandle k = CreateKernelFromString(p, kCopyKernel, CoreCoord{0, 0}, DataMovementConfig{});
    SetRuntimeArgs(p, k, CoreCoord{0, 0}, {in.address(), out.address(), tiles});
    return p;
}

}  // namespace

int main() {
    // A cold kernel cache, private to this run, so the first launch really compiles.
    const std::string cache = std::filesystem::temp_directory_path() / ("ttemu-bench-" + std::to_string(getpid()));
    setenv("TT_METAL_EMU_CACHE_DIR", cache.c_str(), 1);

    IDevice* device = CreateDevice(0);
    CommandQueue& cq = device->command_queue();
    constexpr std::uint64_t kBytes = 64ull << 20;
    std::vector<std::uint32_t> host(kBytes / 4), back(kBytes / 4);
    std::iota(host.begin(), host.end(), 0u);

    std::printf("emulator benchmark (best of 5)\n");
    for (std::uint64_t page : {2048ull, 1ull << 20}) {
        auto buf = CreateBuffer(InterleavedBufferConfig{device, kBytes, page, BufferType::DRAM});
        const double w = Best(5, [&] { EnqueueWriteBuffer(cq, buf, host.data(), true); });
        const double r = Best(5, [&] { EnqueueReadBuffer(cq, buf, back.data(), true); });
        if (back != host) {
            std::fprintf(stderr, "read-back mismatch\n");
            return 1;
        }
        std::printf("  64 MiB DRAM buffer, %7llu B pages: write %6.2f GB/s, read %6.2f GB/s\n",
                    static_cast<unsigned long long>(page), kBytes / w / 1e9, kBytes / r / 1e9);
    }

    constexpr std::uint32_t kTiles = 256;
    auto in = CreateBuffer(InterleavedBufferConfig{device, kTiles * 2048, 2048, BufferType::DRAM});
    auto out = CreateBuffer(InterleavedBufferConfig{device, kTiles * 2048, 2048, BufferType::DRAM});
    auto run = [&] {
        Program p = CopyProgram(*in, *out, kTiles);
        const auto t0 = Clock::now();
        EnqueueProgram(cq, p, true);
        return Seconds(t0, Clock::now());
    };
    const double first = run();
    const double second = run();
    std::printf("  program launch, %u-tile copy: first %.1f ms (compiles), second %.2f ms (cache hit): %.0fx faster\n",
                kTiles, first * 1e3, second * 1e3, first / second);

    CloseDevice(device);
    std::filesystem::remove_all(cache);
    return 0;
}
