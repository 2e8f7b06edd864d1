#include "player/mapping_guard.h"

#include <errno.h>
#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <cstring>
#include <mutex>

namespace ltcap {
namespace {

// The handler reads these without locks: each slot's message is complete before its size is published.
struct Slot {
    std::atomic<bool> taken{false};  // claimed by a GuardMapping (two readers may register at once: ltcap diff)
    std::atomic<std::uintptr_t> base{0};
    std::atomic<std::uint64_t> size{0};
    char message[1024];
    std::size_t length = 0;
};
Slot g_slots[8];
std::once_flag g_installed;
struct sigaction g_previous;

void OnSigbus(int sig, siginfo_t* info, void* context) {
    const auto address = reinterpret_cast<std::uintptr_t>(info->si_addr);
    for (Slot& s : g_slots) {
        const std::uintptr_t base = s.base.load(std::memory_order_acquire);
        if (base && address >= base && address - base < s.size.load(std::memory_order_acquire)) {
            (void)!::write(2, s.message, s.length);
            _exit(2);
        }
    }
    // Not ours: as if this handler were not here.
    if (g_previous.sa_flags & SA_SIGINFO) {
        g_previous.sa_sigaction(sig, info, context);
    } else if (g_previous.sa_handler != SIG_IGN && g_previous.sa_handler != SIG_DFL) {
        g_previous.sa_handler(sig);
    } else {
        signal(sig, SIG_DFL);
        raise(sig);
    }
}

}  // namespace

void GuardMapping(const void* base, std::uint64_t size, const std::string& message) {
    std::call_once(g_installed, [] {
        struct sigaction sa {};
        sa.sa_sigaction = OnSigbus;
        sa.sa_flags = SA_SIGINFO;
        sigemptyset(&sa.sa_mask);
        sigaction(SIGBUS, &sa, &g_previous);
    });
    for (Slot& s : g_slots) {
        if (s.taken.exchange(true)) continue;
        std::string line = std::string(program_invocation_short_name) + ": " + message + "\n";
        if (line.size() > sizeof s.message) line = line.substr(0, sizeof s.message - 1) + "\n";
        std::memcpy(s.message, line.data(), line.size());
        s.length = line.size();
        s.size.store(size, std::memory_order_release);
        s.base.store(reinterpret_cast<std::uintptr_t>(base), std::memory_order_release);
        return;
    }
}

void UnguardMapping(const void* base) {
    for (Slot& s : g_slots)
        if (s.base.load() == reinterpret_cast<std::uintptr_t>(base)) {
            s.base.store(0, std::memory_order_release);
            s.taken.store(false, std::memory_order_release);
        }
}

}  // namespace ltcap
