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

// tt-metal's kernel include roots below a TT_METAL_HOME, in search order (its JIT build's): the home, home/ttnn,
// home/ttnn/cpp, home/tt_metal.
std::vector<std::string> KernelIncludeRoots(const std::string& home);

// The kernel file first, then its quoted includes, each file once per place a replay must put it. `homes` are the
// TT_METAL_HOMEs whose include roots are searched, in order, after the including file's folder. nullopt if the
// kernel file can't be read, and then `why` (if given) says why ("cannot be read: Permission denied").
std::optional<std::vector<SourceFile>> ReadSourceClosure(const std::string& path,
                                                         const std::vector<std::string>& homes = {},
                                                         std::string* why = nullptr);

// Where tt-metal finds a kernel file: an absolute path as it is; else the first of `dirs` (the release's folders in
// its search order, api/releases.h) holding it as a regular file. Empty entries are skipped. nullopt if none has it.
std::optional<std::string> FindKernelFile(const std::string& file_name, const std::vector<std::string>& dirs);

// The root folder tt-metal v0.67.0 and later work from (llrt/rtoptions.cpp): `runtime_root_variable`
// (TT_METAL_RUNTIME_ROOT) when set, else `set_root` (SetRootDir's) when given, else a package install's
// /usr/libexec/tt-metalium when it is a folder, else the working directory when it holds tt_metal/; "" if none.
std::string RuntimeRoot(const std::string& runtime_root_variable, const std::string& set_root = "");

}  // namespace ltcap
