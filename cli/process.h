// Running another program from ltcap's commands: start it, wait for it, and turn how it ended into an exit code.
//   pid_t pid = Spawn("ltcap", path, argv, /*search_path=*/false);  int code = ExitCodeOf(WaitFor(pid));
#pragma once

#include <sys/types.h>

#include <string>
#include <vector>

namespace ltcap::cli {

// Forks and execs `file` with `argv` (PATH searched if asked); the child starts with SIGINT and SIGQUIT at their
// defaults. A child that cannot exec says so on stderr, prefixed with `who`, and exits 127. -1 if fork failed.
pid_t Spawn(const char* who, const char* file, char* const argv[], bool search_path);
// The wait status of `pid` once it ended (waiting again after interruptions).
int WaitFor(pid_t pid);
// A shell's view of a wait status: the exit code, or 128 + N for a program ended by signal N.
int ExitCodeOf(int status);
// Runs the program at `path` (no PATH search) with `args` after its name (argv[0]: `name`, or the path if empty),
// waits for it and returns ExitCodeOf its end; -1 (with errno) if it could not be forked.
int RunAndWait(const char* who, const std::string& path, const std::vector<std::string>& args,
               const std::string& name = "");

}  // namespace ltcap::cli
