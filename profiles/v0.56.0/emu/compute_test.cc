// Compute kernels on the emulated device: each test runs one compute kernel between host-written input CBs
// (backed by L1 buffers) and an output CB, then checks the output tile(s) element by element.
#include <cmath>
#include <functional>

#include <tt-metalium/bfloat16.hpp>
#include <tt-metalium/bfloat8.hpp>
#include <tt-metalium/tilize_untilize.hpp>
#include <tt-metalium/tt_metal.hpp>

#include "profiles/v0.56.0/emu/test_compute_fixture.h"

namespace ttemu::testing {
namespace {

using namespace tt::tt_metal;

constexpr const char* kBinary = R"(
#include "compute_kernel_api/eltwise_binary.h"
namespace NAMESPACE { void MAIN {
    binary_op_init_common(0, 1, 16);
    cb_wait_front(0, 1); cb_wait_front(1, 1); cb_reserve_back(16, 1);
    tile_regs_acquire(); OP(0, 1, 0, 0, 0); tile_regs_commit(); tile_regs_wait(); pack_tile(0, 16); tile_regs_release();
    cb_push_back(16, 1);
} })";

TEST_F(ComputeTest, BinaryOpsOnBfloat16) {
    const auto a = Ramp(1024, -3.0f, 0.25f), b = Ramp(1024, 0.5f, 0.125f);
    for (auto [op, fn] : std::vector<std::pair<std::string, float (*)(float, float)>>{
             {"add_tiles", [](float x, float y) { return x + y; }},
             {"sub_tiles", [](float x, float y) { return x - y; }},
             {"mul_tiles", [](float x, float y) { return x * y; }}}) {
        auto out = Run(std::string("#define OP ") + op + kBinary, Bf16(a), Bf16(b), tt::DataFormat::Float16_b,
                       tt::DataFormat::Float16_b, 1, 1);
        for (size_t i = 0; i < 1024; i++) {
            const float want = fn(bfloat16(a[i]).to_float(), bfloat16(b[i]).to_float());
            ASSERT_NEAR(Bf16At(out, i), want, std::fabs(want) * 0.008f + 1e-6f) << op << " element " << i;
        }
    }
}

// binary_dest_reuse_tiles: the tile already in DST is one operand (the left one for DEST_TO_SRCA, the right one
// for DEST_TO_SRCB), the CB tile the other, and the result replaces it in DST. Subtraction tells the two apart.
constexpr const char* kDestReuse = R"(
#include "compute_kernel_api/eltwise_binary.h"
#include "compute_kernel_api/tile_move_copy.h"
namespace NAMESPACE { void MAIN {
    cb_wait_front(0, 1); cb_wait_front(1, 1); cb_reserve_back(16, 1);
    tile_regs_acquire();
    copy_tile_to_dst_init_short(0); copy_tile(0, 0, 3);
    binary_dest_reuse_tiles_init<ELWSUB, EltwiseBinaryReuseDestType::REUSE>(1);
    binary_dest_reuse_tiles<ELWSUB, EltwiseBinaryReuseDestType::REUSE>(1, 0, 3);
    tile_regs_commit(); tile_regs_wait(); pack_tile(3, 16); tile_regs_release();
    cb_push_back(16, 1);
} })";

TEST_F(ComputeTest, BinaryDestReuseTakesDstAsTheNamedOperand) {
    const auto a = Ramp(1024, -3.0f, 0.25f), b = Ramp(1024, 0.5f, 0.125f);
    for (bool dst_left : {true, false}) {
        const std::string reuse = dst_left ? "DEST_TO_SRCA" : "DEST_TO_SRCB";
        auto out = Run("#define REUSE " + reuse + kDestReuse, Bf16(a), Bf16(b), tt::DataFormat::Float16_b,
                       tt::DataFormat::Float16_b, 1, 1);
        for (size_t i = 0; i < 1024; i++) {
            const float x = bfloat16(a[i]).to_float(), y = bfloat16(b[i]).to_float();
            const float want = dst_left ? x - y : y - x;
            ASSERT_NEAR(Bf16At(out, i), want, std::fabs(want) * 0.008f + 1e-6f) << reuse << " element " << i;
        }
    }
}

// Partial rows: each of two tiles is untilized from DST into its own column block of a row two tiles wide, so the
// output is one 32 x 64 row-major block.
constexpr const char* kUntilizeHalves = R"(
#include "compute_kernel_api/pack_untilize.h"
#include "compute_kernel_api/tile_move_copy.h"
namespace NAMESPACE { void MAIN {
    cb_wait_front(0, 2); cb_reserve_back(16, 2);
    copy_tile_to_dst_init_short(0);
    pack_untilize_dst_init_short<1, 2>(16);
    for (uint32_t c = 0; c < 2; c++) {
        tile_regs_acquire(); copy_tile(0, c, 0); tile_regs_commit();
        tile_regs_wait(); pack_untilize_dst<1, 2>(16, 1, c); tile_regs_release();
    }
    pack_untilize_uninit(16);
    cb_push_back(16, 2);
} })";

