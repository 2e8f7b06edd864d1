// Words: 32-bit values (runtime args, compile args, a DRAM or L1 write, a trace descriptor).
#pragma once

#include <vector>

#include "schema/values/common.h"

namespace ltcap::values {

inline void WriteWords(wire::Message& m, V v, const std::uint32_t* words, std::size_t n) {
    m.SetU32List<L::Value>(v, L::Value::f_words, words, n);
}

inline std::vector<std::uint32_t> ReadWords(Value v) {
    if (!v.isWords()) Unexpected("words", v);
    std::vector<std::uint32_t> out;
    out.reserve(v.getWords().size());
    for (std::uint32_t w : v.getWords()) out.push_back(w);
    return out;
}

// "[1, 2, 3]", the first `shown` then "… N words"; appended.
inline void AppendWords(std::string& s, capnp::List<std::uint32_t>::Reader words, unsigned shown = 16) {
    s += '[';
    for (unsigned i = 0; i < words.size() && i < shown; i++) {
        if (i) s += ", ";
        AppendNumber(s, words[i]);
    }
    if (words.size() > shown) {
        s += ", … ";
        AppendNumber(s, words.size());
        s += " words";
    }
    s += ']';
}

inline std::string PrintWords(capnp::List<std::uint32_t>::Reader words, unsigned shown = 16) {
    std::string s;
    AppendWords(s, words, shown);
    return s;
}

}  // namespace ltcap::values
