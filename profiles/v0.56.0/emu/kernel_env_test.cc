// The kernel environment beyond compute_kernel_api's families: the LLK layer kernels drive directly, typecast,
// quantization and random ops, DPRINT tile slices, the compile-time circular-buffer tables, the firmware's zero
// region, and what the firmware prelude provides. Expected values are worked out here from each op's definition.
#include <cmath>
#include <cstring>
#include <tt-metalium/bfloat16.hpp>
#include <tt-metalium/tt_metal.hpp>

#include "profiles/v0.56.0/emu/test_compute_fixture.h"

namespace ttemu::testing {
namespace {

using namespace tt::tt_metal;

class KernelEnvTest : public ComputeTest {
protected:
    // Tile-layout index of element (r, c): four 16x16 faces, each row-major.
    static std::size_t FaceIndex(std::size_t r, std::size_t c) {
        return ((r / 16) * 2 + c / 16) * 256 + (r % 16) * 16 + c % 16;
    }

    static std::vector<std::uint8_t> Words(const std::vector<std::uint32_t>& v) {
        std::vector<std::uint8_t> out(v.size() * 4);
        std::memcpy(out.data(), v.data(), out.size());
        return out;
    }
    static std::uint32_t WordAt(const std::vector<std::uint8_t>& bytes, std::size_t i) {
        std::uint32_t w;
        std::memcpy(&w, &bytes[4 * i], 4);
        return w;
    }
    static float FloatAt(const std::vector<std::uint8_t>& bytes, std::size_t i) {
        float f;
        std::memcpy(&f, &bytes[4 * i], 4);
        return f;
    }
    static std::uint32_t Bits(float f) {
        std::uint32_t u;
        std::memcpy(&u, &f, 4);
        return u;
    }

    // Runs one data-movement kernel on core (1, 2) with its output L1 buffer's address as argument 0 and returns the
    // buffer's `words` words. CB 0 (Bfp8_b) and CB 1 (Float32, 16x32 tiles) exist on the core.
    std::vector<std::uint32_t> RunDataflow(const std::string& kernel, std::uint32_t words) {
        const CoreCoord core = {1, 2};
        auto out = L1(64 * 4096, 4096);
        Program p = CreateProgram();
        CreateCircularBuffer(p, core,
                             CircularBufferConfig(2 * 1088, {{0, tt::DataFormat::Bfp8_b}}).set_page_size(0, 1088));
        CreateCircularBuffer(p, core,
                             CircularBufferConfig(2 * 2048, {{1, tt::DataFormat::Float32}})
                                 .set_page_size(1, 2048)
                                 .set_tile_dims(1, Tile({16, 32})));
        auto k = CreateKernelFromString(p, kernel, core, DataMovementConfig{});
        SetRuntimeArgs(p, k, core, {static_cast<std::uint32_t>(out->address())});
        EnqueueProgram(*cq_, p, true);
        std::vector<std::uint32_t> result;
        detail::ReadFromDeviceL1(device_, core, out->address(), words * 4, result);
        return result;
    }
};

// ---- LLK layer

constexpr const char* kLlkBinary = R"(
#include "llk_unpack_AB_api.h"
#include "llk_math_binary_api.h"
#include "llk_pack_api.h"
namespace NAMESPACE { void MAIN {
    UNPACK((llk_unpack_AB_init<BroadcastType::BCAST>(0, 1)));
    MATH((llk_math_eltwise_binary_init<ELWSUB, BroadcastType::BCAST, MATH_FIDELITY>()));
    UNPACK((llk_wait_tiles(0, 1))); UNPACK((llk_wait_tiles(1, 1)));
    MATH((llk_math_wait_for_dest_available()));
    UNPACK((llk_unpack_AB<BroadcastType::BCAST>(0, 1, 0, 0)));
    MATH((llk_math_eltwise_binary<ELWSUB, BroadcastType::BCAST, MATH_FIDELITY>(2)));
    MATH((llk_math_dest_section_done()));
    PACK((llk_packer_wait_for_math_done()));
    PACK((llk_wait_for_free_tiles<false, false, false>(16, 1)));
    PACK((llk_pack<false, false>(2, 16)));
    PACK((llk_push_tiles<false, false>(16, 1)));
    PACK((llk_pack_dest_section_done()));
} })";

TEST_F(KernelEnvTest, LlkUnpackMathPackComputeSourceAMinusBroadcastB) {
    const auto a = Ramp(1024, -3.0f, 0.25f), b = Ramp(1024, 0.5f, 0.125f);
    for (const char* bcast : {"NONE", "ROW", "COL", "SCALAR"}) {
        auto out = Run(std::string("#define BCAST ") + bcast + kLlkBinary, Bf16(a), Bf16(b), tt::DataFormat::Float16_b,
                       tt::DataFormat::Float16_b, 1, 1);
        for (std::size_t r = 0; r < 32; r++)
            for (std::size_t c = 0; c < 32; c++) {
                const std::string kind = bcast;
                const std::size_t br = kind == "ROW" || kind == "SCALAR" ? 0 : r;
                const std::size_t bc = kind == "COL" || kind == "SCALAR" ? 0 : c;
                const float want = bfloat16(a[FaceIndex(r, c)]).to_float() - bfloat16(b[FaceIndex(br, bc)]).to_float();
                ASSERT_NEAR(Bf16At(out, FaceIndex(r, c)), want, std::fabs(want) * 0.008f + 1e-6f)
                    << bcast << " at (" << r << ", " << c << ")";
            }
    }
}

// Unpacking A with a broadcast leaves the broadcast tile in srcB: B2D copies it, A2D the plain tile.
constexpr const char* kLlkCopy = R"(
#include "llk_unpack_A_api.h"
#include "llk_math_unary_datacopy_api.h"
#include "llk_pack_api.h"
namespace NAMESPACE { void MAIN {
    llk_wait_tiles(0, 1);
    llk_unpack_A<BroadcastType::COL>(0, 0);
    llk_math_eltwise_unary_datacopy<A2D>(0);
    llk_math_eltwise_unary_datacopy<B2D, BroadcastType::COL>(1);
    llk_pop_tiles(0, 1);
    llk_wait_for_free_tiles(16, 2);
    llk_pack(0, 16); llk_pack(1, 16);
    llk_push_tiles(16, 2);
} })";