TEST_F(ComputeTest, PackUntilizeDstFillsTheColumnBlockItIsGiven) {
    std::vector<float> tiles(2048);
    for (size_t i = 0; i < tiles.size(); i++) tiles[i] = float(i % 251) - 100.0f;
    auto out = Run(kUntilizeHalves, Bf16(tiles), Bf16(tiles), tt::DataFormat::Float16_b, tt::DataFormat::Float16_b, 2,
                   2);
    for (std::uint32_t r = 0; r < 32; r++)
        for (std::uint32_t col = 0; col < 64; col++) {
            const std::uint32_t t = col / 32, c = col % 32;
            const std::uint32_t face_index = ((r / 16) * 2 + c / 16) * 256 + (r % 16) * 16 + c % 16;
            ASSERT_EQ(Bf16At(out, r * 64 + col), bfloat16(tiles[t * 1024 + face_index]).to_float())
                << "row " << r << " column " << col;
        }
}

// The packer's own configuration: a ZERO_RELU packs max(x, 0); with L1 accumulation a second pack to the same
// place adds to the first; both switch back off.
TEST_F(ComputeTest, PackerReluAndL1AccumulationApplyWhenPacking) {
    const auto a = Ramp(1024, -3.0f, 0.25f), b = Ramp(1024, 0.5f, 0.125f);
    auto out = Run(R"(
#include "compute_kernel_api/eltwise_binary.h"
#include "compute_kernel_api/pack.h"
namespace NAMESPACE { void MAIN {
    cb_wait_front(0, 1); cb_wait_front(1, 1); cb_reserve_back(16, 3);
    tile_regs_acquire(); sub_tiles(0, 1, 0, 0, 0); tile_regs_commit(); tile_regs_wait();
    PACK((llk_pack_relu_config(ReluType::ZERO_RELU)));
    pack_tile<true>(0, 16, 0);
    PACK((llk_pack_relu_config(ReluType::NO_RELU)));
    pack_tile<true>(0, 16, 1);
    pack_reconfig_l1_acc(1);
    pack_tile<true>(0, 16, 1);
    pack_reconfig_l1_acc(0);
    pack_tile<true>(0, 16, 2);
    tile_regs_release(); cb_push_back(16, 3);
} })", Bf16(a), Bf16(b), tt::DataFormat::Float16_b, tt::DataFormat::Float16_b, 1, 3);
    for (size_t i = 0; i < 1024; i++) {
        const float d = bfloat16(bfloat16(a[i]).to_float() - bfloat16(b[i]).to_float()).to_float();
        ASSERT_EQ(Bf16At(out, i), d < 0 ? 0.0f : d) << "relu, element " << i;
        ASSERT_EQ(Bf16At(out, 1024 + i), bfloat16(2 * d).to_float()) << "accumulated, element " << i;
        ASSERT_EQ(Bf16At(out, 2048 + i), d) << "plain, element " << i;
    }
}

TEST_F(ComputeTest, IntegerTilesAddAsIntegersAndFloat32KeepsPrecision) {
    std::vector<std::uint8_t> a(4096), b(4096);
    for (std::uint32_t i = 0; i < 1024; i++) {
        const std::uint32_t x = 100000 + i * 7, y = 3000000000u - i;
        std::memcpy(&a[4 * i], &x, 4);
        std::memcpy(&b[4 * i], &y, 4);
    }
    auto out = Run(std::string("#define OP add_tiles") + kBinary, a, b, tt::DataFormat::UInt32, tt::DataFormat::UInt32, 1, 1);
    for (std::uint32_t i = 0; i < 1024; i++) {
        std::uint32_t got;
        std::memcpy(&got, &out[4 * i], 4);
        ASSERT_EQ(got, 100000 + i * 7 + 3000000000u - i) << "element " << i;
    }
    std::vector<std::uint8_t> f(4096), g(4096);
    for (std::uint32_t i = 0; i < 1024; i++) {
        const float x = 1.0f + i * 1e-6f, y = 1e-7f;
        std::memcpy(&f[4 * i], &x, 4);
        std::memcpy(&g[4 * i], &y, 4);
    }
    out = Run(std::string("#define OP add_tiles") + kBinary, f, g, tt::DataFormat::Float32, tt::DataFormat::Float32, 1, 1);
    for (std::uint32_t i = 0; i < 1024; i++) {
        float got;
        std::memcpy(&got, &out[4 * i], 4);
        ASSERT_EQ(got, (1.0f + i * 1e-6f) + 1e-7f);
    }
}

