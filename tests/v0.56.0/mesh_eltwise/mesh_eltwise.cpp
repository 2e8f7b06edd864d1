// A 2x4 mesh (a T3000's shape) running one eltwise program per row over replicated DRAM buffers: the top row adds,
// the bottom row multiplies. A and B are written to every device at once; B is then rewritten on the bottom row
// only (enqueue_write_shard_to_sub_grid). Every device's result is read back on its own (ReadShard) and checked.
// Exits 0 when all eight are right.
#include <cmath>
#include <cstdio>
#include <vector>

#include <tt-metalium/bfloat16.hpp>
#include <tt-metalium/distributed.hpp>
#include <tt-metalium/host_api.hpp>

#include "tests/v0.56.0/common/binary_tiles.h"

using namespace tt::tt_metal;
using namespace tt::tt_metal::distributed;

int main() {
    constexpr uint32_t kTiles = 8, kTileBytes = 2048, kBytes = kTiles * kTileBytes;
    auto mesh = MeshDevice::create(MeshDeviceConfig{.mesh_shape = MeshShape(2, 4)});
    MeshCommandQueue& cq = mesh->mesh_command_queue();

    const DeviceLocalBufferConfig local{.page_size = kTileBytes, .buffer_type = BufferType::DRAM,
                                        .buffer_layout = TensorMemoryLayout::INTERLEAVED, .bottom_up = false};
    const ReplicatedBufferConfig whole{.size = kBytes};
    auto a = MeshBuffer::create(whole, local, mesh.get());
    auto b = MeshBuffer::create(whole, local, mesh.get());
    auto c = MeshBuffer::create(whole, local, mesh.get());

    std::vector<bfloat16> va = create_random_vector_of_bfloat16_native(kBytes, 10.0f, 3);
    std::vector<bfloat16> vb = create_random_vector_of_bfloat16_native(kBytes, 4.0f, 4);
    std::vector<bfloat16> vb_bottom = create_random_vector_of_bfloat16_native(kBytes, 2.0f, 5);
    EnqueueWriteMeshBuffer(cq, a, va, false);
    EnqueueWriteMeshBuffer(cq, b, vb, false);
    const MeshCoordinateRange top({0, 0}, {0, 3}), bottom({1, 0}, {1, 3});
    cq.enqueue_write_shard_to_sub_grid(*b, vb_bottom.data(), bottom, false);

    auto program = [&](const char* op, const char* op_type) {
        Program p = CreateProgram();
        const CoreCoord core = {1, 2};
        const auto k = examples::AddBinaryTileKernels(p, core, 2, op, op_type);
        SetRuntimeArgs(p, k.reader, core, {static_cast<uint32_t>(a->address()), static_cast<uint32_t>(b->address()), kTiles, 0});
        SetRuntimeArgs(p, k.writer, core, {static_cast<uint32_t>(c->address()), kTiles, 0});
        SetRuntimeArgs(p, k.compute, core, {kTiles});
        return p;
    };
    MeshWorkload workload = CreateMeshWorkload();
    AddProgramToMeshWorkload(workload, program("add_tiles", "ELWADD"), top);
    AddProgramToMeshWorkload(workload, program("mul_tiles", "ELWMUL"), bottom);
    EnqueueMeshWorkload(cq, workload, false);

    int right = 0;
    for (uint32_t row = 0; row < 2; row++) {
        for (uint32_t col = 0; col < 4; col++) {
            std::vector<bfloat16> out;
            ReadShard(cq, out, c, MeshCoordinate(row, col), true);
            bool ok = out.size() == va.size();
            for (size_t i = 0; ok && i < va.size(); i++) {
                const float want = row == 0 ? va[i].to_float() + vb[i].to_float() : va[i].to_float() * vb_bottom[i].to_float();
                ok = std::fabs(out[i].to_float() - want) <= std::fabs(want) * 0.01f + 0.02f;
                if (!ok) std::printf("device (%u, %u) element %zu: got %f, expected %f\n", row, col, i, out[i].to_float(), want);
            }
            right += ok;
        }
    }
    Finish(cq);
    std::printf("mesh_eltwise: add on the top row, multiply on the bottom row, %d of 8 devices right: %s\n", right,
                right == 8 ? "PASS" : "FAIL");
    return right == 8 ? 0 : 1;
}
