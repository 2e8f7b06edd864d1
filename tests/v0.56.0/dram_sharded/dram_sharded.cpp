// A DRAM height-sharded buffer over six DRAM banks (shard grid cores (0,0)..(5,0), as tt-metal names banks), two
// 1 KiB pages per shard. The host writes it in one call and checks, with detail::ReadShard, that shard k holds
// pages 2k and 2k+1. Then six worker cores each read "their" bank's shard with the DRAM-sharded stateful reads, add
// the bank number to every word and write the pages to an interleaved buffer with stateful writes; the host
// checks every word. Exits 0 when all match.
#include <cstdio>
#include <vector>

#include <tt-metalium/host_api.hpp>
#include <tt-metalium/tt_metal.hpp>

using namespace tt::tt_metal;

namespace {
constexpr uint32_t kBanks = 6, kPagesPerShard = 2, kPageBytes = 1024, kPageWords = kPageBytes / 4;
constexpr uint32_t kPages = kBanks * kPagesPerShard;
}  // namespace

int main() {
    IDevice* device = CreateDevice(0);
    CommandQueue& cq = device->command_queue();

    const CoreRangeSet banks(CoreRange({0, 0}, {kBanks - 1, 0}));
    ShardSpecBuffer spec(banks, {kPagesPerShard, kPageWords}, ShardOrientation::ROW_MAJOR, {1, kPageWords},
                         {kPages, 1});
    auto sharded = CreateBuffer(ShardedBufferConfig{.device = device,
                                                    .size = kPages * kPageBytes,
                                                    .page_size = kPageBytes,
                                                    .buffer_type = BufferType::DRAM,
                                                    .buffer_layout = TensorMemoryLayout::HEIGHT_SHARDED,
                                                    .shard_parameters = spec});
    auto out = CreateBuffer(InterleavedBufferConfig{device, kPages * kPageBytes, kPageBytes, BufferType::DRAM});

    std::vector<uint32_t> in(kPages * kPageWords);
    for (uint32_t i = 0; i < in.size(); i++) in[i] = i * 3 + 1;
    EnqueueWriteBuffer(cq, sharded, in, true);

    bool pass = true;
    for (uint32_t k = 0; k < kBanks && pass; k++) {
        std::vector<uint32_t> shard(kPagesPerShard * kPageWords);
        detail::ReadShard(*sharded, shard, k);
        for (uint32_t w = 0; w < kPagesPerShard * kPageWords; w++)
            if (shard[w] != in[k * kPagesPerShard * kPageWords + w]) {
                std::printf("ReadShard: shard %u word %u is %u, expected %u\n", k, w, shard[w],
                            in[k * kPagesPerShard * kPageWords + w]);
                pass = false;
                break;
            }
    }

    Program program = CreateProgram();
    const CoreRange workers({0, 0}, {kBanks - 1, 0});
    KernelHandle reader = CreateKernel(program, "tests/v0.56.0/dram_sharded/kernels/shard_reader.cpp", workers,
                                       DataMovementConfig{.processor = DataMovementProcessor::RISCV_1,
                                                          .noc = NOC::RISCV_1_default});
    const uint32_t scratch = device->allocator()->get_base_allocator_addr(HalMemType::L1);
    for (uint32_t k = 0; k < kBanks; k++)
        SetRuntimeArgs(program, reader, CoreCoord{k, 0},
                       {static_cast<uint32_t>(sharded->address()), k, kPagesPerShard, kPageBytes,
                        static_cast<uint32_t>(out->address()), k * kPagesPerShard, scratch});
    EnqueueProgram(cq, program, false);

    std::vector<uint32_t> got;
    EnqueueReadBuffer(cq, out, got, true);
    for (uint32_t i = 0; i < got.size() && pass; i++) {
        const uint32_t want = in[i] + i / (kPagesPerShard * kPageWords);
        if (got[i] != want) {
            std::printf("word %u is %u, expected %u\n", i, got[i], want);
            pass = false;
        }
    }
    std::vector<uint32_t> back;
    EnqueueReadBuffer(cq, sharded, back, true);
    if (pass && back != in) {
        std::printf("the sharded buffer reads back changed\n");
        pass = false;
    }

    std::printf("dram_sharded: %u DRAM shards written, read per shard and by six cores: %s\n", kBanks,
                pass ? "PASS" : "FAIL");
    CloseDevice(device);
    return pass ? 0 : 1;
}