TEST_F(ComputeTest, SfpuUnaryOpsMatchTheirDefinitions) {
    const auto a = Ramp(1024, 0.1f, 0.05f);
    struct Case {
        const char* call;
        float (*fn)(float);
        float rel;
    };
    for (const Case& c : std::vector<Case>{
             {"exp_tile_init(); exp_tile(0);", [](float x) { return std::exp(x); }, 0.01f},
             {"relu_tile_init(); relu_tile(0);", [](float x) { return x > 0 ? x : 0.0f; }, 0.0f},
             {"sqrt_tile_init(); sqrt_tile(0);", [](float x) { return std::sqrt(x); }, 0.01f},
             {"recip_tile_init(); recip_tile(0);", [](float x) { return 1.0f / x; }, 0.01f},
             {"gelu_tile_init<false>(); gelu_tile<false>(0);",
              [](float x) { return 0.5f * x * (1.0f + std::erf(x / std::sqrt(2.0f))); }, 0.01f}}) {
        const std::string kernel = std::string(R"(
#include "compute_kernel_api/eltwise_unary/eltwise_unary.h"
#include "compute_kernel_api/tile_move_copy.h"
namespace NAMESPACE { void MAIN {
    init_sfpu(0, 16);
    cb_wait_front(0, 1); cb_reserve_back(16, 1);
    tile_regs_acquire(); copy_tile(0, 0, 0); )") + c.call + R"( tile_regs_commit(); tile_regs_wait();
    pack_tile(0, 16); tile_regs_release(); cb_push_back(16, 1);
} })";
        auto out = Run(kernel, Bf16(a), Bf16(a), tt::DataFormat::Float16_b, tt::DataFormat::Float16_b, 1, 1);
        for (size_t i = 0; i < 1024; i++) {
            const float want = c.fn(bfloat16(a[i]).to_float());
            ASSERT_NEAR(Bf16At(out, i), want, std::fabs(want) * (c.rel + 0.008f) + 1e-6f) << c.call << " element " << i;
        }
    }
}

// The inverse of erf by bisection: an independent check of the kernel's erfinv.
float ErfInvByBisection(float y) {
    double lo = -6, hi = 6;
    for (int i = 0; i < 100; i++) (std::erf((lo + hi) / 2) < y ? lo : hi) = (lo + hi) / 2;
    return float((lo + hi) / 2);
}

TEST_F(ComputeTest, MoreSfpuOpsMatchTheirDefinitions) {
    const auto a = Ramp(1024, -0.9f, 0.0185f);  // within (-1, 1) for erfinv
    struct Case {
        const char* call;
        std::function<float(float)> fn;
        float rel;
    };
    for (const Case& c : std::vector<Case>{
             {"erf_tile_init(); erf_tile(0);", [](float x) { return std::erf(x); }, 0.01f},
             {"erfc_tile_init(); erfc_tile(0);", [](float x) { return std::erfc(x); }, 0.01f},
             {"erfinv_tile_init(); erfinv_tile(0);", ErfInvByBisection, 0.01f},
             {"i0_tile_init(); i0_tile(0);", [](float x) { return float(std::cyl_bessel_i(0.0, std::fabs(double(x)))); }, 0.01f},
             {"i1_tile_init(); i1_tile(0);",
              [](float x) { return float(std::copysign(std::cyl_bessel_i(1.0, std::fabs(double(x))), double(x))); }, 0.01f},
             {"elu_tile_init(); elu_tile(0, 0x3f000000u);",  // alpha 0.5
              [](float x) { return x > 0 ? x : 0.5f * (std::exp(x) - 1.0f); }, 0.01f},
             {"floor_tile_init(); floor_tile(0);", [](float x) { return std::floor(x); }, 0.0f},
             {"ceil_tile_init(); ceil_tile(0);", [](float x) { return std::ceil(x); }, 0.0f},
             {"binop_with_scalar_tile_init(); add_unary_tile(0, 0x40200000u);",  // + 2.5
              [](float x) { return x + 2.5f; }, 0.0f},
             {"rsub_tile_init(); rsub_tile(0, 0x3f800000u);", [](float x) { return 1.0f - x; }, 0.0f},
             {"prelu_tile_init(); prelu_tile(0, 0x3e800000u);", [](float x) { return x < 0 ? 0.25f * x : x; }, 0.0f},
             {"remainder_tile_init(); remainder_tile(0, 0x3e99999au, 0);",  // by 0.3, sign of the divisor
              [](float x) { return x - std::floor(x / 0.3f) * 0.3f; }, 0.01f},
             {"fill_tile_init(); fill_tile(0, 0xc0400000u);", [](float) { return -3.0f; }, 0.0f},
             {"transpose_wh_dest_init_short(); transpose_wh_dest(0); transpose_wh_dest(0);",  // twice: identity
              [](float x) { return x; }, 0.0f}}) {
        const std::string kernel = std::string(R"(
#include "compute_kernel_api/eltwise_unary/eltwise_unary.h"
#include "compute_kernel_api/eltwise_unary/sfpu_split_includes.h"
#include "compute_kernel_api/transpose_wh_dest.h"
#include "compute_kernel_api/tile_move_copy.h"
namespace NAMESPACE { void MAIN {
    init_sfpu(0, 16);
    cb_wait_front(0, 1); cb_reserve_back(16, 1);
    tile_regs_acquire(); copy_tile(0, 0, 0); )") + c.call + R"( tile_regs_commit(); tile_regs_wait();
    pack_tile(0, 16); tile_regs_release(); cb_push_back(16, 1);
} })";
        auto out = Run(kernel, Bf16(a), Bf16(a), tt::DataFormat::Float16_b, tt::DataFormat::Float16_b, 1, 1);
        for (size_t i = 0; i < 1024; i++) {
            const float want = c.fn(bfloat16(a[i]).to_float());
            ASSERT_NEAR(Bf16At(out, i), want, std::fabs(want) * (c.rel + 0.008f) + 1e-6f) << c.call << " element " << i;
        }
    }
}

