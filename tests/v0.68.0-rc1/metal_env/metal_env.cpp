// Meshes made through v0.68.0-rc1's MetalEnv (experimental/context/metal_env.hpp) rather than MeshDevice::create: a
// 1x2 mesh (create_mesh_device) running a copy kernel on both devices, a unit mesh (create_unit_mesh_device) and two
// more (create_unit_meshes), each written and read back; and a global semaphore made again at the address of another
// (experimental::CreateGlobalSemaphore with an address): with an initial value it sets the word, without one it
// leaves it. Exits 0 when every read holds what was written, copied or set.
#include <cstdio>
#include <numeric>
#include <string>
#include <vector>

#include <tt-metalium/distributed.hpp>
#include <tt-metalium/experimental/context/metal_env.hpp>
#include <tt-metalium/global_semaphore.hpp>
#include <tt-metalium/host_api.hpp>
#include <tt-metalium/tensor_accessor_args.hpp>
#include <tt-metalium/tt_metal.hpp>

using namespace tt::tt_metal;
using namespace tt::tt_metal::distributed;

namespace {
constexpr uint32_t kPages = 6, kPageBytes = 1024, kBytes = kPages * kPageBytes;

bool Check(bool ok, const char* what) {
    std::printf("metal_env: %-52s %s\n", what, ok ? "ok" : "MISMATCH");
    return ok;
}

std::shared_ptr<MeshBuffer> DramBuffer(MeshDevice* mesh) {
    return MeshBuffer::create(ReplicatedBufferConfig{kBytes}, DeviceLocalBufferConfig{kPageBytes, BufferType::DRAM},
                              mesh);
}

// Written whole, read back from its one device.
bool RoundTrip(MeshDevice& mesh, uint32_t seed, const char* what) {
    auto buffer = DramBuffer(&mesh);
    std::vector<uint32_t> in(kBytes / 4), out;
    for (uint32_t i = 0; i < in.size(); i++) in[i] = i * 2654435761u + seed;
    EnqueueWriteMeshBuffer(mesh.mesh_command_queue(), buffer, in, false);
    ReadShard(mesh.mesh_command_queue(), out, buffer, MeshCoordinate(0, 0), true);
    return Check(out == in, what);
}
}  // namespace

int main() {
    MetalEnv env;
    bool pass = Check(env.get_num_available_devices() >= 5, "the environment has five devices");
    pass &= Check(!MetalEnvDescriptor(std::string()).is_mock_device() && MetalEnvDescriptor(std::string("x.yaml")).is_mock_device(),
                  "an empty mock cluster path is none");
    if (!pass) return 1;

    // A 1x2 mesh; the copy kernel runs on both devices, each shard is read back.
    auto mesh = env.create_mesh_device(MeshDeviceConfig(MeshShape(1, 2)));
    pass &= Check(mesh && mesh->num_devices() == 2, "create_mesh_device made a 1x2 mesh");
    MeshCommandQueue& cq = mesh->mesh_command_queue();
    auto src = DramBuffer(mesh.get()), dst = DramBuffer(mesh.get());
    std::vector<uint32_t> data(kBytes / 4);
    std::iota(data.begin(), data.end(), 0xa000u);
    EnqueueWriteMeshBuffer(cq, src, data, false);
    Program program = CreateProgram();
    const CoreCoord core{0, 1};
    CreateCircularBuffer(program, core,
                         CircularBufferConfig(2 * kPageBytes, {{0, tt::DataFormat::UInt32}}).set_page_size(0, kPageBytes));
    std::vector<uint32_t> cta;
    TensorAccessorArgs(*src->get_backing_buffer()).append_to(cta);
    TensorAccessorArgs(*dst->get_backing_buffer()).append_to(cta);
    const KernelHandle copy = CreateKernel(program, "tests/v0.67.0/unit_mesh_io/kernels/copy_pages.cpp", core,
                                           DataMovementConfig{.processor = DataMovementProcessor::RISCV_0,
                                                              .noc = NOC::RISCV_0_default,
                                                              .compile_args = cta,
                                                              .named_compile_args = {{"num_pages", kPages}}});
    SetRuntimeArgs(program, copy, core, {static_cast<uint32_t>(src->address()), static_cast<uint32_t>(dst->address())});
    MeshWorkload workload;
    workload.add_program(MeshCoordinateRange(mesh->shape()), std::move(program));
    EnqueueMeshWorkload(cq, workload, false);
    Finish(cq);
    for (const MeshCoordinate& coord : MeshCoordinateRange(mesh->shape())) {
        std::vector<uint32_t> shard;
        ReadShard(cq, shard, dst, coord, true);
        pass &= Check(shard == data, "the copy kernel's output on a device of the mesh");
    }

    // A global semaphore on the mesh, then made again at its address: with 9 the word becomes 9; with no value it
    // stays 9.
    const CoreRangeSet cores(CoreRange({1, 1}, {2, 1}));
    const GlobalSemaphore first = CreateGlobalSemaphore(mesh.get(), cores, 5);
    const GlobalSemaphore again = experimental::CreateGlobalSemaphore(mesh.get(), cores, 9u, BufferType::L1,
                                                                      first.address());
    pass &= Check(again.address() == first.address(), "the semaphore made at an address is there");
    std::vector<uint32_t> word;
    tt::tt_metal::detail::ReadFromDeviceL1(mesh->get_devices()[1], CoreCoord{2, 1}, first.address(), 4, word, tt::CoreType::WORKER);
    pass &= Check(word.size() == 1 && word[0] == 9, "its initial value set the word");
    const GlobalSemaphore kept = experimental::CreateGlobalSemaphore(mesh.get(), cores, std::nullopt, BufferType::L1,
                                                                     first.address());
    tt::tt_metal::detail::ReadFromDeviceL1(mesh->get_devices()[0], CoreCoord{1, 1}, kept.address(), 4, word, tt::CoreType::WORKER);
    pass &= Check(word.size() == 1 && word[0] == 9, "no initial value left the word as it was");

    // Unit meshes from the same environment.
    auto unit = env.create_unit_mesh_device(2);
    pass &= Check(unit && unit->num_devices() == 1, "create_unit_mesh_device made a unit mesh");
    pass &= RoundTrip(*unit, 17, "a unit mesh's buffer");
    auto units = env.create_unit_meshes({4, 3});
    pass &= Check(units.size() == 2 && units.at(3)->get_devices()[0]->id() == 3, "create_unit_meshes made two");
    pass &= RoundTrip(*units.at(3), 33, "the first of the unit meshes");
    pass &= RoundTrip(*units.at(4), 65, "the second of the unit meshes");

    for (auto& [id, m] : units) m->close();
    unit->close();
    mesh->close();
    std::printf("metal_env: %s\n", pass ? "PASS" : "FAIL");
    return pass ? 0 : 1;
}
