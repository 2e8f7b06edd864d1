// Buffers on the emulated device: placement across banks, host I/O, determinism and errors.
#include <numeric>

#include <tt-metalium/tt_metal.hpp>

#include "profiles/v0.56.0/emu/test_support.h"

namespace ttemu::testing {
namespace {

using namespace tt::tt_metal;

class BufferTest : public DeviceTest {};

TEST_F(BufferTest, InterleavedDramPagesRotateOverTwelveBanks) {
    constexpr std::uint32_t kPage = 100, kPages = 30;  // pages pad to 128 B in each bank
    auto buf = Dram(kPage * kPages, kPage);
    std::vector<std::uint8_t> data(kPage * kPages);
    for (std::size_t i = 0; i < data.size(); i++) data[i] = static_cast<std::uint8_t>(i / kPage + 1);
    EnqueueWriteBuffer(*cq_, buf, data, true);
    for (std::uint32_t page : {0u, 1u, 11u, 12u, 29u}) {
        std::vector<std::uint32_t> word;
        const std::uint32_t bank = page % 12, addr = buf->address() + (page / 12) * 128;
        ASSERT_TRUE(detail::ReadFromDeviceDRAMChannel(device_, bank, addr, 4, word));
        EXPECT_EQ(word[0] & 0xff, page + 1) << "page " << page;
    }
    EXPECT_EQ(buf->aligned_page_size(), 128u);
    EXPECT_EQ(buf->aligned_size_per_bank(), 3u * 128);
}

TEST_F(BufferTest, L1BuffersAreAllocatedTopDownAndDramBottomUp) {
    auto a = L1(64 * 1024, 1024), b = L1(64 * 1024, 1024);
    EXPECT_LT(b->address(), a->address());
    EXPECT_EQ(a->address() + 1024, device_->l1_size_per_core());
    auto d = Dram(4096, 4096), e = Dram(4096, 4096);
    EXPECT_EQ(d->address(), 32u);
    EXPECT_LT(d->address(), e->address());
}

TEST_F(BufferTest, WriteThenReadRoundTripsForDramAndL1AndSubRegions) {
    for (BufferType type : {BufferType::DRAM, BufferType::L1}) {
        auto buf = CreateBuffer(InterleavedBufferConfig{device_, 48 * 1024, 2048, type});
        std::vector<std::uint32_t> src(buf->size() / 4);
        std::iota(src.begin(), src.end(), 7u);
        EnqueueWriteBuffer(*cq_, buf, src, false);
        std::vector<std::uint32_t> back;
        EnqueueReadBuffer(*cq_, buf, back, true);
        EXPECT_EQ(back, src);
        std::vector<std::uint32_t> part;
        EnqueueReadSubBuffer(*cq_, buf, part, BufferRegion(4096 + 8, 3000), true);
        EXPECT_TRUE(std::equal(part.begin(), part.end(), src.begin() + (4096 + 8) / 4));
    }
}

TEST_F(BufferTest, EveryHostDataTypeAlternativeWritesRegionSizeBytes) {
    auto buf = Dram(64, 64);
    auto u16 = std::make_shared<std::vector<std::uint16_t>>(32, 0x1234);
    EnqueueWriteBuffer(*cq_, buf, HostDataType(u16), true);
    std::vector<std::uint16_t> back;
    EnqueueReadBuffer(*cq_, buf, back, true);
    EXPECT_EQ(back, *u16);
    auto f32 = std::make_shared<std::vector<float>>(16, 1.5f);
    EnqueueWriteBuffer(*cq_, buf, HostDataType(f32), true);
    std::vector<float> fback;
    EnqueueReadBuffer(*cq_, buf, fback, true);
    EXPECT_EQ(fback, *f32);
}

TEST_F(BufferTest, FreedSpaceIsReusedAndAddressesAreDeterministic) {
    auto sequence = [&] {
        std::vector<std::uint32_t> addrs;
        auto a = Dram(1 << 20, 2048);
        auto b = L1(8192, 1024);
        addrs = {a->address(), b->address()};
        DeallocateBuffer(*a);
        auto c = Dram(1 << 19, 2048);
        addrs.push_back(c->address());
        return addrs;
    };
    const auto first = sequence();
    EXPECT_EQ(first[2], first[0]) << "the freed range is reused";
    TearDown();
    SetUp();
    EXPECT_EQ(sequence(), first) << "a fresh device replays the same allocations to the same addresses";
}

TEST_F(BufferTest, ErrorsAreClearExceptions) {
    EXPECT_THROW_WITH(Dram(1000, 300), "divisible by page size");
    EXPECT_THROW_WITH(Dram(13ull << 30, 1 << 20), "Out of Memory");
    // More pages than num_pages() counts (32 bits): refused, not wrapped to a one-page buffer the size misdescribes.
    EXPECT_THROW_WITH(Dram((1ull << 47) + 1024, 1024), "at most 2^32 - 1");
    EXPECT_THROW_WITH(L1(2 << 20, 2 << 20), "Out of Memory");  // one 2 MiB page exceeds a bank
    auto buf = Dram(1024, 1024);
    std::vector<std::uint32_t> small(8);
    EXPECT_THROW_WITH(EnqueueReadSubBuffer(*cq_, buf, small, BufferRegion(1000, 100), true), "outside");
    DeallocateBuffer(*buf);
    EXPECT_THROW_WITH(EnqueueReadBuffer(*cq_, buf, small, true), "not allocated");
    EXPECT_THROW_WITH(buf->address(), "deallocated");
}

// A buffer placed at an address of the program's choosing views memory it does not own; placed past the device's
// memory, its I/O is refused as tt-metal refuses it — never a host address outside the device.
TEST_F(BufferTest, ABufferPlacedPastTheDeviceIsRefusedNotWritten) {
    std::vector<std::uint32_t> data(256, 7);
    for (DeviceAddr address : {DeviceAddr{13} << 30, DeviceAddr{1} << 44, ~DeviceAddr{0} - 15}) {
        auto buf = CreateBuffer(InterleavedBufferConfig{device_, 1024, 1024, BufferType::DRAM}, address);
        EXPECT_THROW_WITH(EnqueueWriteBuffer(*cq_, buf, data, true), "outside the device");
        EXPECT_THROW_WITH(EnqueueReadBuffer(*cq_, buf, data, true), "outside the device");
        auto l1 = CreateBuffer(InterleavedBufferConfig{device_, 1024, 1024, BufferType::L1}, address);
        EXPECT_THROW_WITH(EnqueueWriteBuffer(*cq_, l1, data, true), "outside the device");
    }
    // The last page of a DRAM bank is inside; one byte more is not.
    auto edge = CreateBuffer(InterleavedBufferConfig{device_, 1024, 1024, BufferType::DRAM}, (DeviceAddr{1} << 30) - 1024);
    EXPECT_NO_THROW(EnqueueWriteBuffer(*cq_, edge, data, true));
    auto past = CreateBuffer(InterleavedBufferConfig{device_, 1024, 1024, BufferType::DRAM}, (DeviceAddr{1} << 30) - 1020);
    EXPECT_THROW_WITH(EnqueueWriteBuffer(*cq_, past, data, true), "outside the device");
}

TEST(DeviceModel, ReportsAWormholeN150) {
    IDevice* device = CreateDevice(0);
    EXPECT_EQ(device->arch(), tt::ARCH::WORMHOLE_B0);
    EXPECT_EQ(device->logical_grid_size(), CoreCoord(8, 9));
    EXPECT_EQ(device->compute_with_storage_grid_size(), CoreCoord(8, 8));
    EXPECT_EQ(device->grid_size(), CoreCoord(10, 12));
    EXPECT_EQ(device->num_dram_channels(), 12);
    EXPECT_EQ(device->dram_size_per_channel(), 1u << 30);
    EXPECT_EQ(device->l1_size_per_core(), 1499136u);
    EXPECT_EQ(device->worker_core_from_logical_core({3, 5}), CoreCoord(21, 23));
    EXPECT_EQ(GetNumAvailableDevices(), 8u);
    EXPECT_THROW_WITH(device->command_queue(1), "does not exist");
    EXPECT_THROW_WITH(CreateDevice(0), "already open");
    EXPECT_TRUE(CloseDevice(device));
    EXPECT_THROW_WITH(CreateDevice(8), "not available");
    EXPECT_THROW_WITH(CreateDevice(0, 3), "num_hw_cqs");
    IDevice* two = CreateDevice(0, 2);
    EXPECT_EQ(two->num_hw_cqs(), 2);
    EXPECT_NE(&two->command_queue(0), &two->command_queue(1));
    CloseDevice(two);
}

TEST_F(BufferTest, AllocatorReportsTheDeviceItAllocatesOn) {
    const auto& alloc = device_->allocator();
    ASSERT_NE(alloc, nullptr);
    EXPECT_EQ(alloc->get_alignment(BufferType::DRAM), 32u);
    EXPECT_EQ(alloc->get_alignment(BufferType::L1), 16u);
    EXPECT_EQ(alloc->get_num_banks(BufferType::DRAM), 12u);
    EXPECT_EQ(alloc->get_num_banks(BufferType::L1), 64u);
    EXPECT_EQ(alloc->get_base_allocator_addr(HalMemType::L1), 0x18EE0u);
    EXPECT_EQ(alloc->get_base_allocator_addr(HalMemType::DRAM), 32u);
    EXPECT_THROW(alloc->get_base_allocator_addr(HalMemType::HOST), std::runtime_error);
    EXPECT_EQ(alloc->get_dram_channel_from_bank_id(11), 11u);
    EXPECT_THROW(alloc->get_dram_channel_from_bank_id(12), std::runtime_error);
    // Each L1 bank is one compute core's; the mapping goes both ways.
    for (std::uint32_t bank : {0u, 9u, 63u}) {
        const CoreCoord core = alloc->get_logical_core_from_bank_id(bank);
        EXPECT_LT(core.x, 8u);
        EXPECT_LT(core.y, 8u);
        EXPECT_EQ(alloc->get_bank_ids_from_logical_core(BufferType::L1, core), std::vector<std::uint32_t>{bank});
    }
    // DRAM bank b is logical core (b, 0), as tt-metal's allocator names them (DRAM shard grids use these).
    EXPECT_EQ(alloc->get_bank_ids_from_logical_core(BufferType::DRAM, CoreCoord{7, 0}), std::vector<std::uint32_t>{7});
    EXPECT_THROW_WITH(alloc->get_bank_ids_from_logical_core(BufferType::DRAM, CoreCoord{0, 1}), "holds no DRAM bank");

    // Statistics follow allocations: a 4 KiB-per-bank L1 buffer takes 4 KiB off the free total and is the lowest
    // occupied L1 address.
    const auto before = alloc->get_statistics(BufferType::L1);
    EXPECT_EQ(before.total_allocatable_size_bytes, 1499136u - 0x18EE0u);
    EXPECT_EQ(before.total_allocated_bytes, 0u);
    auto buf = L1(64 * 4096, 4096);
    const auto after = alloc->get_statistics(BufferType::L1);
    EXPECT_EQ(before.total_free_bytes - after.total_free_bytes, 4096u);
    EXPECT_EQ(after.total_allocated_bytes, 4096u);
    EXPECT_EQ(alloc->get_lowest_occupied_l1_address(0), buf->address());
    EXPECT_EQ(alloc->get_allocated_buffers().count(buf.get()), 1u);
    EXPECT_EQ(alloc->get_config().l1_unreserved_base, 0x18EE0u);
    // A buffer keeps the allocator that placed it (tt-metal's own tests find an L1 bank's core through it).
    EXPECT_EQ(buf->allocator(), alloc.get());
    EXPECT_EQ(buf->allocator()->get_logical_core_from_bank_id(0), alloc->get_logical_core_from_bank_id(0));
}

// A DRAM-sharded buffer: shard k lives at the buffer's address in DRAM bank k (shard grid core (k, 0)).
TEST_F(BufferTest, DramShardsLiveInTheBanksTheirGridNames) {
    constexpr std::uint32_t kPage = 64;
    ShardSpecBuffer spec(CoreRangeSet(CoreRange({2, 0}, {4, 0})), {2, 16}, ShardOrientation::ROW_MAJOR, {1, 16},
                         {6, 1});
    auto buf = CreateBuffer(ShardedBufferConfig{device_, 6 * kPage, kPage, BufferType::DRAM,
                                                TensorMemoryLayout::HEIGHT_SHARDED, spec});
    std::vector<std::uint32_t> data(6 * kPage / 4);
    std::iota(data.begin(), data.end(), 100u);
    EnqueueWriteBuffer(*cq_, buf, data, true);
    for (std::uint32_t page = 0; page < 6; page++) {
        std::vector<std::uint32_t> word;
        const std::uint32_t bank = 2 + page / 2, addr = buf->address() + (page % 2) * kPage;
        ASSERT_TRUE(detail::ReadFromDeviceDRAMChannel(device_, bank, addr, 4, word));
        EXPECT_EQ(word[0], 100u + page * kPage / 4) << "page " << page;
    }
    std::vector<std::uint32_t> shard;
    detail::ReadShard(*buf, shard, 1);
    EXPECT_EQ(std::vector<std::uint32_t>(shard.begin(), shard.begin() + 32),
              std::vector<std::uint32_t>(data.begin() + 32, data.begin() + 64));
    EXPECT_THROW_WITH(detail::ReadShard(*buf, shard, 3), "core 3 of a shard grid of 3 cores");
    ShardSpecBuffer off_grid(CoreRangeSet(CoreRange({0, 1}, {1, 1})), {2, 16}, ShardOrientation::ROW_MAJOR, {1, 16},
                             {4, 1});
    EXPECT_THROW_WITH(CreateBuffer(ShardedBufferConfig{device_, 4 * kPage, kPage, BufferType::DRAM,
                                                       TensorMemoryLayout::HEIGHT_SHARDED, off_grid}),
                      "names no DRAM bank");
}

}  // namespace
}  // namespace ttemu::testing
