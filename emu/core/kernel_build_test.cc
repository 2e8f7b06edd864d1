// Building kernels: where a kernel file is looked for, the content hash, compiling with the embedded headers,
// the cache (in this process and on disk), and a compile error carrying the compiler's message.
#include "emu/core/kernel_build.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <sstream>
#include <stdexcept>
#include <string>

#include "emu/core/settings.h"
#include "emu/kernel_include/ttemu_kernel_abi.h"

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

// Loads a built kernel into this process (launches run confined by default: BuildKernel does not load).
std::shared_ptr<CompiledKernel> Loaded(std::shared_ptr<CompiledKernel> k) {
    if (k) LoadKernelCode(*k);
    return k;
}

TEST(KernelBuild, BuildingRunsNoKernelCode) {
    // A kernel whose static constructor leaves a mark: building it (confined launches, the default) must not run it.
    const fs::path mark = g_root / "constructor-ran";
    auto r = Text("#include <cstdio>\nstruct M { M() { if (FILE* f = std::fopen(\"" + mark.string() +
                  "\", \"w\")) std::fclose(f); } } m;\nvoid kernel_main() {}\n");
    const auto k = BuildKernel(r);
    ASSERT_TRUE(k);
    EXPECT_FALSE(k->loaded);
    EXPECT_FALSE(k->entry);
    ASSERT_EQ(k->objects.size(), 1u);
    EXPECT_TRUE(fs::exists(k->objects[0]));
    EXPECT_FALSE(fs::exists(mark));
    LoadKernelCode(*k);  // loading it is what runs it
    EXPECT_TRUE(k->loaded && k->entry && k->set_core);
    EXPECT_TRUE(fs::exists(mark));
}

