// Single-device calls on the devices a mesh hands out, as tt-metal v0.67.0's own tests make them (their fixtures open
// unit meshes and take mesh->get_devices()[0]): buffers made by CreateBuffer on such a device, data through
// detail::WriteToBuffer / detail::ReadFromBuffer, a program launched by detail::LaunchProgram on it — on a unit mesh's
// device and on the device at (1, 2) of a 2x4 mesh (get_device(coord)); and a buffer CreateBuffer makes on a unit mesh
// itself (a MeshDevice is an IDevice: tt-metal's mesh allocator test makes one so). Exits 0 when every read holds the
// input plus the launch's offset, and the mesh's own buffer what was written to it.
#include <cstdio>
#include <vector>

#include <tt-metalium/distributed.hpp>
#include <tt-metalium/host_api.hpp>
#include <tt-metalium/mesh_device.hpp>
#include <tt-metalium/tensor_accessor_args.hpp>
#include <tt-metalium/tt_metal.hpp>

using namespace tt::tt_metal;
using tt::tt_metal::distributed::MeshCoordinate;
using tt::tt_metal::distributed::MeshDevice;
using tt::tt_metal::distributed::MeshDeviceConfig;
using tt::tt_metal::distributed::MeshShape;

namespace {
constexpr uint32_t kPageBytes = 2048, kPages = 5;

// One round on `device`: input written, a kernel adding `offset` launched, the output read and checked.
bool Round(IDevice* device, uint32_t offset, const char* what) {
    const uint32_t bytes = kPageBytes * kPages;
    auto src = CreateBuffer(InterleavedBufferConfig{device, bytes, kPageBytes, BufferType::DRAM});
    auto dst = CreateBuffer(InterleavedBufferConfig{device, bytes, kPageBytes, BufferType::L1});
    std::vector<uint32_t> in(bytes / 4);
    for (uint32_t i = 0; i < in.size(); i++) in[i] = i * 40503u + offset;
    detail::WriteToBuffer(src, in);

    const CoreCoord core{1, 1};
    Program program = CreateProgram();
    CreateCircularBuffer(program, core,
                         CircularBufferConfig(kPageBytes, {{0, tt::DataFormat::UInt32}}).set_page_size(0, kPageBytes));
    std::vector<uint32_t> cta;
    TensorAccessorArgs(*src).append_to(cta);
    TensorAccessorArgs(*dst).append_to(cta);
    const KernelHandle k = CreateKernel(program, "tests/v0.67.0/mesh_devices/kernels/add_offset.cpp", core,
                                        ReaderDataMovementConfig(cta));
    SetRuntimeArgs(program, k, core,
                   {static_cast<uint32_t>(src->address()), static_cast<uint32_t>(dst->address()), kPages, offset,
                    kPageBytes});
    detail::LaunchProgram(device, program, /*wait_until_cores_done=*/true, /*force_slow_dispatch=*/true);
    std::vector<uint32_t> out;
    detail::ReadFromBuffer(dst, out);
    bool ok = out.size() == in.size();
    for (size_t i = 0; ok && i < in.size(); i++) ok = out[i] == in[i] + offset;
    std::printf("mesh_devices: %-48s %s\n", what, ok ? "ok" : "FAILED");
    return ok;
}
}  // namespace

int main() {
    bool pass = true;
    {
        auto mesh = MeshDevice::create_unit_mesh(0);
        pass &= Round(mesh->get_devices()[0], 11, "a unit mesh's get_devices()[0]");
        auto own = CreateBuffer(InterleavedBufferConfig{mesh.get(), 4 * kPageBytes, kPageBytes, BufferType::L1});
        std::vector<uint32_t> in(kPageBytes, 0), out;
        for (uint32_t i = 0; i < in.size(); i++) in[i] = i ^ 0x5a5a5a5au;
        detail::WriteToBuffer(own, in);
        detail::ReadFromBuffer(own, out);
        std::printf("mesh_devices: %-48s %s\n", "a buffer made on the unit mesh itself", out == in ? "ok" : "FAILED");
        pass &= out == in;
        mesh->close();
    }
    {
        auto mesh = MeshDevice::create(MeshDeviceConfig(MeshShape(2, 4)));
        pass &= Round(mesh->get_device(MeshCoordinate(1, 2)), 23, "a 2x4 mesh's get_device((1, 2))");
        pass &= Round(mesh->get_devices()[0], 37, "the same mesh's get_devices()[0]");
        mesh->close();
    }
    std::printf("mesh_devices: %s\n", pass ? "PASS" : "FAIL");
    return pass ? 0 : 1;
}
