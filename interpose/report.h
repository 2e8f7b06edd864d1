// How the shim speaks, and how it stops. It runs inside someone else's program: it writes its own lines straight to
// the stderr file descriptor, each "ltcap: …", and a failure of its own turns capture off for good — said once —
// while the program goes on. A leaf: everything in the shim may include it.
//   report::Line("capturing to " + path);
//   report::Fail("cannot record a call: " + why);   // capture is off from here on
#pragma once

#include <atomic>
#include <string>

namespace ltcap::report {

// One "ltcap: …" line on stderr.
void Line(const std::string& text) noexcept;
// Turns capture off with one line (the first failure only; later ones are quiet).
void Fail(const std::string& what) noexcept;
// One line saying a log was not written (or not all of it): on stderr, and appended to the status file when one is
// set (LTCAP_STATUS_FILE: `ltcap capture` reads it to exit non-zero).
void Lost(const std::string& what) noexcept;
// The status file Lost() appends to ("" for none); set once, before capture starts.
void SetStatusFile(const std::string& path) noexcept;
// Turns capture off without a word (capture disabled, or its settings already reported).
void TurnOff() noexcept;
// Whether capture is off (checked on every call: one relaxed load, inline).
extern std::atomic<bool> g_off;
inline bool Off() noexcept { return g_off.load(std::memory_order_relaxed); }
// The traced program's name, for log names and headers: its argv[0]'s last component (glibc's
// program_invocation_short_name), whole — /proc/self/comm, which the kernel cuts to 15 characters, only when that
// is empty.
std::string ProgramName();

}  // namespace ltcap::report
