// Scalars: none, bool, int, uint, float, text, a host pointer (identifies a destination, holds no data) and a kernel
// source (the id of a KernelSource entry).
#pragma once

#include <cstdio>
#include <string_view>

#include "schema/values/common.h"

namespace ltcap::values {

inline void WriteBool(wire::Message& m, V v, bool x) { m.Set<L::Value>(v, L::Value::f_bool, x); }
inline void WriteInt(wire::Message& m, V v, std::int64_t x) { m.Set<L::Value>(v, L::Value::f_int, static_cast<std::uint64_t>(x)); }
inline void WriteUint(wire::Message& m, V v, std::uint64_t x) { m.Set<L::Value>(v, L::Value::f_uint, x); }
inline void WriteFloat(wire::Message& m, V v, double x) { m.SetDouble<L::Value>(v, L::Value::f_float, x); }
inline void WriteText(wire::Message& m, V v, std::string_view x) { m.SetText<L::Value>(v, L::Value::f_text, x); }
inline void WriteHostPointer(wire::Message& m, V v, std::uint64_t p) { m.Set<L::Value>(v, L::Value::f_hostPointer, p); }
inline void WriteKernelSource(wire::Message& m, V v, std::uint64_t id) { m.Set<L::Value>(v, L::Value::f_kernelSource, id); }

// Any number the log holds (bool, int or uint; none reads as 0).
inline std::uint64_t ReadUnsigned(Value v) {
    switch (v.which()) {
        case schema::Value::UINT: return v.getUint();
        case schema::Value::INT: return static_cast<std::uint64_t>(v.getInt());
        case schema::Value::BOOL: return v.getBool();
        case schema::Value::NONE: return 0;
        default: Unexpected("a number", v);
    }
}
inline bool ReadBool(Value v) { return v.isBool() ? v.getBool() : ReadUnsigned(v) != 0; }
inline double ReadFloat(Value v) {
    if (v.isFloat()) return v.getFloat();
    if (v.isNone()) return 0;
    Unexpected("a number", v);
}
inline std::string ReadText(Value v) {
    if (!v.isText()) Unexpected("text", v);
    return v.getText().cStr();
}
inline std::uint64_t ReadKernelSource(Value v) {
    if (!v.isKernelSource()) Unexpected("a kernel source", v);
    return v.getKernelSource();
}

// Text from a log as it can be shown: at most `max` bytes ("… N more bytes"), control characters, quotes and
// backslashes escaped (a log is untrusted: no terminal escape sequences from it).
inline std::string Printable(const char* text, std::size_t size, std::size_t max = 256) {
    std::string out;
    const std::size_t shown = size < max ? size : max;
    for (std::size_t i = 0; i < shown; i++) {
        const unsigned char ch = static_cast<unsigned char>(text[i]);
        if (ch == '\\' || ch == '"') {
            out += '\\';
            out += static_cast<char>(ch);
        } else if (ch < 0x20 || ch == 0x7f) {
            char esc[8];
            std::snprintf(esc, sizeof esc, "\\x%02x", ch);
            out += esc;
        } else {
            out += static_cast<char>(ch);
        }
    }
    if (size > shown) out += "… " + std::to_string(size - shown) + " more bytes";
    return out;
}
inline std::string Printable(capnp::Text::Reader text, std::size_t max = 256) { return Printable(text.begin(), text.size(), max); }

}  // namespace ltcap::values
