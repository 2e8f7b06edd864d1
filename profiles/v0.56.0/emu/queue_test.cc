// Command-queue features on the emulated device: metal traces, events across two queues, sharded buffers,
// dynamic circular buffers, DPRINT and the Light Metal entry points.
#include <tt-metalium/event.hpp>
#include <tt-metalium/tt_metal.hpp>

#include "profiles/v0.56.0/emu/test_support.h"

namespace ttemu::testing {
namespace {

using namespace tt::tt_metal;

// Adds 1 to every word of a 64-word DRAM buffer (bank 0, page = size) through CB 0.
constexpr const char* kIncrement = R"(
#include "dataflow_api.h"
void kernel_main() {
    const uint64_t buf = get_noc_addr_from_bank_id<true>(0, get_arg_val<uint32_t>(0));
    volatile uint32_t* w = reinterpret_cast<volatile uint32_t*>(get_write_ptr(0));
    noc_async_read(buf, get_write_ptr(0), 256);
    for (int i = 0; i < 64; i++) w[i] = w[i] + 1;
    noc_async_write(get_write_ptr(0), buf, 256);
})";

class QueueTest : public DeviceTest {
protected:
    Program IncrementProgram(const Buffer& buf, CoreCoord core = {0, 0}) {
        Program p = CreateProgram();
        CreateCircularBuffer(p, core, CircularBufferConfig(256, {{0, tt::DataFormat::UInt32}}).set_page_size(0, 256));
        KernelHandle k = CreateKernelFromString(p, kIncrement, core, DataMovementConfig{});
        SetRuntimeArgs(p, k, core, {buf.address()});
        return p;
    }
    std::vector<std::uint32_t> Read(const std::shared_ptr<Buffer>& b, CommandQueue& cq) {
        std::vector<std::uint32_t> out;
        EnqueueReadBuffer(cq, b, out, true);
        return out;
    }
};

class TraceTest : public QueueTest {
protected:
    void SetUp() override {
        device_ = CreateDevice(0, 1, 0, 64 * 1024);
        cq_ = &device_->command_queue();
    }
};

TEST_F(TraceTest, CapturedProgramsRunOnlyOnReplay) {
    auto buf = Dram(256, 256);
    std::vector<std::uint32_t> init(64, 10);
    EnqueueWriteBuffer(*cq_, buf, init, true);
    Program p = IncrementProgram(*buf);
    const std::uint32_t tid = BeginTraceCapture(device_, 0);
    EnqueueProgram(*cq_, p, false);
    EnqueueProgram(*cq_, p, false);
    EndTraceCapture(device_, 0, tid);
    EXPECT_EQ(Read(buf, *cq_)[0], 10u) << "capturing must not run the programs";
    ReplayTrace(device_, 0, tid, true);
    EXPECT_EQ(Read(buf, *cq_)[5], 12u);
    EnqueueTrace(*cq_, tid, true);
    EXPECT_EQ(Read(buf, *cq_)[63], 14u);
    ReleaseTrace(device_, tid);
    EXPECT_THROW_WITH(ReplayTrace(device_, 0, tid, true), "must exist");
}

TEST_F(TraceTest, TraceRegionTooSmallIsRejected) {
    auto buf = Dram(256, 256);
    Program p = IncrementProgram(*buf);
    const std::uint32_t tid = BeginTraceCapture(device_, 0);
    for (int i = 0; i < 40; i++) EnqueueProgram(*cq_, p, false);  // 40 × 2 KiB > 64 KiB
    EXPECT_THROW_WITH(EndTraceCapture(device_, 0, tid), "trace region");
}

TEST_F(TraceTest, LoadTraceRecreatesATraceFromItsDescriptor) {
    auto buf = Dram(256, 256);
    std::vector<std::uint32_t> init(64, 0);
    EnqueueWriteBuffer(*cq_, buf, init, true);
    Program p = IncrementProgram(*buf);
    const std::uint32_t tid = BeginTraceCapture(device_, 0);
    EnqueueProgram(*cq_, p, false);
    EndTraceCapture(device_, 0, tid);
    auto desc = device_->get_trace(tid)->desc;
    LoadTrace(device_, 0, 1000, *desc);
    ReplayTrace(device_, 0, 1000, true);
    EXPECT_EQ(Read(buf, *cq_)[0], 1u);
}

TEST_F(QueueTest, TracesNeedATraceRegion) {
    EXPECT_THROW_WITH(BeginTraceCapture(device_, 0), "trace_region_size");
}

class TwoQueueTest : public QueueTest {
protected:
    void SetUp() override {
        device_ = CreateDevice(0, 2);
        cq_ = &device_->command_queue(0);
    }
};

TEST_F(TwoQueueTest, EventsOrderWorkAcrossQueues) {
    CommandQueue& other = device_->command_queue(1);
    auto buf = Dram(256, 256);
    std::vector<std::uint32_t> init(64, 1);
    EnqueueWriteBuffer(*cq_, buf, init, true);
    Program p = IncrementProgram(*buf);
    auto done = std::make_shared<Event>();
    for (int i = 0; i < 5; i++) EnqueueProgram(*cq_, p, false);
    EnqueueRecordEvent(*cq_, done);
    EXPECT_TRUE(done->ready);
    EXPECT_EQ(done->cq_id, 0u);
    EnqueueWaitForEvent(other, done);
    std::vector<std::uint32_t> seen(64);
    EnqueueReadBuffer(other, buf, seen.data(), false);
    Finish(other);
    EXPECT_EQ(seen[0], 6u) << "the read on queue 1 ran after all five programs on queue 0";
    EventSynchronize(done);
    EXPECT_TRUE(EventQuery(done));
    Synchronize(device_);
}

TEST_F(TwoQueueTest, WaitingOnAnEventNeverRecordedIsAnError) {
    auto never = std::make_shared<Event>();
    EXPECT_THROW_WITH(EnqueueWaitForEvent(*cq_, never), "never recorded");
    EXPECT_THROW_WITH(EventSynchronize(never), "never recorded");
    EXPECT_THROW_WITH(EventQuery(never), "never recorded");
}

TEST_F(QueueTest, HeightWidthAndBlockShardedBuffersPlacePagesOnTheirCores) {
    // A 4×4 grid of 256-byte pages (16 pages), each page filled with its index.
    std::vector<std::uint8_t> data(16 * 256);
    for (std::uint32_t i = 0; i < data.size(); i++) data[i] = static_cast<std::uint8_t>(i / 256);
    struct Case {
        TensorMemoryLayout layout;
        CoreRangeSet grid;
        std::array<std::uint32_t, 2> shard;  // in elements; a page is [1, 128] elements of 2 B
        std::uint32_t page;
        CoreCoord core;
        std::uint32_t slot;
    };
    const std::vector<Case> cases = {
        // Height: shards of 2 page-rows (8 pages) on cores (0,0) and (1,0); page 9 → shard 1, slot 1.
        {TensorMemoryLayout::HEIGHT_SHARDED, CoreRangeSet(CoreRange({0, 0}, {1, 0})), {2, 512}, 9, {1, 0}, 1},
        // Width: shards of 2 page-columns on 2 cores; page 7 (row 1, col 3) → shard 1, slot 1*2+1 = 3.
        {TensorMemoryLayout::WIDTH_SHARDED, CoreRangeSet(CoreRange({0, 0}, {1, 0})), {4, 256}, 7, {1, 0}, 3},
        // Block: 2×2 shards of 2×2 pages on a 2×2 grid; page 14 (row 3, col 2) → shard (1,1) = core (1,1), slot 2.
        {TensorMemoryLayout::BLOCK_SHARDED, CoreRangeSet(CoreRange({2, 2}, {3, 3})), {2, 256}, 14, {3, 3}, 2},
    };
    for (const Case& c : cases) {
        ShardSpecBuffer spec(c.grid, c.shard, ShardOrientation::ROW_MAJOR, {1, 128}, {4, 4});
        auto buf = CreateBuffer(ShardedBufferConfig{device_, 16 * 256, 256, BufferType::L1, c.layout, spec});
        EnqueueWriteBuffer(*cq_, buf, data, true);
        std::vector<std::uint32_t> word;
        detail::ReadFromDeviceL1(device_, c.core, buf->address() + c.slot * 256, 4, word);
        EXPECT_EQ(word[0] & 0xff, c.page) << "layout " << static_cast<int>(c.layout);
        std::vector<std::uint8_t> back;
        EnqueueReadBuffer(*cq_, buf, back, true);
        EXPECT_EQ(back, data);
    }
    ShardSpecBuffer bad({CoreRange({0, 0}, {0, 0})}, {3, 100}, ShardOrientation::ROW_MAJOR, {1, 128}, {4, 4});
    EXPECT_THROW_WITH(CreateBuffer(ShardedBufferConfig{device_, 16 * 256, 256, BufferType::L1,
                                                       TensorMemoryLayout::HEIGHT_SHARDED, bad}),
                      "not a whole number of pages");
}

TEST_F(QueueTest, DynamicCircularBufferIsBackedByItsBufferAndCanBeRetargeted) {
    // Each core of a height-sharded buffer doubles its shard in place through a CB backed by the buffer.
    constexpr const char* kDouble = R"(
#include "dataflow_api.h"
void kernel_main() {
    cb_reserve_back(0, 1);
    volatile uint32_t* w = reinterpret_cast<volatile uint32_t*>(get_write_ptr(0));
    for (int i = 0; i < 64; i++) w[i] = w[i] * 2;
    cb_push_back(0, 1);
})";
    const CoreRangeSet cores(CoreRange({0, 0}, {3, 0}));
    auto make = [&] {
        ShardSpecBuffer spec(cores, {1, 64}, ShardOrientation::ROW_MAJOR, {1, 64}, {4, 1});
        return CreateBuffer(ShardedBufferConfig{device_, 4 * 256, 256, BufferType::L1, TensorMemoryLayout::HEIGHT_SHARDED, spec});
    };
    auto first = make(), second = make();
    std::vector<std::uint32_t> ones(256, 1), fives(256, 5);
    EnqueueWriteBuffer(*cq_, first, ones, true);
    EnqueueWriteBuffer(*cq_, second, fives, true);
    Program p = CreateProgram();
    CBHandle cb = CreateCircularBuffer(p, cores, CircularBufferConfig(256, {{0, tt::DataFormat::UInt32}}, *first).set_page_size(0, 256));
    CreateKernelFromString(p, kDouble, cores, DataMovementConfig{});
    EnqueueProgram(*cq_, p, true);
    EXPECT_EQ(Read(first, *cq_), std::vector<std::uint32_t>(256, 2));
    UpdateDynamicCircularBufferAddress(p, cb, *second);
    EnqueueProgram(*cq_, p, true);
    EXPECT_EQ(Read(second, *cq_), std::vector<std::uint32_t>(256, 10));
    EXPECT_EQ(Read(first, *cq_), std::vector<std::uint32_t>(256, 2));
    EXPECT_THROW_WITH(UpdateCircularBufferTotalSize(p, cb, 2048), "exceeds allocated L1 buffer size of 1024 B");
    EXPECT_THROW_WITH(UpdateCircularBufferPageSize(p, cb, 0, 100), "divisible by page size");
    EXPECT_THROW_WITH(UpdateDynamicCircularBufferAddress(p, cb, *Dram(256, 256)), "Only L1 buffers");
}

