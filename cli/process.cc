#include "cli/process.h"

#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>

namespace ltcap::cli {

pid_t Spawn(const char* who, const char* file, char* const argv[], bool search_path) {
    std::fflush(stdout);
    std::fflush(stderr);
    const pid_t pid = fork();
    if (pid != 0) return pid;
    std::signal(SIGINT, SIG_DFL);
    std::signal(SIGQUIT, SIG_DFL);
    search_path ? execvp(file, argv) : execv(file, argv);
    std::fprintf(stderr, "%s: cannot run %s: %s\n", who, file, std::strerror(errno));
    _exit(127);
}

int WaitFor(pid_t pid) {
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    return status;
}

int ExitCodeOf(int status) {
    if (WIFEXITED(status)) return WEXITSTATUS(status);
    if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
    return 1;
}

int RunAndWait(const char* who, const std::string& path, const std::vector<std::string>& args,
               const std::string& name) {
    std::vector<char*> argv{const_cast<char*>(name.empty() ? path.c_str() : name.c_str())};
    for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    const pid_t pid = Spawn(who, path.c_str(), argv.data(), /*search_path=*/false);
    return pid < 0 ? -1 : ExitCodeOf(WaitFor(pid));
}

}  // namespace ltcap::cli
