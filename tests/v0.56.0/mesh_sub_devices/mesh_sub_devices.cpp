// Sub-devices on a mesh, and kernels named by their place in tt-metal's tree. A 2x4 mesh with two queues loads a
// sub-device manager of two one-core sub-devices; one workload adds A and B on the first sub-device's core of every
// device, another runs on the second's core — difference on the top row, product on the bottom row; both workloads
// are moved into a vector after getting their programs (a moved workload is the same one to the capture). The data
// movement kernels are named by their path in tt-metal's tree (tests/tt_metal/...), which a real installation has
// under TT_METAL_HOME and the emulator serves from its own stand-ins. Inputs go in on queue 1, the workloads run on
// queue 0, ordered by mesh events; every device's results are read back and checked. Exits 0 when all are right.
#include <cmath>
#include <cstdio>
#include <functional>
#include <vector>

#include <tt-metalium/bfloat16.hpp>
#include <tt-metalium/distributed.hpp>
#include <tt-metalium/host_api.hpp>

using namespace tt::tt_metal;
using namespace tt::tt_metal::distributed;

namespace {

constexpr uint32_t kTiles = 3, kTileBytes = 2048, kBytes = kTiles * kTileBytes;

// The reader/writer pair of tt-metal's test kernels and our own compute kernel on `cores`: out = a (op) b.
Program BinaryOn(const CoreRangeSet& cores, const MeshBuffer& a, const MeshBuffer& b, const MeshBuffer& out,
                 const char* op, const char* op_type) {
    Program program = CreateProgram();
    for (uint8_t cb : {tt::CBIndex::c_0, tt::CBIndex::c_1, tt::CBIndex::c_16})
        CreateCircularBuffer(program, cores,
                             CircularBufferConfig(2 * kTileBytes, {{cb, tt::DataFormat::Float16_b}})
                                 .set_page_size(cb, kTileBytes));
    const KernelHandle reader =
        CreateKernel(program, "tests/tt_metal/tt_metal/test_kernels/dataflow/reader_dual_8bank.cpp", cores,
                     DataMovementConfig{.processor = DataMovementProcessor::RISCV_1, .noc = NOC::RISCV_1_default});
    const KernelHandle writer =
        CreateKernel(program, "tests/tt_metal/tt_metal/test_kernels/dataflow/writer_unary_8bank.cpp", cores,
                     DataMovementConfig{.processor = DataMovementProcessor::RISCV_0, .noc = NOC::RISCV_0_default});
    const KernelHandle compute =
        CreateKernel(program, "tests/v0.56.0/shared_kernels/compute_binary_tiles.cpp", cores,
                     ComputeConfig{.math_fidelity = MathFidelity::HiFi4,
                                   .defines = {{"ELTWISE_OP", op}, {"ELTWISE_OP_TYPE", op_type}}});
    const auto address = [](const MeshBuffer& m) { return static_cast<uint32_t>(m.address()); };
    SetRuntimeArgs(program, reader, cores, {address(a), 0, kTiles, address(b), 0, kTiles, 0});
    SetRuntimeArgs(program, writer, cores, {address(out), 0, kTiles});
    SetRuntimeArgs(program, compute, cores, {kTiles});
    return program;
}

bool Close(const std::vector<bfloat16>& got, const std::vector<bfloat16>& a, const std::vector<bfloat16>& b,
           const std::function<float(float, float)>& op) {
    if (got.size() != a.size()) return false;
    for (size_t i = 0; i < a.size(); i++) {
        const float want = op(a[i].to_float(), b[i].to_float());
        if (std::fabs(got[i].to_float() - want) > std::fabs(want) * 0.01f + 0.05f) return false;
    }
    return true;
}

}  // namespace