TEST(KernelBuild, CompilesOnceThenHitsTheCache) {
    const BuildStats before = GetBuildStats();
    const auto r = Text("void kernel_main() { (void)get_arg_val<uint32_t>(0); }\n");
    const auto k = Loaded(BuildKernel(r));
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
    EXPECT_TRUE(Loaded(BuildKernel(r))->entry);
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

std::string Slurp(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

// The builds of the kernel called `name`: tt-metal's layout, <cache>/<version>/<build key>/kernels/<name>/<hash>/.
std::vector<fs::path> BuildFolders(const std::string& name) {
    const fs::path kernels = fs::path(GetSettings().cache_dir) /
                             ("abi" + std::to_string(TTEMU_KERNEL_ABI_VERSION)) / "wormhole_b0" / "kernels" / name;
    std::vector<fs::path> out;
    if (fs::is_directory(kernels))
        for (const auto& e : fs::directory_iterator(kernels)) out.push_back(e.path());
    return out;
}

// Runs `f` with no compiler reachable (the default compiler, "g++", is looked for on PATH).
template <typename F>
void WithoutCompiler(F f) {
    const std::string path = std::getenv("PATH") ? std::getenv("PATH") : "";
    setenv("PATH", "/nonexistent", 1);
    try {
        f();
    } catch (...) {
        setenv("PATH", path.c_str(), 1);
        throw;
    }
    setenv("PATH", path.c_str(), 1);
}

TEST(KernelCache, ABuildIsAFolderWithItsBinaryDependencyHashesAndSuccessMarker) {
    auto r = Text("void kernel_main() { (void)get_arg_val<uint32_t>(1); }\n");
    r.name = "layout kernel/1";
    BuildKernel(r);
    const auto folders = BuildFolders("layout_kernel_1");
    ASSERT_EQ(folders.size(), 1u);
    EXPECT_EQ(folders[0].filename().string().size(), 32u);
    EXPECT_TRUE(fs::exists(folders[0] / ".SUCCESS"));
    EXPECT_TRUE(fs::exists(folders[0] / "kernel" / "kernel.so"));
    // tt-metal's .dephash: a quoted path and the file's hash per line; the embedded headers, which lie in the
    // cache, by a path relative to the binary's folder, so the folder holds in any cache root.
    std::istringstream dephash(Slurp(folders[0] / "kernel" / "kernel.so.dephash"));
    int lines = 0;
    bool dataflow_api = false;
    for (std::string path; dephash >> std::quoted(path); lines++) {
        std::uint64_t hash = 0;
        ASSERT_TRUE(dephash >> hash) << path;
        EXPECT_FALSE(fs::path(path).is_absolute()) << path;
        EXPECT_TRUE(fs::exists(folders[0] / "kernel" / path)) << path;
        dataflow_api |= fs::path(path).filename() == "dataflow_api.h";
    }
    EXPECT_GT(lines, 3);
    EXPECT_TRUE(dataflow_api);
}

TEST(KernelCache, AnUpToDateBuildIsUsedWithNoCompiler) {
    const auto r = Text("void kernel_main() { (void)get_arg_val<uint32_t>(2); }\n");
    ASSERT_TRUE(BuildKernel(r));
    ForgetLoadedKernels();
    const BuildStats before = GetBuildStats();
    WithoutCompiler([&] { EXPECT_TRUE(Loaded(BuildKernel(r))->entry); });
    EXPECT_EQ(GetBuildStats().compiled, before.compiled);
    EXPECT_EQ(GetBuildStats().cache_hits, before.cache_hits + 1);
}

// The checks bite: a changed dependency or a missing marker means building again, which needs the compiler.
TEST(KernelCache, AStaleDependencyOrAMissingMarkerBuildsAgain) {
    auto r = Text("void kernel_main() { (void)get_arg_val<uint32_t>(3); }\n");
    r.name = "stale";
    BuildKernel(r);
    const auto folders = BuildFolders("stale");
    ASSERT_EQ(folders.size(), 1u);
    const fs::path dephash = folders[0] / "kernel" / "kernel.so.dephash";
    const std::string good = Slurp(dephash);
    std::string bad = good;
    const auto tab = bad.find('\t');
    ASSERT_NE(tab, std::string::npos);
    bad.replace(tab + 1, bad.find('\n', tab) - tab - 1, "12345");
    std::ofstream(dephash, std::ios::binary) << bad;
    ForgetLoadedKernels();
    WithoutCompiler([&] { EXPECT_THROW(BuildKernel(r), std::runtime_error); });
    const BuildStats before = GetBuildStats();
    BuildKernel(r);
    EXPECT_EQ(GetBuildStats().compiled, before.compiled + 1);
    EXPECT_EQ(Slurp(dephash), good);

    fs::remove(folders[0] / ".SUCCESS");
    ForgetLoadedKernels();
    WithoutCompiler([&] { EXPECT_THROW(BuildKernel(r), std::runtime_error); });
    BuildKernel(r);
    EXPECT_TRUE(fs::exists(folders[0] / ".SUCCESS"));
}

// A kernel's own files are in the key by content and by their place relative to the kernel, not by where they lie:
// the same files in another folder (a replay writes a log's sources to a new folder each time) are the same build.
TEST(KernelCache, TheSameKernelFilesElsewhereAreTheSameBuild) {
    for (const char* where : {"a", "b"}) {
        fs::create_directories(g_root / where / "k");
        std::ofstream(g_root / where / "k" / "moved.cpp") << "#include \"moved_inc.h\"\nvoid kernel_main() { f(); }\n";
        std::ofstream(g_root / where / "k" / "moved_inc.h") << "inline void f() {}\n";
    }
    KernelBuildRequest r;
    r.name = "moved";
    r.source = (g_root / "a" / "k" / "moved.cpp").string();
    BuildKernel(r);
    const auto folders = BuildFolders("moved");
    ASSERT_EQ(folders.size(), 1u);
    const std::string dephash = Slurp(folders[0] / "kernel" / "kernel.so.dephash");
    EXPECT_EQ(dephash.find("moved"), std::string::npos) << dephash;
    r.source = (g_root / "b" / "k" / "moved.cpp").string();
    const BuildStats before = GetBuildStats();
    WithoutCompiler([&] { EXPECT_TRUE(Loaded(BuildKernel(r))->entry); });
    EXPECT_EQ(GetBuildStats().compiled, before.compiled);
    EXPECT_EQ(BuildFolders("moved").size(), 1u);
    std::ofstream(g_root / "b" / "k" / "moved_inc.h") << "inline void f() { }\n";  // a changed include: a new build
    BuildKernel(r);
    EXPECT_EQ(GetBuildStats().compiled, before.compiled + 1);
    EXPECT_EQ(BuildFolders("moved").size(), 2u);
}

}  // namespace
}  // namespace ttemu
