// A mesh that cannot open all its devices: MeshDevice::create throws, the devices it had opened are closed once
// (the half-made mesh, destroyed with the exception, does not close them again) and a later mesh opens them anew.
// Run plain and, as an extended test, under AddressSanitizer, which sees a second close as a use after free.
#include <gtest/gtest.h>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include <tt-metalium/distributed.hpp>
#include <tt-metalium/mesh_buffer.hpp>
#include <tt-metalium/mesh_device.hpp>

namespace {

using tt::tt_metal::distributed::MeshDevice;
using tt::tt_metal::distributed::MeshDeviceConfig;
using tt::tt_metal::distributed::MeshShape;

std::string CreateError(const std::vector<int>& ids) {
    try {
        MeshDevice::create(MeshDeviceConfig(MeshShape(1, static_cast<std::uint32_t>(ids.size())), std::nullopt, ids));
    } catch (const std::exception& e) {
        return e.what();
    }
    return "";
}

// The mesh of device 0 alone opens, holds a buffer's data, and closes.
void OpenAndUseDeviceZero() {
    auto mesh = MeshDevice::create(MeshDeviceConfig(MeshShape(1, 1), std::nullopt, {0}));
    ASSERT_TRUE(mesh->is_initialized());
    namespace dist = tt::tt_metal::distributed;
    const dist::DeviceLocalBufferConfig local{.page_size = 2048, .buffer_type = tt::tt_metal::BufferType::DRAM};
    auto buffer = dist::MeshBuffer::create(dist::ReplicatedBufferConfig{.size = 2048}, local, mesh.get());
    std::vector<std::uint32_t> in(512), out;
    for (std::size_t i = 0; i < in.size(); i++) in[i] = static_cast<std::uint32_t>(i * 7 + 1);
    dist::WriteShard(mesh->mesh_command_queue(), buffer, in, dist::MeshCoordinate(0, 0), true);
    dist::ReadShard(mesh->mesh_command_queue(), out, buffer, dist::MeshCoordinate(0, 0), true);
    EXPECT_EQ(out, in);
    EXPECT_TRUE(mesh->close());
    EXPECT_FALSE(mesh->is_initialized());
}

TEST(MeshOpenTest, ARepeatedDeviceFailsAndLeavesItsDevicesClosed) {
    const std::string error = CreateError({0, 1, 0});
    EXPECT_NE(error.find("Device 0 is already open"), std::string::npos) << error;
    OpenAndUseDeviceZero();
    // Device 1, opened before the failure, is free too.
    auto mesh = MeshDevice::create(MeshDeviceConfig(MeshShape(1, 2), std::nullopt, {1, 0}));
    EXPECT_EQ(mesh->num_devices(), 2u);
    EXPECT_TRUE(mesh->close());
}

TEST(MeshOpenTest, AnAbsentDeviceFailsAndLeavesItsDevicesClosed) {
    const std::string error = CreateError({0, 4096});
    EXPECT_NE(error.find("4096"), std::string::npos) << error;
    OpenAndUseDeviceZero();
}

}  // namespace
