// DPRINT from kernels: `DPRINT << "x = " << x << ENDL();` prints a line on the host's stdout tagged with the
// core and processor ("0:(x=0,y=0):BR: x = 5"), as tt-metal does with DPRINT enabled. The emulator always
// enables it (TT_METAL_EMU_DPRINT=0 silences it).
#pragma once

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "../ttemu_firmware.h"

struct ENDL {};
struct HEX {};
struct DEC {};
struct OCT {};
struct FIXED {};
struct DEFAULTFLOAT {};
struct SETPRECISION {
    explicit SETPRECISION(int p) : value(p) {}
    int value;
};
struct SETW {
    explicit SETW(int w) : value(w) {}
    int value;
};
struct BF16 {
    explicit BF16(uint16_t bits) : bits(bits) {}
    uint16_t bits;
};
struct F32 {
    explicit F32(float v) : value(v) {}
    float value;
};
struct U32 {
    explicit U32(uint32_t v) : value(v) {}
    uint32_t value;
};

class TtemuDebugPrinter {
public:
    TtemuDebugPrinter& operator<<(const char* s) { return Emit(s, strlen(s)); }
    TtemuDebugPrinter& operator<<(char c) { return Emit(&c, 1); }
    TtemuDebugPrinter& operator<<(ENDL) { return Emit("\n", 1); }
    TtemuDebugPrinter& operator<<(HEX) { base_ = 16; return *this; }
    TtemuDebugPrinter& operator<<(DEC) { base_ = 10; return *this; }
    TtemuDebugPrinter& operator<<(OCT) { base_ = 8; return *this; }
    TtemuDebugPrinter& operator<<(FIXED) { fixed_ = true; return *this; }
    TtemuDebugPrinter& operator<<(DEFAULTFLOAT) { fixed_ = false; return *this; }
    TtemuDebugPrinter& operator<<(SETPRECISION p) { precision_ = p.value; return *this; }
    TtemuDebugPrinter& operator<<(SETW w) { width_ = w.value; return *this; }
    TtemuDebugPrinter& operator<<(BF16 v) {
        uint32_t bits = uint32_t(v.bits) << 16;
        float f;
        memcpy(&f, &bits, 4);
        return *this << f;
    }
    TtemuDebugPrinter& operator<<(F32 v) { return *this << v.value; }
    TtemuDebugPrinter& operator<<(U32 v) { return *this << v.value; }
    TtemuDebugPrinter& operator<<(float f) { return *this << double(f); }
    TtemuDebugPrinter& operator<<(double f) {
        char buf[64];
        int n = fixed_ ? snprintf(buf, sizeof buf, "%*.*f", width_, precision_, f)
                       : snprintf(buf, sizeof buf, "%*.*g", width_, precision_, f);
        return Emit(buf, size_t(n));
    }
    template <typename T, typename = decltype(static_cast<unsigned long long>(T()))>
    TtemuDebugPrinter& operator<<(T v) {
        char buf[64];
        int n;
        if constexpr (static_cast<T>(-1) < T(0)) {
            n = base_ == 16 ? snprintf(buf, sizeof buf, "%*llx", width_, static_cast<unsigned long long>(v))
                            : snprintf(buf, sizeof buf, "%*lld", width_, static_cast<long long>(v));
        } else {
            n = snprintf(buf, sizeof buf, base_ == 16 ? "%*llx" : base_ == 8 ? "%*llo" : "%*llu", width_,
                         static_cast<unsigned long long>(v));
        }
        return Emit(buf, size_t(n));
    }
    template <typename T>
    TtemuDebugPrinter& operator<<(T* p) {
        return *this << reinterpret_cast<uintptr_t>(p);
    }

private:
    TtemuDebugPrinter& Emit(const char* s, size_t n) {
        ttemu_api->dprint(s, n);
        width_ = 0;
        return *this;
    }
    int base_ = 10, precision_ = 6, width_ = 0;
    bool fixed_ = false;
};

static TtemuDebugPrinter ttemu_dprint;
#define DPRINT ttemu_dprint
// DPRINT_DATA0/1 print only from a kernel on that NOC. The emulator runs a compute kernel's three TRISC
// threads as one, so the UNPACK/MATH/PACK forms all print.
#define DPRINT_DATA0(x) \
    if (noc_index == 0) { x; }
#define DPRINT_DATA1(x) \
    if (noc_index == 1) { x; }
#define DPRINT_UNPACK(x) x
#define DPRINT_MATH(x) x
#define DPRINT_PACK(x) x
