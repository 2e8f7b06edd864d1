// Mapped files that change under their reader. A log another process truncates while ltplay or ltdump reads it
// (or a decompression target whose disk fills up) raises SIGBUS at the next touch of a page past the new end. The
// tools register each mapping they read with the message to give then; a SIGBUS inside one ends the tool with that
// one line on stderr and exit status 2 (a bad log), never a crash dump. A SIGBUS anywhere else is left as it was.
//   GuardMapping(data, size, path + ": the file changed while it was read");
#pragma once

#include <cstdint>
#include <string>

namespace ltcap {

// Guards [base, base + size) until UnguardMapping(base). At most 8 mappings at once (the tools hold two).
void GuardMapping(const void* base, std::uint64_t size, const std::string& message);
void UnguardMapping(const void* base);

}  // namespace ltcap
