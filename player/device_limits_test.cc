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

}  // namespace
}  // namespace ltcap