TEST_F(KernelEnvTest, LlkDatacopyFromEitherSource) {
    const auto a = Ramp(1024, -3.0f, 0.25f);
    auto out = Run(kLlkCopy, Bf16(a), Bf16(a), tt::DataFormat::Float16_b, tt::DataFormat::Float16_b, 1, 2);
    for (std::size_t r = 0; r < 32; r++)
        for (std::size_t c = 0; c < 32; c++) {
            ASSERT_EQ(Bf16At(out, FaceIndex(r, c)), bfloat16(a[FaceIndex(r, c)]).to_float());
            ASSERT_EQ(Bf16At(out, 1024 + FaceIndex(r, c)), bfloat16(a[FaceIndex(r, 0)]).to_float());
        }
}

// ---- typecast, quantization, random

constexpr const char* kTypecast = R"(
#include "compute_kernel_api/common.h"
#include "compute_kernel_api/tile_move_copy.h"
#include "compute_kernel_api/eltwise_unary/typecast.h"
namespace NAMESPACE { void MAIN {
    cb_wait_front(0, 1); cb_reserve_back(16, 1);
    tile_regs_acquire(); copy_tile(0, 0, 0); typecast_tile_init(); typecast_tile<IN, OUT>(0);
    tile_regs_commit(); tile_regs_wait(); pack_tile(0, 16); tile_regs_release();
    cb_push_back(16, 1);
} })";

