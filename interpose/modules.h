// The ELF modules loaded in this process, for symbolizing backtraces after the process is gone (the log's module
// map: Session::EnsureModules).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace ltcap {

struct ModuleInfo {
    std::string path;
    std::uint64_t load_bias = 0, start = 0, end = 0;
};
std::vector<ModuleInfo> LoadedModules();
std::uint64_t ModuleGeneration();  // changes whenever a module is loaded or unloaded

}  // namespace ltcap
