// Programs on the emulated device: runtime arguments, circular buffers, semaphores and kernel errors.
#include <tt-metalium/tt_metal.hpp>

#include "profiles/v0.56.0/emu/test_support.h"

namespace ttemu::testing {
namespace {

using namespace tt::tt_metal;

// Writes its first `count` unique args, then its first common arg, to a DRAM buffer (bank 0, page = size).
constexpr const char* kArgsToDram = R"(
#include "dataflow_api.h"
void kernel_main() {
    const uint32_t dst = get_arg_val<uint32_t>(0);
    const uint32_t count = get_arg_val<uint32_t>(1);
    volatile uint32_t* out = reinterpret_cast<volatile uint32_t*>(get_write_ptr(0));
    for (uint32_t i = 0; i < count; i++) out[i] = get_arg_val<uint32_t>(i);
    out[count] = get_common_arg_val<uint32_t>(0);
    noc_async_write(get_write_ptr(0), get_noc_addr_from_bank_id<true>(0, dst), (count + 1) * 4);
    noc_async_write_barrier();
}
)";

class ProgramTest : public DeviceTest {
protected:
    KernelHandle AddKernel(Program& p, const char* src, const CoreCoord& core = {0, 0},
                           DataMovementProcessor proc = DataMovementProcessor::RISCV_0) {
        return CreateKernelFromString(p, src, core, DataMovementConfig{.processor = proc, .noc = static_cast<NOC>(proc)});
    }
    void AddScratchCb(Program& p, const CoreCoord& core = {0, 0}, std::uint32_t bytes = 4096) {
        CreateCircularBuffer(p, core, CircularBufferConfig(bytes, {{0, tt::DataFormat::UInt32}}).set_page_size(0, bytes));
    }
    std::vector<std::uint32_t> Read(const std::shared_ptr<Buffer>& b) {
        std::vector<std::uint32_t> out;
        EnqueueReadBuffer(*cq_, b, out, true);
        return out;
    }
};

TEST_F(ProgramTest, RuntimeArgsEditedInPlaceReachTheNextLaunch) {
    auto out = Dram(64, 64);
    Program p = CreateProgram();
    AddScratchCb(p);
    KernelHandle k = AddKernel(p, kArgsToDram);
    SetRuntimeArgs(p, k, CoreCoord{0, 0}, {out->address(), 3, 77});
    SetCommonRuntimeArgs(p, k, {555});
    EnqueueProgram(*cq_, p, true);
    const auto first = Read(out);
    EXPECT_EQ(std::vector<std::uint32_t>(first.begin(), first.begin() + 4),
              (std::vector<std::uint32_t>{out->address(), 3, 77, 555}));

    RuntimeArgsData& args = GetRuntimeArgs(p, k, CoreCoord{0, 0});
    ASSERT_EQ(args.size(), 3u);
    args[2] = 88;                           // edited through the reference, never through SetRuntimeArgs
    GetCommonRuntimeArgs(p, k)[0] = 666;
    EXPECT_EQ(GetRuntimeArgs(p, k)[0][0][2], 88u);
    EnqueueProgram(*cq_, p, true);
    auto second = Read(out);
    EXPECT_EQ(second[2], 88u);
    EXPECT_EQ(second[3], 666u);
}

TEST_F(ProgramTest, KernelsAreReachableByHandle) {
    Program p = CreateProgram();
    AddScratchCb(p);
    KernelHandle k = AddKernel(p, kArgsToDram);
    EXPECT_EQ(p.num_kernels(), 1u);
    EXPECT_NE(detail::GetKernel(p, k), nullptr);
    EXPECT_EQ(detail::GetKernel(p, k), p.get_kernel(k));
    EXPECT_THROW(detail::GetKernel(p, k + 1), std::runtime_error);
}
TEST_F(ProgramTest, ArgumentsAreSnapshotAtEnqueue) {
    auto out = Dram(64, 64);
    Program p = CreateProgram();
    AddScratchCb(p);
    KernelHandle k = AddKernel(p, kArgsToDram);
    SetRuntimeArgs(p, k, CoreCoord{0, 0}, {out->address(), 3, 1});
    SetCommonRuntimeArgs(p, k, {0});
    EnqueueProgram(*cq_, p, false);
    SetRuntimeArgs(p, k, CoreCoord{0, 0}, {out->address(), 3, 2});  // after the enqueue: not part of it
    Finish(*cq_);
    EXPECT_EQ(Read(out)[2], 1u);
}

// A core range no device has (65 535 or 2^30 cores) is an error at once, in every call that takes cores — not an
// allocation per requested core that grows until the machine runs out.
TEST_F(ProgramTest, CoreRangesPastTheGridAreRefused) {
    for (const CoreRange& huge : {CoreRange({0, 0}, {65534, 0}), CoreRange({0, 0}, {0, std::size_t{1} << 30})}) {
        Program p = CreateProgram();
        EXPECT_THROW_WITH(CreateKernelFromString(p, kArgsToDram, huge, DataMovementConfig{}), "outside the device");
        EXPECT_THROW_WITH(CreateSemaphore(p, huge, 0), "outside the device");
        EXPECT_THROW_WITH(
            CreateCircularBuffer(p, huge, CircularBufferConfig(4096, {{0, tt::DataFormat::UInt32}}).set_page_size(0, 4096)),
            "outside the device");
        KernelHandle k = AddKernel(p, kArgsToDram);
        EXPECT_THROW_WITH(SetRuntimeArgs(p, k, huge, {1}), "outside the device");
    }
    EXPECT_THROW_WITH(CoreRangeSet(std::vector{CoreRange({0, 0}, {0, 0}), CoreRange({0, std::size_t{1} << 30},
                                                                                      {std::size_t{1} << 30, std::size_t{1} << 30})})
                          .merge_ranges(),
                      "more than any device has");
}

TEST_F(ProgramTest, RuntimeArgLimitsAreEnforced) {
    Program p = CreateProgram();
    KernelHandle k = AddKernel(p, kArgsToDram);
    std::vector<std::uint32_t> too_many(257, 1);
    EXPECT_THROW_WITH(SetRuntimeArgs(p, k, CoreCoord{0, 0}, too_many), "Max allowable is 256");
    SetRuntimeArgs(p, k, CoreCoord{0, 0}, {1, 2, 3});
    EXPECT_THROW_WITH(SetRuntimeArgs(p, k, CoreCoord{0, 0}, {1, 2}), "cannot be modified from 3 to 2");
    std::vector<std::uint32_t> common(254, 0);
    EXPECT_THROW_WITH(SetCommonRuntimeArgs(p, k, common), "Max allowable is 256");
    SetCommonRuntimeArgs(p, k, {9});
    EXPECT_THROW_WITH(SetCommonRuntimeArgs(p, k, {9}), "common runtime args once");
    EXPECT_THROW_WITH(SetRuntimeArgs(p, k, CoreCoord{1, 1}, {1}), "not placed on core");
    EXPECT_THROW_WITH(SetRuntimeArgs(p, 7, CoreCoord{0, 0}, {1}), "no kernel with handle 7");
}

TEST_F(ProgramTest, CircularBuffersStreamMorePagesThanTheyHoldAndWrap) {
    // A producer pushes 37 numbered pages through a 3-page CB; the consumer checks order and wrap-around.
    constexpr const char* kProducer = R"(
#include "dataflow_api.h"
void kernel_main() {
    for (uint32_t i = 0; i < 37; i++) {
        cb_reserve_back(1, 1);
        *reinterpret_cast<volatile uint32_t*>(get_write_ptr(1)) = i * 10;
        cb_push_back(1, 1);
    }
})";
    constexpr const char* kConsumer = R"(
#include "dataflow_api.h"
void kernel_main() {
    const uint32_t dst = get_arg_val<uint32_t>(0);
    volatile uint32_t* log = reinterpret_cast<volatile uint32_t*>(get_write_ptr(0));
    uint32_t first_ptr = get_read_ptr(1);
    for (uint32_t i = 0; i < 37; i++) {
        cb_wait_front(1, 1);
        log[i] = *reinterpret_cast<volatile uint32_t*>(get_read_ptr(1));
        cb_pop_front(1, 1);
    }
    log[37] = get_read_ptr(1) - first_ptr;  // 37 pages of 64 B into a 192 B ring: 37 % 3 = 1 page along
    noc_async_write(get_write_ptr(0), get_noc_addr_from_bank_id<true>(0, dst), 38 * 4);
})";
    auto out = Dram(38 * 4, 38 * 4);
    Program p = CreateProgram();
    AddScratchCb(p);
    CreateCircularBuffer(p, CoreCoord{0, 0},
                         CircularBufferConfig(3 * 64, {{1, tt::DataFormat::UInt32}}).set_page_size(1, 64));
    AddKernel(p, kProducer, {0, 0}, DataMovementProcessor::RISCV_1);
    KernelHandle consumer = AddKernel(p, kConsumer);
    SetRuntimeArgs(p, consumer, CoreCoord{0, 0}, {out->address()});
    EnqueueProgram(*cq_, p, true);
    auto log = Read(out);
    for (std::uint32_t i = 0; i < 37; i++) EXPECT_EQ(log[i], i * 10) << "page " << i;
    EXPECT_EQ(log[37], 64u);
}

