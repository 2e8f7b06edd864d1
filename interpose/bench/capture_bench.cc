// Capture benchmark (not a test). One run re-executes itself under LD_PRELOAD=libltcap.so; inside, each
// measured call is timed through the shim and through the real libtt_metal.so function (same process, same
// log open), so the difference is what capture adds. Back outside, it reads the log for bytes per call.
//   bazel run //interpose:capture_bench
#ifndef CAPTURE_BATCHES
#define CAPTURE_BATCHES 1000
#endif

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

#include <tt-metalium/host_api.hpp>

#include "interpose/bench/shim_child.h"
#include "player/log_reader.h"

using namespace tt::tt_metal;
using Clock = std::chrono::steady_clock;

namespace {

int Child() {
    IDevice* device = CreateDevice(0);
    CommandQueue& cq = device->command_queue();
    Program program = CreateProgram();
    KernelHandle k = CreateKernelFromString(program, "void kernel_main() {}", CoreCoord{0, 0}, DataMovementConfig{});
    using SetArgsFn = void (*)(const Program&, KernelHandle, const std::variant<CoreCoord, CoreRange, CoreRangeSet>&,
                               tt::stl::Span<const uint32_t>);
    SetArgsFn shim_set = static_cast<SetArgsFn>(&SetRuntimeArgs);
    SetArgsFn real_set = bench::Real(shim_set);
    if (!real_set || real_set == shim_set) {
        std::fprintf(stderr, "capture_bench: the shim is not interposing SetRuntimeArgs\n");
        return 1;
    }
    const std::variant<CoreCoord, CoreRange, CoreRangeSet> core = CoreCoord{0, 0};
    std::vector<uint32_t> args(8, 1);
    constexpr int kBatches = CAPTURE_BATCHES, kPerBatch = 1000;
    std::vector<double> shim_ns, real_ns;
    for (int b = 0; b < kBatches; b++) {
        for (int pass = 0; pass < 2; pass++) {
            SetArgsFn fn = pass == 0 ? shim_set : real_set;
            const auto t0 = Clock::now();
            for (int i = 0; i < kPerBatch; i++) {
                args[0] = b * kPerBatch + i;
                fn(program, k, core, args);
            }
            const double ns = std::chrono::duration<double, std::nano>(Clock::now() - t0).count() / kPerBatch;
            (pass == 0 ? shim_ns : real_ns).push_back(ns);
        }
    }
    const double shim = bench::Median(shim_ns), real = bench::Median(real_ns);
    if (!std::getenv("CAPTURE_BENCH_SIZE_RUN"))  // the parent's second run, for the file size only
        std::printf("SetRuntimeArgs, 8 args, %d calls each way: %.0f ns with the shim, %.0f ns without: %.0f ns added "
                    "per call (median of %d batches)\n",
                    kBatches * kPerBatch, shim, real, shim - real, kBatches);

    if (std::getenv("CAPTURE_BENCH_CALLS_ONLY")) {  // for profiling the per-call path alone
        CloseDevice(device);
        return 0;
    }
    // The sub-buffer form: the whole-buffer form calls it, so its "real" path would be captured too.
    using WriteFn = void (*)(CommandQueue&, const std::variant<std::reference_wrapper<Buffer>, std::shared_ptr<Buffer>>&,
                             HostDataType, const BufferRegion&, bool);
    WriteFn shim_write = static_cast<WriteFn>(&EnqueueWriteSubBuffer);
    WriteFn real_write = bench::Real(shim_write);
    constexpr uint64_t kBytes = 64ull << 20;
    auto buffer = CreateBuffer(InterleavedBufferConfig{device, kBytes, 1 << 20, BufferType::DRAM});
    std::vector<uint32_t> data(kBytes / 4, 3);
    std::vector<double> shim_s, real_s;
    for (int i = 0; i < 6; i++) {
        for (int pass = 0; pass < 2; pass++) {
            data[i * 7 + pass] += 1;  // new content each time: nothing is deduplicated away
            WriteFn fn = pass == 0 ? shim_write : real_write;
            const auto t0 = Clock::now();
            fn(cq, buffer, HostDataType(static_cast<const void*>(data.data())), BufferRegion(0, kBytes), true);
            (pass == 0 ? shim_s : real_s).push_back(std::chrono::duration<double>(Clock::now() - t0).count());
        }
    }
    const double added = bench::Median(shim_s) - bench::Median(real_s);
    const double best = *std::min_element(shim_s.begin(), shim_s.end()) - *std::min_element(real_s.begin(), real_s.end());
    std::printf("EnqueueWriteSubBuffer, 64 MiB blocking, 6 distinct payloads: %.1f ms with the shim, %.1f ms without: "
                "payload captured at %.2f GB/s sustained (median; the log's memory bound makes the program wait for the "
                "disk), %.2f GB/s before the bound is reached (best)\n",
                bench::Median(shim_s) * 1e3, bench::Median(real_s) * 1e3, kBytes / added / 1e9, kBytes / best / 1e9);
    CloseDevice(device);
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    if (std::getenv("CAPTURE_BENCH_CHILD")) return Child();
    // CAPTURE_BENCH_DIR=/tmp measures with the disk (which throttles after a few hundred MB of dirty pages).
    std::filesystem::path dir, log;
    const int rc = bench::RunUnderShim("capture_bench", argc, argv, "CAPTURE_BENCH_CHILD", "CAPTURE_BENCH_DIR", {}, dir, log);
    if (rc != 0) {
        if (!dir.empty()) std::filesystem::remove_all(dir);
        return rc;
    }

    std::uint64_t calls = 0, bytes = 0;
    {
        ltcap::LogReader reader(log.string());
        std::uint64_t before = reader.offset();
        while (auto m = reader.Next()) {
            const auto e = m->getRoot<ltcap::schema::Entry>();
            const std::uint64_t size = reader.offset() - before;
            before = reader.offset();
            if (e.isCall() && e.getCall().getFunction() == ltcap::schema::Api::SET_RUNTIME_ARGS) calls++, bytes += size;
            if (e.isReturn() && calls > 0 && e.getReturn().getSeq() > 3 && e.getReturn().getResult().isNone() &&
                e.getReturn().getSeq() <= 3 + calls)
                bytes += size;
        }
    }
    std::filesystem::remove_all(dir);
    std::printf("log entries per SetRuntimeArgs call (its Call entry and any Return entry, no payload): %.0f bytes "
                "uncompressed\n", calls ? double(bytes) / calls : 0.0);

    // The file's own size per call: a second run with the calls only (the log is then little else).
    const int again = bench::RunUnderShim("capture_bench", argc, argv, "CAPTURE_BENCH_CHILD", "CAPTURE_BENCH_DIR",
                                          {{"CAPTURE_BENCH_CALLS_ONLY", "1"}, {"CAPTURE_BENCH_SIZE_RUN", "1"}}, dir, log);
    if (again != 0) {
        if (!dir.empty()) std::filesystem::remove_all(dir);
        return again;
    }
    ltcap::LogReader reader(log.string());
    std::uint64_t set_calls = 0;
    while (auto m = reader.Next()) {
        const auto e = m->getRoot<ltcap::schema::Entry>();
        set_calls += e.isCall() && e.getCall().getFunction() == ltcap::schema::Api::SET_RUNTIME_ARGS;
    }
    const auto file = std::filesystem::file_size(log);
    std::printf("log file per SetRuntimeArgs call, a log of %llu such calls (%s): %.1f bytes\n",
                static_cast<unsigned long long>(set_calls), reader.compressed() ? "compressed, LTCAP_COMPRESS=1" : "plain",
                set_calls ? double(file) / set_calls : 0.0);
    std::filesystem::remove_all(dir);
    return 0;
}
