// A log entry (any struct of schema/trace.capnp) as the JSON `ltcap export` writes: every present field under its
// name in snake_case (a pointer field only when set, the active union member where libcapnp-json puts it), enums by
// their enumerator's name, the tt-metal enums the schema keeps as UInt8 by tt-metal's name, 64-bit integers as
// strings, Data as {"bytes":N} (and the file it went to with --blobs), text that is not UTF-8 with U+FFFD in place of
// each bad byte. The document is libcapnp-json's encoding of the entry with its keys snake_cased, byte for byte
// (entry_json_test holds it to that). Each struct type's fields are worked out once from the schema (key, kind,
// offset, default); a value is then read straight from its struct's data and pointer sections into one reused
// string — no reflection per value and no JSON tree per entry, which is what the export costs per call.
//   EntryJson j; std::string s; j.Append(capnp::toDynamic(entry), s);
#pragma once

#include <capnp/any.h>
#include <capnp/dynamic.h>

#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

namespace ltcap::cli {

class EntryJson {
public:
    EntryJson();
    ~EntryJson();
    EntryJson(const EntryJson&) = delete;
    EntryJson& operator=(const EntryJson&) = delete;

    // Appends `s` to `out`; a nonzero `end_ns` is written as the value of its top-level end_ns field (a call whose
    // end the log keeps in its return). Throws LogError past a nesting depth no log of the schema reaches.
    void Append(capnp::DynamicStruct::Reader s, std::string& out, std::uint64_t end_ns = 0);
    // What Data values say besides their size until the next call: the file and offset their bytes went to
    // (`--blobs`); an empty file: their size only.
    void SetBlobFile(std::string file, std::uint64_t offset) {
        blob_file_ = std::move(file);
        blob_offset_ = offset;
    }

private:
    struct Shape;
    struct Field;
    struct SchemaHash {
        std::size_t operator()(const capnp::Schema& s) const { return s.hashCode(); }
    };
    const Shape& Of(capnp::StructSchema s);
    const std::vector<std::string>& NamesOf(capnp::EnumSchema e);
    void Object(const Shape& shape, capnp::AnyStruct::Reader s, std::string& out, unsigned depth, std::uint64_t end_ns);
    void Member(const Field& f, capnp::AnyStruct::Reader s, std::string& out, unsigned depth);
    void Pointer(const Field& f, capnp::AnyPointer::Reader p, std::string& out, unsigned depth);
    void Blob(std::size_t size, std::string& out) const;

    std::unordered_map<capnp::StructSchema, std::unique_ptr<Shape>, SchemaHash> shapes_;
    std::unordered_map<capnp::EnumSchema, std::vector<std::string>, SchemaHash> enums_;
    std::string blob_file_;
    std::uint64_t blob_offset_ = 0;
};

// `s` as a JSON string (quotes included) appended to `out`: libcapnp-json's escapes, and U+FFFD (as \ufffd) for
// each byte that does not start a well-formed UTF-8 sequence.
void AppendJsonString(std::string_view s, std::string& out);

// A schema name in snake_case, as every JSON key of the tools is written ("beginNs" → "begin_ns").
std::string SnakeCase(std::string_view name);
// The enumerants' names of `e`, each a quoted JSON string (in snake_case with `snake`), by value; "" where the schema
// names no value.
std::vector<std::string> QuotedEnumNames(capnp::EnumSchema e, bool snake = false);
// `v`'s quoted name from `names` (QuotedEnumNames), or its number where they name none.
void AppendEnumName(const std::vector<std::string>& names, unsigned v, std::string& out);

}  // namespace ltcap::cli
