// Tries to start a process of its own.
#include <unistd.h>

void kernel_main() {
    if (fork() == 0) _exit(0);
}
