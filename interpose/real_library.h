// Finding the real tt-metal functions behind the shim's. The shim defines the same mangled names as libtt_metal.so,
// so each of its definitions looks up the function it stands in for by name, the first time it is needed — never
// at load time, when tt-metal may not be in the process yet (a Python host or a plugin dlopens it later, possibly
// with RTLD_LOCAL, where the global scope never shows it).
//
//   static real::Symbol<int (*)(int)> fn("_ZN2tt8tt_metal2v0...");
//   fn.get()(42);   // the real function; a name no loaded library defines ends the process as ld.so would
#pragma once

#include <atomic>

namespace ltcap::real {

// The real definition of `symbol`: looked up past the shim in the global scope, then in each loaded library's own
// scope (one dlopen'ed with RTLD_LOCAL is only there). The library that has it is pinned (RTLD_NODELETE), so the
// address stays valid if the program dlcloses and reopens it. Null if no loaded library defines the name.
void* Find(const char* symbol) noexcept;

// A tt-metal variable by name: the one the process uses. Looked up from the start of the global scope, not past the
// shim, because a program reading it directly (an inline accessor) may hold it by a copy relocation, and then the
// library's own definition is a stale copy; then in each library's own scope. Null if none defines it.
void* FindData(const char* symbol) noexcept;

// What the dynamic linker does when a called function is undefined: one line on stderr, exit status 127. Only for
// a function the program itself called, which it could not have run without the shim either.
[[noreturn]] void Missing(const char* symbol) noexcept;

// A real function by name, resolved on first use and then cached.
template <typename Fn>
class Symbol {
public:
    explicit constexpr Symbol(const char* name) : name_(name) {}
    Fn get() noexcept {
        Fn fn = fn_.load(std::memory_order_acquire);
        if (fn) [[likely]] return fn;
        fn = reinterpret_cast<Fn>(Find(name_));
        if (!fn) Missing(name_);
        fn_.store(fn, std::memory_order_release);
        return fn;
    }
    // Null instead of ending the process (for optional lookups).
    Fn find() noexcept {
        Fn fn = fn_.load(std::memory_order_acquire);
        if (!fn && (fn = reinterpret_cast<Fn>(Find(name_)))) fn_.store(fn, std::memory_order_release);
        return fn;
    }
    const char* name() const noexcept { return name_; }

private:
    const char* name_;
    std::atomic<Fn> fn_{nullptr};
};

// A libtt_metal.so that is loaded but defines none of the names the shim interposes (a clang/libc++ build of
// tt-metal mangles differently, or another version) would leave the capture silently empty: says so in one
// "ltcap:" line, once per process. Called when the shim loads and when the process exits.
void CheckLoadedLibraries() noexcept;

}  // namespace ltcap::real
