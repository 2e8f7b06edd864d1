// TensorAccessor, interleaved and sharded: a kernel moves every page of an interleaved DRAM buffer into an N-D
// sharded buffer (first in L1 over three cores, then in DRAM over four banks) and back out to another interleaved
// buffer, addressing all three through TensorAccessors — the sharded one with its tensor shape and bank coordinates
// as common runtime arguments. The host then reads the sharded buffer itself. Both reads equal the source only if
// the kernel's page placement and the host's agree. Exits 0 when they do.
#include <cstdio>
#include <numeric>
#include <vector>

#include <tt-metalium/distributed.hpp>
#include <tt-metalium/host_api.hpp>
#include <tt-metalium/tensor_accessor_args.hpp>

using namespace tt::tt_metal;
using namespace tt::tt_metal::distributed;

namespace {

constexpr uint32_t kPageBytes = 1024;

bool RunOnce(const std::shared_ptr<MeshDevice>& mesh, BufferType sharded_type, const std::vector<CoreCoord>& banks,
             const char* what) {
    MeshCommandQueue& cq = mesh->mesh_command_queue();
    // 3 x 5 pages in 2 x 2 shards: 6 shards, two per bank over three banks (a partial shard at each edge).
    const Shape tensor_pages({3, 5}), shard_pages({2, 2});
    const uint32_t num_pages = 15, bytes = num_pages * kPageBytes;
    BufferDistributionSpec spec(tensor_pages, shard_pages, banks);
    auto sharded = MeshBuffer::create(ReplicatedBufferConfig{bytes},
                                      DeviceLocalBufferConfig{kPageBytes, sharded_type, BufferShardingArgs(spec)},
                                      mesh.get());
    auto interleaved = [&] {
        return MeshBuffer::create(ReplicatedBufferConfig{bytes}, DeviceLocalBufferConfig{kPageBytes, BufferType::DRAM},
                                  mesh.get());
    };
    auto src = interleaved(), out = interleaved();
    std::vector<uint32_t> data(bytes / 4);
    std::iota(data.begin(), data.end(), 7u);
    EnqueueWriteMeshBuffer(cq, src, data, false);

    Program program = CreateProgram();
    const CoreCoord core{0, 0};
    CreateCircularBuffer(program, core,
                         CircularBufferConfig(kPageBytes, {{0, tt::DataFormat::Float16_b}}).set_page_size(0, kPageBytes));
    std::vector<uint32_t> cta, crta;
    TensorAccessorArgs(*src->get_backing_buffer()).append_to(cta);
    TensorAccessorArgs(*sharded->get_backing_buffer(),
                       tensor_accessor::ArgConfig::RuntimeTensorShape | tensor_accessor::ArgConfig::RuntimeBankCoords)
        .append_to(cta, crta);
    TensorAccessorArgs(*out->get_backing_buffer()).append_to(cta);
    const KernelHandle k = CreateKernel(program, "tests/v0.67.0/tensor_accessor/kernels/scatter_gather.cpp", core,
                                        ReaderDataMovementConfig(cta));
    SetRuntimeArgs(program, k, core,
                   {static_cast<uint32_t>(src->address()), static_cast<uint32_t>(sharded->address()),
                    static_cast<uint32_t>(out->address()), num_pages, kPageBytes});
    SetCommonRuntimeArgs(program, k, crta);
    MeshWorkload workload;
    workload.add_program(MeshCoordinateRange(mesh->shape()), std::move(program));
    EnqueueMeshWorkload(cq, workload, true);

    std::vector<uint32_t> through_kernel, through_host;
    EnqueueReadMeshBuffer(cq, through_kernel, out, true);
    EnqueueReadMeshBuffer(cq, through_host, sharded, true);
    const bool ok = through_kernel == data && through_host == data && !crta.empty();
    std::printf("tensor_accessor: %-34s %s (%zu common runtime args)\n", what, ok ? "ok" : "MISMATCH", crta.size());
    return ok;
}

}  // namespace

int main() {
    auto mesh = MeshDevice::create_unit_mesh(0);
    bool pass = RunOnce(mesh, BufferType::L1, {{1, 1}, {3, 0}, {2, 4}}, "L1 sharded over 3 cores");
    pass &= RunOnce(mesh, BufferType::DRAM, {{0, 0}, {5, 0}, {11, 0}}, "DRAM sharded over 3 banks");
    mesh->close();
    std::printf("tensor_accessor: %s\n", pass ? "PASS" : "FAIL");
    return pass ? 0 : 1;
}
