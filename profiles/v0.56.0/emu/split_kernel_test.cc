// Compute kernels written as one function per TRISC (unpack_main, math_main, pack_main), as some of tt-metal's own
// tests are: the emulator runs them as three threads that hand the source registers and DST over. Each test would
// fail if a thread ran ahead of its hand-over: the fixture pushes every input tile before the compute kernel
// starts, so an unpacker that did not wait for math would leave only the last tile in srcA.
#include <cmath>
#include <cstring>
#include <string>
#include <tt-metalium/bfloat16.hpp>
#include <tt-metalium/tt_metal.hpp>

#include "profiles/v0.56.0/emu/test_compute_fixture.h"

namespace ttemu::testing {
namespace {

// Tile-layout index of element (r, c): four 16x16 faces, each row-major.
std::size_t FaceIndex(std::size_t r, std::size_t c) { return ((r / 16) * 2 + c / 16) * 256 + (r % 16) * 16 + c % 16; }

using SplitKernelTest = ComputeTest;

// N tiles: out[t] = in0[t] + in1[t], each tile through srcA/srcB, DST and the packer.
constexpr const char* kSplitAdd = R"(
#include <cstdint>
namespace NAMESPACE {
#ifdef TRISC_UNPACK
void unpack_main() {
    llk_unpack_AB_init<NONE>(0, 1);
    for (uint32_t t = 0; t < N; t++) {
        llk_wait_tiles(0, 1); llk_wait_tiles(1, 1);
        llk_unpack_AB(0, 1, 0, 0);
        llk_pop_tiles(0, 1); llk_pop_tiles(1, 1);
    }
}
#endif
#ifdef TRISC_MATH
void math_main() {
    llk_math_pack_sync_init();
    llk_math_eltwise_binary_init<ELWADD, NONE>();
    for (uint32_t t = 0; t < N; t++) {
        llk_math_wait_for_dest_available();
        llk_math_eltwise_binary<ELWADD, NONE, MATH_FIDELITY, EltwiseBinaryReuseDestType::NONE>(0);
        llk_math_dest_section_done();
    }
}
#endif
#ifdef TRISC_PACK
void pack_main() {
    llk_pack_init(); llk_pack_dest_init<DstTileFaceLayout::RowMajor, false>();
    for (uint32_t t = 0; t < N; t++) {
        llk_wait_for_free_tiles<false, false, false>(16, 1);
        llk_packer_wait_for_math_done();
        llk_pack<false, false>(0, 16);
        llk_push_tiles<false, false>(16, 1);
        llk_pack_dest_section_done();
    }
}
#endif
})";

TEST_F(SplitKernelTest, ThreadsHandEachTileOverThroughSourcesAndDst) {
    constexpr std::uint32_t kTiles = 4;
    const auto a = Ramp(kTiles * 1024, -3.0f, 0.25f), b = Ramp(kTiles * 1024, 0.5f, 0.125f);
    auto out = Run(std::string("#define N ") + std::to_string(kTiles) + "\n" + kSplitAdd, Bf16(a), Bf16(b),
                   tt::DataFormat::Float16_b, tt::DataFormat::Float16_b, kTiles, kTiles);
    for (std::size_t i = 0; i < kTiles * 1024; i++) {
        const float want = bfloat16(a[i]).to_float() + bfloat16(b[i]).to_float();
        ASSERT_NEAR(Bf16At(out, i), want, std::fabs(want) * 0.008f + 1e-6f) << "element " << i;
    }
}

// Untilizing unpack: two tiles become 32 row-major rows of 64 values, loaded into srcA a tile's worth at a time.
constexpr const char* kSplitUntilize = R"(
namespace NAMESPACE {
void unpack_main() {
    llk_unpack_untilize_init(0);
    llk_wait_tiles(0, 2);
    llk_unpack_untilize(0, 2);
    llk_unpack_untilize_uninit(0);
    llk_pop_tiles(0, 2);
}
void math_main() {
    llk_math_eltwise_unary_datacopy_init<A2D, NONE>(0, 0);
    for (int t = 0; t < 2; t++) {
        llk_math_wait_for_dest_available();
        llk_math_eltwise_unary_datacopy<A2D, NONE>(0);
        llk_math_dest_section_done();
    }
}
void pack_main() {
    llk_wait_for_free_tiles<false, false, false>(16, 2);
    for (int t = 0; t < 2; t++) {
        llk_packer_wait_for_math_done();
        llk_pack<false, false>(0, 16);
        llk_pack_dest_section_done();
    }
    llk_push_tiles<false, false>(16, 2);
}
})";

