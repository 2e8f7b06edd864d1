// The logs this process has written, across every program image it has had. exec keeps the pid and replaces the
// program: a program that execs itself (or another traced one of the same name) would expand the output pattern to
// the log its earlier image wrote, and must not overwrite it. Which files are this process's own is told exactly —
// the earlier image hands its list to the next through exec's environment (LTCAP_OWN_LOGS, naming the pid it holds
// for) — not guessed from file times against a wall clock that may step.
#pragma once

#include <sys/types.h>

#include <string>
#include <vector>

namespace ltcap {

class OwnLogs {
public:
    static constexpr char kVariable[] = "LTCAP_OWN_LOGS";

    // Takes over the list an earlier image of process `pid` passed (the variable's value); one for another pid (a
    // child that inherited the environment) is ignored.
    void Inherit(const char* value, pid_t pid);
    void Add(const std::string& path) { paths_.push_back(path); }
    const std::vector<std::string>& paths() const { return paths_; }

    // `path` when this process has not written it; else the first "NAME.N.EXT" (N from 2) no file has.
    std::string Fresh(const std::string& path) const;

    // "LTCAP_OWN_LOGS=<pid>\x1f<path>\x1f…" for the next image of process `pid`; empty when there is nothing to pass.
    std::string EnvironmentEntry(pid_t pid) const;
    // `envp` with `entry` in place of any earlier LTCAP_OWN_LOGS entry, built in `storage` (which must outlive the
    // result); `envp` itself when `entry` is empty.
    static char* const* WithEntry(char* const* envp, std::string& entry, std::vector<char*>& storage);

private:
    std::vector<std::string> paths_;
};

}  // namespace ltcap
