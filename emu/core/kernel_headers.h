// Files embedded in the library at build time (BUILD.bazel: embed_files.sh), so they are there wherever
// libtt_metal.so is installed: the emulator's kernel-side headers (dataflow_api.h, debug/dprint.h, …) and its
// stand-ins for kernel files of tt-metal's tree (home/README.md).
#pragma once

#include <cstddef>

namespace ttemu {
struct EmbeddedFile {
    const char* path;
    const char* content;
};
extern const EmbeddedFile kKernelHeaders[];  // paths relative to the include directory
extern const std::size_t kNumKernelHeaders;
extern const EmbeddedFile kHomeFiles[];  // paths relative to a tt-metal tree ($TT_METAL_HOME)
extern const std::size_t kNumHomeFiles;
}  // namespace ttemu
