#include "cli/entry_json.h"

#include <kj/string.h>

#include <charconv>
#include <cmath>
#include <cstring>

#include "common/json.h"  // JsonWriter::Utf8Length
#include "schema/log_error.h"
#include "schema/trace.capnp.h"
#include "schema/values/tt_enums.h"

namespace ltcap::cli {
namespace {

constexpr unsigned kMaxDepth = 100;  // the reader's nesting limit (64) ends a log's structs well before this

template <typename T>
void AppendQuotedInteger(T v, std::string& out) {
    out += '"';
    AppendChars(v, out);
    out += '"';
}

// libcapnp-json's number text for a double; infinities and NaN, which JSON lacks, as the strings it uses.
void AppendReal(double v, std::string& out) {
    if (std::isnan(v))
        out += "\"NaN\"";
    else if (std::isinf(v))
        out += v > 0 ? "\"Infinity\"" : "\"-Infinity\"";
    else
        out += kj::str(v).cStr();
}

// The tt-metal enum a config's UInt8 field holds (the schema keeps it as a number), or null.
const char* TtEnumOf(capnp::StructSchema s, const char* field) {
    struct Named {
        capnp::StructSchema schema;
        const char* field;
        const char* type;
    };
    static const Named kFields[] = {
        {capnp::Schema::from<schema::BufferConfig>(), "bufferType", "BufferType"},
        {capnp::Schema::from<schema::BufferConfig>(), "layout", "TensorMemoryLayout"},
        {capnp::Schema::from<schema::ShardSpec>(), "orientation", "ShardOrientation"},
        {capnp::Schema::from<schema::MeshBufferConfig>(), "orientation", "ShardOrientation"},
        {capnp::Schema::from<schema::KernelConfig>(), "processor", "DataMovementProcessor"},
        {capnp::Schema::from<schema::KernelConfig>(), "noc", "NOC"},
        {capnp::Schema::from<schema::KernelConfig>(), "nocMode", "NOC_MODE"},
        {capnp::Schema::from<schema::KernelConfig>(), "ethMode", "Eth"},
        {capnp::Schema::from<schema::KernelConfig>(), "mathFidelity", "MathFidelity"},
        {capnp::Schema::from<schema::CbIndex>(), "dataFormat", "DataFormat"},
    };
    for (const Named& n : kFields)
        if (n.schema == s && std::string_view(n.field) == field) return n.type;
    return nullptr;
}

}  // namespace

void AppendJsonString(std::string_view s, std::string& out) {
    static const char kHex[] = "0123456789abcdef";
    out += '"';
    for (std::size_t i = 0; i < s.size();) {
        const unsigned char c = static_cast<unsigned char>(s[i]);
        if (c >= 0x80) {
            const std::size_t n = JsonWriter::Utf8Length(s, i);
            if (n == 0)
                out += "\\ufffd", i++;
            else
                out.append(s, i, n), i += n;
            continue;
        }
        switch (c) {
            case '"':
                out += "\\\"";
                break;
            case '\\':
                out += "\\\\";
                break;
            case '\b':
                out += "\\b";
                break;
            case '\f':
                out += "\\f";
                break;
            case '\n':
                out += "\\n";
                break;
            case '\r':
                out += "\\r";
                break;
            case '\t':
                out += "\\t";
                break;
            default:
                if (c < 0x20)
                    out += "\\u00", out += kHex[c >> 4], out += kHex[c & 15];
                else
                    out += static_cast<char>(c);
        }
        i++;
    }
    out += '"';
}

// How a field's value is stored and written.
enum class Kind : std::uint8_t {
    Void,
    Bool,
    Int8,
    Int16,
    Int32,
    Int64,
    UInt8,
    UInt16,
    UInt32,
    UInt64,
    Float32,
    Float64,
    Enum,  // data section
    Text,
    Data,
    List,
    Struct,  // pointer section
    Group,   // the same struct
};

struct EntryJson::Field {
    std::string key;  // "\"snake_name\":"
    Kind kind = Kind::Void;
    Kind element = Kind::Void;       // a list's elements
    std::uint32_t offset = 0;        // in units of the value's size (bits for Bool; the pointer's index)
    std::uint64_t default_bits = 0;  // a data field's default, which the wire XORs in
    std::uint16_t discriminant = 0;  // in the union: the value saying it is the active member
    bool in_union = false;
    bool end_ns = false;                                      // the field a call's end can be written over
    const char* tt_enum = nullptr;                            // the tt-metal enum a UInt8 holds
    capnp::StructSchema nested;                               // Struct, Group, List of Struct
    capnp::EnumSchema enumeration;                            // Enum, List of Enum
    mutable const Shape* shape = nullptr;                     // nested's, once looked up
    mutable const std::vector<std::string>* names = nullptr;  // enumeration's, once looked up
};

// A struct type's fields, worked out once.
struct EntryJson::Shape {
    std::vector<Field> fields;              // every field, by index (code order)
    std::vector<unsigned> non_union;        // the indexes of those outside the union, in order
    std::vector<int> by_discriminant;       // the union's members: discriminant → field index (-1: none)
    std::uint32_t discriminant_offset = 0;  // in 16-bit units
};

namespace {

Kind KindOf(capnp::Type t) {
    namespace S = capnp::schema;
    switch (t.which()) {
        case S::Type::VOID:
            return Kind::Void;
        case S::Type::BOOL:
            return Kind::Bool;
        case S::Type::INT8:
            return Kind::Int8;
        case S::Type::INT16:
            return Kind::Int16;
        case S::Type::INT32:
            return Kind::Int32;
        case S::Type::INT64:
            return Kind::Int64;
        case S::Type::UINT8:
            return Kind::UInt8;
        case S::Type::UINT16:
            return Kind::UInt16;
        case S::Type::UINT32:
            return Kind::UInt32;
        case S::Type::UINT64:
            return Kind::UInt64;
        case S::Type::FLOAT32:
            return Kind::Float32;
        case S::Type::FLOAT64:
            return Kind::Float64;
        case S::Type::ENUM:
            return Kind::Enum;
        case S::Type::TEXT:
            return Kind::Text;
        case S::Type::DATA:
            return Kind::Data;
        case S::Type::LIST:
            return Kind::List;
        case S::Type::STRUCT:
            return Kind::Struct;
        case S::Type::INTERFACE:
        case S::Type::ANY_POINTER:
            break;
    }
    throw LogError("the log's schema has a field of a type the export does not write");
}

// A data field's default as the wire's bits (what a reader XORs with the stored bits).
std::uint64_t DefaultBits(capnp::schema::Value::Reader v) {
    namespace S = capnp::schema;
    switch (v.which()) {
        case S::Value::BOOL:
            return v.getBool();
        case S::Value::INT8:
            return static_cast<std::uint8_t>(v.getInt8());
        case S::Value::INT16:
            return static_cast<std::uint16_t>(v.getInt16());
        case S::Value::INT32:
            return static_cast<std::uint32_t>(v.getInt32());
        case S::Value::INT64:
            return static_cast<std::uint64_t>(v.getInt64());
        case S::Value::UINT8:
            return v.getUint8();
        case S::Value::UINT16:
            return v.getUint16();
        case S::Value::UINT32:
            return v.getUint32();
        case S::Value::UINT64:
            return v.getUint64();
        case S::Value::FLOAT32: {
            const float f = v.getFloat32();
            std::uint32_t bits;
            std::memcpy(&bits, &f, sizeof bits);
            return bits;
        }
        case S::Value::FLOAT64: {
            const double d = v.getFloat64();
            std::uint64_t bits;
            std::memcpy(&bits, &d, sizeof bits);
            return bits;
        }
        case S::Value::ENUM:
            return v.getEnum();
        default:
            return 0;
    }
}

// The data section's value of `size` bytes at `offset` (in units of its size), 0 past the section's end (a struct
// written by an older schema), XORed with the field's default.
std::uint64_t Load(kj::ArrayPtr<const capnp::byte> data, std::uint32_t offset, unsigned size, std::uint64_t def) {
    const std::size_t at = static_cast<std::size_t>(offset) * size;
    std::uint64_t v = 0;
    if (at + size <= data.size()) std::memcpy(&v, data.begin() + at, size);  // little-endian, as the wire
    return v ^ def;
}

template <typename T>
T As(std::uint64_t bits) {
    T v;
    std::memcpy(&v, &bits, sizeof v);
    return v;
}

}  // namespace

EntryJson::EntryJson() = default;
EntryJson::~EntryJson() = default;

const EntryJson::Shape& EntryJson::Of(capnp::StructSchema s) {
    auto& slot = shapes_[s];
    if (slot) return *slot;
    auto shape = std::make_unique<Shape>();
    const auto node = s.getProto().getStruct();
    shape->discriminant_offset = node.getDiscriminantOffset();
    for (auto f : s.getFields()) {
        const auto proto = f.getProto();
        const char* name = proto.getName().cStr();
        Field out;
        out.key = '"' + SnakeCase(name) + "\":";
        out.end_ns = std::string_view(name) == "endNs";
        out.in_union = proto.getDiscriminantValue() != capnp::schema::Field::NO_DISCRIMINANT;
        out.discriminant = proto.getDiscriminantValue();
        if (proto.isGroup()) {
            out.kind = Kind::Group;
            out.nested = f.getType().asStruct();
        } else {
            const auto slot_proto = proto.getSlot();
            const capnp::Type t = f.getType();
            out.kind = KindOf(t);
            out.offset = slot_proto.getOffset();
            out.default_bits = DefaultBits(slot_proto.getDefaultValue());
            out.tt_enum = TtEnumOf(s, name);
            if (out.kind == Kind::Struct) out.nested = t.asStruct();
            if (out.kind == Kind::Enum) out.enumeration = t.asEnum();
            if (out.kind == Kind::List) {
                const capnp::Type e = t.asList().getElementType();
                out.element = KindOf(e);
                if (out.element == Kind::List || out.element == Kind::Data || out.element == Kind::Void)
                    throw LogError("the log's schema has a list the export does not write");
                if (out.element == Kind::Struct) out.nested = e.asStruct();
                if (out.element == Kind::Enum) out.enumeration = e.asEnum();
            }
        }
        if (out.in_union) {
            if (shape->by_discriminant.size() <= out.discriminant)
                shape->by_discriminant.resize(out.discriminant + 1, -1);
            shape->by_discriminant[out.discriminant] = static_cast<int>(f.getIndex());
        }
        shape->fields.push_back(std::move(out));
    }
    for (auto f : s.getNonUnionFields()) shape->non_union.push_back(f.getIndex());
    slot = std::move(shape);
    return *slot;
}

const std::vector<std::string>& EntryJson::NamesOf(capnp::EnumSchema e) {
    auto [it, added] = enums_.try_emplace(e);
    if (added) it->second = QuotedEnumNames(e);
    return it->second;
}

std::string SnakeCase(std::string_view name) {
    std::string out;
    for (const char c : name) {
        if (c >= 'A' && c <= 'Z')
            out += '_', out += static_cast<char>(c - 'A' + 'a');
        else
            out += c;
    }
    return out;
}

std::vector<std::string> QuotedEnumNames(capnp::EnumSchema e, bool snake) {
    std::vector<std::string> names;
    for (auto n : e.getEnumerants()) {
        const auto value = n.getOrdinal();
        if (names.size() <= value) names.resize(value + 1);
        const auto name = n.getProto().getName();
        const std::string_view text(name.begin(), name.size());
        AppendJsonString(snake ? SnakeCase(text) : text, names[value]);
    }
    return names;
}

void AppendEnumName(const std::vector<std::string>& names, unsigned v, std::string& out) {
    if (v < names.size() && !names[v].empty())
        out += names[v];
    else
        AppendChars(v, out);
}

void EntryJson::Append(capnp::DynamicStruct::Reader s, std::string& out, std::uint64_t end_ns) {
    Object(Of(s.getSchema()), s.as<capnp::AnyStruct>(), out, 0, end_ns);
}

void EntryJson::Blob(std::size_t size, std::string& out) const {
    // Bytes as a reference, not libcapnp-json's array of numbers.
    out += "{\"bytes\":";
    AppendChars(size, out);
    if (!blob_file_.empty()) {
        out += ",\"file\":";
        AppendJsonString(blob_file_, out);
        out += ",\"offset\":";
        AppendChars(blob_offset_, out);
    }
    out += '}';
}

// As libcapnp-json orders them: the fields outside the union that are present (every non-pointer field, a pointer
// field when set), with the union's active member placed before the first of them that follows it in code order
// — or left out if it is the union's first member (discriminant 0) and a null pointer.
void EntryJson::Object(const Shape& shape, capnp::AnyStruct::Reader s, std::string& out, unsigned depth,
                       std::uint64_t end_ns) {
    if (depth > kMaxDepth) throw LogError("an entry nests deeper than " + std::to_string(kMaxDepth) + " levels");
    const auto data = s.getDataSection();
    const auto pointers = s.getPointerSection();
    const auto is_null = [&](const Field& f) {
        return f.kind >= Kind::Text && f.kind <= Kind::Struct &&
               (f.offset >= pointers.size() || pointers[f.offset].isNull());
    };
    const Field* active = nullptr;
    bool active_null = false;
    if (!shape.by_discriminant.empty()) {
        const auto d = Load(data, shape.discriminant_offset, 2, 0);
        if (d < shape.by_discriminant.size() && shape.by_discriminant[d] >= 0) {
            const Field& f = shape.fields[shape.by_discriminant[d]];
            active_null = is_null(f);
            if (f.discriminant != 0 || !active_null) active = &f;
        }
    }
    bool first = true;
    const auto write = [&](const Field& f, bool null) {
        out += first ? "" : ",";
        first = false;
        out += f.key;
        if (null)
            out += "null";
        else if (f.end_ns && end_ns && depth == 0)
            AppendQuotedInteger(end_ns, out);
        else
            Member(f, s, out, depth + 1);
    };
    out += '{';
    for (unsigned i : shape.non_union) {
        if (active && (&*active - shape.fields.data()) < static_cast<std::ptrdiff_t>(i))
            write(*active, active_null), active = nullptr;
        const Field& f = shape.fields[i];
        if (!is_null(f)) write(f, false);
    }
    if (active) write(*active, active_null);
    out += '}';
}

// A field's value, from the struct holding it.
void EntryJson::Member(const Field& f, capnp::AnyStruct::Reader s, std::string& out, unsigned depth) {
    const auto data = s.getDataSection();
    switch (f.kind) {
        case Kind::Void:
            out += "null";
            return;
        case Kind::Bool: {
            const std::size_t byte = f.offset / 8;
            const bool bit = byte < data.size() && ((data[byte] >> (f.offset % 8)) & 1);
            out += (bit != (f.default_bits != 0)) ? "true" : "false";
            return;
        }
        case Kind::Int8:
            return AppendChars(As<std::int8_t>(Load(data, f.offset, 1, f.default_bits)), out);
        case Kind::Int16:
            return AppendChars(As<std::int16_t>(Load(data, f.offset, 2, f.default_bits)), out);
        case Kind::Int32:
            return AppendChars(As<std::int32_t>(Load(data, f.offset, 4, f.default_bits)), out);
        case Kind::Int64:
            return AppendQuotedInteger(As<std::int64_t>(Load(data, f.offset, 8, f.default_bits)), out);
        case Kind::UInt8: {
            const auto v = static_cast<std::uint8_t>(Load(data, f.offset, 1, f.default_bits));
            if (f.tt_enum) return AppendJsonString(values::TtEnumName(f.tt_enum, v), out);
            return AppendChars(v, out);
        }
        case Kind::UInt16:
            return AppendChars(static_cast<std::uint16_t>(Load(data, f.offset, 2, f.default_bits)), out);
        case Kind::UInt32:
            return AppendChars(static_cast<std::uint32_t>(Load(data, f.offset, 4, f.default_bits)), out);
        case Kind::UInt64:
            return AppendQuotedInteger(Load(data, f.offset, 8, f.default_bits), out);
        case Kind::Float32:
            return AppendReal(As<float>(Load(data, f.offset, 4, f.default_bits)), out);
        case Kind::Float64:
            return AppendReal(As<double>(Load(data, f.offset, 8, f.default_bits)), out);
        case Kind::Enum: {
            if (!f.names) f.names = &NamesOf(f.enumeration);
            return AppendEnumName(*f.names, static_cast<std::uint16_t>(Load(data, f.offset, 2, f.default_bits)), out);
        }
        case Kind::Group:
            if (!f.shape) f.shape = &Of(f.nested);
            return Object(*f.shape, s, out, depth, 0);
        case Kind::Text:
        case Kind::Data:
        case Kind::List:
        case Kind::Struct: {
            const auto pointers = s.getPointerSection();
            return Pointer(f, pointers[f.offset], out, depth);  // (present: Object checked the index)
        }
    }
}

void EntryJson::Pointer(const Field& f, capnp::AnyPointer::Reader p, std::string& out, unsigned depth) {
    switch (f.kind) {
        case Kind::Text: {
            const auto t = p.getAs<capnp::Text>();
            return AppendJsonString(std::string_view(t.begin(), t.size()), out);
        }
        case Kind::Data:
            return Blob(p.getAs<capnp::Data>().size(), out);
        case Kind::Struct:
            if (!f.shape) f.shape = &Of(f.nested);
            return Object(*f.shape, p.getAs<capnp::AnyStruct>(), out, depth, 0);
        case Kind::List:
            break;
        default:
            return;
    }
    if (depth > kMaxDepth) throw LogError("an entry nests deeper than " + std::to_string(kMaxDepth) + " levels");
    out += '[';
    const auto each = [&](auto list, auto write) {
        bool first = true;
        for (auto x : list) {
            if (!first) out += ',';
            first = false;
            write(x);
        }
    };
    const auto integer = [&](auto x) { AppendChars(x, out); };
    const auto quoted = [&](auto x) { AppendQuotedInteger(x, out); };
    const auto real = [&](auto x) { AppendReal(x, out); };
    switch (f.element) {
        case Kind::Bool:
            each(p.getAs<capnp::List<bool>>(), [&](bool b) { out += b ? "true" : "false"; });
            break;
        case Kind::Int8:
            each(p.getAs<capnp::List<std::int8_t>>(), integer);
            break;
        case Kind::Int16:
            each(p.getAs<capnp::List<std::int16_t>>(), integer);
            break;
        case Kind::Int32:
            each(p.getAs<capnp::List<std::int32_t>>(), integer);
            break;
        case Kind::Int64:
            each(p.getAs<capnp::List<std::int64_t>>(), quoted);
            break;
        case Kind::UInt8:
            each(p.getAs<capnp::List<std::uint8_t>>(), integer);
            break;
        case Kind::UInt16:
            each(p.getAs<capnp::List<std::uint16_t>>(), integer);
            break;
        case Kind::UInt32:
            each(p.getAs<capnp::List<std::uint32_t>>(), integer);
            break;
        case Kind::UInt64:
            each(p.getAs<capnp::List<std::uint64_t>>(), quoted);
            break;
        case Kind::Float32:
            each(p.getAs<capnp::List<float>>(), real);
            break;
        case Kind::Float64:
            each(p.getAs<capnp::List<double>>(), real);
            break;
        case Kind::Enum: {
            if (!f.names) f.names = &NamesOf(f.enumeration);
            each(p.getAs<capnp::List<std::uint16_t>>(), [&](std::uint16_t v) { AppendEnumName(*f.names, v, out); });
            break;
        }
        case Kind::Text:
            each(p.getAs<capnp::List<capnp::Text>>(),
                 [&](capnp::Text::Reader t) { AppendJsonString(std::string_view(t.begin(), t.size()), out); });
            break;
        case Kind::Struct: {
            if (!f.shape) f.shape = &Of(f.nested);
            const Shape& shape = *f.shape;
            const auto any = p.getAs<capnp::AnyList>();
            if (any.getElementSize() == capnp::ElementSize::INLINE_COMPOSITE) {
                each(any.as<capnp::List<capnp::AnyStruct>>(),
                     [&](capnp::AnyStruct::Reader e) { Object(shape, e, out, depth + 1, 0); });
            } else {  // a list of another encoding, read by Cap'n Proto's own rules for a struct list (or refused)
                each(p.getAs<capnp::DynamicList>(capnp::ListSchema::of(f.nested)), [&](capnp::DynamicValue::Reader e) {
                    Object(shape, e.as<capnp::DynamicStruct>().as<capnp::AnyStruct>(), out, depth + 1, 0);
                });
            }
            break;
        }
        default:
            break;  // (Of refuses the rest)
    }
    out += ']';
}

}  // namespace ltcap::cli