TEST_F(ProgramTest, CircularBuffersArePlacedAsTtMetalPlacesThem) {
    auto out = Dram(64, 64);
    Program p = CreateProgram();
    for (std::uint8_t i : {0, 1, 16})
        CreateCircularBuffer(p, CoreCoord{0, 0}, CircularBufferConfig(4096, {{i, tt::DataFormat::Float16_b}})
                                                     .set_page_size(i, 2048));
    KernelHandle k = AddKernel(p, R"(
#include "dataflow_api.h"
void kernel_main() {
    volatile uint32_t* w = reinterpret_cast<volatile uint32_t*>(get_write_ptr(0));
    w[0] = get_write_ptr(0); w[1] = get_write_ptr(1); w[2] = get_write_ptr(16); w[3] = get_tile_size(0);
    noc_async_write(get_write_ptr(0), get_noc_addr_from_bank_id<true>(0, get_arg_val<uint32_t>(0)), 16);
})");
    SetRuntimeArgs(p, k, CoreCoord{0, 0}, {out->address()});
    EnqueueProgram(*cq_, p, true);
    auto got = Read(out);
    EXPECT_EQ(got[0], 102112u);  // the eltwise_binary placement from the v0.56.0 device model
    EXPECT_EQ(got[1], 106208u);
    EXPECT_EQ(got[2], 110304u);
    EXPECT_EQ(got[3], 2048u);
}

