// DEVICE_PRINT, v0.68.0-rc1's formatted kernel print: a kernel prints lines of each kind of argument and format
// specification; the program captures its own standard output around the launch and compares each line (after the
// emulator's core and processor tag) with {fmt}'s formatting of the same format and values — tt-metal's print server
// formats with {fmt}. A kernel whose format mixes placeholder kinds does not compile, and the launch says why.
// Exits 0 when every line matches and the bad format is refused.
#include <fmt/core.h>
#include <fmt/format.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include <tt-metalium/distributed.hpp>
#include <tt-metalium/host_api.hpp>

using namespace tt::tt_metal;
using namespace tt::tt_metal::distributed;

namespace {

// The kernel's lines, as {fmt} formats them (kernels/print_formats.cpp prints the same formats and values).
std::vector<std::string> Expected(uint32_t n) {
    return {
        "plain text",
        fmt::format("u32 {} i8 {} u8 {} i16 {} u16 {} i64 {} u64 {}", n, int8_t(-5), uint8_t(200), int16_t(-300),
                    uint16_t(60000), int64_t(-1234567890123), uint64_t(18446744073709551615ull)),
        fmt::format("hex {:#x} HEX {:#X} bin {:#b} BIN {:#B} oct {:#o} bare {:x}", n, n, n, n, n, n),
        fmt::format("[{:>8}] [{:<8}] [{:^8}] [{:*^9}] [{:08}] [{:+}] [{: }] [{:#010x}]", n, n, n, n, -int32_t(n), int32_t(n), int32_t(n),
                    n),
        fmt::format("{1} before {0}, {1} again", n, true),
        fmt::format("float {} double {} tiny {} big {} third {}", 2.5f, 0.1, 1.5e-7, 3e20, 1.0f / 3),
        fmt::format("fixed {:.3f} exp {:.2e} general {:g} precision {:.4} width [{:10.2f}] sign {:+.1f}", 3.14159f,
                    12345.678, 0.0001234, 2.0 / 3, 1.005, 7.25),
        fmt::format("bool {} {} as int {:d}", true, false, true),
        // bfloat16 0x4049 is 3.140625; Bfp8 (129, 0x50) is 1.25 × 2^2; Bfp4 (127, 0b110) is 1.5; Bfp8 (128, 0xC0) is
        // -1.0 × 2^1.
        fmt::format("bf16 {} bf8 {} bf4 {} negative bf8 {}", 3.140625f, 5.0f, 1.5f, -2.0f),
        fmt::format("string {} [{:>6}] [{:.3}] braces {{}} {{{}}}", "abc", "xy", "truncate", n),
    };
}

// Runs `workload` with standard output going to a file; returns what was printed.
std::string Printed(MeshCommandQueue& cq, MeshWorkload& workload) {
    std::cout.flush();
    std::fflush(stdout);
    char path[] = "/tmp/device_print_XXXXXX";
    const int fd = mkstemp(path);
    const int saved = dup(1);
    dup2(fd, 1);
    EnqueueMeshWorkload(cq, workload, true);
    Finish(cq);
    std::cout.flush();
    std::fflush(stdout);
    dup2(saved, 1);
    close(saved);
    close(fd);
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    std::remove(path);
    return text.str();
}

}  // namespace

int main() {
    auto mesh = MeshDevice::create_unit_mesh(0);
    MeshCommandQueue& cq = mesh->mesh_command_queue();
    constexpr uint32_t kN = 37;
    const CoreCoord core{1, 1};

    Program program = CreateProgram();
    const KernelHandle k = CreateKernel(program, "tests/v0.68.0-rc1/device_print/kernels/print_formats.cpp", core,
                                        DataMovementConfig{.processor = DataMovementProcessor::RISCV_0});
    SetRuntimeArgs(program, k, core, {kN});
    MeshWorkload workload;
    workload.add_program(MeshCoordinateRange(mesh->shape()), std::move(program));
    const std::string printed = Printed(cq, workload);

    std::vector<std::string> lines;
    std::istringstream in(printed);
    for (std::string line; std::getline(in, line);) {
        const auto tag = line.find(":BR: ");
        if (tag != std::string::npos) lines.push_back(line.substr(tag + 5));
    }
    const auto expected = Expected(kN);
    bool pass = lines.size() == expected.size();
    std::printf("device_print: %zu lines printed, %zu expected\n", lines.size(), expected.size());
    for (size_t i = 0; i < expected.size(); i++) {
        const std::string got = i < lines.size() ? lines[i] : "(none)";
        const bool same = got == expected[i];
        std::printf("device_print: %s  %s\n", same ? "ok      " : "MISMATCH", got.c_str());
        if (!same) std::printf("device_print:           expected %s\n", expected[i].c_str());
        pass &= same;
    }

    // A format the compile-time checks refuse: the launch fails naming the rule.
    Program bad = CreateProgram();
    CreateKernel(bad, "tests/v0.68.0-rc1/device_print/kernels/mixed_placeholders.cpp", core,
                 DataMovementConfig{.processor = DataMovementProcessor::RISCV_0});
    MeshWorkload bad_workload;
    bad_workload.add_program(MeshCoordinateRange(mesh->shape()), std::move(bad));
    bool refused = false;
    try {
        EnqueueMeshWorkload(cq, bad_workload, true);
        Finish(cq);
    } catch (const std::exception& e) {
        refused = std::strstr(e.what(), "Cannot mix indexed") != nullptr;
        std::printf("device_print: the mixed format is refused: %s\n", refused ? "yes" : e.what());
    }
    pass &= refused;
    mesh->close();
    std::printf("device_print: %s\n", pass ? "PASS" : "FAIL");
    return pass ? 0 : 1;
}
