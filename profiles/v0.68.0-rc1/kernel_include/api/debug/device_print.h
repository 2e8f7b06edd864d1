// tt-metal v0.68.0-rc1's device print (api/debug/device_print.h): DEVICE_PRINT("page {} of {:#x}\n", i, addr) prints
// with the placeholders of {fmt}, which tt-metal's print server formats with. The format must be a string literal;
// its placeholders are checked when the kernel compiles, as tt-metal checks them: no unescaped brace, indexed ({0})
// and automatic ({}) placeholders not mixed, an index below the argument count, every argument used (indexed), as
// many automatic placeholders as arguments. Arguments: the fixed-width integers, float, double, bool, bf4_t, bf8_t and
// bf16_t (one block-float value with its exponent, or bfloat16 bits: printed as the float they are), strings and
// pointers. The emulator formats in the kernel and prints each line as DPRINT does, tagged with the core and
// processor ("0:(x=1,y=1):BR: page 3 of 0x1000"); TT_METAL_EMU_DPRINT=0 silences both. The UNPACK/MATH/PACK forms
// print once (the emulator runs a compute kernel's TRISCs as one), DATA0/DATA1 from a kernel on that NOC.
#pragma once

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <charconv>
#include <type_traits>

#include "hostdevcommon/ttemu_bfp.hpp"

// A block-float value as DEVICE_PRINT takes it: its shared exponent and its sign-and-mantissa field, of `Bits`
// mantissa bits (bf4_t: Bfp4's 3, bf8_t: Bfp8's 7).
template <uint32_t Bits>
struct ttemu_block_float {
    static constexpr uint32_t kMantissaBits = Bits;
    union {
        struct {
            uint8_t exponent;
            uint8_t mantissa;
        };
        uint16_t val;
    };
    ttemu_block_float(uint16_t v) : val(v) {}
    ttemu_block_float(uint8_t e, uint8_t m) : exponent(e), mantissa(m) {}
};
struct bf4_t : ttemu_block_float<3> {
    using ttemu_block_float<3>::ttemu_block_float;
};
struct bf8_t : ttemu_block_float<7> {
    using ttemu_block_float<7>::ttemu_block_float;
};
// bfloat16 bits.
struct bf16_t {
    uint16_t val;
    bf16_t(uint16_t v) : val(v) {}
};