// A Bfp8_b tile through a compute kernel: unpacked and packed as tt-metal's host helpers pack it, so a copy returns
// the same bytes and a doubling matches the host's packing of the doubled values.
// The SFPU ops compute_kernel_api.h declares itself: comparisons (with zero and with a constant), inverse trig,
// silu, log with a base, signbit, heaviside; max_tile takes the next DST tile as its second operand.
TEST_F(ComputeTest, ComparisonTrigAndOtherSfpuOps) {
    struct Case {
        const char* call;
        std::function<float(float)> fn;
        float rel;
    };
    const auto steps = Ramp(1024, -1.0f, 1.0f / 32);  // exact in bfloat16, zero included
    const auto inside = Ramp(1024, -0.9f, 0.0185f);    // within (-1, 1)
    auto truth = [](bool b) { return b ? 1.0f : 0.0f; };
    const std::vector<std::pair<std::vector<float>, std::vector<Case>>> groups = {
        {steps,
         {{"ltz_tile_init(); ltz_tile(0);", [&](float x) { return truth(x < 0); }, 0.0f},
          {"lez_tile_init(); lez_tile(0);", [&](float x) { return truth(x <= 0); }, 0.0f},
          {"eqz_tile_init(); eqz_tile(0);", [&](float x) { return truth(x == 0); }, 0.0f},
          {"nez_tile_init(); nez_tile(0);", [&](float x) { return truth(x != 0); }, 0.0f},
          {"gtz_tile_init(); gtz_tile(0);", [&](float x) { return truth(x > 0); }, 0.0f},
          {"gez_tile_init(); gez_tile(0);", [&](float x) { return truth(x >= 0); }, 0.0f},
          {"unary_gt_tile_init(); unary_gt_tile(0, 0x3f000000u);", [&](float x) { return truth(x > 0.5f); }, 0.0f},
          {"unary_lt_tile_init(); unary_lt_tile(0, 0x3f000000u);", [&](float x) { return truth(x < 0.5f); }, 0.0f},
          {"unary_ne_tile_init(); unary_ne_tile(0, 0x3f000000u);", [&](float x) { return truth(x != 0.5f); }, 0.0f},
          {"signbit_tile_init(); signbit_tile(0);", [&](float x) { return truth(std::signbit(x)); }, 0.0f},
          {"heaviside_tile_init(); heaviside_tile(0, 0x3f000000u);",
           [](float x) { return x < 0 ? 0.0f : x == 0 ? 0.5f : 1.0f; }, 0.0f},
          {"silu_tile_init(); silu_tile(0);", [](float x) { return x / (1.0f + std::exp(-x)); }, 0.01f},
          {"copy_tile(0, 0, 1); negative_tile_init(); negative_tile(1); max_tile_init(); max_tile(0, 5);",
           [](float x) { return std::fabs(x); }, 0.0f}}},
        {inside,
         {{"asin_tile_init(); asin_tile(0);", [](float x) { return std::asin(x); }, 0.01f},
          {"acos_tile_init(); acos_tile(0);", [](float x) { return std::acos(x); }, 0.01f},
          {"atan_tile_init(); atan_tile(0);", [](float x) { return std::atan(x); }, 0.01f},
          {"abs_tile_init(); abs_tile(0); add_unary_tile(0, 0x3f800000u); log_with_base_tile_init(); "
           "log_with_base_tile(0, 0x3dc5u);",  // log2(|x| + 1)
           [](float x) { return std::log2(std::fabs(x) + 1.0f); }, 0.01f}}}};
    for (const auto& [input, cases] : groups)
        for (const Case& c : cases) {
            const std::string kernel = std::string(R"(
#include "compute_kernel_api.h"
#include "compute_kernel_api/eltwise_unary/eltwise_unary.h"
#include "compute_kernel_api/eltwise_unary/sfpu_split_includes.h"
#include "compute_kernel_api/tile_move_copy.h"
namespace NAMESPACE { void MAIN {
    init_sfpu(0, 16);
    cb_wait_front(0, 1); cb_reserve_back(16, 1);
    tile_regs_acquire(); copy_tile(0, 0, 0); )") + c.call + R"( tile_regs_commit(); tile_regs_wait();
    pack_tile(0, 16); tile_regs_release(); cb_push_back(16, 1);
} })";
            auto out = Run(kernel, Bf16(input), Bf16(input), tt::DataFormat::Float16_b, tt::DataFormat::Float16_b, 1, 1);
            for (size_t i = 0; i < 1024; i++) {
                const float want = c.fn(bfloat16(input[i]).to_float());
                ASSERT_NEAR(Bf16At(out, i), want, std::fabs(want) * (c.rel + 0.008f) + 1e-6f) << c.call << " element " << i;
            }
        }
}

