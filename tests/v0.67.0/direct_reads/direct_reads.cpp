// Reads that go around the command queue see the work enqueued before them, as tt-metal's unit tests expect of
// hardware: a mesh workload enqueued without waiting, then at once detail::ReadFromDeviceL1 of the word its kernel
// writes last, detail::ReadFromBuffer of one device's part of the destination, and detail::ReadFromDeviceDRAMChannel
// of its first page (bank 0); and once more after a second workload. Exits 0 when every read holds the kernel's
// result.
#include <cstdio>
#include <vector>

#include <tt-metalium/distributed.hpp>
#include <tt-metalium/host_api.hpp>
#include <tt-metalium/tensor_accessor_args.hpp>
#include <tt-metalium/tt_metal.hpp>

using namespace tt::tt_metal;
using namespace tt::tt_metal::distributed;

namespace {
constexpr uint32_t kPages = 64, kPageBytes = 2048, kBytes = kPages * kPageBytes;

bool Check(bool ok, const char* what) {
    std::printf("direct_reads: %-52s %s\n", what, ok ? "ok" : "MISMATCH");
    return ok;
}
}  // namespace

int main() {
    auto mesh = MeshDevice::create(MeshDeviceConfig(MeshShape(1, 2)));
    MeshCommandQueue& cq = mesh->mesh_command_queue();
    const DeviceLocalBufferConfig dram{.page_size = kPageBytes, .buffer_type = BufferType::DRAM};
    auto src = MeshBuffer::create(ReplicatedBufferConfig{kBytes}, dram, mesh.get());
    auto dst = MeshBuffer::create(ReplicatedBufferConfig{kBytes}, dram, mesh.get());
    auto marker = MeshBuffer::create(ReplicatedBufferConfig{kPageBytes},
                                     DeviceLocalBufferConfig{.page_size = kPageBytes, .buffer_type = BufferType::L1},
                                     mesh.get());
    std::vector<uint32_t> in(kBytes / 4);
    for (uint32_t i = 0; i < in.size(); i++) in[i] = i * 2654435761u;
    EnqueueWriteMeshBuffer(cq, src, in, true);

    const CoreCoord core{0, 0};
    Program program = CreateProgram();
    CreateCircularBuffer(program, core,
                         CircularBufferConfig(kPageBytes, {{0, tt::DataFormat::UInt32}}).set_page_size(0, kPageBytes));
    std::vector<uint32_t> cta;
    TensorAccessorArgs(*src).append_to(cta);
    TensorAccessorArgs(*dst).append_to(cta);
    const KernelHandle k = CreateKernel(program, "tests/v0.67.0/direct_reads/kernels/scale_and_mark.cpp", core,
                                        ReaderDataMovementConfig(cta));
    MeshWorkload workload;
    workload.add_program(MeshCoordinateRange(mesh->shape()), std::move(program));
    Program& added = workload.get_programs().begin()->second;

    // Where the marker word lives on device (0, 1): the L1 buffer's page on the worker core the kernel runs on.
    const auto marker_part = marker->get_device_buffer(MeshCoordinate(0, 1));
    IDevice* device = mesh->get_device(MeshCoordinate(0, 1));
    bool pass = true;
    for (uint32_t factor : {3u, 5u}) {
        SetRuntimeArgs(added, k, core,
                       {static_cast<uint32_t>(src->address()), static_cast<uint32_t>(dst->address()), kPages, factor,
                        kPageBytes, static_cast<uint32_t>(marker->address())});
        std::vector<uint32_t> zero(kPageBytes / 4, 0);
        tt::tt_metal::detail::WriteToBuffer(*marker_part, zero);
        EnqueueMeshWorkload(cq, workload, /*blocking=*/false);

        std::vector<uint32_t> word;
        tt::tt_metal::detail::ReadFromDeviceL1(device, core, static_cast<uint32_t>(marker->address()), 4, word);
        pass &= Check(word.size() == 1 && word[0] == kPages, "the kernel's last word, read from L1 at once");

        std::vector<uint32_t> out;
        tt::tt_metal::detail::ReadFromBuffer(*dst->get_device_buffer(MeshCoordinate(0, 1)), out);
        bool same = out.size() == in.size();
        for (size_t i = 0; same && i < in.size(); i++) same = out[i] == in[i] * factor + 1;
        pass &= Check(same, "the destination, read with detail::ReadFromBuffer");

        // Page 0 of an interleaved buffer is in DRAM bank 0 at the buffer's address.
        std::vector<uint32_t> page;
        tt::tt_metal::detail::ReadFromDeviceDRAMChannel(device, 0, static_cast<uint32_t>(dst->address()), kPageBytes, page);
        same = page.size() == kPageBytes / 4;
        for (size_t i = 0; same && i < page.size(); i++) same = page[i] == in[i] * factor + 1;
        pass &= Check(same, "its first page, read from DRAM bank 0");
    }
    Finish(cq);
    pass &= Check(mesh->close(), "the mesh closes");
    std::printf("direct_reads: %s\n", pass ? "PASS" : "FAIL");
    return pass ? 0 : 1;
}
