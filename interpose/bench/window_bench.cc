// Capture-window benchmark (not a test). One run re-executes itself under LD_PRELOAD=libltcap.so with a window
// that opens at the third EnqueueProgram (LTCAP_RANGES=3). Before it opens the shim only tracks state; there
// each call is timed through the shim and through the real libtt_metal.so function in the same process:
//   - a call that creates or changes no tracked state (GetNumAvailableDevices; target: ≤ 50 ns added);
//   - a state-changing call (SetRuntimeArgs with 8 args: its record is kept, replacing the previous one).
// Then 1 GiB of buffers with distinct contents is made live and the window opens: the boundary call that takes
// the snapshot (reading every buffer back from the device into the log) is timed.
//   bazel run //interpose:window_bench

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include <tt-metalium/host_api.hpp>

#include "interpose/bench/shim_child.h"
#include "player/log_reader.h"

using namespace tt::tt_metal;
using Clock = std::chrono::steady_clock;

namespace {

// Median ns per call of `body(fn)` over batches, alternating the shim's and the real function.
template <typename Fn, typename Body>
std::pair<double, double> Time(Fn shim, Fn real, Body body) {
    constexpr int kBatches = 500, kPerBatch = 1000;
    std::vector<double> s, r;
    for (int b = 0; b < kBatches; b++) {
        for (int pass = 0; pass < 2; pass++) {
            const auto t0 = Clock::now();
            for (int i = 0; i < kPerBatch; i++) body(pass == 0 ? shim : real, b * kPerBatch + i);
            (pass == 0 ? s : r).push_back(std::chrono::duration<double, std::nano>(Clock::now() - t0).count() / kPerBatch);
        }
    }
    return {bench::Median(s), bench::Median(r)};
}

int Child() {
    IDevice* device = CreateDevice(0);
    CommandQueue& cq = device->command_queue();
    Program program = CreateProgram();
    KernelHandle k = CreateKernelFromString(program, "void kernel_main() {}", CoreCoord{0, 0}, DataMovementConfig{});

    using CountFn = std::size_t (*)();
    CountFn shim_count = static_cast<CountFn>(&GetNumAvailableDevices), real_count = bench::Real(shim_count);
    using SetArgsFn = void (*)(const Program&, KernelHandle, const std::variant<CoreCoord, CoreRange, CoreRangeSet>&,
                               tt::stl::Span<const uint32_t>);
    SetArgsFn shim_set = static_cast<SetArgsFn>(&SetRuntimeArgs), real_set = bench::Real(shim_set);
    if (!real_count || real_count == shim_count || !real_set || real_set == shim_set) {
        std::fprintf(stderr, "window_bench: the shim is not interposing\n");
        return 1;
    }
    volatile std::size_t sink = 0;
    const auto [count_shim, count_real] = Time(shim_count, real_count, [&](CountFn fn, int) { sink = sink + fn(); });
    std::printf("no window open, a call that changes no tracked state (GetNumAvailableDevices): %.1f ns with the shim, "
                "%.1f ns without: %.1f ns added per call (median of 500 batches of 1000)\n",
                count_shim, count_real, count_shim - count_real);
    const std::variant<CoreCoord, CoreRange, CoreRangeSet> core = CoreCoord{0, 0};
    std::vector<uint32_t> args(8, 1);
    const auto [set_shim, set_real] = Time(shim_set, real_set, [&](SetArgsFn fn, int i) {
        args[0] = i;
        fn(program, k, core, args);
    });
    std::printf("no window open, a state-changing call (SetRuntimeArgs, 8 args; its record is kept): %.0f ns with the "
                "shim, %.0f ns without: %.0f ns added per call\n",
                set_shim, set_real, set_shim - set_real);

    constexpr uint64_t kBufferBytes = 128ull << 20, kBuffers = 8;
    std::vector<std::shared_ptr<Buffer>> live;
    std::vector<uint32_t> data(kBufferBytes / 4);
    for (uint64_t b = 0; b < kBuffers; b++) {
        live.push_back(CreateBuffer(InterleavedBufferConfig{device, kBufferBytes, 1 << 20, BufferType::DRAM}));
        for (std::size_t i = 0; i < data.size(); i++) data[i] = static_cast<uint32_t>(i * 2654435761u + b);
        EnqueueWriteBuffer(cq, live.back(), data, true);
    }
    EnqueueProgram(cq, program, true);  // boundary event 1: no window yet (its kernel is compiled here)
    const auto t1 = Clock::now();
    EnqueueProgram(cq, program, true);  // event 2: the same launch, no window yet
    const double plain = std::chrono::duration<double>(Clock::now() - t1).count();
    const auto t0 = Clock::now();
    EnqueueProgram(cq, program, true);  // event 3: the window opens, with a snapshot of 1 GiB
    const double seconds = std::chrono::duration<double>(Clock::now() - t0).count();
    std::printf("window opening with %llu MiB of live buffers: the boundary call took %.2f s (%.2f GB/s of buffer "
                "contents read back and logged)\n",
                static_cast<unsigned long long>(kBuffers * kBufferBytes >> 20), seconds,
                kBuffers * kBufferBytes / seconds / 1e9);
    std::printf("the same call before, with no window opening: %.4f s: the window opening added %.2f s\n", plain,
                seconds - plain);
    CloseDevice(device);
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    if (std::getenv("WINDOW_BENCH_CHILD")) return Child();
    // WINDOW_BENCH_DIR=/tmp puts the log on disk.
    std::filesystem::path dir, log;
    const int rc = bench::RunUnderShim("window_bench", argc, argv, "WINDOW_BENCH_CHILD", "WINDOW_BENCH_DIR",
                                       {{"LTCAP_RANGES", "3"}}, dir, log);
    if (rc == 2) return rc;
    if (rc == 0) {
        ltcap::LogReader reader(log.string());
        while (auto m = reader.Next()) {
            const auto e = m->getRoot<ltcap::schema::Entry>();
            if (!e.isSnapshot()) continue;
            const auto s = e.getSnapshot();
            std::printf("snapshot entry: %u records, %u buffers, %llu MiB read back in %.2f s\n", s.getRecords(),
                        s.getBuffers(), static_cast<unsigned long long>(s.getBufferBytes() >> 20),
                        s.getDurationNs() / 1e9);
        }
    }
    std::filesystem::remove_all(dir);
    return rc;
}
