// Shared set-up for the emulator's tests: a private kernel cache per test run, a device fixture, and
// small helpers to build single-kernel programs from source text.
#pragma once

#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

#include <tt-metalium/host_api.hpp>

namespace ttemu::testing {

// Runs before any emulator setting is read (static initialisation of the test binary).
inline const bool kPrivateCache = [] {
    const char* tmp = std::getenv("TEST_TMPDIR");
    setenv("TT_METAL_EMU_CACHE_DIR", (std::string(tmp ? tmp : "/tmp") + "/kernel-cache").c_str(), 0);
    return true;
}();

class DeviceTest : public ::testing::Test {
protected:
    void SetUp() override {
        device_ = tt::tt_metal::CreateDevice(0);
        cq_ = &device_->command_queue();
    }
    void TearDown() override { tt::tt_metal::CloseDevice(device_); }

    std::shared_ptr<tt::tt_metal::Buffer> Dram(std::uint64_t size, std::uint64_t page) {
        return tt::tt_metal::CreateBuffer(
            tt::tt_metal::InterleavedBufferConfig{device_, size, page, tt::tt_metal::BufferType::DRAM});
    }
    std::shared_ptr<tt::tt_metal::Buffer> L1(std::uint64_t size, std::uint64_t page) {
        return tt::tt_metal::CreateBuffer(
            tt::tt_metal::InterleavedBufferConfig{device_, size, page, tt::tt_metal::BufferType::L1});
    }

    tt::tt_metal::IDevice* device_ = nullptr;
    tt::tt_metal::CommandQueue* cq_ = nullptr;
};

// Expects `stmt` to throw std::runtime_error whose message contains `needle`.
#define EXPECT_THROW_WITH(stmt, needle)                                                              \
    do {                                                                                             \
        try {                                                                                        \
            stmt;                                                                                    \
            ADD_FAILURE() << "expected an exception containing \"" << (needle) << "\"";              \
        } catch (const std::runtime_error& e) {                                                      \
            EXPECT_NE(std::string(e.what()).find(needle), std::string::npos) << "message: " << e.what(); \
        }                                                                                            \
    } while (0)

}  // namespace ttemu::testing
