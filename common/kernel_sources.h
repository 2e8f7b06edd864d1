// Reading a kernel's source as tt-metal would compile it: the kernel file and every file it includes with
// quotes, recursively, each found where the compiler finds it — relative to the including file, else under the
// kernel include roots of a TT_METAL_HOME (the home itself, its ttnn/ and its tt_metal/, which tt-metal's kernel
// build puts on the include path). Shared by the emulator (its compile cache key) and the capture shim (logs carry
// kernel sources so they replay without the source tree).
//   auto files = ReadSourceClosure("/w/kernels/reader.cpp", {"/opt/tt-metal"});
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace ltcap {

struct SourceFile {
    std::string path;     // absolute, normalised
    std::string content;
    // Where a replay puts it. Empty: relative to the kernel file's folder (as it was reached from there). Otherwise
    // its path below the TT_METAL_HOME it lies in: the file was found through that home's include roots, or reached
    // from such a file, or it is the kernel file itself lying in a home.
    std::string home_path;
};

// tt-metal's kernel include roots below a TT_METAL_HOME, in search order: the home, home/ttnn, home/tt_metal.
std::vector<std::string> KernelIncludeRoots(const std::string& home);

// The kernel file first, then its quoted includes, each file once per place a replay must put it. `homes` are the
// TT_METAL_HOMEs whose include roots are searched, in order, after the including file's folder. nullopt if the
// kernel file can't be read.
std::optional<std::vector<SourceFile>> ReadSourceClosure(const std::string& path,
                                                         const std::vector<std::string>& homes = {});

// Where tt-metal finds a kernel file: the path as given (absolute or relative to the working directory), then
// relative to `metal_home`, then to `kernel_path` (either may be empty). nullopt if none has it.
std::optional<std::string> FindKernelFile(const std::string& file_name, const std::string& metal_home,
                                          const std::string& kernel_path);

}  // namespace ltcap
