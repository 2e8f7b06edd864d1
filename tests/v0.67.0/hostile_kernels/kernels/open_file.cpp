// Tries to create a file on the machine that runs it (MARK: its path).
#include <fcntl.h>
#include <unistd.h>

void kernel_main() {
    const int fd = open(MARK, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd >= 0) (void)!write(fd, "kernel", 6);
}
