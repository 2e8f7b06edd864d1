// Human-readable forms of log values, for ltdump and for ltplay's messages.
#pragma once

#include <string>

#include "schema/trace.capnp.h"

namespace ltcap {

// "0x1a2b"
std::string Hex(std::uint64_t v);
// Text from a log as it can be shown: at most `max` bytes ("… N more bytes"), control characters, quotes and
// backslashes escaped (a log is untrusted: no terminal escape sequences from it).
std::string Printable(const char* text, std::size_t size, std::size_t max = 256);
inline std::string Printable(capnp::Text::Reader text, std::size_t max = 256) { return Printable(text.begin(), text.size(), max); }
std::string FormatValue(schema::Value::Reader v);
std::string FormatObject(schema::ObjectRef::Reader o);
std::string FormatObject(schema::ObjectKind kind, std::uint64_t id);  // "buffer#12"
// "enqueueProgram(commandQueue#3, program#2, false)"
std::string FormatCall(schema::Call::Reader call);

}  // namespace ltcap
