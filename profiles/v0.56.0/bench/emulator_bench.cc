// Emulator benchmark (not a test): 64 MiB buffer write/read throughput, and the time of a program's first
// launch (kernels compiled) against a second launch of an identical program (kernel cache hit), in one run.
//   bazel run -c opt //profiles/v0.56.0:emulator_bench
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

// One core: a reader streams tiles of two buffers into CBs 0/1, a compute kernel applies OP (add_tiles or
// matmul_tiles, each on one tile pair) and packs into CB 16, a writer drains CB 16.
constexpr const char* kReader = R"(
#include "dataflow_api.h"
void kernel_main() {
    const uint32_t a = get_arg_val<uint32_t>(0), b = get_arg_val<uint32_t>(1), n = get_arg_val<uint32_t>(2);
    const InterleavedAddrGenFast<true> ga = {.bank_base_address = a, .page_size = 2048, .data_format = DataFormat::Float16_b};
    const InterleavedAddrGenFast<true> gb = {.bank_base_address = b, .page_size = 2048, .data_format = DataFormat::Float16_b};
    for (uint32_t i = 0; i < n; i++) {
        cb_reserve_back(0, 1); cb_reserve_back(1, 1);
        noc_async_read_tile(i, ga, get_write_ptr(0)); noc_async_read_tile(i, gb, get_write_ptr(1));
        noc_async_read_barrier();
        cb_push_back(0, 1); cb_push_back(1, 1);
    }
})";
constexpr const char* kWriter = R"(
#include "dataflow_api.h"
void kernel_main() {
    const uint32_t c = get_arg_val<uint32_t>(0), n = get_arg_val<uint32_t>(1);
    const InterleavedAddrGenFast<true> gc = {.bank_base_address = c, .page_size = 2048, .data_format = DataFormat::Float16_b};
    for (uint32_t i = 0; i < n; i++) {
        cb_wait_front(16, 1);
        noc_async_write_tile(i, gc, get_read_ptr(16));
        noc_async_write_barrier();
        cb_pop_front(16, 1);
    }
})";
constexpr const char* kCompute = R"(
#include "compute_kernel_api/eltwise_binary.h"
#include "compute_kernel_api/matmul.h"
namespace NAMESPACE { void MAIN {
    const uint32_t n = get_arg_val<uint32_t>(0);
    for (uint32_t i = 0; i < n; i++) {
        cb_wait_front(0, 1); cb_wait_front(1, 1); cb_reserve_back(16, 1);
        tile_regs_acquire();
        OP;
        tile_regs_commit(); tile_regs_wait(); pack_tile(0, 16); tile_regs_release();
        cb_push_back(16, 1); cb_pop_front(0, 1); cb_pop_front(1, 1);
    }
} })";

Program ComputeProgram(const Buffer& a, const Buffer& b, const Buffer& c, std::uint32_t tiles, const char* op) {
    Program p = CreateProgram();
    const CoreCoord core = {0, 0};
    for (std::uint8_t cb : {0, 1, 16})
        CreateCircularBuffer(p, core, CircularBufferConfig(2 * 2048, {{cb, tt::DataFormat::Float16_b}}).set_page_size(cb, 2048));
    KernelHandle r = CreateKernelFromString(p, kReader, core, DataMovementConfig{.processor = DataMovementProcessor::RISCV_1, .noc = NOC::NOC_1});
    KernelHandle w = CreateKernelFromString(p, kWriter, core, DataMovementConfig{});
    KernelHandle k = CreateKernelFromString(p, kCompute, core, ComputeConfig{.defines = {{"OP", op}}});
    SetRuntimeArgs(p, r, core, {a.address(), b.address(), tiles});
    SetRuntimeArgs(p, w, core, {c.address(), tiles});
    SetRuntimeArgs(p, k, core, {tiles});
    return p;
}

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

    {
        // Launch overhead: a program of 16 tiny kernels (two on each of eight cores), launched 500 times.
        Program p = CreateProgram();
        const CoreRange cores({0, 0}, {7, 0});
        for (auto proc : {DataMovementProcessor::RISCV_0, DataMovementProcessor::RISCV_1}) {
            KernelHandle k = CreateKernelFromString(p, "#include \"dataflow_api.h\"\nvoid kernel_main() { (void)get_arg_val<uint32_t>(0); }",
                                                    cores, DataMovementConfig{.processor = proc, .noc = static_cast<NOC>(proc)});
            SetRuntimeArgs(p, k, cores, {1});
        }
        EnqueueProgram(cq, p, true);  // compiles outside the timing
        constexpr int kLaunches = 500;
        const double t = Best(3, [&] {
            for (int i = 0; i < kLaunches; i++) EnqueueProgram(cq, p, false);
            Finish(cq);
        });
        std::printf("  launch overhead, 16 empty kernels on 8 cores: %.1f us per launch (%d launches in %.1f ms)\n",
                    t / kLaunches * 1e6, kLaunches, t * 1e3);
    }

    constexpr std::uint32_t kComputeTiles = 512;
    auto make = [&] {
        return CreateBuffer(InterleavedBufferConfig{device, kComputeTiles * 2048, 2048, BufferType::DRAM});
    };
    auto ca = make(), cbuf = make(), cc = make();
    for (const char* op : {"add_tiles(0, 1, 0, 0, 0)", "matmul_tiles(0, 1, 0, 0, 0, 0)"}) {
        Program warm = ComputeProgram(*ca, *cbuf, *cc, 1, op);  // compiles the kernels outside the timing
        EnqueueProgram(cq, warm, true);
        Program p = ComputeProgram(*ca, *cbuf, *cc, kComputeTiles, op);
        const double t = Best(3, [&] { EnqueueProgram(cq, p, true); });
        std::printf("  compute on one core, %s: %.0f tiles/s (%u tiles in %.1f ms)\n", op, kComputeTiles / t,
                    kComputeTiles, t * 1e3);
    }

    CloseDevice(device);
    std::filesystem::remove_all(cache);
    return 0;
}