TEST_F(SplitKernelTest, UntilizingUnpackLaysTheBlockOutRowMajor) {
    const auto a = Ramp(2 * 1024, -10.0f, 0.5f);
    auto out = Run(kSplitUntilize, Bf16(a), Bf16(a), tt::DataFormat::Float16_b, tt::DataFormat::Float16_b, 2, 2);
    for (std::size_t r = 0; r < 32; r++)
        for (std::size_t c = 0; c < 64; c++)
            ASSERT_EQ(Bf16At(out, r * 64 + c), bfloat16(a[(c / 32) * 1024 + FaceIndex(r, c % 32)]).to_float())
                << "row " << r << " column " << c;
}

// A math thread that never finishes its DST section leaves the packer waiting: a deadlock naming both threads.
TEST_F(SplitKernelTest, AMissingHandOverIsADeadlockNamingTheThreads) {
    const std::string kernel = R"(
namespace NAMESPACE {
void unpack_main() {}
void math_main() { llk_math_wait_for_dest_available(); }
void pack_main() { llk_packer_wait_for_math_done(); }
})";
    const auto a = Ramp(1024, 0.0f, 1.0f);
    EXPECT_THROW_WITH(Run(kernel, Bf16(a), Bf16(a), tt::DataFormat::Float16_b, tt::DataFormat::Float16_b, 1, 1),
                      "TRISC2 (pack) (kernel");
    EXPECT_THROW_WITH(Run(kernel, Bf16(a), Bf16(a), tt::DataFormat::Float16_b, tt::DataFormat::Float16_b, 1, 1),
                      "pack: waiting for math to commit DST");
}

// Each thread prints under its own processor name, as tt-metal's DPRINT server shows them.
TEST_F(SplitKernelTest, ThreadsPrintAsTR0TR1TR2) {
    const auto a = Ramp(1024, 0.0f, 1.0f);
    ::testing::internal::CaptureStdout();
    Run(R"(
#include "debug/dprint.h"
namespace NAMESPACE {
void unpack_main() { DPRINT << "u" << ENDL(); }
void math_main() { DPRINT << "m" << ENDL(); }
void pack_main() { llk_wait_for_free_tiles(16, 1); llk_push_tiles(16, 1); DPRINT << "p" << ENDL(); }
})",
        Bf16(a), Bf16(a), tt::DataFormat::Float16_b, tt::DataFormat::Float16_b, 1, 1);
    const std::string out = ::testing::internal::GetCapturedStdout();
    EXPECT_NE(out.find(":TR0: u\n"), std::string::npos) << out;
    EXPECT_NE(out.find(":TR1: m\n"), std::string::npos) << out;
    EXPECT_NE(out.find(":TR2: p\n"), std::string::npos) << out;
}

TEST_F(SplitKernelTest, AKernelWithBothMainAndPerThreadFunctionsDoesNotCompile) {
    const auto a = Ramp(1024, 0.0f, 1.0f);
    EXPECT_THROW_WITH(Run("namespace NAMESPACE { void MAIN {} void math_main() {} }", Bf16(a), Bf16(a),
                          tt::DataFormat::Float16_b, tt::DataFormat::Float16_b, 1, 1),
                      "exactly one");
    EXPECT_THROW_WITH(Run("namespace NAMESPACE { void helper() {} }", Bf16(a), Bf16(a), tt::DataFormat::Float16_b,
                          tt::DataFormat::Float16_b, 1, 1),
                      "exactly one");
}

}  // namespace
}  // namespace ttemu::testing
