// A folder a tool writes its output into (`ltcap extract DIR`, `ltcap export --blobs DIR`), which it never writes
// outside of: the file and folder names inside it come from a log, and what is already in DIR may be anything. Each
// name is walked one component at a time from DIR with openat(2) and O_NOFOLLOW, so a symbolic link already in DIR
// (to a file or to a folder elsewhere) or a file with another hard link is refused rather than written through.
// DIR itself is the user's choice and is taken as it is named (a link to a folder is followed there only).
#pragma once

#include <string>

namespace ltcap {

class OutputDir {
public:
    // Creates DIR and its missing parents. std::runtime_error saying why when it cannot.
    explicit OutputDir(const std::string& dir);
    ~OutputDir();
    OutputDir(const OutputDir&) = delete;
    OutputDir& operator=(const OutputDir&) = delete;

    // Opens `relative` (components separated by '/', none empty, ".", ".." or holding a NUL byte) for writing,
    // creating the folders on its way: emptied, or (`append`) positioned at its end. Returns the open descriptor
    // (the caller closes it). std::runtime_error naming the path when a component is a symbolic link, the file is
    // not a regular file or has another link, the name is not a plain relative one, or a system call fails.
    int Open(const std::string& relative, bool append = false) const;

    // Writes [data, data + size) as the whole file `relative`.
    void WriteFile(const std::string& relative, const void* data, std::size_t size) const;

    const std::string& path() const { return dir_; }

private:
    std::string dir_;
    int fd_ = -1;
};

}  // namespace ltcap
