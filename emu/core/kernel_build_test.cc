// Building kernels: where a kernel file is looked for, the content hash, compiling with the embedded headers,
// the cache (in this process and on disk), and a compile error carrying the compiler's message.
#include "emu/core/kernel_build.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>

#include "emu/core/settings.h"

namespace fs = std::filesystem;

namespace ttemu {
namespace {

// Settings are read once per process: point the cache and TT_METAL_HOME into the test's folder first.
const fs::path g_root = [] {
    const char* tmp = std::getenv("TEST_TMPDIR");
    const fs::path root = fs::path(tmp ? tmp : "/tmp") / "kernel_build_test";
    fs::remove_all(root);
    fs::create_directories(root / "home" / "kernels");
    setenv("TT_METAL_EMU_CACHE_DIR", (root / "cache").c_str(), 1);
    setenv("TT_METAL_HOME", (root / "home").c_str(), 1);
    return root;
}();

KernelBuildRequest Text(const std::string& source) {
    KernelBuildRequest r;
    r.name = "test kernel";
    r.source = source;
    r.source_is_text = true;
    return r;
}

TEST(KernelBuild, HashIsStableAndSpreads) {
    EXPECT_EQ(HashHex("abc"), HashHex("abc"));
    EXPECT_EQ(HashHex("abc").size(), 32u);
    EXPECT_NE(HashHex("abc"), HashHex("abd"));
    EXPECT_NE(HashHex(std::string("a\0b", 3)), HashHex(std::string("a\0c", 3)));
}

TEST(KernelBuild, KernelFilesAreFoundUnderTtMetalHome) {
    std::ofstream(g_root / "home" / "kernels" / "k.cpp") << "void kernel_main() {}\n";
    EXPECT_EQ(fs::path(ResolveKernelPath("kernels/k.cpp")), g_root / "home" / "kernels" / "k.cpp");
    try {
        ResolveKernelPath("kernels/missing.cpp");
        FAIL() << "found a missing kernel";
    } catch (const std::runtime_error& e) {
        const std::string what = e.what();
        EXPECT_NE(what.find("kernels/missing.cpp doesn't exist"), std::string::npos) << what;
        EXPECT_NE(what.find("TT_METAL_HOME=" + (g_root / "home").string()), std::string::npos) << what;
    }
}

// A kernel of tt-metal's tree that TT_METAL_HOME lacks is the emulator's stand-in (home/), unless the program's
// tree has its own, which wins.
TEST(KernelBuild, StandInsServeKernelsOfTtMetalsTree) {
    const std::string name = "tests/tt_metal/tt_metal/test_kernels/dataflow/writer_unary_8bank.cpp";
    const fs::path stand_in = ResolveKernelPath(name);
    EXPECT_EQ(stand_in.parent_path().filename(), "dataflow");
    EXPECT_EQ(stand_in.string().rfind(GetSettings().cache_dir, 0), 0u) << stand_in;
    std::ifstream in(stand_in);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    EXPECT_NE(text.find("kernel_main"), std::string::npos);
    fs::create_directories((g_root / "home" / name).parent_path());
    std::ofstream(g_root / "home" / name) << "void kernel_main() {}\n";
    EXPECT_EQ(fs::path(ResolveKernelPath(name)), g_root / "home" / name);
    fs::remove(g_root / "home" / name);
}

TEST(KernelBuild, CompilesOnceThenHitsTheCache) {
    const BuildStats before = GetBuildStats();
    const auto r = Text("void kernel_main() { (void)get_arg_val<uint32_t>(0); }\n");
    const auto k = BuildKernel(r);
    ASSERT_TRUE(k && k->entry && k->set_core);
    EXPECT_EQ(GetBuildStats().compiled, before.compiled + 1);
    EXPECT_EQ(BuildKernel(r), k);  // same request: the loaded kernel
    EXPECT_EQ(GetBuildStats().compiled, before.compiled + 1);
    EXPECT_EQ(GetBuildStats().cache_hits, before.cache_hits + 1);
    auto other = r;
    other.defines["EXTRA"] = "1";  // anything that reaches the compile is part of the key
    EXPECT_NE(BuildKernel(other), k);
    EXPECT_EQ(GetBuildStats().compiled, before.compiled + 2);
}

TEST(KernelBuild, ComputeKernelsSeeTheComputeApi) {
    auto r = Text("namespace NAMESPACE { void MAIN { tile_regs_acquire(); add_tiles(0, 1, 0, 0, 0); } }\n");
    r.kind = KernelBuildRequest::Kind::kCompute;
    EXPECT_TRUE(BuildKernel(r)->entry);
}

TEST(KernelBuild, CompileErrorsCarryTheCompilersMessage) {
    try {
        BuildKernel(Text("void kernel_main() { no_such_function(); }\n"));
        FAIL() << "a broken kernel compiled";
    } catch (const std::runtime_error& e) {
        const std::string what = e.what();
        EXPECT_NE(what.find("Failed to generate binaries for test kernel"), std::string::npos) << what;
        EXPECT_NE(what.find("no_such_function"), std::string::npos) << what;
    }
}

}  // namespace
}  // namespace ttemu
