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
void AppendDuration(std::string& out, std::uint64_t ns);  // the same, appended
// "2026-11-25 09:14:03.250 UTC" for nanoseconds since the Unix epoch.
std::string UtcTime(std::uint64_t unix_ns);
// How the captured process ended, as its log's end entry says: "the process died of signal 6 (SIGABRT), on an
// exception nobody caught: std::runtime_error: mismatch", "the process exited with status 1", or "" when the entry
// says nothing (the log ended otherwise, or a format before 15). An exception's text is cut to its first line and
// `limit` characters (0: whole), made printable.
std::string HowItEnded(schema::End::Reader end, std::size_t limit = 160);
// The exception's text of `end` as one printable line cut to `limit` characters ("" if none).
std::string UncaughtLine(schema::End::Reader end, std::size_t limit = 160);
using values::Printable;
inline std::string FormatValue(schema::Value::Reader v) { return values::PrintValue(v); }
inline std::string FormatObject(schema::ObjectKind kind, std::uint64_t id) { return values::PrintObject(kind, id); }
}  // namespace ltcap
