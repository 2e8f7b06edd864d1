/* A host that loads a tt-metal program late, as Python or a plugin system does: dlopen()s a shared object after
 * start-up and calls its `main`.
 *   dl_host [--global] [--twice] [--fork] [--none] LIBRARY
 * --global  RTLD_GLOBAL instead of RTLD_LOCAL
 * --twice   load, run, dlclose, then load and run again
 * --fork    fork first; the child loads and runs the library, the parent waits and passes on its status
 * --none    never load anything (the shim must stay idle)
 * Exits with the program's status (3 if the library cannot be loaded). */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static int run_once(const char* path, int flags) {
    void* handle = dlopen(path, RTLD_NOW | flags);
    if (!handle) {
        fprintf(stderr, "dl_host: %s\n", dlerror());
        return 3;
    }
    int (*entry)(void) = (int (*)(void))dlsym(handle, "main");
    if (!entry) {
        fprintf(stderr, "dl_host: %s has no main\n", path);
        return 3;
    }
    int status = entry();
    dlclose(handle);
    return status;
}

int main(int argc, char** argv) {
    int flags = RTLD_LOCAL, twice = 0, fork_first = 0, none = 0;
    const char* path = NULL;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--global")) flags = RTLD_GLOBAL;
        else if (!strcmp(argv[i], "--twice")) twice = 1;
        else if (!strcmp(argv[i], "--fork")) fork_first = 1;
        else if (!strcmp(argv[i], "--none")) none = 1;
        else path = argv[i];
    }
    if (none) return 0;
    if (!path) {
        fprintf(stderr, "usage: dl_host [--global] [--twice] [--fork] [--none] LIBRARY\n");
        return 2;
    }
    if (fork_first) {
        pid_t child = fork();
        if (child < 0) return 3;
        if (child > 0) {
            int status = 0;
            waitpid(child, &status, 0);
            return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
        }
        exit(run_once(path, flags)); /* exit, not _exit: stdio and the log are flushed as a program would */
    }
    int status = run_once(path, flags);
    if (status == 0 && twice) status = run_once(path, flags);
    return status;
}
