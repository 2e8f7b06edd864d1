// Kernels that try to reach the machine running them, through tt-metal v0.67.0's mesh API (hostile_checks.h says
// what must hold). Exits 0 when all of it held.
#include <memory>

#include <tt-metalium/distributed.hpp>
#include <tt-metalium/host_api.hpp>

#include "tests/v0.67.0/hostile_kernels/hostile_checks.h"

using namespace tt::tt_metal;
using namespace tt::tt_metal::distributed;

namespace {

std::shared_ptr<MeshDevice> g_mesh;

void Enqueue(Program program, bool wait) {
    MeshWorkload workload;
    workload.add_program(MeshCoordinateRange(g_mesh->shape()), std::move(program));
    EnqueueMeshWorkload(g_mesh->mesh_command_queue(), workload, false);
    if (wait) Finish(g_mesh->mesh_command_queue());
}

}  // namespace

int main(int argc, char** argv) {
    hostile::Api api;
    api.start_spin = [] {
        g_mesh = MeshDevice::create_unit_mesh(0);
        Program program = CreateProgram();
        CreateKernel(program, hostile::kKernels + "spin.cpp", CoreCoord{0, 0}, DataMovementConfig{});
        Enqueue(std::move(program), false);
    };
    api.open = [] {
        g_mesh = MeshDevice::create_unit_mesh(0);
        return [](const std::string& kernel, const std::vector<uint32_t>& args, const std::string& mark) {
            Program program = CreateProgram();
            const CoreCoord core{0, 0};
            DataMovementConfig config{.processor = DataMovementProcessor::RISCV_0, .noc = NOC::RISCV_0_default,
                                      .defines = {{"MARK", "\"" + mark + "\""}}};
            SetRuntimeArgs(program, CreateKernel(program, hostile::kKernels + kernel, core, config), core, args);
            try {
                Enqueue(std::move(program), true);
            } catch (const std::exception& e) {
                return std::string(e.what());
            }
            return std::string();
        };
    };
    api.close = [] { g_mesh->close(); };
    return hostile::Main(argc, argv, api);
}