TEST_F(KernelEnvTest, TypecastFloatToIntegersTruncatesSaturatesOrRounds) {
    std::vector<float> in(1024, 0.0f);
    const std::vector<float> samples = {-3.5f, 2.5f, 1.75f, -1.75f, 70000.0f, 3.0e9f, -3.0e9f, 0.4f};
    for (std::size_t i = 0; i < samples.size(); i++) in[i] = samples[i];
    std::vector<std::uint8_t> f32(4096);
    std::memcpy(f32.data(), in.data(), 4096);
    // Float32 → Int32: toward zero, saturating.
    auto to_i32 = Run("#define IN 0\n#define OUT 8\n" + std::string(kTypecast), f32, f32, tt::DataFormat::Float32,
                      tt::DataFormat::Int32, 1, 1);
    const std::vector<std::int32_t> want_i32 = {-3, 2, 1, -1, 70000, 2147483647, -2147483647, 0};
    for (std::size_t i = 0; i < want_i32.size(); i++)
        EXPECT_EQ(std::int32_t(WordAt(to_i32, i)), want_i32[i]) << samples[i];
    // Float32 → UInt16: negatives are 0, nearest (ties to even), saturating at 65535.
    auto to_u16 = Run("#define IN 0\n#define OUT 9\n" + std::string(kTypecast), f32, f32, tt::DataFormat::Float32,
                      tt::DataFormat::UInt16, 1, 1);
    const std::vector<std::uint16_t> want_u16 = {0, 2, 2, 0, 65535, 65535, 0, 0};
    for (std::size_t i = 0; i < want_u16.size(); i++) {
        std::uint16_t got;
        std::memcpy(&got, &to_u16[2 * i], 2);
        EXPECT_EQ(got, want_u16[i]) << samples[i];
    }
    // Int32 → Float16_b: the integer's value, rounded to bfloat16.
    std::vector<std::uint32_t> ints(1024, 0);
    ints[0] = std::uint32_t(-7), ints[1] = 257, ints[2] = 1000000;
    auto to_bf16 = Run("#define IN 8\n#define OUT 5\n" + std::string(kTypecast), Words(ints), Words(ints),
                       tt::DataFormat::Int32, tt::DataFormat::Float16_b, 1, 1);
    EXPECT_EQ(Bf16At(to_bf16, 0), -7.0f);
    EXPECT_EQ(Bf16At(to_bf16, 1), 256.0f);  // 257 needs 9 significant bits; bfloat16 keeps 8: ties to even
    EXPECT_EQ(Bf16At(to_bf16, 2), bfloat16(1000000.0f).to_float());
}

constexpr const char* kQuant = R"(
#include "compute_kernel_api/common.h"
#include "compute_kernel_api/tile_move_copy.h"
#include "compute_kernel_api/quantization.h"
namespace NAMESPACE { void MAIN {
    cb_wait_front(0, 1); cb_wait_front(1, 1); cb_reserve_back(16, 1);
    tile_regs_acquire(); copy_tile(0, 0, 0); copy_tile(1, 0, 1);
    quant_tile_init(0x3f800000 /* zero point 1.0 */); quant_tile(0, 1);
    tile_regs_commit(); tile_regs_wait(); pack_tile(0, 16); tile_regs_release();
    cb_push_back(16, 1);
} })";

TEST_F(KernelEnvTest, QuantizeScalesShiftsRoundsAndSaturatesToInt8) {
    std::vector<float> x(1024), scale(1024, 4.0f);
    for (std::size_t i = 0; i < 1024; i++) x[i] = -40.0f + 0.0625f * float(i % 700);
    std::vector<std::uint8_t> xb(4096), sb(4096);
    std::memcpy(xb.data(), x.data(), 4096);
    std::memcpy(sb.data(), scale.data(), 4096);
    auto out = Run(kQuant, xb, sb, tt::DataFormat::Float32, tt::DataFormat::Int32, 1, 1);
    for (std::size_t i = 0; i < 1024; i++) {
        const float r = std::nearbyint(x[i] * 4.0f + 1.0f);
        const std::int32_t want = std::int32_t(std::fmax(-127.0f, std::fmin(127.0f, r)));
        ASSERT_EQ(std::int32_t(WordAt(out, i)), want) << x[i];
    }
}

constexpr const char* kRandom = R"(
#include "compute_kernel_api/common.h"
#include "compute_kernel_api/tile_move_copy.h"
#include "compute_kernel_api/eltwise_unary/rand.h"
#include "compute_kernel_api/eltwise_unary/dropout.h"
namespace NAMESPACE { void MAIN {
    cb_wait_front(0, 1); cb_reserve_back(16, 2);
    tile_regs_acquire();
    rand_tile_init(SEED); rand_tile(0, 0xc0000000 /* -2.0 */, 0x40800000 /* 4.0 */);
    copy_tile(0, 0, 1); dropout_kernel_init(SEED); dropout_tile(1, 536870911 /* INT_MAX / 4 */, 0x40000000 /* 2.0 */);
    tile_regs_commit(); tile_regs_wait(); pack_tile(0, 16); pack_tile(1, 16); tile_regs_release();
    cb_push_back(16, 2);
} })";

