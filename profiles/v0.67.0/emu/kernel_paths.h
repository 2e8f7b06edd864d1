// Where a v0.67.0 program's kernel file is, found as tt-metal v0.67.0's resolve_path finds it when the kernel is
// created: an absolute path as is; else relative to the working directory, TT_METAL_KERNEL_PATH, the system kernel
// directory (/usr/share/tenstorrent/kernels/) and the root directory (TT_METAL_RUNTIME_ROOT, else SetRootDir's, else
// the package's /usr/libexec/tt-metalium, else the working directory when it holds tt_metal/; never TT_METAL_HOME,
// which v0.67.0 does not read); last, the emulator's stand-ins for files of tt-metal's tree. Throws tt-metal's
// message when none has it.
#pragma once

#include <string>

namespace ttemu::v067 {

std::string ResolveKernelFile(const std::string& given);
// SetRootDir: the root used when TT_METAL_RUNTIME_ROOT is unset.
void SetRootDirectory(const std::string& root);

}  // namespace ttemu::v067
