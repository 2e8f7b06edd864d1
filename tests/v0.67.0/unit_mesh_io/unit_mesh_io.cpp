// Buffer I/O on a unit mesh, every way v0.67.0 offers it: EnqueueWriteMeshBuffer / EnqueueReadMeshBuffer (blocking
// and not), WriteShard / ReadShard, enqueue_write / enqueue_read with a DistributedHostBuffer, a DRAM buffer and an
// L1 buffer; and a kernel copying one buffer to another with TensorAccessors. Exits 0 when every read returns what
// was written or copied, and a buffer of 2^32 pages is refused.
#include <cstdio>
#include <cstring>
#include <numeric>
#include <vector>

#include <tt-metalium/distributed.hpp>
#include <tt-metalium/host_api.hpp>
#include <tt-metalium/tensor_accessor_args.hpp>

using namespace tt::tt_metal;
using namespace tt::tt_metal::distributed;

namespace {
bool Check(bool ok, const char* what) {
    std::printf("unit_mesh_io: %-44s %s\n", what, ok ? "ok" : "MISMATCH");
    return ok;
}
}  // namespace

int main() {
    auto mesh = MeshDevice::create_unit_mesh(0);
    MeshCommandQueue& cq = mesh->mesh_command_queue();
    constexpr uint32_t kPages = 24, kPageBytes = 2048, kBytes = kPages * kPageBytes;

    auto dram = [&](BufferType type) {
        return MeshBuffer::create(ReplicatedBufferConfig{kBytes}, DeviceLocalBufferConfig{kPageBytes, type},
                                  mesh.get());
    };
    auto src = dram(BufferType::DRAM), dst = dram(BufferType::DRAM), l1 = dram(BufferType::L1);

    std::vector<uint32_t> data(kBytes / 4);
    std::iota(data.begin(), data.end(), 0x1000u);
    bool pass = true;

    // Whole buffers, non-blocking write then blocking read.
    EnqueueWriteMeshBuffer(cq, src, data, false);
    std::vector<uint32_t> back;
    EnqueueReadMeshBuffer(cq, back, src, true);
    pass &= Check(back == data, "EnqueueWrite/ReadMeshBuffer (DRAM)");

    // The L1 buffer through the shard calls.
    std::vector<uint32_t> reversed(data.rbegin(), data.rend());
    WriteShard(cq, l1, reversed, MeshCoordinate(0, 0), true);
    std::vector<uint32_t> shard;
    ReadShard(cq, shard, l1, MeshCoordinate(0, 0), true);
    pass &= Check(shard == reversed, "WriteShard/ReadShard (L1)");

    // DistributedHostBuffer: one shard per local device.
    auto host = DistributedHostBuffer::create(mesh->shape());
    host.emplace_shard(MeshCoordinate(0, 0), [&] { return HostBuffer(std::vector<uint32_t>(data)); });
    cq.enqueue_write(dst, host, true);
    auto out = DistributedHostBuffer::create(mesh->shape());
    out.emplace_shard(MeshCoordinate(0, 0), [&] { return HostBuffer(std::vector<uint32_t>(data.size(), 0)); });
    cq.enqueue_read(dst, out, std::nullopt, true);
    const auto got = out.get_shard(MeshCoordinate(0, 0));
    pass &= Check(got && got->view_as<const uint32_t>().size() == data.size() &&
                      std::memcmp(got->view_as<const uint32_t>().data(), data.data(), kBytes) == 0,
                  "enqueue_write/enqueue_read (DistributedHostBuffer)");

    // A kernel copies src (the data) over dst.
    std::vector<uint32_t> zeros(data.size(), 0);
    EnqueueWriteMeshBuffer(cq, dst, zeros, true);
    Program program = CreateProgram();
    const CoreCoord core{1, 2};
    CreateCircularBuffer(program, core,
                         CircularBufferConfig(2 * kPageBytes, {{0, tt::DataFormat::Float16_b}}).set_page_size(0, kPageBytes));
    std::vector<uint32_t> cta;
    TensorAccessorArgs(*src->get_backing_buffer()).append_to(cta);
    TensorAccessorArgs(*dst->get_backing_buffer()).append_to(cta);
    const KernelHandle copy = CreateKernel(program, "tests/v0.67.0/unit_mesh_io/kernels/copy_pages.cpp", core,
                                           DataMovementConfig{.processor = DataMovementProcessor::RISCV_0,
                                                              .noc = NOC::RISCV_0_default,
                                                              .compile_args = cta,
                                                              .named_compile_args = {{"num_pages", kPages}}});
    SetRuntimeArgs(program, copy, core, {static_cast<uint32_t>(src->address()), static_cast<uint32_t>(dst->address())});
    MeshWorkload workload;
    workload.add_program(MeshCoordinateRange(mesh->shape()), std::move(program));
    EnqueueMeshWorkload(cq, workload, false);
    Finish(cq);
    EnqueueReadMeshBuffer(cq, back, dst, true);
    pass &= Check(back == data, "kernel copy with TensorAccessors");

    // A buffer of more pages than a 32-bit page count holds is refused (tt-metal's kind of error), never created
    // with a page count that wrapped — at an address, where no allocator would refuse its size first. The log keeps
    // the call that threw, and its replay throws again.
    bool refused = false;
    try {
        MeshBuffer::create(ReplicatedBufferConfig{uint64_t{32} << 32}, DeviceLocalBufferConfig{32, BufferType::DRAM},
                           mesh.get(), src->address());
    } catch (const std::exception&) {
        refused = true;
    }
    pass &= Check(refused, "a buffer of 2^32 pages refused");

    mesh->close();
    std::printf("unit_mesh_io: %s\n", pass ? "PASS" : "FAIL");
    return pass ? 0 : 1;
}