namespace ttemu_device_print {

// ---- The compile-time checks of a format string (tt-metal's rules).
constexpr bool IsDigit(char c) { return c >= '0' && c <= '9'; }

// The one reading of a format, for the compile-time checks and for printing: text(c) for each character of plain
// text (an escaped brace once), field(index or -1 for automatic, spec begin, spec end) for each placeholder, the spec
// being the offsets of what follows its ':' (empty without one). False when a brace is unbalanced or unescaped.
template <size_t N, typename Text, typename Field>
constexpr bool Parse(const char (&s)[N], Text text, Field field) {
    for (size_t i = 0; i + 1 < N; i++) {
        if (s[i] == '}') {
            if (i + 2 < N && s[i + 1] == '}') {
                text(s[i++]);
                continue;
            }
            return false;
        }
        if (s[i] != '{') {
            text(s[i]);
            continue;
        }
        if (i + 2 < N && s[i + 1] == '{') {
            text(s[i++]);
            continue;
        }
        if (i + 2 >= N || !(s[i + 1] == '}' || s[i + 1] == ':' || IsDigit(s[i + 1]))) return false;
        int index = -1;
        size_t j = i + 1;
        if (IsDigit(s[j])) {
            index = 0;
            while (j + 1 < N && IsDigit(s[j])) index = index * 10 + (s[j++] - '0');
        }
        const size_t spec = s[j] == ':' ? j + 1 : j;
        if (s[j] == ':')
            while (j + 1 < N && s[j] != '}') j++;
        if (j + 1 >= N || s[j] != '}') return false;
        field(index, spec, j);
        i = j;
    }
    return true;
}
// Calls f(index or -1 for automatic) for each placeholder; false when a brace is unbalanced or unescaped.
template <size_t N, typename F>
constexpr bool EachPlaceholder(const char (&s)[N], F f) {
    return Parse(s, [](char) {}, [&](int index, size_t, size_t) { f(index); });
}
template <size_t N>
constexpr bool IsValidFormat(const char (&s)[N]) {
    return EachPlaceholder(s, [](int) {});
}
template <size_t N>
constexpr bool HasMixedPlaceholders(const char (&s)[N]) {
    bool indexed = false, automatic = false;
    EachPlaceholder(s, [&](int index) { (index < 0 ? automatic : indexed) = true; });
    return indexed && automatic;
}
template <size_t N>
constexpr bool HasIndexedPlaceholders(const char (&s)[N]) {
    bool indexed = false;
    EachPlaceholder(s, [&](int index) { indexed |= index >= 0; });
    return indexed;
}
template <size_t N>
constexpr int MaxIndex(const char (&s)[N]) {
    int max = -1;
    EachPlaceholder(s, [&](int index) { max = index > max ? index : max; });
    return max;
}
template <size_t N>
constexpr bool AllReferenced(const char (&s)[N], size_t count) {
    for (size_t a = 0; a < count; a++) {
        bool used = false;
        EachPlaceholder(s, [&](int index) { used |= index == static_cast<int>(a); });
        if (!used) return false;
    }
    return true;
}
template <size_t N>
constexpr size_t CountPlaceholders(const char (&s)[N]) {
    size_t count = 0;
    EachPlaceholder(s, [&](int) { count++; });
    return count;
}

// ---- Arguments, as the print server reads them back.
struct Arg {
    enum Kind : uint8_t { kSigned, kUnsigned, kFloat, kDouble, kBool, kString, kPointer } kind;
    union {
        int64_t i;
        uint64_t u;
        float f;
        double d;
        bool b;
        const char* s;
        const void* p;
    };
};

template <typename T>
inline Arg MakeArg(const T& v) {
    using B = std::remove_cv_t<std::remove_reference_t<T>>;
    Arg a{};
    if constexpr (std::is_same_v<B, bool>) {
        a.kind = Arg::kBool, a.b = v;
    } else if constexpr (std::is_same_v<B, bf4_t> || std::is_same_v<B, bf8_t>) {
        const uint32_t bits = ttemu_bfp::FromStored(v.mantissa, v.exponent, false, B::kMantissaBits);
        a.kind = Arg::kFloat;
        memcpy(&a.f, &bits, sizeof(float));
    } else if constexpr (std::is_same_v<B, bf16_t>) {
        const uint32_t bits = uint32_t(v.val) << 16;
        a.kind = Arg::kFloat;
        memcpy(&a.f, &bits, sizeof(float));
    } else if constexpr (std::is_same_v<B, float>) {
        a.kind = Arg::kFloat, a.f = v;
    } else if constexpr (std::is_same_v<B, double>) {
        a.kind = Arg::kDouble, a.d = v;
    } else if constexpr (std::is_same_v<B, int8_t> || std::is_same_v<B, int16_t> || std::is_same_v<B, int32_t> ||
                         std::is_same_v<B, int64_t>) {
        a.kind = Arg::kSigned, a.i = v;
    } else if constexpr (std::is_same_v<B, uint8_t> || std::is_same_v<B, uint16_t> || std::is_same_v<B, uint32_t> ||
                         std::is_same_v<B, uint64_t>) {
        a.kind = Arg::kUnsigned, a.u = v;
    } else if constexpr (std::is_array_v<B> && std::is_same_v<std::remove_cv_t<std::remove_extent_t<B>>, char>) {
        a.kind = Arg::kString, a.s = v;
    } else if constexpr (std::is_same_v<B, char*> || std::is_same_v<B, const char*>) {
        a.kind = Arg::kString, a.s = v;
    } else if constexpr (std::is_pointer_v<B>) {
        a.kind = Arg::kPointer, a.p = reinterpret_cast<const void*>(v);
    } else {
        static_assert(!std::is_same_v<B, B>, "No serialization defined for this type");
    }
    return a;
}

// ---- Formatting ({fmt}'s format specification: [[fill]align][sign][#][0][width][.precision][type]).
struct Spec {
    char fill = ' ', align = 0, sign = '-', type = 0;
    bool alt = false, zero = false;
    uint32_t width = 0;
    int32_t precision = -1;
};

// Output in pieces, each handed to the emulator's debug print (which splits lines and tags them).
class Out {
public:
    ~Out() { Flush(); }
    void Put(char c) {
        if (len_ == sizeof(buf_)) Flush();
        buf_[len_++] = c;
    }
    void Put(const char* s, size_t n) {
        for (size_t i = 0; i < n; i++) Put(s[i]);
    }
    void Flush() {
        if (len_) ttemu_api->dprint(buf_, len_);
        len_ = 0;
    }

private:
    char buf_[256];
    size_t len_ = 0;
};

inline uint32_t ParseNumber(const char*& p, const char* end) {
    uint32_t n = 0;
    while (p < end && IsDigit(*p)) n = n > 100000 ? n : n * 10 + uint32_t(*p++ - '0');
    return n;
}

inline Spec ParseSpec(const char* p, const char* end) {
    Spec s;
    auto is_align = [](char c) { return c == '<' || c == '>' || c == '^'; };
    if (end - p >= 2 && is_align(p[1])) s.fill = p[0], s.align = p[1], p += 2;
    else if (p < end && is_align(*p)) s.align = *p++;
    if (p < end && (*p == '+' || *p == '-' || *p == ' ')) s.sign = *p++;
    if (p < end && *p == '#') s.alt = true, p++;
    if (p < end && *p == '0') s.zero = true, p++;
    s.width = ParseNumber(p, end);
    if (p < end && *p == '.') p++, s.precision = static_cast<int32_t>(ParseNumber(p, end));
    if (p < end && *p == 'L') p++;
    if (p < end) s.type = *p;
    return s;
}

// `body` padded to the width: `head` (sign and prefix) stays in front of zero padding.
inline void Padded(Out& out, const Spec& s, const char* head, size_t head_len, const char* body, size_t body_len,
                   char default_align) {
    const size_t len = head_len + body_len;
    const size_t pad = s.width > len ? s.width - len : 0;
    if (s.zero && !s.align) {
        out.Put(head, head_len);
        for (size_t i = 0; i < pad; i++) out.Put('0');
        out.Put(body, body_len);
        return;
    }
    const char align = s.align ? s.align : default_align;
    const size_t left = align == '>' ? pad : align == '^' ? pad / 2 : 0;
    for (size_t i = 0; i < left; i++) out.Put(s.fill);
    out.Put(head, head_len);
    out.Put(body, body_len);
    for (size_t i = left; i < pad; i++) out.Put(s.fill);
}

inline void Integer(Out& out, const Spec& s, uint64_t magnitude, bool negative) {
    if (s.type == 'c') {
        const char c = static_cast<char>(magnitude);
        return Padded(out, s, "", 0, &c, 1, '<');
    }
    const uint32_t base = s.type == 'x' || s.type == 'X' ? 16 : s.type == 'b' || s.type == 'B' ? 2 : s.type == 'o' ? 8 : 10;
    const char* digits = s.type == 'X' ? "0123456789ABCDEF" : "0123456789abcdef";
    char body[64];
    size_t n = 0;
    do {
        body[sizeof(body) - 1 - n++] = digits[magnitude % base];
        magnitude /= base;
    } while (magnitude);
    char head[4];
    size_t h = 0;
    if (negative) head[h++] = '-';
    else if (s.sign == '+' || s.sign == ' ') head[h++] = s.sign;
    if (s.alt && base != 10) {
        head[h++] = '0';
        if (base != 8) head[h++] = s.type;  // x X b B
    }
    Padded(out, s, head, h, body + sizeof(body) - n, n, '>');
}

inline void Floating(Out& out, const Spec& s, double v, bool single) {
    char text[400];
    int n = 0;
    if (!s.type && s.precision < 0) {
        // {fmt}'s default: the shortest digits that read back as the same value, in fixed notation when the first
        // digit's decimal exponent is in [-4, 16), else in exponent notation.
        auto shortest = [&](std::chars_format form) {
            const auto r = single ? std::to_chars(text, text + sizeof(text), static_cast<float>(v), form)
                                  : std::to_chars(text, text + sizeof(text), v, form);
            return static_cast<int>(r.ptr - text);
        };
        n = shortest(std::chars_format::scientific);
        const char* e = static_cast<const char*>(memchr(text, 'e', n));
        int exponent = 0;  // (to_chars writes no terminating zero: the exponent is read up to the end it gave)
        if (e) std::from_chars(e + (e[1] == '+' ? 2 : 1), text + n, exponent);
        if (e && exponent >= -4 && exponent < 16) n = shortest(std::chars_format::fixed);
        if (s.sign != '-' && !(v < 0)) memmove(text + 1, text, n++), text[0] = s.sign;
    } else {
        const char type = s.type == 'e' || s.type == 'E' || s.type == 'f' || s.type == 'F' || s.type == 'g' ||
                                  s.type == 'G' || s.type == 'a' || s.type == 'A'
                              ? s.type
                              : 'g';
        char format[16];
        int f = 0;
        format[f++] = '%';
        if (s.sign == '+' || s.sign == ' ') format[f++] = s.sign;
        if (s.alt) format[f++] = '#';
        format[f++] = '.', format[f++] = '*', format[f++] = type, format[f] = 0;
        const int precision = s.precision < 0 ? 6 : s.precision > 100 ? 100 : s.precision;
        n = snprintf(text, sizeof(text), format, precision, v);
        if (n < 0) n = 0;
        if (n > static_cast<int>(sizeof(text)) - 1) n = sizeof(text) - 1;
    }
    const size_t head = n > 0 && (text[0] == '-' || text[0] == '+' || text[0] == ' ') ? 1 : 0;
    Padded(out, s, text, head, text + head, n - head, '>');
}

inline void One(Out& out, const Spec& s, const Arg& a) {
    switch (a.kind) {
        case Arg::kSigned: return Integer(out, s, a.i < 0 ? 0 - static_cast<uint64_t>(a.i) : a.i, a.i < 0);
        case Arg::kUnsigned: return Integer(out, s, a.u, false);
        case Arg::kFloat: return Floating(out, s, a.f, true);
        case Arg::kDouble: return Floating(out, s, a.d, false);
        case Arg::kBool:
            if (s.type && s.type != 's') return Integer(out, s, a.b, false);
            return Padded(out, s, "", 0, a.b ? "true" : "false", a.b ? 4 : 5, '<');
        case Arg::kString: {
            const char* str = a.s ? a.s : "(null)";
            size_t len = strlen(str);
            if (s.precision >= 0 && static_cast<size_t>(s.precision) < len) len = s.precision;
            return Padded(out, s, "", 0, str, len, '<');
        }
        case Arg::kPointer: {
            Spec hex = s;
            hex.type = 'x', hex.alt = true;
            return Integer(out, hex, reinterpret_cast<uintptr_t>(a.p), false);
        }
    }
}

// Prints `format` (already checked at compile time) with `args`.
template <size_t N>
inline void Print(const char (&format)[N], const Arg* args, size_t count) {
    Out out;
    size_t next = 0;
    Parse(
        format, [&](char c) { out.Put(c); },
        [&](int index, size_t spec, size_t end) {
            const size_t i = index < 0 ? next++ : static_cast<size_t>(index);
            if (i < count) One(out, ParseSpec(format + spec, format + end), args[i]);
        });
}

}  // namespace ttemu_device_print

