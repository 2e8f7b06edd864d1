// Human-readable forms of log values, for ltdump and for ltplay's messages.
#pragma once

#include <string>

#include "schema/trace.capnp.h"

namespace ltcap {

// "0x1a2b"
std::string Hex(std::uint64_t v);
std::string FormatValue(schema::Value::Reader v);
std::string FormatObject(schema::ObjectRef::Reader o);
// "enqueueProgram(commandQueue#3, program#2, false)"
std::string FormatCall(schema::Call::Reader call);

}  // namespace ltcap
