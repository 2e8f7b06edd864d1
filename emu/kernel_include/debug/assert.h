// ASSERT(condition) in kernels. As in tt-metal, asserts compile to nothing unless the watcher is on
// (TT_METAL_WATCHER set when the kernel is built); with it on, a false condition stops the launch with the kernel's
// file and line, which reaches the host as the launch's error.
//   ASSERT(num_tiles <= 8);
#pragma once

#include <stdint.h>
#include <stdio.h>

#include "../ttemu_firmware.h"

#if defined(WATCHER_ENABLED) && !defined(WATCHER_DISABLE_ASSERT)
#define WATCHER_ASSERT_ENABLED 1
#define ASSERT(condition)                                                       \
    do {                                                                        \
        if (!(condition)) ttemu_assert_tripped(__FILE__, __LINE__, #condition); \
    } while (0)

[[noreturn]] inline void ttemu_assert_tripped(const char* file, int line, const char* condition) {
    char message[512];
    snprintf(message, sizeof message, "tripped an assert on line %d of %s: %s", line, file, condition);
    ttemu_api->fail(message);
    __builtin_unreachable();
}
#else
#define WATCHER_ASSERT_ENABLED 0
#define ASSERT(condition)
#endif
