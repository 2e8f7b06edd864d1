// An object reference: a tt-metal object by its global id, with the number tt-metal shows for it (a handle, an
// address, a device number) and the object it belongs to.
#pragma once

#include <charconv>
#include <cstdio>
#include <vector>

#include "schema/values/common.h"

namespace ltcap::values {

struct ObjectValue {
    L::ObjectKind kind = L::ObjectKind::none;
    std::uint64_t id = 0, raw = 0, parent = 0;
    bool operator==(const ObjectValue&) const = default;
};

// Trailing fields that are 0 are left out of the struct (Cap'n Proto reads a shorter struct's missing fields as
// their defaults): most references have no raw value or parent, and references are most of a hot call's bytes.
[[gnu::always_inline]] inline void WriteObject(wire::Message& m, V v, const ObjectValue& o) {
    static_assert(L::ObjectRef::f_raw.offset == 128 && L::ObjectRef::f_parent.offset == 192, "raw, parent last");
    const std::uint16_t words = o.parent ? 4 : o.raw ? 3 : 2;
    auto r = m.InitStruct<L::Value>(v, L::Value::f_object, wire::StructSize{words, 0});
    m.Set<L::ObjectRef>(r, L::ObjectRef::f_kind, static_cast<std::uint16_t>(o.kind));
    m.Set<L::ObjectRef>(r, L::ObjectRef::f_id, o.id);
    if (o.raw) m.Set<L::ObjectRef>(r, L::ObjectRef::f_raw, o.raw);
    if (o.parent) m.Set<L::ObjectRef>(r, L::ObjectRef::f_parent, o.parent);
}

// What a mesh object's members are (ObjectRef.members): a mesh device's are devices (format 12), a mesh buffer's
// buffers (format 13); no other kind has any (returns the kind itself).
inline schema::ObjectKind MemberKind(schema::ObjectKind kind) {
    switch (kind) {
        case schema::ObjectKind::MESH_DEVICE: return schema::ObjectKind::DEVICE;
        case schema::ObjectKind::MESH_BUFFER: return schema::ObjectKind::BUFFER;
        default: return kind;
    }
}

// A mesh object a call made, with its members' ids: a mesh device's devices in get_devices() order, a mesh
// buffer's device buffers in its mesh's row-major coordinate order (ObjectRef.members).
inline void WriteMeshObject(wire::Message& m, V v, const ObjectValue& o, const std::vector<std::uint64_t>& members) {
    auto r = m.InitStruct<L::Value>(v, L::Value::f_object, L::ObjectRef::kSize);
    m.Set<L::ObjectRef>(r, L::ObjectRef::f_kind, static_cast<std::uint16_t>(o.kind));
    m.Set<L::ObjectRef>(r, L::ObjectRef::f_id, o.id);
    m.Set<L::ObjectRef>(r, L::ObjectRef::f_raw, o.raw);
    m.Set<L::ObjectRef>(r, L::ObjectRef::f_parent, o.parent);
    if (!members.empty()) m.SetU64List<L::ObjectRef>(r, L::ObjectRef::f_members, members.data(), members.size());
}

inline ObjectValue ReadObject(Value v) {
    if (!v.isObject()) Unexpected("an object", v);
    auto o = v.getObject();
    return {static_cast<L::ObjectKind>(o.getKind()), o.getId(), o.getRaw(), o.getParent()};
}

// "buffer#5@0x1020", "kernel#7{0}", "null"; appended.
inline void AppendObject(std::string& s, schema::ObjectKind kind, std::uint64_t id, std::uint64_t raw = 0) {
    if (id == 0) return void(s += "null");
    AppendEnumName(s, kind);
    s += '#';
    AppendNumber(s, id);
    switch (kind) {
        case schema::ObjectKind::BUFFER:
            if (raw) {
                char hex[24];
                const auto end = std::to_chars(hex, hex + sizeof hex, raw, 16).ptr;
                s += "@0x";
                s.append(hex, static_cast<std::size_t>(end - hex));
            }
            break;
        case schema::ObjectKind::KERNEL: case schema::ObjectKind::SEMAPHORE: case schema::ObjectKind::TRACE:
        case schema::ObjectKind::COMMAND_QUEUE: case schema::ObjectKind::DEVICE:
            s += '{';
            AppendNumber(s, raw);
            s += '}';
            break;
        default: break;
    }
}

inline std::string PrintObject(schema::ObjectKind kind, std::uint64_t id, std::uint64_t raw = 0) {
    std::string s;
    AppendObject(s, kind, id, raw);
    return s;
}

// A mesh object a call made lists its members: "meshDevice#1[device#3]", "meshBuffer#4@0x..[buffer#5, buffer#6]".
inline void AppendObject(std::string& s, Value v) {
    auto o = v.getObject();
    AppendObject(s, o.getKind(), o.getId(), o.getRaw());
    if (o.hasMembers() && o.getMembers().size()) {
        s += '[';
        bool first = true;
        for (const std::uint64_t d : o.getMembers()) {
            if (!first) s += ", ";
            first = false;
            AppendEnumName(s, MemberKind(o.getKind()));
            s += '#';
            AppendNumber(s, d);
        }
        s += ']';
    }
}

inline std::string PrintObject(Value v) {
    std::string s;
    AppendObject(s, v);
    return s;
}

}  // namespace ltcap::values
