// Scalars: none, bool, int, uint, float, text, a host pointer (identifies a destination, holds no data) and a kernel
// source (the id of a KernelSource entry).
#pragma once

#include <cstdio>
#include <string_view>

#include "common/terminal_text.h"
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

// Text from a log as it can be shown: at most `max` bytes ("… N more bytes"), quotes and backslashes escaped, and
// control characters shown rather than obeyed as common/terminal_text.h shows them (C0, DEL and bytes outside UTF-8
// as \xNN, C1 controls and bidirectional overrides as \uNNNN): a log is untrusted, no terminal escape sequence
// comes out of it.
inline std::string Printable(const char* text, std::size_t size, std::size_t max = 256) {
    std::string quoted;
    const std::size_t shown = size < max ? size : max;
    for (std::size_t i = 0; i < shown; i++) {
        if (text[i] == '\\' || text[i] == '"') quoted += '\\';
        quoted += text[i];
    }
    std::string out = TerminalSafe(quoted);
    if (size > shown) out += "… " + std::to_string(size - shown) + " more bytes";
    return out;
}
inline std::string Printable(capnp::Text::Reader text, std::size_t max = 256) { return Printable(text.begin(), text.size(), max); }

}  // namespace ltcap::values
