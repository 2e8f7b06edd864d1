// v0.67.0's experimental GlobalCircularBuffer: one sender core streams pages into the L1 FIFO of two receiver cores
// (a FIFO of 4 pages, 10 pages per run, so it wraps and the sender waits for room). The sender (kernels/sender.cpp)
// fills a staging circular buffer with both receivers' slices of each page and pushes them with
// remote_cb_push_back_and_write_pages; each receiver (kernels/receiver.cpp) waits for a page, copies it to its part
// of a DRAM buffer and pops it. Both commit their FIFO pointer to the global buffer's configuration, and a second
// run of the same workload resumes from there. Also checks the host-side rules: overlapping cores are refused, a
// circular buffer over the global one must lie on its cores. Exits 0 when every page of both runs arrived intact.
#include <cstdio>
#include <exception>
#include <vector>

#include <tt-metalium/distributed.hpp>
#include <tt-metalium/global_circular_buffer.hpp>
#include <tt-metalium/host_api.hpp>
#include <tt-metalium/tensor_accessor_args.hpp>

using namespace tt::tt_metal;
using namespace tt::tt_metal::distributed;

namespace {
constexpr uint32_t kPage = 64, kFifoPages = 4, kPages = 10, kRuns = 2, kReceivers = 2, kRemoteCb = 31;

bool Refused(const char* what, auto&& call) {
    try {
        call();
    } catch (const std::exception& e) {
        std::printf("global_circular_buffer: %s refused: %s\n", what, e.what());
        return true;
    }
    std::printf("global_circular_buffer: %s was accepted\n", what);
    return false;
}
}  // namespace

int main() {
    auto mesh = MeshDevice::create_unit_mesh(0);
    MeshCommandQueue& cq = mesh->mesh_command_queue();
    const CoreCoord sender{0, 0};
    const CoreRangeSet receivers(CoreRange({1, 0}, {2, 0}));
    bool pass = Refused("a sender that is also a receiver", [&] {
        experimental::CreateGlobalCircularBuffer(mesh.get(), {{sender, receivers}, {CoreCoord{1, 0}, CoreRangeSet(CoreRange({3, 0}))}},
                                                 kPage * kFifoPages);
    });
    auto gcb = experimental::CreateGlobalCircularBuffer(mesh.get(), {{sender, receivers}}, kPage * kFifoPages);
    const uint32_t out_bytes = kRuns * kReceivers * kPages * kPage;
    auto out = MeshBuffer::create(ReplicatedBufferConfig{out_bytes}, DeviceLocalBufferConfig{kPage, BufferType::DRAM},
                                  mesh.get());
    const CoreRangeSet all = gcb.all_cores();
    const CoreCoord sender_xy = mesh->worker_core_from_logical_core(sender);

    for (uint32_t run = 0; run < kRuns; run++) {
        Program program = CreateProgram();
        CircularBufferConfig remote(kPage);
        remote.remote_index(kRemoteCb).set_page_size(kPage).set_data_format(tt::DataFormat::UInt32);
        if (run == 0)
            pass &= Refused("a circular buffer off the global one's cores", [&] {
                experimental::CreateCircularBuffer(program, CoreRange({4, 4}), remote, gcb);
            });
        experimental::CreateCircularBuffer(program, all, remote, gcb);
        CreateCircularBuffer(program, sender,
                             CircularBufferConfig(kReceivers * kPage, {{0, tt::DataFormat::UInt32}})
                                 .set_page_size(0, kReceivers * kPage));
        std::vector<uint32_t> cta{kRemoteCb};
        TensorAccessorArgs(*out->get_backing_buffer()).append_to(cta);
        const KernelHandle s = CreateKernel(program, "tests/v0.67.0/global_circular_buffer/kernels/sender.cpp", sender,
                                            WriterDataMovementConfig({kRemoteCb}));
        const KernelHandle r = CreateKernel(program, "tests/v0.67.0/global_circular_buffer/kernels/receiver.cpp",
                                            receivers, ReaderDataMovementConfig(cta));
        SetRuntimeArgs(program, s, sender, {kPages, run});
        uint32_t i = 0;
        for (const CoreCoord& c : corerange_to_cores(receivers))
            SetRuntimeArgs(program, r, c,
                           {static_cast<uint32_t>(out->address()), kPages, (run * kReceivers + i++) * kPages,
                            static_cast<uint32_t>(sender_xy.x), static_cast<uint32_t>(sender_xy.y)});
        MeshWorkload workload;
        workload.add_program(MeshCoordinateRange(mesh->shape()), std::move(program));
        EnqueueMeshWorkload(cq, workload, false);
    }
    std::vector<uint32_t> words;
    EnqueueReadMeshBuffer(cq, words, out, true);
    mesh->close();
    uint32_t bad = 0;
    for (uint32_t run = 0; run < kRuns; run++)
        for (uint32_t i = 0; i < kReceivers; i++)
            for (uint32_t p = 0; p < kPages; p++)
                for (uint32_t w = 0; w < kPage / 4; w++) {
                    const uint32_t expected = (run + 1) * 1000000 + (i + 1) * 10000 + p * 100 + w;
                    const uint32_t got = words.at((((run * kReceivers + i) * kPages + p) * kPage) / 4 + w);
                    if (got != expected && bad++ < 5)
                        std::printf("global_circular_buffer: run %u receiver %u page %u word %u is %u, expected %u\n",
                                    run, i, p, w, got, expected);
                }
    pass &= bad == 0 && words.size() == out_bytes / 4;
    std::printf("global_circular_buffer: %u pages per receiver per run, %u words wrong\n", kPages, bad);
    std::printf("global_circular_buffer: %s\n", pass ? "PASS" : "FAIL");
    return pass ? 0 : 1;
}
