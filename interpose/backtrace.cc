// LTCAP_BACKTRACE: the call stack of an intercepted call as raw return addresses (libunwind, loaded only when
// backtraces are asked for, so processes that never want one never map it); the session writes the loaded-module
// map (modules.h) into the log whenever it changed, so ltdump can symbolize later without the process.
#include <dlfcn.h>
#include <link.h>

#include "interpose/encode.h"
#include "interpose/loader_lock.h"

namespace ltcap {
namespace {

using UnwBacktrace = int (*)(void**, int);

UnwBacktrace Unwinder() {
    static const UnwBacktrace fn = [] {
        void* lib = OpenLibrary("libunwind.so.8", RTLD_NOW | RTLD_LOCAL);
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

}  // namespace

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