#define DEVICE_PRINT(format, ...)                                                                                     \
    do {                                                                                                              \
        [](auto&&... ttemu_args_) __attribute__((always_inline)) {                                                    \
            static_assert(ttemu_device_print::IsValidFormat(format),                                                  \
                          "Invalid format string: unescaped '{' must be followed by '{', '}', or a digit");           \
            static_assert(!ttemu_device_print::HasMixedPlaceholders(format),                                          \
                          "Cannot mix indexed ({0}) and non-indexed ({}) placeholders in the same format string");    \
            static_assert(!ttemu_device_print::HasIndexedPlaceholders(format) ||                                      \
                              ttemu_device_print::MaxIndex(format) < static_cast<int>(sizeof...(ttemu_args_)),        \
                          "Placeholder index exceeds number of arguments");                                           \
            static_assert(!ttemu_device_print::HasIndexedPlaceholders(format) ||                                      \
                              ttemu_device_print::AllReferenced(format, sizeof...(ttemu_args_)),                      \
                          "All arguments must be referenced when using indexed placeholders");                        \
            static_assert(ttemu_device_print::HasIndexedPlaceholders(format) ||                                       \
                              ttemu_device_print::CountPlaceholders(format) == sizeof...(ttemu_args_),                \
                          "Number of {} placeholders must match number of arguments");                                \
            const ttemu_device_print::Arg ttemu_list_[] = {ttemu_device_print::MakeArg(ttemu_args_)...,               \
                                                           ttemu_device_print::Arg{}};                                \
            ttemu_device_print::Print(format, ttemu_list_, sizeof...(ttemu_args_));                                   \
        }(__VA_ARGS__);                                                                                               \
    } while (0)

#define DEVICE_PRINT_UNPACK(format, ...) DEVICE_PRINT(format, ##__VA_ARGS__)
#define DEVICE_PRINT_MATH(format, ...) DEVICE_PRINT(format, ##__VA_ARGS__)
#define DEVICE_PRINT_PACK(format, ...) DEVICE_PRINT(format, ##__VA_ARGS__)
#define DEVICE_PRINT_DATA0(format, ...)              \
    do {                                             \
        if (noc_index == 0) {                        \
            DEVICE_PRINT(format, ##__VA_ARGS__);     \
        }                                            \
    } while (0)
#define DEVICE_PRINT_DATA1(format, ...)              \
    do {                                             \
        if (noc_index == 1) {                        \
            DEVICE_PRINT(format, ##__VA_ARGS__);     \
        }                                            \
    } while (0)
#define DEVICE_PRINT_INITIALIZE_LOCK()
#define DEVICE_PRINT_KERNEL_FINISHED()
