// Kernels that try to reach the machine running them, through tt-metal v0.56.0's API (hostile_checks.h says what
// must hold). Exits 0 when all of it held.
#include <tt-metalium/host_api.hpp>

#include "tests/v0.67.0/hostile_kernels/hostile_checks.h"

using namespace tt::tt_metal;

namespace {

IDevice* g_device = nullptr;

}  // namespace

int main(int argc, char** argv) {
    hostile::Api api;
    api.start_spin = [] {
        g_device = CreateDevice(0);
        Program program = CreateProgram();
        CreateKernel(program, hostile::kKernels + "spin.cpp", CoreCoord{0, 0}, DataMovementConfig{});
        EnqueueProgram(g_device->command_queue(), program, false);
    };
    api.open = [] {
        g_device = CreateDevice(0);
        return [](const std::string& kernel, const std::vector<uint32_t>& args, const std::string& mark) {
            Program program = CreateProgram();
            const CoreCoord core{0, 0};
            DataMovementConfig config{.processor = DataMovementProcessor::RISCV_0, .noc = NOC::RISCV_0_default,
                                      .defines = {{"MARK", "\"" + mark + "\""}}};
            SetRuntimeArgs(program, CreateKernel(program, hostile::kKernels + kernel, core, config), core, args);
            try {
                EnqueueProgram(g_device->command_queue(), program, false);
                Finish(g_device->command_queue());
            } catch (const std::exception& e) {
                return std::string(e.what());
            }
            return std::string();
        };
    };
    api.close = [] { CloseDevice(g_device); };
    return hostile::Main(argc, argv, api);
}