TEST_F(ProgramTest, CircularBuffersThatReachAnL1BufferAreRejected) {
    auto big = L1(64 * 1300 * 1024, 1300 * 1024);  // one 1.3 MB page per L1 bank, placed top-down
    Program p = CreateProgram();
    AddScratchCb(p, {0, 0}, 200 * 1024);
    AddKernel(p, kArgsToDram);
    EXPECT_THROW_WITH(EnqueueProgram(*cq_, p, false), "beyond max L1 size");
}

TEST_F(ProgramTest, SemaphoresSynchroniseKernelsOnDifferentCores) {
    // Core (1,0) waits on its semaphore until core (0,0) increments it remotely, then records the value.
    constexpr const char* kSignal = R"(
#include "dataflow_api.h"
void kernel_main() {
    const uint32_t x = get_arg_val<uint32_t>(0), y = get_arg_val<uint32_t>(1);
    noc_semaphore_inc(get_noc_addr(x, y, get_semaphore(0)), 5);
})";
    constexpr const char* kWait = R"(
#include "dataflow_api.h"
void kernel_main() {
    volatile uint32_t* sem = reinterpret_cast<volatile uint32_t*>(get_semaphore(0));
    noc_semaphore_wait(sem, 7);
    volatile uint32_t* w = reinterpret_cast<volatile uint32_t*>(get_write_ptr(0));
    w[0] = *sem;
    noc_async_write(get_write_ptr(0), get_noc_addr_from_bank_id<true>(0, get_arg_val<uint32_t>(0)), 4);
})";
    auto out = Dram(64, 64);
    Program p = CreateProgram();
    EXPECT_EQ(CreateSemaphore(p, CoreRange({0, 0}, {1, 0}), 2), 0u);
    EXPECT_EQ(CreateSemaphore(p, CoreRange({1, 0}, {1, 0}), 0), 1u);
    AddScratchCb(p, {1, 0});
    KernelHandle wait = AddKernel(p, kWait, {1, 0});
    KernelHandle signal = AddKernel(p, kSignal, {0, 0});
    const CoreCoord target = device_->worker_core_from_logical_core({1, 0});
    SetRuntimeArgs(p, signal, CoreCoord{0, 0}, {static_cast<std::uint32_t>(target.x), static_cast<std::uint32_t>(target.y)});
    SetRuntimeArgs(p, wait, CoreCoord{1, 0}, {out->address()});
    EnqueueProgram(*cq_, p, true);
    EXPECT_EQ(Read(out)[0], 7u);
}