int main() {
    auto mesh = MeshDevice::create(MeshDeviceConfig{.mesh_shape = MeshShape(2, 4)}, DEFAULT_L1_SMALL_SIZE,
                                   DEFAULT_TRACE_REGION_SIZE, /*num_command_queues=*/2);
    MeshCommandQueue& compute = mesh->mesh_command_queue(0);
    MeshCommandQueue& io = mesh->mesh_command_queue(1);

    const SubDevice first(std::array{CoreRangeSet(CoreRange({2, 3}, {2, 3}))});
    const SubDevice second(std::array{CoreRangeSet(CoreRange({5, 1}, {5, 1}))});
    const SubDeviceManagerId manager = mesh->create_sub_device_manager({first, second}, 3200);
    mesh->load_sub_device_manager(manager);
    int wrong = mesh->num_sub_devices() == 2 ? 0 : 1;
    const CoreRangeSet first_cores = mesh->worker_cores(HalProgrammableCoreType::TENSIX, SubDeviceId{0});
    const CoreRangeSet second_cores = mesh->worker_cores(HalProgrammableCoreType::TENSIX, SubDeviceId{1});

    const DeviceLocalBufferConfig local{.page_size = kTileBytes, .buffer_type = BufferType::DRAM,
                                        .buffer_layout = TensorMemoryLayout::INTERLEAVED, .bottom_up = true};
    const ReplicatedBufferConfig whole{.size = kBytes};
    auto a = MeshBuffer::create(whole, local, mesh.get());
    auto b = MeshBuffer::create(whole, local, mesh.get());
    auto sum = MeshBuffer::create(whole, local, mesh.get());
    auto other = MeshBuffer::create(whole, local, mesh.get());

    MeshWorkload add = CreateMeshWorkload();
    AddProgramToMeshWorkload(add, BinaryOn(first_cores, *a, *b, *sum, "add_tiles", "ELWADD"),
                             MeshCoordinateRange(mesh->shape()));
    // The product's program is made before the difference's but added after it; then both workloads move into a
    // container, as a framework's cache keeps them.
    Program mul = BinaryOn(second_cores, *a, *b, *other, "mul_tiles", "ELWMUL");
    MeshWorkload sub_mul = CreateMeshWorkload();
    AddProgramToMeshWorkload(sub_mul, BinaryOn(second_cores, *a, *b, *other, "sub_tiles", "ELWSUB"),
                             MeshCoordinateRange(MeshCoordinate(0, 0), MeshCoordinate(0, 3)));
    AddProgramToMeshWorkload(sub_mul, std::move(mul), MeshCoordinateRange(MeshCoordinate(1, 0), MeshCoordinate(1, 3)));
    std::vector<MeshWorkload> workloads;
    workloads.push_back(std::move(add));
    workloads.push_back(std::move(sub_mul));

    std::vector<bfloat16> va = create_random_vector_of_bfloat16_native(kBytes, 4.0f, 11);
    std::vector<bfloat16> vb = create_random_vector_of_bfloat16_native(kBytes, 2.0f, 12);
    EnqueueWriteMeshBuffer(io, a, va, false);
    EnqueueWriteMeshBuffer(io, b, vb, false);
    const MeshEvent written = EnqueueRecordEvent(io);
    EnqueueWaitForEvent(compute, written);
    for (MeshWorkload& workload : workloads) EnqueueMeshWorkload(compute, workload, false);
    const MeshEvent computed = EnqueueRecordEvent(compute);
    EnqueueWaitForEvent(io, computed);
    std::vector<std::vector<bfloat16>> sums(8), others(8);
    for (uint32_t d = 0; d < 8; d++) {
        ReadShard(io, sums[d], sum, MeshCoordinate(d / 4, d % 4), false);
        ReadShard(io, others[d], other, MeshCoordinate(d / 4, d % 4), false);
    }
    Finish(io);
    for (uint32_t d = 0; d < 8; d++) {
        const bool top = d < 4;
        const bool ok = Close(sums[d], va, vb, std::plus<float>()) &&
                        (top ? Close(others[d], va, vb, std::minus<float>())
                             : Close(others[d], va, vb, std::multiplies<float>()));
        if (!ok) std::printf("device %u: wrong result\n", d);
        wrong += !ok;
    }

    mesh->clear_loaded_sub_device_manager();
    mesh->remove_sub_device_manager(manager);
    wrong += mesh->num_sub_devices() == 1 ? 0 : 1;
    std::printf("mesh_sub_devices: two sub-devices on a 2x4 mesh, %d wrong: %s\n", wrong, wrong == 0 ? "PASS" : "FAIL");
    return wrong == 0 ? 0 : 1;
}