// matmul_block over a 2x2 sub-block with two inner steps equals the eight matmul_tiles it stands for.
TEST_F(ComputeTest, MatmulBlockIsTheSubBlockOfMatmulTiles) {
    std::vector<float> a(4096), b(4096);
    for (size_t i = 0; i < a.size(); i++) a[i] = float(int(i % 13) - 6) / 8, b[i] = float(int(i % 7) - 3) / 4;
    auto out = Run(R"(
#include "compute_kernel_api/matmul.h"
namespace NAMESPACE { void MAIN {
    cb_wait_front(0, 4); cb_wait_front(1, 4); cb_reserve_back(16, 8);
    mm_block_init(0, 1, 16, 0, 2, 2, 2);
    tile_regs_acquire();
    for (uint32_t k = 0; k < 2; k++) matmul_block(0, 1, k, k * 2, 0, 0, 2, 2, 2);
    for (uint32_t r = 0; r < 2; r++)
        for (uint32_t c = 0; c < 2; c++)
            for (uint32_t k = 0; k < 2; k++) matmul_tiles(0, 1, r * 2 + k, k * 2 + c, 4 + r * 2 + c, 0);
    tile_regs_commit(); tile_regs_wait();
    for (uint32_t i = 0; i < 8; i++) pack_tile(i, 16);
    tile_regs_release(); cb_push_back(16, 8);
} })", Bf16(a), Bf16(b), tt::DataFormat::Float16_b, tt::DataFormat::Float16_b, 4, 8);
    const std::vector<std::uint8_t> block(out.begin(), out.begin() + 4 * 2048), tiles(out.begin() + 4 * 2048, out.end());
    EXPECT_EQ(block, tiles);
    bool nonzero = false;
    for (size_t i = 0; i < 4096 && !nonzero; i++) nonzero = Bf16At(out, i) != 0.0f;
    EXPECT_TRUE(nonzero);
}

// SFPU ops between two DST tiles (A copied to DST 0, B to DST 1, the result in DST 0), and masking by the tile
// after the data.
constexpr const char* kDstPair = R"(
#include "compute_kernel_api/add_int32_sfpu.h"
#include "compute_kernel_api/binary_bitwise_sfpu.h"
#include "compute_kernel_api/binary_shift.h"
#include "compute_kernel_api/eltwise_binary_sfpu.h"
#include "compute_kernel_api/mask.h"
#include "compute_kernel_api/sub_int32_sfpu.h"
#include "compute_kernel_api/tile_move_copy.h"
namespace NAMESPACE { void MAIN {
    cb_wait_front(0, 1); cb_wait_front(1, 1); cb_reserve_back(16, 1);
    tile_regs_acquire(); copy_tile(0, 0, 0); copy_tile(1, 0, 1); OP; tile_regs_commit(); tile_regs_wait();
    pack_tile(0, 16); tile_regs_release(); cb_push_back(16, 1);
} })";

