// Included by the compute kernel's wrapper after the kernel's source (see ttemu_split_kernel.h): how the kernel
// runs. A kernel with MAIN runs whole, as one thread; a split kernel runs as three, each calling its own function
// (a function the kernel leaves out makes its thread return at once). The emulator asks ttemu_kernel_threads() and
// starts that many coroutines, telling each its thread through the API's trisc().
#pragma once

#include "ttemu_split_kernel.h"

namespace ttemu_split {

struct Main { auto operator()() const { return ttemu_compute::kernel_main(); } };
struct GlobalMain { auto operator()() const { return ::kernel_main(); } };
struct Unpack { auto operator()() const { return ttemu_compute::unpack_main(); } };
struct Math { auto operator()() const { return ttemu_compute::math_main(); } };
struct Pack { auto operator()() const { return ttemu_compute::pack_main(); } };

// Templates, so that only the wrapper's use checks the kernel (this header also compiles on its own).
template <class F, class = void>
constexpr bool kDefined = !__is_same(decltype(F{}()), ttemu_compute::TtemuAbsent);
template <class T = void>
constexpr bool kSplit = kDefined<Unpack, T> || kDefined<Math, T> || kDefined<Pack, T>;

template <class T = void>
constexpr unsigned Threads() {
    static_assert(int(kDefined<Main, T>) + int(kDefined<GlobalMain, T>) + int(kSplit<T>) == 1,
                  "a compute kernel defines MAIN, kernel_main() or unpack_main/math_main/pack_main (one per TRISC): "
                  "exactly one");
    return kSplit<T> ? 3 : 1;
}

template <class T = void>
void Run(int trisc) {
    if constexpr (kDefined<GlobalMain, T>) {
        GlobalMain{}();
    } else if constexpr (!kSplit<T>) {
        Main{}();
    } else if (trisc == 0) {
        Unpack{}();
    } else if (trisc == 1) {
        Math{}();
    } else if (trisc == 2) {
        Pack{}();
    }
}

}  // namespace ttemu_split
