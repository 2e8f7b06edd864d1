// Element-wise binary: a first program adds two 64-tile bfloat16 vectors on one core (reader, compute and
// writer kernels, CBs 0, 1 and 16); a second program multiplies that result by 2. Each step is checked
// against a host golden with the tolerance tt-metal's example uses. Exits 0 on a match.
#include <cmath>
#include <cstdio>

#include <tt-metalium/bfloat16.hpp>
#include <tt-metalium/host_api.hpp>

#include "tests/v0.56.0/common/binary_tiles.h"

using namespace tt::tt_metal;

namespace {

constexpr uint32_t kTiles = 64, kTileBytes = 2048;

Program BinaryProgram(const Buffer& a, const Buffer& b, const Buffer& out, const char* op, const char* op_type) {
    Program program = CreateProgram();
    const CoreCoord core = {0, 0};
    const auto [reader, writer, compute] = examples::AddBinaryTileKernels(program, core, 2, op, op_type);
    SetRuntimeArgs(program, reader, core, {a.address(), b.address(), kTiles, 0});
    SetRuntimeArgs(program, writer, core, {out.address(), kTiles, 0});
    SetRuntimeArgs(program, compute, core, {kTiles});
    return program;
}

bool Close(const std::vector<bfloat16>& got, const std::vector<float>& want, const char* what) {
    for (size_t i = 0; i < want.size(); i++) {
        if (std::fabs(got[i].to_float() - want[i]) > 0.015f * std::fabs(want[i]) + 0.01f) {
            std::printf("%s: element %zu is %f, expected %f\n", what, i, got[i].to_float(), want[i]);
            return false;
        }
    }
    return true;
}

}  // namespace

int main() {
    IDevice* device = CreateDevice(0);
    CommandQueue& cq = device->command_queue();
    auto make = [&] {
        return CreateBuffer(InterleavedBufferConfig{device, kTiles * kTileBytes, kTileBytes, BufferType::DRAM});
    };
    auto a = make(), b = make(), sum = make(), two = make(), product = make();

    std::vector<bfloat16> va = create_random_vector_of_bfloat16_native(kTiles * kTileBytes, 10.0f, 11, -5.0f);
    std::vector<bfloat16> vb = create_random_vector_of_bfloat16_native(kTiles * kTileBytes, 10.0f, 12, -5.0f);
    std::vector<bfloat16> vtwo(kTiles * kTileBytes / 2, bfloat16(2.0f));
    EnqueueWriteBuffer(cq, a, va, false);
    EnqueueWriteBuffer(cq, b, vb, false);
    EnqueueWriteBuffer(cq, two, vtwo, false);

    Program add = BinaryProgram(*a, *b, *sum, "add_tiles", "EltwiseBinaryType::ELWADD");
    EnqueueProgram(cq, add, false);
    Program mul = BinaryProgram(*sum, *two, *product, "mul_tiles", "EltwiseBinaryType::ELWMUL");
    EnqueueProgram(cq, mul, false);
    Finish(cq);

    std::vector<bfloat16> got_sum, got_product;
    EnqueueReadBuffer(cq, sum, got_sum, true);
    EnqueueReadBuffer(cq, product, got_product, true);
    std::vector<float> want_sum(va.size()), want_product(va.size());
    for (size_t i = 0; i < va.size(); i++) {
        want_sum[i] = va[i].to_float() + vb[i].to_float();
        want_product[i] = bfloat16(want_sum[i]).to_float() * 2.0f;
    }
    const bool pass = Close(got_sum, want_sum, "add") && Close(got_product, want_product, "mul");
    std::printf("eltwise_binary: %u tiles added, then multiplied by 2: %s\n", kTiles, pass ? "PASS" : "FAIL");
    CloseDevice(device);
    return pass ? 0 : 1;
}
