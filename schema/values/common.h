// What every value codec (this folder) shares. Each kind of log Value — an object reference, cores, data, words,
// a kernel, buffer or circular-buffer config, a region, scalars, lists — has one header here holding its writer (for
// the shim: wire.h, no library), its reader (for the tools: libcapnp's generated classes) and its printer (ltdump),
// side by side over a plain struct that needs no tt-metal header. A format change is one local edit; values_test
// writes, reads back and prints each. The readers and printers are inline: the shim, which only writes, never
// instantiates them and so takes no libcapnp dependency.
#pragma once

#include <capnp/schema.h>

#include <charconv>
#include <cstdint>
#include <iterator>
#include <string>
#include <vector>

#include "schema/log_error.h"
#include "schema/trace.capnp.h"
#include "schema/trace_layout.h"
#include "schema/values/tt_enums.h"
#include "schema/wire.h"

namespace ltcap::values {

namespace L = layout;
using V = wire::StructRef;            // a Value being written
using Value = schema::Value::Reader;  // a Value being read

// `n` in decimal, appended (the printers build one string, not a temporary a number).
inline void AppendNumber(std::string& s, std::uint64_t n) {
    char digits[20];
    const auto end = std::to_chars(digits, digits + sizeof digits, n).ptr;
    s.append(digits, static_cast<std::size_t>(end - digits));
}

// The names of an enum's enumerants as the schema spells them, by value: looked up once per enum type.
template <typename E>
const std::vector<std::string>& EnumNames() {
    static const std::vector<std::string> names = [] {
        std::vector<std::string> n;
        for (auto enumerant : capnp::Schema::from<E>().getEnumerants()) n.emplace_back(enumerant.getProto().getName().cStr());
        return n;
    }();
    return names;
}

// The name of an enumerant as the schema spells it, or its number if this reader does not know it; appended.
template <typename E>
void AppendEnumName(std::string& s, E e) {
    const auto& names = EnumNames<E>();
    const auto i = static_cast<std::uint16_t>(e);
    if (i < names.size()) s += names[i];
    else AppendNumber(s, i);
}

template <typename E>
std::string EnumName(E e) {
    std::string s;
    AppendEnumName(s, e);
    return s;
}

// What kind of value `v` is, for messages.
inline std::string KindName(Value v) {
    static const char* kNames[] = {"none", "a bool", "an int", "a uint", "a float", "text", "an object", "words",
                                   "cores", "a kernel config", "a buffer config", "a circular buffer config",
                                   "a region", "data", "a host pointer", "a list", "a kernel source",
                                   "a shard spec", "a mesh range", "a mesh device config", "a mesh buffer config",
                                   "a shard transfer"};
    const auto w = static_cast<unsigned>(v.which());
    return w < std::size(kNames) ? kNames[w] : "a value of kind " + std::to_string(w);
}

// A reader's complaint: the value is not of the kind the parameter takes.
[[noreturn]] inline void Unexpected(const char* what, Value v) {
    throw LogError(std::string("expected ") + what + ", the log has " + KindName(v));
}

}  // namespace ltcap::values
