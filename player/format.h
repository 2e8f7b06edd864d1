// Human-readable forms of log entries, for ltdump and ltplay's messages. Each value is printed by its kind's printer
// (schema/values/); a call line names the function's parameters (the schema's `params` annotation).
#pragma once

#include <string>

#include "schema/trace.capnp.h"
#include "schema/values/print.h"

namespace ltcap {

// "0x1a2b"
std::string Hex(std::uint64_t v);
using values::Printable;
inline std::string FormatValue(schema::Value::Reader v) { return values::PrintValue(v); }
inline std::string FormatObject(schema::ObjectKind kind, std::uint64_t id) { return values::PrintObject(kind, id); }
// The schema's name for parameter `i` of `function`, or null when it has none (a newer function, an extra argument).
const char* ParamName(schema::Api function, unsigned i);
// "enqueueProgram(cq=commandQueue#3, program=program#2, blocking=false)"
std::string FormatCall(schema::Call::Reader call);

}  // namespace ltcap
