// Kernel source closures: quoted includes beside the including file, then under a TT_METAL_HOME's include roots,
// and where a replay must put each file.
#include "common/kernel_sources.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>

namespace ltcap {
namespace {
namespace fs = std::filesystem;

class KernelSourcesTest : public ::testing::Test {
protected:
    void SetUp() override {
        const char* tmp = std::getenv("TEST_TMPDIR");
        root_ = fs::path(tmp ? tmp : "/tmp") / "kernel_sources_test";
        fs::remove_all(root_);
    }
    void Write(const std::string& rel, const std::string& content) {
        const fs::path p = root_ / rel;
        fs::create_directories(p.parent_path());
        std::ofstream(p) << content;
    }
    // home_path, or "@" + the path relative to the test root for files placed beside the kernel.
    std::map<std::string, std::string> Places(const std::vector<SourceFile>& files) {
        std::map<std::string, std::string> out;
        for (const auto& f : files)
            out[f.home_path.empty() ? "@" + fs::path(f.path).lexically_relative(root_).string() : f.home_path] =
                f.content;
        return out;
    }
    fs::path root_;
};

TEST_F(KernelSourcesTest, IncludesBesideTheFileComeFirstThenTheHomesIncludeRoots) {
    Write("home/ttnn/cpp/helpers/tiles.hpp", "#include \"sizes.hpp\"\n#include \"tt_metal_util.h\"\ntiles");
    Write("home/ttnn/cpp/helpers/sizes.hpp", "sizes");
    Write("home/tt_metal/tt_metal_util.h", "util");
    Write("home/common.h", "home common");
    Write("work/kernels/reader.cpp", "#include \"common.h\"\n#include \"cpp/helpers/tiles.hpp\"\n"
                                     "#include <dataflow_api.h>\n#include \"missing.h\"\nbody");
    Write("work/kernels/common.h", "local common");  // beside the kernel: shadows the home's common.h
    const auto files = ReadSourceClosure((root_ / "work/kernels/reader.cpp").string(), {(root_ / "home").string()});
    ASSERT_TRUE(files);
    EXPECT_EQ(files->front().home_path, "") << "the kernel lies outside the home";
    EXPECT_EQ(Places(*files), (std::map<std::string, std::string>{
                                  {"@work/kernels/reader.cpp", files->front().content},
                                  {"@work/kernels/common.h", "local common"},
                                  {"ttnn/cpp/helpers/tiles.hpp", "#include \"sizes.hpp\"\n#include \"tt_metal_util.h\"\ntiles"},
                                  {"ttnn/cpp/helpers/sizes.hpp", "sizes"},  // beside a home file: in the home too
                                  {"tt_metal/tt_metal_util.h", "util"},     // the third root
                              }));
    // Without the home, only what lies beside the kernel.
    EXPECT_EQ(ReadSourceClosure((root_ / "work/kernels/reader.cpp").string())->size(), 2u);
}

TEST_F(KernelSourcesTest, AKernelInsideAHomeIsPlacedInTheHomeWithWhatItReaches) {
    Write("home/ttnn/ops/kernels/k.cpp", "#include \"../helper.h\"\n#include \"ttnn/ops/helper.h\"\nk");
    Write("home/ttnn/ops/helper.h", "helper");
    const auto files = ReadSourceClosure((root_ / "home/ttnn/ops/kernels/k.cpp").string(), {(root_ / "home").string()});
    ASSERT_TRUE(files);
    EXPECT_EQ(files->front().home_path, "ttnn/ops/kernels/k.cpp");
    // Reached two ways, placed once: the same place in the home.
    EXPECT_EQ(Places(*files), (std::map<std::string, std::string>{{"ttnn/ops/kernels/k.cpp", files->front().content},
                                                                  {"ttnn/ops/helper.h", "helper"}}));
    EXPECT_FALSE(ReadSourceClosure((root_ / "home/none.cpp").string(), {(root_ / "home").string()}));
}

// A ttnn kernel header named as tt-metal's kernels name it (ttnn/operations/…) sits under the home's ttnn/cpp.
TEST_F(KernelSourcesTest, AKernelReachesTtnnHeadersUnderTtnnCpp) {
    Write("home/tests/k.cpp", "#include \"ttnn/operations/op/kernels/common.hpp\"\nk");
    Write("home/ttnn/cpp/ttnn/operations/op/kernels/common.hpp", "common");
    const auto files = ReadSourceClosure((root_ / "home/tests/k.cpp").string(), {(root_ / "home").string()});
    ASSERT_TRUE(files);
    EXPECT_EQ(Places(*files), (std::map<std::string, std::string>{{"tests/k.cpp", files->front().content},
                                                                  {"ttnn/cpp/ttnn/operations/op/kernels/common.hpp",
                                                                   "common"}}));
}

TEST(KernelIncludeRoots, AreTheHomeThenTtnnThenTtnnCppThenTtMetal) {
    EXPECT_EQ(KernelIncludeRoots("/opt/tt/"),
              (std::vector<std::string>{"/opt/tt/", "/opt/tt/ttnn", "/opt/tt/ttnn/cpp", "/opt/tt/tt_metal"}));
    EXPECT_TRUE(KernelIncludeRoots("").empty());
}

}  // namespace
}  // namespace ltcap