TEST_F(ProgramTest, KernelPlacementConflictsThrowAtCreation) {
    Program p = CreateProgram();
    AddKernel(p, kArgsToDram, {0, 0}, DataMovementProcessor::RISCV_0);
    EXPECT_THROW_WITH(AddKernel(p, kArgsToDram, {0, 0}, DataMovementProcessor::RISCV_0), "already uses that processor");
    EXPECT_THROW_WITH(CreateKernelFromString(p, kArgsToDram, CoreCoord{0, 0},
                                             DataMovementConfig{.processor = DataMovementProcessor::RISCV_1,
                                                                .noc = NOC::NOC_0}),
                      "already uses NOC 0");
}

TEST_F(ProgramTest, MalformedCoreRangesAreRejected) {
    EXPECT_THROW_WITH(CoreRange({3, 3}, {1, 1}), "Invalid core range");
    Program p = CreateProgram();
    EXPECT_THROW_WITH(CreateKernelFromString(p, kArgsToDram, CoreRangeSet(), DataMovementConfig{}), "core spec");
    EXPECT_THROW_WITH(CreateSemaphore(p, CoreRange({0, 0}, {0, 0}), 0, CoreType::ETH), "WORKER");
    for (int i = 0; i < 16; i++) CreateSemaphore(p, CoreRange({0, 0}, {1, 1}), 0);
    EXPECT_THROW_WITH(CreateSemaphore(p, CoreRange({1, 1}, {2, 2}), 0), "all 16 semaphores");
}

TEST_F(ProgramTest, CoreOutsideTheGridIsRejectedAtEnqueue) {
    Program p = CreateProgram();
    AddKernel(p, kArgsToDram, {8, 2});
    EXPECT_THROW_WITH(EnqueueProgram(*cq_, p, false), "outside the worker grid");
}

TEST_F(ProgramTest, MissingKernelFileIsReportedWithWhereItWasLookedFor) {
    Program p = CreateProgram();
    CreateKernel(p, "no/such/kernel.cpp", CoreCoord{0, 0}, DataMovementConfig{});
    EXPECT_THROW_WITH(EnqueueProgram(*cq_, p, false), "Kernel file no/such/kernel.cpp doesn't exist");
}

TEST_F(ProgramTest, CompileErrorsCarryTheCompilersMessage) {
    Program p = CreateProgram();
    AddKernel(p, "void kernel_main() { this_is_not_declared(); }");
    EXPECT_THROW_WITH(EnqueueProgram(*cq_, p, false), "this_is_not_declared");
    Program good = CreateProgram();
    AddKernel(good, kArgsToDram);
    detail::CompileProgram(device_, good);
    EXPECT_THROW_WITH(AddKernel(good, kArgsToDram, {2, 2}), "already compiled");
}

TEST_F(ProgramTest, OutOfBoundsNocAccessFailsTheLaunchNamingTheCore) {
    Program p = CreateProgram();
    AddScratchCb(p, {3, 4});
    AddKernel(p, R"(
#include "dataflow_api.h"
void kernel_main() { noc_async_read(get_noc_addr_from_bank_id<true>(0, 0xfffff000), get_write_ptr(0), 4096); })",
              {3, 4});
    EnqueueProgram(*cq_, p, false);
    EXPECT_THROW_WITH(Finish(*cq_), "(x=3,y=4)");
    Finish(*cq_);  // the error was reported once; the queue goes on
}

// A kernel's arithmetic trap (an integer division by a runtime arg of 0) and an illegal instruction fail the launch
// with what the kernel did, as its memory faults do; the process and the queue go on.
TEST_F(ProgramTest, KernelDivisionByZeroAndIllegalInstructionFailTheLaunch) {
    Program p = CreateProgram();
    AddScratchCb(p);
    const KernelHandle k = AddKernel(p, R"(
#include "dataflow_api.h"
void kernel_main() {
    const uint32_t divisor = get_arg_val<uint32_t>(0);
    *reinterpret_cast<volatile uint32_t*>(get_write_ptr(0)) = 1000u / divisor;
})");
    SetRuntimeArgs(p, k, CoreCoord{0, 0}, {0u});
    EnqueueProgram(*cq_, p, false);
    EXPECT_THROW_WITH(Finish(*cq_), "divided an integer by zero");
    SetRuntimeArgs(p, k, CoreCoord{0, 0}, {10u});
    EnqueueProgram(*cq_, p, false);
    Finish(*cq_);  // the same kernel with a divisor runs

    Program q = CreateProgram();
    AddKernel(q, R"(
#include "dataflow_api.h"
void kernel_main() { __builtin_trap(); })");
    EnqueueProgram(*cq_, q, false);
    EXPECT_THROW_WITH(Finish(*cq_), "executed an illegal instruction");
    Finish(*cq_);
}

