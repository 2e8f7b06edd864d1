// Sharded L1 buffers, height-, width- and block-sharded over a 2×2 core grid: each is written with one write, then
// every core's shard is read back from its L1 directly and checked against where tt-metal v0.56.0 puts each page —
// height sharding deals pages out a shard (2×2 pages) at a time; width and block sharding cut the tensor's page
// grid into 2×2-page blocks, numbered row by row, one per core in row-major core order, row-major within. Finally
// the whole buffer reads back equal. Exits 0 when every page is where it belongs.
#include <cstdio>

#include <tt-metalium/host_api.hpp>
#include <tt-metalium/tt_metal.hpp>

using namespace tt::tt_metal;

namespace {

constexpr uint32_t kPageWords = 16, kPageBytes = kPageWords * 4;  // a page: one row of 16 words
constexpr uint32_t kShardRows = 2, kShardCols = 2;                 // pages per shard

struct Case {
    const char* name;
    TensorMemoryLayout layout;
    uint32_t rows, cols;  // the tensor in pages
};

// The page a core's local page `j` holds, from the layout's definition.
uint32_t ExpectedPage(const Case& c, uint32_t core_index, uint32_t j) {
    if (c.layout == TensorMemoryLayout::HEIGHT_SHARDED) return core_index * kShardRows * kShardCols + j;
    const uint32_t shard_columns = c.cols / kShardCols;
    const uint32_t row = (core_index / shard_columns) * kShardRows + j / kShardCols;
    const uint32_t col = (core_index % shard_columns) * kShardCols + j % kShardCols;
    return row * c.cols + col;
}

bool RunCase(IDevice* device, CommandQueue& cq, const Case& c) {
    const CoreRange grid({1, 1}, {2, 2});
    const uint32_t pages = c.rows * c.cols;
    ShardSpecBuffer spec(CoreRangeSet(grid), {kShardRows, kShardCols * kPageWords}, ShardOrientation::ROW_MAJOR,
                         {1, kPageWords}, {c.rows, c.cols});
    auto buffer = CreateBuffer(ShardedBufferConfig{device, pages * kPageBytes, kPageBytes, BufferType::L1, c.layout, spec});
    std::vector<uint32_t> data(pages * kPageWords);
    for (uint32_t p = 0; p < pages; p++)
        for (uint32_t w = 0; w < kPageWords; w++) data[p * kPageWords + w] = p * 1000 + w;
    EnqueueWriteBuffer(cq, buffer, data, true);

    uint32_t core_index = 0;
    for (const CoreCoord& core : corerange_to_cores(CoreRangeSet(grid), std::nullopt, true)) {
        std::vector<uint32_t> shard;
        detail::ReadFromDeviceL1(device, core, buffer->address(), kShardRows * kShardCols * kPageBytes, shard);
        for (uint32_t j = 0; j < kShardRows * kShardCols; j++) {
            const uint32_t want = ExpectedPage(c, core_index, j);
            if (shard[j * kPageWords] != want * 1000) {
                std::printf("%s: core %s local page %u holds page %u, expected %u\n", c.name, core.str().c_str(), j,
                            shard[j * kPageWords] / 1000, want);
                return false;
            }
        }
        core_index++;
    }
    std::vector<uint32_t> back;
    EnqueueReadBuffer(cq, buffer, back, true);
    if (back != data) std::printf("%s: the buffer does not read back as written\n", c.name);
    return back == data;
}

}  // namespace

int main() {
    IDevice* device = CreateDevice(0);
    CommandQueue& cq = device->command_queue();
    bool pass = true;
    for (const Case& c : {Case{"height", TensorMemoryLayout::HEIGHT_SHARDED, 8, 2},
                          Case{"width", TensorMemoryLayout::WIDTH_SHARDED, 2, 8},
                          Case{"block", TensorMemoryLayout::BLOCK_SHARDED, 4, 4}})
        pass = RunCase(device, cq, c) && pass;
    std::printf("sharded_buffers: height, width and block sharding over 4 cores: %s\n", pass ? "PASS" : "FAIL");
    CloseDevice(device);
    return pass ? 0 : 1;
}