TEST_F(ComputeTest, SfpuBinaryOpsBetweenDstTiles) {
    const auto a = Ramp(1024, 0.5f, 0.125f), b = Ramp(1024, -2.0f, 0.0625f);
    struct Case {
        const char* op;
        std::function<float(float, float)> fn;
    };
    for (const Case& c : std::vector<Case>{
             {"add_binary_tile_init(); add_binary_tile(0, 1)", [](float x, float y) { return x + y; }},
             {"sub_binary_tile_init(); sub_binary_tile(0, 1)", [](float x, float y) { return x - y; }},
             {"mul_binary_tile_init(); mul_binary_tile(0, 1)", [](float x, float y) { return x * y; }},
             {"div_binary_tile_init(); div_binary_tile(0, 1)", [](float x, float y) { return x / y; }},
             {"rsub_binary_tile_init(); rsub_binary_tile(0, 1)", [](float x, float y) { return y - x; }},
             {"power_binary_tile_init(); power_binary_tile(0, 1)", [](float x, float y) { return std::pow(x, y); }},
             {"mask_tile_init(); mask_tile(0, 1)", [](float x, float y) { return y == 0 ? 0.0f : x; }}}) {
        auto out = Run(std::string("#define OP ") + c.op + kDstPair, Bf16(a), Bf16(b), tt::DataFormat::Float16_b,
                       tt::DataFormat::Float16_b, 1, 1);
        for (size_t i = 0; i < 1024; i++) {
            const float want = c.fn(bfloat16(a[i]).to_float(), bfloat16(b[i]).to_float());
            if (std::isinf(want)) continue;  // division by the exact zeros in b
            ASSERT_NEAR(Bf16At(out, i), want, std::fabs(want) * 0.01f + 1e-6f) << c.op << " element " << i;
        }
    }
}

TEST_F(ComputeTest, Int32SfpuOpsBetweenDstTiles) {
    std::vector<std::uint8_t> a(4096), b(4096);
    std::vector<std::int32_t> x(1024), y(1024);
    for (std::uint32_t i = 0; i < 1024; i++) {
        x[i] = std::int32_t(i * 2654435761u);
        y[i] = std::int32_t(i % 40) - 4;
    }
    std::memcpy(a.data(), x.data(), 4096);
    std::memcpy(b.data(), y.data(), 4096);
    auto sm = [](std::int32_t v) { return v < 0 ? 0x80000000u | std::uint32_t(-std::int64_t(v)) : std::uint32_t(v); };
    struct Case {
        const char* op;
        std::function<std::uint32_t(std::int32_t, std::int32_t)> fn;
    };
    for (const Case& c : std::vector<Case>{
             {"add_int32_tile_init(); add_int32_tile(0, 1)", [](std::int32_t p, std::int32_t q) { return std::uint32_t(p) + std::uint32_t(q); }},
             {"sub_int32_tile_init(); sub_int32_tile(0, 1)", [](std::int32_t p, std::int32_t q) { return std::uint32_t(p) - std::uint32_t(q); }},
             {"binary_bitwise_tile_init(); and_binary_tile(0, 1)", [](std::int32_t p, std::int32_t q) { return std::uint32_t(p & q); }},
             {"binary_bitwise_tile_init(); xor_binary_tile(0, 1)", [](std::int32_t p, std::int32_t q) { return std::uint32_t(p ^ q); }},
             {"binary_shift_tile_init(); binary_left_shift_tile(0, 1)",
              [](std::int32_t p, std::int32_t q) { return std::uint32_t(q) < 32 ? std::uint32_t(p) << q : 0u; }},
             {"binary_shift_tile_init(); binary_right_shift_tile(0, 1)",
              [](std::int32_t p, std::int32_t q) { return std::uint32_t(p >> (std::uint32_t(q) < 32 ? q : 31)); }},
             {"add_int32_tile<true>(0, 1)",  // both read and written as sign-magnitude
              [&](std::int32_t p, std::int32_t q) {
                  auto from = [](std::uint32_t v) { return v >> 31 ? -std::int64_t(v & 0x7fffffffu) : std::int64_t(v); };
                  return sm(std::int32_t(from(std::uint32_t(p)) + from(std::uint32_t(q))));
              }}}) {
        auto out = Run(std::string("#define OP ") + c.op + kDstPair, a, b, tt::DataFormat::Int32, tt::DataFormat::Int32, 1, 1);
        for (std::uint32_t i = 0; i < 1024; i++) {
            std::uint32_t got;
            std::memcpy(&got, &out[4 * i], 4);
            ASSERT_EQ(got, c.fn(x[i], y[i])) << c.op << " element " << i;
        }
    }
}

