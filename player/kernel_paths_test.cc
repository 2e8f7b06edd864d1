#include "player/kernel_paths.h"

#include <gtest/gtest.h>

#include <string>

#include "schema/log_error_testing.h"

namespace ltcap {
namespace {
using testing::LogErrorMessage;

TEST(KernelPaths, AKernelsOwnFilesMayClimbAsDeepAsItsFolderSits) {
    EXPECT_EQ(KernelFilePlace(1, "reader.cpp", false), "d0/d1/d2/d3/d4/reader.cpp");
    EXPECT_EQ(KernelFilePlace(1, "../common/util.h", false), "d0/d1/d2/d3/common/util.h");
    EXPECT_EQ(KernelFilePlace(1, "../../../../../top.h", false), "top.h");
    EXPECT_EQ(LogErrorMessage([] { KernelFilePlace(2, "../../../../../../up.h", false); }),
              "kernel source #2 names a file outside its folder: ../../../../../../up.h");
    EXPECT_EQ(LogErrorMessage([] { KernelFilePlace(3, "/etc/passwd", false); }),
              "kernel source #3 names a file outside its folder: /etc/passwd");
    EXPECT_EQ(LogErrorMessage([] { KernelFilePlace(4, "", false); }), "kernel source #4 names a file outside its folder: ");
}

TEST(KernelPaths, HomeFilesStayInTheHome) {
    EXPECT_EQ(KernelFilePlace(1, "tt_metal/kernels/x.cpp", true), "tt_metal/kernels/x.cpp");
    EXPECT_EQ(KernelFilePlace(1, "a/./b/../c.h", true), "a/c.h");
    EXPECT_EQ(LogErrorMessage([] { KernelFilePlace(5, "../x.h", true); }),
              "kernel source #5 names a file outside its TT_METAL_HOME: ../x.h");
    EXPECT_EQ(LogErrorMessage([] { KernelFilePlace(5, "a/../../x.h", true); }),
              "kernel source #5 names a file outside its TT_METAL_HOME: a/../../x.h");
    EXPECT_EQ(LogErrorMessage([] { KernelFilePlace(5, ".", true); }),
              "kernel source #5 names a file outside its TT_METAL_HOME: .");
}

TEST(KernelPaths, ControlBytesAndNulAreRefusedAndShownEscaped) {
    EXPECT_EQ(LogErrorMessage([] { KernelFilePlace(6, std::string("a\0b", 3), true); }),
              "kernel source #6 names a file outside its TT_METAL_HOME: a\\x00b");
    EXPECT_EQ(KernelFilePlace(7, "dir\x1b[31m/x.h", true), "dir\x1b[31m/x.h");  // legal, if odd: placed as it is
    EXPECT_EQ(LogErrorMessage([] { KernelFilePlace(7, "/\x1b[2J", true); }),
              "kernel source #7 names a file outside its TT_METAL_HOME: /\\x1b[2J");
}

}  // namespace
}  // namespace ltcap
