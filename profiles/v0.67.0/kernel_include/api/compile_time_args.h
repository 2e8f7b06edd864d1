// Compile-time arguments as tt-metal v0.67.0 kernels read them: kernel_compile_time_args is a constexpr std::array
// (so an index may be any constant expression, as TensorAccessorArgs<offset> needs), and named arguments are looked
// up by name at compile time.
//   constexpr uint32_t n = get_compile_time_arg_val(2);
//   constexpr uint32_t cb = get_named_compile_time_arg_val("cb_in");
#pragma once

#include <stddef.h>
#include <stdint.h>

#include <array>

#include "ttemu_firmware.h"

// The kernel's arguments, as the emulator's generated wrapper lists them (none when a header is compiled alone).
#ifndef KERNEL_COMPILE_TIME_ARGS
#define KERNEL_COMPILE_TIME_ARGS
#endif
#ifndef TTEMU_NAMED_COMPILE_TIME_ARGS
#define TTEMU_NAMED_COMPILE_TIME_ARGS
#endif

// A std::array of exactly the kernel's arguments, as v0.67.0's is (kernels take its size, or pass it by reference
// to a template over std::array<uint32_t, N>).
template <class T, class... Values>
constexpr std::array<T, sizeof...(Values)> ttemu_array_of(Values... values) {
    return {T(values)...};
}
constexpr auto kernel_compile_time_args = ttemu_array_of<uint32_t>(KERNEL_COMPILE_TIME_ARGS);
constexpr size_t kernel_compile_time_args_count = kernel_compile_time_args.size();

template <size_t Idx>
constexpr uint32_t get_ct_arg() {
    static_assert(Idx < kernel_compile_time_args_count, "compile-time argument index out of range");
    return kernel_compile_time_args[Idx];
}

#undef get_compile_time_arg_val
#define get_compile_time_arg_val(arg_idx) get_ct_arg<(arg_idx)>()

struct ttemu_named_ct_arg {
    const char* name;
    uint32_t value;
};
constexpr ttemu_named_ct_arg ttemu_named_ct_args[] = {TTEMU_NAMED_COMPILE_TIME_ARGS{nullptr, 0u}};

constexpr bool ttemu_same_name(const char* a, const char* b) {
    while (*a && *a == *b) a++, b++;
    return *a == *b;
}

// Reached only for a name the program did not give: not constexpr, so a constant evaluation that gets here fails the
// kernel's compile (kernels are C++17, as tt-metal builds them: no consteval).
uint32_t ttemu_no_compile_time_arg_of_that_name();

// The value of the named argument.
constexpr uint32_t get_named_compile_time_arg_val(const char* name) {
    for (const auto& arg : ttemu_named_ct_args)
        if (arg.name && ttemu_same_name(arg.name, name)) return arg.value;
    return ttemu_no_compile_time_arg_of_that_name();
}
