// exec: the new program replaces this one without running atexit handlers, so the open log is closed first (its
// end entry written and flushed). The new program is traced again if LD_PRELOAD still names the shim; its log
// gets a name of its own (Capture::OpenLog): the environment it gets names the logs this process wrote. If exec
// fails, this program goes on and so does its capture, in a
// new log that starts with a snapshot.
#include <dlfcn.h>
#include <unistd.h>

#include <cerrno>
#include <cstdarg>
#include <string>
#include <vector>

#include "interpose/capture.h"

namespace {

template <typename Fn>
Fn Real(const char* name) {
    return reinterpret_cast<Fn>(dlsym(RTLD_NEXT, name));
}

// Runs one exec function between closing and (if it returns, i.e. failed) reopening the log. `call(env)` execs with
// `envp` plus the entry that tells the next image which logs this process wrote (own_logs.h), so it never takes
// their names.
template <typename Call>
int AroundExec(char* const* envp, Call call) {
    ltcap::Capture::BeforeExec();
    std::string entry = ltcap::Capture::ExecEnvironmentEntry();
    std::vector<char*> storage;
    char* const* env = envp;
    try {
        env = ltcap::OwnLogs::WithEntry(envp, entry, storage);
    } catch (...) {  // no memory: exec as asked
    }
    const int result = call(env);
    const int saved = errno;
    ltcap::Capture::AfterFailedExec();
    errno = saved;
    return result;
}

std::vector<char*> CollectArgs(const char* first, va_list& ap, char*** envp) {
    std::vector<char*> args{const_cast<char*>(first)};
    while (char* a = va_arg(ap, char*)) args.push_back(a);
    args.push_back(nullptr);
    if (envp) *envp = va_arg(ap, char**);
    return args;
}

}  // namespace

extern "C" {
#pragma GCC visibility push(default)

int execve(const char* path, char* const argv[], char* const envp[]) {
    static const auto real = Real<int (*)(const char*, char* const[], char* const[])>("execve");
    return AroundExec(envp, [&](char* const* env) { return real(path, argv, env); });
}

// The forms that pass the process's own environment exec with it, through the forms that take one.
int execv(const char* path, char* const argv[]) {
    static const auto real = Real<int (*)(const char*, char* const[], char* const[])>("execve");
    return AroundExec(environ, [&](char* const* env) { return real(path, argv, env); });
}

int execvp(const char* file, char* const argv[]) {
    static const auto real = Real<int (*)(const char*, char* const[], char* const[])>("execvpe");
    return AroundExec(environ, [&](char* const* env) { return real(file, argv, env); });
}

int execvpe(const char* file, char* const argv[], char* const envp[]) {
    static const auto real = Real<int (*)(const char*, char* const[], char* const[])>("execvpe");
    return AroundExec(envp, [&](char* const* env) { return real(file, argv, env); });
}

int execl(const char* path, const char* arg, ...) {
    va_list ap;
    va_start(ap, arg);
    std::vector<char*> args = CollectArgs(arg, ap, nullptr);
    va_end(ap);
    return execv(path, args.data());
}

int execlp(const char* file, const char* arg, ...) {
    va_list ap;
    va_start(ap, arg);
    std::vector<char*> args = CollectArgs(arg, ap, nullptr);
    va_end(ap);
    return execvp(file, args.data());
}

int execle(const char* path, const char* arg, ...) {
    va_list ap;
    va_start(ap, arg);
    char** envp = nullptr;
    std::vector<char*> args = CollectArgs(arg, ap, &envp);
    va_end(ap);
    return execve(path, args.data(), envp);
}

#pragma GCC visibility pop
}
