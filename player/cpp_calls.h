// One call of a log written as C++ statements (cpp_calls.cc: one generated exporter per function of the description).
#pragma once

#include <string>
#include <vector>

#include "player/cpp_emit.h"

namespace ltcap {

// Appends to `statements` what the call needs before it, the statement making it, and what follows it (the checks
// of what it read); returns the call's statement. A LogError says what of the call cannot be written.
std::string ExportCall(CppProgram& program, const DecodedCall& call, schema::Return::Reader ret, bool has_return,
                       std::vector<std::string>& statements);

}  // namespace ltcap
