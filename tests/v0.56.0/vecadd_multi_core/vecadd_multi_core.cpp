// Multi-core add: 640 bfloat16 tiles split over the 8×8 worker grid with split_work_to_cores; each core runs a
// reader, an add compute kernel and a writer on its share (start tile, count). Exits 0 when every element
// equals a + b within bfloat16 rounding.
#include <cmath>
#include <cstdio>

#include <tt-metalium/bfloat16.hpp>
#include <tt-metalium/host_api.hpp>

#include "tests/v0.56.0/common/binary_tiles.h"
#include <tt-metalium/work_split.hpp>

using namespace tt::tt_metal;

int main() {
    IDevice* device = CreateDevice(0);
    CommandQueue& cq = device->command_queue();
    Program program = CreateProgram();
    constexpr uint32_t kTiles = 640, kTileBytes = 2048, kBytes = kTiles * kTileBytes;
    auto make = [&] { return CreateBuffer(InterleavedBufferConfig{device, kBytes, kTileBytes, BufferType::DRAM}); };
    auto a = make(), b = make(), c = make();

    const CoreCoord grid = device->compute_with_storage_grid_size();
    const CoreRange all_cores({0, 0}, {grid.x - 1, grid.y - 1});
    auto [num_cores, used, group_1, group_2, tiles_1, tiles_2] = split_work_to_cores(grid, kTiles, true);
    const auto [reader, writer, compute] = examples::AddBinaryTileKernels(program, all_cores, 4, "add_tiles", "ELWADD");

    uint32_t start = 0;
    for (const CoreCoord& core : grid_to_cores(num_cores, grid.x, grid.y, true)) {
        const uint32_t n = group_1.contains(core) ? tiles_1 : tiles_2;
        SetRuntimeArgs(program, reader, core, {a->address(), b->address(), n, start});
        SetRuntimeArgs(program, writer, core, {c->address(), n, start});
        SetRuntimeArgs(program, compute, core, {n});
        start += n;
    }

    std::vector<bfloat16> va = create_random_vector_of_bfloat16_native(kBytes, 100.0f, 1);
    std::vector<bfloat16> vb = create_random_vector_of_bfloat16_native(kBytes, 100.0f, 2);
    EnqueueWriteBuffer(cq, a, va, false);
    EnqueueWriteBuffer(cq, b, vb, false);
    EnqueueProgram(cq, program, true);
    std::vector<bfloat16> vc;
    EnqueueReadBuffer(cq, c, vc, true);

    bool pass = start == kTiles && vc.size() == va.size();
    for (size_t i = 0; pass && i < va.size(); i++) {
        const float want = va[i].to_float() + vb[i].to_float();
        pass = std::fabs(vc[i].to_float() - want) <= std::fabs(want) * 0.008f;
    }
    std::printf("vecadd_multi_core: %u tiles on %u cores (%u each): %s\n", kTiles, num_cores, tiles_1,
                pass ? "PASS" : "FAIL");
    CloseDevice(device);
    return pass ? 0 : 1;
}
