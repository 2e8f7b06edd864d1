// A sharded mesh buffer on a 2x4 mesh: a 64 x 128 global buffer of uint32 cut into 32 x 32 shards, one per device,
// laid over the mesh in row-major order and then, in a second buffer, in column-major order. Each is written whole,
// one shard is overwritten alone (WriteShard), and it is read back whole (EnqueueReadMeshBuffer), shard by shard
// (ReadShard) and all shards in one call (enqueue_read_shards). Every read is checked against where this program
// expects each shard: shard (i, j) of the global buffer on device (i, j) row-major, or on the device whose
// column-major index is the shard's row-major index. Exits 0 when every read is right.
#include <cstdio>
#include <vector>

#include <tt-metalium/distributed.hpp>
#include <tt-metalium/host_api.hpp>

using namespace tt::tt_metal;
using namespace tt::tt_metal::distributed;

namespace {

constexpr uint32_t kRows = 2, kCols = 4, kH = 64, kW = 128, kShardH = 32, kShardW = 32;

// The words of shard (i, j) of `global`, row by row.
std::vector<uint32_t> Shard(const std::vector<uint32_t>& global, uint32_t i, uint32_t j) {
    std::vector<uint32_t> out;
    for (uint32_t r = 0; r < kShardH; r++)
        for (uint32_t c = 0; c < kShardW; c++) out.push_back(global[(i * kShardH + r) * kW + j * kShardW + c]);
    return out;
}

// The shard a device holds.
void ShardOf(ShardOrientation orientation, uint32_t row, uint32_t col, uint32_t& i, uint32_t& j) {
    const uint32_t s = orientation == ShardOrientation::ROW_MAJOR ? row * kCols + col : col * kRows + row;
    i = s / (kW / kShardW);
    j = s % (kW / kShardW);
}

int Check(const char* what, const std::vector<uint32_t>& got, const std::vector<uint32_t>& want) {
    if (got == want) return 0;
    std::printf("%s: wrong (%zu words, expected %zu)\n", what, got.size(), want.size());
    return 1;
}

int Run(MeshDevice& mesh, ShardOrientation orientation, uint32_t seed) {
    MeshCommandQueue& cq = mesh.mesh_command_queue();
    const distributed::ShardedBufferConfig sharded{.global_size = kH * kW * 4,
                                      .global_buffer_shape = {kH, kW},
                                      .shard_shape = {kShardH, kShardW},
                                      .shard_orientation = orientation};
    const DeviceLocalBufferConfig local{.page_size = kShardW * 4, .buffer_type = BufferType::DRAM,
                                        .buffer_layout = TensorMemoryLayout::INTERLEAVED, .bottom_up = false};
    auto buffer = MeshBuffer::create(sharded, local, &mesh);

    std::vector<uint32_t> global(kH * kW);
    for (uint32_t k = 0; k < global.size(); k++) global[k] = seed * 1000003u + k * 2654435761u;
    EnqueueWriteMeshBuffer(cq, buffer, global, false);
    // Shard (1, 2) rewritten alone, on the device that holds it.
    std::vector<uint32_t> patch(kShardH * kShardW);
    for (uint32_t k = 0; k < patch.size(); k++) patch[k] = 0xA5000000u + k;
    uint32_t patched_row = 0, patched_col = 0;
    for (uint32_t row = 0; row < kRows; row++)
        for (uint32_t col = 0; col < kCols; col++) {
            uint32_t i, j;
            ShardOf(orientation, row, col, i, j);
            if (i == 1 && j == 2) patched_row = row, patched_col = col;
        }
    WriteShard(cq, buffer, patch, MeshCoordinate(patched_row, patched_col), false);
    for (uint32_t r = 0; r < kShardH; r++)
        for (uint32_t c = 0; c < kShardW; c++) global[(kShardH + r) * kW + 2 * kShardW + c] = patch[r * kShardW + c];

    int wrong = 0;
    std::vector<uint32_t> whole;
    EnqueueReadMeshBuffer(cq, whole, buffer, true);
    wrong += Check("the whole buffer", whole, global);

    std::vector<std::vector<uint32_t>> shards(kRows * kCols, std::vector<uint32_t>(kShardH * kShardW));
    std::vector<MeshCommandQueue::ShardDataTransfer> transfers;
    for (uint32_t row = 0; row < kRows; row++) {
        for (uint32_t col = 0; col < kCols; col++) {
            uint32_t i, j;
            ShardOf(orientation, row, col, i, j);
            std::vector<uint32_t> one;
            ReadShard(cq, one, buffer, MeshCoordinate(row, col), true);
            wrong += Check("a shard read alone", one, Shard(global, i, j));
            transfers.push_back({.shard_coord = MeshCoordinate(row, col), .host_data = shards[row * kCols + col].data()});
        }
    }
    cq.enqueue_read_shards(transfers, buffer, false);
    Finish(cq);
    for (uint32_t row = 0; row < kRows; row++)
        for (uint32_t col = 0; col < kCols; col++) {
            uint32_t i, j;
            ShardOf(orientation, row, col, i, j);
            wrong += Check("a shard read with the others", shards[row * kCols + col], Shard(global, i, j));
        }
    return wrong;
}

}  // namespace

int main() {
    auto mesh = MeshDevice::create(MeshDeviceConfig{.mesh_shape = MeshShape(kRows, kCols)});
    const int wrong = Run(*mesh, ShardOrientation::ROW_MAJOR, 1) + Run(*mesh, ShardOrientation::COL_MAJOR, 2);
    std::printf("mesh_sharded: row-major and column-major shards on a %ux%u mesh, %d wrong reads: %s\n", kRows, kCols,
                wrong, wrong == 0 ? "PASS" : "FAIL");
    return wrong == 0 ? 0 : 1;
}