TEST_F(KernelEnvTest, RandomTilesAreUniformInRangeAndDropoutDropsItsShare) {
    std::vector<float> ones(1024, 1.5f);
    std::vector<std::uint8_t> in(4096);
    std::memcpy(in.data(), ones.data(), 4096);
    auto run = [&](int seed) {
        return Run("#define SEED " + std::to_string(seed) + "\n" + kRandom, in, in, tt::DataFormat::Float32,
                   tt::DataFormat::Float32, 1, 2);
    };
    const auto a = run(7), again = run(7), other = run(8);
    EXPECT_EQ(a, again) << "the same seed gives the same tiles";
    EXPECT_NE(a, other) << "another seed gives other tiles";
    double sum = 0;
    std::size_t dropped = 0;
    for (std::size_t i = 0; i < 1024; i++) {
        const float v = FloatAt(a, i);
        ASSERT_GE(v, -2.0f);
        ASSERT_LT(v, 2.0f);
        sum += v;
        const float d = FloatAt(a, 1024 + i);
        ASSERT_TRUE(d == 0.0f || d == 3.0f) << "dropout keeps x * scale or drops to 0, got " << d;
        dropped += d == 0.0f;
    }
    EXPECT_NEAR(sum / 1024, 0.0, 0.15) << "uniform on [-2, 2) averages about 0";
    EXPECT_NEAR(double(dropped) / 1024, 0.25, 0.05) << "a quarter of the elements drop";
}

// ---- DPRINT tile slices

TEST_F(KernelEnvTest, DprintTileSlicesPrintAsTheDprintServerDoes) {
    std::vector<float> v(1024);
    for (std::size_t r = 0; r < 32; r++)
        for (std::size_t c = 0; c < 32; c++) v[FaceIndex(r, c)] = float(r * 100 + c);  // logical (r, c) → r*100 + c
    auto run = [&](const std::string& print) {
        ::testing::internal::CaptureStdout();
        Run(R"(
#include "compute_kernel_api/common.h"
#include "compute_kernel_api/tile_move_copy.h"
#include "debug/dprint.h"
namespace NAMESPACE { void MAIN {
    cb_wait_front(0, 1); cb_reserve_back(16, 1);
    )" + print + R"(
    tile_regs_acquire(); copy_tile(0, 0, 0); tile_regs_commit(); tile_regs_wait(); pack_tile(0, 16); tile_regs_release();
    cb_push_back(16, 1);
} })",
            Bf16(v), Bf16(v), tt::DataFormat::Float16_b, tt::DataFormat::Float16_b, 1, 1);
        return ::testing::internal::GetCapturedStdout();
    };
    // Rows 0 and 16, columns 0 and 16 of the tile, in logical order, one line per row.
    std::string out = run("DPRINT_UNPACK(DPRINT << TSLICE(0, 0, SliceRange::hw0_32_16()));");
    EXPECT_NE(out.find("0 16\n"), std::string::npos) << out;
    EXPECT_NE(out.find("1600 1616\n"), std::string::npos) << out;
    // Storage order (print_untilized false): row 0 of the stored data runs through face 0's first rows.
    out = run("DPRINT_UNPACK(DPRINT << TileSlice(0, 0, SliceRange{0, 1, 1, 16, 20, 1}, true, false));");
    EXPECT_NE(out.find("100 101 102 103\n"), std::string::npos) << out;
    // A whole row of bfloat16 fits the slice's 64 bytes; two rows do not: the print says where it stopped.
    out = run("DPRINT_UNPACK(DPRINT << TSLICE(0, 0, SliceRange{0, 2, 1, 0, 32, 1}));");
    EXPECT_NE(out.find("<TileSlice data truncated due to exceeding max count (32)>"), std::string::npos) << out;
    out = run("DPRINT_MATH(DPRINT << TSLICE(0, 0, SliceRange::hw0_32_16()));");
    EXPECT_NE(out.find("Warning: MATH core does not support TileSlice printing, omitting print..."), std::string::npos)
        << out;
}

