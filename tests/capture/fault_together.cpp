// Threads that crash at the same moment: each writes its own buffer ROUNDS times (256 KiB a write, so the capture
// holds batches in memory) and then once 16 MiB (so the capture's writer thread is still writing when the faults
// come), then all meet at a barrier and dereference a null pointer together. The capture's fatal-signal flush runs
// on each of them at once; the log must hold every write once and end cut off.
//   fault_together [THREADS] [ROUNDS]      prints "writes N" (the number of writes made) before the faults
#include <atomic>
#include <barrier>
#include <cstdio>
#include <cstdlib>
#include <thread>
#include <vector>

#include <tt-metalium/host_api.hpp>

using namespace tt::tt_metal;

int main(int argc, char** argv) {
    const int threads = argc > 1 ? std::atoi(argv[1]) : 2;
    const int rounds = argc > 2 ? std::atoi(argv[2]) : 24;
    if (threads < 1 || threads > 16 || rounds < 1 || rounds > 1000) return std::fprintf(stderr, "bad arguments\n"), 2;
    IDevice* device = CreateDevice(0);
    CommandQueue& cq = device->command_queue();
    constexpr std::uint32_t kBytes = 256 * 1024;
    constexpr std::uint32_t kLastBytes = 16 << 20;
    std::vector<std::shared_ptr<Buffer>> buffers, last;
    for (int t = 0; t < threads; t++) {
        buffers.push_back(CreateBuffer(InterleavedBufferConfig{device, kBytes, 2048, BufferType::DRAM}));
        last.push_back(CreateBuffer(InterleavedBufferConfig{device, kLastBytes, 2048, BufferType::DRAM}));
    }
    std::barrier meet(threads);
    std::atomic<int> writes{0};
    std::vector<std::thread> workers;
    for (int t = 0; t < threads; t++) {
        workers.emplace_back([&, t] {
            std::vector<std::uint32_t> data(kBytes / 4);
            for (int r = 0; r < rounds; r++) {
                for (std::size_t i = 0; i < data.size(); i++) data[i] = (t << 24) ^ (r << 12) ^ static_cast<std::uint32_t>(i);
                EnqueueWriteBuffer(cq, buffers[t], data, true);
                writes++;
            }
            std::vector<std::uint32_t> big(kLastBytes / 4, static_cast<std::uint32_t>(t));
            EnqueueWriteBuffer(cq, last[t], big, true);
            writes++;
            meet.arrive_and_wait();
            if (t == 0) {
                std::printf("writes %d\n", writes.load());
                std::fflush(stdout);
            }
            meet.arrive_and_wait();
            *static_cast<volatile int*>(nullptr) = t;  // every thread faults at once
        });
    }
    for (auto& w : workers) w.join();
    return 0;
}