// cumsum_tile sums each column top to bottom; a second tile with first = false continues the first's sums.
TEST_F(ComputeTest, CumsumRunsDownColumnsAcrossTiles) {
    std::vector<float> v(2048);
    for (size_t i = 0; i < v.size(); i++) v[i] = float(int(i % 5) - 2) / 4;
    auto out = Run(R"(
#include "compute_kernel_api/cumsum.h"
#include "compute_kernel_api/tile_move_copy.h"
namespace NAMESPACE { void MAIN {
    cb_wait_front(0, 2); cb_reserve_back(16, 2);
    cumsum_tile_init();
    for (uint32_t t = 0; t < 2; t++) {
        tile_regs_acquire(); copy_tile(0, t, 0); cumsum_tile(0, t == 0); tile_regs_commit(); tile_regs_wait();
        pack_tile(0, 16); tile_regs_release();
    }
    cb_push_back(16, 2);
} })", Bf16(v), Bf16(v), tt::DataFormat::Float16_b, tt::DataFormat::Float16_b, 2, 2);
    auto at = [](std::uint32_t t, std::uint32_t r, std::uint32_t c) {
        return t * 1024 + ((r / 16) * 2 + c / 16) * 256 + (r % 16) * 16 + c % 16;
    };
    for (std::uint32_t c = 0; c < 32; c++) {
        float sum = 0;
        for (std::uint32_t t = 0; t < 2; t++)
            for (std::uint32_t r = 0; r < 32; r++) {
                sum += bfloat16(v[at(t, r, c)]).to_float();
                ASSERT_EQ(Bf16At(out, at(t, r, c)), bfloat16(sum).to_float()) << "tile " << t << " (" << r << ", " << c << ")";
            }
    }
}

TEST_F(ComputeTest, Bfp8TilesUnpackAndPackAsTheHostHelpers) {
    std::vector<float> values(1024);
    for (int i = 0; i < 1024; i++) values[i] = std::sin(float(i)) * float(1 + i % 7);
    const auto packed = pack_fp32_vec_as_bfp8_tiles(values, /*row_major_input=*/false, false);
    std::vector<std::uint8_t> in(packed.size() * 4);
    std::memcpy(in.data(), packed.data(), in.size());
    const std::string copy = R"(
#include "compute_kernel_api/eltwise_binary.h"
#include "compute_kernel_api/tile_move_copy.h"
namespace NAMESPACE { void MAIN {
    cb_wait_front(0, 1); cb_wait_front(1, 1); cb_reserve_back(16, 2);
    tile_regs_acquire(); copy_tile(0, 0, 0); add_tiles(0, 1, 0, 0, 1); tile_regs_commit(); tile_regs_wait();
    pack_tile(0, 16); pack_tile(1, 16); tile_regs_release(); cb_push_back(16, 2);
} })";
    auto out = Run(copy, in, in, tt::DataFormat::Bfp8_b, tt::DataFormat::Bfp8_b, 1, 2);
    EXPECT_TRUE(std::equal(in.begin(), in.end(), out.begin()));
    const auto unpacked = unpack_bfp8_tiles_into_float_vec(packed, false, false);
    std::vector<float> doubled(1024);
    for (int i = 0; i < 1024; i++) doubled[i] = 2 * unpacked[i];
    const auto want = pack_fp32_vec_as_bfp8_tiles(doubled, false, false);
    EXPECT_EQ(std::memcmp(out.data() + 1088, want.data(), 1088), 0);
}

// Block-float tiles through the layout ops: untilizing a Bfp8_b tile gives its values row-major; tilizing
// row-major data into a Bfp8_b CB packs it exactly as the host helper packs the same rows.
TEST_F(ComputeTest, TilizeAndUntilizeConvertBlockFloatTiles) {
    std::vector<float> values(1024);
    for (int i = 0; i < 1024; i++) values[i] = std::cos(float(i) * 0.37f) * float(1 + i % 5);
    const auto packed = pack_fp32_vec_as_bfp8_tiles(values, /*row_major_input=*/true, false);
    std::vector<std::uint8_t> bfp(packed.size() * 4);
    std::memcpy(bfp.data(), packed.data(), bfp.size());
    auto rows = Run(R"(
#include "compute_kernel_api/untilize.h"
namespace NAMESPACE { void MAIN {
    cb_wait_front(0, 1); cb_reserve_back(16, 1);
    untilize_init(0, 16); untilize_block(0, 1, 16); cb_push_back(16, 1);
} })", bfp, bfp, tt::DataFormat::Bfp8_b, tt::DataFormat::Float16_b, 1, 1);
    const auto want = unpack_bfp8_tiles_into_float_vec(packed, /*row_major_output=*/true, false);
    for (int i = 0; i < 1024; i++) ASSERT_EQ(Bf16At(rows, i), want[i]) << "element " << i;

    auto tiled = Run(R"(
#include "compute_kernel_api/tilize.h"
namespace NAMESPACE { void MAIN {
    cb_wait_front(0, 1); cb_reserve_back(16, 1);
    tilize_init(0, 1, 16); tilize_block(0, 1, 16); cb_push_back(16, 1);
} })", Bf16(want), Bf16(want), tt::DataFormat::Float16_b, tt::DataFormat::Bfp8_b, 1, 1);
    ASSERT_EQ(tiled.size(), bfp.size());
    EXPECT_EQ(tiled, bfp);
}

