// Human-readable forms of log entries, for ltdump and ltplay's messages. Each value is printed by its kind's printer
// (schema/values/); a call line names the function's parameters (the schema's `params` annotation).
#pragma once

#include <string>

#include "schema/trace.capnp.h"
#include "schema/values/print.h"

namespace ltcap {

// "0x1a2b"
std::string Hex(std::uint64_t v);
// A time in the unit that suits it: "850ns", "41.2us", "1.523ms", "2.104s".
std::string HumanDuration(std::uint64_t ns);
// "2026-11-25 09:14:03.250 UTC" for nanoseconds since the Unix epoch.
std::string UtcTime(std::uint64_t unix_ns);
using values::Printable;
inline std::string FormatValue(schema::Value::Reader v) { return values::PrintValue(v); }
inline std::string FormatObject(schema::ObjectKind kind, std::uint64_t id) { return values::PrintObject(kind, id); }
}  // namespace ltcap
