// DPRINT from kernels: `DPRINT << "x = " << x << ENDL();` prints a line on the host's stdout tagged with the
// core and processor ("0:(x=0,y=0):BR: x = 5"), as tt-metal does with DPRINT enabled. The emulator always
// enables it (TT_METAL_EMU_DPRINT=0 silences it). Items are tt-metal's (BF16, F32, U32, SETW, SETPRECISION, HEX,
// ..., U32_ARRAY, TileSlice via TSLICE) and print as tt-metal's print server formats them.
#pragma once

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "../ttemu_firmware.h"
#include "hostdevcommon/dprint_common.h"

struct BF16 {
    uint16_t val;
    BF16(uint16_t val) : val(val) {}
} ATTR_PACK;
struct F32 {
    float val;
    F32(float val) : val(val) {}
} ATTR_PACK;
struct U32 {
    uint32_t val;
    U32(uint32_t val) : val(val) {}
} ATTR_PACK;
struct ENDL {
    char tmp;
} ATTR_PACK;
struct SETPRECISION {
    char p;
    SETPRECISION(char p) : p(p) {}
} ATTR_PACK;
struct FIXED {
    char tmp;
} ATTR_PACK;
struct DEFAULTFLOAT {
    char tmp;
} ATTR_PACK;
struct HEX {
    char tmp;
} ATTR_PACK;
struct OCT {
    char tmp;
} ATTR_PACK;
struct DEC {
    char tmp;
} ATTR_PACK;
struct SETW {
    char w;
    SETW(char w) : w(w) {}
} ATTR_PACK;
struct U32_ARRAY {
    uint32_t* ptr;
    uint32_t len;
    U32_ARRAY(uint32_t* ptr, uint32_t len) : ptr(ptr), len(len) {}
} ATTR_PACK;
// An array whose extra last word names its element type (type << 16 | subtype).
struct TYPED_U32_ARRAY : public U32_ARRAY {
    TYPED_U32_ARRAY(uint16_t type, uint16_t subtype, uint32_t* ptr, uint32_t len) : U32_ARRAY(ptr, len + 1) {
        ptr[len] = (uint32_t(type) << 16) + subtype;
    }
} ATTR_PACK;
// Print-ordering signals between RISCs. The emulator runs a launch's kernels in a fixed order on one thread, so
// its prints are ordered already: RAISE and WAIT print nothing and do not block.
struct RAISE {
    uint32_t code;
    RAISE(uint32_t code) : code(code) {}
} ATTR_PACK;
struct WAIT {
    uint32_t code;
    WAIT(uint32_t code) : code(code) {}
} ATTR_PACK;

template <int MAX_BYTES>
struct TileSlice;

// Which compute thread a DPRINT belongs to (0 unpack, 1 math, 2 pack): DPRINT_UNPACK/MATH/PACK set it, so a tile
// slice reads the read pointer in the unpacker, the write pointer in the packer, and nothing in math, as there.
static uint8_t ttemu_dprint_trisc = 0;

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
    TtemuDebugPrinter& operator<<(SETPRECISION p) { precision_ = p.p; return *this; }
    TtemuDebugPrinter& operator<<(SETW w) { width_ = w.w; return *this; }
    TtemuDebugPrinter& operator<<(RAISE) { return *this; }
    TtemuDebugPrinter& operator<<(WAIT) { return *this; }
    TtemuDebugPrinter& operator<<(BF16 v) {
        const uint32_t bits = uint32_t(v.val) << 16;
        float f;
        memcpy(&f, &bits, 4);
        return *this << f;
    }
    TtemuDebugPrinter& operator<<(F32 v) { return *this << v.val; }
    TtemuDebugPrinter& operator<<(U32 v) { return *this << v.val; }
    // Array elements as "0x<hex> " each, as tt-metal's print server writes raw arrays (the typed form's type word
    // is not printed).
    TtemuDebugPrinter& operator<<(const U32_ARRAY& a) {
        for (uint32_t i = 0; i < a.len; i++) {
            char buf[16];
            const int n = snprintf(buf, sizeof buf, "0x%x ", a.ptr[i]);
            Emit(buf, size_t(n));
        }
        return *this;
    }
    TtemuDebugPrinter& operator<<(const TYPED_U32_ARRAY& a) { return *this << U32_ARRAY(a.ptr, a.len - 1); }
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
    template <int MAX_BYTES>
    TtemuDebugPrinter& operator<<(const TileSlice<MAX_BYTES>& slice) {
        slice.print(*this);
        return *this;
    }
    TtemuDebugPrinter& Emit(const char* s, size_t n) {
        ttemu_api->dprint(s, n);
        width_ = 0;
        return *this;
    }

private:
    int base_ = 10, precision_ = 6, width_ = 0;
    bool fixed_ = false;
};

static TtemuDebugPrinter ttemu_dprint;
#define DPRINT ttemu_dprint
// DPRINT_DATA0/1 print only from a kernel on that NOC. The emulator runs a compute kernel's three TRISC
// threads as one, so the UNPACK/MATH/PACK forms all print, once.
#define DPRINT_DATA0(x) \
    if (noc_index == 0) { x; }
#define DPRINT_DATA1(x) \
    if (noc_index == 1) { x; }
#define DPRINT_UNPACK(x)         \
    do {                         \
        ttemu_dprint_trisc = 0;  \
        x;                       \
    } while (0)
#define DPRINT_MATH(x)           \
    do {                         \
        ttemu_dprint_trisc = 1;  \
        x;                       \
        ttemu_dprint_trisc = 0;  \
    } while (0)
#define DPRINT_PACK(x)           \
    do {                         \
        ttemu_dprint_trisc = 2;  \
        x;                       \
        ttemu_dprint_trisc = 0;  \
    } while (0)

#include "debug/dprint_tile.h"
