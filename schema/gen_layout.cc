// A Cap'n Proto compiler plugin: `capnp compile -o gen_layout:OUTDIR trace.capnp` writes OUTDIR/trace_layout.h, what
// the dependency-free writer (wire.h) needs from the schema — the format version, every struct's size and every
// field's position (from the compiler's own layout, not a scrape of its text output), every enum with its names,
// and each API function's parameter names and enum types (the `params` annotation on its Api enumerant).
#include <capnp/schema.capnp.h>
#include <capnp/serialize.h>

#include <cstdio>
#include <fstream>
#include <map>
#include <sstream>
#include <string>

namespace {

using capnp::schema::Field;
using capnp::schema::Node;
using capnp::schema::Type;

unsigned DataBits(Type::Which t) {
    switch (t) {
        case Type::VOID: return 0;
        case Type::BOOL: return 1;
        case Type::INT8: case Type::UINT8: return 8;
        case Type::INT16: case Type::UINT16: case Type::ENUM: return 16;
        case Type::INT32: case Type::UINT32: case Type::FLOAT32: return 32;
        case Type::INT64: case Type::UINT64: case Type::FLOAT64: return 64;
        default: return 0;
    }
}

bool IsPointer(Type::Which t) {
    return t == Type::TEXT || t == Type::DATA || t == Type::LIST || t == Type::STRUCT || t == Type::INTERFACE ||
           t == Type::ANY_POINTER;
}

[[noreturn]] void Fail(const std::string& what) {
    std::fprintf(stderr, "gen_layout: %s\n", what.c_str());
    std::exit(1);
}

void Struct(std::ostream& out, const std::string& name, Node::Reader node) {
    auto s = node.getStruct();
    out << "struct " << name << " {\n";
    out << "    static constexpr wire::StructSize kSize{" << s.getDataWordCount() << ", " << s.getPointerCount() << "};\n";
    if (s.getDiscriminantCount() > 0)
        out << "    static constexpr std::uint32_t kTagBit = " << s.getDiscriminantOffset() * 16 << ";\n";
    for (Field::Reader f : s.getFields()) {
        if (!f.isSlot()) Fail(name + "." + f.getName().cStr() + ": groups are not supported by wire.h");
        const auto slot = f.getSlot();
        const auto type = slot.getType().which();
        const int tag = f.getDiscriminantValue() == Field::NO_DISCRIMINANT ? -1 : f.getDiscriminantValue();
        out << "    static constexpr wire::Field f_" << f.getName().cStr() << "{wire::FieldKind::";
        if (IsPointer(type)) {
            out << "kPointer, " << slot.getOffset() << ", 0, " << tag << "};\n";
        } else if (type == Type::VOID) {
            out << "kVoid, 0, 0, " << tag << "};\n";
        } else {
            const unsigned bits = DataBits(type);
            out << "kData, " << slot.getOffset() * bits << ", " << bits << ", " << tag << "};\n";
        }
    }
    out << "};\n";
}

void Enum(std::ostream& out, const std::string& name, Node::Reader node, std::uint64_t params_id) {
    auto enumerants = node.getEnum().getEnumerants();
    out << "enum class " << name << " : std::uint16_t {\n";
    for (unsigned i = 0; i < enumerants.size(); i++) out << "    " << enumerants[i].getName().cStr() << " = " << i << ",\n";
    out << "};\n";
    out << "inline constexpr const char* k" << name << "Names[] = {";
    for (auto e : enumerants) out << "\"" << e.getName().cStr() << "\", ";
    out << "};\n";
    if (!params_id) return;
    // Parameter names of each enumerant (the Api enum's `params` annotation, "name" or "name:EnumType"),
    // null-terminated, and beside them each parameter's enum type ("" for none); then one table of each.
    for (auto e : enumerants) {
        std::string names, types;
        for (auto a : e.getAnnotations()) {
            if (a.getId() != params_id) continue;
            for (auto p : a.getValue().getList().getAs<capnp::List<capnp::Text>>()) {
                const std::string param = p.cStr();
                const auto colon = param.find(':');
                names += "\"" + param.substr(0, colon) + "\", ";
                types += "\"" + (colon == std::string::npos ? std::string() : param.substr(colon + 1)) + "\", ";
            }
        }
        out << "inline constexpr const char* k" << name << "Params_" << e.getName().cStr() << "[] = {" << names
            << "nullptr};\n";
        out << "inline constexpr const char* k" << name << "ParamTypes_" << e.getName().cStr() << "[] = {" << types
            << "nullptr};\n";
    }
    for (const char* table : {"Params", "ParamTypes"}) {
        out << "inline constexpr const char* const* k" << name << table << "[] = {\n";
        for (auto e : enumerants) out << "    k" << name << table << "_" << e.getName().cStr() << ",\n";
        out << "};\n";
    }
}

}  // namespace

int main() {
    capnp::ReaderOptions options;
    options.traversalLimitInWords = 1ull << 30;
    capnp::StreamFdMessageReader message(0, options);
    auto request = message.getRoot<capnp::schema::CodeGeneratorRequest>();
    std::map<std::uint64_t, Node::Reader> nodes;
    for (auto n : request.getNodes()) nodes.emplace(n.getId(), n);
    if (request.getRequestedFiles().size() != 1) Fail("expected one schema file");
    const auto file = nodes.at(request.getRequestedFiles()[0].getId());

    std::uint64_t params_id = 0;
    std::string version;
    for (auto nested : file.getNestedNodes()) {
        const auto n = nodes.at(nested.getId());
        if (n.isAnnotation() && std::string(nested.getName().cStr()) == "params") params_id = n.getId();
        if (n.isConst() && std::string(nested.getName().cStr()) == "formatVersion")
            version = std::to_string(n.getConst().getValue().getUint32());
    }
    if (version.empty()) Fail("the schema has no `const formatVersion :UInt32`");

    std::ostringstream out;
    out << "// Generated from schema/trace.capnp by schema/gen_layout (a capnp compiler plugin). Do not edit.\n"
           "#pragma once\n\n#include <cstdint>\n\n#include \"schema/wire.h\"\n\nnamespace ltcap::layout {\n"
           "inline constexpr std::uint32_t kFormatVersion = " << version << ";\n";
    for (auto nested : file.getNestedNodes()) {
        const auto n = nodes.at(nested.getId());
        if (n.isStruct()) Struct(out, nested.getName().cStr(), n);
        else if (n.isEnum()) Enum(out, nested.getName().cStr(), n, std::string(nested.getName().cStr()) == "Api" ? params_id : 0);
    }
    out << "}  // namespace ltcap::layout\n";
    std::ofstream header("trace_layout.h");
    header << out.str();
    if (!header) Fail("cannot write trace_layout.h");
    return 0;
}