TEST_F(ProgramTest, RawPointerOutsideL1FailsTheLaunchInsteadOfCrashing) {
    Program p = CreateProgram();
    AddKernel(p, R"(
#include "dataflow_api.h"
void kernel_main() { *reinterpret_cast<volatile uint32_t*>(uintptr_t(0x200000)) = 1; })");
    EnqueueProgram(*cq_, p, false);
    EXPECT_THROW_WITH(Finish(*cq_), "out-of-bounds memory access");
}

// Kernel stacks are kept from launch to launch (launch.cc): the guard page below each still stops a kernel that
// runs off its stack, and a stack that overflowed serves the next launches as well as a fresh one.
TEST_F(ProgramTest, KernelStackOverflowFailsItsLaunchAndTheStacksServeTheNextLaunches) {
    auto out = Dram(64, 64);
    for (int round = 0; round < 3; round++) {
        Program deep = CreateProgram();
        AddScratchCb(deep);
        KernelHandle d = AddKernel(deep, R"(
#include "dataflow_api.h"
// Never reaches `stop` (~0u): each frame, 2 KiB, is alive until the call below it returns, so it recurses until
// the stack ends.
uint32_t Down(uint32_t n, uint32_t stop, volatile uint32_t* above) {
    volatile uint32_t frame[512];
    frame[n & 511] = above ? above[0] + 1 : 0;
    if (n == stop) return frame[0];
    return Down(n + 1, stop, frame) ^ frame[(n * 7) & 511];
}
void kernel_main() {
    *reinterpret_cast<volatile uint32_t*>(get_write_ptr(0)) = Down(0, get_arg_val<uint32_t>(0), nullptr);
})");
        SetRuntimeArgs(deep, d, CoreCoord{0, 0}, {~0u});
        EnqueueProgram(*cq_, deep, false);
        EXPECT_THROW_WITH(Finish(*cq_), "out-of-bounds memory access");

        Program p = CreateProgram();
        AddScratchCb(p);
        KernelHandle k = AddKernel(p, kArgsToDram);
        SetRuntimeArgs(p, k, CoreCoord{0, 0}, {out->address(), 2, static_cast<std::uint32_t>(100 + round)});
        SetCommonRuntimeArgs(p, k, {static_cast<std::uint32_t>(7 * round)});
        EnqueueProgram(*cq_, p, true);
        const auto words = Read(out);
        EXPECT_EQ(std::vector<std::uint32_t>(words.begin(), words.begin() + 3),
                  (std::vector<std::uint32_t>{out->address(), 2, static_cast<std::uint32_t>(7 * round)}));
    }
}

TEST_F(ProgramTest, DeadlockIsReportedWithWhatEachKernelWaitsFor) {
    Program p = CreateProgram();
    CreateCircularBuffer(p, CoreCoord{0, 0}, CircularBufferConfig(128, {{5, tt::DataFormat::UInt32}}).set_page_size(5, 64));
    AddKernel(p, R"(
#include "dataflow_api.h"
void kernel_main() { cb_wait_front(5, 1); })");
    EnqueueProgram(*cq_, p, false);
    EXPECT_THROW_WITH(Finish(*cq_), "cb_wait_front(cb 5, 1 pages)");
}

// Writes get_semaphore(0), get_semaphore(1) and the CB 0 write pointer to DRAM (arg 0).
constexpr const char* kAddressesToDram = R"(
#include "dataflow_api.h"
void kernel_main() {
    volatile uint32_t* out = reinterpret_cast<volatile uint32_t*>(get_write_ptr(0));
    out[0] = get_semaphore(0);
    out[1] = get_semaphore(1);
    out[2] = get_write_ptr(0);
    out[3] = *reinterpret_cast<volatile uint32_t*>(get_semaphore(1));
    noc_async_write(get_write_ptr(0), get_noc_addr_from_bank_id<true>(0, get_arg_val<uint32_t>(0)), 16);
    noc_async_write_barrier();
}
)";

