// The emulator's kernel-side headers (dataflow_api.h, debug/dprint.h, …), embedded in the library at build
// time (BUILD.bazel: genrule embed_kernel_headers) so kernels compile wherever libtt_metal.so is installed.
#pragma once

#include <cstddef>

namespace ttemu {
struct EmbeddedFile {
    const char* path;  // relative to the include directory
    const char* content;
};
extern const EmbeddedFile kKernelHeaders[];
extern const std::size_t kNumKernelHeaders;
}  // namespace ttemu