TEST_F(ComputeTest, MatmulAccumulatesInLogicalOrderAndTransposes) {
    // A and B are 32×32 row-major matrices; tilized, two tiles each: C = A0·B0 + A1·B1 accumulated in DST.
    std::vector<float> a(2048), b(2048);
    for (size_t i = 0; i < a.size(); i++) a[i] = float(int(i * 7 % 11) - 5) * 0.25f, b[i] = float(int(i * 3 % 7) - 3) * 0.5f;
    std::vector<float> at(a), bt(b);
    for (int t = 0; t < 2; t++) {
        std::vector<float> ta(a.begin() + t * 1024, a.begin() + (t + 1) * 1024), tb(b.begin() + t * 1024, b.begin() + (t + 1) * 1024);
        tilize(ta, 32, 32);
        tilize(tb, 32, 32);
        std::copy(ta.begin(), ta.end(), at.begin() + t * 1024);
        std::copy(tb.begin(), tb.end(), bt.begin() + t * 1024);
    }
    for (int transpose : {0, 1}) {
        auto out = Run(std::string("#define TRANSPOSE ") + std::to_string(transpose) + R"(
#include "compute_kernel_api/matmul.h"
namespace NAMESPACE { void MAIN {
    mm_init(0, 1, 16);
    cb_wait_front(0, 2); cb_wait_front(1, 2); cb_reserve_back(16, 1);
    tile_regs_acquire();
    matmul_tiles(0, 1, 0, 0, 0, TRANSPOSE);
    matmul_tiles(0, 1, 1, 1, 0, TRANSPOSE);
    tile_regs_commit(); tile_regs_wait(); pack_tile(0, 16); tile_regs_release(); cb_push_back(16, 1);
} })",
                       Bf16(at), Bf16(bt), tt::DataFormat::Float16_b, tt::DataFormat::Float32, 2, 1);
        std::vector<float> c(1024);
        std::memcpy(c.data(), out.data(), 4096);
        untilize(c, 32, 32);
        for (int r = 0; r < 32; r++) {
            for (int col = 0; col < 32; col++) {
                float want = 0;
                for (int t = 0; t < 2; t++)
                    for (int k = 0; k < 32; k++)
                        want += a[t * 1024 + r * 32 + k] * (transpose ? b[t * 1024 + col * 32 + k] : b[t * 1024 + k * 32 + col]);
                ASSERT_FLOAT_EQ(c[r * 32 + col], want) << "transpose " << transpose << " at " << r << "," << col;
            }
        }
    }
}

TEST_F(ComputeTest, PackTileOutOfOrderAndSequential) {
    auto out = Run(R"(
#include "compute_kernel_api/tile_move_copy.h"
namespace NAMESPACE { void MAIN {
    cb_wait_front(0, 2); cb_reserve_back(16, 3);
    tile_regs_acquire(); copy_tile(0, 0, 0); copy_tile(0, 1, 1); tile_regs_commit(); tile_regs_wait();
    pack_tile<true>(0, 16, 2);  // tile 0 goes to slot 2
    pack_tile(1, 16);           // sequential packing starts at slot 0
    pack_tile(0, 16);           // then slot 1
    tile_regs_release(); cb_push_back(16, 3);
} })",
                   Bf16(Ramp(2048, 1.0f, 1.0f)), Bf16(Ramp(2048, 0, 0)), tt::DataFormat::Float16_b,
                   tt::DataFormat::Float16_b, 2, 3);
    const auto in = Ramp(2048, 1.0f, 1.0f);
    for (size_t i = 0; i < 1024; i++) {
        ASSERT_EQ(Bf16At(out, i), bfloat16(in[1024 + i]).to_float());
        ASSERT_EQ(Bf16At(out, 1024 + i), bfloat16(in[i]).to_float());
        ASSERT_EQ(Bf16At(out, 2048 + i), bfloat16(in[i]).to_float());
    }
}

TEST_F(ComputeTest, DstIndexOutOfRangeFailsTheLaunch) {
    EXPECT_THROW_WITH(Run(R"(
#include "compute_kernel_api/tile_move_copy.h"
namespace NAMESPACE { void MAIN { cb_wait_front(0, 1); tile_regs_acquire(); copy_tile(0, 0, 16); } })",
                          Bf16(Ramp(1024, 0, 1)), Bf16(Ramp(1024, 0, 1)), tt::DataFormat::Float16_b,
                          tt::DataFormat::Float16_b, 1, 1),
                      "DST index out of range");
}

}  // namespace
}  // namespace ttemu::testing