TEST_F(ProgramTest, ProgramHandsOutItsCircularBuffersAndSemaphoresAtTheAddressesKernelsSee) {
    auto out = Dram(64, 64);
    Program p = CreateProgram();
    const CoreCoord core{1, 2};
    const CBHandle cb = CreateCircularBuffer(
        p, CoreRange({1, 2}, {2, 2}),
        CircularBufferConfig(4096, {{0, tt::DataFormat::UInt32}, {3, tt::DataFormat::UInt32}}).set_page_size(0, 1024)
            .set_page_size(3, 2048));
    EXPECT_EQ(CreateSemaphore(p, CoreRange(core, core), 5), 0u);
    EXPECT_EQ(CreateSemaphore(p, CoreRange(core, core), 9), 1u);
    KernelHandle k = AddKernel(p, kAddressesToDram, core);
    SetRuntimeArgs(p, k, core, {out->address()});

    ASSERT_EQ(p.circular_buffers().size(), 1u);
    const auto& buffer = p.circular_buffers()[0];
    EXPECT_EQ(buffer->id(), cb);
    EXPECT_EQ(detail::GetCircularBuffer(p, cb), buffer);
    EXPECT_THROW_WITH(detail::GetCircularBuffer(p, cb + 1), "No circular buffer with id");
    EXPECT_EQ(buffer->num_pages(0), 4u);
    EXPECT_EQ(buffer->page_size(3), 2048u);
    EXPECT_EQ(buffer->data_format(3), tt::DataFormat::UInt32);
    EXPECT_THROW_WITH(buffer->page_size(1), "not configured on that index");
    EXPECT_THROW_WITH(buffer->address(), "has not been allocated");
    EXPECT_TRUE(buffer->is_on_logical_core({2, 2}));
    EXPECT_FALSE(buffer->is_on_logical_core({3, 2}));
    EXPECT_EQ(p.circular_buffers_on_core({2, 2}).size(), 1u);
    EXPECT_TRUE(p.circular_buffers_on_core({0, 0}).empty());
    EXPECT_EQ(p.circular_buffers_unique_coreranges(), std::vector<CoreRange>{CoreRange({1, 2}, {2, 2})});

    ASSERT_EQ(p.semaphores().size(), 2u);
    EXPECT_EQ(p.semaphores()[1].initial_value(), 9u);
    EXPECT_EQ(p.semaphores_on_core(core, CoreType::WORKER).size(), 2u);
    EXPECT_TRUE(p.semaphores_on_core({2, 2}, CoreType::WORKER).empty());
    EXPECT_EQ(p.get_sem_size(device_, core, CoreType::WORKER), 2 * p.semaphores()[1].offset());
    EXPECT_EQ(p.logical_cores().at(0), std::vector<CoreCoord>{core});

    EnqueueProgram(*cq_, p, true);
    const auto got = Read(out);
    const std::uint32_t sem_base = p.get_sem_base_addr(device_, core, CoreType::WORKER);
    EXPECT_EQ(got[0], sem_base + p.semaphores()[0].offset());
    EXPECT_EQ(got[1], sem_base + p.semaphores()[1].offset());
    EXPECT_EQ(got[1] - got[0], 16u);  // one L1-aligned word per id
    EXPECT_EQ(got[2], buffer->address());
    EXPECT_EQ(got[3], 9u);
    EXPECT_EQ(p.get_cb_memory_size(), 4096u);
}

// These tests run in fast dispatch (the slow path runs end to end in tests/v0.56.0/slow_dispatch): the detail::
// buffer calls serve in both modes, the slow-only launch calls are refused as tt-metal refuses them.
TEST_F(ProgramTest, FastDispatchRefusesSlowLaunchesButServesDetailBufferCalls) {
    auto out = Dram(64, 64);
    Program p = CreateProgram();
    AddScratchCb(p);
    KernelHandle k = AddKernel(p, kArgsToDram);
    SetRuntimeArgs(p, k, CoreCoord{0, 0}, {out->address(), 2, 0});
    EXPECT_THROW_WITH(detail::LaunchProgram(device_, p), "Mixing fast and slow dispatch is prohibited!");
    EXPECT_THROW_WITH(detail::ConfigureDeviceWithProgram(device_, p), "Mixing fast and slow dispatch");
    EXPECT_THROW_WITH(detail::WriteRuntimeArgsToDevice(device_, p), "Mixing fast and slow dispatch");
    EXPECT_TRUE(detail::ConfigureDeviceWithProgram(device_, p, /*fd_bootloader_mode=*/true));
    detail::WriteRuntimeArgsToDevice(device_, p, /*fd_bootloader_mode=*/true);
    detail::WriteToBuffer(out, std::vector<std::uint32_t>(16, 4));
    std::vector<std::uint32_t> got;
    detail::ReadFromBuffer(out, got);
    EXPECT_EQ(got, std::vector<std::uint32_t>(16, 4));
}

}  // namespace
}  // namespace ttemu::testing
