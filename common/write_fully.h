// Writing a whole buffer to a file descriptor: write(2) may write less than asked or be interrupted.
#pragma once

#include <unistd.h>

#include <cerrno>
#include <cstddef>

namespace ltcap {

// Writes all of [data, data + size) to `fd`. False on failure, with errno saying why (0 if write(2) wrote nothing
// without an error).
inline bool WriteFully(int fd, const void* data, std::size_t size) {
    const char* p = static_cast<const char*>(data);
    while (size > 0) {
        const ssize_t n = ::write(fd, p, size);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            if (n == 0) errno = 0;
            return false;
        }
        p += n;
        size -= static_cast<std::size_t>(n);
    }
    return true;
}

}  // namespace ltcap
