// LTCAP_BACKTRACE: the call stack of an intercepted call as raw return addresses (libunwind, loaded only when
// backtraces are asked for, so processes that never want one never map it), plus the loaded-module map written
// into the log whenever it changed, so ltdump can symbolize later without the process.
#include <dlfcn.h>
#include <link.h>
#include <unistd.h>

#include <climits>

#include "interpose/encode.h"

namespace ltcap {
namespace {

using UnwBacktrace = int (*)(void**, int);

UnwBacktrace Unwinder() {
    static const UnwBacktrace fn = [] {
        void* lib = dlopen("libunwind.so.8", RTLD_NOW | RTLD_LOCAL);
        auto f = lib ? reinterpret_cast<UnwBacktrace>(dlsym(lib, "unw_backtrace")) : nullptr;
        if (!f) report::Line("LTCAP_BACKTRACE: libunwind.so.8 cannot be loaded (install libunwind8); no backtraces");
        return f;
    }();
    return fn;
}

struct Span {
    std::uintptr_t start = 0, end = 0;
};

int FindSelf(dl_phdr_info* info, std::size_t, void* data) {
    auto* self = static_cast<Span*>(data);
    const auto probe = reinterpret_cast<std::uintptr_t>(&FindSelf);
    for (int i = 0; i < info->dlpi_phnum; i++) {
        const auto& ph = info->dlpi_phdr[i];
        if (ph.p_type != PT_LOAD) continue;
        const std::uintptr_t lo = info->dlpi_addr + ph.p_vaddr, hi = lo + ph.p_memsz;
        if (probe >= lo && probe < hi) {
            *self = {lo, hi};
            return 1;
        }
    }
    return 0;
}

// The shim's own code: frames in it are not the program's.
const Span& Self() {
    static const Span self = [] {
        Span s;
        dl_iterate_phdr(FindSelf, &s);
        return s;
    }();
    return self;
}

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

void RecordBacktrace(CallContext& c) {
    const UnwBacktrace unwind = Unwinder();
    if (!unwind || !c.log) return;
    void* frames[80];
    const int n = unwind(frames, 80);
    const Span& self = Self();
    std::uint64_t pcs[64];
    std::size_t count = 0;
    for (int i = 0; i < n && count < 64; i++) {
        const auto pc = reinterpret_cast<std::uintptr_t>(frames[i]);
        if (count == 0 && pc >= self.start && pc < self.end) continue;  // the shim's frames, up to the interposer
        pcs[count++] = pc;
    }
    c.log->EnsureModules();
    c.msg.SetU64List<L::Call>(c.call, L::Call::f_backtrace, pcs, count);
}

}  // namespace ltcap