TEST_F(QueueTest, DprintLinesAreTaggedWithCoreAndProcessor) {
    Program p = CreateProgram();
    CreateKernelFromString(p, R"(
#include "dataflow_api.h"
#include "debug/dprint.h"
void kernel_main() { DPRINT << "value " << 42u << " hex " << HEX() << 255u << ENDL(); })",
                           CoreCoord{2, 1}, DataMovementConfig{.processor = DataMovementProcessor::RISCV_1, .noc = NOC::NOC_1});
    ::testing::internal::CaptureStdout();
    EnqueueProgram(*cq_, p, true);
    const std::string out = ::testing::internal::GetCapturedStdout();
    EXPECT_EQ(out, "0:(x=2,y=1):NC: value 42 hex ff\n");
}

TEST_F(QueueTest, LightMetalIsDisabledAsInADefaultBuild) {
    LightMetalBeginCapture();
    ::testing::internal::CaptureStderr();
    LightMetalBinary binary = LightMetalEndCapture();
    const std::string err = ::testing::internal::GetCapturedStderr();
    EXPECT_TRUE(binary.is_empty());
    EXPECT_NE(err.find("WARNING"), std::string::npos);
    EXPECT_EQ(err.find('\n'), err.size() - 1) << "exactly one warning line: " << err;
}

}  // namespace
}  // namespace ttemu::testing
