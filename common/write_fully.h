// Writing a whole buffer to a file descriptor: write(2) may write less than asked or be interrupted.
#pragma once

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstddef>
#include <cstring>
#include <string>

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

// Creates (or replaces) the file `path` holding [data, data + size). On failure: false, and `error` says why.
inline bool WriteFile(const std::string& path, const void* data, std::size_t size, std::string& error) {
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    bool ok = fd >= 0 && WriteFully(fd, data, size);
    const int saved = errno;
    if (fd >= 0 && ::close(fd) != 0 && ok) ok = false;
    if (!ok) error = "cannot write " + path + ": " + std::strerror(saved ? saved : errno);
    return ok;
}

}  // namespace ltcap
