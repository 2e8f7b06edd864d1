// Reading a kernel's source as tt-metal would compile it: the kernel file and every file it includes with
// quotes (found relative to the including file), recursively. Shared by the emulator (its compile cache key)
// and the capture shim (logs carry kernel sources so they replay without the source tree).
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace ltcap {

struct SourceFile {
    std::string path;     // absolute, normalised
    std::string content;
};

// The kernel file first, then its quoted includes (each file once). nullopt if the kernel file can't be read.
std::optional<std::vector<SourceFile>> ReadSourceClosure(const std::string& path);

// Where tt-metal finds a kernel file: the path as given (absolute or relative to the working directory), then
// relative to `metal_home`, then to `kernel_path` (either may be empty). nullopt if none has it.
std::optional<std::string> FindKernelFile(const std::string& file_name, const std::string& metal_home,
                                          const std::string& kernel_path);

}  // namespace ltcap
