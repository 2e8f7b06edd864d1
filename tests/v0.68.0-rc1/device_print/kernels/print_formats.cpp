// DEVICE_PRINT over what a kernel prints: integers of each width in each base and alignment, indexed arguments,
// floats and doubles in shortest and chosen forms, bools, block floats and bfloat16, strings and escaped braces.
// Runtime argument 0: 37 (the host formats the same lines with {fmt} and compares).
#include <cstdint>

#include "api/debug/device_print.h"

void kernel_main() {
    const uint32_t n = get_arg_val<uint32_t>(0);
    DEVICE_PRINT("plain text\n");
    DEVICE_PRINT("u32 {} i8 {} u8 {} i16 {} u16 {} i64 {} u64 {}\n", n, int8_t(-5), uint8_t(200), int16_t(-300),
                 uint16_t(60000), int64_t(-1234567890123), uint64_t(18446744073709551615ull));
    DEVICE_PRINT("hex {:#x} HEX {:#X} bin {:#b} BIN {:#B} oct {:#o} bare {:x}\n", n, n, n, n, n, n);
    DEVICE_PRINT("[{:>8}] [{:<8}] [{:^8}] [{:*^9}] [{:08}] [{:+}] [{: }] [{:#010x}]\n", n, n, n, n, -int32_t(n), int32_t(n), int32_t(n),
                 n);
    DEVICE_PRINT("{1} before {0}, {1} again\n", n, true);
    DEVICE_PRINT("float {} double {} tiny {} big {} third {}\n", 2.5f, 0.1, 1.5e-7, 3e20, 1.0f / 3);
    DEVICE_PRINT("fixed {:.3f} exp {:.2e} general {:g} precision {:.4} width [{:10.2f}] sign {:+.1f}\n", 3.14159f,
                 12345.678, 0.0001234, 2.0 / 3, 1.005, 7.25);
    DEVICE_PRINT("bool {} {} as int {:d}\n", true, false, true);
    DEVICE_PRINT("bf16 {} bf8 {} bf4 {} negative bf8 {}\n", bf16_t(0x4049), bf8_t(129, 0x50), bf4_t(127, 0x6),
                 bf8_t(128, 0xC0));
    DEVICE_PRINT("string {} [{:>6}] [{:.3}] braces {{}} {{{}}}\n", "abc", "xy", "truncate", n);
}
