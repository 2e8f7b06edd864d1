// A 2x4 mesh of devices: a global buffer sharded over the mesh (each device its own 64x64-word block), a workload of
// two programs — row 0 of the mesh adds 1 to every word, row 1 adds 100 — then the sharded output read whole and
// one device's shard read alone; and a replicated buffer written once and read back from every device. Exits 0 when
// every value is what the mesh should have computed.
#include <cstdio>
#include <numeric>
#include <vector>

#include <tt-metalium/distributed.hpp>
#include <tt-metalium/host_api.hpp>
#include <tt-metalium/tensor_accessor_args.hpp>

using namespace tt::tt_metal;
using namespace tt::tt_metal::distributed;

namespace {
constexpr uint32_t kRows = 2, kCols = 4, kShard = 64;  // each device: a 64 x 64 block of 32-bit words
constexpr uint32_t kPageBytes = 1024;

Program AddProgram(const std::shared_ptr<MeshBuffer>& in, const std::shared_ptr<MeshBuffer>& out, uint32_t addend) {
    Program program = CreateProgram();
    const CoreRange cores({0, 0}, {1, 0});  // two cores, half of the pages each
    CreateCircularBuffer(program, cores,
                         CircularBufferConfig(kPageBytes, {{0, tt::DataFormat::UInt32}}).set_page_size(0, kPageBytes));
    std::vector<uint32_t> cta;
    TensorAccessorArgs(*in->get_backing_buffer()).append_to(cta);
    TensorAccessorArgs(*out->get_backing_buffer()).append_to(cta);
    const KernelHandle k =
        CreateKernel(program, "tests/v0.67.0/mesh_2x4/kernels/add_constant.cpp", cores, WriterDataMovementConfig(cta));
    const uint32_t pages = static_cast<uint32_t>(in->device_local_size() / kPageBytes), half = pages / 2;
    SetRuntimeArgs(program, k, CoreCoord{0, 0},
                   {static_cast<uint32_t>(in->address()), static_cast<uint32_t>(out->address()), 0, half, addend,
                    kPageBytes});
    SetRuntimeArgs(program, k, CoreCoord{1, 0},
                   {static_cast<uint32_t>(in->address()), static_cast<uint32_t>(out->address()), half, pages - half,
                    addend, kPageBytes});
    return program;
}
}  // namespace

int main() {
    auto mesh = MeshDevice::create(MeshDeviceConfig(MeshShape(kRows, kCols)));
    MeshCommandQueue& cq = mesh->mesh_command_queue();
    if (mesh->num_devices() != kRows * kCols) {
        std::printf("mesh_2x4: opened %zu devices, not 8\n", mesh->num_devices());
        return 1;
    }
    const uint32_t global_h = kRows * kShard, global_w = kCols * kShard, words = global_h * global_w;
    const tt::tt_metal::distributed::ShardedBufferConfig sharded{words * 4u, Shape2D(global_h, global_w), Shape2D(kShard, kShard),
                                      ShardOrientation::ROW_MAJOR};
    const DeviceLocalBufferConfig local{kPageBytes, BufferType::DRAM};
    auto in = MeshBuffer::create(sharded, local, mesh.get());
    auto out = MeshBuffer::create(sharded, local, mesh.get());

    std::vector<uint32_t> data(words);
    std::iota(data.begin(), data.end(), 0u);
    EnqueueWriteMeshBuffer(cq, in, data, false);

    MeshWorkload workload;
    workload.add_program(MeshCoordinateRange(MeshCoordinate(0, 0), MeshCoordinate(0, kCols - 1)),
                         AddProgram(in, out, 1));
    workload.add_program(MeshCoordinateRange(MeshCoordinate(1, 0), MeshCoordinate(1, kCols - 1)),
                         AddProgram(in, out, 100));
    EnqueueMeshWorkload(cq, workload, false);
    Finish(cq);

    std::vector<uint32_t> result;
    EnqueueReadMeshBuffer(cq, result, out, true);
    bool pass = result.size() == words;
    for (uint32_t i = 0; pass && i < words; i++) pass = result[i] == data[i] + (i / global_w < kShard ? 1 : 100);
    std::printf("mesh_2x4: sharded workload over 2 programs: %s\n", pass ? "ok" : "MISMATCH");

    // Device (1, 2)'s shard alone: rows 64..127, columns 128..191 of the global buffer, plus 100.
    std::vector<uint32_t> shard;
    ReadShard(cq, shard, out, MeshCoordinate(1, 2), true);
    bool shard_ok = shard.size() == kShard * kShard;
    for (uint32_t r = 0; shard_ok && r < kShard; r++)
        for (uint32_t c = 0; shard_ok && c < kShard; c++)
            shard_ok = shard[r * kShard + c] == data[(kShard + r) * global_w + 2 * kShard + c] + 100;
    std::printf("mesh_2x4: ReadShard of device (1, 2): %s\n", shard_ok ? "ok" : "MISMATCH");
    pass &= shard_ok;

    // A replicated buffer: one write, the same contents on all eight devices.
    auto replicated = MeshBuffer::create(ReplicatedBufferConfig{16 * kPageBytes}, local, mesh.get());
    std::vector<uint32_t> pattern(16 * kPageBytes / 4);
    std::iota(pattern.begin(), pattern.end(), 0xabc0000u);
    EnqueueWriteMeshBuffer(cq, replicated, pattern, true);
    bool replicated_ok = true;
    for (uint32_t r = 0; r < kRows; r++)
        for (uint32_t c = 0; c < kCols; c++) {
            std::vector<uint32_t> copy;
            ReadShard(cq, copy, replicated, MeshCoordinate(r, c), true);
            replicated_ok &= copy == pattern;
        }
    std::printf("mesh_2x4: replicated buffer on every device: %s\n", replicated_ok ? "ok" : "MISMATCH");
    pass &= replicated_ok;

    mesh->close();
    std::printf("mesh_2x4: %s\n", pass ? "PASS" : "FAIL");
    return pass ? 0 : 1;
}
