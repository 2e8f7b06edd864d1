#include "player/device_limits.h"

#include <gtest/gtest.h>

#include "schema/log_error_testing.h"

namespace ltcap {
namespace {

using testing::LogErrorMessage;

TEST(DeviceLimits, SizesUpToTheLimitPass) {
    EXPECT_EQ(LogErrorMessage([] { CheckDeviceBytes(0, "a buffer of"); }), "no LogError");
    EXPECT_EQ(LogErrorMessage([] { CheckDeviceBytes(kDeviceMemoryLimit - 1, "a buffer of"); }), "no LogError");
}

TEST(DeviceLimits, SizesFromTheLimitOnAreImpossible) {
    EXPECT_EQ(LogErrorMessage([] { CheckDeviceBytes(kDeviceMemoryLimit, "a buffer of"); }),
              "a buffer of 68719476736 bytes: no device has 64 GiB of memory");
    EXPECT_THROW(CheckDeviceBytes(~0ull, "a size of"), ImpossibleValue);
    // Wrong unless the call threw: the checker defers it to the call's return.
    EXPECT_THROW(CheckDeviceBytes(~0ull, "a size of"), WrongUnlessThrew);
}

TEST(DeviceLimits, BuffersAreWholePages) {
    EXPECT_EQ(LogErrorMessage([] { CheckBufferPages(0, 0); }), "no LogError");
    EXPECT_EQ(LogErrorMessage([] { CheckBufferPages(4096, 2048); }), "no LogError");
    EXPECT_EQ(LogErrorMessage([] { CheckBufferPages(4096, 0); }), "a buffer of 4096 bytes in pages of 0 bytes");
    EXPECT_EQ(LogErrorMessage([] { CheckBufferPages(4097, 2048); }),
              "a buffer of 4097 bytes is not whole pages of 2048 bytes");
    // A page larger than its buffer is not whole pages either.
    EXPECT_THROW(CheckBufferPages(2048, 1ull << 40), ImpossibleValue);
}

TEST(DeviceLimits, L1AddressesAndDramChannels) {
    EXPECT_EQ(LogErrorMessage([] { CheckL1Address(0); }), "no LogError");
    EXPECT_EQ(LogErrorMessage([] { CheckL1Address(kL1Limit - 1); }), "no LogError");
    EXPECT_EQ(LogErrorMessage([] { CheckL1Address(kL1Limit); }), "an L1 address of 4194304: no core has 4 MiB of L1");
    EXPECT_EQ(LogErrorMessage([] { CheckDramChannel(0); }), "no LogError");
    EXPECT_EQ(LogErrorMessage([] { CheckDramChannel(kDramChannelLimit - 1); }), "no LogError");
    EXPECT_EQ(LogErrorMessage([] { CheckDramChannel(kDramChannelLimit); }),
              "DRAM channel 16: no device has 16 DRAM channels");
    // A negative channel, as the log's int reads unsigned.
    EXPECT_EQ(LogErrorMessage([] { CheckDramChannel(static_cast<std::uint64_t>(-3ll)); }),
              "DRAM channel -3: no device has 16 DRAM channels");
    EXPECT_THROW(CheckL1Address(~0ull), WrongUnlessThrew);
}

TEST(DeviceLimits, DeviceConfigurations) {
    for (std::uint64_t queues : {1, 2}) EXPECT_EQ(LogErrorMessage([&] { CheckHwQueueCount(queues); }), "no LogError");
    EXPECT_EQ(LogErrorMessage([] { CheckHwQueueCount(0); }),
              "0 hardware command queues: tt-metal opens a device with 1 to 2");
    EXPECT_EQ(LogErrorMessage([] { CheckHwQueueCount(3); }),
              "3 hardware command queues: tt-metal opens a device with 1 to 2");
    EXPECT_EQ(LogErrorMessage([] { CheckReservedL1(kL1Limit - 1); }), "no LogError");
    EXPECT_EQ(LogErrorMessage([] { CheckReservedL1(kL1Limit); }),
              "an L1 reservation of 4194304 bytes: no core has 4 MiB of L1");
    EXPECT_EQ(LogErrorMessage([] { CheckTraceRegion(kDeviceMemoryLimit - 1); }), "no LogError");
    EXPECT_THROW(CheckTraceRegion(kDeviceMemoryLimit), WrongUnlessThrew);
}

TEST(DeviceLimits, MeshBufferConfigs) {
    const auto check = [](bool sharded, std::uint64_t size, std::uint64_t gh, std::uint64_t gw, std::uint64_t sh,
                          std::uint64_t sw, std::uint64_t orientation, bool allocates = true) {
        return LogErrorMessage([&] { CheckMeshBufferConfig(sharded, size, gh, gw, sh, sw, orientation, allocates); });
    };
    EXPECT_EQ(check(false, 4096, 0, 0, 0, 0, 0), "no LogError");
    EXPECT_EQ(check(true, 16384, 64, 64, 32, 32, 0), "no LogError");
    EXPECT_EQ(check(true, 16384, 64, 64, 0, 64, 1), "no LogError");  // replicated along the mesh's rows
    // larger than a device, as a whole mesh's may be
    EXPECT_EQ(check(true, kDeviceMemoryLimit * 2, 1024, 1024, 512, 512, 0), "no LogError");
    EXPECT_EQ(check(false, kDeviceMemoryLimit, 0, 0, 0, 0, 0),
              "a replicated mesh buffer of 68719476736 bytes: no device has 64 GiB of memory");
    EXPECT_EQ(check(false, kDeviceMemoryLimit, 0, 0, 0, 0, 0, false), "no LogError");  // at an address: no allocation
    EXPECT_EQ(check(true, kMeshMemoryLimit, 64, 64, 32, 32, 0),
              "a sharded mesh buffer of 4398046511104 bytes: no mesh has 4096 GiB of memory");
    EXPECT_EQ(check(true, 16384, 0, 64, 32, 32, 0), "a sharded mesh buffer of global shape 0x64");
    EXPECT_EQ(check(true, 16384, 1ull << 32, 1ull << 32, 32, 32, 0),
              "a sharded mesh buffer of global shape 4294967296x4294967296 has more datums than its 16384 bytes");
    EXPECT_EQ(check(true, 16384, 256, 128, 32, 32, 0),
              "a sharded mesh buffer of global shape 256x128 has more datums than its 16384 bytes");
    EXPECT_EQ(check(true, 16384, 64, 64, 65, 32, 0),
              "a sharded mesh buffer's shards of 65x32 are larger than its global shape 64x64");
    EXPECT_EQ(check(true, 16384, 64, 64, 32, 32, 2), "a shard orientation of 2");
}

}  // namespace
}  // namespace ltcap
