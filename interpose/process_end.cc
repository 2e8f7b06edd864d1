#include "interpose/process_end.h"

#include <cxxabi.h>

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <string>
#include <typeinfo>

namespace ltcap::process_end {
namespace {

std::atomic<bool> g_exiting{false};
std::atomic<int> g_status{0};

// Written once, by the first thread whose exception reaches std::terminate, before it publishes the length.
char g_uncaught[kUncaughtMax];
std::atomic<std::size_t> g_uncaught_size{0};
std::atomic<bool> g_uncaught_taken{false};

std::terminate_handler g_previous = nullptr;
void (*g_on_uncaught)() noexcept = nullptr;

}  // namespace

// The first exit wins: an atexit handler calling exit again changes nothing.
void NoteExit(int status) noexcept {
    if (g_exiting.load(std::memory_order_relaxed)) return;
    g_status.store(status, std::memory_order_relaxed);
    g_exiting.store(true, std::memory_order_release);
}

namespace {

std::string Demangled(const char* name) {
    int status = 0;
    char* d = abi::__cxa_demangle(name, nullptr, nullptr, &status);
    std::string out = status == 0 && d ? d : name;
    std::free(d);
    return out;
}

[[noreturn]] void OnTerminate() {
    if (!g_uncaught_taken.exchange(true)) {
        try {
            const std::exception_ptr e = std::current_exception();
            if (e) {
                const std::string text = Describe(e);
                const std::size_t n = std::min(text.size(), kUncaughtMax);
                std::memcpy(g_uncaught, text.data(), n);
                g_uncaught_size.store(n, std::memory_order_release);
                if (g_on_uncaught) g_on_uncaught();
            }
        } catch (...) {  // no memory to describe it: the end entry goes without
        }
    }
    if (g_previous) g_previous();
    std::abort();  // a terminate handler that returns: what the runtime does then
}

}  // namespace

std::optional<int> ExitStatus() noexcept {
    if (!g_exiting.load(std::memory_order_acquire)) return std::nullopt;
    return g_status.load(std::memory_order_relaxed);
}

std::string_view Uncaught() noexcept { return {g_uncaught, g_uncaught_size.load(std::memory_order_acquire)}; }

std::string Describe(std::exception_ptr e) {
    try {
        std::rethrow_exception(e);
    } catch (const std::exception& x) {
        return Demangled(typeid(x).name()) + ": " + x.what();
    } catch (...) {
        const std::type_info* t = abi::__cxa_current_exception_type();
        return t ? Demangled(t->name()) : "an exception of unknown type";
    }
}

void InstallTerminateHandler(void (*on_uncaught)() noexcept) noexcept {
    static std::atomic<bool> installed{false};
    if (installed.exchange(true)) return;
    g_on_uncaught = on_uncaught;
    g_previous = std::set_terminate(OnTerminate);
}

}  // namespace ltcap::process_end

