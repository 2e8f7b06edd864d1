// A log's calls as `ltcap export --format compact` writes them: one JSON line per entry, a call in the tools' own
// notation rather than the schema's — its arguments positional (the function's parameter names once, on a
// `function` line before its first call), objects as {"program":2} (their parent and members where they are made),
// cores as {"core":[x,y]}, integers as numbers, times as a begin and a duration — so a payload-less call takes about
// a third of the bytes of --format jsonl.
// The lines and their keys are in docs/ltcap-export.md ("--format compact"); entries other than calls and returns
// (blobs, kernel sources, snapshots, …) are written as --format jsonl writes them (EntryJson).
//   CompactJson j; std::string line; j.AppendCall(DecodeCall(entry.getCall()), line);
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "cli/entry_json.h"
#include "player/decoded_call.h"
#include "schema/trace.capnp.h"

namespace ltcap::cli {

class CompactJson {
public:
    CompactJson();

    // The call's line; before it, the first time the log calls its function, the function's line and a newline.
    void AppendCall(const DecodedCall& call, std::string& out);
    // {"return":SEQ,"end":NS,"result":VALUE} (no result for a void call), or "threw" with the exception's text.
    void AppendReturn(const DecodedReturn& ret, std::string& out);
    // One argument (or a `result`: objects with their parent and members); `enum_type` (a tt-metal enum, as
    // CallModel::ParamEnum names it) writes an integer as its enumerator's name. Throws LogError past a nesting depth
    // no log of the schema reaches.
    void AppendValue(schema::Value::Reader v, std::string& out, const char* enum_type = nullptr, unsigned depth = 0,
                     bool result = false);
    // Every other entry (a blob, a kernel source, …) as --format jsonl has it; its SetBlobFile says where --blobs
    // put a blob's bytes.
    EntryJson& schema_json() { return schema_json_; }

private:
    void AppendObject(schema::ObjectRef::Reader o, std::string& out, bool made);

    EntryJson schema_json_;
    std::vector<std::string> kinds_;          // ObjectKind's names in snake_case, quoted, by value
    std::vector<std::string> element_types_;  // ElementType's names, quoted, by value
    std::vector<bool> declared_;              // by Api value: its function line is written
};

}  // namespace ltcap::cli
