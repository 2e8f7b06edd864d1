// How the traced process is ending, for the log's end entry (End.exited, End.exitStatus, End.uncaught): the status
// it passed to exit() or main returned, and the exception that reached std::terminate. Each is only noted — the
// process then ends exactly as it would have: the real exit() runs, main's value is returned, and the terminate
// handler the program had (tt-metal's, libstdc++'s verbose one) runs after ours.
//   The shim's process_exit.cc interposes exit() and __libc_start_main (to see main's return value, which glibc hands
//   to its own exit without going through the interposed one) and calls NoteExit; InstallTerminateHandler chains the
//   terminate handler.
#pragma once

#include <cstddef>
#include <exception>
#include <optional>
#include <string>
#include <string_view>

namespace ltcap::process_end {

// The exit status, once the process is exiting (exit() called, or main returned); nothing before.
std::optional<int> ExitStatus() noexcept;

// The exception that reached std::terminate — its type, then what() for a std::exception ("std::runtime_error:
// bad"), at most kUncaughtMax bytes; empty if none did.
std::string_view Uncaught() noexcept;
inline constexpr std::size_t kUncaughtMax = 4096;

// Puts a handler before the current terminate handler that notes the exception and calls `on_uncaught` (made while
// the process can still allocate: the capture prepares its end entry there), then the handler that was there.
// Once per process.
void InstallTerminateHandler(void (*on_uncaught)() noexcept) noexcept;

// Notes that the process is exiting with `status` (the interposed exit() and main's wrapper call it).
void NoteExit(int status) noexcept;

// Describes the exception `e` as Uncaught() would ("std::runtime_error: bad", or the type alone).
std::string Describe(std::exception_ptr e);

}  // namespace ltcap::process_end
