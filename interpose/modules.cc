#include "interpose/modules.h"

#include <link.h>
#include <unistd.h>

#include <algorithm>
#include <climits>
#include <cstddef>

namespace ltcap {
namespace {

int AddModule(dl_phdr_info* info, std::size_t, void* data) {
    auto* modules = static_cast<std::vector<ModuleInfo>*>(data);
    ModuleInfo m;
    m.path = info->dlpi_name ? info->dlpi_name : "";
    if (m.path.empty() && modules->empty()) {  // the main program
        char exe[PATH_MAX];
        const ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
        if (n > 0) m.path.assign(exe, static_cast<std::size_t>(n));
    }
    m.load_bias = info->dlpi_addr;
    m.start = UINTPTR_MAX;
    for (int i = 0; i < info->dlpi_phnum; i++) {
        const auto& ph = info->dlpi_phdr[i];
        if (ph.p_type != PT_LOAD) continue;
        m.start = std::min<std::uint64_t>(m.start, info->dlpi_addr + ph.p_vaddr);
        m.end = std::max<std::uint64_t>(m.end, info->dlpi_addr + ph.p_vaddr + ph.p_memsz);
    }
    if (m.end > 0 && !m.path.empty()) modules->push_back(std::move(m));
    return 0;
}

int CountLoads(dl_phdr_info* info, std::size_t size, void* data) {
    if (size >= offsetof(dl_phdr_info, dlpi_subs) + sizeof info->dlpi_subs)
        *static_cast<std::uint64_t*>(data) = info->dlpi_adds * 1000003ull + info->dlpi_subs;
    return 1;  // the counters are process-wide: the first module is enough
}

}  // namespace

std::vector<ModuleInfo> LoadedModules() {
    std::vector<ModuleInfo> modules;
    dl_iterate_phdr(AddModule, &modules);
    return modules;
}

std::uint64_t ModuleGeneration() {
    std::uint64_t generation = 0;
    dl_iterate_phdr(CountLoads, &generation);
    return generation;
}

}  // namespace ltcap