// ---- Compile-time circular-buffer tables, the zero region, the firmware prelude

TEST_F(KernelEnvTest, CircularBufferTablesAreConstantsOfTheKernelsBuild) {
    auto words = RunDataflow(R"(
#include "dataflow_api.h"
void kernel_main() {
    constexpr int32_t bfp8_tile = get_tile_size(0);  // a constant expression, as in tt-metal
    static_assert(bfp8_tile > 0);
    volatile uint32_t* out = reinterpret_cast<volatile uint32_t*>(get_arg_val<uint32_t>(0));
    out[0] = bfp8_tile;
    out[1] = uint32_t(get_dataformat(0));
    out[2] = get_tile_size(1);
    out[3] = get_tile_hw(1);
    out[4] = get_tile_num_faces(1);
    out[5] = get_tile_size(7);              // not configured: tt-metal's defaults
    out[6] = uint32_t(get_dataformat(7));
})",
                             7);
    EXPECT_EQ(words, (std::vector<std::uint32_t>{1088, 6, 16 * 32 * 4, 512, 2, 1088, 255}));
}

TEST_F(KernelEnvTest, TheFirmwareZeroRegionReadsAsZerosOverTheNoc) {
    auto words = RunDataflow(R"(
#include "dataflow_api.h"
void kernel_main() {
    const uint32_t out = get_arg_val<uint32_t>(0);
    volatile uint32_t* p = reinterpret_cast<volatile uint32_t*>(out);
    for (uint32_t i = 0; i < 256; i++) p[i] = 0xffffffffu;
    noc_async_read(get_noc_addr(MEM_ZEROS_BASE), out, MEM_ZEROS_SIZE);  // clears the first 512 bytes
    noc_async_read_barrier();
})",
                             256);
    for (std::size_t i = 0; i < 128; i++) ASSERT_EQ(words[i], 0u) << i;
    for (std::size_t i = 128; i < 256; i++) ASSERT_EQ(words[i], 0xffffffffu) << i;
}

TEST_F(KernelEnvTest, KernelsSeeWhatTheFirmwarePreludeProvides) {
    auto words = RunDataflow(R"(
#include "dataflow_api.h"
#include "debug/assert.h"
#include "mod_div_lib.h"
#include "utils/utils.h"
void kernel_main() {
    DeviceZoneScopedN("zone");          // the profiler's macros, without including them
    ASSERT(false);                      // asserts compile to nothing unless the watcher is on
    uint n = 1000;                      // `uint`, as the RISC-V toolchain has it
    volatile uint32_t* out = reinterpret_cast<volatile uint32_t*>(get_arg_val<uint32_t>(0));
    out[0] = udivsi3_const_divisor<12>(n);
    out[1] = umodsi3_const_divisor<12>(n);
    out[2] = align(n, 64);
    out[3] = std::min<uint32_t>(n, 7);
    out[4] = NOC_XY_ADDR(NOC_X(3), NOC_Y(4), 0x100) >> NOC_ADDR_LOCAL_BITS;
    out[5] = min(n, 9u);                // tt-metal's global min
    out[6] = dram_bank_to_noc_xy[0][1]; // the firmware's bank tables
    out[7] = dram_bank_to_noc_xy[1][1];
    out[8] = bank_to_dram_offset[1];
    out[9] = get_noc_addr_from_bank_id<true>(5, 0x40) ==
             ((uint64_t(dram_bank_to_noc_xy[noc_index][5]) << 36) | (bank_to_dram_offset[5] + 0x40));
    out[10] = noc_mode == DM_DEDICATED_NOC;
})",
                             11);
    // DRAM bank 1 is NOC0 (0, 1), the second bank of channel 0 (1 GiB in); NOC1 sees it mirrored at (9, 10).
    EXPECT_EQ(words,
              (std::vector<std::uint32_t>{83, 4, 1024, 7, (4u << 6) | 3u, 9, 1u << 6, (10u << 6) | 9u, 1u << 30, 1, 1}));
}

}  // namespace
}  // namespace ttemu::testing
